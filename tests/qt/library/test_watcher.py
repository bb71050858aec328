"""The library follows files changed by other programs (issue 13 item 4).

These tests watch a real folder. In the test process, once another test has
run the application's own event loop (``app.run``), Qt no longer delivers
file-system notifications to later watchers, so each test here runs in a fresh
process of its own (as the program always does) and this process checks that it
passed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.qt.library.listing import listed
from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.library.watcher import LibraryWatcher
from yags_desk.storage.library import Library

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "resources" / "sample_library"


def _in_own_process(name: str) -> bool:
    """True in the child; in the parent, run the test ``name`` in a child and check it."""
    if os.environ.get("YAGS_WATCHER_CHILD") == name:
        return True
    env = dict(os.environ, YAGS_WATCHER_CHILD=name, QT_QPA_PLATFORM="offscreen")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          f"{__file__}::{name}"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "1 passed" in run.stdout
    return False


def test_a_file_added_outside_the_program_signals_once(qtbot: Any, home: Path) -> None:
    if not _in_own_process("test_a_file_added_outside_the_program_signals_once"):
        return
    library = Library.open()
    watcher = LibraryWatcher(library)
    try:
        sub = library.characters_dir / "campaign"
        with qtbot.waitSignal(watcher.changed, timeout=5000):
            sub.mkdir()
        assert str(sub) in watcher.watched()  # a new subfolder is watched from then on
        with qtbot.waitSignal(watcher.changed, timeout=5000):
            shutil.copy(SAMPLES / "characters" / "wolf.json", sub / "wolf-2.json")
        assert str(sub / "wolf-2.json") in watcher.watched()
    finally:
        watcher.close()
    assert watcher.watched() == set()


def test_the_dock_lists_files_added_and_removed_by_other_programs(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    if not _in_own_process("test_the_dock_lists_files_added_and_removed_by_other_programs"):
        return
    window = sample_window(qtbot, monkeypatch)
    qtbot.waitUntil(lambda: window.library_watcher is not None)
    library = window.library
    wolf = next(p for p in library.characters_dir.rglob("*.json") if "wolf" in p.name)
    text = wolf.read_text(encoding="utf-8").replace('"Wolf"', '"Dire wolf"')
    copy = library.characters_dir / "dire-wolf.json"
    text = text.replace('"id": "', '"id": "dire-', 1)
    copy.write_text(text, encoding="utf-8")
    qtbot.waitUntil(lambda: "Dire wolf" in listed(window.library_dock.model), timeout=5000)
    copy.unlink()
    qtbot.waitUntil(lambda: "Dire wolf" not in listed(window.library_dock.model),
                    timeout=5000)
    window.close()  # closing the window gives its watch back
    assert window.library_watcher is None
