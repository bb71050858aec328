"""Print every benchmark of YAGS Desk: `python -m benchmarks.run` from the repository root.

Numbers only, no pass/fail: compare runs by eye or keep the output.
"""

from __future__ import annotations

import importlib
import platform
import sys

MODULES = ["bench_odds", "bench_derived", "bench_storage", "bench_quick_combat", "bench_combat",
           "bench_combat_v08", "bench_startup", "bench_catalogue_filter", "bench_printing",
           "bench_battle_board", "bench_odds_refresh", "bench_bundle", "bench_large",
           "bench_recovery", "bench_forecast", "bench_battle_view", "bench_players",
           "bench_rounds", "bench_replay", "bench_print_sheets", "bench_gc", "bench_history"]


def main() -> int:
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{platform.system()} {platform.release()}")
    for name in MODULES:
        try:
            mod = importlib.import_module(f"benchmarks.{name}")
        except ImportError as e:
            print(f"{name}: not available ({e})")
            continue
        for label, value, unit in mod.bench():
            print(f"{label}: {value:.2f} {unit}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
