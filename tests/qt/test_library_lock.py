"""Two copies on one library: the second opens read-only and says so (issue 12, item 13).

The first copy is a real second process holding the library's lock through
the same code the application uses.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.qt.shell.app_helpers import answer_questions
from yags_desk.qt.character.editor import CharacterEditor
from yags_desk.qt.shell import app as app_module
from yags_desk.qt.shell.library_lock import LOCK_NAME
from yags_desk.qt.shell.main_window import READ_ONLY_STATUS, MainWindow
from yags_desk.storage.library import Library

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import sys
from PySide6.QtCore import QCoreApplication
from yags_desk.qt.shell.library_lock import lock_library
from yags_desk.storage.library import Library
app = QCoreApplication([])
lock = lock_library(Library.open(read_only_ok=True))
print("locked" if lock is not None else "not locked", flush=True)
sys.stdin.read()  # hold the lock until the test closes stdin (or kills us)
"""


@pytest.fixture
def holder(home: Path) -> Iterator[subprocess.Popen[str]]:
    """Another running copy holding the library's lock."""
    Library.open(home)
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    process = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=ROOT, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "locked"
    yield process
    if process.poll() is None:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=60)


def start(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    answer_questions(monkeypatch)
    _app, window = app_module.create()
    qtbot.addWidget(window)
    window.show()  # the library is listed once the window has painted
    qtbot.waitUntil(lambda: window.is_ready() and bool(window.library_dock.last_scan.entries),
                    timeout=30_000)
    return window


def test_second_copy_opens_read_only_and_refuses_saves(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, home: Path,
        holder: subprocess.Popen[str]) -> None:
    window = start(qtbot, monkeypatch)
    try:
        assert window.library_lock is None
        assert window.windowTitle() == "YAGS Desk (read-only)"
        reason = window.library.read_only
        assert reason.startswith(f"Another copy of YAGS Desk (process {holder.pid} on ")
        assert f"has the library {home} open, so this window is read-only" in reason
        shown: list[str] = []
        monkeypatch.setattr("PySide6.QtWidgets.QMessageBox.information",
                            lambda _p, title, text, *a, **k: shown.append(f"{title}|{text}"))
        window.show_read_only_notice()
        assert shown and shown[0].startswith(f"Library opened read-only|{reason}")
        path = (home / "characters" / "aldric.json").resolve()
        before = path.read_bytes()
        editor = window.open_character(path)
        assert isinstance(editor, CharacterEditor)
        editor.form.attribute_spins["will"].setValue(3)
        assert window.save_document() is False
        assert path.read_bytes() == before
        assert window.statusBar().currentMessage() == READ_ONLY_STATUS
        assert reason in editor.form.message_bar.text()
        assert window.library_status.toolTip() == reason
        assert window.autosave_all() == 0
        assert not list((home / "autosave").iterdir())
    finally:
        window.library.set_read_only("")


def test_a_dead_copys_lock_is_taken_over(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, home: Path,
        holder: subprocess.Popen[str]) -> None:
    assert (home / LOCK_NAME).exists()
    holder.send_signal(signal.SIGKILL)  # crashed: its lock file stays behind
    holder.wait(timeout=60)
    assert (home / LOCK_NAME).exists()
    window = start(qtbot, monkeypatch)
    assert window.library.read_only == ""
    assert window.library_lock is not None and window.library_lock.isLocked()
    assert window.windowTitle() == "YAGS Desk"
    assert (home / LOCK_NAME).read_text().split()[0] == str(os.getpid())
    window.close()
    assert not (home / LOCK_NAME).exists()  # released when the window closes
