"""The recovery copy of a fight after one event (issue 18: ≤ 5 ms at 3,000 events,
independent of the log's length): the board appends the event beside the last
whole copy (storage/recovery_journal.py) instead of writing the fight again.

Printed at 1,000 and 3,000 events: the append, and for comparison the whole copy
(what every event cost before the journal)."""

from __future__ import annotations

import os
import statistics
import tempfile
import time

from benchmarks.bench_combat import long_log

__all__ = ["bench"]


def _median_ms(action: object, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def bench() -> list[tuple[str, float, str]]:
    from yags_desk.storage.encounter_file import new_encounter
    from yags_desk.storage.library import Library

    out: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
        library = Library.open()
        for size in (1_000, 3_000):
            log = long_log(size)
            events = log.events
            encounter = new_encounter("Benchmark", "classic").model_copy(
                update={"events": tuple(events[:-20])})
            library.autosave("bench", "encounter", encounter)
            tail = iter(range(len(events) - 20, len(events)))

            def append_one(tail: object = tail, events: object = events) -> None:
                n = next(tail)  # type: ignore[call-overload]
                library.append_recovery_events("bench", n, events[n:n + 1])  # type: ignore[index]

            whole = encounter.model_copy(update={"events": tuple(events)})
            out.append((f"recovery copy after one event at {len(events):,} events (append)",
                        _median_ms(append_one, 19), "ms"))
            out.append((f"whole recovery copy at {len(events):,} events (before the journal)",
                        _median_ms(lambda w=whole: library.autosave("bench2", "encounter", w),
                                   3), "ms"))
    return out


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name}: {value:.2f} {unit}", flush=True)
