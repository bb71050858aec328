"""First aid on a wounded fighter during a fight, in both editions.

Classic (2d10!): Dexterity × First aid% against the wound category's target,
through :func:`checks_classic.first_aid` (RULES 1.10). 0.8 (d20): Intelligence ×
First aid on the wounds or the stuns, through
:func:`first_aid_v08.first_aid_v08`, the healing record's own roll (RULES 2).
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from yags_desk.qt.battle.dialogs.common import EventDialog, ask, error_text, fighter_summary
from yags_desk.qt.battle.dialogs.dice_entry import DiceEntry
from yags_desk.rules.combat import checks_classic
from yags_desk.rules.combat.events import Check
from yags_desk.rules.combat.first_aid_v08 import first_aid_patient, first_aid_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.v08 import first_aid_target
from yags_desk.rules.values import pct

__all__ = ["FirstAidDialog"]


class FirstAidDialog(EventDialog[Check]):
    """First aid on a wounded fighter: ``healer_combo``, ``roll_dice`` and, in 0.8,
    ``treats_combo`` (wounds or stuns)."""

    def __init__(self, parent: QWidget | None, state: CombatState, patient_id: str,
                 rng: random.Random) -> None:
        p = state.fighter(patient_id)
        super().__init__(parent, f"First aid for {p.name}", "Apply")
        self.state, self.patient_id, self.rng = state, patient_id, rng
        self.classic = state.edition == "classic"
        self.preview_event: Check | None = None
        form = QFormLayout()
        self.patient_label = QLabel(fighter_summary(state, p), self)
        self.patient_label.setWordWrap(True)
        self.healer_combo = QComboBox(self)
        # [decision] Anyone of the patient's side still able to act may tend it,
        # the patient too when it can (RULES 1.10 names no one).
        for f in state.active():
            if f.side == p.side and f.can_act:
                self.healer_combo.addItem(f.name, f.id)
        self.treats_combo = QComboBox(self)
        self.treats_combo.addItem("Wounds", "wounds")
        self.treats_combo.addItem("Stuns", "stuns")
        if not self.classic and p.wounds == 0 and p.stuns > 0:
            self.treats_combo.setCurrentIndex(1)
        self.how_label = QLabel(self)
        self.how_label.setWordWrap(True)
        self.roll_dice = DiceEntry("2d10!" if self.classic else "d20", "first aid dice", self)
        self.roll_dice.set_rng(rng)
        form.addRow("Patient", self.patient_label)
        form.addRow("&Healer", self.healer_combo)
        if not self.classic:
            form.addRow("&Treats", self.treats_combo)
        else:
            self.treats_combo.hide()
        form.addRow("How", self.how_label)
        form.addRow("&Dice", self.roll_dice)
        self.roll_button = QPushButton("Roll (R)", self)
        self.roll_button.setAutoDefault(False)
        self.button_box.addButton(self.roll_button, self.button_box.ButtonRole.ActionRole)
        self.preview_label = QLabel(self)
        self.preview_label.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.preview_label)
        lay.addStretch(1)
        lay.addWidget(self.error_label)
        lay.addWidget(self.button_box)
        self.wire_rolling(self.roll_all, self.roll_button, (self.roll_dice,), self.refresh_preview)
        self.healer_combo.currentIndexChanged.connect(self.refresh_preview)
        self.treats_combo.currentIndexChanged.connect(self.refresh_preview)
        self.setMinimumWidth(480)
        self.refresh_preview()
        self.roll_dice.edit.setFocus()

    @staticmethod
    def run(parent: QWidget | None, state: CombatState, patient_id: str,
            rng: random.Random) -> Check | None:
        return ask(FirstAidDialog(parent, state, patient_id, rng))

    def roll_all(self) -> None:
        if self.roll_dice.value is None:
            self.roll_dice.roll()

    def _how(self, healer: str) -> str:
        p = self.state.fighter(self.patient_id)
        h = self.state.fighter(healer)
        c = h.character
        if self.classic:
            value = pct(c.attributes["dexterity"], c.skill("First aid"))
            penalty = h.derived(self.state.options).total_penalty
            category = p.wound_category()
            target = checks_classic.FIRST_AID_DIFFICULTY.get(category)
            return (f"Dexterity {c.attributes['dexterity']} × First aid {c.skill('First aid')}% "
                    f"= {value}{f' {penalty:+d} (wounds, fatigue, load)' if penalty else ''}, "
                    + (f"+ 2d10!, against {target} ({category})." if target is not None
                       else f"+ 2d10!; {p.name} is {category}: no wound for first aid to "
                       "treat."))
        treats = str(self.treats_combo.currentData())
        patient = first_aid_patient(self.state, self.patient_id)
        who = "own" if h.id == p.id else f"{h.name}'s"
        return (f"Intelligence {c.attr('intelligence')} × First aid {c.skill('First aid')} "
                f"= {c.attr('intelligence') * c.skill('First aid')}, with {who} wound and stun "
                f"penalties, + d20, against {first_aid_target(patient, treats)} "
                f"({'10' if treats == 'wounds' else '0'} + half {p.name}'s penalties, "
                f"rounded up; Rules reference §2).")

    def _event(self, healer: str) -> Check | None:
        v = self.roll_dice.value
        if v is None:
            return None
        if self.classic:
            assert isinstance(v, OpenRoll)
            return checks_classic.first_aid(self.state, healer, self.patient_id, v)
        assert isinstance(v, D20Roll)
        if self.treats_combo.currentData() == "stuns":
            return first_aid_v08(self.state, healer, self.patient_id, v, "stuns")
        return first_aid_v08(self.state, healer, self.patient_id, v, "wounds")

    def refresh_preview(self) -> None:
        self.preview_event = None
        self.apply_button.setEnabled(False)
        healer = self.healer_combo.currentData()
        p = self.state.fighter(self.patient_id)
        if not isinstance(healer, str):
            self.how_label.setText("")
            self.show_error(f"healer: no one of {p.side} can tend {p.name}")
            return
        self.how_label.setText(self._how(healer))
        if self.roll_dice.error:
            self.show_error(self.roll_dice.error)
            return
        try:
            e = self._event(healer)
            if e is None:
                self.show_error("")
                self.preview_label.setText("Roll or type the dice to see the result.")
                return
            after = apply(self.state, e)
        except (RulesError, ValueError, KeyError) as err:
            self.show_error(error_text(err))
            return
        self.show_error("")
        self.preview_event = e
        self.preview_label.setText(describe(e, self.state, after))
        self.apply_button.setEnabled(True)

    def build_result(self) -> Check:
        if self.preview_event is None:
            raise RulesError("first aid dice: roll or type the dice first")
        return self.preview_event
