"""One roll, rolled with the board's generator or typed in from real dice.

Kinds: ``"2d10!"`` (classic, RULES 1.1: type the dice as "7 10 4"; every 10 owes
one more die, checked by :func:`rules.dice.open_roll_from_typed`), ``"d20"``
(0.8, RULES 2: one face 1-20) and ``"dN"`` (a plain die, e.g. the stray die
of a shot into a melee or the initiative roll-off). A wrong entry shows the
problem under the field, naming the field, and gives no value.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from yags_desk.qt.battle.dialogs.message_lines import styled_error_label
from yags_desk.rules.dice import D20Roll, OpenRoll, roll_2d10x, roll_d20
from yags_desk.rules.errors import DiceError
from yags_desk.rules.typed_dice import DiceValue, parse_typed

__all__ = ["DiceEntry", "DiceLineEdit", "DiceValue", "parse_typed"]

def _text_of(value: DiceValue) -> str:
    if isinstance(value, OpenRoll):
        return " ".join(str(d) for d in value.dice)
    if isinstance(value, D20Roll):
        return str(value.natural)
    return str(value)


class DiceLineEdit(QLineEdit):
    """A line edit where R asks for "roll all" (``roll_requested``): dice are
    numbers, so the letter is never text here, and the dialog's R works even
    while typing dice."""

    roll_requested = Signal()

    def event(self, e: QEvent) -> bool:
        if (e.type() == QEvent.Type.ShortcutOverride and isinstance(e, QKeyEvent)
                and _is_r(e)):
            e.accept()  # the key comes here as a key press, not to a shortcut
            return True
        return super().event(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        if _is_r(e):
            self.roll_requested.emit()
            return
        super().keyPressEvent(e)


def _is_r(e: QKeyEvent) -> bool:
    return (e.key() == Qt.Key.Key_R
            and e.modifiers() in (Qt.KeyboardModifier.NoModifier,
                                  Qt.KeyboardModifier.ShiftModifier))


class DiceEntry(QWidget):
    """Field + Roll button + total + error line. ``changed`` fires on every edit."""

    changed = Signal()
    roll_requested = Signal()  # R typed in the field: the dialog rolls everything

    def __init__(self, kind: str, field: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if kind not in ("2d10!", "d20") and not (kind.startswith("d") and kind[1:].isdigit()):
            raise ValueError(f"kind: {kind!r} is not 2d10!, d20 or dN")
        self.kind, self.field = kind, field
        self.edit = DiceLineEdit(self)
        self.edit.setAccessibleName(field)
        self.edit.setPlaceholderText({"2d10!": "e.g. 7 10 4", "d20": "1-20"}.get(
            kind, f"1-{kind[1:]}"))
        self.edit.setToolTip(
            "Type the dice as rolled, e.g. 7 10 4: every 10 is rolled again and added "
            "(Rules reference §1.1)" if kind == "2d10!" else f"Type the {kind} as rolled")
        self.edit.setMinimumWidth(90)
        self.roll_button = QPushButton("Roll", self)
        self.roll_button.setAutoDefault(False)
        self.roll_button.setToolTip(f"Roll {kind} for {field}")
        self.total_label = QLabel(self)
        self.total_label.setMinimumWidth(60)
        self.error_label = styled_error_label(self)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.roll_button)
        row.addWidget(self.total_label)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        box.addLayout(row)
        box.addWidget(self.error_label)
        self._rng: random.Random | None = None
        self._value: DiceValue | None = None
        self._error = ""
        # The inline error line keeps its room while hidden, so the fields below it
        # do not jump as it comes and goes (issue 12 item 8).
        self.error_label.setMinimumHeight(self.error_label.fontMetrics().lineSpacing())
        self._inline = True
        self._reserve(True)
        self.edit.textChanged.connect(self._parse)
        self.roll_button.clicked.connect(self._roll_clicked)
        self.edit.roll_requested.connect(self.roll_requested)

    @property
    def inline_errors(self) -> bool:
        """False (a table cell, the attack dialog): the dialog lists the problems in
        its own message line and the field keeps no error line of its own."""
        return self._inline

    @inline_errors.setter
    def inline_errors(self, on: bool) -> None:
        self._inline = on
        self._reserve(on)
        self.error_label.setVisible(bool(self._error) and on)

    def _reserve(self, on: bool) -> None:
        policy = self.error_label.sizePolicy()
        policy.setRetainSizeWhenHidden(on)
        self.error_label.setSizePolicy(policy)

    def set_rng(self, rng: random.Random) -> None:
        self._rng = rng

    @property
    def value(self) -> DiceValue | None:
        """The roll, or None when empty or wrong."""
        return self._value

    @property
    def error(self) -> str:
        return self._error

    def is_empty(self) -> bool:
        return not self.edit.text().strip()

    def set_value(self, value: DiceValue) -> None:
        self.edit.setText(_text_of(value))

    def roll(self, rng: random.Random | None = None) -> DiceValue:
        """Roll with ``rng`` (or the one given by :meth:`set_rng`) and show it."""
        rng = rng or self._rng
        if rng is None:
            raise ValueError(f"{self.field}: no dice generator to roll with")
        value: DiceValue
        if self.kind == "2d10!":
            value = roll_2d10x(rng)
        elif self.kind == "d20":
            value = D20Roll(roll_d20(rng))
        else:
            value = rng.randint(1, int(self.kind[1:]))
        self.set_value(value)
        return value

    def clear(self) -> None:
        self.edit.clear()

    def _roll_clicked(self) -> None:
        self.roll()

    def _parse(self) -> None:
        try:
            self._value = parse_typed(self.kind, self.edit.text(), self.field)
            self._error = ""
        except DiceError as e:
            self._value, self._error = None, str(e)
        v = self._value
        self.total_label.setText("" if v is None else f"= {v.total}"
                                 if isinstance(v, OpenRoll) else "")
        self.error_label.setText(self._error)
        self.error_label.setVisible(bool(self._error) and self.inline_errors)
        self.changed.emit()

