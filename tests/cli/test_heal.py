"""``yags-desk heal FILE --days N [--carer FILE] [--seed N]`` (issue 16 item 3).

The expected numbers are worked out here from RULES 1.10 (classic) and RULES 2
with combat-wounds.yags (0.8); the dice are those the seed gives, checked first
so a change of dice is not mistaken for a change of rules.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from tests.rules.builders import classic, v08
from yags_desk.cli import main
from yags_desk.rules.character import Character
from yags_desk.rules.dice import roll_2d10x, roll_d20
from yags_desk.storage.documents import read_document, write_document
from yags_desk.storage.library import Library


def _save(tmp_path: Path, c: Character) -> Path:
    path = tmp_path / f"{c.name.lower()}.json"
    write_document(path, "character", c)
    return path


def _character(path: Path) -> Character:
    model = read_document(path, "character").model
    assert isinstance(model, Character)
    return model


def test_classic_serious_wound_with_a_carer_over_six_days(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(1)
    assert [roll_2d10x(rng).dice for _ in range(5)] == [(3, 10, 2), (5, 2), (8, 8), (8, 7),
                                                         (4, 2)]
    # Stamina 10; one box per category, so 4 wounds is Serious (RULES 1.6).
    patient = _save(tmp_path, classic("Aldric", wounds=4))
    # Intelligence and Dexterity 10.
    carer = _save(tmp_path, classic("Elin", skills={"First aid": 50, "Chirurgery": 40}))
    assert main(["heal", str(patient), "--days", "6", "--carer", str(carer), "--seed", "1",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    kinds = [e["kind"] for e in out["entries"]]
    assert kinds == ["first_aid", "recovery_roll", "recovery_end", "recovery_roll",
                     "recovery_end"]
    aid, serious, _, medium, _ = out["entries"]
    # First aid: 10 x 50% = 5 + dice 3+10+2 = 20 against Serious 20: tended.
    assert (aid["healer"], aid["total"], aid["target"], aid["success"]) == ("Elin", 20, 20, True)
    # Carer: Serious needs Chirurgery, 10 x 40% = 4 + dice 5+2 = 11, half is 5.
    # Patient: 10 + 5 + dice 8+8 = 31: the Serious 30+ column gives 3 days.
    assert (serious["carer"]["total"], serious["carer"]["bonus"]) == (11, 5)
    assert (serious["total"], serious["days"]) == (31, 3)
    # Day 4: Serious drops to Medium. Carer 4 + 8+7 = 19, half 9; patient
    # 10 + 9 + 4+2 = 25: the Medium 25+ column gives 2 days, ending day 6.
    assert (medium["at"], medium["carer"]["bonus"]) == ({"day": 4, "hour": 0}, 9)
    assert (medium["total"], medium["days"]) == (25, 2)
    # Day 6: Medium drops to Light; the Light check waits for the night's rest.
    assert out["wounds"] == 2 and out["condition"].startswith("Light")
    assert any("Light check due at day 7, 06:00" in d["text"] for d in out["due"])
    assert _character(patient).wounds == 2
    [(_, record)] = [(p, r) for p, r in Library.open().load_healing_records().items
                     if not r.id.startswith("sample-")]  # not the sample record
    assert record.patients[0].healing.entries[1].kind == "recovery_roll"
    assert [c.name for c in record.carers] == ["Elin"]


def test_0_8_untended_wounds_stabilise_then_heal_weekly(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(3)
    assert [roll_d20(rng) for _ in range(3)] == [8, 19, 18]
    patient = _save(tmp_path, v08("Brand", wounds=3))  # Health 3, Medium (-6), RULES 2
    assert main(["heal", str(patient), "--days", "14", "--seed", "3"]) == 0
    text = capsys.readouterr().out.splitlines()
    # No one has First aid: after an hour, Health 3 x 4 = 12 + 8 = 20 against 20 holds:
    # the wounds stabilise.
    assert text[1].startswith("  Day 1, 01:00: Health check (untended wounds) for Brand: "
                              "20 against 20")
    # A week later: 12 + 19 = 31 against 10 + 6/2 = 13 heals one wound (Light, -3).
    assert text[2].startswith("  Day 8, 01:00: Weekly healing for Brand: 31 against 13")
    # The next weekly roll (day 15, 01:00) is after day 15, 00:00.
    assert text[3] == "Now: Light (-3), stable."
    assert _character(patient).wounds == 2


def test_dry_run_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    patient = _save(tmp_path, v08("Brand", wounds=3))
    before = patient.read_bytes()
    assert main(["heal", str(patient), "--days", "14", "--seed", "3", "--dry-run"]) == 0
    assert "Dry run: nothing written." in capsys.readouterr().out
    assert patient.read_bytes() == before
    assert [r.id for _, r in Library.open().load_healing_records().items] == [
        "sample-after-the-ford"]  # only the sample record


@pytest.mark.parametrize(("extra", "message"), [
    (["--days", "0"], "--days: 0 is out of range"),
    (["--days", "2", "--carer", "OTHER"], "--carer: Brand is a 0.8 character; Aldric is "
                                          "classic"),
    (["--days", "2", "--carer", "SELF"], "--carer: Aldric is the patient"),
    # Audit 16 item 9: a carer who could add nothing is refused, naming them and why.
    (["--days", "2", "--carer", "WOLF"], "--carer: Wolf has neither First aid nor "
                                         "Chirurgery, so can give no first aid"),
])
def test_bad_options_are_refused_and_change_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
        message: str) -> None:
    patient = _save(tmp_path, classic("Aldric", wounds=2))
    other = _save(tmp_path, v08("Brand"))
    wolf = _save(tmp_path, classic("Wolf", skills={"Brawling": 80}))
    extra = [str(patient) if x == "SELF" else str(other) if x == "OTHER"
             else str(wolf) if x == "WOLF" else x for x in extra]
    before = patient.read_bytes()
    assert main(["heal", str(patient), *extra]) == 1
    assert message in capsys.readouterr().err
    assert patient.read_bytes() == before


def _records(name: str) -> list[tuple[Path, object]]:
    return [(p, r) for p, r in Library.open().load_healing_records().items
            if r.name == f"Healing of {name}"]


def test_a_second_run_continues_the_last_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Audit 16 item 5: heal --days 7, week after week, advances one recovery: no
    first aid again, the running recovery period kept, one record file."""
    rng = random.Random(5)
    assert [roll_2d10x(rng).dice for _ in range(3)] == [(10, 5, 6), (9, 1), (8, 4)]
    # Stamina 10; one box a category, so 5 wounds is Critical (RULES 1.6).
    patient = _save(tmp_path, classic("Torvald", wounds=5))
    carer = _save(tmp_path, classic("Elin", skills={"First aid": 50, "Chirurgery": 40}))
    assert main(["heal", str(patient), "--days", "7", "--carer", str(carer), "--seed", "5",
                 "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["continued"] is None
    assert [e["kind"] for e in first["entries"]] == ["first_aid", "recovery_roll"]
    # First aid 10 x 50% = 5 + 10+5+6 = 26 against Critical 20; the carer's Chirurgery
    # 10 x 40% = 4 + 9+1 = 14, half 7; patient 10 + 7 + 8+4 = 29: Critical 25+ is 20
    # days, ending day 21 (RULES 1.10).
    aid, roll = first["entries"]
    assert (aid["total"], aid["success"]) == (26, True)
    assert (roll["total"], roll["days"]) == (29, 20)
    [(path, _)] = _records("Torvald")
    # The second week: from day 8 where the first stopped; nothing is rolled again.
    assert main(["heal", str(patient), "--days", "7", "--carer", str(carer), "--seed", "6"]) == 0
    out = capsys.readouterr().out
    assert f"Continuing the healing record \u201cHealing of Torvald\u201d ({path})" in out
    assert "from day 8, 00:00 to day 15, 00:00" in out and "nothing falls due" in out
    assert "Recovery from Critical: 20 days, ends day 21, 00:00" in out
    # The third: the period ends on day 21 and the Serious roll follows.
    assert main(["heal", str(patient), "--days", "7", "--seed", "7", "--json"]) == 0
    third = json.loads(capsys.readouterr().out)
    assert third["continued"] == str(path) and third["from"] == "day 15, 00:00"
    assert [e["kind"] for e in third["entries"]][:2] == ["recovery_end", "recovery_roll"]
    assert third["entries"][0]["at"] == {"day": 21, "hour": 0}
    assert _character(patient).wounds == 4  # Critical healed to Serious
    [(again, record)] = _records("Torvald")
    assert again == path
    kinds = [e.kind for e in record.patients[0].healing.entries]  # type: ignore[attr-defined]
    assert kinds.count("first_aid") == 1 and kinds.count("recovery_roll") == 2


def test_a_file_changed_since_the_record_starts_a_new_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Re-audit 16 item 3: a record is continued only when it was the last thing to
    write the character file; after another fight a new record starts, saying why,
    and the old record is left as it was."""
    patient = _save(tmp_path, classic("Torvald", wounds=3))
    assert main(["heal", str(patient), "--days", "1", "--seed", "1"]) == 0
    capsys.readouterr()
    [(old_path, _)] = _records("Torvald")
    old_bytes = old_path.read_bytes()
    write_document(patient, "character",
                   _character(patient).model_copy(update={"wounds": 5}))  # another fight
    assert main(["heal", str(patient), "--days", "1", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] is None and out["from"] == "day 1, 00:00"
    assert f"({old_path}) was not the last to write {patient}" in out["not_continued"]
    # A fresh Critical wound, untended (no First aid, no carer): long-term fatigue for
    # every hour from day 1, 00:00 of the new record, 24 in the day (RULES 1.10).
    first = out["entries"][0]
    assert (first["kind"], first["hours"]) == ("untended_fatigue", 24)
    assert old_path.read_bytes() == old_bytes and len(_records("Torvald")) == 2


def test_a_fight_leaving_the_same_numbers_is_a_new_injury(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Re-audit 16 item 3: the numbers matching what the record left is not enough;
    a fight that writes the file again (same wounds) starts a new record."""
    patient = _save(tmp_path, classic("Torvald", wounds=5))  # Critical (RULES 1.6)
    carer = _save(tmp_path, classic("Elin", skills={"First aid": 50, "Chirurgery": 40}))
    # Seed 5: first aid tended, a 20-day recovery running (see the test above).
    assert main(["heal", str(patient), "--days", "7", "--carer", str(carer), "--seed",
                 "5"]) == 0
    capsys.readouterr()
    left = _character(patient)
    assert left.wounds == 5
    stat = patient.stat()
    write_document(patient, "character", left)  # the same numbers, written again
    os.utime(patient, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert main(["heal", str(patient), "--days", "1", "--carer", str(carer), "--seed", "1",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] is None and out["not_continued"]
    assert out["entries"][0]["kind"] == "first_aid"  # a new wound, not tended yet


def test_the_sample_record_is_not_continued_after_a_fresh_fight(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Re-audit 16 item 3: a fresh fight leaving Aldric at 2 wounds starts a new
    record (first aid for the Light wounds, RULES 1.10) and the shipped "After the
    ford: Aldric" is left as it was. (Since healing leftovers item 6 the sample heals
    him, as his file says: there is nothing in it to go on with.)"""
    library = Library.open()
    [(sample, _)] = [(p, r) for p, r in library.load_healing_records().items
                     if r.name == "After the ford: Aldric"]
    before = sample.read_bytes()
    [(aldric, c)] = [(p, c) for p, c in library.load_characters().items
                     if c.name == "Aldric of Thornbury"]
    write_document(aldric, "character", c.model_copy(update={"wounds": 2}))
    assert main(["heal", str(aldric), "--days", "3", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] is None and out["from"] == "day 1, 00:00"
    assert out["not_continued"] is None  # the sample left him unhurt: nothing to go on with
    assert out["entries"][0]["kind"] == "first_aid"
    assert sample.read_bytes() == before


def test_an_unhurt_character_gets_no_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    patient = _save(tmp_path, classic("Aldric"))
    before = patient.read_bytes()
    assert main(["heal", str(patient), "--days", "3"]) == 0
    assert "Aldric is unhurt" in capsys.readouterr().out
    assert _records("Aldric") == [] and patient.read_bytes() == before


def test_a_record_with_unsaved_window_changes_is_not_continued(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Re-audit 16 item 4: a record open in the window with steps not saved (its
    recovery copy exists) is never rewritten by the CLI: a new record starts."""
    patient = _save(tmp_path, classic("Torvald", wounds=3))
    assert main(["heal", str(patient), "--days", "1", "--seed", "1"]) == 0
    capsys.readouterr()
    [(path, record)] = _records("Torvald")
    before = path.read_bytes()
    library = Library.open()
    library.autosave(f"healing:{record.id}", "healing", record)  # type: ignore[attr-defined]
    assert main(["heal", str(patient), "--days", "1", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] is None and "changes not saved yet" in out["not_continued"]
    assert path.read_bytes() == before and len(_records("Torvald")) == 2
