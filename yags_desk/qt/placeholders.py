"""Read-only tabs used while the character editor or catalogue view is not installed.

The main window imports the real editors lazily; when that import fails it
shows these instead, so it opens, lists and saves on its own. A placeholder
character shows the sheet summary of every derived value (the command line's
``sheet``); it can still save a recovered copy it was opened with.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from yags_desk.qt.document import DocumentView
from yags_desk.rules.character import Character
from yags_desk.rules.editions import Edition
from yags_desk.storage.documents import DocumentError
from yags_desk.storage.library import Library

__all__ = ["PlaceholderCatalogueView", "PlaceholderCharacterView", "character_key"]


def character_key(character: Character) -> str:
    """The document key of a character tab: stable across renames and "save as"."""
    return f"character-{character.id}"


def _text_view(text: str, note: str) -> tuple[QLabel, QTextBrowser]:
    label = QLabel(note)
    label.setWordWrap(True)
    browser = QTextBrowser()
    browser.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    browser.setHtml(f"<pre>{html.escape(text)}</pre>")
    return label, browser


class PlaceholderCharacterView(DocumentView):
    """A character's sheet summary, read-only."""

    saved = Signal(Path)

    def __init__(self, character: Character, path: Path | None, library: Library,
                 parent: QWidget | None = None) -> None:
        super().__init__(character_key(character), parent)
        from yags_desk.cli import sheet_text
        from yags_desk.rules.derived import derive

        self._character = character
        self.path = path
        self.library = library
        note, self.browser = _text_view(
            sheet_text(character, derive(character)),
            "Read-only summary: the character editor is not part of this build.")
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.browser, 1)

    def character(self) -> Character:
        return self._character

    def title(self) -> str:
        return self._character.name

    def save(self) -> bool:
        try:
            path = self.library.save_character(self._character, self.path)
        except (DocumentError, OSError) as exc:
            self.status_message.emit(f"Not saved: {exc}", 8000)
            return False
        self.path = path
        self.undo_stack.setClean()
        self.saved.emit(path)
        return True

    def autosave(self) -> None:
        if self.is_modified():
            self.library.autosave(self.key, "character", self._character)


class PlaceholderCatalogueView(DocumentView):
    """The items of one edition's catalogue, as text."""

    def __init__(self, edition: Edition, library: Library,
                 parent: QWidget | None = None) -> None:
        super().__init__(f"catalogue-{edition}", parent)
        from yags_desk.storage.catalogues import load_catalogue

        self.edition = edition
        catalogue = load_catalogue(edition, library.root)
        lines = [f"{getattr(item, 'kind', 'armour'):<8} {item.name}"
                 + ("" if catalogue.is_builtin(item.id) else "  (yours)")
                 for item in catalogue.items]
        note, self.browser = _text_view(
            "\n".join(lines), "Read-only list: the catalogue view is not part of this build.")
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.browser, 1)

    def title(self) -> str:
        return f"Catalogue ({self.edition})"

    def save(self) -> bool:
        return True
