"""Dialogs for the RULES 3.1 actions a card's menu offers: Assist an ally (option
"assist_hamper") and React to an enemy (option "reactions").

Each builds its event and lets the rules decide (an enemy or a far ally, a
reaction with no trigger, the option off): a refusal is shown naming the rule
and the dialog stays open.
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from yags_desk.qt.battle.dialogs.common import EventDialog, ask, fighter_summary
from yags_desk.qt.battle.dialogs.dice_entry import DiceEntry
from yags_desk.rules.combat.events import Assist, Reaction
from yags_desk.rules.combat.optional.assist import OPTION as ASSIST
from yags_desk.rules.combat.optional.assist import attack_value, make_assist
from yags_desk.rules.combat.optional.reactions import OPTION as REACTIONS
from yags_desk.rules.combat.optional.reactions import is_long_spear
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.dice import OpenRoll

__all__ = ["AssistDialog", "ReactionDialog"]


def _off_note(state: CombatState, option: str, label: str) -> str:
    if state.options.uses(option):
        return ""
    return f"\n“{label}” is off: switch it on in Rules options (RULES 3.1)."


class AssistDialog(EventDialog[Assist]):
    """``ally_combo`` (the fighter's side), ``roll_combo`` (attack or defence),
    ``dice`` (2d10! classic, d20 0.8, rolled or typed)."""

    def __init__(self, parent: QWidget | None, state: CombatState, fighter_id: str,
                 rng: random.Random) -> None:
        f = state.fighter(fighter_id)
        super().__init__(parent, f"Assist: {f.name}", "Assist")
        self.state, self.fighter_id = state, fighter_id
        self.who_label = QLabel(fighter_summary(state, f) + _off_note(
            state, ASSIST, "Assist and hamper"), self)
        self.who_label.setWordWrap(True)
        self.ally_combo = QComboBox(self)
        for g in state.active():
            if g.id != f.id and g.side == f.side and not g.dead:
                self.ally_combo.addItem(f"{g.name} (row {g.row}, range {abs(g.row - f.row)})",
                                        g.id)
        self.roll_combo = QComboBox(self)
        self.roll_combo.addItem("Its next attack", "attack")
        self.roll_combo.addItem("Its next defence", "defence")
        kind = "2d10!" if state.edition == "classic" else "d20"
        self.dice = DiceEntry(kind, "dice", self)
        self.dice.set_rng(rng)
        self.target_label = QLabel(f"Attack {attack_value(state, f)} + dice against 15: +5, "
                                   "+5 more per full 15 over (RULES 3.1 assist)", self)
        self.target_label.setWordWrap(True)
        self.lay_out_form(self.who_label, (("A&lly", self.ally_combo),
                                           ("&Helps", self.roll_combo),
                                           ("&Dice", self.dice), ("", self.target_label)))
        self.setMinimumWidth(440)
        self.ally_combo.setFocus()

    @staticmethod
    def run(parent: QWidget | None, state: CombatState, fighter_id: str,
            rng: random.Random) -> Assist | None:
        return ask(AssistDialog(parent, state, fighter_id, rng))

    def build_result(self) -> Assist:
        ally = self.ally_combo.currentData()
        if ally is None:
            raise ValueError("ally: nobody on this fighter's side to assist")
        value = self.dice.value
        if value is None:
            raise ValueError(self.dice.error or "dice: roll or type the assist's dice")
        dice = (value.dice if isinstance(value, OpenRoll)
                else (value,) if isinstance(value, int) else (value.total,))
        return make_assist(self.state, self.fighter_id, str(ally),
                           str(self.roll_combo.currentData()), tuple(dice))


class ReactionDialog(EventDialog[Reaction]):
    """``target_combo`` (enemies), ``trigger_edit`` (required), ``extra_spin``,
    ``spear_check``. The strike itself follows in the attack dialog."""

    def __init__(self, parent: QWidget | None, state: CombatState, fighter_id: str,
                 offer: Reaction | None = None) -> None:
        f = state.fighter(fighter_id)
        super().__init__(parent, f"React: {f.name}", "React")
        self.state, self.fighter_id = state, fighter_id
        self.who_label = QLabel(fighter_summary(state, f) + _off_note(
            state, REACTIONS, "Reactions and counterattacks"), self)
        self.who_label.setWordWrap(True)
        self.target_combo = QComboBox(self)
        for g in state.active():
            if g.side != f.side and not g.dead:
                self.target_combo.addItem(f"{g.name} (row {g.row})", g.id)
        self.trigger_edit = QLineEdit(self)
        self.trigger_edit.setMaxLength(200)
        self.trigger_edit.setPlaceholderText("When … (what happened: required)")
        self.extra_spin = QSpinBox(self)
        self.extra_spin.setRange(0, 10)
        self.extra_spin.setToolTip("Other abilities the same event triggered: one strike, "
                                   "+5 for each (RULES 3.1)")
        self.spear_check = QCheckBox("Long spear: it closed from 2+ rows (−5)", self)
        self.spear_check.setToolTip("A foe closing to reach from two or more rows away: a "
                                    "strike at −5 (RULES 3.1)")
        self.spear_check.setEnabled(is_long_spear(f))
        self.lay_out_form(self.who_label, (("&Enemy", self.target_combo),
                                           ("&Trigger", self.trigger_edit),
                                           ("E&xtra abilities", self.extra_spin),
                                           ("", self.spear_check)))
        if offer is not None:  # offered when its trigger happened (RULES 3.1)
            self.target_combo.setCurrentIndex(self.target_combo.findData(offer.target))
            self.trigger_edit.setText(offer.trigger)
            self.spear_check.setChecked(offer.spear)
        self.setMinimumWidth(460)
        self.trigger_edit.setFocus()

    @staticmethod
    def run(parent: QWidget | None, state: CombatState, fighter_id: str,
            offer: Reaction | None = None) -> Reaction | None:
        return ask(ReactionDialog(parent, state, fighter_id, offer))

    def build_result(self) -> Reaction:
        target = self.target_combo.currentData()
        if target is None:
            raise ValueError("target: no enemy to react to")
        e = Reaction(id=self.fighter_id, target=str(target),
                     trigger=self.trigger_edit.text().strip(), extra=self.extra_spin.value(),
                     spear=self.spear_check.isChecked())
        apply(self.state, e)  # the rules' refusal keeps the dialog open
        return e
