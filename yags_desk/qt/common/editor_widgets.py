"""Small widgets shared by the catalogue view, the item dialog and the character editor.

- :class:`MessageBar`: a closable strip above a view for errors ("file: field:
  problem" lines) and notices, instead of a blocking message box.
- :class:`FieldMessage`: the red border and the reason shown at a field that
  refused a value.
- small helpers to build tool buttons, fields with their message, and the
  Delete key of a list.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

__all__ = [
    "ERROR_COLOUR",
    "FieldMessage",
    "MessageBar",
    "on_delete_key",
    "selected_rows",
    "with_message",
]

ERROR_COLOUR = "#d32f2f"
_BAR_STYLES = {
    "error": "QFrame#messageBar { background: rgba(211, 47, 47, 40); "
             "border: 1px solid #d32f2f; border-radius: 4px; }",
    "info": "QFrame#messageBar { background: rgba(25, 118, 210, 36); "
            "border: 1px solid #1976d2; border-radius: 4px; }",
}


class MessageBar(QFrame):
    """A hidden-until-needed strip: ``show_error(text)`` / ``show_info(text)``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip("Hide this message")
        close.clicked.connect(self.hide)
        layout.addWidget(self.label)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)
        self.kind = ""
        self.hide()

    def text(self) -> str:
        """The message shown, or "" when the bar is hidden."""
        return "" if self.isHidden() else self.label.text()

    def show_error(self, text: str) -> None:
        self._show("error", text)

    def show_info(self, text: str) -> None:
        self._show("info", text)

    def _show(self, kind: str, text: str) -> None:
        self.kind = kind
        self.setStyleSheet(_BAR_STYLES[kind])
        self.label.setText(text)
        self.label.setAccessibleName(f"{kind}: {text}")
        self.show()

    def clear(self) -> None:
        self.kind = ""
        self.label.clear()
        self.hide()


class FieldMessage(QLabel):
    """The reason a field refused a value, shown under it, with a red frame on the field.

    Input fields get a red outline and a red tint through their palette (the
    style keeps drawing them, spin-box arrows included, on light and dark
    schemes); item views get a red border from a style sheet that matches the
    view's own class only, so headers and editors inside are left alone.
    """

    def __init__(self, field: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = field
        self._tooltip = field.toolTip()
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setStyleSheet(f"color: {ERROR_COLOUR};")
        self.hide()

    def show_problem(self, text: str) -> None:
        self.setText(text)
        self.show()
        self.field.setProperty("invalid", True)
        if isinstance(self.field, QAbstractItemView):
            name = self.field.metaObject().className()
            self.field.setStyleSheet(f".{name} {{ border: 2px solid {ERROR_COLOUR}; }}")
        else:
            palette = self.field.palette()
            base = palette.color(QPalette.ColorRole.Base)
            red = QColor(ERROR_COLOUR)
            palette.setColor(QPalette.ColorRole.Window, red)  # Fusion's outline colour
            palette.setColor(QPalette.ColorRole.Base, QColor.fromRgbF(
                base.redF() * 0.8 + red.redF() * 0.2, base.greenF() * 0.8 + red.greenF() * 0.2,
                base.blueF() * 0.8 + red.blueF() * 0.2))
            self.field.setPalette(palette)
        self.field.setToolTip(text)

    def clear_problem(self) -> None:
        if not self.isHidden() or self.field.property("invalid"):
            self.clear()
            self.hide()
            self.field.setProperty("invalid", False)
            if isinstance(self.field, QAbstractItemView):
                self.field.setStyleSheet("")
            else:
                self.field.setPalette(QPalette())  # back to the inherited palette
            self.field.setToolTip(self._tooltip)

    def problem(self) -> str:
        return "" if self.isHidden() else self.text()


def with_message(widget: QWidget, messages: dict[str, FieldMessage], key: str) -> QWidget:
    """``widget`` above its (hidden) FieldMessage, which is stored as ``messages[key]``."""
    holder = QWidget()
    box = QVBoxLayout(holder)
    box.setContentsMargins(0, 0, 0, 0)
    box.setSpacing(2)
    box.addWidget(widget)
    message = FieldMessage(widget)
    box.addWidget(message)
    messages[key] = message
    return holder


def selected_rows(view: QAbstractItemView) -> list[int]:
    """Rows with a selected cell, in order."""
    return sorted({i.row() for i in view.selectionModel().selectedIndexes()})


def on_delete_key(view: QAbstractItemView, remove: Callable[[list[int]], object]) -> None:
    """The Delete key in ``view`` removes its selected rows."""
    shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), view)
    shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
    shortcut.activated.connect(lambda: remove(selected_rows(view)))
