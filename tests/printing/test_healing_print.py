"""Printed healing (issue 16): a healing record and the party after a fight, read
back from the PDF with pdftotext."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.printing.pdf import flat, need_poppler, page_count, pages_text
from tests.printing.test_builders import text_of
from tests.rules.builders import classic
from tests.storage.test_results import fight
from yags_desk.cli import main
from yags_desk.printing.healing import party_after
from yags_desk.rules.healing import ClassicPatient, GameTime, first_aid
from yags_desk.storage.documents import write_document
from yags_desk.storage.healing_file import new_healing_file, patient_records, with_records
from yags_desk.storage.library import Library

pytestmark = need_poppler


def _print(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> str:
    assert main(["print", *map(str, argv)]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_a_healing_record_prints_timeline_due_and_pencil_days(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    aldric = classic("Aldric", wounds=2)  # Light (RULES 1.6, one box a category)
    elin = classic("Elin", skills={"First aid": 50})
    record = new_healing_file("After the ford", [(None, aldric)], GameTime(day=1, hour=20),
                              carers=[(None, elin)])
    [healing] = patient_records(record)
    assert isinstance(healing.state, ClassicPatient)
    # Elin: Dexterity 10 x 50% = 5 + dice 6+5 = 16 against Light 15: tended (RULES 1.10).
    healing.push(first_aid(healing.state, GameTime(day=1, hour=20), [6, 5], elin))
    file = tmp_path / "healing.json"
    write_document(file, "healing", with_records(record, [healing]))
    out = tmp_path / "healing.pdf"
    assert _print(capsys, file, "--pdf", out).strip() == f"{out}: 1 page (healing)"
    text = flat(pages_text(out)[0])
    assert "After the ford" in text and "carers: Elin" in text
    assert "Elin gives first aid to Aldric's Light wounds: 16 against 15" in text
    # A Light wound heals with a stamina roll after a night's rest, tried again each
    # morning (RULES 1.10): due on day 2 at 06:00, then a pencil row each morning.
    assert "Light check due at day 2, 06:00" in text
    for day in range(2, 9):
        assert f"Day {day} Aldric Light check 06:00" in text
    assert "\u2610" in text  # the boxes to tick


def test_the_party_after_a_fight_is_one_page_of_player_characters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    encounter = fight(Library.open())
    file = tmp_path / "ambush.json"
    write_document(file, "encounter", encounter)
    out = tmp_path / "party.pdf"
    assert _print(capsys, file, "--kind", "party", "--pdf", out).strip() == \
        f"{out}: 1 page (party)"
    assert page_count(out) == 1
    text = flat(pages_text(out)[0])
    # Aldric took 3 levels (Medium) and 1 short + 1 long fatigue; the Stranger 1 (Hurt).
    # First aid: against 15 for Medium, 10 for Hurt (RULES 1.10).
    for words in ("Aldric", "Medium (-4)", "against 15", "Stranger", "Hurt (+0)",
                  "against 10"):
        assert words in text
    assert "Varn" not in text and "Mook" not in text  # NPCs are not the party
    html = text_of(party_after(encounter))  # the same page, unwrapped
    assert ("Aldric standing Medium (-4), untended, fatigue 1 short + 1 long (wounds 3, "
            "fatigue 1 short + 1 long) First aid for Medium wounds") in html
    assert "Stranger standing Hurt (+0), untended (wounds 1," in html


def test_party_is_refused_for_a_healing_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = new_healing_file("After the ford", [(None, classic("Aldric", wounds=2))])
    file = tmp_path / "healing.json"
    write_document(file, "healing", record)
    assert main(["print", str(file), "--kind", "party", "--pdf",
                 str(tmp_path / "x.pdf")]) == 1
    assert "a healing file; --kind party prints a encounter file" in capsys.readouterr().err


def test_the_party_page_names_who_of_the_party_can_give_first_aid(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Healing leftovers item 5: with the sample party, Aldric lies unconscious at Fatal
    and cannot tend himself; Sister Elin (First aid 125%) and Mira (50%) stand by. The
    page said "nobody else here can give it": it looked at each patient alone."""
    from tests.printing.samples import roster, sample_party
    from yags_desk.rules.combat.events import SetCondition, Wound
    from yags_desk.storage.encounter_file import new_encounter

    party = sample_party()  # Aldric, Elin, Mira, Torvald: pc-0 ... pc-3
    encounter = new_encounter("Ford", "classic", roster(party, {"bandit": 1}))
    events = (Wound(id="pc-0", levels=6), SetCondition(id="pc-0", condition="unconscious"),
              Wound(id="pc-3", levels=2))  # Aldric Fatal (RULES 1.6); Torvald Light
    encounter = encounter.model_copy(update={"events": events})
    html = text_of(party_after(encounter))
    assert "nobody else here can give it" not in html
    # Elin adds Dexterity 12 x 125% = 15, Mira 13 x 50% = 6: Elin gives it, against
    # 25 for Fatal and 15 for Light (RULES 1.10). Torvald has no First aid himself.
    assert "First aid for Fatal wounds, by Sister Elin: Dexterity × First aid% + 2d10! " \
           "against 25" in html
    assert "First aid for Light wounds, by Sister Elin:" in html
    file = tmp_path / "ford.json"
    write_document(file, "encounter", encounter)
    out = tmp_path / "party.pdf"
    _print(capsys, file, "--kind", "party", "--pdf", out)
    text = flat(pages_text(out)[0])
    assert "by Sister Elin" in text and "nobody else" not in text


def test_the_party_page_still_says_so_when_nobody_awake_has_first_aid() -> None:
    from tests.printing.samples import roster, sample
    from yags_desk.rules.combat.events import SetCondition, Wound
    from yags_desk.storage.encounter_file import new_encounter

    # Torvald (no First aid) Light; Elin, the only first aider, knocked out.
    party = [sample("torvald"), sample("elin")]
    encounter = new_encounter("Ford", "classic", roster(party, {}))
    encounter = encounter.model_copy(update={"events": (
        Wound(id="pc-0", levels=2), Wound(id="pc-1", levels=3),
        SetCondition(id="pc-1", condition="unconscious"))})
    html = text_of(party_after(encounter))
    assert ("needs a carer with First aid: Torvald Ironhand has no First aid to tend their "
            "own wounds, and nobody else here can give it") in html
