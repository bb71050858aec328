"""A death reaches the character file as a state the library shows, and the dead
are refused healing with the reason (issue 16; RULES 1.6, 1.10, RULES 2)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.rules.builders import classic
from yags_desk.rules.combat.events import SetCondition, Wound
from yags_desk.rules.healing import GameTime
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Combatant, new_encounter
from yags_desk.storage.healing_file import healed_character, new_healing_file, patient_records
from yags_desk.storage.library import Library
from yags_desk.storage.results import apply_results, plan_results


def _killed(library: Library) -> Path:
    """Aldric, killed in a fight, written to his file; returns the file."""
    aldric = classic("Aldric")
    path = library.save_character(aldric)
    encounter = new_encounter("Last stand", "classic", (
        Combatant(id="a", name="Aldric", side="pcs", character=aldric),))
    encounter = encounter.model_copy(update={"events": (
        Wound(id="a", levels=6), SetCondition(id="a", condition="dead"))})
    plan = plan_results(encounter, library)
    [result] = plan.changes
    assert "Dead: the file is marked dead (the dead do not heal)" in result.lines
    apply_results(plan.changes, library)
    return path


def test_a_death_in_the_fight_marks_the_file_and_the_library_shows_it() -> None:
    from yags_desk.qt.library.model import scan

    library = Library.open()
    path = _killed(library)
    model = read_document(path, "character").model
    assert model.dead  # type: ignore[attr-defined]
    entries = {e.label: e for group in scan(library).entries.values() for e in group}
    assert entries["Aldric"].detail.endswith(" · dead")
    assert "dead" in entries["Aldric"].tooltip


def test_the_dead_are_refused_healing_in_the_record_and_the_cli(
        capsys: pytest.CaptureFixture[str]) -> None:
    from yags_desk.cli import main

    library = Library.open()
    path = _killed(library)
    dead = read_document(path, "character").model
    with pytest.raises(ValueError, match="patients: Aldric is dead .* the dead do not heal"):
        new_healing_file("Healing", [(path, dead)])  # type: ignore[list-item]
    before = path.read_bytes()
    assert main(["heal", str(path), "--days", "3"]) == 1
    assert "Aldric is dead (so the character file says); the dead do not heal" in (
        capsys.readouterr().err)
    assert path.read_bytes() == before
    assert [r.id for _, r in library.load_healing_records().items] == [
        "sample-after-the-ford"]  # only the sample record


def test_dying_while_healing_marks_the_file_dead() -> None:
    alive = classic("Aldric", wounds=6)
    [record] = patient_records(new_healing_file("Healing", [(None, alive)], GameTime(day=1)))
    dead_state = replace(record.state, status="dead")
    after = healed_character(alive, dead_state)
    assert after.dead and "Died while healing" in after.notes
    assert not healed_character(alive, record.state).dead


def test_a_dead_carer_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from yags_desk.cli import main

    library = Library.open()
    carer = _killed(library)
    patient = library.save_character(classic("Bren", wounds=2))
    before = patient.read_bytes()
    assert main(["heal", str(patient), "--days", "2", "--carer", str(carer)]) == 1
    assert "--carer: Aldric is dead (so the character file says)" in capsys.readouterr().err
    assert patient.read_bytes() == before
