"""File ▸ Import characters…: characters and NPC templates from a spreadsheet
(CSV, comma or semicolon separated; the columns are listed in
:mod:`yags_desk.storage.character_csv` and README), saved into the library.

All or nothing: a file with any refused row imports nothing and the message
lists every problem by row and column.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from yags_desk.storage.character_csv import import_characters
from yags_desk.storage.documents import DocumentError, ReadOnlyError
from yags_desk.storage.library import Library
from yags_desk.storage.wording import gm_lines

__all__ = ["ask_and_import", "import_file"]

_MAX_LINES = 20


def import_file(parent: QWidget | None, library: Library, path: Path) -> list[Path]:
    """Import ``path`` into ``library``; the files written (none after a message)."""
    try:
        characters = import_characters(path, library.root)
    except (DocumentError, OSError) as exc:
        lines = gm_lines(exc.errors) if isinstance(exc, DocumentError) else [str(exc)]
        more = len(lines) - _MAX_LINES
        text = "\n".join(lines[:_MAX_LINES] + ([f"… and {more} more"] if more > 0 else []))
        QMessageBox.warning(parent, "Nothing imported",
                            f"{path.name} could not be imported:\n\n{text}")
        return []
    written: list[Path] = []
    try:
        for character in characters:
            written.append(library.save_character(character))
    except (DocumentError, ReadOnlyError, OSError) as exc:
        QMessageBox.warning(parent, "Import stopped",
                            f"{len(written)} of {len(characters)} characters were saved; "
                            f"then: {exc}")
    return written


def ask_and_import(parent: QWidget | None, library: Library) -> list[Path]:
    """Ask for a spreadsheet file and import it; the files written."""
    name, _ = QFileDialog.getOpenFileName(
        parent, "Import characters", str(Path.home()),
        "Spreadsheets (*.csv *.txt);;All files (*)")
    if not name:
        return []
    return import_file(parent, library, Path(name))
