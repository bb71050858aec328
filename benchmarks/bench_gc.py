"""Benchmark: a full garbage collection once the window has started (issue 18).

A full collection walks every object Python tracks. The window's start makes
tens of thousands (modules, classes, the window, the library's models);
``app.freeze_start_up`` leaves them out of later collections. This opens the
window on the sample library as ``yags-desk`` does (library checked in full),
opens the sample fight, then times ``gc.collect()`` before and after the
freeze. Offscreen; run with ``python -m benchmarks.bench_gc`` or through
``benchmarks.run``.

The window runs in a fresh Python process, so the count and the time are the
start's own: run in ``benchmarks.run``'s process after the other benchmarks, they
also counted what those left behind (session 9 printed 387,000 objects and 282 ms
that way, against 60,000 objects and 21 to 33 ms for the start alone; issue 18).
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["bench"]

RUNS = 5
ROOT = Path(__file__).resolve().parents[1]


def _collect_ms() -> float:
    """The best of :data:`RUNS` full collections, in milliseconds."""
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        gc.collect()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def _measure() -> list[tuple[str, float, str]]:
    """The rows, measured in this process (a fresh one: see :func:`bench`)."""
    import yags_desk.qt  # noqa: F401  (the None guard first)
    from yags_desk.qt.shell.app import create, freeze_start_up

    app, window = create(["yags-desk"])
    window.show()
    window.finish_start()
    while window.library_dock.checking:  # the full check, as a start does
        app.processEvents()
    board = window.open_encounter(window.library.encounters_dir / "ford-ambush.json")
    app.processEvents()
    objects = len(gc.get_objects())
    before = _collect_ms()
    frozen_before = gc.get_freeze_count()
    freeze_start_up()
    frozen = gc.get_freeze_count() - frozen_before
    after = _collect_ms()
    if board is not None:
        board.close()
    window.close()
    app.processEvents()
    return [
        ("objects tracked once the window has started, with a fight open", objects, "objects"),
        ("full garbage collection then", before, "ms"),
        ("objects the start-up freeze leaves out of later collections", frozen, "objects"),
        ("full garbage collection after the freeze", after, "ms"),
    ]


def bench() -> list[tuple[str, float, str]]:
    """Rows of (what, value, unit), from a fresh process on a temporary library."""
    with tempfile.TemporaryDirectory(prefix="yags-bench-gc-") as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YAGS_DESK_HOME=home,
                   PYTHONPATH=str(ROOT))
        done = subprocess.run(
            [sys.executable, "-c", "import json; from benchmarks.bench_gc import _measure; "
             "print(json.dumps(_measure()))"],
            capture_output=True, text=True, env=env, cwd=ROOT, timeout=300, check=True)
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    return [(str(label), float(value), str(unit)) for label, value, unit in rows]


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
