"""The battle board: the tab a GM runs a fight in (issue 5).

The board keeps the encounter's :class:`CombatLog`. Every group of events the
GM confirms in a dialog is checked against a copy of the state first (a
refusal shows the rules' message and changes nothing), then pushed through an
:class:`EventsCommand` on the tab's undo stack, so Edit ▸ Undo and Redo step
the fight back and forth. The recovery copy follows every event, Auto-resolve's
included: new events are appended beside the last whole copy
(:mod:`yags_desk.storage.recovery_journal`), so a crash loses at most the event
being written.

"Next" (Space or N) asks :func:`~yags_desk.rules.combat.steps.next_step` what
the rules require now and opens the matching dialog; pending checks come
first, as soon as they arise. Before round 1 has begun, adding, removing and
moving combatants changes the starting roster; later they are events.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from yags_desk.help.refs import for_screen
from yags_desk.qt.battle.actions32_menu import add_actions32, assess_roll, free_attack_events
from yags_desk.qt.battle.canvas import BoardCanvas
from yags_desk.qt.battle.commands import EventsCommand
from yags_desk.qt.battle.dialogs.common import show_problem, styled_error_label
from yags_desk.qt.battle.export_log import ask_export_path, export_board_log
from yags_desk.qt.battle.forecast_view import ForecastDialog
from yags_desk.qt.battle.log_view import LogPanel
from yags_desk.qt.battle.players_choices import PlayersChoices
from yags_desk.qt.battle.protocol import BattleDialogs
from yags_desk.qt.battle.results import ResultsCommand, apply_to_characters
from yags_desk.qt.battle.roster_model import RosterModel, TurnOrderProxy
from yags_desk.qt.battle.roster_ops import RosterOps
from yags_desk.qt.battle.round_ahead import RoundAhead
from yags_desk.qt.battle.rules31 import BoardRules31
from yags_desk.qt.common.document import DocumentView
from yags_desk.qt.common.icons import icon
from yags_desk.qt.common.roles import Role
from yags_desk.rules.combat.events import (
    Attack,
    ClearCondition,
    EndRound,
    Event,
    StartingAdvantage,
)
from yags_desk.rules.combat.forecast import Forecast
from yags_desk.rules.combat.history import history_steps, step_text
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.mounted_classic import MOUNT_FALL_M
from yags_desk.rules.combat.npc_steps import NpcStep, npc_step_events
from yags_desk.rules.combat.optional.assist import OPTION as ASSIST
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.state import CombatState, Pending
from yags_desk.rules.combat.steps import (
    Step,
    fight_over,
    initiative_needed,
    next_step,
    waiting_for_opponents,
)
from yags_desk.rules.errors import RulesError
from yags_desk.storage.documents import DocumentError, PreparedDocument, prepare_document
from yags_desk.storage.encounter_file import Encounter, PlayersScreen, encounter_log, with_log
from yags_desk.storage.library import Library
from yags_desk.storage.paths import slugify
from yags_desk.storage.recovery_journal import COMPACT_AFTER

__all__ = ["SHORTCUTS", "BattleBoard", "fight_result", "waiting_text"]

# The board's keyboard shortcuts, for Help ▸ Keyboard shortcuts: (command, keys).
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Next step (open what the rules ask for now)", "Space, N"),
    ("Next round anyway (play on after the fight is over)", "Shift+N"),
    ("Roll initiative for NPCs (players' typed in)", "Ctrl+I"),
    ("Auto-resolve NPCs to the end of the round", "Ctrl+R"),
    ("End the round", "Ctrl+E"),
    ("Add combatants", "Ctrl+Shift+A"),
    ("Rules options: switch optional rules from now on", "Ctrl+Shift+O"),
    ("Apply results to characters (write the fight into their files)", "Ctrl+Shift+W"),
    ("Forecast: play the fight many times and see how it tends to end", "Ctrl+Shift+F"),
    ("Declare for the selected fighter", "D"),
    ("Override a number of the selected fighter", "O"),
    ("Set a condition on the selected fighter", "C"),
    ("Move the selected fighter a row up / down (RULES 3.1 move)", "Alt+Up / Alt+Down"),
    ("Select the next / previous card", "Right, Left"),
    ("Card menu of the selected fighter", "Menu key, Shift+F10"),
    ("Copy log lines", "Ctrl+C (in the log)"),
    ("Undo / redo the last step", "Ctrl+Z / Ctrl+Shift+Z"),
    ("In a step's dialog: roll every missing die", "R"),
    ("In a step's dialog: apply (or declare)", "Enter"),
)

# Auto-resolve redraws the board at most this often (seconds) between players'
# dialogs; see BattleBoard._show_progress. The recovery copy follows every step.
PAINT_EVERY = 0.1
PAINT_SHARE = 4  # Auto-resolve waits this many times a redraw's time before the next
# [decision] A round that Auto-resolve finishes within this time (seconds) is shown
# only at its end: a mid-round redraw of a big board would cost more than the
# round's own steps (issue 18), and the GM would not see it before the end anyway.
# Half a second: a wait under a second needs no progress to keep the GM's train of
# thought (the usual response-time limits: 0.1 s feels instant, 1 s keeps the flow);
# at 0.25 s a 200-fighter round on a slow machine paid a redraw just before its end.
FIRST_PAINT = 0.5
# [decision] The first recovery copy's text is worked out this long (milliseconds)
# after the board opens or is saved, while the GM reads it, instead of inside the
# first step, which then only writes it (a 200-fighter encounter's text is most of
# that copy's cost; issue 18). An unmodified board still leaves no copy behind.
PREPARE_AFTER_MS = 300

_PHASES = {"check": "a check is due", "declare": "declarations", "initiative": "initiative",
           "action": "actions", "end_check": "end of round", "end_round": "end of round"}


def fight_result(state: CombatState) -> str:
    """Who won, once fewer than two sides have a fighter able to act ("" before)."""
    if not state.fighters or not fight_over(state):
        return ""
    sides = sorted({f.side for f in state.active() if f.can_act})
    if sides:
        return f"The fight is over: {sides[0]} won."
    return "The fight is over: nobody is left able to fight."


def waiting_text(state: CombatState) -> tuple[str, str]:
    """The header (round line, next line) of a board that has no fight yet: no
    combatants, or only one side; ("", "") once there are two sides."""
    sides = sorted({f.side for f in state.active()})
    if not sides:
        return ("No combatants yet",
                "Add some: Add combatants (Ctrl+Shift+A), or drag characters from the "
                "library onto the board.")
    if len(sides) == 1:
        return (f"Round {state.round} · waiting for opponents",
                f"Only {sides[0]} is on the board: add combatants on another side "
                "(Ctrl+Shift+A) to start the fight.")
    return "", ""


class BattleBoard(DocumentView):
    """An encounter on the board, played through ``dialogs``."""

    saved = Signal(Path)
    # After every redraw of the board (each event; Auto-resolve's batched redraws):
    # what the players' screen follows, so it costs the board no extra work.
    refreshed = Signal()
    # After Apply results with "Start healing" ticked: the character files of
    # everyone hurt ([(Path, HealingStart)]: the fight's end state), for the window
    # to open a healing record on.
    healing_patients_requested = Signal(list)

    def __init__(self, encounter: Encounter, path: Path | None, library: Library,
                 dialogs: BattleDialogs, rng: random.Random | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(f"encounter-{encounter.id}", parent)
        self.setObjectName("battle_board")
        self.encounter = encounter
        self.path = path
        self.library = library
        self.dialogs = dialogs
        self.rng = rng if rng is not None else random.Random()  # noqa: S311 (dice, not secrets)
        self.log: CombatLog = encounter_log(encounter)
        self.last_message = ""
        self._batch = False
        # Auto-resolve's round worked out while the GM reads the board (round_ahead).
        self.round_ahead = RoundAhead(lambda: self.state, lambda: self.rng,
                                      lambda: self._batch, self)
        self._painted = 0.0
        self._paint_gap = PAINT_EVERY
        self._stopping = False  # Auto-resolve stops before its next step
        # What the recovery copy holds: (events recorded, the last of them, events
        # in the last snapshot); None until a snapshot is written.
        self._recorded: tuple[int, Event | None, int] | None = None
        # The next snapshot's text, worked out ahead (see PREPARE_AFTER_MS): with the
        # encounter, the events and the undo steps it holds (see _prepared_snapshot).
        self._prepared: tuple[PreparedDocument, Encounter, int, Event | None,
                              tuple[int, ...]] | None = None
        self.autosaves = 0
        self.ops = RosterOps(self, self)
        # The last forecast made before the first event, with the line-up it was made for.
        self.last_forecast: tuple[Forecast, tuple[Any, ...]] | None = None
        self.players_choices = PlayersChoices(self)
        self._advantage_asked = False  # RULES 3.2: asked once when the fight starts
        self.rules31 = BoardRules31(self)  # RULES 3.1 moves, assist, reactions, hamper

        self.model = RosterModel(self)
        self.proxy = TurnOrderProxy(self)
        self.proxy.setSourceModel(self.model)
        self.canvas = BoardCanvas(self.model)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(self.canvas)
        self.table = QTableView()
        self.table.setObjectName("initiative_list")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setSortingEnabled(False)
        self.table.setAlternatingRowColors(True)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header = self.table.horizontalHeader()
        # Every column as wide as its contents and header (names are not cut, headers
        # do not overlap); the last one takes what is left. _fit_list widens the list.
        # [decision] Sized by _size_columns at each refresh rather than by Qt's
        # ResizeToContents, which measured every cell of every row again at each
        # change of the roster or of the list's size (issue 18); the same widths.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(24)
        self._list_width = 0
        self._widths: dict[tuple[int, str], int] = {}  # see column_width_hint
        self._widths_font = ""
        # [decision] Side and status are on the cards (colour stripe, last line) and in
        # each row's tooltip; the list keeps the columns read during a round.
        self.table.setColumnHidden(2, True)
        self.table.setColumnHidden(5, True)
        self.log_panel = LogPanel()

        self.round_label = QLabel()
        self.round_label.setObjectName("round_label")
        font = self.round_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.round_label.setFont(font)
        self.step_label = QLabel()
        self.step_label.setObjectName("step_label")
        # [decision] The step line wraps (issue 16): the fight-over line is ~1,050 px on
        # one line, and a label that does not wrap asks that much of the window; the
        # tab widget keeps the widest page's minimum, so every other tab then widened
        # the window past a 1366 px screen.
        self.step_label.setWordWrap(True)
        self.step_label.setSizePolicy(QSizePolicy.Policy.Ignored,
                                      QSizePolicy.Policy.Preferred)
        self.message = styled_error_label()
        self.message.setObjectName("board_message")

        self._make_actions()
        top = QHBoxLayout()
        top.setContentsMargins(6, 4, 6, 0)
        top.addWidget(self.round_label)
        top.addSpacing(12)
        top.addWidget(self.step_label, 1)
        main = QSplitter(Qt.Orientation.Vertical)
        main.addWidget(self.scroll_area)
        main.addWidget(self.log_panel)
        # [decision] The log gets two fifths of the height (issue 12: about 7 lines at
        # 1366×768 were too few to follow a round).
        main.setStretchFactor(0, 3)
        main.setStretchFactor(1, 2)
        main.setSizes([360, 240])
        self.main_splitter = main
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(main)
        self.splitter.addWidget(self.table)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([700, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.toolbar)
        layout.addLayout(top)
        layout.addWidget(self.message)
        layout.addWidget(self.splitter, 1)

        self.canvas.selection_changed.connect(self._card_selected)
        self.canvas.context_requested.connect(self._context_menu)
        self.canvas.activated.connect(self.declare)
        self.canvas.character_dropped.connect(self.ops.add_from_paths)
        self.canvas.card_moved.connect(self.rules31.move)  # dragged: RULES 3.1 move
        self.table.selectionModel().currentRowChanged.connect(self._row_selected)
        self.table.customContextMenuRequested.connect(self._table_menu)
        self.refresh()
        self.proxy.sort(0, Qt.SortOrder.AscendingOrder)
        self._rebuild_history()
        QTimer.singleShot(PREPARE_AFTER_MS, self, self._prepare_snapshot)

    # -- actions ------------------------------------------------------------------------

    def _action(self, text: str, slot: object, keys: Sequence[str], icon_name: str = "",
                tip: str = "") -> QAction:
        action = QAction(icon(icon_name), text, self) if icon_name else QAction(text, self)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        if tip:
            action.setToolTip(f"{tip} ({', '.join(keys)})" if keys else tip)
            action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        self.addAction(action)
        return action

    def _make_actions(self) -> None:
        self.next_action = self._action("&Next", self.next, ["Space", "N"], "",
                                        "Do what the rules ask for now")
        self.initiative_action = self._action("Roll &initiative", self.roll_initiative,
                                              ["Ctrl+I"], "dice",
                                              "Initiative for everyone who needs it")
        self.auto_action = self._action("&Auto-resolve NPCs", self.auto_resolve, ["Ctrl+R"],
                                        "battle", "Play the rest of the round for the NPCs; "
                                        "players' turns open their dialogs")
        self.anyway_action = self._action(
            "Next round &anyway", lambda: self.next(force=True), ["Shift+N"], "",
            "The fight is over; play on all the same")
        self.end_round_action = self._action("&End round", self.end_round, ["Ctrl+E"], "",
                                             "End the round when everything is done")
        self.add_action = self._action("Add &combatants…", self.ops.add_dialog,
                                       ["Ctrl+Shift+A"], "item-add",
                                       "Add characters from the library")
        self.object_action = self._action(
            "Add an &object…", self.add_object, [], "",
            "Put a door on the board for the fighters to break (RULES 3.3 breaking things)")
        self.declare_action = self._action("&Declare…", self.declare, ["D"])
        self.override_action = self._action("&Override…", self.override, ["O"])
        self.condition_action = self._action("&Condition…", self.condition, ["C"])
        self.row_up_action = self._action(
            "Move a row &up", lambda: self.rules31.move_selected(-1), ["Alt+Up"], "",
            "Move the selected fighter one row up (with board rows on: its move action, "
            "RULES 3.1)")
        self.row_down_action = self._action(
            "Move a row do&wn", lambda: self.rules31.move_selected(1), ["Alt+Down"], "",
            "Move the selected fighter one row down (with board rows on: its move action, "
            "RULES 3.1)")
        self.options_action = self._action(
            "Rules &options…", self.rules_options, ["Ctrl+Shift+O"], "",
            "Switch optional rules and the GM's settings from now on (logged, undoable)")
        self.advantage_action = self._action(  # RULES 3.2
            "Starting ad&vantage…", self.starting_advantage, [], "",
            "Each side's starting advantage from the RULES 3.2 table (logged, undoable)")
        self.results_action = self._action(
            "Apply &results to characters…", self.apply_results, ["Ctrl+Shift+W"], "",
            "Write the fight's wounds, stuns, fatigue and conditions into the library's "
            "character files")
        self.forecast_action = self._action(
            "Fo&recast…", self.forecast, ["Ctrl+Shift+F"], "",
            "Play the fight many times from here: each side's chance of winning, the "
            "rounds, how each player character ends")
        self.toolbar = QToolBar("Battle")
        self.toolbar.setObjectName("battle_toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.next_action, self.anyway_action, self.initiative_action,
                       self.auto_action, self.end_round_action, self.add_action,
                       self.options_action, self.results_action, self.forecast_action,
                       self.advantage_action):
            self.toolbar.addAction(action)

    # -- the document -------------------------------------------------------------------

    def title(self) -> str:
        return self.encounter.name

    def is_modified(self) -> bool:
        """Unsaved changes to the encounter. Writing the results into the character
        files is an undo step on this board but changes nothing in the encounter's
        file, so steps of that kind alone leave it saved."""
        stack, clean = self.undo_stack, self.undo_stack.cleanIndex()
        if clean < 0:
            return True
        low, high = sorted((clean, stack.index()))
        return not all(isinstance(stack.command(i), ResultsCommand)
                       for i in range(low, high))

    @property
    def state(self) -> CombatState:
        return self.log.state

    def current_encounter(self) -> Encounter:
        return with_log(self.encounter, self.log, self.step_sizes())

    def step_sizes(self) -> tuple[int, ...]:
        """How many events each undo step up to now holds (saved with the encounter,
        so a reopened history reads as it was made); other steps (roster, players'
        screen, results) hold none and are left out.

        Right also while steps are being done or undone: Qt runs a command's redo
        before the command is on the stack and its undo before the stack steps back
        (and a History click redoes several before the stack moves), so the log may
        hold steps more or fewer than the stack says; the recovery copy is written
        right then. Empty when the steps cannot account for the log's events."""
        stack = self.undo_stack
        sizes = []
        for i in range(stack.index()):
            command = stack.command(i)
            if isinstance(command, EventsCommand):
                sizes.append(len(command.events))
        count, total = self.log.count, sum(sizes)
        while total > count and sizes:  # a step being undone
            total -= sizes.pop()
        # Qt's setIndex (a History click) redoes several commands before it moves
        # the index: those after it whose events the log holds now are done.
        log, i = self.log, stack.index()
        while total < count and i < stack.count():
            command = stack.command(i)
            i += 1
            if not isinstance(command, EventsCommand):
                continue
            size = len(command.events)
            if total + size > count or log.event(total + size - 1) is not command.events[-1]:
                break
            sizes.append(size)
            total += size
        if total < count:  # a step being done
            sizes.append(count - total)
        return tuple(sizes) if sum(sizes) == count else ()

    def _last_steps(self, count: int) -> tuple[int, ...]:
        """The undo steps holding the log's last ``count`` events (for the recovery
        journal); empty when no run of steps ends there."""
        last: list[int] = []
        for size in reversed(self.step_sizes()):
            if count <= 0:
                break
            last.append(size)
            count -= size
        return tuple(reversed(last)) if count == 0 else ()

    def printable(self) -> list[Any]:
        """File ▸ Print: the encounter as it stands (before or after the fight)."""
        return [self.current_encounter()]

    def save(self) -> bool:
        try:
            path = self.library.save_encounter(self.current_encounter(), self.path)
        except (DocumentError, OSError, ValueError) as exc:
            self.refuse(f"Could not save {self.path or self.library.encounters_dir}: {exc}. "
                        "Nothing was lost; the fight is still here.")
            return False
        self.path = path
        self.undo_stack.setClean()
        try:
            self._recorded = None  # the next event takes a new whole copy
            self.library.discard_recovery(self.library.autosave_path(self.key))
        except (OSError, ValueError):
            pass
        QTimer.singleShot(PREPARE_AFTER_MS, self, self._prepare_snapshot)
        self.saved.emit(path)
        self.status_message.emit(f"Saved {self.encounter.name} to {path}", 4000)
        return True

    def _prepare_snapshot(self) -> None:
        """Work the next snapshot's text out now, while nothing needs it (see
        PREPARE_AFTER_MS); none when a snapshot is written already (the events go
        to its journal) or the library is read-only."""
        if self._recorded is not None or self.library.read_only:
            return
        encounter = self.current_encounter()
        prepared = prepare_document("encounter", encounter)
        if prepared is not None:
            n = self.log.count
            self._prepared = (prepared, self.encounter, n,
                              self.log.event(n - 1) if n else None, encounter.steps)

    def _prepared_snapshot(self) -> tuple[PreparedDocument, int] | None:
        """The snapshot worked out ahead, and how many events it holds, when it is
        still what a snapshot written then would have held: the same encounter,
        the log's first events still those, grouped in the same undo steps (taken
        once: a snapshot follows, or the next one is worked out afresh)."""
        prepared, self._prepared = self._prepared, None
        if prepared is None:
            return None
        document, encounter, count, last, steps = prepared
        log = self.log
        if encounter is not self.encounter or count > log.count:
            return None
        if count and log.event(count - 1) is not last:
            return None
        if steps and self._steps_through(count) != steps:
            return None
        return document, count

    def _steps_through(self, count: int) -> tuple[int, ...] | None:
        """The sizes of the undo steps holding the log's first ``count`` events (None
        when no run of steps ends there). Unlike step_sizes, right also while a step
        is being pushed (Qt runs a command's redo before it is on the stack)."""
        stack, sizes, total = self.undo_stack, [], 0
        for i in range(stack.index()):  # the steps done, not those undone
            if total >= count:
                break
            command = stack.command(i)
            if isinstance(command, EventsCommand):
                sizes.append(len(command.events))
                total += len(command.events)
        return tuple(sizes) if total == count else None

    def _write_prepared(self, step: int = 0) -> bool:
        """The snapshot worked out ahead, if still valid, with the events since then in
        its journal; False when there is none (or writing it failed: a whole copy
        follows, which reports the problem). ``step``: see record."""
        found = self._prepared_snapshot()
        if found is None:
            return False
        document, count = found
        log = self.log
        n = log.count
        try:
            self.library.autosave(self.key, "encounter", document.model, prepared=document)
            if n > count:
                self.library.append_recovery_events(
                    self.key, count, [log.event(i) for i in range(count, n)],
                    (step,) if step == n - count else self._last_steps(n - count))
        except (DocumentError, OSError, ValueError):
            return False
        self.autosaves += 1
        self._recorded = (n, log.event(n - 1) if n else None, count)
        return True

    def autosave(self, step: int = 0) -> None:
        """A whole recovery copy of the fight as it stands (a snapshot; see record)."""
        if self._write_prepared(step):
            return
        try:
            self.library.autosave(self.key, "encounter", self.current_encounter())
        except (DocumentError, OSError, ValueError) as exc:
            self.status_message.emit(f"Recovery copy not written: {exc}", 5000)
            self._recorded = None
            return
        self.autosaves += 1
        n = self.log.count
        self._recorded = (n, self.log.event(n - 1) if n else None, n)

    def record(self, step: int = 0) -> None:
        """Keep the recovery copy up to date after the log changed: new events are
        appended beside the last snapshot (one small write, whatever the fight's
        length: a crash loses at most the event being written, issue 12 item 2);
        an undo, a changed roster or a long journal takes a new snapshot. ``step``:
        the size of the undo step being done, whose events are the log's last (the
        journal says where each step begins, so a restored fight lists the same
        steps); 0 when none is."""
        # [decision] The log is asked for its count and the few events it needs, not
        # for a copy of all of them: a copy at every step made a step's cost grow with
        # the fight's length (issue 18).
        log = self.log
        n = log.count
        done = self._recorded
        if done is not None:
            count, last, snapshot = done
            appended = n > count and (count == 0 or log.event(count - 1) is last)
            if appended and n - snapshot <= COMPACT_AFTER:
                try:
                    self.library.append_recovery_events(
                        self.key, count, [log.event(i) for i in range(count, n)],
                        (step,) if step == n - count else ())
                except FileNotFoundError:  # the copy was discarded (saved): a new one
                    self.autosave(step)
                    return
                except (OSError, ValueError) as exc:
                    self.status_message.emit(f"Recovery copy not written: {exc}", 5000)
                    self._recorded = None
                    return
                self._recorded = (n, log.event(n - 1), snapshot)
                self.autosaves += 1
                return
            if n == count and (count == 0 or log.event(n - 1) is last):
                return  # nothing new
        self.autosave(step)

    # -- pushing events -----------------------------------------------------------------

    def refuse(self, message: str) -> None:
        self.last_message = message
        show_problem(self.message, message)
        self.status_message.emit(for_screen(message), 10_000)

    def push_events(self, events: Sequence[Event], text: str = "",
                    states: Sequence[CombatState] = ()) -> bool:
        """Push ``events`` as one undo step; if the rules refuse one, none stays.

        They go into the log straight away (the log refuses an event before
        changing anything) and are taken out again on a refusal, instead of being
        applied twice, to a copy first (a big fight's round took twice the rules'
        time in applying, issue 18). ``states``: the states after the first events,
        from the state now, as auto_events worked them out (the log takes them
        instead of applying those events again)."""
        events = list(events)
        if not events:
            return False
        before = self.state
        pushed = 0
        log = self.log
        try:
            for event in events:
                if pushed < len(states):
                    # The state that result was worked out from: the log refuses it
                    # unless the log stands there now.
                    start = before if pushed == 0 else states[pushed - 1]
                    log.push(event, (start, states[pushed]))
                else:
                    log.push(event)
                pushed += 1
        except RulesError as exc:
            for _ in range(pushed):
                self.log.undo()
            self.refuse(str(exc))
            return False
        except BaseException:  # whatever stopped it, the log is as it was
            for _ in range(pushed):
                self.log.undo()
            raise
        self._clear_message()
        self.undo_stack.push(EventsCommand(self, events, text or self._describe(events, before),
                                           applied=True))
        return True

    def _clear_message(self) -> None:
        """No message under the toolbar: show_problem's, skipped when there is none
        already (every step of Auto-resolve clears it)."""
        if self.message.text() or not self.message.isHidden():
            show_problem(self.message, "")

    def _describe(self, events: Sequence[Event], state: CombatState) -> str:
        """The undo step's name ("Undo Bandit 3 attacks Aldric"), from the ``state``
        before the events."""
        return step_text(events, state)

    def _rebuild_history(self) -> None:
        """An encounter opened with events: its undo history, rebuilt from them (one
        step per dialog the GM confirmed, see rules.combat.history), so the History
        dock lists the fight and Undo steps back through it. Nothing is replayed: the
        log holds the events already. The stack is clean where the file stands."""
        log, every, at = self.log, self.log.events, 0
        for size in history_steps(every, self.encounter.steps):
            events = every[at:at + size]
            text = step_text(events, log.state_before(at))
            self.undo_stack.push(EventsCommand(self, events, text, applied=True, tell=False))
            at += size
        self.undo_stack.setClean()

    def log_changed(self, step: int = 0) -> None:
        """After the log changed (a command's redo or undo): the recovery copy at
        once, always (Auto-resolve too); the board unless Auto-resolve is batching
        its redraws. ``step``: the size of the step being done (see record)."""
        self.record(step)
        if not self._batch:
            self.refresh()
        else:  # the log's lines while the states are at hand (shown at the next refresh)
            self.log_panel.model.prepare(self.log)

    def set_encounter(self, encounter: Encounter) -> None:
        """Replace the encounter (the starting roster changed before round 1)."""
        self.encounter = encounter
        self.log = encounter_log(encounter)
        self._recorded = None  # the roster is not in the events: a new snapshot
        self.log_changed()

    # -- the players' screen ---------------------------------------------------------

    @property
    def players(self) -> PlayersScreen:
        """What the players' screen may show (saved with the encounter)."""
        return self.encounter.players

    def set_players(self, screen: PlayersScreen) -> None:
        """For PlayersCommand: the choices change; the recovery copy takes a new
        snapshot (they are not events)."""
        self.encounter = self.encounter.model_copy(update={"players": screen})
        self._recorded = None
        self.log_changed()

    # -- showing ------------------------------------------------------------------------

    def refresh(self, progress: bool = False) -> None:
        """Show the fight as it stands. ``progress``: Auto-resolve's redraw midway
        through a long round, which shows the cards, the list and the round and step
        lines but leaves the log's new lines and the list's column widths to the
        full refresh at the end of the batch. [decision] Laying out a big round's
        log lines and measuring the list's new texts were most of a mid-round
        redraw's cost and were all done again at the round's end (issue 18); the
        lines are worked out as the events come (log_changed) either way."""
        state = self.state
        self.model.show(state)
        if not progress:
            self.log_panel.follow(self.log)
        step = next_step(state)
        self.current_step = step
        phase = _PHASES[step.kind]
        if step.kind == "action" and step.phase:
            phase = f"{step.phase} actions"
        result = fight_result(state)
        waiting, what_now = waiting_text(state)
        if waiting and step.kind not in ("check", "end_check"):
            self.round_label.setText(waiting)
            self.step_label.setText(what_now)
        elif result and step.kind not in ("check", "end_check"):
            phase = "fight over"
            self.step_label.setText(f"{result} Apply results to characters "
                                    "(Ctrl+Shift+W) writes it into their files and can start "
                                    "healing the hurt; Shift+N plays on; new combatants join "
                                    "the fight.")
        else:
            self.step_label.setText(f"Next: {step.describe(state)}.")
        if not waiting or step.kind in ("check", "end_check"):
            self.round_label.setText(f"Round {state.round} · {phase}")
        self.anyway_action.setVisible(bool(result))
        self.anyway_action.setEnabled(bool(result))
        self.canvas.set_current(step.fighter, step.target)
        if not progress:
            widths = self._size_columns()
            if not self._batch:  # measuring every row is slow; Auto-resolve: at the end
                self._fit_list(widths)
        self.end_round_action.setEnabled(step.kind == "end_round" and not waiting)
        self.auto_action.setEnabled(not waiting)
        self.initiative_action.setEnabled(not waiting)
        if not self._batch:
            self.round_ahead.soon()
        self.refreshed.emit()

    def column_width_hint(self, column: int) -> int:
        """What ``self.table.sizeHintForColumn(column)`` answers (the widest row's
        width, plus the grid line), measuring each different text of the column
        once: a cell's width depends only on its text here, and asking the table
        measured all 200 rows of a big fight again after every Auto-resolve."""
        font = self.table.font().key()
        if font != self._widths_font:
            self._widths_font, self._widths = font, {}
        widest = 0
        seen: set[str] = set()
        model = self.model
        for row, summary in enumerate(model.summaries()):
            if summary.status == "removed":  # not in the list (TurnOrderProxy)
                continue
            text = model.cell_text(summary, column)  # its DisplayRole, without the call
            if text in seen:
                continue
            seen.add(text)
            width = self._widths.get((column, text))
            if width is None:
                index = self.proxy.mapFromSource(self.model.index(row, column))
                width = self.table.sizeHintForIndex(index).width()
                self._widths[(column, text)] = width
            widest = max(widest, width)
        return widest + (1 if self.table.showGrid() else 0)

    def _column_widths(self) -> dict[int, int]:
        """Each shown column's contents' width: the wider of its header and its
        widest cell."""
        header = self.table.horizontalHeader()
        return {c: max(header.sectionSizeFromContents(c).width(), self.column_width_hint(c))
                for c in range(self.proxy.columnCount()) if not self.table.isColumnHidden(c)}

    def _size_columns(self) -> dict[int, int]:
        """Size the list's columns as ResizeToContents would (their contents' width
        within the header's bounds); the contents' widths."""
        header = self.table.horizontalHeader()
        low, high = header.minimumSectionSize(), header.maximumSectionSize()
        widths = self._column_widths()
        stretched = max(widths) if widths and header.stretchLastSection() else None
        for column, width in widths.items():
            if column == stretched:  # the last takes what is left, whatever its contents
                continue
            width = min(high, max(low, width))
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
        return widths

    def list_width_needed(self, widths: dict[int, int] | None = None) -> int:
        """The width the initiative list needs to show every column whole
        (``widths``: the columns' widths, worked out just now)."""
        columns = sum((self._column_widths() if widths is None else widths).values())
        bar = self.table.verticalScrollBar().sizeHint().width()
        return columns + bar + 2 * self.table.frameWidth() + 4

    def _fit_list(self, widths: dict[int, int] | None = None) -> None:
        """Widen the initiative list when its contents grow (up to a third of the
        board: the cards come first); the GM's own splitter position stands otherwise."""
        need = self.list_width_needed(widths)
        if need == self._list_width:
            return
        self._list_width = need
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if total <= 0:
            self.splitter.setSizes([max(700, 3 * need), need])
            return
        want = min(need, total // 3)
        if sizes[1] < want:
            self.splitter.setSizes([total - want, want])

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """The recovery journal kept open for the fight is closed with the board (a
        closed tab's copies are discarded by the window, which closes it too)."""
        try:
            self.library.close_recovery_journal(self.key)
        except OSError:
            pass
        super().closeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._list_width = 0
        self._fit_list()

    def card_text(self, fid: str) -> list[str]:
        from yags_desk.qt.battle.canvas import card_lines

        summary = self.model.summary(fid)
        return [] if summary is None else [x for x in card_lines(summary) if x]

    # -- stepping -----------------------------------------------------------------------

    def _ask(self, step: Step) -> list[Event] | None:
        state, d = self.state, self.dialogs
        if step.kind in ("check", "end_check"):
            assert step.pending is not None
            check = d.check(self, state, step.pending, self.rng)
            return None if check is None else [check]
        if step.kind == "declare":
            assert step.fighter is not None
            declared = d.declare(self, state, step.fighter)
            return None if declared is None else [declared]
        if step.kind == "initiative":
            rolls = d.initiative(self, state, step.fighters, self.rng)
            return None if rolls is None else list(rolls)
        if step.kind == "action":
            assert step.fighter is not None
            if step.action == "stand_up":
                return [ClearCondition(id=step.fighter, condition="prone")]
            assert step.target is not None
            # A "lost" step (the target is down or gone) opens the attack dialog too:
            # the GM turns the attack on someone else or holds it (logged).
            return d.attack(self, state, step.fighter, step.target, step.style,
                            step.action == "counter", self.rng)
        return [EndRound()]

    def over(self) -> bool:
        """When there is no fight yet or the fight is over, say so and say that Next
        stops (True)."""
        waiting, what_now = waiting_text(self.state)
        if waiting:
            self.last_message = what_now
            self.status_message.emit(what_now, 10_000)
            return True
        result = fight_result(self.state)
        if not result:
            return False
        self.last_message = result
        self.status_message.emit(f"{result} Apply results to characters (Ctrl+Shift+W) "
                                 "writes it into their files and can start healing the hurt; "
                                 "Next round anyway (Shift+N) "
                                 "plays on.", 10_000)
        return True

    def next(self, force: bool = False) -> bool:
        """Do the next step the rules require (opening its dialog); False if cancelled.

        [decision] Once the fight is over (steps.fight_over), Next still asks for the
        checks that are due (a wounded fighter's life may hang on them) but opens
        nothing else; ``force`` (Next round anyway) plays on."""
        step = next_step(self.state)
        if step.kind not in ("check", "end_check") and (
                waiting_for_opponents(self.state) or not force) and self.over():
            return False
        self._ask_starting_advantage()
        step = next_step(self.state)
        try:
            events = self._ask(step)
        except RulesError as exc:
            self.refuse(str(exc))
            return False
        return events is not None and self.push_events(events)

    def roll_initiative(self) -> bool:
        state = self.state
        if waiting_for_opponents(state):
            self.refuse("Initiative waits for the other side: add opponents first "
                        "(Ctrl+Shift+A).")
            return False
        need = initiative_needed(state)
        if not need:
            self.refuse("Nobody needs initiative now.")
            return False
        rolls = self.dialogs.initiative(self, state, need, self.rng)
        return rolls is not None and self.push_events(rolls, "Initiative")

    def end_round(self) -> bool:
        return self.push_events([EndRound()], f"End of round {self.state.round}")

    def add_object(self) -> bool:
        """Board ▸ Add an object…: a door to break (RULES 3.3), refused with the rule
        named while the option is off."""
        from yags_desk.qt.battle.dialogs.add_object import AddObjectDialog

        e = AddObjectDialog.run(self, self.state, self.rng)
        return self.ops.add([e]) if e is not None else False

    def forecast(self) -> ForecastDialog:
        """Board ▸ Forecast…: the dialog that plays the fight many times (issue 17)."""
        from_start = not self.log.events
        key = (self.encounter.combatants, self.encounter.options)

        def keep(result: Forecast) -> None:
            if from_start:
                self.last_forecast = (result, key)

        dialog = ForecastDialog(self.state, self.encounter.name, self, on_result=keep)
        dialog.exec()
        return dialog

    def print_extras(self) -> dict[str, Any]:
        """The last forecast made from the start of this very line-up goes into the
        printed summary before the fight."""
        if self.last_forecast is None:
            return {}
        result, key = self.last_forecast
        if key != (self.encounter.combatants, self.encounter.options):
            return {}
        return {"forecast": result}

    def export_log(self) -> bool:
        """File ▸ Export log…: the fight's log as Markdown, CSV or JSON (issue 17)."""
        folder = self.path.parent if self.path is not None else self.library.encounters_dir
        suggested = folder / f"{slugify(self.encounter.name, 'encounter')}-log.md"
        chosen = ask_export_path(self, suggested)
        return chosen is not None and export_board_log(self, *chosen)

    def report(self, message: str) -> None:
        """A passing message in the status bar (an export written)."""
        show_problem(self.message, "")
        self.status_message.emit(message, 6000)

    def apply_results(self) -> bool:
        """Write the fight's results into the library's character files (one undo step)."""
        return apply_to_characters(self, self, self.healing_patients_requested.emit)

    def busy(self) -> str:
        return "Auto-resolve is running" if self._batch else ""

    def stop(self) -> None:
        self._stopping = True

    def _show_progress(self, force: bool = False) -> None:
        """During Auto-resolve: show the step just made and keep the recovery copy
        current (issue 12 item 2). [decision] A big fight makes hundreds of steps and
        each redraw costs a few milliseconds, so between players' dialogs the board
        is redrawn at most PAINT_EVERY seconds apart, and at most a fifth of the
        time goes into redrawing (a big board takes tens of milliseconds to redraw,
        issue 18); before a dialog (``force``) always. The recovery copy took the
        step already (log_changed)."""
        now = time.monotonic()
        if force or now - self._painted >= self._paint_gap:
            self.refresh(progress=not force)  # before a dialog: the log too
            QCoreApplication.processEvents(
                QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
            self._painted = time.monotonic()
            self._paint_gap = max(PAINT_EVERY, PAINT_SHARE * (self._painted - now))
        if force:
            self.record()  # a copy exists before the dialog, even before any event

    def auto_resolve(self) -> bool:
        """Play on to the end of the round: NPCs' steps with the engine's choices and
        dice, players' steps through their dialogs. Each step stays one undo step.
        [decision] 0.8 as classic: any step that concerns only NPCs is resolved the
        way auto_round_v08 would; the GM may cancel at a player's dialog."""
        if self.over():
            return False
        self._ask_starting_advantage()
        start = self.state.round
        self._batch = True
        self._painted = time.monotonic()
        self._paint_gap = FIRST_PAINT
        self._stopping = False
        finished = False
        # [decision] No cyclic garbage collection between the NPCs' steps (as the log
        # replaying its events): a round of a big fight keeps thousands of new objects
        # (states, events, log lines), and the collector, run every 700 of them, went
        # over the older ones too, now and then over every object of the program (a
        # full pass: 50-70 ms inside a round of ~125, about one round in five; issue
        # 18). It runs at the round's end instead, and while a player's dialog is open.
        collecting = gc.isenabled()
        gc.disable()
        try:
            # The NPCs' steps worked out while the GM read the board, if from this
            # state and these dice (round_ahead), then the rest as they come.
            ahead: Iterator[NpcStep] | None = self.round_ahead.take(self.state, self.rng)
            worked_from = self.state
            for _ in range(100_000):
                if self._stopping:  # the window asked to close: stop between steps
                    break
                if self.state.round != start:
                    finished = True
                    break
                done = next(ahead, None) if ahead is not None and (
                    self.state is worked_from) else None
                if done is not None:
                    if done.ends_round:
                        finished = self.push_events(done.events, f"End of round {start}",
                                                    states=done.states)
                        break
                    if not self.push_events(done.events, states=done.states):
                        break
                    worked_from = done.states[-1]
                    self._show_progress()
                    continue
                ahead = None
                step = next_step(self.state)
                if step.kind == "end_round":
                    finished = self.push_events([EndRound()], f"End of round {start}")
                    break
                states: list[CombatState] = []  # those auto_events worked out
                events = npc_step_events(self.state, step, self.rng, states)
                if events is None:
                    # The board shows, and the recovery copy holds, everything so far
                    # before a player's dialog opens over it.
                    self._show_progress(force=True)
                    if collecting:
                        gc.enable()
                    try:
                        asked = self._ask(step)
                    finally:
                        gc.disable()
                    if asked is None:
                        break
                    events = asked
                if not self.push_events(events, states=states):
                    break
                self._show_progress()
        except RulesError as exc:
            self.refuse(str(exc))
        finally:
            if collecting:
                gc.enable()
            self._batch = False
            self.refresh()
        return finished

    # -- one fighter --------------------------------------------------------------------

    def selected(self) -> str | None:
        return self.canvas.selected

    def select(self, fid: str | None) -> None:
        self.canvas.set_selected(fid)
        if fid is not None:
            self._card_selected(fid)

    def declare(self, fid: str | None = None) -> bool:
        fid = fid or self.selected()
        if fid is None:
            return False
        try:
            event = self.dialogs.declare(self, self.state, fid)
        except RulesError as exc:
            self.refuse(str(exc))
            return False
        return event is not None and self.push_events([event])

    def override(self, fid: str | None = None) -> bool:
        fid = fid or self.selected()
        if fid is None:
            return False
        event = self.dialogs.override(self, self.state, fid)
        return event is not None and self.push_events([event])

    def condition(self, fid: str | None = None) -> bool:
        fid = fid or self.selected()
        if fid is None:
            return False
        event = self.dialogs.condition(self, self.state, fid)
        return event is not None and self.push_events([event])

    def rules_options(self) -> bool:
        """Rules options…: the changes the GM applied, as one undo step; the status
        line says what changed (issue 14)."""
        events = self.dialogs.rules_options(self, self.state)
        if not events:
            return False
        if not self.push_events(events, "Rules options"):
            return False
        log, end = self.log, len(self.log.events)
        said = [describe(log.events[i], log.state_before(i), log.state_before(i + 1))
                for i in range(end - len(events), end)]
        self.status_message.emit(" ".join(said), 10_000)
        return True

    def starting_advantage(self) -> bool:
        """Starting advantage…: one StartingAdvantage per side ticked (RULES 3.2), as
        one undo step."""
        events = self.dialogs.starting_advantage(self, self.state)
        return bool(events) and self.push_events(list(events or ()), "Starting advantage")

    def _ask_starting_advantage(self) -> None:
        """RULES 3.2: with advantage on, the fight's first step asks each side's
        starting advantage once (the GM may leave it at none); the board action
        stays for later changes."""
        if (self._advantage_asked or not self.state.options.uses("advantage")
                or self.state.round != 1
                or any(isinstance(e, (StartingAdvantage, Attack)) for e in self.log.events)):
            return
        self._advantage_asked = True
        self.starting_advantage()

    def free_attack(self, fid: str, target: str) -> bool:
        """RULES 3.2: ``fid``'s free attack on the fleeing ``target``."""
        try:
            events = free_attack_events(self, self.dialogs, self.state, fid, target, self.rng)
        except RulesError as exc:
            self.refuse(str(exc))
            return False
        return bool(events) and self.push_events(events or [], "Free attack")

    def assess(self, fid: str) -> bool:
        """RULES 3.2: the roll of ``fid``'s declared assess action."""
        events = assess_roll(self, self.dialogs, self.state, fid, self.rng)
        return bool(events) and self.push_events(list(events or ()), "Assess roll")

    def clear_condition(self, fid: str, condition: str) -> bool:
        return self.push_events([ClearCondition(id=fid, condition=condition)])

    def first_aid(self, fid: str | None = None) -> bool:
        fid = fid or self.selected()
        if fid is None:
            return False
        try:
            event = self.dialogs.first_aid(self, self.state, fid, self.rng)
        except RulesError as exc:
            self.refuse(str(exc))
            return False
        return event is not None and self.push_events([event])

    def fall(self, fid: str | None = None) -> bool:
        """An ordinary fall, not only from a mount (RULES 1.11): the check dialog asks
        how many metres and rolls Athletics (Swimming into water) and the damage."""
        fid = fid or self.selected()
        if fid is None:
            return False
        if self.state.edition != "classic":
            self.refuse("Falls are rolled by the classic rules (RULES 1.11).")
            return False
        f = self.state.fighter(fid)
        if f.dead or f.removed:
            self.refuse(f"{f.name} is {'dead' if f.dead else f.why_not}: no fall to roll.")
            return False
        pending = Pending(fid, "fall", 0, amount=MOUNT_FALL_M)
        event = self.dialogs.check(self, self.state, pending, self.rng)
        return event is not None and self.push_events([event])

    # -- selection and menus ------------------------------------------------------------

    def _card_selected(self, fid: str) -> None:
        row = self.model.row_of(fid)
        if row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if index.isValid() and self.table.currentIndex().row() != index.row():
            self.table.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
            self.table.scrollTo(index)

    def _row_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        fid = current.data(Role.FIGHTER_ID) if current.isValid() else None
        if isinstance(fid, str) and fid != self.canvas.selected:
            self.canvas.set_selected(fid)
            rect = self.canvas.card_rect(fid)
            if rect is not None:
                self.scroll_area.ensureVisible(rect.center().x(), rect.center().y(),
                                          rect.width() // 2 + 8, rect.height() // 2 + 8)

    def _table_menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        fid = index.data(Role.FIGHTER_ID) if index.isValid() else None
        if isinstance(fid, str):
            self._context_menu(fid, self.table.viewport().mapToGlobal(pos))

    def card_menu(self, fid: str) -> QMenu:
        """The context menu of a card (built fresh: conditions and rows change)."""
        f = self.state.fighter(fid)
        menu = QMenu(self)
        menu.addAction("Declare…", lambda: self.declare(fid))
        menu.addAction("Override a number…", lambda: self.override(fid))
        menu.addAction("Set a condition…", lambda: self.condition(fid))
        clear = menu.addMenu("Clear condition")
        for name, _rounds in f.conditions:
            clear.addAction(name.replace("_", " "), partial(self.clear_condition, fid, name))
        clear.setEnabled(bool(f.conditions))
        aid = menu.addAction("First aid…", lambda: self.first_aid(fid))
        aid.setEnabled((f.wounds > 0 or (self.state.edition == "0.8" and f.stuns > 0))
                       and not f.dead)
        fall = menu.addAction("Fall…", lambda: self.fall(fid))
        fall.setEnabled(self.state.edition == "classic" and not f.dead)
        # RULES 3.1: the dialogs say when their option is off and the rules refuse.
        menu.addAction("Assist an ally…", lambda: self.rules31.assist(fid))
        menu.addAction("React…", lambda: self.rules31.react(fid))
        hamper = menu.addMenu("Hamper")  # RULES 3.1: a strike at range 1, no damage
        for g in self.state.active():
            if g.side != f.side and not g.dead and abs(g.row - f.row) <= 1:
                for choice, what in (("delay", "delay"), ("attack", "its attack"),
                                     ("defence", "its defence")):
                    hamper.addAction(f"{g.name}: {what}",
                                     partial(self.rules31.hamper, fid, g.id, choice))
        hamper.setEnabled(self.state.options.uses(ASSIST) and not hamper.isEmpty())
        rows = menu.addMenu("Move to row")
        top = max((g.row for g in self.state.fighters.values()), default=0) + 1
        for row in range(0, min(top, 98) + 1):
            act = rows.addAction(f"Row {row}", partial(self.rules31.move, fid, row))
            act.setEnabled(row != f.row)
        self.players_choices.add_menu(menu, fid)
        add_actions32(menu, self.state, fid, partial(self.free_attack, fid),
                      partial(self.assess, fid))  # RULES 3.2 free attack, assess roll
        menu.addSeparator()
        menu.addAction("Remove from the fight", lambda: self.ops.remove(fid))
        return menu

    def _context_menu(self, fid: str, where: QPoint) -> None:
        self.card_menu(fid).exec(where)
