"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["best_ms"]


def best_ms(action: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` runs of ``action``, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1000
