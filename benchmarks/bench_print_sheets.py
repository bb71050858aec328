"""Benchmark: character sheets to PDF with the whole ``yags-desk print`` (issue 18).

10 and 30 sheets (copies of the sample characters, renamed) printed by a fresh
``python -m yags_desk print`` process each, as a GM runs it: start-up, reading
the files, building the HTML, page breaks and the PDF. Bytecode is cached as in
an install. Medians of a few runs, and the time per page at 30 sheets against
10 (1.0 means linear in pages). Run with ``python -m benchmarks.bench_print_sheets``
or through ``benchmarks.run``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["bench"]

ROOT = Path(__file__).resolve().parents[1]
RUNS = 3

_MAKE = """
import sys
from pathlib import Path
from yags_desk.storage.documents import read_document, write_document
from yags_desk.storage.paths import resource_dir
source = sorted((resource_dir() / "sample_library" / "characters").glob("*.json"))
out = Path(sys.argv[1])
for i in range(int(sys.argv[2])):
    model = read_document(source[i % len(source)], "character").model
    model = model.model_copy(update={"name": f"{model.name} {i + 1}"})
    write_document(out / f"sheet-{i:03d}.json", "character", model)
"""


def _print_s(files: list[str], pdf: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "yags_desk", "print", *files, "--kind", "sheet",
                    "--page", "a4", "--pdf", str(pdf)], env=env, cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def bench() -> list[tuple[str, float, str]]:
    out: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory(prefix="yags-bench-print-") as tmp, \
            tempfile.TemporaryDirectory(prefix="yags-bench-pyc-") as pycache:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YAGS_DESK_HOME=tmp,
                   PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=pycache)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        medians: dict[int, float] = {}
        for n in (10, 30):
            folder = Path(tmp) / f"sheets-{n}"
            folder.mkdir()
            subprocess.run([sys.executable, "-c", _MAKE, str(folder), str(n)], env=env,
                           cwd=ROOT, check=True)
            files = sorted(str(p) for p in folder.glob("*.json"))
            pdf = Path(tmp) / f"sheets-{n}.pdf"
            _print_s(files, pdf, env)  # writes the bytecode
            medians[n] = statistics.median(_print_s(files, pdf, env) for _ in range(RUNS))
            out.append((f"yags-desk print: {n} character sheets to PDF (median of {RUNS})",
                        medians[n] * 1000, "ms"))
    out.append(("yags-desk print: 30 sheets (goal <= 1500 ms)", medians[30] * 1000, "ms"))
    out.append(("yags-desk print: time per page, 30 sheets vs 10 (1.0 = linear)",
                (medians[30] / 30) / (medians[10] / 10), "x"))
    return out


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
