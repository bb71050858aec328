"""A library that cannot be used at all: the window says why and the program ends
with status 1 (the library is opened just after the window's first paint)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

_SCRIPT = """
import json
from PySide6.QtWidgets import QMessageBox
from yags_desk.qt.shell import app as qt_app

boxes = []
real_exec = QMessageBox.exec

def exec_(box):
    boxes.append(box.text())
    return real_exec(box)  # the real box, closed by run()'s quit_after_ms timer

QMessageBox.exec = exec_
code = qt_app.run(["yags-desk"], quit_after_ms=50)
print(json.dumps({"code": code, "boxes": boxes}))
"""


def test_an_unusable_library_is_named_and_the_program_ends_with_status_1(
        tmp_path: Path) -> None:
    not_a_folder = tmp_path / "library"
    not_a_folder.write_text("a file where the library folder should be", encoding="utf-8")
    env = dict(os.environ, YAGS_DESK_HOME=str(not_a_folder), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", _SCRIPT], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["code"] == 1
    assert len(out["boxes"]) == 1 and str(not_a_folder) in out["boxes"][0]
    assert f"YAGS Desk: {out['boxes'][0]}" in done.stderr
    assert not_a_folder.read_text(encoding="utf-8").startswith("a file where")
