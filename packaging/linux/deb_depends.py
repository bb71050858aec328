"""The Depends line of the .deb: the system libraries the bundle links but does not carry.

    python packaging/linux/deb_depends.py BUNDLE_DIR

Reads the NEEDED entries of every ELF file in the bundle (``readelf -d``), drops
those the bundle carries itself, finds the rest on this (Debian) build machine
(``ldconfig -p``) and names their packages (``dpkg -S``). Adds what is data, not
a library: fontconfig's configuration and the DejaVu fonts (SETUP-NOTES, "System
libraries": without them fontconfig fails and every glyph prints as a box).
glibc gets a lower bound, the build machine's version: the bundle runs on that
Debian release and newer ones.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

__all__ = ["EXTRA_DEPENDS", "depends", "needed_libraries"]

EXTRA_DEPENDS = ("fontconfig-config", "fonts-dejavu-core")
_NEEDED = re.compile(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]")


def _is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def needed_libraries(bundle: Path) -> set[str]:
    """Sonames the bundle's ELF files need and the bundle does not hold."""
    files = [p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink()]
    carried = {p.name for p in bundle.rglob("*")}
    needed: set[str] = set()
    for path in files:
        if _is_elf(path):
            out = subprocess.run(["readelf", "-d", str(path)], capture_output=True,
                                 text=True, check=False).stdout
            needed.update(_NEEDED.findall(out))
    return {name for name in needed if name not in carried}


# How `ldconfig -p` marks libraries of this machine's own architecture.
_ARCH_FLAG = {"x86_64": "x86-64", "aarch64": "AArch64"}


def _library_paths() -> dict[str, str]:
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    flag = _ARCH_FLAG.get(os.uname().machine, "")
    paths: dict[str, str] = {}
    for line in out.splitlines():
        match = re.match(r"\s*(\S+) \(([^)]*)\) => (\S+)", line)
        if match and flag in match.group(2):
            paths.setdefault(match.group(1), match.group(3))
    return paths


def _package_of(path: str) -> str:
    for candidate in (path, str(Path(path).resolve())):
        done = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True,
                              check=False)
        if done.returncode == 0:
            return done.stdout.split(":", 1)[0].split(",")[0].strip()
    raise SystemExit(f"{path}: no Debian package holds it; install it or bundle it")


def depends(bundle: Path) -> list[str]:
    """Sorted Depends entries for the bundle at ``bundle``."""
    paths = _library_paths()
    packages: set[str] = set(EXTRA_DEPENDS)
    missing = []
    for soname in sorted(needed_libraries(bundle)):
        if soname.startswith("ld-linux"):
            continue  # the dynamic loader comes with libc6
        if soname not in paths:
            missing.append(soname)
            continue
        packages.add(_package_of(paths[soname]))
    if missing:
        raise SystemExit("the bundle needs libraries this machine lacks: " + ", ".join(missing))
    glibc = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libc6"], capture_output=True,
                           text=True, check=True).stdout
    lower = re.match(r"(\d+\.\d+)", glibc)
    entries = sorted(packages - {"libc6"})
    return [f"libc6 (>= {lower.group(1)})" if lower else "libc6", *entries]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    print(", ".join(depends(Path(sys.argv[1]))))
