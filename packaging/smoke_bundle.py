"""Smoke-run a built bundle on the machine that built it (Linux, Windows or macOS).

    python packaging/smoke_bundle.py PROGRAM

What packaging/smoke-debian.sh proves on a bare Debian, for the CI runners of every
system: PROGRAM (the bundle's yags-desk executable) opens its window offscreen and
closes it, makes the user's library from the samples in the platformdirs folder
and lists it, opens a .yags file, and prints a character sheet to a PDF with a page.
Exit status 0 when every check passed. Needs only the standard library and
platformdirs (the build venv has both).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import platformdirs

__all__ = ["smoke"]


def _run(program: Path, *args: str) -> str:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("YAGS_DESK_HOME", None)  # the real platformdirs folder, as for a user
    done = subprocess.run([str(program), *args], capture_output=True, text=True, env=env,
                          timeout=300, check=False)
    if done.returncode != 0:
        raise SystemExit(f"smoke: FAILED: {program.name} {' '.join(args)} exited "
                         f"{done.returncode}\n{done.stderr}")
    return done.stdout


def smoke(program: Path) -> None:
    data = Path(platformdirs.user_data_dir("yags-desk", "yags-desk"))
    config = Path(platformdirs.user_config_dir("yags-desk", "yags-desk"))
    _run(program, "--quit-after", "500")
    listing = _run(program, "library")
    if f"library at {data}" not in listing or "Aldric of Thornbury" not in listing:
        raise SystemExit(f"smoke: FAILED: library not listed from {data}:\n{listing}")
    with tempfile.TemporaryDirectory() as tmp:
        hero = Path(tmp) / "hero.yags"
        shutil.copy(data / "characters" / "aldric.json", hero)
        _run(program, "--quit-after", "500", str(hero))
        if "hero.yags" not in (config / "window.ini").read_text("utf-8", errors="replace"):
            raise SystemExit("smoke: FAILED: hero.yags did not open (not a recent file)")
        pdf = Path(tmp) / "aldric.pdf"
        _run(program, "print", str(data / "characters" / "aldric.json"), "--pdf", str(pdf),
             "--kind", "sheet")
        raw = pdf.read_bytes()
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", raw))
        if not raw.startswith(b"%PDF") or pages < 1:
            raise SystemExit(f"smoke: FAILED: {pdf} is not a PDF with a page")
    print(f"smoke: PASSED ({program}; library in {data}; sheet PDF of {pages} page)")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    smoke(Path(sys.argv[1]).resolve())
