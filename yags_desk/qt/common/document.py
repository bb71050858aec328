"""The contract between the main window and the documents it shows in tabs.

A document is a character being edited, a catalogue, or (later) an encounter on
the battle board. Each one owns a :class:`QUndoStack`; the main window puts the
stacks in one :class:`QUndoGroup` so Edit ▸ Undo acts on the tab in front, and
shows ``*`` in the title while a stack is not clean (unsaved changes).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

__all__ = ["DocumentView"]


class DocumentView(QWidget):
    """Base class of every tab the main window hosts.

    Subclasses push a ``QUndoCommand`` for every edit, implement :meth:`title`
    and :meth:`save`, and emit :attr:`title_changed` when their name changes.
    ``key`` identifies the document for autosave and for not opening it twice.
    """

    title_changed = Signal(str)
    # A status-bar message for the main window to show (text, milliseconds).
    status_message = Signal(str, int)

    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.undo_stack = QUndoStack(self)
        # A bound slot, not a lambda: Qt disconnects it when the view is destroyed,
        # so a stack cleaned during destruction never calls into a dead view.
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    @Slot(bool)
    def _clean_changed(self, _clean: bool) -> None:
        self.title_changed.emit(self.title())

    def title(self) -> str:
        """The name shown on the tab and in the window title (without ``*``)."""
        raise NotImplementedError

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def save(self) -> bool:
        """Write the document; True on success. On failure show the reason and
        return False, leaving the file on disk untouched."""
        raise NotImplementedError

    def printable(self) -> list[Any]:
        """What File ▸ Print prints for this tab: characters, or one encounter
        or battle (default: nothing)."""
        return []

    def print_extras(self) -> dict[str, Any]:
        """Keyword arguments File ▸ Print passes to ``printing.build`` with
        :meth:`printable` (the battle board's forecast); default: none."""
        return {}

    def autosave(self) -> None:
        """Write a recovery copy if there are unsaved changes (default: nothing)."""

    def busy(self) -> str:
        """What the tab is in the middle of (it cannot close now), or ``""``."""
        return ""

    def stop(self) -> None:
        """Stop what :meth:`busy` names as soon as it safely can (default: nothing)."""
