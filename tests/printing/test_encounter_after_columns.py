"""The encounter summary after a fight: its outcome tables' narrow columns read whole
on A4 and Letter, both editions (issue 16, layout leftovers item 3).

The sample encounters are played several rounds with long names, hit locations and
lasting conditions, printed through ``yags-desk print``, and read back with pdftotext.
Before: "left leg" at the end of one line and its "6" alone on the next, conditions
by their file names ("back_turned", "stunned (1 rounds)"), and "Hurt (+0)" where the
log says "Hurt".
"""

from __future__ import annotations

import html
import random
import re
import subprocess
from pathlib import Path

import pytest

from tests.printing.pdf import need_poppler, pages_text
from tests.printing.samples import SAMPLE
from yags_desk.cli import main
from yags_desk.printing.encounter_after import encounter_after
from yags_desk.rules.combat.events import Check, Effect, SetCondition, Wound
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.storage.documents import read_document, write_document
from yags_desk.storage.encounter_file import Encounter, encounter_log

pytestmark = need_poppler

LONG_NAMES = ("Bartholomew Featherstonehaugh-Cholmondeley", "Torvald Ironhand Grimsson",
              "Wulfstan Thistlethwaite of the Marsh", "Archibald Thoroughgood")


def played(name: str) -> Encounter:
    """The sample encounter ``name``, long names, hit locations, three rounds played
    and lasting conditions on everyone still alive."""
    enc = read_document(SAMPLE / "encounters" / f"{name}.json", "encounter").model
    assert isinstance(enc, Encounter)
    combatants = tuple(c.model_copy(update={"name": LONG_NAMES[i % len(LONG_NAMES)]
                                            + ("" if i < len(LONG_NAMES) else f" {i}")})
                       for i, c in enumerate(enc.combatants))
    options = enc.options.model_copy(update={"optional": ("hit_locations",)})
    enc = enc.model_copy(update={"combatants": combatants, "options": options})
    log: CombatLog = encounter_log(enc)
    rng = random.Random(3)
    for _ in range(3):
        events = (auto_round(log.state, rng)[0] if enc.edition == "classic"
                  else auto_round_v08(log.state, rng))
        for event in events:
            log.push(event)
    for f in list(log.state.fighters.values()):
        if f.dead:
            continue
        for event in (SetCondition(id=f.id, condition="stunned", rounds=1),
                      SetCondition(id=f.id, condition="back_turned"),
                      Check(id=f.id, kind="other", effects=(Effect(
                          target=f.id, kind="weapon_dropped", name="Two-handed sword"),))):
            log.push(event)
    if enc.edition == "classic":  # one fighter only Hurt (a level without a penalty)
        hurt = next(f for f in log.state.fighters.values() if not f.wounds)
        log.push(Wound(id=hurt.id, levels=1))
    return enc.model_copy(update={"events": log.events})


def words(text: str) -> set[str]:
    """The words of four letters or more, hyphens dropped: a line may break after
    "Two-" (pdftotext then joins the halves into "Twohanded"), never elsewhere."""
    return set(re.findall(r"[A-Za-z_]{4,}", re.sub(r"(?<=[A-Za-z])-(?=[A-Za-z])", "", text)))


def outcome_cell_words(enc: Encounter) -> set[str]:
    """The words of the outcome tables' cells."""
    doc = encounter_after(enc)
    outcome = doc[doc.index("Casualties"):doc.index("Options in use")]
    found: set[str] = set()
    for cell in re.findall(r"<td[^>]*>(.*?)</td>", outcome, re.S):
        found |= words(html.unescape(re.sub(r"<[^>]+>", " ", cell)))
    return found


@pytest.mark.parametrize("page", ["a4", "letter"])
@pytest.mark.parametrize("name", ["ford-ambush", "sparring"])
def test_the_outcome_columns_hold_their_words_and_numbers_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, page: str) -> None:
    enc = played(name)
    state = encounter_log(enc).state
    file = tmp_path / f"{name}.json"
    write_document(file, "encounter", enc)
    out = tmp_path / f"{name}.pdf"
    assert main(["print", str(file), "--kind", "encounter-after", "--page", page,
                 "--pdf", str(out)]) == 0, capsys.readouterr().err
    text = "\n".join(pages_text(out))
    outcome = text[text.index("Casualties"):text.index("Options in use")]
    # No word of those cells is broken across lines (pdftotext would give its halves).
    raw = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                         check=True).stdout
    raw = raw[raw.index("Casualties"):raw.index("Options in use")]
    missing = outcome_cell_words(enc) - words(raw)
    assert "Bartholomew" in outcome_cell_words(enc)  # (the check has words to check)
    assert missing == set(), missing
    # Each place of a hit location is on one line with its levels (wounds).
    placed = [(f.name, pair) for f in state.fighters.values() for pair in f.location_levels]
    assert placed
    for who, (place, levels) in placed:
        assert re.search(rf"\b{place.replace('_', ' ')} {levels}\b", outcome), (who, place)
    # Numbers with what they count; conditions named as on the board.
    assert "stunned (1 round)" in outcome and "rounds)" not in outcome
    assert "back turned" in outcome.replace("back\n", "back ") and "back_turned" not in outcome
    for f in state.fighters.values():
        if f.wounds:
            unit = ("level" if enc.edition == "classic" else "wound") + (
                "" if f.wounds == 1 else "s")
            assert f"{f.wounds} {unit}" in outcome, f.name
    if enc.edition == "classic":
        assert re.search(r"\bHurt, 1 level\b", outcome) and "(+0)" not in outcome
