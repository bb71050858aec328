"""The problem and guidance lines of the battle dialogs and the board: a red
that reads on light and dark palettes for errors, a calm blue for hints.

Apart from :mod:`common` so that the dice fields (:mod:`dice_entry`), which
:mod:`common` builds on, can use them too without importing it back.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from yags_desk.qt.help import set_rules_text

__all__ = ["MESSAGE_ROLE", "error_colour", "hint_colour", "show_problem",
           "styled_error_label", "styled_hint_label"]

# The ``messageRole`` property of a message line: "error" (something is wrong and
# nothing will be applied) or "hint" (guidance: what to do next).
MESSAGE_ROLE = "messageRole"


def error_colour() -> str:
    """A red readable on the current palette (light or dark)."""
    dark = QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    return "#ff8a80" if dark else "#b3261e"


def hint_colour() -> str:
    """A calm blue for guidance, readable on the current palette, never the error red."""
    dark = QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    return "#8ab4f8" if dark else "#1a4f8b"


def styled_hint_label(parent: QWidget | None = None) -> QLabel:
    """A word-wrapped label for guidance ("roll or type the damage"), styled apart
    from errors; empty (and hidden) when there is nothing to say."""
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {hint_colour()}; font-style: italic;")
    label.setProperty(MESSAGE_ROLE, "hint")
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    label.setVisible(False)
    return label


def styled_error_label(parent: QWidget | None = None) -> QLabel:
    """A word-wrapped red label for a problem; empty (and hidden) when all is well."""
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {error_colour()};")
    label.setProperty(MESSAGE_ROLE, "error")
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    label.setVisible(False)
    return label


def show_problem(label: QLabel, text: str) -> None:
    """Put ``text`` in a :func:`styled_error_label`, shown only when there is one; its
    "RULES 1.6" citations become links to the rules reference."""
    set_rules_text(label, text)
    label.setVisible(bool(text))
