"""The GM's override of a number (with a reason) and conditions with durations.

Both build the event and let the reducer decide (a track's limit, classic
stuns); a refusal is shown and the dialog stays open.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from yags_desk.qt.battle.dialogs.common import EventDialog, ask, fighter_summary
from yags_desk.qt.common.counted import count_suffix
from yags_desk.rules.combat.events import KNOWN_CONDITIONS, Override, SetCondition
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState, FighterState

__all__ = ["ConditionDialog", "OverrideDialog", "override_fields"]

_FIELD_LABELS = {"wounds": "Wounds (body levels / wounds)", "stuns": "Stuns",
                 "fatigue_short": "Short-term fatigue", "fatigue_long": "Long-term fatigue",
                 "initiative": "Initiative", "row": "Board row"}


def override_fields(edition: str) -> tuple[str, ...]:
    """The numbers a GM may set; stuns are 0.8 only (RULES 2)."""
    fields = ("wounds", "stuns", "fatigue_short", "fatigue_long", "initiative", "row")
    return tuple(f for f in fields if edition == "0.8" or f != "stuns")


def _current(f: FighterState, field: str) -> int:
    return int(getattr(f, field) or 0)


class OverrideDialog(EventDialog[Override]):
    """``field_combo``, ``value_spin``, ``reason_edit`` (required)."""

    def __init__(self, parent: QWidget | None, state: CombatState, fighter_id: str) -> None:
        f = state.fighter(fighter_id)
        super().__init__(parent, f"Override: {f.name}", "Apply")
        self.state, self.fighter_id = state, fighter_id
        self.who_label = QLabel(fighter_summary(state, f), self)
        self.who_label.setWordWrap(True)
        self.field_combo = QComboBox(self)
        for name in override_fields(state.edition):
            self.field_combo.addItem(_FIELD_LABELS[name], name)
        self.value_spin = QSpinBox(self)
        self.value_spin.setRange(0, 10_000)
        self.reason_edit = QLineEdit(self)
        self.reason_edit.setPlaceholderText("Why (required; it goes in the log)")
        self.reason_edit.setMaxLength(500)
        self.lay_out_form(self.who_label, (("&Number", self.field_combo),
                                           ("&Value", self.value_spin),
                                           ("&Reason", self.reason_edit)))
        self.field_combo.currentIndexChanged.connect(self._field_changed)
        self.reason_edit.textChanged.connect(self._reason_changed)
        self._field_changed()
        self._reason_changed()
        self.setMinimumWidth(440)
        self.field_combo.setFocus()

    @staticmethod
    def run(parent: QWidget | None, state: CombatState, fighter_id: str) -> Override | None:
        return ask(OverrideDialog(parent, state, fighter_id))

    def _field_changed(self) -> None:
        f = self.state.fighter(self.fighter_id)
        self.value_spin.setValue(_current(f, str(self.field_combo.currentData())))

    def _reason_changed(self) -> None:
        ok = bool(self.reason_edit.text().strip())
        self.apply_button.setEnabled(ok)
        self.apply_button.setToolTip("" if ok else "reason: say why the number changes")

    def build_result(self) -> Override:
        e = Override(id=self.fighter_id, field=self.field_combo.currentData(),
                     value=self.value_spin.value(), reason=self.reason_edit.text().strip())
        apply(self.state, e)
        return e


class ConditionDialog(EventDialog[SetCondition]):
    """``condition_combo`` (editable: known names or free text), ``rounds_spin``,
    ``until_cleared_check``."""

    def __init__(self, parent: QWidget | None, state: CombatState, fighter_id: str) -> None:
        f = state.fighter(fighter_id)
        super().__init__(parent, f"Condition: {f.name}", "Apply")
        self.state, self.fighter_id = state, fighter_id
        self.who_label = QLabel(fighter_summary(state, f), self)
        self.who_label.setWordWrap(True)
        self.condition_combo = QComboBox(self)
        self.condition_combo.setEditable(True)
        self.condition_combo.addItems(list(KNOWN_CONDITIONS))
        self.condition_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.until_cleared_check = QCheckBox("Until cleared", self)
        self.until_cleared_check.setChecked(True)
        self.rounds_spin = QSpinBox(self)
        self.rounds_spin.setRange(1, 10_000)
        count_suffix(self.rounds_spin, "round")
        self.rounds_spin.setEnabled(False)
        self.rounds_spin.setToolTip("Counted down at the end of each round; 1 ends with "
                                    "this round")
        self.lay_out_form(self.who_label, (("&Condition", self.condition_combo),
                                           ("&Lasts", self.rounds_spin),
                                           ("", self.until_cleared_check)))
        self.until_cleared_check.toggled.connect(
            lambda on: self.rounds_spin.setEnabled(not on))
        self.setMinimumWidth(420)
        self.condition_combo.setFocus()

    @staticmethod
    def run(parent: QWidget | None, state: CombatState,
            fighter_id: str) -> SetCondition | None:
        return ask(ConditionDialog(parent, state, fighter_id))

    def build_result(self) -> SetCondition:
        rounds = None if self.until_cleared_check.isChecked() else self.rounds_spin.value()
        e = SetCondition(id=self.fighter_id, condition=self.condition_combo.currentText(),
                         rounds=rounds)
        apply(self.state, e)
        return e
