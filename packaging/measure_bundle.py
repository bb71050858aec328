"""Sizes and start-up times of the built bundles, written to build/bundle-report.json.

    python packaging/measure_bundle.py [--runs N]

Run by packaging/build.sh after it built build/dist/yags-desk, build/dist/hello
and the archives in build/out. Start-up is the wall time of ``BUNDLE --quit-after
0`` offscreen (start, show the window, close, exit), median of N runs after one
first run (which, for YAGS Desk, also makes the library from the samples).
benchmarks/bench_bundle.py prints the report.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
REPORT = BUILD / "bundle-report.json"

__all__ = ["REPORT", "folder_size", "largest_files", "measure", "startup"]


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def largest_files(folder: Path, n: int = 5) -> list[tuple[str, int]]:
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    files.sort(key=lambda p: p.stat().st_size, reverse=True)
    return [(str(p.relative_to(folder)), p.stat().st_size) for p in files[:n]]


def startup(program: Path, runs: int) -> dict[str, float]:
    """Seconds from start to exit of ``program --quit-after 0`` (offscreen, private home)."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "YAGS_DESK_HOME": home}
        times = []
        for _ in range(runs + 1):
            start = time.perf_counter()
            subprocess.run([str(program), "--quit-after", "0"], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
            times.append(time.perf_counter() - start)
    return {"first_s": round(times[0], 3), "median_s": round(statistics.median(times[1:]), 3),
            "min_s": round(min(times[1:]), 3), "runs": runs}


def measure(runs: int) -> dict[str, object]:
    report: dict[str, object] = {"created": time.strftime("%Y-%m-%d %H:%M:%S"),
                                 "platform": sys.platform, "machine": os.uname().machine}
    for name in ("yags-desk", "hello"):
        folder = BUILD / "dist" / name
        if not folder.is_dir():
            continue
        report[name] = {"bundle_bytes": folder_size(folder),
                        "largest": largest_files(folder),
                        "startup": startup(folder / name, runs)}
    report["archives"] = {p.name: p.stat().st_size for p in sorted((BUILD / "out").glob("*"))
                          if p.suffix in (".deb", ".gz", ".dmg", ".exe")}
    return report


if __name__ == "__main__":
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 7
    data = measure(runs)
    old = json.loads(REPORT.read_text("utf-8")) if REPORT.is_file() else {}
    data["durations_s"] = old.get("durations_s", {})  # build.sh adds its step times
    REPORT.write_text(json.dumps(data, indent=2) + "\n", "utf-8")
    print(json.dumps(data, indent=2))
