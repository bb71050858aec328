"""The initiative dialog: everyone who needs initiative in one table.

Classic (RULES 1.5): the declared style's initiative + 2d10! every round, a
roll-off die for ties (:func:`procedure_classic.make_initiative`). 0.8
(RULES 2): Intelligence × 4 + d20 once per combat
(:func:`checks_v08.roll_initiative_v08`). NPCs are rolled up front with the
board's generator and stay editable; players' dice are typed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.battle.dialogs.common import EventDialog, ask
from yags_desk.qt.battle.dialogs.dice_entry import DiceEntry
from yags_desk.qt.help import set_rules_text
from yags_desk.rules.combat.checks_v08 import roll_initiative_v08
from yags_desk.rules.combat.events import Initiative
from yags_desk.rules.combat.procedure_classic import (
    TIEBREAK_SIDES,
    initiative_value,
    make_initiative,
)
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import RulesError

__all__ = ["InitiativeDialog"]

_COLUMNS = ("Fighter", "Who rolls", "Before dice", "Dice", f"Tie-break (d{TIEBREAK_SIDES})",
            "Initiative")
_TIPS = ("Who the initiative is for",
         "Players type the dice they rolled; NPCs' dice are rolled here and can be changed",
         "Initiative before the dice (hover a number for where it comes from)",
         "The dice rolled for initiative",
         f"Only for ties: two fighters on the same initiative are ordered by Agility, then "
         f"by this d{TIEBREAK_SIDES}, higher first (RULES 1.5). Rolled for everyone up "
         "front; change it if you roll your own.",
         "Before dice + dice: the fighter's initiative this round")


class InitiativeDialog(EventDialog[list[Initiative]]):
    """``dice_entries[fid]``, ``tiebreak_spins[fid]`` (classic), ``total_items[fid]``."""

    def __init__(self, parent: QWidget | None, state: CombatState, fighter_ids: Sequence[str],
                 rng: random.Random) -> None:
        super().__init__(parent, f"Initiative, round {state.round}", "Apply")
        self.state, self.fighter_ids, self.rng = state, list(fighter_ids), rng
        classic = state.edition == "classic"
        self.events: list[Initiative] | None = None
        self.table = QTableWidget(len(self.fighter_ids), len(_COLUMNS), self)
        for c, (title, tip) in enumerate(zip(_COLUMNS, _TIPS, strict=True)):
            item = QTableWidgetItem(title)
            item.setToolTip(tip)
            self.table.setHorizontalHeaderItem(c, item)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setColumnHidden(4, not classic)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.dice_entries: dict[str, DiceEntry] = {}
        self.tiebreak_spins: dict[str, QSpinBox] = {}
        self.total_items: dict[str, QTableWidgetItem] = {}
        for r, fid in enumerate(self.fighter_ids):
            f = state.fighter(fid)
            pc = f.character.kind == "pc"
            if classic:
                base = initiative_value(state, f)
            else:
                d = f.derived(state.options)
                base = d.initiative  # type: ignore[assignment]
            before = QTableWidgetItem(str(base.total) if base is not None else "–")
            if base is not None:
                before.setToolTip(base.explain())
            self.table.setItem(r, 0, QTableWidgetItem(f.name))
            self.table.setItem(r, 1, QTableWidgetItem("player types" if pc else "NPC, rolled"))
            self.table.setItem(r, 2, before)
            entry = DiceEntry("2d10!" if classic else "d20", f"{f.name}'s dice", self.table)
            entry.inline_errors = False
            entry.set_rng(rng)
            self.table.setCellWidget(r, 3, entry)
            spin = QSpinBox(self.table)
            spin.setRange(0, TIEBREAK_SIDES)
            spin.setToolTip(f"Roll-off die (1-{TIEBREAK_SIDES}) used only among fighters "
                            "tied on initiative and Agility (Rules reference §1.5)")
            self.table.setCellWidget(r, 4, spin)
            total = QTableWidgetItem("")
            self.table.setItem(r, 5, total)
            self.dice_entries[fid], self.tiebreak_spins[fid] = entry, spin
            self.total_items[fid] = total
            if not pc:
                entry.roll(rng)
            # [decision] the roll-off die is rolled for everyone up front; it is
            # used only to break ties (RULES 1.5) and stays editable.
            spin.setValue(rng.randint(1, TIEBREAK_SIDES))
            spin.valueChanged.connect(self.refresh)
        self.table.resizeRowsToContents()
        self.roll_button = QPushButton("Roll the missing (R)", self)
        self.roll_button.setAutoDefault(False)
        self.button_box.addButton(self.roll_button, self.button_box.ButtonRole.ActionRole)
        self.wire_rolling(self.roll_missing, self.roll_button, self.dice_entries.values(),
                          self.refresh)
        note = QLabel(self)
        set_rules_text(note, "Classic: the declared style's initiative + 2d10!, every round "
                       "(RULES 1.5). Ties: higher Agility first, then the higher tie-break "
                       "die." if classic else "0.8: Intelligence × 4 + d20, once per combat; "
                       "a natural 1 makes it 0 (RULES 2).")
        note.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(note)
        lay.addWidget(self.table, 1)
        self.status_label = QLabel(self)
        lay.addWidget(self.status_label)
        lay.addWidget(self.error_label)
        lay.addWidget(self.button_box)
        height = min(660, 150 + 30 * len(self.fighter_ids))
        self.resize(760, height)
        self.refresh()
        first = next((e for e in self.dice_entries.values() if e.value is None), None)
        (first or next(iter(self.dice_entries.values()), None) or self.apply_button).setFocus()

    @staticmethod
    def run(parent: QWidget | None, state: CombatState, fighter_ids: Sequence[str],
            rng: random.Random) -> list[Initiative] | None:
        return ask(InitiativeDialog(parent, state, fighter_ids, rng))

    def roll_missing(self) -> None:
        for entry in self.dice_entries.values():
            if entry.value is None:
                entry.roll(self.rng)

    def _event(self, fid: str) -> Initiative | None:
        v = self.dice_entries[fid].value
        if v is None:
            return None
        if self.state.edition == "classic":
            assert isinstance(v, OpenRoll)
            return make_initiative(self.state, fid, v, self.tiebreak_spins[fid].value())
        assert isinstance(v, D20Roll)
        return roll_initiative_v08(self.state, fid, v)

    def refresh(self) -> None:
        problems: list[str] = []
        events: list[Initiative] = []
        for fid in self.fighter_ids:
            entry = self.dice_entries[fid]
            try:
                e = self._event(fid)
            except RulesError as err:
                problems.append(str(err))
                e = None
            if entry.error:
                problems.append(entry.error)
            self.total_items[fid].setText("" if e is None else str(e.total))
            if e is not None:
                events.append(e)
        missing = len(self.fighter_ids) - len(events)
        self.events = events if not missing and not problems else None
        self.show_error("\n".join(problems))
        self.status_label.setText(f"{missing} still to roll or type" if missing else
                                  "Everyone has initiative.")
        self.apply_button.setEnabled(self.events is not None)

    def build_result(self) -> list[Initiative]:
        if self.events is None:
            raise RulesError("dice: every fighter needs its initiative dice")
        return list(self.events)
