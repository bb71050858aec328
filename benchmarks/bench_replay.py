"""Benchmark: replaying a long encounter (issue 18).

Logs of 1,000, 5,000 and 20,000 events played automatically (waves of twenty
a side join as each fight ends, so the dead pile up as in a long campaign);
the time to replay each from its events (goal: 5,000 in 100 ms), the cost per
event and its growth from 1,000 to 20,000 (goal: flat), and the memory the
replayed 20,000-event log holds, measured with tracemalloc (goal 50 MB).
Times are processor time, best of three. Run with
``python -m benchmarks.bench_replay`` or through ``benchmarks.run``.
"""

from __future__ import annotations

import gc
import tracemalloc

from benchmarks.bench_combat import long_log
from benchmarks.timing import best_cpu_ms
from yags_desk.rules.combat.events import Event
from yags_desk.rules.combat.log import CombatLog

__all__ = ["bench", "replay_memory_mb"]

SIZES = (1_000, 5_000, 20_000)


def replay_memory_mb(events: list[Event]) -> float:
    """Megabytes held by a log replayed from ``events`` (the events themselves not
    counted: they exist before the replay, read from the file)."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        log = CombatLog("classic", events)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    del log
    return held / 2**20


def bench() -> list[tuple[str, float, str]]:
    out: list[tuple[str, float, str]] = []
    per_event: dict[int, float] = {}
    longest: list[Event] = list(long_log(max(SIZES)).events)
    for size in SIZES:
        events = longest[:size]
        fighters = len(CombatLog("classic", events).state.fighters)
        ms = best_cpu_ms(lambda events=events: CombatLog("classic", events), 3)  # type: ignore[misc]
        per_event[size] = ms / size
        out.append((f"replay {size:,} events ({fighters} fighters, most of them dead)",
                    ms, "ms"))
        out.append((f"replay {size:,} events, per event", per_event[size] * 1000, "us"))
        if size == 5_000:
            out.append(("replay 5,000 events against the goal (100 ms)", ms / 100, "x"))
    out.append(("replay cost per event 20,000 / 1,000 (goal: flat, x1)",
                per_event[20_000] / per_event[1_000], "x"))
    mb = replay_memory_mb(longest)
    out.append((f"memory of a replayed {len(longest):,}-event log (goal 50 MB)", mb, "MB"))
    out.append(("memory of the replayed log against the goal (50 MB)", mb / 50, "x"))
    return out


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}", flush=True)
