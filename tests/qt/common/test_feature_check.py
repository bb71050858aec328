"""PySide's "does this module use PySide?" gets the same answer, quicker (issue 18)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# In a fresh process: the window's modules imported (as a start imports them), then
# for every module loaded, the quicker answer against PySide's own.
SCRIPT = """
import sys
import yags_desk.qt
from yags_desk.qt import feature_check
feature = sys.modules["PySide6.support.feature"]
assert feature._mod_uses_pyside is feature_check.uses_pyside
import yags_desk.qt.shell.main_window, yags_desk.qt.library.dock, yags_desk.qt.dice.dock
import yags_desk.qt.shell.menus, yags_desk.storage.library, json
own = feature_check._pyside_check
answers = {name: (feature_check.uses_pyside(module), own(module))
           for name, module in list(sys.modules.items()) if module is not None}
differ = sorted(name for name, (quick, slow) in answers.items() if quick != slow)
uses = sorted(name for name, (quick, _) in answers.items() if quick)
print(len(answers), differ, "yags_desk.qt.library.dock" in uses,
      "yags_desk.storage.library" in uses, "json" in uses)
"""


def test_the_quicker_check_answers_as_pysides_own_for_every_module() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    count, *rest = done.stdout.split(maxsplit=1)
    assert int(count) > 200  # stdlib, PySide and ours: the probe saw them
    # No module answered differently; a Qt module of ours uses PySide, storage and
    # json do not.
    assert rest == ["[] True False False\n"]
