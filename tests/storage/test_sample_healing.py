"""The sample healing record (issue 16 item 6): generated, copied into a new
library, listed, and opened in the healing view with its rolls and what is due."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from yags_desk.rules.healing import GameTime, due
from yags_desk.storage.healing_file import patient_records
from yags_desk.storage.library import Library

ROOT = Path(__file__).resolve().parents[2]


def test_sample_healing_matches_its_generator() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, str(ROOT / "packaging" / "make_sample_healing.py"),
                        "--check"], capture_output=True, text=True, cwd=ROOT, env=env)
    assert r.returncode == 0, r.stderr


def test_a_new_library_lists_the_sample_record_and_its_rolls_follow_the_rules() -> None:
    from yags_desk.qt.library.model import scan

    library = Library.open()
    [(_, record)] = library.load_healing_records().items
    assert record.name == "After the ford: Aldric"
    assert [c.name for c in record.carers] == ["Sister Elin"]
    [healing] = patient_records(record)
    assert [e.kind for e in healing.entries] == ["first_aid", "recovery_roll",
                                                  "recovery_end", "recovery_roll",
                                                  "recovery_end", "light_check"]
    # Serious (4 levels) to Medium on day 4, to Light (2 levels) on day 5; the Light
    # check waits for a night's rest: the morning of day 6 heals him (RULES 1.10).
    light = healing.entries[-1]
    assert (str(light.at), healing.state_before(5).wounds, healing.state.wounds) == (
        "day 6, 06:00", 2, 0)
    assert due(healing.state, GameTime(day=7)) == ()  # healed: nothing is due
    [entry] = scan(library).entries["healing"]
    assert entry.label == "After the ford: Aldric"


def test_the_sample_record_opens_in_the_healing_view(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.qt.shell.app_helpers import sample_window
    from yags_desk.qt.healing.view import HealingView
    from yags_desk.qt.library.model import scan

    window = sample_window(qtbot, monkeypatch)
    [entry] = scan(window.library).entries["healing"]
    view = window.open_entry(entry)
    assert isinstance(view, HealingView) and not view.is_modified()
    assert [r.state.name for r in view.records] == ["Aldric of Thornbury"]
    assert len(view.records[0].entries) == 6


def test_the_sample_record_ends_where_the_sample_characters_are() -> None:
    """Healing leftovers item 6: the sample Aldric's file said Unhurt while the sample
    record left him Light (-2). Every patient of every sample record ends with the
    numbers its sample character file holds, so a GM opening both sees one story."""
    from yags_desk.rules.character import Character
    from yags_desk.rules.tracks import classic_level
    from yags_desk.storage.documents import read_document
    from yags_desk.storage.healing_write import differences

    samples = ROOT / "resources" / "sample_library"
    files = sorted((samples / "healing").glob("*.json"))
    assert files
    for path in files:
        record = read_document(path, "healing").model
        for patient, healing in zip(record.patients, patient_records(record), strict=True):
            character = read_document(samples / "characters" / patient.file,
                                      "character").model
            assert isinstance(character, Character) and character.id == patient.character_id
            assert differences(character, healing.state) == (), path.name
    aldric = read_document(samples / "characters" / "aldric.json", "character").model
    assert classic_level(aldric.body_boxes, aldric.wounds)[0] == "Unhurt"
