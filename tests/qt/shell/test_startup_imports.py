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


def test_first_paint_on_the_sample_library_lists_it_without_the_combat_engine(
        home: Path) -> None:
    code = ("from yags_desk.qt.shell.app import create\n"
            "app, window = create(['yags-desk'])\n"
            "window.resize(1366, 768)\nwindow.show()\napp.processEvents()\n"
            "dock = window.library_dock\n"
            "assert dock.last_scan.count('encounters') >= 1, dock.last_scan.entries\n")
    loaded = _modules_after(code, home)
    # The sample encounters are listed (their model read and checked), but no
    # fight is replayed, so the engine is not loaded until a board opens.
    assert "yags_desk.storage.encounter_file" in loaded
    assert not set(ENGINE) & set(loaded)
    assert [m for m in loaded if m.startswith(ROOMS)] == []
