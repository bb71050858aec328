"""Benchmark: a full garbage collection once the window has started (issue 18).

A full collection walks every object Python tracks. The window's start makes
tens of thousands (modules, classes, the window, the library's models);
``app.freeze_start_up`` leaves them out of later collections. This opens the
window on the sample library as ``yags-desk`` does (library checked in full),
opens the sample fight, then times ``gc.collect()`` before and after the
freeze. Offscreen; run with ``python -m benchmarks.bench_gc`` or through
``benchmarks.run``.
"""

from __future__ import annotations

import gc
import os
import tempfile
import time

__all__ = ["bench"]

RUNS = 5


def _collect_ms() -> float:
    """The best of :data:`RUNS` full collections, in milliseconds."""
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        gc.collect()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
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
        gc.unfreeze()  # the benchmarks that follow run as before
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


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
