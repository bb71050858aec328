"""The library follows files changed by other programs (issue 13 item 4)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex

from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.library.watcher import LibraryWatcher
from yags_desk.storage.library import Library

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "sample_library"


def _listed(model: Any) -> set[str]:
    out: set[str] = set()
    todo = [QModelIndex()]
    while todo:
        parent = todo.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            out.add(str(index.data()))
            todo.append(index)
    return out


def test_a_file_added_outside_the_program_signals_once(qtbot: Any, home: Path) -> None:
    library = Library.open()
    watcher = LibraryWatcher(library)
    sub = library.characters_dir / "campaign"
    with qtbot.waitSignal(watcher.changed, timeout=5000):
        sub.mkdir()
    assert str(sub) in watcher.watched()  # a new subfolder is watched from then on
    with qtbot.waitSignal(watcher.changed, timeout=5000):
        shutil.copy(SAMPLES / "characters" / "wolf.json", sub / "wolf-2.json")
    assert str(sub / "wolf-2.json") in watcher.watched()


def test_the_dock_lists_files_added_and_removed_by_other_programs(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    qtbot.waitUntil(lambda: window.library_watcher is not None)
    library = window.library
    wolf = next(p for p in library.characters_dir.rglob("*.json") if "wolf" in p.name)
    text = wolf.read_text(encoding="utf-8").replace('"Wolf"', '"Dire wolf"')
    copy = library.characters_dir / "dire-wolf.json"
    text = text.replace('"id": "', '"id": "dire-', 1)
    copy.write_text(text, encoding="utf-8")
    qtbot.waitUntil(lambda: "Dire wolf" in _listed(window.library_dock.model), timeout=5000)
    copy.unlink()
    qtbot.waitUntil(lambda: "Dire wolf" not in _listed(window.library_dock.model),
                    timeout=5000)
