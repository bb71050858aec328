"""Speed of the exact attack odds the GUI refreshes while the GM edits a modifier.

Run with ``python benchmarks/bench_odds.py``; prints one row per measurement.
"""

from __future__ import annotations

import statistics
import time

from yags_desk.rules.editions import EDITIONS
from yags_desk.rules.odds import attack_odds, clear_caches

CALLS = 200
COLD_CALLS = 9


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0


def bench() -> list[tuple[str, float, str]]:
    """(name, value, unit) rows: cold-cache and median warm ``attack_odds`` with damage."""
    rows: list[tuple[str, float, str]] = []
    for edition in EDITIONS:
        clear_caches()
        start = time.perf_counter()
        attack_odds(edition, 12, 14, damage=15, soak=12)
        rows.append((f"attack_odds {edition} cold cache", _ms(start), "ms"))
        # One cold call is at the mercy of the machine's load: also the median of
        # COLD_CALLS calls, each after the cached distributions were forgotten.
        cold: list[float] = []
        for _ in range(COLD_CALLS):
            clear_caches()
            start = time.perf_counter()
            attack_odds(edition, 12, 14, damage=15, soak=12)
            cold.append(_ms(start))
        rows.append((f"attack_odds {edition} cold cache, median of {COLD_CALLS} "
                     "(goal <= 1 ms)", statistics.median(cold), "ms"))
        times: list[float] = []
        for i in range(CALLS):
            # Vary the attack as the GM does while editing a modifier.
            start = time.perf_counter()
            attack_odds(edition, 5 + i % 20, 14, damage=15, soak=12)
            times.append(_ms(start))
        rows.append((f"attack_odds {edition} median of {CALLS}", statistics.median(times), "ms"))
        rows.append((f"attack_odds {edition} slowest of {CALLS}", max(times), "ms"))
    return rows


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name:<40} {value:10.4f} {unit}")
