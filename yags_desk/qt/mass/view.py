"""The battle view: set up a quick-combat battle and fight it turn by turn (RULES 1.12).

Above, the battle's name and limits and its two sides, each with a leader and
a table of groups (:class:`~yags_desk.qt.mass.models.GroupsModel`); a group's
numbers are typed by the GM or taken from a classic character of the library
(``rules.quick_template``, the parts in each cell's tooltip). Below, the turns
fought, the dice (rolled, or typed by the GM in the order the turn uses them)
and a chart of each side's figures. Every set-up edit and every turn is one
undo step; the set-up is fixed while turns are fought (undo them to change
it). Only the set-up is saved: a battle file is the battle, not one fight of it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from operator import itemgetter
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import ValidationError
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QProgressDialog,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from yags_desk.printing.quick_report import battle_report
from yags_desk.qt.common.document import DocumentView
from yags_desk.qt.mass.chart import CountsChart
from yags_desk.qt.mass.models import (
    GroupsModel,
    PairingsModel,
    TurnsModel,
    common_start,
    replace_group,
)
from yags_desk.qt.mass.steady import SteadyLabels
from yags_desk.qt.mass.turns_list import TurnsList
from yags_desk.rules.character import Character
from yags_desk.rules.errors import DiceError, RulesError
from yags_desk.rules.quick_combat import (
    Battle,
    BattleState,
    Group,
    Leader,
    Side,
    TurnResult,
    battle_result,
    figure_shares,
    quick_values,
    resolve_turn,
    turn_pairings,
)
from yags_desk.rules.quick_dice import TypedD10s, parse_d10s
from yags_desk.rules.quick_template import QuickTemplate, quick_leader, quick_template
from yags_desk.rules.quick_turns import fought_json, fought_turns
from yags_desk.rules.words import counted
from yags_desk.storage.documents import DocumentError
from yags_desk.storage.library import Library
from yags_desk.storage.wording import gm_line, gm_text

__all__ = ["PROGRESS_FROM", "WORK_AHEAD_UP_TO", "BattleView", "new_battle"]

# [decision] From this many figure-turns left, fighting to the end shows progress
# and can be cancelled (about half a second of dice on this machine).
PROGRESS_FROM = 1_000_000
# [decision] The progress shown (and the events handled, a Cancel click among
# them) at most this often, in seconds: more often than the eye follows cost a
# millisecond a turn.
PROGRESS_EVERY = 0.05
# [decision] After a set-up edit, the next turn is worked out ahead this long
# (milliseconds) after the view is drawn, so typing in the set-up of a big battle
# is not held up by a turn rolled at every key; after a turn, at once (_work_ahead).
WORK_AHEAD_AFTER_EDIT_MS = 300
# [decision] Up to this many figures standing the next turn is worked out ahead
# (about 0.1 s of dice here): a bigger turn would hold the view up while the GM
# reads the last one, so it is rolled when the GM clicks Next turn.
WORK_AHEAD_UP_TO = 2_000_000


class _Ahead(NamedTuple):
    """The next turn worked out ahead with the view's dice (BattleView._work_ahead):
    the state and the dice's state it was rolled from, the turn, the dice's state
    after it, and what showing it needs (its line, the plan of the turn after it,
    its to_json for the file)."""

    state: BattleState
    dice_before: tuple[Any, ...]
    turn: TurnResult
    dice_after: tuple[Any, ...]
    line: str
    plan: str
    fought: dict[str, Any]


def new_battle() -> Battle:
    """A small battle to start from: one typed group a side."""
    def group(name: str) -> Group:
        return Group(name=name, count=10, initiative=15, attack=15, defence=15, damage=15,
                     soak=15)
    return Battle(name="New battle", edition="classic",
                  sides=(Side(name="First side", groups=[group("First group")]),
                         Side(name="Second side", groups=[group("Second group")])))


class _SetBattle(QUndoCommand):
    def __init__(self, view: BattleView, old: Battle, new: Battle, text: str) -> None:
        super().__init__(text)
        self.view, self.old, self.new = view, old, new

    def redo(self) -> None:
        self.view._show_battle(self.new)

    def undo(self) -> None:
        self.view._show_battle(self.old)


class _PlayTurn(QUndoCommand):
    def __init__(self, view: BattleView, turn: TurnResult, applied: bool = False) -> None:
        super().__init__(f"Turn {turn.turn}")
        self.view, self.turn = view, turn
        self._applied = applied  # a turn read from the file: already in view.turns

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self.view.turns.append(self.turn)
        self.view._turns_changed()

    def undo(self) -> None:
        self.view.turns.pop()
        self.view._turns_changed()


class _SideBox(QGroupBox):
    """One side: its name, leader, leadership bonus and groups."""

    def __init__(self, view: BattleView, side: int) -> None:
        super().__init__(("First", "Second")[side] + " side")
        self.side = side
        form = QFormLayout()
        self.name = QLineEdit()
        self.leader = QLineEdit()
        self.leader.setPlaceholderText("no leader")
        self.intelligence = QSpinBox()
        self.intelligence.setRange(0, 1000)
        self.battle_skill = QSpinBox()
        self.battle_skill.setRange(0, 1000)
        self.battle_skill.setSuffix("%")
        self.battle_skill.setToolTip("A leader needs Battle 25% or more to roll for "
                                     "leadership (RULES 1.12)")
        self.bonus = QSpinBox()
        self.bonus.setRange(-1000, 1000)
        self.bonus.setToolTip("Leadership bonus: terrain, tactics or anything else you add "
                              "to the leader's roll")
        numbers = QHBoxLayout()
        for label, spin in (("Intelligence", self.intelligence), ("Battle", self.battle_skill),
                            ("Bonus", self.bonus)):
            caption = QLabel(label)
            caption.setBuddy(spin)
            numbers.addWidget(caption)
            numbers.addWidget(spin, 1)
        self.leader_from = QPushButton("From character…")
        self.leader_from.setToolTip("The leader's Intelligence and Battle skill from a "
                                    "classic character of the library")
        lead = QHBoxLayout()
        lead.addWidget(self.leader, 1)
        lead.addWidget(self.leader_from)
        form.addRow("Side", self.name)
        form.addRow("Leader", lead)
        form.addRow("", numbers)
        self.model = GroupsModel(lambda: view.battle, side, view.change_battle, view.template)
        self.model.refused.connect(view.refuse)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.setAccessibleName(f"Groups of side {side + 1}")
        self.add = QPushButton("Add group")
        self.from_character = QPushButton("From character…")
        self.from_character.setToolTip("A group of fighters with the numbers of a classic "
                                       "character or NPC template of the library")
        self.remove = QPushButton("Remove group")
        buttons = QHBoxLayout()
        for button in (self.add, self.from_character, self.remove):
            buttons.addWidget(button)
        buttons.addStretch()
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.table)
        box.addLayout(buttons)
        for edit in (self.name, self.leader):
            edit.editingFinished.connect(view._side_edited)
        for spin in (self.intelligence, self.battle_skill, self.bonus):
            spin.editingFinished.connect(view._side_edited)
        self.add.clicked.connect(lambda: view.add_group(side))
        self.from_character.clicked.connect(lambda: view.ask_character_group(side))
        self.remove.clicked.connect(lambda: view.remove_selected(side))
        self.leader_from.clicked.connect(lambda: view.ask_leader(side))

    def show_side(self, side: Side, locked: bool, same_groups: bool = False) -> None:
        """Show ``side``; ``same_groups``: its groups are those shown already (only
        the lock changes), so the table is not read and laid out again."""
        lead = side.leader
        values: list[tuple[Any, Any]] = [
            (self.name, side.name), (self.leader, lead.name if lead else ""),
            (self.intelligence, lead.intelligence if lead else 0),
            (self.battle_skill, lead.battle if lead else 0), (self.bonus, side.bonus)]
        for widget, value in values:
            widget.blockSignals(True)
            if isinstance(widget, QLineEdit):
                widget.setText(value)
            else:
                widget.setValue(value)
            widget.blockSignals(False)
            widget.setEnabled(not locked)
        for button in (self.add, self.from_character, self.remove, self.leader_from):
            button.setEnabled(not locked)
        self.model.locked = locked
        if same_groups and self.table.state() != QAbstractItemView.State.EditingState:
            # What a reset shows, without one: no row selected, no current cell. (A
            # cell being edited goes as a reset takes it: reset.)
            self.table.selectionModel().clear()
        else:
            self.model.refresh()

    def edited_side(self, side: Side) -> Side:
        """``side`` with this box's fields; raises ValueError naming the field."""
        name = self.name.text().strip()
        label = name or side.name
        if not name:
            raise ValueError(f"Side: the {('first', 'second')[self.side]} side needs a name")
        leader_name = self.leader.text().strip()
        intelligence, skill = self.intelligence.value(), self.battle_skill.value()
        leader = None
        if leader_name:
            leader = Leader(name=leader_name, intelligence=intelligence, battle=skill)
        elif intelligence or skill:
            raise ValueError(f"Leader of {label}: give the leader a name "
                             f"(Intelligence {intelligence}, Battle {skill}%)")
        bonus = self.bonus.value()
        if bonus and leader is None:
            raise ValueError(f"Leadership bonus of {label}: {label} have no leader to roll "
                             "for it; name a leader first")
        return side.model_copy(update={"name": name, "leader": leader, "bonus": bonus})


class BattleView(DocumentView):
    """A quick-combat battle: its set-up (saved in the library) and a fight of it."""

    saved = Signal(Path)

    def __init__(self, battle: Battle, path: Path | None, library: Library,
                 rng: random.Random | None = None,
                 show_report: Callable[[QWidget, str], object] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(f"battle-{path or id(self)}", parent)
        self.setObjectName("battle_view")
        self.battle = battle
        self.saved_battle: Battle | None = battle if path is not None else None
        self.path = path
        self.library = library
        # The next turn rolled ahead, after the view shows a state (see _work_ahead).
        self._ahead: _Ahead | None = None
        self._start: BattleState | None = None  # the state before the first turn (state)
        self._ahead_timer = QTimer(self)
        self._ahead_timer.setSingleShot(True)
        self._ahead_timer.setInterval(0)  # once the turn shown is drawn
        self._ahead_timer.timeout.connect(self._work_ahead)
        self._rng: random.Random = (
            rng if rng is not None else random.Random())  # noqa: S311 (dice, not secrets)
        self.show_report = show_report
        self.turns: list[TurnResult] = []
        # Per turn shown, kept with the turn it was made from (see _keep): its
        # to_json for the file and each side's figures after it for the chart, so
        # a turn added or undone costs that turn alone.
        self._kept: list[TurnResult] = []
        self._fought_json: list[dict[str, Any]] = []
        self._counts: list[tuple[int, int]] = []
        # The d10 each group of a pairing needs (RULES 1.12 quick values), by the
        # two groups' names, kept with the groups they were worked out for: the
        # plan of the next turn asks again at every turn (see next_turn_plan).
        self._needs: dict[tuple[str, str], tuple[Group, Group, str]] = {}
        refused = ""
        try:  # the turns fought before the file was saved (or the copy written)
            self.turns = fought_turns(battle)
        except RulesError as exc:
            refused = (f"The turns kept in this battle do not fit it ({exc}); "
                       "it opens before its first turn")
        self.last_message = ""
        self._quiet = False
        self._locked = False  # the set-up as last shown: fixed while turns stand
        self._stopping = False
        self._fighting = False
        self._characters: dict[str, Character] | None = None
        self._templates: dict[tuple[str, str], QuickTemplate | None] = {}
        self._build()
        self._show_battle(battle)
        for turn in self.turns:  # each turn read back is an undo step again
            self.undo_stack.push(_PlayTurn(self, turn, applied=True))
        self._turns_changed()
        if refused:
            self.refuse(refused)

    # -- layout ---------------------------------------------------------------------

    def _build(self) -> None:
        self.name = QLineEdit()
        self.name.setAccessibleName("Battle name")
        self.max_turns = QSpinBox()
        self.max_turns.setRange(1, 1000)
        self.break_at = QSpinBox()
        self.break_at.setRange(0, 99)
        self.break_at.setSuffix("%")
        self.break_at.setToolTip("A side breaks when its figures fall to this share of its "
                                 "start or below (0%: it fights until none are left)")
        top = QHBoxLayout()
        top.addWidget(QLabel("Battle"))
        top.addWidget(self.name, 3)
        top.addWidget(QLabel("At most"))
        top.addWidget(self.max_turns)
        top.addWidget(QLabel("turns; a side breaks at"))
        top.addWidget(self.break_at)
        for widget in (self.name, self.max_turns, self.break_at):
            widget.editingFinished.connect(self._battle_edited)
        self.sides = (_SideBox(self, 0), _SideBox(self, 1))
        # [decision] The two sides are tabs, not side by side (issue 16): at 1366×768
        # with the library and dice docks open each half had ~330 px for a table of
        # nine columns ("From" and "Wounds (large)" scrolled out of sight), and the
        # two boxes asked 921 px of the window, which widened it past the screen.
        # A tab gives one side's table the whole width; the status line below keeps
        # both sides' figures in view.
        self.side_tabs = QTabWidget()
        self.side_tabs.setObjectName("side_tabs")
        self.side_tabs.setDocumentMode(True)
        for box in self.sides:
            box.setFlat(True)
            self.side_tabs.addTab(box, box.title())
            box.setTitle("")
        self.pair_a, self.pair_b = QComboBox(), QComboBox()
        self.pair = QPushButton("Pair")
        self.pair.setToolTip("These two groups fight each other while both stand; the "
                             "first named rolls initiative")
        self.pairings_model = PairingsModel(lambda: self.battle)
        self.pairings = QComboBox()
        self.pairings.setModel(self.pairings_model)
        self.pairings.setAccessibleName("Declared pairings")
        self.unpair = QPushButton("Remove pairing")
        self.pair.clicked.connect(
            lambda: self.add_pairing(self.pair_a.currentText(), self.pair_b.currentText()))
        self.unpair.clicked.connect(lambda: self.remove_pairing(self.pairings.currentIndex()))
        # [decision] Pairing and the declared pairings are two rows (issue 16): on one
        # row the combos asked 903 px of the window, and squeezed to fit 1366×768 with
        # the docks open they cut the group names. Each combo may shrink to about ten
        # letters; the stretch widens it when there is room.
        for combo in (self.pair_a, self.pair_b, self.pairings):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(10)
        pairs = QHBoxLayout()
        pairs.addWidget(QLabel("Pair"))
        pairs.addWidget(self.pair_a, 1)
        pairs.addWidget(QLabel("against"))
        pairs.addWidget(self.pair_b, 1)
        pairs.addWidget(self.pair)
        declared = QHBoxLayout()
        declared.addWidget(QLabel("Declared"))
        declared.addWidget(self.pairings, 1)
        declared.addWidget(self.unpair)
        self.plan = QLabel()
        self.plan.setAccessibleName("Next turn's pairings")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b00020; font-weight: bold")
        self.message.setAccessibleName("Problem")

        self.dice_mode = QComboBox()
        self.dice_mode.addItems(["Roll the dice", "Type the dice"])
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("d10s in the order the turn uses them: leaders' "
                                      "2d10!, then per pairing initiative, attacks, damage")
        self.typed.setAccessibleName("Typed dice")
        self.typed.setEnabled(False)
        self.typed.setVisible(False)
        self.dice_mode.currentIndexChanged.connect(self._dice_mode_changed)
        self.next_turn = QPushButton("Next turn")
        self.next_turn.setShortcut("Ctrl+T")
        self.to_end = QPushButton("Fight to the end")
        self.report = QPushButton("Print report…")
        self.next_turn.clicked.connect(self.play_turn)
        self.to_end.clicked.connect(self.fight_to_end)
        self.report.clicked.connect(self.print_report)
        # [decision] The typed dice have a row of their own, shown while the GM types
        # (issue 16): beside the buttons, at 1366×768 with the docks open, the field
        # had 288 px for its 584 px placeholder, which says the order the dice are
        # used in and was cut after "leader…". On its row it has the view's width.
        controls = QHBoxLayout()
        controls.addWidget(self.dice_mode)
        controls.addStretch(1)
        for control in (self.next_turn, self.to_end, self.report):
            controls.addWidget(control)
        self.status = QLabel()
        self.status.setAccessibleName("Battle status")
        self.status_and_plan = SteadyLabels((self.status, self.plan))
        self.turns_model = TurnsModel()
        self.turns_model.line_of = self._line
        self.turns_list = TurnsList(self.turns_model)
        self.turns_list.setAccessibleName("Turns fought")
        self.chart = CountsChart()
        below = QSplitter(Qt.Orientation.Horizontal)
        below.addWidget(self.turns_list)
        below.addWidget(self.chart)
        below.setStretchFactor(0, 3)
        below.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.side_tabs, 3)
        layout.addLayout(pairs)
        layout.addLayout(declared)
        layout.addWidget(self.message)
        layout.addLayout(controls)
        layout.addWidget(self.typed)
        layout.addWidget(self.status_and_plan)
        layout.addWidget(below, 2)

    # -- DocumentView -------------------------------------------------------------

    def title(self) -> str:
        return self.battle.name

    def is_modified(self) -> bool:
        return self.battle != self.saved_battle

    def printable(self) -> list[Any]:
        """File ▸ Print: the report of the turns fought; before any, the battle
        (printing fights it once, as from the library)."""
        return [battle_result(self.battle, self.turns)] if self.turns else [self.battle]

    def busy(self) -> str:
        return f"fighting {self.battle.name}" if self._fighting else ""

    def stop(self) -> None:
        self._stopping = True

    def save(self) -> bool:
        try:
            path = self.library.save_battle(self.battle, self.path)
        except (DocumentError, OSError, ValueError) as exc:
            self.refuse(f"Could not save {self.path or self.library.battles_dir}: "
                        f"{gm_text(exc)}. Nothing was lost; the battle is still here.")
            return False
        self.path = path
        self.saved_battle = self.battle
        try:
            self.library.discard_recovery(self.library.autosave_path(self.key))
        except (OSError, ValueError):
            pass
        self.title_changed.emit(self.title())
        self.saved.emit(path)
        self.status_message.emit(f"Saved {self.battle.name} to {path}", 4000)
        return True

    def autosave(self) -> None:
        """A recovery copy of the battle with its turns while it has unsaved changes."""
        if not self.is_modified():
            return
        try:
            self.library.autosave(self.key, "battle", self.battle)
        except (DocumentError, OSError, ValueError) as exc:
            self.status_message.emit(f"Recovery copy not written: {exc}", 5000)

    # -- showing --------------------------------------------------------------------

    def refuse(self, text: str) -> None:
        """Say why an edit or a turn was refused; nothing changed."""
        self.last_message = text
        self.message.setText(text)
        self._show_battle(self.battle)  # the fields go back to what holds

    def _say(self, text: str) -> None:
        self.last_message = text
        self.message.setText("")
        self.status_message.emit(text, 5000)

    def _show_battle(self, battle: Battle, same_setup: bool = False) -> None:
        """Show ``battle``; ``same_setup``: its set-up is the one shown already and
        only the lock changes (a first turn fought or undone), so the tables and
        the group lists are not filled again."""
        renamed = battle.name != self.battle.name
        self.battle = battle
        locked = self._locked = bool(self.turns)
        for widget, value in ((self.name, battle.name), (self.max_turns, battle.max_turns),
                              (self.break_at, round(battle.break_fraction * 100))):
            widget.blockSignals(True)
            if isinstance(widget, QLineEdit):
                widget.setText(str(value))
            else:
                widget.setValue(int(value))
            widget.setEnabled(not locked)  # disabling a focused field would re-apply it
            widget.blockSignals(False)
        for box, side in zip(self.sides, battle.sides, strict=True):
            name = side.name.replace("&", "&&")  # a tab's "&" marks its shortcut
            self.side_tabs.setTabText(box.side, f"{name} ({counted(side.start_count, 'figure')})")
            box.show_side(side, locked, same_setup)
        if same_setup:  # the group lists hold these groups; the pairings are these
            if self.pairings.count():
                self.pairings.setCurrentIndex(0)  # where a reset of the pairings puts it
        else:
            for combo, side in zip((self.pair_a, self.pair_b), battle.sides, strict=True):
                chosen = combo.currentText()
                combo.blockSignals(True)
                combo.clear()
                combo.addItems([g.name for g in side.groups])
                if chosen:
                    combo.setCurrentText(chosen)
                combo.blockSignals(False)
            self.pairings_model.refresh()
            self.status_and_plan.relax()  # a new set-up: new lines
        for control in (self.pair_a, self.pair_b, self.pair, self.pairings, self.unpair):
            control.setEnabled(not locked)
        self.unpair.setEnabled(not locked and bool(battle.pairings))
        if not self._quiet:
            self._show_counts()
            self._ahead_soon(WORK_AHEAD_AFTER_EDIT_MS)
        if renamed or not self._quiet:
            self.title_changed.emit(self.title())

    def _turns_changed(self) -> None:
        if self._quiet:
            return
        fought = self._fought()
        if fought != self.battle.fought:  # the file keeps the turns fought
            self.battle = self.battle.model_copy(update={"fought": fought})
            self.title_changed.emit(self.title())
        self.turns_model.set_turns(self.turns)
        if self._locked != bool(self.turns):  # the set-up is fixed or free again
            self._show_battle(self.battle, same_setup=True)
        else:
            self._show_counts()
        self._ahead_soon(0)

    def _keep(self) -> None:
        """Bring what is kept per turn up to the turns shown: after a turn or an
        undo only the end changes."""
        kept, turns = self._kept, self.turns
        common = common_start(kept, turns)
        del kept[common:], self._fought_json[common:], self._counts[common:]
        kept.extend(turns[common:])
        ahead = self._worked(turns[-1]) if len(turns) == common + 1 else None
        if ahead is not None:
            self._fought_json.append(ahead.fought)  # worked out ahead (_work_ahead)
        else:
            self._fought_json.extend(fought_json(turns[common:]))
        self._counts.extend((t.state_after.side_count(0), t.state_after.side_count(1))
                            for t in turns[common:])

    def _fought(self) -> tuple[dict[str, Any], ...]:
        """What ``Battle.fought`` holds for the turns shown (``fought_json``)."""
        self._keep()
        return tuple(self._fought_json)

    def state(self) -> BattleState:
        """The battle as it stands: after the last turn shown, else at its start (the
        same object until the battle changes: a turn worked out ahead is known by it)."""
        if self.turns:
            return self.turns[-1].state_after
        start = self._start
        if start is None or start.battle is not self.battle:
            start = self._start = BattleState.start(self.battle)
        return start

    def _show_counts(self) -> None:
        battle, state = self.battle, self.state()
        self._keep()
        first = (battle.sides[0].start_count, battle.sides[1].start_count)
        series: tuple[list[int], list[int]] = (
            [first[0], *map(itemgetter(0), self._counts)],
            [first[1], *map(itemgetter(1), self._counts)])
        names = (battle.sides[0].name, battle.sides[1].name)
        breaks = (battle.break_fraction * series[0][0], battle.break_fraction * series[1][0])
        self.chart.set_counts(names, series, battle.max_turns, breaks)
        parts = [f"{name} {series[i][-1]}/{series[i][0]} ({state.side_status(i)})"
                 for i, name in enumerate(names)]
        # RULES 1.12 large creatures: the wounds a figure still standing carries.
        parts += [f"a {g} figure carries {n} of {battle.group(g).wounds} wounds"
                  for g, n in state.wounds.items()]
        is_over = state.is_over
        over = battle_result(battle, self.turns).outcome() if is_over else ""
        self.status.setText(f"Turn {state.turn} of at most {battle.max_turns} · "
                            + " · ".join(parts) + (f" · {over}" if over else ""))
        ahead = self._worked(self.turns[-1]) if self.turns else None
        if is_over:
            plan = ""
        elif ahead is not None:
            plan = ahead.plan  # the turn shown was worked out ahead, with its plan
        else:
            plan = self.next_turn_plan()
        self.plan.setText(plan)
        self.next_turn.setEnabled(not is_over)
        self.to_end.setEnabled(not is_over and self.dice_mode.currentIndex() == 0)
        self.report.setEnabled(bool(self.turns))

    def _dice_mode_changed(self, index: int) -> None:
        self.typed.setEnabled(index == 1)
        self.typed.setVisible(index == 1)
        self._show_counts()
        self._ahead_soon(0)

    # -- the next turn, worked out ahead -------------------------------------------------

    @property
    def rng(self) -> random.Random:
        """The dice the view rolls (a turn worked out ahead with other dice is dropped)."""
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._ahead = None
        self._ahead_soon(0)

    def _ahead_soon(self, delay_ms: int) -> None:
        """Work the next turn out ``delay_ms`` after the view is drawn (again)."""
        self._ahead_timer.start(delay_ms)

    def _work_ahead(self) -> None:
        """Roll the next turn now, with a copy of the view's dice, and work out what
        showing it needs. [decision] Next turn then shows a turn rolled while the GM
        read the last one: the same turn, from the same dice, as rolling it at the
        click (_take_ahead checks the state and the dice are still those), so the
        click costs the view's own work alone, as the CLI's turn costs the rules
        alone (issue 16: the turn is never slower than the CLI). Only with rolled
        dice of Python's own generator (whose state can be copied and compared)."""
        rng = self._rng
        if self.dice_mode.currentIndex() != 0 or type(rng) is not random.Random:
            return
        state = self.state()
        if state.is_over or sum(state.counts.values()) > WORK_AHEAD_UP_TO:
            return
        if self._ahead_from(state) is not None:
            return  # still ahead
        before = rng.getstate()
        dice = random.Random()  # noqa: S311 (dice, not secrets)
        dice.setstate(before)
        try:
            turn = resolve_turn(state, dice)
        except RulesError:
            return  # Next turn says why when clicked
        line = turn.describe()
        after = turn.state_after
        self._ahead = _Ahead(state, before, turn, dice.getstate(), line,
                             "" if after.is_over else self._plan_for(after), turn.to_json())
        self.turns_list.line_size(line)  # measured now, kept by the list

    def _ahead_from(self, state: BattleState) -> _Ahead | None:
        """The turn worked out ahead, if it was rolled from ``state`` with the view's
        dice as they are now; else None."""
        ahead, rng = self._ahead, self._rng
        if (ahead is None or ahead.state is not state or type(rng) is not random.Random
                or rng.getstate() != ahead.dice_before):
            return None
        return ahead

    def _take_ahead(self, state: BattleState) -> TurnResult | None:
        """The turn worked out ahead from ``state`` (see _ahead_from), the dice moved on
        as if it was rolled now; else None."""
        ahead = self._ahead_from(state)
        if ahead is None:
            return None
        self._rng.setstate(ahead.dice_after)
        return ahead.turn

    def _worked(self, turn: TurnResult) -> _Ahead | None:
        """What was worked out ahead with ``turn``, if it is that turn."""
        ahead = self._ahead
        return ahead if ahead is not None and ahead.turn is turn else None

    def _line(self, turn: TurnResult) -> str:
        """``turn``'s line (TurnResult.describe), worked out ahead if it was."""
        ahead = self._worked(turn)
        return ahead.line if ahead is not None else turn.describe()

    # -- templates --------------------------------------------------------------------

    def characters(self) -> dict[str, Character]:
        """The library's characters by id (read once; Refresh with reload_characters)."""
        if self._characters is None:
            report = self.library.load_characters()
            self._characters = {c.id: c for _path, c in report.items}
        return self._characters

    def reload_characters(self) -> None:
        self._characters = None
        self._templates.clear()

    def template(self, group: Group) -> QuickTemplate | None:
        """The numbers of the character ``group`` was taken from (None: not found)."""
        key = (group.template, group.style)
        if key not in self._templates:
            character = self.characters().get(group.template)
            try:
                found = (quick_template(character, group.style or None)
                         if character is not None else None)
            except RulesError:
                found = None
            self._templates[key] = found
        return self._templates[key]

    # -- set-up edits ------------------------------------------------------------------

    def change_battle(self, battle: Battle, text: str) -> None:
        """One undo step from the battle shown to ``battle``."""
        if self.turns:
            self.refuse("The set-up is fixed while turns are fought: undo the turns to "
                        "change it")
            return
        if battle == self.battle:
            return
        self.message.setText("")
        self.undo_stack.push(_SetBattle(self, self.battle, battle, text))

    def _battle_edited(self) -> None:
        name = self.name.text().strip()
        if not name:
            self.refuse("Battle: the battle needs a name")
            return
        update = {"name": name, "max_turns": self.max_turns.value(),
                  "break_fraction": self.break_at.value() / 100}
        self._validated({**self.battle.model_dump(), **update}, "Battle settings")

    def _side_edited(self) -> None:
        sides = []
        for box, side in zip(self.sides, self.battle.sides, strict=True):
            try:
                sides.append(box.edited_side(side))
            except ValueError as exc:
                self.refuse(gm_line(str(exc)))
                return
        data = self.battle.model_dump()
        data["sides"] = [s.model_dump() for s in sides]
        self._validated(data, "Sides")

    def _validated(self, data: dict[str, Any], what: str) -> None:
        try:
            battle = Battle.model_validate(data)
        except ValidationError as exc:
            self.refuse(gm_text(exc).splitlines()[0])  # it names the field
            return
        self.change_battle(battle, what)

    def _free_name(self, base: str) -> str:
        names = set(self.battle.start_counts())
        if base not in names:
            return base
        number = 2
        while f"{base} {number}" in names:
            number += 1
        return f"{base} {number}"

    def add_group(self, side: int, group: Group | None = None) -> None:
        if group is None:
            group = Group(name=self._free_name("New group"), count=10, initiative=15,
                          attack=15, defence=15, damage=15, soak=15)
        row = len(self.battle.sides[side].groups)
        try:
            battle = replace_group(self.battle, side, row, group)
        except ValidationError as exc:
            self.refuse(f"Groups: {gm_text(exc).splitlines()[0]}")
            return
        self.change_battle(battle, f"Add {group.name}")

    def add_from_character(self, side: int, character: Character, count: int,
                           style: str | None = None) -> None:
        """A group of ``count`` fighters with ``character``'s numbers."""
        if count <= 0:
            self.refuse(f"Figures of {character.name}: needs at least 1 figure, not {count}")
            return
        try:
            template = quick_template(character, style)
        except RulesError as exc:
            self.refuse(gm_line(str(exc)))
            return
        self.characters().setdefault(character.id, character)
        group = template.group(self._free_name(character.name), count).model_copy(
            update={"template": character.id, "style": template.style})
        self.add_group(side, group)

    def _pick_character(self, title: str) -> Character | None:
        """Ask for one classic character of the library (None: cancelled or none)."""
        classic = sorted((c for c in self.characters().values() if c.edition == "classic"),
                         key=lambda c: (c.kind != "npc", c.name.casefold()))
        if not classic:
            self.refuse("From character: the library has no classic characters (quick "
                        "combat uses classic numbers)")
            return None
        labels = [f"{c.name} ({c.kind})" for c in classic]
        choice, ok = QInputDialog.getItem(self, title, "Character:", labels, 0, False)
        return classic[labels.index(choice)] if ok else None

    def ask_character_group(self, side: int) -> None:
        """From character…: pick a classic character of the library and a count."""
        character = self._pick_character("Group from a character")
        if character is None:
            return
        count, ok = QInputDialog.getInt(self, "Group from a character",
                                        f"How many like {character.name}?", 10, 1, 1_000_000)
        if ok:
            self.add_from_character(side, character, count)

    def ask_leader(self, side: int) -> None:
        character = self._pick_character("Leader from a character")
        if character is not None:
            self.leader_from_character(side, character)

    def leader_from_character(self, side: int, character: Character) -> None:
        """The side's leader: ``character``'s Intelligence and Battle skill (RULES 1.12)."""
        try:
            leader = quick_leader(character)
        except RulesError as exc:
            self.refuse(gm_line(str(exc)))
            return
        name = self.battle.sides[side].name
        data = self.battle.model_dump()
        data["sides"][side]["leader"] = leader.model_dump()
        self._validated(data, f"{character.name} leads {name}")

    def remove_selected(self, side: int) -> None:
        rows = self.sides[side].table.selectionModel().selectedRows()
        if not rows:
            self.refuse("Remove group: select the group to remove first")
            return
        self.remove_group(side, rows[0].row())

    def remove_group(self, side: int, row: int) -> None:
        name = self.battle.sides[side].groups[row].name
        try:
            battle = replace_group(self.battle, side, row, None)
        except ValidationError:
            self.refuse(f"Remove {name}: {self.battle.sides[side].name} need at least one "
                        "group")
            return
        self.change_battle(battle, f"Remove {name}")

    def add_pairing(self, a: str, b: str) -> None:
        """Declare that ``a`` (first side) fights ``b`` (second side)."""
        if not a or not b:
            self.refuse("Pair: choose a group of each side")
            return
        data = self.battle.model_dump()
        data["pairings"] = [*data["pairings"], {"a": a, "b": b}]
        self._validated(data, "Pairings")

    def remove_pairing(self, row: int) -> None:
        if not 0 <= row < len(self.battle.pairings):
            self.refuse("Remove pairing: no pairing is declared")
            return
        pairing = self.battle.pairings[row]
        data = self.battle.model_dump()
        del data["pairings"][row]
        self._validated(data, f"Unpair {pairing.a} and {pairing.b}")

    def next_turn_plan(self) -> str:
        """Who fights whom next turn, with the figures and the d10 each needs."""
        return self._plan_for(self.state())

    def _plan_for(self, state: BattleState) -> str:
        """next_turn_plan after ``state``."""
        pairs = turn_pairings(state)
        if not pairs:
            return ""
        parts = []
        for (a, b), (fa, fb) in zip(pairs, figure_shares(state, pairs), strict=True):
            parts.append(f"{a} ({fa}) against {b} ({fb}), d10 needed: {self._needed(a, b)}")
        return f"Next, turn {state.turn + 1}: " + "; ".join(parts)

    def _needed(self, a: str, b: str) -> str:
        """What ``a`` and ``b`` each need on a d10 against the other, worked out once
        for the groups as they stand in the set-up (worked out again when either
        changes: a group edited is a new object)."""
        group_a, group_b = self.battle.group(a), self.battle.group(b)
        kept = self._needs.get((a, b))
        if kept is not None and kept[0] is group_a and kept[1] is group_b:
            return kept[2]
        va, vb = quick_values(group_a, group_b), quick_values(group_b, group_a)
        needed = (f"initiative {va.initiative}/{vb.initiative}, attack {va.attack}/"
                  f"{vb.attack}, damage {va.damage}/{vb.damage}")
        self._needs[a, b] = (group_a, group_b, needed)
        return needed

    # -- fighting ------------------------------------------------------------------------

    def play_turn(self) -> TurnResult | None:
        """Fight one turn with the dice rolled or typed; None (and why) if refused."""
        state = self.state()
        if state.is_over:
            self.refuse("The battle is over: undo turns to fight them again")
            return None
        typed = self.dice_mode.currentIndex() == 1
        try:
            rng: random.Random = (TypedD10s(parse_d10s(self.typed.text())) if typed
                                  else self._rng)
            turn = (None if typed else self._take_ahead(state)) or resolve_turn(state, rng)
        except DiceError as exc:
            self.refuse(f"Typed dice: {exc}; the turn was not fought")
            return None
        if isinstance(rng, TypedD10s) and rng.left:
            self.refuse(f"Typed dice: the turn used {rng.used} d10s but {len(rng.faces)} "
                        "were typed; the turn was not fought")
            return None
        if typed:
            self.typed.clear()
        self.message.setText("")
        self.undo_stack.push(_PlayTurn(self, turn))
        self._say(self._line(turn))
        return turn

    def fight_to_end(self) -> int:
        """Roll turn after turn until the battle is over; each turn is its own undo
        step. A large battle shows progress and can be cancelled (turns fought so
        far stay). Returns the turns fought."""
        state = self.state()
        figures = sum(state.counts.values())
        left = self.battle.max_turns - state.turn
        dialog = None
        if figures * left >= PROGRESS_FROM:
            dialog = QProgressDialog(f"Fighting {self.battle.name}…", "Cancel", state.turn,
                                     self.battle.max_turns, self)
            dialog.setWindowModality(Qt.WindowModality.WindowModal)
            dialog.setMinimumDuration(300)
        fought, shown = 0, -PROGRESS_EVERY
        self._fighting, self._stopping, self._quiet = True, False, True
        try:
            while not state.is_over and not self._stopping:
                turn = self._take_ahead(state) or resolve_turn(state, self._rng)
                self.undo_stack.push(_PlayTurn(self, turn))
                state = turn.state_after
                fought += 1
                now = time.monotonic()
                if dialog is not None and now >= shown + PROGRESS_EVERY:
                    shown = now
                    dialog.setLabelText(f"Fighting {self.battle.name}: turn {state.turn} "
                                        f"of at most {self.battle.max_turns}")
                    dialog.setValue(state.turn)  # a modal dialog's setValue handles events
                    if dialog.wasCanceled():
                        self._stopping = True
        finally:
            self._fighting, self._quiet = False, False
            if dialog is not None:
                dialog.close()
            self._turns_changed()
        stopped = self._stopping and not state.is_over
        self._stopping = False
        self._say(f"Stopped after turn {state.turn}: {counted(fought, 'turn')} fought" if stopped
                  else battle_result(self.battle, self.turns).outcome())
        return fought

    def report_html(self) -> str:
        """The printed report of the turns fought (quick_report)."""
        return battle_report(battle_result(self.battle, self.turns))

    def print_report(self) -> None:
        if not self.turns:
            self.refuse("Print report: fight at least one turn first")
            return
        if self.show_report is None:
            self.refuse("Print report: printing is not available here")
            return
        self.show_report(self, self.report_html())
