"""How long YAGS Desk takes from process start to a shown window, against bare PySide6.

Run: ``.venv/bin/python benchmarks/bench_startup.py``. Each measurement starts a
fresh Python process (offscreen Qt) and stops the clock when the child reports
its main window shown and painted; the child then exits. The library is a
temporary ``YAGS_DESK_HOME`` holding the sample library (made once before
timing, so the numbers are for an ordinary start, not the first run).
Bytecode is cached as in an install (in a temporary ``PYTHONPYCACHEPREFIX``,
written by an untimed start, even when ``PYTHONDONTWRITEBYTECODE`` is set here),
so the numbers do not include compiling YAGS Desk's sources on every start.
The real library and settings are never touched.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["bench"]

RUNS = 5
ROOT = Path(__file__).resolve().parents[1]

BARE = """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1366, 768)
window.show()
app.processEvents()
print("shown", flush=True)
"""

YAGS = """
from yags_desk.qt.shell.app import create
app, window = create(["yags-desk"])
window.resize(1366, 768)
window.show()
app.processEvents()
print("shown", flush=True)
"""


def _time_to_shown(code: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT) as child:
        assert child.stdout is not None
        line = child.stdout.readline()
        elapsed = time.perf_counter() - start
        child.wait(timeout=60)
    if line.strip() != "shown":
        raise RuntimeError(f"the child did not show its window (exit {child.returncode})")
    return elapsed


def bench() -> list[tuple[str, float, str]]:
    """Rows of (what, value, unit): medians of :data:`RUNS` starts of each kind."""
    with tempfile.TemporaryDirectory(prefix="yags-bench-start-") as home, \
            tempfile.TemporaryDirectory(prefix="yags-bench-pyc-") as pycache:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YAGS_DESK_HOME=home,
                   PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=pycache)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        # First run: copy the sample library in, so timed runs are ordinary starts.
        subprocess.run([sys.executable, "-c", "from yags_desk.storage.library import "
                        "Library; Library.open()"], env=env, cwd=ROOT, check=True)
        _time_to_shown(YAGS, env)  # writes the bytecode of everything a start imports
        _time_to_shown(BARE, env)
        bare: list[float] = []
        yags: list[float] = []
        for _ in range(RUNS):  # interleaved, so both see the same machine load
            bare.append(_time_to_shown(BARE, env))
            yags.append(_time_to_shown(YAGS, env))
    bare_ms = statistics.median(bare) * 1000
    yags_ms = statistics.median(yags) * 1000
    return [
        ("start-up to a shown bare PySide6 QMainWindow (median of 5)", bare_ms, "ms"),
        ("start-up to YAGS Desk's window on the sample library (median of 5)", yags_ms, "ms"),
        ("YAGS Desk's start-up beyond bare PySide6", yags_ms - bare_ms, "ms"),
        ("first paint of YAGS Desk vs bare PySide6 (goal <= 1.2)", yags_ms / bare_ms, "x"),
    ]


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
