"""What every battle dialog shares: a base dialog returning one result, error
text, fighter summaries and percentages.

A dialog is built and driven without ``exec()`` in tests; ``run(...)`` execs it
and returns :attr:`EventDialog.result_value` (None when cancelled).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from pydantic import ValidationError
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.battle.dialogs.dice_entry import DiceEntry
from yags_desk.qt.battle.dialogs.message_lines import (
    MESSAGE_ROLE,
    error_colour,
    hint_colour,
    show_problem,
    styled_error_label,
    styled_hint_label,
)
from yags_desk.rules.combat.optional import objects
from yags_desk.rules.combat.sentences import EXHAUSTED_TEXT, level_text
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.tracks import classic_level, v08_stun_level, v08_wound_level
from yags_desk.storage.wording import gm_text

__all__ = ["MESSAGE_ROLE", "EventDialog", "ask", "error_colour", "error_text",
           "fighter_summary", "hint_colour", "pct_text", "show_problem", "styled_error_label",
           "styled_hint_label"]

def error_text(error: Exception) -> str:
    """The message a GM reads, one line per problem (see storage.wording)."""
    if isinstance(error, ValidationError):
        return gm_text("\n".join(f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}"
                                 for e in error.errors()))
    return str(error)


def pct_text(p: float) -> str:
    """A probability as a percentage to one decimal: ``63.2%``."""
    return f"{p * 100:.1f}%"


def fighter_summary(state: CombatState, f: FighterState) -> str:
    """Name, side and wound state with its penalty, e.g. ``Aldric (Party): Light (-2)``."""
    if f.thing is not None:  # RULES 3.3 breaking things: damage points, not wounds
        return f"{f.name} ({f.side}): {objects.points_text(f)}"
    if state.edition == "classic":
        name, penalty = classic_level(f.body_boxes(), f.wounds)
        text = level_text(name, penalty)
        if f.fatigue_short or f.fatigue_long:
            text += f", fatigue {f.fatigue_short}+{f.fatigue_long}"
    else:
        name, penalty = v08_wound_level(f.wounds, state.options.v08_track())
        text = level_text(name, penalty)
        if f.stuns:
            sname, spen = v08_stun_level(f.stuns)
            text += f", {level_text(sname, spen)}"
    conditions = ", ".join(([EXHAUSTED_TEXT] if f.exhausted else [])  # 0.8 full track
                           + [n.replace("_", " ") for n, _ in f.conditions])
    if conditions:
        text += f"; {conditions}"
    return f"{f.name} ({f.side}): {text}"


R = TypeVar("R")


class EventDialog(QDialog, Generic[R]):
    """A modal dialog whose OK/Apply gives :attr:`result_value` (an event, or a list).

    Subclasses build their form, call :meth:`finish_layout` helpers, and
    implement :meth:`build_result` (raise RulesError / ValueError to refuse:
    the message is shown and the dialog stays open).
    """

    def __init__(self, parent: QWidget | None, title: str, apply_text: str = "Apply") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setModal(True)
        self.error_label = styled_error_label(self)
        self.button_box = QDialogButtonBox(self)
        self.apply_button: QPushButton = self.button_box.addButton(
            apply_text, QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel_button: QPushButton = self.button_box.addButton(
            QDialogButtonBox.StandardButton.Cancel)
        self.apply_button.setDefault(True)
        self.apply_button.setAutoDefault(True)
        self.cancel_button.setAutoDefault(False)
        self.button_box.accepted.connect(self.try_accept)
        self.button_box.rejected.connect(self.reject)
        self.result_value: R | None = None

    def wire_rolling(self, roll: Callable[[], None], button: QPushButton,
                     entries: Iterable[DiceEntry], refresh: Callable[[], None]) -> None:
        """R anywhere in the dialog, ``button`` and a dice field's own roll request
        all call ``roll``; a die typed or rolled into ``entries`` calls ``refresh``."""
        self.roll_shortcut = QShortcut(QKeySequence("R"), self)
        self.roll_shortcut.activated.connect(roll)
        button.clicked.connect(roll)
        for entry in entries:
            entry.changed.connect(refresh)
            entry.roll_requested.connect(roll)

    def lay_out_form(self, who: QLabel,
                     rows: Sequence[tuple[str, QWidget]]) -> dict[QWidget, QLabel]:
        """The usual body: "Who", the captioned fields (the caption's &-letter goes
        to its field), the error line and the buttons; each field's caption."""
        form = QFormLayout()
        form.addRow("Who", who)
        captions: dict[QWidget, QLabel] = {}
        for text, widget in rows:
            caption = QLabel(text, self)
            caption.setBuddy(widget)
            captions[widget] = caption
            form.addRow(caption, widget)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addStretch(1)
        lay.addWidget(self.error_label)
        lay.addWidget(self.button_box)
        return captions

    def show_error(self, text: str) -> None:
        show_problem(self.error_label, text)

    @property
    def result_event(self) -> R | None:
        """What Apply gave (None until then, or when cancelled)."""
        return self.result_value

    def build_result(self) -> R:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def try_accept(self) -> bool:
        """Build the result; on a refusal show why and stay open."""
        if not self.apply_button.isEnabled():
            return False
        try:
            value = self.build_result()
        except (RulesError, ValueError) as e:
            self.show_error(error_text(e))
            return False
        self.result_value = value
        self.show_error("")
        self.accept()
        return True

    def exec_result(self) -> R | None:
        """exec() the dialog: the result, or None when cancelled."""
        return self.result_value if self.exec() == QDialog.DialogCode.Accepted else None


def ask(dialog: EventDialog[R]) -> R | None:
    """Show ``dialog`` modally and dispose of it: what the GM applied, or None."""
    result = dialog.exec_result()
    dialog.deleteLater()
    return result
