"""One edition's weapon and armour catalogue, shared by every view of it.

The catalogue view edits it (through its undo stack); character editors read
it for their equipment picker and refresh when :attr:`CatalogueStore.changed`
fires. The store holds an immutable :class:`~yags_desk.rules.catalogue.Catalogue`
and swaps in a new one on every change, so an undo command only needs to keep
the previous object.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from yags_desk.rules.catalogue import Catalogue
from yags_desk.rules.editions import Edition
from yags_desk.storage import catalogues as storage
from yags_desk.storage.documents import DocumentError

__all__ = ["CatalogueStore"]


class CatalogueStore(QObject):
    """The built-in and custom items of one edition, loaded from the library at ``root``.

    If the GM's custom-items file cannot be read, the store opens with the
    built-in items only and keeps the reason in :attr:`load_error`; saving then
    fails with a message rather than overwrite the unreadable file.
    """

    changed = Signal()

    def __init__(self, edition: Edition, root: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.edition: Edition = edition
        self.root = root
        self.load_error: DocumentError | None = None
        try:
            self._catalogue = storage.load_catalogue(edition, root)
        except DocumentError as exc:
            self.load_error = exc
            self._catalogue = Catalogue(edition, storage.load_builtin_catalogue(edition))

    @property
    def catalogue(self) -> Catalogue:
        return self._catalogue

    def set_catalogue(self, catalogue: Catalogue) -> None:
        """Replace the catalogue (same edition) and emit :attr:`changed`."""
        if catalogue.edition != self.edition:
            raise ValueError(f"edition: a {catalogue.edition} catalogue cannot replace the "
                             f"{self.edition} one")
        if catalogue is self._catalogue:
            return
        self._catalogue = catalogue
        self.changed.emit()

    def save(self) -> Path:
        """Write the custom items; raises DocumentError or OSError and leaves the file
        as it was when that fails."""
        return storage.save_custom_items(self._catalogue, self.root)

    def path(self) -> Path:
        """The file the custom items are saved in."""
        return storage.user_catalogue_path(self.edition, self.root)
