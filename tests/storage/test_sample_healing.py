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
                                                  "recovery_end"]
    # Serious (4 levels) to Medium on day 4, to Light (2 levels) on day 5 (RULES 1.10).
    assert healing.state.wounds == 2
    # The Light check waits for a night's rest: due on a later morning.
    assert any("Light check" in d.text
               for d in due(healing.state, GameTime(day=7)))
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
    assert len(view.records[0].entries) == 5
