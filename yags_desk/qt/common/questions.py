"""A question before something that cannot be taken back quietly: writing over a
file changed by something else. Yes or No, with No the default (Enter or Escape
leaves the file as it is)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

__all__ = ["ask_write_over"]


def ask_write_over(parent: QWidget | None, title: str, text: str) -> bool:
    """The GM's yes to ``text``; No is the default button."""
    answer = QMessageBox.question(
        parent, title, text,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes
