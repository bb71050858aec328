"""The dice roller dock: notation, quick buttons, a seeded or free generator, a history.

Notation is the rules core's (:func:`yags_desk.rules.dice.parse`): ``2d10!+5``,
``d20-3``, ``3d6``, ``d%``. A bad expression shows the parser's message under
the field and rolls nothing. Fumbles follow the notation roller's rule
(RULES 1.1 for ``2d10!``, RULES 2 for ``d20``).

Seeded: the generator is ``random.Random(seed)``; it starts again from the seed
whenever the seed changes, the "free" box is cleared, or the history is cleared,
so the same seed and the same rolls give the same history. Free: one generator
seeded once from ``os.urandom``.
"""

from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.common.icons import icon
from yags_desk.rules.errors import DiceError

if TYPE_CHECKING:  # the roller itself loads with the first roll, after the window shows
    from yags_desk.rules.dice import RollResult

__all__ = ["QUICK_ROLLS", "DiceDock", "DiceHistoryModel", "describe"]

QUICK_ROLLS = ("2d10!", "d20", "d100")
MAX_HISTORY = 500
# [decision] Six digits are plenty for a seed a GM types and reads out.
MAX_SEED = 999_999
# The invalid index, as a default argument (an immutable value).
_NO_INDEX = QModelIndex()


def dice_text(result: RollResult) -> str:
    """The dice, each exploded one with its extras: ``10!+10!+3 4`` (2d10! rolling
    10, 4 and then 10, 3 for the first die)."""
    if not result.chains:
        return " ".join(str(d) for d in result.dice) or "none"
    return " ".join("!+".join(str(f) for f in chain) for chain in result.chains)


def describe(result: RollResult) -> str:
    """One history line: ``2d10!+5 = 32   dice 10!+10!+3 4   FUMBLE``."""
    dice = dice_text(result)
    text = f"{result.expression} = {result.total}    dice {dice}"
    return text + "    FUMBLE" if result.fumble else text


class DiceHistoryModel(QAbstractListModel):
    """Rolls, newest first."""

    ResultRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rolls: list[RollResult] = []

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _NO_INDEX) -> int:
        return 0 if parent.isValid() else len(self._rolls)

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rolls):
            return None
        result = self._rolls[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return describe(result)
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = f"{result.expression}: total {result.total}, dice " + (
                ", ".join(str(d) for d in result.dice) or "none")
            if any(len(chain) > 1 for chain in result.chains):
                tip += " (! marks a die that exploded and rolled again)"
            return tip + (" - a fumble" if result.fumble else "")
        if role == Qt.ItemDataRole.ForegroundRole and result.fumble:
            return QColor("#d9534f")
        if role == Qt.ItemDataRole.FontRole and index.row() == 0:
            font = QFont()
            font.setBold(True)
            return font
        if role == self.ResultRole:
            return result
        return None

    def rolls(self) -> list[RollResult]:
        return list(self._rolls)

    def add(self, result: RollResult) -> None:
        self.beginInsertRows(QModelIndex(), 0, 0)
        self._rolls.insert(0, result)
        self.endInsertRows()
        if len(self._rolls) > 1:  # the previous newest row is no longer bold
            self.dataChanged.emit(self.index(1), self.index(1), [Qt.ItemDataRole.FontRole])
        if len(self._rolls) > MAX_HISTORY:
            self.beginRemoveRows(QModelIndex(), MAX_HISTORY, len(self._rolls) - 1)
            del self._rolls[MAX_HISTORY:]
            self.endRemoveRows()

    def clear(self) -> None:
        if not self._rolls:
            return
        self.beginRemoveRows(QModelIndex(), 0, len(self._rolls) - 1)
        self._rolls.clear()
        self.endRemoveRows()


class DiceDock(QDockWidget):
    """A dock to roll dice by notation, with a history and a seed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Dice", parent)
        self.setObjectName("dice_dock")
        self._free_rng: random.Random | None = None
        self._rng = self._new_rng()

        self.expression = QLineEdit()
        self.expression.setObjectName("dice_expression")
        self.expression.setPlaceholderText("2d10!+5, d20-3, 3d6…")
        self.expression.setToolTip("Dice notation: NdS, ! for open-ended dice, d% for d100, "
                                   "+ and - between terms. Enter rolls.")
        self.expression.setClearButtonEnabled(True)
        self.expression.returnPressed.connect(self.roll_current)
        self.expression.textEdited.connect(lambda _t: self._show_error(""))

        self.roll_button = QPushButton(icon("dice"), "Roll")
        self.roll_button.setObjectName("dice_roll")
        self.roll_button.clicked.connect(self.roll_current)

        self.error = QLabel()
        self.error.setObjectName("dice_error")
        self.error.setWordWrap(True)
        self.error.setVisible(False)

        quick = QHBoxLayout()
        self.quick_buttons: dict[str, QToolButton] = {}
        for text in QUICK_ROLLS:
            button = QToolButton()
            button.setText(text)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.setToolTip(f"Roll {text}")
            button.clicked.connect(lambda _checked=False, t=text: self.roll_text(t))
            quick.addWidget(button)
            self.quick_buttons[text] = button

        self.free = QCheckBox("Free")
        self.free.setToolTip("Free: unpredictable rolls. Clear it to roll from a seed, "
                             "which repeats the same rolls.")
        self.free.setChecked(True)
        self.seed = QSpinBox()
        self.seed.setObjectName("dice_seed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setPrefix("seed ")
        self.seed.setToolTip("The same seed gives the same rolls again")
        self.seed.setEnabled(False)
        self.free.toggled.connect(self._mode_changed)
        self.seed.valueChanged.connect(lambda _v: self.restart())

        self.clear_button = QToolButton()
        self.clear_button.setIcon(icon("clear"))
        self.clear_button.setText("Clear")
        self.clear_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.clear_button.setToolTip("Clear the history (a seeded roller starts again)")
        self.clear_button.clicked.connect(self.clear_history)

        self.history_model = DiceHistoryModel(self)
        self.history = QListView()
        self.history.setObjectName("dice_history")
        self.history.setModel(self.history_model)
        self.history.setAlternatingRowColors(True)
        self.history.setUniformItemSizes(True)

        line = QHBoxLayout()
        line.addWidget(self.expression, 1)
        line.addWidget(self.roll_button)
        seed_line = QHBoxLayout()
        seed_line.addWidget(self.free)
        seed_line.addWidget(self.seed, 1)
        seed_line.addWidget(self.clear_button)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(line)
        layout.addWidget(self.error)
        layout.addLayout(quick)
        layout.addLayout(seed_line)
        layout.addWidget(self.history, 1)
        self.setWidget(body)

    # -- generator ----------------------------------------------------------------

    def _new_rng(self) -> random.Random:
        if getattr(self, "free", None) is None or self.free.isChecked():
            if self._free_rng is None:
                self._free_rng = random.Random(int.from_bytes(os.urandom(16), "big"))
            return self._free_rng
        return random.Random(self.seed.value())

    def _mode_changed(self, free: bool) -> None:
        self.seed.setEnabled(not free)
        self.restart()

    def restart(self) -> None:
        """Start the seeded sequence again (free rolls simply carry on)."""
        self._rng = self._new_rng()

    def set_seed(self, seed: int | None) -> None:
        """``None``: free rolls; a number: rolls from that seed, from its start."""
        if seed is None:
            self.free.setChecked(True)
            return
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed: {seed} is outside 0 to {MAX_SEED}")
        self.seed.blockSignals(True)
        self.seed.setValue(seed)
        self.seed.blockSignals(False)
        if self.free.isChecked():
            self.free.setChecked(False)  # restarts
        else:
            self.restart()

    # -- rolling ------------------------------------------------------------------

    def _show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))
        self._colour_error()

    def _colour_error(self) -> None:
        # A red that reads on the current background (light or dark palette).
        dark = QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
        self.error.setStyleSheet(f"color: {'#ff8a80' if dark else '#b3261e'};"
                                 if self.error.text() else "")

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._colour_error()
        super().changeEvent(event)

    def roll_current(self) -> RollResult | None:
        return self.roll_text(self.expression.text())

    def roll_text(self, text: str) -> RollResult | None:
        """Roll ``text``; on a bad expression show why and add nothing."""
        try:
            from yags_desk.rules.dice import parse, roll

            expression = parse(text)
        except DiceError as exc:
            self._show_error(f"expression: {exc}")
            return None
        result = roll(expression, rng=self._rng)
        self._show_error("")
        if self.expression.text() != text:
            self.expression.setText(text)
        self.history_model.add(result)
        self.history.scrollToTop()
        return result

    def clear_history(self) -> None:
        self.history_model.clear()
        self.restart()
