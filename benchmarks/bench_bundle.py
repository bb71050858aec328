"""Size and start-up time of the standalone bundle, against a bare PySide6 hello-world.

Reads what ``bash packaging/build.sh`` measured (build/bundle-report.json) and,
when the bare-Debian proof ran (``--proof``), build/smoke-report.json. Builds
nothing itself, so it is cheap in ``python -m benchmarks.run``; without a build
it says so.

    python -m benchmarks.bench_bundle
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["bench", "load", "rows"]

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "build" / "bundle-report.json"
SMOKE = ROOT / "build" / "smoke-report.json"
MB = 1024 * 1024


def load(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def rows(report: dict[str, Any], smoke: dict[str, Any] | None) -> list[tuple[str, float, str]]:
    """(label, value, unit) lines from the build report and the proof's report."""
    out: list[tuple[str, float, str]] = []
    for name, label in (("yags-desk", "bundle"), ("hello", "hello-world bundle")):
        part = report.get(name)
        if not isinstance(part, dict):
            continue
        out.append((f"{label} size (one folder)", part["bundle_bytes"] / MB, "MB"))
        start = part.get("startup", {})
        if "median_s" in start:
            out.append((f"{label} start, show window, quit (offscreen, median)",
                        start["median_s"], "s"))
    for archive, size in sorted(report.get("archives", {}).items()):
        out.append((f"archive {archive}", size / MB, "MB"))
    for step, seconds in report.get("durations_s", {}).items():
        out.append((f"build step {step}", float(seconds), "s"))
    if smoke is not None:
        out.append(("bare-Debian proof passed (1 yes, 0 no)", 1.0 if smoke.get("passed") else 0.0,
                    ""))
        for key, value in smoke.get("durations_s", {}).items():
            out.append((f"proof step {key}", float(value), "s"))
        if "startup_median_s" in smoke:
            out.append(("bundle start in the bare Debian (median)",
                        float(smoke["startup_median_s"]), "s"))
    return out


def bench() -> list[tuple[str, float, str]]:
    report = load(REPORT)
    if report is None:
        print("bundle: not built; run packaging/build.sh")
        return []
    return rows(report, load(SMOKE))


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
