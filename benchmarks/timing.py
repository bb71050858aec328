"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["best_cpu_ms", "best_ms"]


def best_ms(action: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` runs of ``action``, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def best_cpu_ms(action: Callable[[], object], repeats: int) -> float:
    """The least processor time of ``repeats`` runs of ``action``, in milliseconds:
    steadier than the wall clock on a machine shared with other jobs, as the time
    spent waiting for a core is not counted."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        action()
        best = min(best, time.process_time() - start)
    return best * 1000
