"""Files this program wrote, and whether something else changed them since (issue 16).

An undo that puts a file's old bytes back must not wipe out what happened to
the file afterwards (healing, an edit in the character editor, another fight)
without asking. Whoever writes keeps what it wrote (:func:`snapshot`, right
after writing); before writing again it asks :func:`changed_since` which files
no longer hold those bytes. Used by the board's Apply results undo. A healing
record asks otherwise: it writes only a patient's numbers onto the file as it
is, so it compares those (``healing_write.changed_files``), and what it must
keep in its own file is a digest (``healing_write.file_digest``), not bytes.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from yags_desk.storage.documents import DocumentError, read_file_bytes

__all__ = ["changed_since", "snapshot"]


def snapshot(paths: Iterable[Path]) -> list[tuple[Path, bytes]]:
    """Each file with the bytes it holds now (read right after writing it)."""
    return [(path, read_file_bytes(path)) for path in paths]


def changed_since(expected: Iterable[tuple[Path, bytes]]) -> list[Path]:
    """The files that no longer hold the bytes ``expected`` of them: changed,
    removed, or no longer readable since (each counts as changed: writing over
    it would lose something the GM may want)."""
    changed = []
    for path, data in expected:
        try:
            same = read_file_bytes(path) == data
        except (FileNotFoundError, DocumentError):
            same = False
        if not same:
            changed.append(path)
    return changed
