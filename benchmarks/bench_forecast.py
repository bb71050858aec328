"""Benchmark: the encounter forecast (issue 17 item 2).

A classic encounter of 10 against 10 (the combat benchmark's guards and raiders)
played 500 times with automatic rounds, as File ▸ Forecast and
``yags-desk forecast`` do; with the time of one run and of one automatic round
of that encounter, so the ratio shows what the counting adds to the engine.
Run with ``python -m benchmarks.bench_forecast`` or through ``benchmarks.run``.
"""

from __future__ import annotations

import random
import time

from benchmarks.bench_combat import big_fight
from benchmarks.timing import best_ms
from yags_desk.rules.combat.forecast import forecast
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round

__all__ = ["bench"]

RUNS = 500


def bench() -> list[tuple[str, float, str]]:
    state = CombatLog("classic", roster=big_fight(10)).state
    round_ms = best_ms(lambda: auto_round(state, random.Random(1)), 5)
    start = time.perf_counter()
    result = forecast(state, "Benchmark", RUNS, seed=1)
    total_s = time.perf_counter() - start
    mean_rounds = result.expected_rounds()[0]
    per_run_ms = total_s * 1000 / RUNS
    return [
        (f"forecast: 10 v 10, {RUNS} runs ({mean_rounds:.1f} rounds a run)", total_s, "s"),
        ("forecast: one run of 10 v 10", per_run_ms, "ms"),
        ("forecast: one automatic round of 10 v 10 (the engine alone)", round_ms, "ms"),
        ("forecast: a run / (rounds a run x one round)",
         per_run_ms / (mean_rounds * round_ms) if mean_rounds and round_ms else 0.0, "x"),
    ]


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name:<66} {value:10.2f} {unit}")
