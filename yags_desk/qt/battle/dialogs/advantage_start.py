"""Starting advantage… (RULES 3.2): for each side, the lines of the seed's table
that apply to it; Apply gives one :class:`StartingAdvantage` per side with any
line ticked (and switches the Advantage rule on first when it is off, so the
dialog never does nothing). Logged and undone like any event."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.battle.dialogs.common import EventDialog, ask
from yags_desk.rules.combat.events import Event, SetOption, StartingAdvantage
from yags_desk.rules.combat.optional.advantage import STARTING, starting_total
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["StartingAdvantageDialog"]

_GROUPS = ("outnumbering", "terrain", "threat")  # one line of each at most
_SWITCHES = ("manoeuvrability", "surprise")


class _SideBox(QGroupBox):
    """One side's lines: two boxes and three choices, with the total."""

    def __init__(self, parent: QWidget, side: str) -> None:
        super().__init__(f"Side {side}", parent)
        self.side = side
        form = QFormLayout(self)
        self.boxes: dict[str, QCheckBox] = {}
        self.combos: dict[str, QComboBox] = {}
        for key in _SWITCHES:
            text, n = STARTING[key]
            box = QCheckBox(f"{text} (+{n})", self)
            box.setObjectName(f"{side}_{key}")
            box.toggled.connect(self._update)
            self.boxes[key] = box
            form.addRow(box)
        for group in _GROUPS:
            combo = QComboBox(self)
            combo.setObjectName(f"{side}_{group}")
            combo.addItem("None", "")
            for key, (text, n) in STARTING.items():
                if key.startswith(group + "_"):
                    combo.addItem(f"+{n}: {text.split(': ', 1)[1]}", key)
            combo.currentIndexChanged.connect(self._update)
            self.combos[group] = combo
            form.addRow(group.capitalize(), combo)
        self.total_label = QLabel(self)
        self.total_label.setObjectName(f"{side}_total")
        form.addRow("Starts with", self.total_label)
        self._update()

    def chosen(self) -> tuple[str, ...]:
        keys = [k for k, box in self.boxes.items() if box.isChecked()]
        keys += [str(c.currentData()) for c in self.combos.values() if c.currentData()]
        return tuple(keys)

    def _update(self) -> None:
        n = starting_total(self.chosen())
        self.total_label.setText(f"advantage {n} (+{2 * n} attack and defence)")


class StartingAdvantageDialog(EventDialog[list[Event]]):
    """``sides`` (side name → its box), ``reason_edit``."""

    def __init__(self, parent: QWidget | None, state: CombatState) -> None:
        super().__init__(parent, "Starting advantage (RULES 3.2)", "Apply")
        self.state = state
        names = list(dict.fromkeys(f.side for f in state.active()))
        off = "" if state.options.uses("advantage") else (
            f" The rule \u201c{OPTIONAL_RULES['advantage']}\u201d is off; Apply switches it "
            "on.")
        self.intro = QLabel("Tick what gives each side the upper hand as the fight starts. "
                            "Every fighter of the side gets the total; a side with nothing "
                            "ticked keeps what it has." + off, self)
        self.intro.setWordWrap(True)
        row = QGridLayout()  # two sides a row, so many sides still fit the screen
        self.sides: dict[str, _SideBox] = {}
        for n, side in enumerate(names):
            box = _SideBox(self, side)
            self.sides[side] = box
            row.addWidget(box, n // 2, n % 2)
        self.reason_edit = QLineEdit(self)
        self.reason_edit.setMaxLength(500)
        self.reason_edit.setPlaceholderText("Why (optional; it goes in the log)")
        reason = QFormLayout()
        reason.addRow("&Reason", self.reason_edit)
        lay = QVBoxLayout(self)
        lay.addWidget(self.intro)
        lay.addLayout(row)
        lay.addLayout(reason)
        lay.addWidget(self.error_label)
        lay.addWidget(self.button_box)

    @staticmethod
    def run(parent: QWidget | None, state: CombatState) -> list[Event] | None:
        return ask(StartingAdvantageDialog(parent, state))

    def build_result(self) -> list[Event]:
        reason = self.reason_edit.text().strip()
        events: list[Event] = [
            StartingAdvantage(side=side, circumstances=box.chosen(), reason=reason)
            for side, box in self.sides.items() if box.chosen()]
        if not events:
            raise ValueError("Nothing ticked: choose at least one line for a side, or "
                             "Cancel")
        if not self.state.options.uses("advantage"):
            events.insert(0, SetOption(option="advantage", value=True, reason=reason))
        state = self.state
        for event in events:
            state = apply(state, event)  # a refusal keeps the dialog open
        return events
