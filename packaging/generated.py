"""Write generated files, or check that the committed ones still match."""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["write_or_check"]


def write_or_check(files: dict[Path, str], argv: list[str], what: str) -> int:
    """With ``--check`` in ``argv``: exit status 1 naming each file that differs;
    otherwise write every file. ``files`` maps each path to its text."""
    if "--check" in argv:
        bad = [p for p, text in files.items()
               if not p.exists() or p.read_text("utf-8") != text]
        for p in bad:
            print(f"out of date: {p.name}", file=sys.stderr)
        return 1 if bad else 0
    for p, text in files.items():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, "utf-8")
    folder = next(iter(files)).parent if files else Path()
    print(f"wrote {len(files)} {what} to {folder}")
    return 0
