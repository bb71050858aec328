"""After the start, what it made is left out of full garbage collections (issue 18).

The window runs in a fresh process, as ``yags-desk`` does, so no other test's
objects are frozen with it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

SCRIPT = """
import gc
import yags_desk.qt.shell.app as qt_app
qt_app.FREEZE_AFTER_MS = 0  # at once, not 2 s after the window is whole
before = gc.get_freeze_count()
code = qt_app.run(["yags-desk"], quit_after_ms=300)
print(code, before, gc.get_freeze_count())
"""


def test_the_start_up_is_frozen_out_of_later_full_collections(home: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YAGS_DESK_HOME=str(home),
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    code, before, after = done.stdout.split()[-3:]
    assert code == "0" and before == "0"
    # The modules, the window and the library's models: tens of thousands of objects.
    assert int(after) > 10_000
