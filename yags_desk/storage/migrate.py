"""Upgrade a folder of files written by an older YAGS Desk, in place (issue 13
item 4, ``yags-desk migrate DIR``).

Every ``.json`` and ``.yags`` file below the folder is read; a file of an older
schema version is rewritten at the current one, its old bytes kept beside it
as ``<name>.bak`` (the same atomic save as everywhere). Current files are left
untouched; files that are not YAGS Desk documents, or that cannot be upgraded,
are named with the reason and left as they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from yags_desk.storage.documents import (
    DocumentError,
    backup_path,
    current_version,
    read_document,
    write_document,
)

__all__ = ["Outcome", "migrate_folder", "yags_files"]

SUFFIXES = (".json", ".yags")


@dataclass(frozen=True)
class Outcome:
    path: Path
    status: Literal["upgraded", "current", "refused"]
    detail: str  # "character 1 -> 2", "character 1", or the reason refused

    def line(self, root: Path) -> str:
        try:
            name = self.path.relative_to(root)
        except ValueError:
            name = self.path
        return f"{name}: {self.status} ({self.detail})"


def yags_files(folder: Path) -> Iterator[Path]:
    """The candidate files below ``folder``, in a stable order (hidden ones skipped)."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts):
            continue
        if path.suffix.lower() in SUFFIXES and path.is_file():
            yield path


def migrate_folder(folder: Path | str, *, dry_run: bool = False) -> list[Outcome]:
    """Upgrade every older file below ``folder``; with ``dry_run`` only say what
    would be upgraded. Raises NotADirectoryError / FileNotFoundError for a bad folder."""
    root = Path(folder)
    if not root.exists():
        raise FileNotFoundError(f"{root}: no such folder")
    if not root.is_dir():
        raise NotADirectoryError(f"{root}: not a folder")
    outcomes: list[Outcome] = []
    for path in yags_files(root):
        try:
            document = read_document(path)
        except (DocumentError, OSError) as exc:
            reason = exc.errors[0] if isinstance(exc, DocumentError) else str(exc)
            outcomes.append(Outcome(path, "refused", reason))
            continue
        kind, found = document.kind, document.schema_version
        if not document.migrated:
            outcomes.append(Outcome(path, "current", f"{kind} {found}"))
            continue
        detail = f"{kind} {found} -> {current_version(kind)}"
        if not dry_run:
            try:
                write_document(path, kind, document.model)
            except (DocumentError, OSError) as exc:
                outcomes.append(Outcome(path, "refused", f"not written: {exc}"))
                continue
            detail += f"; the old file is {backup_path(path).name}"
        outcomes.append(Outcome(path, "upgraded", detail))
    return outcomes
