"""Rules options… on the board: switch optional rules (RULES 3) and the GM's
numbers of the edition mid-fight (issue 14). Apply gives one :class:`SetOption`
per change, pushed by the board as one undo step.

The boxes come from the rules core's lists, so the form is built here rather
than in Designer (like the optional rules of the New encounter dialog).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from yags_desk.help.refs import for_screen
from yags_desk.qt.battle.dialogs.common import EventDialog, ask
from yags_desk.qt.battle.dialogs.darkness_choice import DarknessChoice
from yags_desk.rules.combat.events import SetDarkness, SetOption
from yags_desk.rules.combat.option_change import GM_SETTINGS, option_value
from yags_desk.rules.combat.optional.actions32 import RULE_TIPS
from yags_desk.rules.combat.optional.harn_state import EDITION_NOTES
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["RulesOptionsDialog"]

# The numbers a GM may set, as RulesOptions allows them: the fumble chance
# (RULES 1.1), metres per board row and rows per move (RULES 3.1).
_NUMBER_RANGES = {"classic_fumble_chance": (0, 20), "board_metres_per_row": (1, 1000),
                  "board_rows_per_move": (1, 99)}


class RulesOptionsDialog(EventDialog[list[SetOption | SetDarkness]]):
    """``setting_widgets`` (the edition's GM numbers: spin boxes and check boxes),
    ``rule_boxes`` (the optional rules), ``darkness_combo`` (RULES 3.3 level),
    ``reason_edit`` (optional, goes in the log)."""

    def __init__(self, parent: QWidget | None, state: CombatState) -> None:
        super().__init__(parent, "Rules options", "Apply")
        self.state = state
        self.intro = QLabel(f"Changes count from now on (round {state.round}); the log "
                            "keeps when each was made, and Undo takes them back.", self)
        self.intro.setWordWrap(True)
        numbers = QGroupBox("GM's settings", self)
        form = QFormLayout(numbers)
        self.setting_widgets: dict[str, QSpinBox | QCheckBox] = {}
        for name, label in GM_SETTINGS[state.edition].items():
            value = option_value(state.options, name)
            widget: QSpinBox | QCheckBox
            if isinstance(value, bool):
                widget = QCheckBox(for_screen(label), numbers)
                widget.setChecked(value)
                form.addRow(widget)
            else:
                widget = QSpinBox(numbers)
                widget.setRange(*_NUMBER_RANGES.get(name, (0, 20)))
                widget.setValue(value)
                widget.setMaximumWidth(90)
                form.addRow(for_screen(label), widget)
            widget.setObjectName(name)
            self.setting_widgets[name] = widget
        rules = QGroupBox("Optional rules", self)
        grid = QGridLayout(rules)
        self.rule_boxes: dict[str, QCheckBox] = {}
        for n, (key, label) in enumerate(OPTIONAL_RULES.items()):
            box = QCheckBox(for_screen(label), rules)
            box.setObjectName(f"rule_{key}")
            box.setChecked(state.options.uses(key))
            box.setToolTip(EDITION_NOTES.get((state.edition, key), "")  # RULES 3.3
                           or RULE_TIPS.get(key, ""))  # RULES 3.2
            self.rule_boxes[key] = box
            grid.addWidget(box, n // 2, n % 2)
        self.darkness_combo = DarknessChoice(rules, state, self.rule_boxes["darkness"])
        dark_form = QFormLayout()
        dark_form.addRow("&Darkness level", self.darkness_combo)
        grid.addLayout(dark_form, len(OPTIONAL_RULES) // 2 + 1, 0, 1, 2)
        self.reason_edit = QLineEdit(self)
        self.reason_edit.setMaxLength(500)
        self.reason_edit.setPlaceholderText("Why (optional; it goes in the log)")
        reason = QFormLayout()
        reason.addRow("&Reason", self.reason_edit)
        lay = QVBoxLayout(self)
        for part in (self.intro, numbers, rules):
            lay.addWidget(part)
        lay.addLayout(reason)
        lay.addWidget(self.error_label)
        lay.addWidget(self.button_box)

    @staticmethod
    def run(parent: QWidget | None,
            state: CombatState) -> list[SetOption | SetDarkness] | None:
        return ask(RulesOptionsDialog(parent, state))

    def chosen(self) -> dict[str, bool | int]:
        """Every option's value as the dialog shows it."""
        values: dict[str, bool | int] = {}
        for name, widget in self.setting_widgets.items():
            values[name] = (widget.isChecked() if isinstance(widget, QCheckBox)
                            else widget.value())
        values.update({key: box.isChecked() for key, box in self.rule_boxes.items()})
        return values

    def build_result(self) -> list[SetOption | SetDarkness]:
        reason = self.reason_edit.text().strip()
        events: list[SetOption | SetDarkness] = [
            SetOption(option=name, value=value, reason=reason)
            for name, value in self.chosen().items()
            if option_value(self.state.options, name) != value]
        dark = self.darkness_combo.event_for(reason)  # RULES 3.3, after the switches
        if dark is not None:
            events.append(dark)
        if not events:
            raise ValueError("Nothing changed: tick, untick or set an option first, "
                             "or Cancel")
        state = self.state
        for event in events:
            state = apply(state, event)  # a refusal keeps the dialog open
        return events
