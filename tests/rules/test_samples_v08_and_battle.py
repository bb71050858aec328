"""The 0.8 sample NPCs make a 0.8 fight on their own; the sample battle's groups
come from the sample characters (issue 16 item 6)."""

from __future__ import annotations

import random
from pathlib import Path

from yags_desk.rules.character import Character
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.derived import derive
from yags_desk.rules.quick_combat import run_battle
from yags_desk.rules.quick_template import quick_leader, quick_template
from yags_desk.rules.quick_values import Battle
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Combatant, encounter_log, new_encounter

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "sample_library"


def _char(stem: str) -> Character:
    model = read_document(SAMPLE / "characters" / f"{stem}.json", "character").model
    assert isinstance(model, Character)
    return model


V08_NPCS = ("bandit-08", "bandit-chief-08", "guard-08", "archer-08", "wolf-08")


def test_each_08_npc_derives_with_an_armed_style_and_0_8_numbers() -> None:
    for stem in V08_NPCS:
        c = _char(stem)
        assert c.edition == "0.8" and c.kind == "npc"
        d = derive(c)
        assert d.initiative is not None
        assert d.initiative.total == c.attr("intelligence") * 4  # RULES 2
        assert any(s.usable and s.weapons for s in d.styles), stem
    # The archer shoots: Dexterity 4 x Bow 5 + short bow attack.
    archer = derive(_char("archer-08"))
    bow = next(s for s in archer.styles if s.label.startswith("Bow"))
    assert bow.attack.total == 4 * 5 + 3
    # The wolf is smaller than a man: soak 11, Size 4.
    wolf = _char("wolf-08")
    assert derive(wolf).soak.total == 11 and wolf.attr("size") == 4


def test_a_08_encounter_from_the_samples_alone_plays_rounds() -> None:
    guards = [Combatant(id=f"guard-{i}", name=f"Guard {i}", side="Watch",
                        character=_char("guard-08")) for i in (1, 2)]
    archer = Combatant(id="archer", name="Archer", side="Watch", row=1,
                       character=_char("archer-08"))
    raiders = [Combatant(id="chief", name="Chief", side="Bandits",
                         character=_char("bandit-chief-08")),
               *(Combatant(id=f"bandit-{i}", name=f"Bandit {i}", side="Bandits",
                           character=_char("bandit-08"), minor=True) for i in (1, 2)),
               Combatant(id="wolf", name="Wolf", side="Bandits", character=_char("wolf-08"))]
    encounter = new_encounter("Toll road", "0.8", (*guards, archer, *raiders))
    log = encounter_log(encounter)
    rng = random.Random(11)
    for _ in range(3):
        for event in auto_round_v08(log.state, rng):
            log.push(event)
    assert log.state.round == 4
    hurt = [f for f in log.state.fighters.values() if f.wounds or f.stuns]
    assert hurt, "three rounds of a 0.8 fight from the samples hurt someone"


def test_the_sample_battle_groups_are_the_sample_characters_numbers() -> None:
    battle = read_document(SAMPLE / "battles" / "raid-on-the-mill.json", "battle").model
    assert isinstance(battle, Battle)
    groups = [g for side in battle.sides for g in side.groups]
    assert len(groups) == 5
    for group in groups:
        assert group.template, f"{group.name} names its character"
        template = quick_template(_char(group.template.removeprefix("sample-")), group.style)
        assert template.stats() == {
            "initiative": group.initiative, "attack": group.attack, "defence": group.defence,
            "damage": group.damage, "soak": group.soak}, group.name
    assert battle.sides[0].leader == quick_leader(_char("knight"))
    result = run_battle(battle, random.Random(3))
    assert result.winner in ("Mill guard", "Raiders")


def test_quick_template_picks_the_best_style_and_lends_a_bow_a_defence() -> None:
    guard = quick_template(_char("guard"))
    # Spear and shield: attack 13 + defence 17 beats every other style's sum.
    assert guard.style == "Weapon and shield: Spear + Round shield"
    assert guard.stats() == {"initiative": 16, "attack": 13, "defence": 17, "damage": 19,
                             "soak": 20}
    archer = quick_template(_char("archer"))
    assert archer.style == "Bow: Bow" and archer.defence_from == "Brawling: Knife"
    assert archer.defence.total == 8
    tip = archer.describe()
    assert "Defence from Archer (Brawling: Knife: Bow: Bow cannot defend)" in tip
    assert "= 25" in tip  # the bow's attack, part by part then the total
    spear = quick_template(_char("guard"), "Single weapon: Spear")
    assert spear.defence.total == 10


def test_quick_template_refuses_a_08_character_and_an_unknown_style() -> None:
    import pytest

    from yags_desk.rules.errors import RulesError

    with pytest.raises(RulesError, match="Bandit \\(0.8\\) is a 0.8 character"):
        quick_template(_char("bandit-08"))
    with pytest.raises(RulesError, match="style: Town guard has no usable style 'Lance'"):
        quick_template(_char("guard"), "Lance")


def test_a_08_sample_can_give_first_aid_and_a_carers_bonus() -> None:
    """Audit 16 item 10: from the samples alone, a 0.8 healing record can have first aid
    given and a carer's bonus added (combat-wounds.yags)."""
    from yags_desk.rules.healing import GameTime, HealingRecord, HealingStart
    from yags_desk.rules.healing.by_hand import carer_problem, v08_carer_for
    from yags_desk.rules.healing.v08_rolls import v08_first_aid, v08_weekly_healing

    carers = [c for stem in ("brenna", "kestrel", *V08_NPCS)
              if not carer_problem(c := _char(stem))]
    assert [c.name for c in carers] == ["Kestrel"]
    kestrel = carers[0]
    brenna = _char("brenna").model_copy(update={"wounds": 3})  # Medium (-6)
    record = HealingRecord(HealingStart(patient=brenna, at=GameTime(day=1)))
    # Intelligence 3 x First aid 2 = 6 + d20 15 = 21 against 10 + 6/2 = 13: stable.
    aid = v08_first_aid(record.state, GameTime(day=1), 15, "wounds", kestrel)  # type: ignore[arg-type]
    assert (aid.total, aid.target, aid.success) == (21, 13, True)
    record.push(aid)
    assert record.state.tended
    # A week later the weekly roll gains Kestrel's First aid score, 2.
    bonus = v08_carer_for(kestrel)
    assert bonus is not None and bonus.bonus == 2
    week = v08_weekly_healing(record.state, GameTime(day=8), 10, bonus)  # type: ignore[arg-type]
    assert week.carer is not None and week.carer.bonus == 2
