"""The check dialog: a roll the rules call for (first aid is in :mod:`.first_aid`).

Classic (2d10!): the Critical, Fatal, end-of-round Fatal and dying rolls and
the fatigue roll (RULES 1.6, 1.7) through :func:`checks_classic.resolve_check`;
berserk, disarm and break weapon (RULES 1.9) through :mod:`specials_classic`;
riding and falls (RULES 1.11) through :mod:`mounted_classic`; the killing of
the helpless (RULES 1.6) is confirmed, not rolled. 0.8 (d20): the Health
checks of RULES 2 through :func:`checks_v08.resolve_check`. Any check may be
waived by the GM with a reason (:func:`checks_classic.waive`, whose Check the
reducer accepts in both editions). First aid: RULES 1.10.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from yags_desk.help.refs import for_screen
from yags_desk.qt.battle.dialogs.check_harn import nonlethal_explanation
from yags_desk.qt.battle.dialogs.common import EventDialog, ask, error_text, fighter_summary
from yags_desk.qt.battle.dialogs.dice_entry import DiceEntry
from yags_desk.qt.help import set_rules_text
from yags_desk.rules.combat import checks_classic, checks_v08, mounted_classic
from yags_desk.rules.combat import specials_classic as specials
from yags_desk.rules.combat.events import Check
from yags_desk.rules.combat.kill_classic import kill_is_rolled
from yags_desk.rules.combat.optional.actions32 import assess_check, assess_explanation
from yags_desk.rules.combat.optional.harn_nonlethal import nonlethal_check
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.state import CombatState, Pending
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import RulesError

__all__ = ["CheckDialog", "check_explanation"]

_STAMINA = ("critical", "fatal", "fatal_round", "dying", "fatigue")
_V08 = ("fatal", "beaten", "fatal_round", "dying")


def check_explanation(state: CombatState, p: Pending) -> str:
    """What is rolled against what, and how the number is made."""
    f = state.fighter(p.id)
    if p.kind == "nonlethal":  # RULES 3.3, both editions
        return nonlethal_explanation(state, p)
    if p.kind == "assess":  # RULES 3.2, both editions
        return assess_explanation(state, p.id)
    if state.edition == "0.8":
        if p.kind not in _V08:
            return "No roll procedure for this check: waive it with a reason."
        value = checks_v08.health_check_value(state, f.id)
        return (f"Health {f.character.attributes['health']} × 4 = {value}, + d20, against "
                f"{p.target}; a natural 1 fails, beating it by "
                f"{checks_v08.GOOD_SUCCESS} or more is a good success (RULES 2).")
    chance = state.options.classic_fumble_chance
    if p.kind in _STAMINA:
        v = checks_classic.stamina_roll_value(state, f, p.kind)
        parts = " ".join(f"{'' if i == 0 else ('+ ' if n >= 0 else '− ')}"
                         f"{n if i == 0 else abs(n)} ({label})"
                         for i, (label, n) in enumerate(v.parts))
        target = checks_classic.DYING_TARGET if p.kind == "dying" else p.target
        fumble = checks_classic.DYING_FUMBLE if p.kind == "dying" else p.fumble_chance
        return (f"{parts} = {v.total}, + 2d10!, against {target}; fumbles when the first "
                f"two dice make {fumble} or less.")
    other = state.fighters.get(p.against)
    if p.kind == "killing_blow" and kill_is_rolled(state, f.id):
        return (f"{f.name} defended this round, so the blow on the helpless "
                f"{other.name if other else 'target'} is rolled: attack + 2d10! against 15, "
                "then damage + 2d10! against its soak (RULES 1.6).")
    return {
        "berserk": "Stamina × Berserk% − Will, + 2d10!, against 15 (RULES 1.9).",
        "disarm": (f"{f.name}'s Dexterity × weapon skill% + 2d10!, opposed by "
                   f"{other.name if other else 'the defender'}'s; a tie or better disarms "
                   f"(RULES 1.9). Fumble on {chance} or less."),
        "break_weapon": ("Strength + 2d10! (+5 with a heavy weapon, −5 with a light one) "
                         "against the weapon's Tgh: Tgh damages it, twice Tgh breaks it "
                         "(RULES 1.9)."),
        "riding": "Agility × Riding% + 2d10! against 10; a fumble throws the rider "
                  "(RULES 1.11).",
        "fall": ("Agility × Athletics% + 2d10! (into water: Swimming): each full 5 (water: "
                 "3) cancels a metre; the rest do 2 a metre (at most 50) + 2d10! "
                 "(RULES 1.11)."),
        "killing_blow": (f"{f.name} kills the helpless "
                         f"{other.name if other else 'target'}: no roll (RULES 1.6)."),
    }.get(p.kind, "No roll procedure for this check: waive it with a reason.")


class CheckDialog(EventDialog[Check]):
    """``roll_dice`` (and ``second_dice`` for disarm / fall damage), ``waive(reason)``."""

    def __init__(self, parent: QWidget | None, state: CombatState, pending: Pending,
                 rng: random.Random) -> None:
        f = state.fighter(pending.id)
        self.what = for_screen(pending.describe(f.name, state.edition))  # as the GM reads it
        # RULES 1.6: a killer that defended this round rolls its blow.
        self.rolled_kill = (pending.kind == "killing_blow" and state.edition == "classic"
                            and kill_is_rolled(state, f.id))
        confirm = pending.kind == "killing_blow" and not self.rolled_kill
        super().__init__(parent, self.what[0].upper() + self.what[1:],
                         "Confirm" if confirm else "Apply")
        self.state, self.pending, self.rng = state, pending, rng
        self.preview_event: Check | None = None
        classic = state.edition == "classic"
        die = "2d10!" if classic else "d20"
        kind = pending.kind
        form = QFormLayout()
        self.who_label = QLabel(fighter_summary(state, f), self)
        self.who_label.setWordWrap(True)
        self.check_label = QLabel(self.what, self)
        self.check_label.setWordWrap(True)
        self.how_label = QLabel(self)
        set_rules_text(self.how_label, check_explanation(state, pending))
        self.how_label.setWordWrap(True)
        form.addRow("Who", self.who_label)
        form.addRow("Check", self.check_label)
        form.addRow("How", self.how_label)
        second = {"disarm": "defender's dice", "fall": "fall damage dice"}.get(kind, "")
        if self.rolled_kill:
            second = "damage dice"
        self.roll_dice = DiceEntry(die, "check dice", self)
        self.second_dice = DiceEntry(die, second or "second dice", self)
        self.roll_dice.set_rng(rng)
        self.second_dice.set_rng(rng)
        self.metres_spin = QSpinBox(self)
        self.metres_spin.setRange(0, 1000)
        self.metres_spin.setSuffix(" m")
        self.metres_spin.setValue(pending.amount or mounted_classic.MOUNT_FALL_M)
        self.water_check = QCheckBox("Into water (Swimming)", self)
        self.weapon_combo = QComboBox(self)
        no_roll = not self._needs_dice()
        if not no_roll:
            form.addRow("&Attack" if self.rolled_kill else "&Dice", self.roll_dice)
        if second:
            form.addRow("Second roll" if kind == "disarm" else "Damage", self.second_dice)
        if kind in ("riding", "fall"):
            form.addRow("Fall" if kind == "fall" else "Fall if thrown", self.metres_spin)
        if kind == "fall":
            form.addRow("", self.water_check)
        if kind == "break_weapon" and pending.against in state.fighters:
            t = state.fighter(pending.against)
            self.weapon_combo.addItem("The weapon in hand", None)
            items = [*t.character.weapons, *([t.character.shield] if t.character.shield
                                              else [])]
            for item in items:
                if item.toughness is not None and not item.has("natural"):
                    self.weapon_combo.addItem(item.name, item.name)
            form.addRow("Weapon", self.weapon_combo)
        for w in (self.roll_dice, self.second_dice, self.metres_spin, self.water_check,
                  self.weapon_combo):
            if form.indexOf(w) < 0 and w is not self.second_dice:
                w.setVisible(False)
        if not second:
            self.second_dice.setVisible(False)
        self.roll_button = QPushButton("Roll (R)", self)
        self.roll_button.setAutoDefault(False)
        self.roll_button.setVisible(not no_roll)
        self.waive_button = QPushButton("Waive…", self)
        self.waive_button.setAutoDefault(False)
        self.waive_button.setToolTip("Set the check aside; the reason goes in the log")
        self.button_box.addButton(self.waive_button, self.button_box.ButtonRole.ActionRole)
        if not no_roll:
            self.button_box.addButton(self.roll_button, self.button_box.ButtonRole.ActionRole)
        self.preview_label = QLabel(self)
        self.preview_label.setWordWrap(True)
        self.preview_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.preview_label.font()
        font.setBold(True)
        self.preview_label.setFont(font)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.preview_label)
        lay.addStretch(1)
        lay.addWidget(self.error_label)
        lay.addWidget(self.button_box)
        self.wire_rolling(self.roll_all, self.roll_button, (self.roll_dice, self.second_dice),
                          self.refresh_preview)
        self.waive_button.clicked.connect(self._ask_waive)
        self.metres_spin.valueChanged.connect(self.refresh_preview)
        self.water_check.toggled.connect(self.refresh_preview)
        self.weapon_combo.currentIndexChanged.connect(self.refresh_preview)
        self.setMinimumWidth(520)
        self.refresh_preview()
        self.roll_dice.edit.setFocus()

    @staticmethod
    def run(parent: QWidget | None, state: CombatState, pending: Pending,
            rng: random.Random) -> Check | None:
        return ask(CheckDialog(parent, state, pending, rng))

    def _has_procedure(self) -> bool:
        k = self.pending.kind
        if k in ("nonlethal", "assess"):  # RULES 3.3, RULES 3.2
            return True
        if self.state.edition == "0.8":
            return k in _V08
        return k in (*_STAMINA, "berserk", "disarm", "break_weapon", "riding", "fall")

    def _needs_dice(self) -> bool:
        if self.pending.kind == "killing_blow":
            return self.rolled_kill
        return self._has_procedure()

    def roll_all(self) -> None:
        if self.roll_button.isHidden():
            return
        if self.roll_dice.value is None:
            self.roll_dice.roll()
        if not self.second_dice.isHidden() and self.second_dice.value is None:
            self.second_dice.roll()

    def resolve(self) -> Check:
        """The Check these dice give (the engine's procedure for this kind)."""
        s, p, k = self.state, self.pending, self.pending.kind
        if k == "killing_blow" and not self.rolled_kill:
            return checks_classic.kill_helpless(s, p.id)
        if k == "killing_blow":
            attack, damage = self.roll_dice.value, self.second_dice.value
            if not isinstance(attack, OpenRoll) or not isinstance(damage, OpenRoll):
                raise RulesError("dice: roll or type the attack and the damage dice")
            return checks_classic.kill_helpless(s, p.id, attack, damage)
        if not self._has_procedure():
            raise RulesError(f"kind: no roll is defined for a {k} check; waive it with a "
                             "reason")
        v = self.roll_dice.value
        if v is None:
            raise RulesError("check dice: roll or type the dice")
        if k == "nonlethal":  # RULES 3.3 disarm, sweep, tackle
            assert isinstance(v, (OpenRoll, D20Roll))
            return nonlethal_check(s, p, v)
        if k == "assess":  # RULES 3.2
            assert isinstance(v, (OpenRoll, D20Roll))
            return assess_check(s, p.id, v)
        if s.edition == "0.8":
            assert isinstance(v, D20Roll)
            return checks_v08.resolve_check(s, p, v)
        assert isinstance(v, OpenRoll)
        second = self.second_dice.value
        assert second is None or isinstance(second, OpenRoll)
        if k in _STAMINA:
            return checks_classic.resolve_check(s, p, v)
        if k == "berserk":
            return specials.berserk_check(s, p.id, v)
        if k == "disarm":
            if second is None:
                raise RulesError("defender's dice: roll or type the defender's 2d10!")
            return specials.disarm_check(s, p.id, v, second)
        if k == "break_weapon":
            weapon = self.weapon_combo.currentData()
            return specials.break_check(s, p.id, v, weapon if isinstance(weapon, str) else None)
        if k == "riding":
            return mounted_classic.riding_check(s, p.id, v, fall_m=self.metres_spin.value())
        return mounted_classic.fall_check(s, p.id, v, second, metres=self.metres_spin.value(),
                                          water=self.water_check.isChecked())

    def refresh_preview(self) -> None:
        self.preview_event = None
        self.apply_button.setEnabled(False)
        problems = [e.error for e in (self.roll_dice, self.second_dice)
                    if not e.isHidden() and e.error]
        if problems:
            self.preview_label.setText("")
            self.show_error("\n".join(problems))
            return
        self.show_error("")
        if self._needs_dice() and self.roll_dice.value is None:
            self.preview_label.setText("Roll or type the dice to see the result.")
            return
        try:
            e = self.resolve()
            after = apply(self.state, e)
        except (RulesError, ValueError) as err:
            self.preview_label.setText("")
            self.show_error(error_text(err))
            return
        self.preview_event = e
        self.preview_label.setText(describe(e, self.state, after))
        self.apply_button.setEnabled(True)

    def build_result(self) -> Check:
        if self.preview_event is None:
            raise RulesError("check dice: roll or type the dice first")
        return self.preview_event

    def waive(self, reason: str) -> bool:
        """Waive the check with ``reason`` (required); True when the dialog closed."""
        try:
            e = checks_classic.waive(self.state, self.pending, reason)
            apply(self.state, e)
        except (RulesError, ValueError) as err:
            self.show_error(error_text(err))
            return False
        self.result_value = e
        self.accept()
        return True

    def _ask_waive(self) -> None:
        reason, ok = QInputDialog.getText(self, "Waive the check",
                                          f"Why is {self.what} waived?",
                                          QLineEdit.EchoMode.Normal, "")
        if ok:
            self.waive(reason)
