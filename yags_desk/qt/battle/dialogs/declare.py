"""The declare dialog: what a fighter does this round (classic RULES 1.5 step 1
and 1.9; 0.8 RULES 2 declarations, stances, defences and shots).

The choices build a :class:`Declare`; the engine's reducer
(:func:`rules.combat.declare.check_declaration`) decides whether it is
allowed. A refusal is shown in the dialog, which stays open.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QWidget,
)

from yags_desk.qt.battle.dialogs.common import EventDialog, ask, fighter_summary
from yags_desk.qt.battle.dialogs.declare_actions32 import ManoeuvreChoice
from yags_desk.qt.battle.dialogs.declare_aim import AimChoice
from yags_desk.qt.battle.dialogs.declare_harn import HarnChoices
from yags_desk.qt.help import set_rules_text
from yags_desk.rules.combat.events import SPECIAL_ATTACKS, Declare
from yags_desk.rules.combat.optional.board import OPTION as BOARD
from yags_desk.rules.combat.optional.board import reach_refusal, shot_range_m
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.round_v08 import DEFAULT_DEFENCES
from yags_desk.rules.combat.state import CombatState, FighterState

__all__ = ["ACTION_LABELS", "DeclareDialog", "target_order"]

ACTION_LABELS = {
    "attack": "Attack (melee)", "missile": "Missile attack", "move": "Move",
    "wait": "Wait", "rest": "Rest", "stand_up": "Stand up",
    "kill_helpless": "Kill a helpless foe (end of round)",
    "reroll_initiative": "Re-roll initiative", "other": "Something else",
}
_CLASSIC_ACTIONS = ("attack", "missile", "move", "wait", "rest", "stand_up", "kill_helpless",
                    "other")
_V08_ACTIONS = ("attack", "missile", "move", "wait", "rest", "stand_up", "reroll_initiative",
                "other")
_TARGETED = ("attack", "missile", "kill_helpless")


def target_order(state: CombatState, f: FighterState) -> list[FighterState]:
    """Everyone f could name: enemies first, standing before fallen, nearest row
    first, then board order."""
    others = [g for g in state.active() if g.id != f.id and not g.dead]
    index = {g.id: i for i, g in enumerate(others)}
    return sorted(others, key=lambda g: (g.side == f.side, not g.can_act,
                                         abs(g.row - f.row), index[g.id]))


class DeclareDialog(EventDialog[Declare]):
    """Widgets: ``action_combo``, ``target_combo``, ``style_combo``, ``special_combo``,
    ``subdue_check`` (classic), ``defences_spin``, ``stance_combo``, ``shot_combo``,
    ``close_list`` (0.8), ``range_spin``, ``move_spin``; ``harn`` the RULES 3.3
    angry strike and feint, each there only while its option is on."""

    def __init__(self, parent: QWidget | None, state: CombatState, fighter_id: str) -> None:
        f = state.fighter(fighter_id)
        super().__init__(parent, f"Declare: {f.name}", "Declare")
        self.state, self.fighter_id = state, fighter_id
        classic = state.edition == "classic"
        d = f.derived(state.options)
        self.derived = d
        self.who_label = QLabel(fighter_summary(state, f), self)
        self.who_label.setWordWrap(True)
        self.action_combo = QComboBox(self)
        for a in (_CLASSIC_ACTIONS if classic else _V08_ACTIONS):
            self.action_combo.addItem(ACTION_LABELS[a], a)
        self.target_combo = QComboBox(self)
        board = state.options.uses(BOARD)
        for g in target_order(state, f):
            state_text = "" if g.can_act else ", helpless"
            if g.thing is not None:  # RULES 3.3 breaking things
                state_text = f", {g.why_not}"
            far = f", range {abs(g.row - f.row)}" if board else ""  # RULES 3.1
            self.target_combo.addItem(f"{g.name} ({g.side}, row {g.row}{far}{state_text})",
                                      g.id)
        self.style_combo = QComboBox(self)
        self.special_combo = QComboBox(self)
        self.special_combo.addItem("None", None)
        for s in SPECIAL_ATTACKS:
            self.special_combo.addItem(s.replace("_", " ").capitalize(), s)
        self.subdue_check = QCheckBox("Strike to subdue (with another special)", self)
        self.defences_spin = QSpinBox(self)
        self.stance_combo = QComboBox(self)
        for s in ("normal", "aggressive", "defensive", "prone"):
            self.stance_combo.addItem(s.capitalize(), s)
        self.shot_combo = QComboBox(self)
        for s, label in (("normal", "Normal"), ("snap", "Snap shot (fast, distance ×2)"),
                         ("careful", "Careful shot (slow, distance ½)")):
            self.shot_combo.addItem(label, s)
        self.close_list = QListWidget(self)
        self.close_list.setMaximumHeight(80)
        self.close_list.setToolTip("Others in the melee the shot is fired into "
                                   "(combat-missile.yags, Firing into melee)")
        for g in state.active():
            if g.id != f.id and not g.dead:
                item = QListWidgetItem(g.name, self.close_list)
                item.setData(Qt.ItemDataRole.UserRole, g.id)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
        self.range_spin = QSpinBox(self)
        self.range_spin.setRange(0, 100_000)
        self.range_spin.setSuffix(" m")
        self.move_spin = QSpinBox(self)
        self.move_spin.setRange(0, 10_000)
        self.move_spin.setSuffix(" m")
        self.max_label = QLabel(self)
        rows: list[tuple[str, QWidget]] = [("&Action", self.action_combo),
                                           ("&Target", self.target_combo),
                                           ("&Style", self.style_combo)]
        if classic:
            rows += [("S&pecial attack", self.special_combo), ("", self.subdue_check)]
            hidden: tuple[QWidget, ...] = (self.defences_spin, self.stance_combo,
                                           self.shot_combo, self.close_list, self.max_label)
        else:
            rows += [("Sta&nce", self.stance_combo), ("&Defences", self.defences_spin),
                     ("", self.max_label), ("S&hot", self.shot_combo),
                     ("Into a &melee with", self.close_list)]
            hidden = (self.special_combo, self.subdue_check)
        self.harn = HarnChoices(self, state, f, d)  # RULES 3.3, while its options are on
        rows += self.harn.rows()
        # RULES 3.2 charge, defend, flee, assess, while its option is on.
        self.manoeuvre = ManoeuvreChoice(self, state,
                                         lambda a: _select(self.action_combo, a))
        rows += self.manoeuvre.rows()
        self.aim = AimChoice(self, state)  # RULES 3.3 aimed attacks, while on
        rows += self.aim.rows()
        rows += [("&Range", self.range_spin), ("&Move", self.move_spin)]
        self.labels = self.lay_out_form(self.who_label, rows)
        for w in hidden:
            w.setVisible(False)
        self.action_combo.currentIndexChanged.connect(self._action_changed)
        self.stance_combo.currentIndexChanged.connect(self._defence_limit)
        self.target_combo.currentIndexChanged.connect(self._target_changed)
        self.style_combo.currentIndexChanged.connect(
            lambda: self.harn.style_changed(str(self.style_combo.currentData() or "")))
        self._prefill(f)
        self._action_changed()
        self._defence_limit()
        self._target_changed()
        self.setMinimumWidth(480)
        self.action_combo.setFocus()

    @staticmethod
    def run(parent: QWidget | None, state: CombatState, fighter_id: str) -> Declare | None:
        return ask(DeclareDialog(parent, state, fighter_id))

    def _prefill(self, f: FighterState) -> None:
        old = f.declaration
        self.defences_spin.setValue(DEFAULT_DEFENCES)
        if old is None:
            if self.target_combo.count():
                self.target_combo.setCurrentIndex(0)
            if f.exhausted:  # 0.8: it must rest (declare.exhausted_refusal)
                _select(self.action_combo, "rest")
            return
        _select(self.action_combo, old.action)
        if old.target:
            _select(self.target_combo, old.target)
        _select(self.special_combo, old.special)
        self.subdue_check.setChecked(old.subdue)
        _select(self.stance_combo, old.stance)
        _select(self.shot_combo, old.shot)
        if old.defences is not None:
            self.defences_spin.setValue(old.defences)
        if old.range_m is not None:
            self.range_spin.setValue(old.range_m)
        self.move_spin.setValue(old.move_m)
        self._old_style = old.style
        self.harn.prefill(old)
        self.manoeuvre.prefill(old)
        self.aim.prefill(old)
        for i in range(self.close_list.count()):
            item = self.close_list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) in old.close:
                item.setCheckState(Qt.CheckState.Checked)

    def _action_changed(self) -> None:
        action = self.action_combo.currentData()
        attacks = action in ("attack", "missile")
        missile = action == "missile"
        wanted = getattr(self, "_old_style", "") or self.style_combo.currentData()
        self.style_combo.clear()
        if attacks:
            styles = [s for s in self.derived.styles if s.usable
                      and (s.style == "missile") == missile]
            for s in sorted(styles, key=lambda s: -(s.attack.total + s.damage.total)):
                self.style_combo.addItem(s.label, s.label)
            if wanted:
                _select(self.style_combo, wanted)
        for w, on in ((self.target_combo, action in _TARGETED), (self.style_combo, attacks),
                      (self.special_combo, action in ("attack", "missile", "wait", "rest",
                                                      "move", "other")),
                      (self.subdue_check, attacks), (self.range_spin, missile),
                      (self.shot_combo, missile), (self.close_list, missile)):
            w.setEnabled(on)
        self.harn.set_enabled(action == "attack")
        self.aim.set_enabled(attacks)
        self.harn.style_changed(str(self.style_combo.currentData() or ""))
        self._mark_reach()

    def _mark_reach(self) -> None:
        """With board rows on (RULES 3.1), a melee attack offers only targets its
        strike can reach: the others are greyed, their tooltip says why; a missile's
        distance comes from the rows."""
        board = self.state.options.uses(BOARD)
        melee = board and self.action_combo.currentData() == "attack"
        model = self.target_combo.model()
        assert isinstance(model, QStandardItemModel)
        for i in range(self.target_combo.count()):
            why = (reach_refusal(self.state, self.fighter_id, self.target_combo.itemData(i))
                   if melee else None)
            item = model.item(i)
            item.setEnabled(why is None)
            item.setToolTip(why.split(": ", 1)[-1] if why else "")
        current = model.item(self.target_combo.currentIndex()) if self.target_combo.count() \
            else None
        if current is not None and not current.isEnabled():
            usable = [i for i in range(self.target_combo.count()) if model.item(i).isEnabled()]
            if usable:
                self.target_combo.setCurrentIndex(usable[0])
        self._board_range()

    def _board_range(self) -> None:
        """A missile's distance from the rows (RULES 3.1 board rows): shown, not typed."""
        if not self.state.options.uses(BOARD) or self.action_combo.currentData() != "missile":
            self.range_spin.setToolTip("")
            return
        f = self.state.fighter(self.fighter_id)
        target = self.target_combo.currentData()
        t = self.state.fighter(target) if target else None
        metres = shot_range_m(self.state, f, t, None)
        if metres is not None:
            self.range_spin.setValue(metres)
        self.range_spin.setEnabled(False)
        self.range_spin.setToolTip(f"From the rows: {self.state.options.board_metres_per_row}"
                                   " m a row (RULES 3.1, Rules options)")

    def _target_changed(self) -> None:
        """The target is not one of the others in its melee."""
        self._board_range()
        target = self.target_combo.currentData()
        for i in range(self.close_list.count()):
            item = self.close_list.item(i)
            mine = item.data(Qt.ItemDataRole.UserRole) == target
            if mine:
                item.setCheckState(Qt.CheckState.Unchecked)
            item.setHidden(mine)

    def _defence_limit(self) -> None:
        m = self.derived.max_defences
        if self.state.fighter(self.fighter_id).exhausted:
            # 0.8: no defence while Exhausted (declare.exhausted_refusal).
            self.defences_spin.setRange(0, 0)
            set_rules_text(self.max_label, "None while exhausted (core.md, Running)")
            return
        if m is None:
            self.defences_spin.setRange(0, 20)
            return
        most = m.total + (1 if self.stance_combo.currentData() == "defensive" else 0)
        self.defences_spin.setRange(0, max(0, most))
        set_rules_text(self.max_label, f"At most {most}: (Agility + Perception) / 2"
                       f"{', +1 defensive' if most > m.total else ''} (RULES 2)")

    def declaration(self) -> Declare:
        """The Declare the widgets describe (pydantic checks each field)."""
        classic = self.state.edition == "classic"
        action = str(self.action_combo.currentData())
        attacks = action in ("attack", "missile")
        close = tuple(str(self.close_list.item(i).data(Qt.ItemDataRole.UserRole))
                      for i in range(self.close_list.count())
                      if self.close_list.item(i).checkState() == Qt.CheckState.Checked)
        target = self.target_combo.currentData() if action in _TARGETED else None
        style = self.style_combo.currentData() if attacks else None
        data: dict[str, object] = {
            "id": self.fighter_id, "action": action, "target": target,
            "style": style or "", "move_m": self.move_spin.value(),
            "range_m": self.range_spin.value() if action == "missile" else None,
        }
        data.update(self.harn.values(action == "attack"))  # RULES 3.3
        data["manoeuvre"] = self.manoeuvre.value()  # RULES 3.2
        data.update(self.aim.values(attacks))  # RULES 3.3 aimed attacks
        if classic:
            data["special"] = self.special_combo.currentData()
            data["subdue"] = attacks and self.subdue_check.isChecked()
        else:
            data["stance"] = self.stance_combo.currentData()
            data["defences"] = (None if action == "reroll_initiative"
                                else self.defences_spin.value())
            if action == "missile":
                data["shot"] = self.shot_combo.currentData()
                data["close"] = close
        return Declare.model_validate(data)

    def build_result(self) -> Declare:
        e = self.declaration()
        apply(self.state, e)  # the engine's refusal (RulesError) keeps the dialog open
        return e


def _select(combo: QComboBox, data: object) -> None:
    i = combo.findData(data)
    if i >= 0:
        combo.setCurrentIndex(i)
