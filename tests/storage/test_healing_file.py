"""The healing record as a library file kind (issue 16 item 2)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from pydantic import ValidationError

from tests.rules.builders import classic, v08
from yags_desk.rules.character import Character
from yags_desk.rules.healing import ClassicPatient, GameTime, HealingStart, first_aid, hurt_check
from yags_desk.rules.healing.patient import start_state
from yags_desk.storage.documents import DocumentError, read_document, write_document
from yags_desk.storage.healing_file import (
    HealingFile,
    healed_character,
    new_healing_file,
    patient_records,
    with_records,
)
from yags_desk.storage.healing_write import write_characters
from yags_desk.storage.library import Library
from yags_desk.storage.results import restore_files


def _library_with_patient() -> tuple[Library, tuple[Path, Character]]:
    library = Library.open()
    # Stamina 10, Dexterity 10 and First aid 50%: first aid base 10 x 50% = 5.
    aldric = classic("Aldric", skills={"First aid": 50}, wounds=1)  # one Hurt box
    path = library.save_character(aldric)
    return library, (path, aldric)


def test_a_record_is_saved_listed_read_back_and_written_into_the_character() -> None:
    library, (path, aldric) = _library_with_patient()
    record = new_healing_file("After the ford", [(path, aldric)])
    [healing] = patient_records(record)
    assert isinstance(healing.state, ClassicPatient)
    start = GameTime(day=1)
    # First aid on a Hurt wound: 5 + dice 6+5 = 16 against 10 (RULES 1.10) -> tended.
    healing.push(first_aid(healing.state, start, [6, 5]))
    # An hour later, stamina 10 + dice 4+3 = 17 against 15 -> healed (RULES 1.10).
    healing.push(hurt_check(healing.state, start.plus(hours=1), [4, 3]))
    assert healing.state.wounds == 0
    record = with_records(record, [healing])
    saved = library.save_healing_record(record)
    assert saved.parent == library.healing_dir

    listed = library.load_healing_records()
    assert (saved, "After the ford") in [(p, r.name) for p, r in listed.items]
    again = read_document(saved, "healing").model
    assert isinstance(again, HealingFile)
    assert [e.kind for e in again.patients[0].healing.entries] == ["first_aid", "hurt_check"]

    previous, missing = write_characters(again, patient_records(again), library)
    assert missing == []
    on_disk = read_document(path, "character").model
    assert on_disk.wounds == 0  # type: ignore[attr-defined]
    restore_files(previous)  # one undo puts the file back
    assert read_document(path, "character").model.wounds == 1  # type: ignore[attr-defined]


def test_a_roll_with_impossible_dice_is_refused_with_the_entry_named(tmp_path: Path) -> None:
    library, (path, aldric) = _library_with_patient()
    record = new_healing_file("After the ford", [(path, aldric)])
    [healing] = patient_records(record)
    assert isinstance(healing.state, ClassicPatient)
    healing.push(first_aid(healing.state, GameTime(day=1), [6, 5]))
    file = tmp_path / "bad.json"
    write_document(file, "healing", with_records(record, [healing]))
    doc = json.loads(file.read_text(encoding="utf-8"))
    # The hand-edited file claims an 11 on a d10.
    doc["data"]["patients"][0]["healing"]["entries"][0]["dice"] = [11, 5]
    file.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DocumentError) as refused:
        read_document(file, "healing")
    text = str(refused.value)
    assert "patients.0.healing.entries.0" in text and "dice" in text


def test_an_entry_the_rules_refuse_is_named_and_nothing_loads(tmp_path: Path) -> None:
    library, (path, aldric) = _library_with_patient()
    record = new_healing_file("After the ford", [(path, aldric)])
    [healing] = patient_records(record)
    assert isinstance(healing.state, ClassicPatient)
    healing.push(first_aid(healing.state, GameTime(day=1), [6, 5]))
    healing.push(hurt_check(healing.state, GameTime(day=1, hour=1), [1, 3]))
    file = tmp_path / "early.json"
    write_document(file, "healing", with_records(record, [healing]))
    doc = json.loads(file.read_text(encoding="utf-8"))
    doc["data"]["patients"][0]["healing"]["entries"][1]["at"] = {"day": 1, "hour": 0}
    file.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DocumentError) as refused:
        read_document(file, "healing")
    assert "patients.0.healing.entries.1: Hurt check: an hour's rest comes first" in str(
        refused.value)


def test_patients_of_another_edition_or_twice_are_refused_at_the_field() -> None:
    a, b = classic("Aldric"), v08("Brand")
    with pytest.raises(ValidationError) as mixed:
        new_healing_file("Mixed", [(None, a), (None, b)])
    assert "patients.1.healing.start.patient.edition" in str(mixed.value)
    with pytest.raises(ValidationError) as twice:
        new_healing_file("Twice", [(None, a), (None, a)])
    assert "patients.1.healing.start.patient.id" in str(twice.value)
    with pytest.raises(ValueError, match="patients: a healing record needs"):
        new_healing_file("Nobody", [])


def test_an_undone_death_takes_its_line_out_of_the_character_notes() -> None:
    # A death writes a dated line into the character's notes; undoing the roll
    # writes the patient back alive, and the file must not still say it died.
    aldric = classic("Aldric", wounds=1, notes="Brave.\nOwes Bren 5 crowns.")
    alive = start_state(HealingStart(patient=aldric, at=GameTime(day=1)))
    dead = healed_character(aldric, replace(alive, status="dead"))
    assert dead.notes == "Brave.\nOwes Bren 5 crowns.\nDied while healing (day 1, 00:00)."
    assert dead.dead
    back = healed_character(dead, alive)
    assert back.notes == "Brave.\nOwes Bren 5 crowns." and not back.dead
    assert healed_character(aldric, alive).notes == aldric.notes


def test_a_record_started_from_the_file_as_it_is_is_in_step_with_it() -> None:
    """Healing leftovers item 3: started from the file's numbers, the patient keeps the
    file's digest (heal may continue it); started from a fight's end the file does
    not hold (results not applied), it does not."""
    from yags_desk.storage.healing_write import file_digest, in_step_from_start, last_to_write

    library, (path, aldric) = _library_with_patient()
    record = in_step_from_start(new_healing_file("From the file", [(path, aldric)]), library)
    assert record.patients[0].wrote == file_digest(path)
    assert last_to_write(record.patients[0], path)
    worse = HealingStart(patient=aldric.model_copy(update={"wounds": 3}), at=GameTime(day=1),
                         status="unconscious")
    fight = in_step_from_start(new_healing_file("From the fight", [(path, worse)]), library)
    assert fight.patients[0].wrote == "" and not last_to_write(fight.patients[0], path)
