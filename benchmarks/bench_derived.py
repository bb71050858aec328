"""Derived values for 1,000 characters (the sample library, repeated)."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from yags_desk.rules.character import Character
from yags_desk.rules.derived import derive

ROOT = Path(__file__).resolve().parents[1]


def _sample() -> list[Character]:
    files = sorted((ROOT / "resources" / "sample_library" / "characters").glob("*.json"))
    return [Character.model_validate(json.loads(f.read_text("utf-8"))["data"]) for f in files]


def bench() -> list[tuple[str, float, str]]:
    sample = _sample()
    chars = [sample[i % len(sample)] for i in range(1000)]
    times = []
    for _ in range(5):
        t = time.perf_counter()
        for c in chars:
            derive(c)
        times.append(time.perf_counter() - t)
    return [("derived values for 1,000 characters (median of 5)",
             statistics.median(times) * 1000, "ms")]


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name}: {value:.1f} {unit}")
