"""Print every benchmark of YAGS Desk: `python -m benchmarks.run` from the repository root.

Numbers only, no pass/fail: compare runs by eye or keep the output.

Each benchmark module runs in a Python process of its own (``--one NAME`` is
that process), so what one leaves behind (objects for the garbage collector to
walk, a QApplication, imported modules, a warm cache) cannot slow down or
speed up the next: run in one process, the rounds and the replay measured late
in the run came out 1.4 to 1.5 times slower than the same code measured alone.
``--one NAME [NAME ...]`` runs just those modules, in this process.
"""

from __future__ import annotations

import importlib
import platform
import subprocess
import sys

MODULES = ["bench_odds", "bench_derived", "bench_storage", "bench_quick_combat", "bench_combat",
           "bench_combat_v08", "bench_startup", "bench_catalogue_filter", "bench_printing",
           "bench_battle_board", "bench_odds_refresh", "bench_bundle", "bench_large",
           "bench_recovery", "bench_forecast", "bench_battle_view", "bench_players",
           "bench_rounds", "bench_replay", "bench_print_sheets", "bench_gc", "bench_history",
           "bench_library"]


def run_here(names: list[str]) -> int:
    """Import and run the benchmark modules ``names`` in this process."""
    for name in names:
        if name not in MODULES:
            print(f"{name}: no such benchmark (known: {', '.join(MODULES)})", file=sys.stderr)
            return 2
        try:
            mod = importlib.import_module(f"benchmarks.{name}")
        except ImportError as e:
            print(f"{name}: not available ({e})")
            continue
        for label, value, unit in mod.bench():
            print(f"{label}: {value:.2f} {unit}")
        sys.stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--one"]:
        return run_here(args[1:])
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{platform.system()} {platform.release()}", flush=True)
    failed = []
    for name in MODULES:
        done = subprocess.run([sys.executable, "-m", "benchmarks.run", "--one", name],
                              check=False)
        if done.returncode != 0:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
