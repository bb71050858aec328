"""Open files named on the command line or by the desktop (``yags-desk FILE.yags``).

A YAGS Desk file says what it holds in its ``kind`` field, whatever its name
ends with: the library's ``.json`` files and ``.yags`` files (the name the
installers register with the desktop, MIME type :data:`MIME_TYPE`) open the
same way. :func:`open_path` reads the kind and hands the file to the window:
characters open in the character editor, encounters on a battle board, a
catalogue opens its edition's catalogue, a quick-combat battle in the battle
view. A file that cannot be opened is reported in the status bar and
in the returned problem lines; nothing is changed. File ▸ Open, Open recent
and the library go through here too (``MainWindow.open_path``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QStatusBar

from yags_desk.qt.common.document import DocumentView
from yags_desk.rules.editions import Edition
from yags_desk.storage.documents import DocumentError, read_document
from yags_desk.storage.wording import gm_line, gm_text

__all__ = ["FILE_SUFFIX", "MIME_TYPE", "Opener", "open_path", "open_paths"]


class Opener(Protocol):
    """The window as this module sees it: where each kind of file opens."""

    def open_character(self, path: Path | str) -> DocumentView | None: ...

    def open_encounter(self, path: Path | str) -> DocumentView | None: ...

    def open_catalogue(self, edition: Edition) -> DocumentView: ...

    def open_battle(self, path: Path | str) -> DocumentView | None: ...
    def open_healing(self, path: Path | str) -> DocumentView | None: ...

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)

# [decision] The desktop registers "a YAGS Desk file" as this MIME type with the
# glob *.yags; the content is the same JSON envelope as a library file.
MIME_TYPE = "application/x-yags-desk"
FILE_SUFFIX = ".yags"


def _problem(window: Opener, line: str) -> str:
    window.statusBar().showMessage(line, 10_000)
    return line


def open_path(window: Opener, path: Path | str) -> tuple[DocumentView | None, str | None]:
    """Open one file in ``window``: (its tab or None, a problem line or None)."""
    path = Path(path).expanduser().resolve()
    try:
        document = read_document(path)
    except FileNotFoundError:
        return None, _problem(window, f"{path}: no such file")
    except DocumentError as exc:
        first = gm_line(exc.errors[0]) if exc.errors else gm_text(exc)
        return None, _problem(window, f"{path.name}: {first}")
    except OSError as exc:
        return None, _problem(window, f"{path}: cannot be read ({exc.strerror or exc})")
    if document.kind == "character":
        return window.open_character(path), None
    if document.kind == "encounter":
        return window.open_encounter(path), None
    if document.kind == "battle":
        return window.open_battle(path), None
    if document.kind == "healing":
        return window.open_healing(path), None
    if document.kind == "catalogue":
        # [decision] A catalogue file opens its edition's catalogue: the window keeps
        # one catalogue per edition, in the library (RULES editions: classic, 0.8).
        edition = getattr(document.model, "edition", None)
        if edition in ("classic", "0.8"):
            return window.open_catalogue(edition), None
    return None, _problem(window, f"{path.name}: a {document.kind} file does not open in the "
                                  "window")


def open_paths(window: Opener, paths: Iterable[Path | str]) -> list[str]:
    """Open every file in turn; the problem lines of those that did not open."""
    problems: list[str] = []
    for path in paths:
        _view, problem = open_path(window, path)
        if problem is not None:
            problems.append(problem)
    return problems
