"""The window's start imports only what its first paint needs (issue 18 item 3).

Each check runs in a fresh Python process, so modules other tests imported do
not hide a heavy import on the start-up path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# The combat engine (replaying a fight) and what only it uses.
ENGINE = ("yags_desk.rules.combat.log", "yags_desk.rules.combat.reducer",
          "yags_desk.rules.combat.state", "yags_desk.rules.odds", "yags_desk.rules.derived")
# Rooms of the window that the start page and the library do not show.
ROOMS = ("yags_desk.qt.battle.board", "yags_desk.qt.character", "yags_desk.qt.catalogue",
         "yags_desk.qt.printing", "yags_desk.printing", "yags_desk.qt.forms")


def _modules_after(code: str, home: Path) -> list[str]:
    """The ``yags_desk`` modules loaded once ``code`` has run in a new process."""
    script = (code + "\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules "
              "if m.startswith('yags_desk'))))\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YAGS_DESK_HOME=str(home),
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_importing_the_main_window_loads_no_combat_rules_nor_encounter_model(
        home: Path) -> None:
    loaded = _modules_after("import yags_desk.qt.shell.main_window", home)
    assert "yags_desk.qt.shell.main_window" in loaded  # the probe did run
    assert [m for m in loaded if m.startswith("yags_desk.rules.combat")] == []
    assert "yags_desk.storage.encounter_file" not in loaded
    assert not set(ENGINE) & set(loaded)
    assert [m for m in loaded if m.startswith(ROOMS)] == []


# What reading documents needs: after the first paint, never before it.
READING = ("pydantic", "yags_desk.rules.character", "yags_desk.rules.items",
           "yags_desk.storage.encounter_file", "yags_desk.rules.quick_combat")
# Not needed to show the window either: the dice roller (until a roll), OpenSSL
# (until a recovery copy is named) and the ctypes package (the None guard uses its
# core module alone, issue 18).
LATER = ("yags_desk.rules.dice", "hashlib", "_hashlib", "ctypes")

# Not needed for the first paint, which shows the window's frame (issue 18).
FRAME_ONLY = ("yags_desk.storage.library", "yags_desk.storage.documents",
              "yags_desk.qt.library", "yags_desk.qt.dice", "yags_desk.qt.common.icons",
              "yags_desk.qt.shell.menus", "yags_desk.qt.shell.start_page", "PySide6.QtSvg")

# Runs the window as ``yags-desk`` does and records the modules loaded when its
# first paint event arrives, then lets it read the library.
_START = """
import sys
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QEvent, QObject
# PySide makes each Qt class on first use; those it had made before the window.
made_first = {n for n in ('Qt', 'QStyle', 'QStyleFactory', 'QUrl')
              if n in vars(QtCore) or n in vars(QtWidgets)}
from yags_desk.qt.shell.app import create
app, window = create(['yags-desk'])
at_paint = []
built_at_paint = []
class Probe(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not at_paint:
            at_paint.extend(sorted(sys.modules))
            at_paint.append(str(window.is_ready()))
            built_at_paint.extend(n for n in ('Qt', 'QStyle', 'QStyleFactory')
                                  if n not in made_first
                                  and (n in vars(QtCore) or n in vars(QtWidgets)))
        return False
probe = Probe()
window.installEventFilter(probe)
window.resize(1366, 768)
window.show()
while not at_paint or not window.is_ready() or not window.library_dock.last_scan.entries:
    app.processEvents()
dock = window.library_dock
assert dock.last_scan.count('encounters') >= 1, dock.last_scan.entries
assert 'Aldric of Thornbury' in dock.visible_labels(), dock.visible_labels()
import json
# Nor, once listed, the classes only a drag or "Show in folder" needs (issue 18).
built_at_paint.extend(n for n in ('QUrl',) if n not in made_first and n in vars(QtCore))
print(json.dumps(built_at_paint), app.style().name())
print(json.dumps(at_paint))
print(json.dumps(sorted(sys.modules)))  # when listed
while dock.checking:  # every file read in full just after the quick listing
    app.processEvents()
assert 'Aldric of Thornbury' in dock.visible_labels(), dock.visible_labels()
"""


def _first_paint_and_after(
        home: Path) -> tuple[list[str], str, list[str], list[str], str]:
    """(modules at the first paint, whether the window was whole then, modules once
    listed, modules once every file was checked, and a line: the Qt classes made
    for the first paint among ``Qt``, ``QStyle`` and ``QStyleFactory``, and ``QUrl``
    if made by the time the library is listed, as JSON, then the style's name)."""
    script = _START + ("print(json.dumps(sorted(m for m in sys.modules "
                       "if m.startswith('yags_desk'))))\n")
    # Another style asked for by the environment: the window must still be on Fusion
    # (offscreen's own default is Fusion, which would hide a lost "-style fusion").
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YAGS_DESK_HOME=str(home),
               PYTHONPATH=str(ROOT), QT_STYLE_OVERRIDE="windows")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    at_paint: list[str] = json.loads(lines[-3])
    listed: list[str] = json.loads(lines[-2])
    after: list[str] = json.loads(lines[-1])
    return at_paint[:-1], at_paint[-1], listed, after, lines[-4]


def test_the_window_paints_before_reading_any_document_then_lists_the_library(
        home: Path) -> None:
    at_paint, encounters_then, listed, after, classes = _first_paint_and_after(home)
    assert "yags_desk.qt.shell.main_window" in at_paint  # the probe did run
    # Nothing was read yet: no validation library, no document models, no listing.
    assert [m for m in at_paint if m.startswith(READING)] == []
    assert [m for m in at_paint if m in LATER] == []
    # The first paint is the window's frame alone: the library is not even opened,
    # and neither the docks, the menus nor the icons (QtSvg) are loaded yet.
    assert [m for m in at_paint if m.startswith(FRAME_ONLY)] == []
    assert encounters_then == "False"
    # Nor Qt's namespace of enums or a QStyle: PySide builds each whole on first
    # use (some 45 ms, issue 18); the window is on Fusion all the same.
    assert classes == '[] fusion'
    # The library is listed from the files' JSON, without pydantic or the models
    # (issue 18); then every file is read in full.
    assert [m for m in listed if m.startswith(READING)] == []
    # Just after, the sample library is listed (checked in the script: its
    # encounters and Aldric), but no fight is replayed, so the engine is not
    # loaded until a board opens.
    assert "yags_desk.storage.encounter_file" in after
    assert not set(ENGINE) & set(after)
    assert [m for m in after if m.startswith(ROOMS)] == []
