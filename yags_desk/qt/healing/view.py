"""The healing record view: patients healing across game days (issue 16).

A tab over one :class:`~yags_desk.storage.healing_file.HealingFile`. The
timeline lists every entry in game time (days and hours); the due table lists
what each patient's rules call for next (first aid, untended-wound fatigue,
the Hurt hourly and Light nightly checks, the recovery-table rolls and their
ends, dying rolls; 0.8 health checks, weekly healing, stun recovery,
infection: classic RULES 1.10, 0.8 RULES 2). The GM picks a due row, types
the dice or leaves them empty to roll, and records it; "Roll all due" rolls
everything due for every patient up to the game time shown. Every step is one
undo step; after each, and after each undo, the patients' character files get
their wounds, stuns and fatigue (the record itself is saved with File ▸ Save);
a file whose numbers something else changed since is only written over when
the GM says so.
The carer chosen gives first aid when they have the skill and adds their
bonus, shared among the patients still wounded at that roll (RULES 1.10).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from yags_desk.help.refs import for_screen
from yags_desk.qt.common.document import DocumentView
from yags_desk.qt.common.questions import ask_write_over
from yags_desk.qt.healing.models import DueModel, TimelineModel
from yags_desk.rules.character import Character
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import Entry, GameTime, HealingRecord, condition
from yags_desk.rules.healing.advance import Helpers, advance_all, tending
from yags_desk.rules.healing.by_hand import NO_DICE, Dice, carer_problem, make_entries
from yags_desk.rules.healing.clock import MAX_DAY
from yags_desk.rules.typed_dice import parse_typed
from yags_desk.storage.documents import DocumentError
from yags_desk.storage.healing_file import (
    HealingCarer,
    HealingFile,
    patient_records,
    with_records,
)
from yags_desk.storage.healing_write import (
    ChangedFile,
    changed_files,
    file_digest,
    find_character,
    with_written,
    write_characters,
)
from yags_desk.storage.library import Library

__all__ = ["HealingView"]

ERROR_STYLE = "color: #b3261e;"


class _Push(QUndoCommand):
    """Entries added to some patients' records, as one undo step."""

    def __init__(self, view: HealingView, pushed: Sequence[tuple[int, Entry]],
                 text: str) -> None:
        super().__init__(text)
        self._view = view
        self._pushed = list(pushed)
        self._first = True  # the entries are already on the records

    def redo(self) -> None:
        if self._first:
            self._first = False
        else:
            for p, entry in self._pushed:
                self._view.records[p].push(entry)
        self._view.changed_records()

    def undo(self) -> None:
        for p, _ in reversed(self._pushed):
            self._view.records[p].undo()
        self._view.changed_records()


class HealingView(DocumentView):
    """One healing record in a tab."""

    saved = Signal(object)  # Path

    def __init__(self, record: HealingFile, path: Path | None, library: Library,
                 parent: QWidget | None = None) -> None:
        super().__init__(f"healing:{record.id}", parent)
        self.setObjectName("healing_view")
        self.record = record
        self.path = path
        self.library = library
        self.rng = random.Random()
        self.records: list[HealingRecord] = patient_records(record)
        self.last_message = ""
        self.written: list[Path] = []  # character files written by the last change
        # Each patient's condition as the record last left it in its character file:
        # a file that holds other numbers now was changed by something else.
        self._on_file = [r.state for r in self.records]
        # Character files the GM chose not to write over (place -> the file as it was
        # then): the same change is not asked about again (re-audit 16 item 5).
        self._declined: dict[int, str] = {}
        # The record file as this tab opened or last saved it: a save over a file
        # changed since (yags-desk heal, another program) asks first (re-audit item 4).
        self._disk = file_digest(path) if path is not None else ""
        self.undo_stack.cleanChanged.connect(self._drop_copy_when_clean)
        self._candidates = self._carer_candidates()

        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.timeline = TimelineModel(self.records, self)
        self.due_model = DueModel(self.records, self.now(), self)
        self.timeline_view = self._table(self.timeline, "healing_timeline")
        self.due_view = self._table(self.due_model, "healing_due")
        # [decision] "What happened" takes the width left and wraps; "Condition after"
        # is as wide as its text (issue 16): sized to its longest line, "What
        # happened" pushed "Condition after" out of view at 1366×768.
        header = self.timeline_view.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        # Rows wrapped grow taller once laid out: the newest entry is shown again then.
        self.timeline.modelReset.connect(lambda: QTimer.singleShot(
            0, self.timeline_view, self.timeline_view.scrollToBottom))
        self.due_view.selectionModel().currentRowChanged.connect(lambda *_: self._due_picked())

        self.day = QSpinBox()
        self.day.setRange(1, MAX_DAY)
        self.day.setPrefix("Day ")
        self.hour = QSpinBox()
        self.hour.setRange(0, 23)
        self.hour.setSuffix(":00")
        self.day.valueChanged.connect(lambda _v: self._time_moved())
        self.hour.valueChanged.connect(lambda _v: self._time_moved())
        plus_hour = QPushButton("+1 hour")
        plus_day = QPushButton("+1 day")
        plus_hour.clicked.connect(lambda: self.move_time(hours=1))
        plus_day.clicked.connect(lambda: self.move_time(days=1))
        self.carer = QComboBox()
        self.carer.setObjectName("healing_carer")
        self.carer.addItem("Nobody (patients tend themselves)", "")
        for character in self._candidates:
            problem = carer_problem(character)
            if not problem:
                self.carer.addItem(character.name, character.id)
                continue
            # Listed, so the GM sees why, but not offered: they would add nothing.
            missing = "no First aid or Chirurgery" if self.classic else "no First aid"
            self.carer.addItem(f"{character.name} ({missing})", character.id)
            index = self.carer.count() - 1
            self.carer.setItemData(index, problem, Qt.ItemDataRole.ToolTipRole)
            item = self.carer.model().item(index)  # type: ignore[attr-defined]
            item.setEnabled(False)
        if record.carers:
            self.carer.setCurrentIndex(max(0, self.carer.findData(record.carers[0].character_id)))
        # Who can give first aid changes what the Due table offers.
        self.carer.currentIndexChanged.connect(lambda _i: self._list_due())
        self.carer.setToolTip("Gives first aid when they have the skill, and adds half their "
                              "First aid or Chirurgery roll to the patients' healing rolls, "
                              "shared among the patients (Rules reference §1.10)")
        self.dice = QLineEdit()
        self.dice.setObjectName("healing_dice")
        self.dice.setPlaceholderText("empty: roll; or type e.g. 7 10 4" if self.classic
                                     else "empty: roll; or type the d20, 1-20")
        self.carer_dice = QLineEdit()
        self.carer_dice.setPlaceholderText("carer's 2d10!, empty: roll")
        if not self.classic:  # 0.8 carers add a score, not a roll
            self.carer_dice.hide()
        self.record_button = QPushButton("&Record the selected roll")
        self.record_button.setObjectName("healing_record_due")
        self.record_button.clicked.connect(self.record_selected)
        self.roll_all_button = QPushButton("Roll &all due up to this time")
        self.roll_all_button.setObjectName("healing_roll_all")
        self.roll_all_button.clicked.connect(self.roll_all_due)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(ERROR_STYLE)

        time_row = QHBoxLayout()
        for widget in (self.day, self.hour, plus_hour, plus_day):
            time_row.addWidget(widget)
        time_row.addStretch(1)
        form = QFormLayout()
        form.addRow("Game time:", time_row)
        form.addRow("Carer:", self.carer)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice, 1)
        dice_row.addWidget(self.carer_dice, 1)
        form.addRow("Dice:", dice_row)
        buttons = QHBoxLayout()
        buttons.addWidget(self.record_button)
        buttons.addWidget(self.roll_all_button)
        buttons.addStretch(1)
        bottom = QWidget()
        bottom_box = QVBoxLayout(bottom)
        bottom_box.setContentsMargins(0, 0, 0, 0)
        bottom_box.addWidget(QLabel("<b>Due</b> (bold: due now)"))
        bottom_box.addWidget(self.due_view, 1)
        controls = QWidget()
        controls.setMaximumWidth(900)
        controls_box = QVBoxLayout(controls)
        controls_box.setContentsMargins(0, 0, 0, 0)
        controls_box.addLayout(form)
        controls_box.addLayout(buttons)
        bottom_box.addWidget(controls)
        bottom_box.addWidget(self.message)
        top = QWidget()
        top_box = QVBoxLayout(top)
        top_box.setContentsMargins(0, 0, 0, 0)
        top_box.addWidget(QLabel("<b>Timeline</b>"))
        top_box.addWidget(self.timeline_view, 1)
        split = QSplitter()
        split.setOrientation(split.orientation().Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        box = QVBoxLayout(self)
        box.addWidget(self.heading)
        box.addWidget(split, 1)
        self._set_time(self.now())
        self.changed_records(write=False)

    # -- parts ----------------------------------------------------------------------------

    @staticmethod
    def _table(model: Any, name: str) -> QTableView:
        view = QTableView()
        view.setObjectName(name)
        view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setWordWrap(True)
        view.verticalHeader().setVisible(False)
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        # Each row as tall as its wrapped text (a long line is read whole, not cut).
        view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        return view

    @property
    def classic(self) -> bool:
        return self.record.edition == "classic"

    def _carer_candidates(self) -> list[Character]:
        patients = {p.character_id for p in self.record.patients}
        try:
            items = self.library.load_characters().items
        except OSError:
            items = []
        return [c for _, c in items if c.edition == self.record.edition
                and c.id not in patients and c.kind != "template"
                and not c.dead]  # the dead care for nobody

    def carer_character(self) -> Character | None:
        wanted = self.carer.currentData()
        return next((c for c in self._candidates if c.id == wanted), None)

    # -- time -----------------------------------------------------------------------------

    def now(self) -> GameTime:
        """The latest time any patient's record has reached."""
        return max((r.state.now for r in self.records), key=lambda t: t.hours)

    def game_time(self) -> GameTime:
        return GameTime(day=self.day.value(), hour=self.hour.value())

    def _set_time(self, t: GameTime) -> None:
        for spin, value in ((self.day, t.day), (self.hour, t.hour)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self._time_moved()

    def move_time(self, hours: int = 0, days: int = 0) -> None:
        try:
            self._set_time(self.game_time().plus(hours=hours, days=days))
        except ValueError as exc:
            self.refuse(str(exc))

    def _time_moved(self) -> None:
        self._list_due()

    def _healer(self) -> Character | None:
        """Who gives first aid: the carer when they have First aid, else each patient."""
        carer = self.carer_character()
        return carer if carer is not None and carer.skill("First aid") > 0 else None

    def _list_due(self) -> None:
        self.due_model.healer = self._healer()
        self.due_model.set_records(self.records, self.game_time())

    def _due_picked(self) -> None:
        row = self.due_view.currentIndex().row()
        if row < 0:
            return
        patient, item = self.due_model.item(row)
        if item.when > self.game_time():
            # The game time moves to when it is due; the rows are listed again.
            self._set_time(item.when)
            self.select_due(item.kind, patient=patient)

    def select_due(self, kind: str, text: str = "", patient: int | None = None) -> bool:
        """Select the due row of ``kind`` (containing ``text``, of ``patient`` if
        given); False if none."""
        for row in range(self.due_model.rowCount()):
            p, item = self.due_model.item(row)
            if item.kind == kind and text in item.text and patient in (None, p):
                self.due_view.selectRow(row)
                return True
        return False

    # -- recording ------------------------------------------------------------------------

    def refuse(self, message: str) -> None:
        message = for_screen(message)
        self.last_message = message
        self.message.setText(message)
        self.status_message.emit(message, 10_000)

    @staticmethod
    def _typed(edit: QLineEdit, field: str, kind: str) -> list[int] | int | None:
        """The dice typed in ``edit`` (None: roll them); DiceError names the problem."""
        value = parse_typed(kind, edit.text(), field)
        if isinstance(value, OpenRoll):
            return list(value.dice)
        if isinstance(value, D20Roll):
            return value.natural
        return value

    def record_selected(self) -> bool:
        """Record the selected due row with the dice typed (or rolled); False if refused."""
        row = self.due_view.currentIndex().row()
        if row < 0:
            self.refuse("Pick what to record in the Due table first.")
            return False
        p, item = self.due_model.item(row)
        state = self.records[p].state
        at = max(self.game_time(), state.now, key=lambda t: t.hours)
        carer = self.carer_character()
        if not self._carer_can_help(carer):
            return False
        healer = self._healer()
        what = item.kind.replace("_", " ")
        if item.kind in NO_DICE and (self.dice.text().strip()
                                     or self.carer_dice.text().strip()):
            self.refuse(f"dice: {what} for {state.name} uses no dice; clear the dice "
                        "typed, or pick the roll they are for")
            return False
        pushed = 0
        try:
            dice = self._typed(self.dice, "dice", "2d10!" if self.classic else "d20")
            typed = self._typed(self.carer_dice, "carer's dice", "2d10!") \
                if self.classic else None
            help_dice: Dice = typed if isinstance(typed, list) else self.rng
            # Untended hours still owed are recorded first, in the same step (due.py).
            entries = make_entries(
                state, item.kind, at, self.rng if dice is None else dice, healer=healer,
                carer=carer, carer_dice=help_dice if not isinstance(help_dice, int) else None,
                patients=tending(r.state for r in self.records),
                treats="stuns" if "stuns" in item.text else "wounds",
                rest="night" if "night" in item.text or "sleep" in item.text else "short")
            entry = entries[-1]
            if typed is not None and getattr(entry, "carer", None) is None:
                why = ("no carer is chosen" if carer is None else
                       f"{what} takes no carer's roll (RULES 1.10)"
                       if item.kind not in ("hurt_check", "light_check", "recovery_roll")
                       else f"{carer.name} has no skill that helps {state.category} wounds "
                       "(First aid helps Hurt and Light, Chirurgery any; RULES 1.10)")
                raise RulesError(f"carer's dice: {why}; clear the carer's dice")
            for one in entries:
                self.records[p].push(one)
                pushed += 1
        except (RulesError, ValueError) as exc:
            for _ in range(pushed):  # all or nothing
                self.records[p].undo()
            self.refuse(str(exc))
            return False
        self._remember_carer(carer)
        self.dice.clear()
        self.carer_dice.clear()
        self.undo_stack.push(_Push(self, [(p, one) for one in entries],
                                   f"{item.kind.replace('_', ' ')} for {state.name}"))
        return True

    def roll_all_due(self) -> int:
        """Roll everything due for every patient up to the game time; the entries made."""
        until = self.game_time()
        carer = self.carer_character()
        typed = [text for text in (self.dice.text().strip(), self.carer_dice.text().strip())
                 if text]
        if typed:  # never ignore the GM's dice: they belong to one roll
            self.refuse(f"dice: Roll all due rolls every die itself; the dice typed "
                        f"({' / '.join(typed)}) are for one roll: pick it in the Due table "
                        "and use Record the selected roll, or clear them")
            return 0
        if not self._carer_can_help(carer):
            return 0
        healer = carer if carer is not None and carer.skill("First aid") > 0 else None
        try:  # every patient in time order: the carer's bonus is shared by those
            # still wounded at each roll (RULES 1.10)
            pushed = advance_all(self.records, until, self.rng,
                                 Helpers(healer=healer, carer=carer))
        except RulesError as exc:  # advance_all took its entries back
            self.refuse(str(exc))
            return 0
        if not pushed:
            self.refuse(f"Nothing is due up to {until}.")
            return 0
        self._remember_carer(carer)
        self.undo_stack.push(_Push(self, pushed, f"roll all due up to {until}"))
        return len(pushed)

    def _carer_can_help(self, carer: Character | None) -> bool:
        """False (after saying why) for a carer who could add nothing."""
        problem = carer_problem(carer) if carer is not None else ""
        if problem:
            self.refuse(f"Carer: {problem}; choose another carer, or Nobody")
        return not problem

    def _remember_carer(self, carer: Character | None) -> None:
        if carer is None or any(c.character_id == carer.id for c in self.record.carers):
            return
        found = find_character(self.library, "", carer.id)
        ref = HealingCarer(name=carer.name, character_id=carer.id,
                           file=found[0].name if found else "")
        self.record = self.record.model_copy(update={"carers": (*self.record.carers, ref)})

    def changed_records(self, write: bool = True) -> None:
        """Refresh the tables and heading; write the patients' character files."""
        self.timeline.refresh()
        self._list_due()
        self.timeline_view.scrollToBottom()
        lines = [f"<b>{self.record.name}</b> ({self.record.edition})"]
        lines += [f"{r.state.name}: {condition(r.state)}" for r in self.records]
        self.heading.setText("<br>".join(lines))
        if not write:
            return
        self.message.clear()
        self.last_message = ""
        record = self.current_record()
        try:
            changed = changed_files(record, self._on_file, self.library)
            # A change the GM already said No to (the file as it was then) is kept
            # without asking again; a file changed once more is asked about.
            digests = {c.index: file_digest(c.path) for c in changed}  # each read once
            known = {i for i, digest in digests.items() if self._declined.get(i) == digest}
            ask = [c for c in changed if c.index not in known]
            skip = set(known) if not ask or self._write_over(ask) else set(digests)
            self._declined = {i: digests[i] for i in skip}
            wrote: dict[int, Path] = {}
            previous, missing = write_characters(record, self.records, self.library, skip,
                                                 wrote)
            # The record keeps what it wrote, so yags-desk heal can tell it was the
            # last to write those files (re-audit 16 item 3).
            self.record = with_written(self.record, wrote)
        except (DocumentError, OSError, ValueError) as exc:
            self.refuse(f"The character files were not updated: {exc}")
            return
        self._on_file = [old if i in skip else r.state
                         for i, (old, r) in enumerate(zip(self._on_file, self.records,
                                                          strict=True))]
        self.written = [path for path, _ in previous]
        self._recovery_copy()
        kept = [f"{c.sentence()}; not written (the record goes on without it)"
                for c in changed if c.index in skip]
        if missing or kept:
            self.refuse("; ".join(kept + missing))
        elif previous:
            names = ", ".join(path.name for path in self.written)
            self.status_message.emit(f"Updated {names}", 4000)

    def _write_over(self, changed: Sequence[ChangedFile]) -> bool:
        """Ask before writing over character files changed by something else since
        the record wrote them (another fight, an edit): No (the default) keeps them."""
        text = ("\n".join(c.sentence() + "." for c in changed)
                + "\n\nWrite this record's numbers over "
                + ("it" if len(changed) == 1 else "them") + "?")
        return ask_write_over(self, "Character file changed", text)

    def _save_over(self) -> bool:
        """Ask before saving over a record file changed on disk since this tab opened
        or saved it: No (the default) leaves the file as it is."""
        assert self.path is not None
        return ask_write_over(
            self, "Healing record changed on disk",
            f"{self.path.name} was changed on disk since this tab opened or last saved "
            "it (by yags-desk heal, or another program); what was written there would be "
            "lost.\n\nSave this tab's record over it?")

    # -- the document ---------------------------------------------------------------------

    def current_record(self) -> HealingFile:
        return with_records(self.record, self.records)

    def title(self) -> str:
        return self.record.name

    def printable(self) -> list[Any]:
        return [self.current_record()]

    def save(self) -> bool:
        if self.path is not None and self.path.exists() and self._disk \
                and file_digest(self.path) != self._disk and not self._save_over():
            self.refuse(f"Not saved: {self.path.name} was changed on disk since this tab "
                        "opened or saved it, and was left as it is. The record is still "
                        "here, unsaved.")
            return False
        try:
            path = self.library.save_healing_record(self.current_record(), self.path)
        except (DocumentError, OSError, ValueError) as exc:
            self.refuse(f"Could not save {self.path or self.library.healing_dir}: {exc}. "
                        "Nothing was lost; the record is still here.")
            return False
        self.path = path
        self._disk = file_digest(path)
        self.undo_stack.setClean()
        try:
            self.library.discard_recovery(self.library.autosave_path(self.key))
        except (OSError, ValueError):
            pass
        self.saved.emit(path)
        self.status_message.emit(f"Saved {self.record.name} to {path}", 4000)
        return True

    def autosave(self) -> None:
        if not self.is_modified():
            return
        self._recovery_copy()

    def _recovery_copy(self) -> None:
        """The record as it stands into its recovery copy. Every step (and undo, redo)
        writes it at once, as the battle board does after every event: the step has
        just written the character files, so a crash must not lose its rolls."""
        try:
            self.library.autosave(self.key, "healing", self.current_record())
        except (DocumentError, OSError, ValueError) as exc:
            self.status_message.emit(f"Recovery copy not written: {exc}", 5000)

    @Slot(bool)
    def _drop_copy_when_clean(self, clean: bool) -> None:
        """Back where the file stands (undone to the save): the copy is not needed."""
        if clean and self.path is not None:
            try:
                self.library.discard_recovery(self.library.autosave_path(self.key))
            except (OSError, ValueError):
                pass
