"""The base of the catalogue view and the character editor.

:class:`DocumentView` connects its undo stack's ``cleanChanged`` to a lambda.
Qt still calls a lambda while the widget is being destroyed (the stack, a
child, is cleared then), and it fails there with a TypeError that pytest-qt
and the console report. A decorated slot method is not called once the widget
is going away, so this class reconnects through one.
"""

from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QWidget

from yags_desk.qt.document import DocumentView

__all__ = ["EditorDocument"]


class EditorDocument(DocumentView):
    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        super().__init__(key, parent)
        self.undo_stack.cleanChanged.disconnect()
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    @Slot(bool)
    def _clean_changed(self, _clean: bool) -> None:
        self.title_changed.emit(self.title())
