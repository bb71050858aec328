"""The attack dialog: who strikes whom, every modifier with its source, the exact
odds before rolling, the dice rolled or typed, the result, then Apply.

Classic RULES 1.5-1.9 and 0.8 RULES 2; the numbers come from
:mod:`attack_numbers`, i.e. from the engine. The GM may add a situational
modifier with a reason (RULES 1.1, RULES 2 "modifiers"); when the declared
target is down or gone the GM picks another target (a new declaration, then
the attack) or holds the action (logged as lost). Keyboard: Tab through the
choices and dice, R rolls every die still needed ("Roll all"), Enter applies,
Esc cancels.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from yags_desk.help.refs import for_screen, linked
from yags_desk.qt.battle.dialogs.attack_numbers import (
    AttackChoices,
    AttackSetup,
    NeedsDice,
    attack_event,
    attack_setup,
    defence_options,
)
from yags_desk.qt.battle.dialogs.attack_targets import TargetChoice, down_hint, target_choices
from yags_desk.qt.battle.dialogs.common import (
    EventDialog,
    ask,
    error_text,
    fighter_summary,
    styled_hint_label,
)
from yags_desk.qt.battle.dialogs.dice_entry import DiceEntry, DiceLineEdit
from yags_desk.qt.battle.dialogs.odds_view import OddsView
from yags_desk.qt.help import link_rules
from yags_desk.rules.combat.events import Declare, Event
from yags_desk.rules.combat.lost import lose_action
from yags_desk.rules.combat.optional.locations import needs_location_die
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.situational import SITUATIONAL_LIMIT
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import RulesError

__all__ = ["AttackDialog"]

_BEST = "Best defence (the engine's choice)"


class SignedSpinBox(QSpinBox):
    """A spin box that shows the sign of a modifier: +5, 0, -10."""

    def textFromValue(self, value: int) -> str:  # noqa: N802 (Qt's name)
        return f"{value:+d}" if value else "0"

    def valueFromText(self, text: str) -> int:  # noqa: N802 (Qt's name)
        return int(text.replace("+", "").replace("−", "-").strip() or 0)


class AttackDialog(EventDialog[list[Event]]):
    """Built and driven without exec(); :meth:`run` execs it for the board.

    The result is the events to push: the Attack, preceded by a new Declare when
    the GM turned the attack on another target, or one ActionLost when held.
    """

    def __init__(self, parent: QWidget | None, state: CombatState, attacker_id: str,
                 target_id: str, style: str, counter: bool, rng: random.Random) -> None:
        a, t = state.fighter(attacker_id), state.fighter(target_id)
        self.what = "Strike back" if counter and state.edition == "classic" else (
            "Counter strike" if counter else "Attack")
        super().__init__(parent, f"{self.what}: {a.name} → {t.name}", "Apply")
        # ``work_state``: the board's state, or after the new declaration of a retarget.
        self.state, self.attacker_id, self.target_id = state, attacker_id, target_id
        self.declared_target, self.work_state = target_id, state
        self.redeclared: Declare | None = None
        self.has_target = True  # False: the declared target is down and nobody is left
        self.attack_style, self.counter, self.rng = style, counter, rng
        self.edition = state.edition
        self.setup: AttackSetup | None = None
        self.preview_event: Event | None = None
        classic = self.edition == "classic"
        die = "2d10!" if classic else "d20"
        decl = a.declaration
        self.targets: TargetChoice = (
            target_choices(state, attacker_id, target_id)
            if not counter and decl is not None and decl.action in ("attack", "missile")
            else TargetChoice(None, (), target_id))

        # Who strikes whom.
        who = QHBoxLayout()
        abox = QGroupBox("Attacker", self)
        aform = QFormLayout(abox)
        self.attacker_label = QLabel(fighter_summary(state, a), abox)
        self.attacker_label.setWordWrap(True)
        self.style_label = QLabel(style or "(declared style)", abox)
        self.style_label.setWordWrap(True)
        aform.addRow("Who", self.attacker_label)
        aform.addRow("Style", self.style_label)
        dbox = QGroupBox("Defender", self)
        dform = QFormLayout(dbox)
        self.defender_label = QLabel(fighter_summary(state, t), dbox)
        self.defender_label.setWordWrap(True)
        self.defence_style_combo = QComboBox(dbox)
        self.defence_style_combo.setToolTip("The style the defender defends with")
        # The declared target is down or gone: another target, or hold (RULES 1.5, 2).
        self.down_label = styled_hint_label(dbox)
        self.down_label.setText(down_hint(state, target_id, self.targets))
        self.target_combo = QComboBox(dbox)
        self.target_combo.setToolTip("Whom the attack turns on: a new declaration, then "
                                     "the attack")
        for fid, label in self.targets.options:
            self.target_combo.addItem(label, fid)
        dform.addRow(self.down_label)
        self.target_caption = QLabel("&Target", dbox)
        self.target_caption.setBuddy(self.target_combo)
        dform.addRow(self.target_caption, self.target_combo)
        for part in (self.down_label, self.target_caption, self.target_combo):
            part.setVisible(self.targets.down is not None)
        dform.addRow("Who", self.defender_label)
        dform.addRow("Defends with", self.defence_style_combo)
        who.addWidget(abox, 1)
        who.addWidget(dbox, 1)

        # Choices that change the odds.
        choices = QHBoxLayout()
        self.defending_check = QCheckBox("Target defends actively", self)
        self.defending_check.setChecked(True)
        self.defending_check.setToolTip("Clear for a target that does not see it coming: "
                                         "passive 15 (Rules reference §1.5, §1.8)")
        self.wrestled_check = QCheckBox("Someone wrestles the target", self)
        self.wrestled_check.setToolTip("Shooting into a melee: +5 fumble chance "
                                       "(Rules reference §1.8)")
        self.ineffective_check = QCheckBox("Ineffective (stuns, halved)", self)
        self.ineffective_check.setToolTip("The GM rules the attack ineffective: it does "
                                          "stuns, halved (Rules reference §2)")
        self.close_list = QListWidget(self)
        self.close_list.setToolTip("People close to the target: each adds 2 to the fumble "
                                   "chance, and a fumbled shot may hit them "
                                   "(Rules reference §1.8)")
        self.close_list.setMaximumHeight(70)
        self.close_label = QLabel("Close to the target:", self)
        # The GM's situational modifier to the attack, with an optional reason.
        self.situational_spin = SignedSpinBox(self)
        self.situational_spin.setRange(-SITUATIONAL_LIMIT, SITUATIONAL_LIMIT)
        self.situational_spin.setSingleStep(5)
        self.situational_spin.setToolTip(
            "A modifier the rules do not list (high ground, bad footing...): added to "
            "the attack, shown in the modifiers and the odds, and logged")
        self.situational_reason = QLineEdit(self)
        self.situational_reason.setPlaceholderText("reason (optional)")
        self.situational_reason.setMaxLength(100)
        self.situational_reason.setMaximumWidth(self.fontMetrics().averageCharWidth() * 50)
        self.situational_reason.setToolTip("Why: written into the log with the modifier")
        situational_caption = QLabel("Situational &±", self)
        situational_caption.setBuddy(self.situational_spin)
        if classic:
            choices.addWidget(self.defending_check)
            choices.addWidget(self.wrestled_check)
            choices.addWidget(self.close_label)
            choices.addWidget(self.close_list, 1)
            self.ineffective_check.setVisible(False)
        else:
            choices.addWidget(self.ineffective_check)
            choices.addStretch(1)
            for w in (self.defending_check, self.wrestled_check, self.close_list,
                      self.close_label):
                w.setVisible(False)
        situational_row = QHBoxLayout()
        situational_row.addWidget(situational_caption)
        situational_row.addWidget(self.situational_spin)
        situational_row.addWidget(self.situational_reason, 1)
        situational_row.addStretch(1)

        # Modifiers and odds.
        middle = QHBoxLayout()
        self.modifiers_table = QTableWidget(0, 3, self)
        self.modifiers_table.setHorizontalHeaderLabels(["Roll", "Source", "Amount"])
        self.modifiers_table.verticalHeader().setVisible(False)
        self.modifiers_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.modifiers_table.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.modifiers_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # A long source ("Two weapons: Short sword + Dagger: Dexterity 12 × Two weapons 75%")
        # wraps onto a second line of its row instead of ending in "…".
        self.modifiers_table.setWordWrap(True)
        self.modifiers_table.setTextElideMode(Qt.TextElideMode.ElideNone)
        header = self.modifiers_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        rows = self.modifiers_table.verticalHeader()
        rows.setMinimumSectionSize(self.modifiers_table.fontMetrics().height() + 6)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        obox = QGroupBox("Exact odds", self)
        olay = QVBoxLayout(obox)
        self.numbers_label = QLabel(obox)
        self.numbers_label.setWordWrap(True)
        link_rules(self.numbers_label)
        self.odds_view = OddsView(self.edition, obox)
        olay.addWidget(self.numbers_label)
        olay.addWidget(self.odds_view, 1)
        middle.addWidget(self.modifiers_table, 3)
        middle.addWidget(obox, 2)

        # Dice.
        dice_box = QGroupBox("Dice: roll or type them", self)
        grid = QGridLayout(dice_box)
        grid.setVerticalSpacing(4)
        self.attack_dice = DiceEntry(die, "attack dice", dice_box)
        self.defence_dice = DiceEntry(die, "defence dice", dice_box)
        self.damage_dice = DiceEntry(die, "damage dice", dice_box)
        self.stray_dice = DiceEntry("d2", "stray die", dice_box)
        self.damage_dice.setToolTip("Only needed when the attack hits")
        self.stray_dice.setToolTip("Who a fumbled shot flies at (Rules reference §1.8)")
        # RULES 3.2 hit locations: the d100 of where a hit lands (only while on).
        self.location_dice = DiceEntry("d100", "hit location die", dice_box)
        self.location_dice.setToolTip("Where a hit lands: 01-09 head, 10-24 off arm, 25-44 "
                                      "main arm, 45-79 body, 80-89 left leg, 90-00 right leg "
                                      "(Rules reference §3.2)")
        self.location_dice.edit.setPlaceholderText("1-100, if the attack hits")
        # RULES 3.2 Oops!: the d100 rolled when the attack fumbles (only while on).
        self.oops_dice = DiceEntry("d100", "Oops! die", dice_box)
        self.oops_dice.setToolTip("Only needed if the attack fumbles: 01-20 hurt oneself, "
                                  "21-40 weapon damaged, 41-60 -2 next action, 61-70 lose the "
                                  "next move, 71-80 miss the next action, 81-90 torn muscle, "
                                  "91-00 strike an ally (Rules reference §3.2)")
        self.oops_dice.edit.setPlaceholderText("1-100, if the attack fumbles")
        self.dice_entries = (self.attack_dice, self.defence_dice, self.damage_dice,
                             self.stray_dice, self.location_dice, self.oops_dice)
        self.dice_labels: dict[DiceEntry, QLabel] = {}
        places = ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2))
        for entry, text, (r, c) in zip(self.dice_entries, ("&Attack", "&Defence", "Da&mage",
                                                           "&Stray", "Hit &location",
                                                           "&Oops!"),
                                       places, strict=True):
            entry.set_rng(rng)
            entry.inline_errors = False  # listed in the dialog's own message line
            caption = QLabel(text, dice_box)
            caption.setBuddy(entry.edit)
            self.dice_labels[entry] = caption
            grid.addWidget(caption, r, c)
            grid.addWidget(entry, r, c + 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.roll_button = QPushButton("Roll all (R)", dice_box)
        self.roll_button.setAutoDefault(False)
        self.roll_button.setToolTip("Roll every die the attack still needs (R)")
        grid.addWidget(self.roll_button, 0, 4)
        self.preview_label = QLabel(self)
        self.preview_label.setWordWrap(True)
        self.preview_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preview_label.setMinimumHeight(self.fontMetrics().height() * 3)
        bold = QFont(self.preview_label.font())
        bold.setBold(True)
        self.preview_label.setFont(bold)

        self.hold_button: QPushButton = self.button_box.addButton(
            "&Hold the action", QDialogButtonBox.ButtonRole.ActionRole)
        self.hold_button.setAutoDefault(False)
        self.hold_button.setToolTip("The attack does not happen this round; the log says so")
        self.hold_button.setVisible(self.targets.options != () or self.targets.down is not None)
        self.hold_button.clicked.connect(self.hold)

        lay = QVBoxLayout(self)
        lay.addLayout(who)
        lay.addLayout(choices)
        lay.addLayout(situational_row)
        lay.addLayout(middle, 1)
        lay.addWidget(dice_box)
        lay.addWidget(self.preview_label)
        lay.addWidget(self._message_box())
        lay.addWidget(self.button_box)

        self.wire_rolling(self.roll_all, self.roll_button, self.dice_entries, self.refresh_preview)
        self.defence_style_combo.currentIndexChanged.connect(self.refresh_odds)
        self.defending_check.toggled.connect(self.refresh_odds)
        self.wrestled_check.toggled.connect(self.refresh_odds)
        self.close_list.itemChanged.connect(self.refresh_odds)
        self.ineffective_check.toggled.connect(self.refresh_preview)
        self.situational_spin.valueChanged.connect(self.refresh_odds)
        self.situational_reason.textChanged.connect(self.refresh_odds)
        self.target_combo.currentIndexChanged.connect(self._target_changed)
        self.setTabOrder(self.target_combo, self.defence_style_combo)
        self.setTabOrder(self.defence_style_combo, self.defending_check)
        self.setTabOrder(self.defending_check, self.wrestled_check)
        self.setTabOrder(self.wrestled_check, self.close_list)
        self.setTabOrder(self.close_list, self.ineffective_check)
        self.setTabOrder(self.ineffective_check, self.situational_spin)
        self.setTabOrder(self.situational_spin, self.situational_reason)
        self.setTabOrder(self.situational_reason, self.attack_dice.edit)
        self.resize(940, 680)
        if self.targets.down is not None:
            self.set_target(self.targets.default)
        else:
            self._target_filled()
        self.attack_dice.edit.setFocus()

    # --- the board's entry point -------------------------------------------------

    @staticmethod
    def run(parent: QWidget | None, state: CombatState, attacker_id: str, target_id: str,
            style: str, counter: bool, rng: random.Random) -> list[Event] | None:
        return ask(AttackDialog(parent, state, attacker_id, target_id, style, counter, rng))

    # --- messages -------------------------------------------------------------------

    def _message_box(self) -> QWidget:
        """The hint and error lines in a box of fixed height (three lines): what they
        say may come and go without moving the dice fields (issue 12 item 8)."""
        self.hint_label = styled_hint_label(self)
        box = QWidget(self)
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(0)
        col.addWidget(self.hint_label)
        col.addWidget(self.error_label)
        col.addStretch(1)
        box.setFixedHeight(self.fontMetrics().lineSpacing() * 3 + 4)
        return box

    def show_error(self, text: str) -> None:
        """A problem (red); it replaces any hint."""
        super().show_error(text)
        self.error_label.setToolTip(text)
        if text:
            self.show_hint("")

    def show_hint(self, text: str) -> None:
        """Guidance, what to do next (not an error)."""
        self.hint_label.setText(text)
        self.hint_label.setVisible(bool(text))

    # --- the target ------------------------------------------------------------------

    def set_target(self, fid: str | None) -> None:
        """Turn the attack on ``fid`` (one of :attr:`targets`; None: nobody left)."""
        i = self.target_combo.findData(fid) if fid is not None else -1
        if i >= 0 and i != self.target_combo.currentIndex():
            self.target_combo.setCurrentIndex(i)  # _target_changed follows
            return
        self._retarget(fid)

    def _target_changed(self, _index: int) -> None:
        data = self.target_combo.currentData()
        self._retarget(data if isinstance(data, str) else None)

    def _retarget(self, fid: str | None) -> None:
        self.redeclared, self.work_state = None, self.state
        decl = self.state.fighter(self.attacker_id).declaration
        if fid is not None and fid != self.declared_target and decl is not None:
            self.redeclared = decl.model_copy(update={"target": fid})
            try:
                self.work_state = apply(self.state, self.redeclared)
            except RulesError as e:
                self.redeclared, fid = None, None
                self.show_error(error_text(e))
        self.target_id = fid if fid is not None else self.declared_target
        self.has_target = fid is not None
        self._target_filled()

    def _target_filled(self) -> None:
        """Defender, defence styles, bystanders and title for the current target."""
        state, t = self.work_state, self.work_state.fighter(self.target_id)
        a = state.fighter(self.attacker_id)
        self.setWindowTitle(f"{self.what}: {a.name} → {t.name}")
        self.defender_label.setText(fighter_summary(state, t))
        combo = self.defence_style_combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(_BEST, None)
        if self.has_target:
            for label in defence_options(state, self.attacker_id, self.target_id,
                                         self.attack_style, self.counter):
                combo.addItem(label, label)
        combo.blockSignals(False)
        self.close_list.blockSignals(True)
        self.close_list.clear()
        if self.edition == "classic":
            for f in state.active():
                if f.id not in (self.attacker_id, self.target_id) and not f.dead:
                    item = QListWidgetItem(f.name, self.close_list)
                    item.setData(Qt.ItemDataRole.UserRole, f.id)
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(Qt.CheckState.Unchecked)
        self.close_list.blockSignals(False)
        self.refresh_odds()

    def hold(self) -> None:
        """The attack does not happen: an ActionLost, its reason the target's state
        (or "held" when the target still stands)."""
        try:
            event = lose_action(self.state, self.attacker_id,
                                held=self.targets.down is None)
        except RulesError as e:
            self.show_error(error_text(e))
            return
        self.result_value = [event]
        self.accept()

    # --- aliases for tests and the keyboard ---------------------------------------

    @property
    def attack_dice_edit(self) -> DiceLineEdit:
        return self.attack_dice.edit


    # --- behaviour ------------------------------------------------------------------

    def choices(self) -> AttackChoices:
        close = tuple(
            str(self.close_list.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.close_list.count())
            if self.close_list.item(i).checkState() == Qt.CheckState.Checked)
        style = self.defence_style_combo.currentData()
        return AttackChoices(defence_style=style if isinstance(style, str) else None,
                             close=close, wrestled=self.wrestled_check.isChecked(),
                             defending=self.defending_check.isChecked(),
                             ineffective=self.ineffective_check.isChecked(),
                             situational=self.situational_spin.value(),
                             situational_reason=self.situational_reason.text())

    def set_close(self, fighter_ids: tuple[str, ...]) -> None:
        """Tick the people close to the target (classic missiles)."""
        for i in range(self.close_list.count()):
            item = self.close_list.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in fighter_ids
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def refresh_odds(self) -> None:
        """Recompute every number from the engine after a choice changed."""
        try:
            if not self.has_target:
                raise RulesError(down_hint(self.state, self.declared_target, self.targets))
            setup = attack_setup(self.work_state, self.attacker_id, self.target_id,
                                 self.attack_style, self.counter, self.choices())
        except RulesError as e:
            self.setup = None
            self.modifiers_table.setRowCount(0)
            self.odds_view.show_odds(None)
            self.numbers_label.setText("")
            # Nobody left to attack: the line above the target says so, not an error.
            self.show_error(error_text(e) if self.has_target else "")
            self._set_needed()
            self.refresh_preview()
            return
        self.setup = setup
        if self.edition == "classic":
            # RULES 1.8: bystanders and wrestling matter only to a shot.
            for w in (self.wrestled_check, self.close_label, self.close_list):
                w.setVisible(setup.missile)
        self._fill_table(setup)
        self.odds_view.show_odds(setup.odds, setup.damage_kind)
        die = "2d10!" if self.edition == "classic" else "d20"
        notes = "".join(f"<br>{linked(n)}" for n in setup.notes)
        self.numbers_label.setText(f"Attack <b>{setup.attack} + {die}</b> against defence "
                                   f"<b>{setup.defence_text}</b>{notes}")
        self._set_needed()
        self.refresh_preview()

    def _fill_table(self, setup: AttackSetup) -> None:
        t = self.modifiers_table
        t.setRowCount(len(setup.rows))
        bold = QFont(t.font())
        bold.setBold(True)
        for r, (group, source, amount, total) in enumerate(setup.rows):
            cells = (group if total or r == 0 or setup.rows[r - 1][0] != group else "",
                     for_screen(source), str(amount) if total else f"{amount:+d}")
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                if total:
                    item.setFont(bold)
                item.setToolTip(for_screen(source))
                t.setItem(r, c, item)

    def _set_needed(self) -> None:
        s = self.setup
        show = {self.attack_dice: s is not None,
                # 0.8: a stray shot may need the defence of whoever it flies at.
                self.defence_dice: s is not None and (s.needs_defence or (
                    self.edition == "0.8" and s.stray_sides > 0)),
                self.damage_dice: s is not None and s.does_damage,
                self.stray_dice: s is not None and s.stray_sides > 0,
                self.location_dice: s is not None and s.does_damage and needs_location_die(
                    self.work_state, self.attacker_id, self.target_id, self.counter),
                self.oops_dice: s is not None and self.work_state.options.uses("oops")}
        if s is not None and s.stray_sides and self.stray_dice.kind != f"d{s.stray_sides}":
            self.stray_dice.kind = f"d{s.stray_sides}"
            self.stray_dice.edit.setPlaceholderText(f"1-{s.stray_sides}, if the shot fumbles")
            self.stray_dice.clear()
        for entry, visible in show.items():
            entry.setVisible(visible)
            self.dice_labels[entry].setVisible(visible)

    def _needed(self) -> list[DiceEntry]:
        return [e for e in self.dice_entries if not e.isHidden()]

    def roll_all(self) -> None:
        """Roll every visible die that is empty or wrong (R)."""
        for entry in self._needed():
            if entry.value is None:
                entry.roll(self.rng)

    def refresh_preview(self) -> None:
        """The result of the dice given so far, or what is missing."""
        self.preview_event = None
        self.apply_button.setEnabled(False)
        if self.setup is None:
            self.preview_label.setText("")
            return
        problems = [e.error for e in self._needed() if e.error]
        if problems:
            self.preview_label.setText("")
            self.show_error("\n".join(problems))
            return
        self.show_error("")
        self.show_hint("")
        if self.attack_dice.value is None:
            self.preview_label.setText("Roll or type the dice to see the result.")
            return
        d = self.setup
        try:
            e = attack_event(
                self.work_state, self.attacker_id, self.target_id, self.attack_style,
                self.counter,
                self.choices(), _need(self.attack_dice),
                _need(self.defence_dice) if d.needs_defence else _opt(self.defence_dice),
                _opt(self.damage_dice) if d.does_damage else None,
                _int(self.stray_dice) if d.stray_sides else None,
                location=_int(self.location_dice), oops=_int(self.oops_dice))
            after = apply(self.work_state, e)
        except NeedsDice as more:
            self.preview_label.setText("")
            self.show_hint(str(more))
            return
        except (RulesError, ValueError) as err:
            self.preview_label.setText("")
            self.show_error(error_text(err))
            return
        self.preview_event = e
        lines = [describe(e, self.work_state, after)]
        if e.effects:
            hurt = {fx.target for fx in e.effects}
            lines += [f"Now: {fighter_summary(after, after.fighter(fid))}" for fid in hurt]
        self.preview_label.setText("\n".join(lines))
        self.apply_button.setEnabled(True)

    def build_result(self) -> list[Event]:
        if self.preview_event is None:
            raise RulesError("dice: roll or type the dice first")
        first: list[Event] = [self.redeclared] if self.redeclared is not None else []
        return [*first, self.preview_event]


def _need(entry: DiceEntry) -> OpenRoll | D20Roll:
    v = entry.value
    if v is None:
        raise NeedsDice(f"{entry.field}: roll or type the dice")
    assert isinstance(v, (OpenRoll, D20Roll))
    return v


def _opt(entry: DiceEntry) -> OpenRoll | D20Roll | None:
    v = entry.value
    return v if isinstance(v, (OpenRoll, D20Roll)) else None


def _int(entry: DiceEntry) -> int | None:
    v = entry.value
    return v if isinstance(v, int) else None
