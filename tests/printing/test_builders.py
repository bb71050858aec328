"""The HTML of printed documents, checked without Qt: what goes on the page."""

from __future__ import annotations

import html
import json
import random
import re
import subprocess
import sys

import pytest

from tests.printing.samples import SAMPLE, play, sample, sample_encounter, sample_party
from tests.rules.builders import ROUND_SHIELD, classic, classic_weapon
from yags_desk.printing import (
    battle_report,
    character_sheets,
    encounter_after,
    encounter_before,
    npc_blocks,
)
from yags_desk.printing.encounter_after import rounds_fought
from yags_desk.printing.procedure import ROUND_STEPS, options_lines
from yags_desk.printing.style import BOX, BOX_TICKED
from yags_desk.rules.combat.checks_classic import DYING_FUMBLE, DYING_TARGET, resolve_check
from yags_desk.rules.combat.events import SetCondition, SetOption
from yags_desk.rules.combat.state import Pending
from yags_desk.rules.derived import derive
from yags_desk.rules.dice import open_roll_from_typed
from yags_desk.rules.options import OPTIONAL_RULES, RulesOptions
from yags_desk.rules.quick_combat import run_battle
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import encounter_log


def text_of(doc: str) -> str:
    """The visible text: tags dropped, entities decoded, spaces collapsed."""
    body = doc.split("<body>", 1)[1]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_printing_builders_import_no_qt() -> None:
    code = ("import json, sys, yags_desk.printing, yags_desk.printing.parts\n"
            "print(json.dumps(sorted(k for k in sys.modules if k.startswith('PySide6'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout) == []


def test_sheet_shows_the_derived_numbers_of_every_style() -> None:
    aldric = sample("aldric")
    d = derive(aldric)
    text = text_of(character_sheets([aldric]))
    assert "Aldric of Thornbury" in text and "Player: Sam" in text
    assert d.soak.total == 23  # Strength 14 + chain mail (half) 9 (RULES 1.4)
    for s in d.styles:
        assert s.initiative is not None and s.defence is not None
        numbers = f"{s.label} {s.skill_value}% {s.initiative.total} {s.attack.total} " \
                  f"{s.defence.total} {s.damage.total}"
        assert numbers in text
    # Worked numbers: weapon and shield with long sword and round shield (RULES 1.2).
    assert "Weapon and shield: Long sword + Round shield 125% 21 23 28 23" in text
    # RULES 1.6: knocked down by a damage roll over 2 x Strength 14 + Agility 12.
    # Load 12 of allowance 14 (RULES 1.4): no penalty.
    assert "Soak Load Load penalty Knocked down over 23 12 / 14 +0 40" in text


def test_sheet_tracks_have_a_box_per_body_level_and_fatigue_level() -> None:
    wolf = sample("wolf").model_copy(update={"body_boxes": (2, 2, 1, 1, 1, 1)})
    doc = character_sheets([wolf])
    assert doc.count(BOX) == 8 + 6  # creatures may have more boxes per category (RULES 1.6)
    hurt = classic("Hurt", wounds=3, fatigue_short=1)
    doc = character_sheets([hurt])
    assert doc.count(BOX_TICKED) == 4 and doc.count(BOX) == 12 - 4
    assert "Carried into play: wounds Medium (−4)" in text_of(doc)


def test_sheet_of_08_character_has_wound_stun_and_fatigue_tracks() -> None:
    brenna = sample("brenna")
    d = derive(brenna)
    text = text_of(character_sheets([brenna]))
    assert d.initiative is not None and d.move is not None
    assert f"{d.initiative.total} + d20" in text and str(d.move.total) in text
    assert "Minor +0 Light −3 Medium −6 Heavy −10 Critical −15 Fatal −25" in text
    # Fatigue boxes: as many as Health [decision of the combat engine].
    assert character_sheets([brenna]).count(BOX) == 6 + 6 + brenna.attributes["health"]
    old = text_of(character_sheets([brenna], RulesOptions(v08_old_wound_penalties=True)))
    assert "Light −5 Medium −10 Heavy −15 Critical −25" in old


def test_blank_sheet_leaves_derived_numbers_out_but_keeps_attributes() -> None:
    aldric = sample("aldric")
    text = text_of(character_sheets([aldric], blank=True))
    assert "Weapon and shield: Long sword + Round shield 125% Notes" not in text
    assert re.search(r"Weapon and shield: Long sword \+ Round shield 125%\s+Weapon", text)
    assert "23 28 23" not in text and "Soak: 14 from" not in text
    assert "14 13 12 13 11 10 10 12" in text  # the attributes are data, not derived


def test_user_text_is_escaped() -> None:
    c = classic("<b>Evil</b> & Co", notes="line one\n<script>x</script>")
    doc = character_sheets([c])
    assert "<b>Evil</b>" not in doc and "&lt;b&gt;Evil&lt;/b&gt; &amp; Co" in doc
    assert "<script>" not in doc
    assert "<title>&lt;b&gt;Evil&lt;/b&gt; &amp; Co</title>" in doc


def test_no_characters_is_refused() -> None:
    with pytest.raises(ValueError, match="characters"):
        character_sheets([])
    with pytest.raises(ValueError, match="per_page"):
        npc_blocks([classic()], per_page=0)


def test_npc_blocks_break_pages_every_per_page_blocks() -> None:
    npcs = [sample(n) for n in ("archer", "bandit", "berserker", "guard", "knight", "wolf")]
    doc = npc_blocks(npcs * 2, per_page=4)
    assert doc.count("page-break-before: always") == 2  # 12 blocks: pages of 4, 4, 4
    text = text_of(doc)
    berserker = derive(sample("berserker"))
    assert berserker.berserk is not None
    assert f"Berserk roll {berserker.berserk.total} + 2d10!" in text


def test_npc_block_notes_are_shortened() -> None:
    long_note = "word " * 200
    text = text_of(npc_blocks([classic("Chatty", notes=long_note)]))
    assert "…" in text and text.count("word") < 80


def test_encounter_before_groups_by_side_and_lists_the_options() -> None:
    enc = sample_encounter()
    text = text_of(encounter_before(enc))
    party, raiders = text.index("Side: Party (4)"), text.index("Side: Raiders (4)")
    assert party < raiders
    assert "Hit locations (see Help ▸ Rules reference, §3.2)" in text
    assert "Surprise in the first round" in text
    assert "Battle board rows" not in text
    # Copies of one NPC share a stat block; each still has its row of boxes.
    assert "Bandit ×3" in text
    for name in ("Bandit 1", "Bandit 2", "Bandit 3", "Wolf", "Aldric of Thornbury"):
        assert name in text
    assert "(minor)" in text
    # The classic round in brief (RULES 1.5): initiative every round with 2d10!.
    assert "Initiative, new every round" in text and "2d10!" in text


def test_encounter_before_of_08_reminds_the_08_round() -> None:
    enc = sample_encounter().model_copy(update={"edition": "0.8", "combatants": ()})
    text = text_of(encounter_before(enc))
    assert "Intelligence × 4 + d20" in text and "No combatants yet." in text


def test_every_edition_has_a_round_reminder_and_options_read_plainly() -> None:
    assert set(ROUND_STEPS) == {"classic", "0.8"}
    opts = RulesOptions(optional=tuple(OPTIONAL_RULES), classic_fumble_chance=5,
                        minor_npcs_drop_at_critical=True)
    lines = options_lines(opts, "classic")
    assert len(lines) == len(OPTIONAL_RULES) + 2
    assert "Fumble chance 5 (poor conditions, RULES 1.1)" in lines
    assert options_lines(RulesOptions(), "classic") == []
    rows = RulesOptions(optional=("board_rows",), board_metres_per_row=3, board_rows_per_move=2)
    assert options_lines(rows, "classic") == [
        "Battle board rows, reach and out-of-range strikes (RULES 3.1)",
        "A board row is 3 m (RULES 3.1)", "2 rows per move (RULES 3.1)"]
    assert options_lines(rows, "0.8")[1:] == ["A board row is 3 m (RULES 3.1)"]
    assert options_lines(RulesOptions(v08_old_wound_penalties=True), "0.8") == [
        "Older wound and stun penalties −5, −10, −15, −25 (RULES 2)"]


def test_encounter_after_shows_casualties_rounds_and_every_event() -> None:
    enc = sample_encounter(rounds=4)
    log = encounter_log(enc)
    ended, going = rounds_fought(log)
    assert (ended, going) == (4, False)
    dead = [f.name for f in log.state.fighters.values() if f.dead]
    out = [f.name for f in log.state.fighters.values() if f.has("unconscious") and not f.dead]
    assert dead and out  # the seed gives both kinds of casualty
    text = text_of(encounter_after(enc))
    assert f"4 rounds fought · {len(log.events)} events" in text
    casualties = text[text.index("Casualties"):text.index("Options in use")]
    for name in dead + out:
        assert name in casualties
    for i in range(len(log.events)):
        assert f" {i + 1} " in text
    assert "Round 4 ends." in text


def test_encounter_after_lists_the_dead_as_dead_only() -> None:
    # Issue 12: a fighter who died of a dying roll was also listed as "dying".
    enc = sample_encounter(rounds=0)
    log = encounter_log(enc)
    fid = next(f.id for f in log.state.fighters.values() if f.character.kind == "npc")
    name = log.state.fighter(fid).name
    log.push(SetCondition(id=fid, condition="unconscious"))
    log.push(SetCondition(id=fid, condition="dying"))
    pending = Pending(fid, "dying", DYING_TARGET, DYING_FUMBLE)
    log.push(resolve_check(log.state, pending, open_roll_from_typed((1, 1))))
    assert log.state.fighter(fid).dead
    text = text_of(encounter_after(enc.model_copy(update={"events": log.events})))
    outcome = text[text.index("Casualties"):text.index("Options in use")]
    row_text = outcome[outcome.index(f"{name} dead"):]
    others = [f.name for f in log.state.fighters.values() if f.id != fid]
    row_text = row_text[:min((i for i in (row_text.find(o) for o in [*others, "Options"])
                              if i > 0), default=len(row_text))]
    assert "dying" not in row_text and "unconscious" not in row_text


def test_encounter_after_during_the_round() -> None:
    enc = sample_encounter(rounds=1)
    enc = enc.model_copy(update={"events": enc.events[:-1]})  # before its EndRound
    text = text_of(encounter_after(enc))
    assert "0 rounds fought; round 1 under way" in text


def test_battle_report_shows_forces_quick_values_and_losses_per_turn() -> None:
    battle = read_document(SAMPLE / "battles" / "border-skirmish.json", "battle").model
    result = run_battle(battle, random.Random(3))
    text = text_of(battle_report(result, seed=3))
    assert "seed 3" in text and "Warden Elsbet" in text and "Black Tam" in text
    for turn in result.turns:
        cells = " ".join(f"−{turn.losses[g]} ({turn.remaining[g]})" if turn.losses[g]
                         else f"0 ({turn.remaining[g]})" for g in result.remaining)
        assert f"{turn.turn} {cells}" in text
    assert result.describe()[-1] in text


def test_party_sheets_one_section_per_character() -> None:
    party = sample_party()
    doc = character_sheets(party)
    assert doc.count("page-break-before: always") == len(party) - 1
    assert all(html.escape(c.name) in doc for c in party)


def test_build_dispatches_and_refuses_mismatches() -> None:
    from yags_desk import cli
    from yags_desk.printing import KINDS, build, default_kind

    assert cli.PRINT_KINDS == KINDS
    wolf, enc = sample("wolf"), sample_encounter()
    assert default_kind(wolf) == "sheet"
    assert default_kind(enc) == "encounter-before"
    assert default_kind(sample_encounter(rounds=1)) == "encounter-after"
    assert "Side: Party" in text_of(build("encounter-before", [enc]))
    assert "Bow: Bow" in text_of(build("npc", [sample("archer")]))
    with pytest.raises(ValueError, match="kind: battle prints a battle, not a character"):
        build("battle", [wolf])
    with pytest.raises(ValueError, match="blank"):
        build("encounter-after", [enc], blank=True)
    with pytest.raises(ValueError, match="one encounter at a time"):
        build("encounter-after", [enc, enc])
    with pytest.raises(ValueError, match="kind: 'poster'"):
        build("poster", [wolf])
    battle = read_document(SAMPLE / "battles" / "border-skirmish.json", "battle").model
    assert build("battle", [battle], seed=5) == build("battle", [battle], seed=5)


def test_encounter_after_lists_the_options_in_force_and_when_each_changed() -> None:
    """Issue 14: options switched mid-fight are printed with their round; the list
    of options in use is the one at the end, not the file's starting one."""
    enc = sample_encounter(rounds=1)
    log = encounter_log(enc)
    log.push(SetOption(option="hit_locations", value=False, reason="too slow"))
    log.push(SetOption(option="classic_fumble_chance", value=5))
    enc = play(enc.model_copy(update={"events": log.events}), 1)
    text = text_of(encounter_after(enc))
    options = text[text.index("Options in use"):text.index("Combat log")]
    assert "Hit locations" not in options.split("At the start")[0].split("In force at the end")[1]
    assert "Fumble chance 5 (poor conditions" in options
    start = options[options.index("At the start"):options.index("Changed during")]
    assert "Surprise in the first round" in start and "Hit locations" in start
    assert "From round 2: hit locations off (too slow)." in options
    assert "From round 2: fumble chance 5 (was 3)." in options
    plain = text_of(encounter_after(sample_encounter(rounds=1)))
    assert "No option was changed during the fight." in plain


def test_a_printout_carries_only_the_style_rules_its_classes_need() -> None:
    """Issue 18: Qt tries every class rule on every element, so a rule for a class
    the document never uses is left out (it could match nothing); the rules for
    the classes it uses stay, in their order."""
    def style(doc: str) -> str:
        m = re.search(r"<style>(.*?)</style>", doc, re.DOTALL)
        assert m is not None
        return m.group(1)

    summary = style(encounter_after(sample_encounter(rounds=3)))
    assert "crowded" not in summary and "table.npc" not in summary
    assert ".boxes" not in summary and ".sboxes" not in summary
    assert summary.index("table.grid {") < summary.index("table.grid th") \
        < summary.index("table.grid td")
    assert ".num {" in summary and "body {" in summary and "h2 {" in summary

    crowded = classic("Crowded", skills={"Single weapon": 100, "Weapon and shield": 100},
                      weapons=tuple(classic_weapon(f"Sword {i}", 6, 5, 5, 9, 12, 4, "single")
                                    for i in range(7)), shield=ROUND_SHIELD)
    sheet = character_sheets([crowded])
    assert 'class="crowded"' in sheet and "div.crowded td" in style(sheet)
