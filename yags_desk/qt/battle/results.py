"""Apply results to characters: the end of a fight written into the library (issue 16).

:class:`ResultsDialog` lists, per character with a file in the library, what
the fight changes in it, with a tick box each (minor NPCs unticked);
:func:`apply_to_characters` writes the ticked ones and pushes
:class:`ResultsCommand` on the board's undo stack, whose undo puts every file
back as it was (one step).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.battle.dialogs.message_lines import (
    show_problem,
    styled_error_label,
    styled_hint_label,
)
from yags_desk.qt.battle.hosts import BoardHost
from yags_desk.qt.common.questions import ask_write_over
from yags_desk.qt.common.wrap_delegate import WrapDelegate
from yags_desk.rules.combat.aftermath import healing_start
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import GameTime, HealingStart
from yags_desk.storage.documents import DocumentError
from yags_desk.storage.encounter_file import Encounter, encounter_log
from yags_desk.storage.results import (
    CharacterResult,
    ResultsPlan,
    and_list,
    apply_results,
    changed_since_planned,
    on_file_now,
    plan_results,
    restore_files,
    same_file,
    shared_reason,
)
from yags_desk.storage.written import changed_since, snapshot

__all__ = ["ResultsCommand", "ResultsDialog", "ResultsHost", "apply_to_characters",
           "healing_starts", "hurt"]


def hurt(results: Sequence[CharacterResult]) -> list[Path]:
    """The files of those left wounded or stunned and alive: the patients a healing
    record is offered for after the fight (RULES 1.10, RULES 2)."""
    return [r.path for r in results
            if not r.after.dead and (r.after.wounds > 0 or r.after.stuns > 0)]


def healing_starts(encounter: Encounter, results: Sequence[CharacterResult]
                   ) -> list[tuple[Path, HealingStart]]:
    """Where each hurt patient's healing starts: the fight's end state (unconscious or
    dying, first aid given on the board, the encounter's 0.8 penalty table) with the
    character as its file now reads (RULES 1.6, 1.10, 2), as the party printout does."""
    state = encounter_log(encounter).state
    at = GameTime(day=1)
    starts = []
    for r in results:
        if r.path in hurt([r]):
            start = healing_start(state, r.fid, at)
            starts.append((r.path, start.model_copy(update={"patient": r.after})))
    return starts


class ResultsHost(BoardHost, Protocol):
    def current_encounter(self) -> Encounter: ...

    def report(self, message: str) -> None: ...


class ResultsDialog(QDialog):
    """``tree``: one checkable top-level row per character, its changes below."""

    def __init__(self, parent: QWidget | None, plan: ResultsPlan) -> None:
        super().__init__(parent)
        self.setWindowTitle("Apply results to characters")
        self.plan = plan
        intro = QLabel(
            f"What \u201c{plan.encounter}\u201d changes in the character files of the "
            "library. Ticked characters are written; Edit \u25b8 Undo puts the files back."
            if plan.changes else
            f"\u201c{plan.encounter}\u201d changes no character file of the library.", self)
        intro.setWordWrap(True)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderHidden(True)
        # [decision] Long lines wrap (issue 16): the changed-file warning and its
        # explanation ended in "…" at the dialog's size; wrapped, each is read whole.
        WrapDelegate(self.tree)
        for result in plan.changes:
            label = f"{result.name} \u2014 {result.path.name}"
            if result.minor:
                label += " (minor NPC)"
            if result.shared:  # which one the file keeps is the GM's choice
                label += f" (several made from {result.path.name}: tick one)"
            if result.edited:  # never written over without the GM's tick
                label += " (file changed since the fight began: tick to write over it)"
            item = QTreeWidgetItem(self.tree, [label])
            item.setToolTip(0, label)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Unchecked
                               if result.minor or result.edited or result.shared
                               else Qt.CheckState.Checked)
            for line in result.lines:
                QTreeWidgetItem(item, [line]).setToolTip(0, line)
            item.setExpanded(True)
        # After writing, a healing record for everyone the fight left hurt (issue 16).
        self.heal_box = QCheckBox("Start &healing for everyone hurt (a new healing record)",
                                  self)
        self.heal_box.setChecked(True)
        self.heal_box.setVisible(bool(hurt(plan.changes)))
        skipped = QLabel("\n".join(f"Not written: {line}" for line in plan.skipped), self)
        skipped.setWordWrap(True)
        skipped.setVisible(bool(plan.skipped))
        # Rows made from one file, said in full where nothing cuts it off (issue 16).
        shared = same_file(plan.changes)
        self.shared_label = styled_hint_label(self)
        self.shared_label.setText("\n".join(
            f"{shared_reason(names, path)}; tick the one it should keep."
            for path, names in shared))
        self.shared_label.setVisible(bool(shared))
        self.error_label = styled_error_label(self)  # why Write was refused
        # Rows worked out again on their file as it was at Write (the GM's yes to
        # writing over a change made while the dialog was open), by row.
        self._now: dict[int, CharacterResult] = {}
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel, self)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Write to the files")
        ok.setEnabled(bool(plan.changes))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.shared_label)
        layout.addWidget(skipped)
        layout.addWidget(self.error_label)
        layout.addWidget(self.heal_box)
        layout.addWidget(self.buttons)
        self.resize(560, 420)

    def _ticked(self) -> list[tuple[int, CharacterResult]]:
        rows = []
        for i, result in enumerate(self.plan.changes):
            item = self.tree.topLevelItem(i)
            if item is not None and item.checkState(0) == Qt.CheckState.Checked:
                rows.append((i, result))
        return rows

    def chosen(self) -> list[CharacterResult]:
        """The ticked characters' changes (once written: as worked out at Write)."""
        return [self._now.get(i, result) for i, result in self._ticked()]

    def accept(self) -> None:
        """Write, unless two ticked rows write one file, or a ticked file changed
        since this list was made and the GM says no to writing over it: then say
        why, and stay open with nothing written."""
        self._now = {}
        clashes = same_file(self.chosen())
        if clashes:
            show_problem(self.error_label, "Not written: " + "; ".join(
                f"{and_list(names)} are ticked, and are "
                f"{'both' if len(names) == 2 else 'all'} made from {path.name}; "
                "tick only the one whose results the file should keep"
                for path, names in clashes) + ".")
            return
        # [decision] The files are checked again here, at Write, not only when the
        # list was made (issue 16): healing or the character editor may have saved
        # one meanwhile, and the rows shown were worked out from the file before.
        # A yes works the row out again on the file as it is now (keeping those
        # changes, as for a file changed since the fight began); a no writes nothing
        # and leaves the dialog open, to untick the row or cancel and look again.
        rows = self._ticked()
        changed = changed_since_planned(result for _i, result in rows)
        if changed:
            if not self._write_over(changed):
                show_problem(self.error_label, (
                    f"Not written: {_files([r.path for r in changed])} changed since this "
                    "list was made. Untick "
                    f"{and_list([r.name for r in changed])} to write the others, or Cancel "
                    "and Apply results again to see the fight's changes against the file "
                    "as it is now."))
                return
            try:
                self._now = {i: on_file_now(result) for i, result in rows
                             if any(result is c for c in changed)}
            except ValueError as exc:
                show_problem(self.error_label, f"Not written: {exc}.")
                return
        super().accept()

    def _write_over(self, changed: Sequence[CharacterResult]) -> bool:
        """The GM's yes to writing the fight's results over files changed since
        this list was made, each named with its character."""
        files = "\n".join(f"\u2022 {r.name} ({r.path.name})" for r in changed)
        return ask_write_over(
            self, "Apply results to characters",
            "These character files were changed since this list was made (healing, "
            f"the character editor or another fight):\n{files}\n\n"
            "Writing keeps those changes and writes the fight's wounds, stuns and "
            "fatigue over them. Write anyway?")

    def start_healing(self) -> bool:
        """Whether to open a healing record for the hurt among the chosen."""
        return self.heal_box.isChecked() and bool(hurt(self.chosen()))


class ResultsCommand(QUndoCommand):
    """Files written by :func:`apply_results` (already, when pushed); undo restores
    their previous bytes, redo writes the results again.

    Neither writes over a file changed since this step last wrote it (healing, the
    character editor, another fight) without asking the GM (issue 16): the files
    are compared with the bytes written (:mod:`~yags_desk.storage.written`).

    [decision] The question is asked right inside undo() or redo(), while Qt's
    stack is moving, one step at a time in the order Qt goes through them: a
    History click across several such steps asks each one once, in turn, and
    never opens a box while another is open (the box is application-modal and
    nothing here moves the stack while it is open). Qt's stack cannot refuse a
    step and goes on to the History row clicked whatever a command does, so a no
    (or a file that cannot be written) only *records* where the move stops
    (``_stop``): the steps Qt goes through after it leave their files alone
    (:meth:`_stopped`), and once the move has ended (the next turn of the event
    loop, no box open) :meth:`_settle` puts the stack back to just this side of
    the step and says why. Each step knows whether its files hold its results
    (``_written``), so its undo or redo is a no-op when they already are as
    asked: putting the stack back goes through the steps left alone without
    touching a file or asking again. (The earlier design asked after the move,
    from one timer per step, and those timers moved the stack inside one
    another's question boxes; re-audit of issue 16, item 2.)
    """

    def __init__(self, host: ResultsHost, parent: QWidget, results: Sequence[CharacterResult],
                 previous: list[tuple[Path, bytes]]) -> None:
        names = ", ".join(r.name for r in results)
        super().__init__(f"Apply results to {names}")
        self.host, self.parent, self.results = host, parent, tuple(results)
        self.previous = previous  # the files' bytes before this step wrote them
        self.written = _read_back(previous)  # the bytes it wrote
        self._written = True  # the files hold this step's results (pushed after writing)
        # Where a move of the stack stopped at this step, until it is put back:
        # the direction and the problem to tell ("" for the GM's no).
        self._stop: tuple[str, str] | None = None

    def redo(self) -> None:
        if self._written or self._stopped():
            return  # already written (the first redo, or a move put back)
        changed = changed_since(self.previous)  # since the undo put them back
        if changed and not self._ask("redo", changed):
            self._stop_here("redo")
            return
        try:
            # (any change since the undo was asked about just above)
            self.previous = apply_results(self.results, self.host.library, over_changes=True)
        except (OSError, ValueError) as exc:
            self._stop_here("redo", f"The results were not written again: {exc}")
            return
        self.written = _read_back(self.previous)
        self._written = True
        if changed:
            self.host.report(f"Redo wrote \u201c{self.text()}\u201d over the later changes "
                             f"to {_files(changed)}.")

    def undo(self) -> None:
        if not self._written or self._stopped():
            return  # already put back (a move put back), or left alone
        changed = changed_since(self.written)
        if changed and not self._ask("undo", changed):
            self._stop_here("undo")
            return
        try:
            restore_files(self.previous)
        except (OSError, ValueError) as exc:
            self._stop_here("undo", f"The character files could not be put back: {exc}")
            return
        self._written = False
        if changed:
            self.host.report(f"Undo of \u201c{self.text()}\u201d put back {_files(changed)} "
                             "over the changes made since.")

    def _steps(self) -> list[ResultsCommand]:
        stack = self.host.undo_stack
        steps = (stack.command(i) for i in range(stack.count()))
        return [step for step in steps if isinstance(step, ResultsCommand)]

    def _stopped(self) -> bool:
        """Whether the stack's move already stopped at a step (this one's files are
        left alone until it is put back)."""
        return any(step._stop is not None for step in self._steps())

    def _stop_here(self, direction: str, problem: str = "") -> None:
        """Leave the files alone, and put the stack back once its move has ended."""
        self._stop = (direction, problem)
        QTimer.singleShot(0, self.parent, self._settle)

    def _settle(self) -> None:
        """Put the stack back on the near side of this step (undo: still done;
        redo: still undone), then say why it stopped."""
        if self._stop is None:
            return
        direction, problem = self._stop
        self._stop = None
        stack = self.host.undo_stack
        here = next((i for i in range(stack.count()) if stack.command(i) is self), None)
        if here is not None:
            if direction == "undo" and stack.index() <= here:
                stack.setIndex(here + 1)
            elif direction == "redo" and stack.index() > here:
                stack.setIndex(here)
        self.host.refuse(problem or (
            f"{'Undo' if direction == 'undo' else 'Redo'} stopped at \u201c{self.text()}\u201d: "
            "the character files changed since were left as they are."))

    def _ask(self, direction: str, changed: list[Path]) -> bool:
        """The GM's yes to writing over ``changed``, each named with its character."""
        names = {r.path: r.name for r in self.results}
        files = "\n".join(f"\u2022 {names.get(path, path.stem)} ({path.name})"
                          for path in changed)
        if direction == "undo":
            title = "Undo Apply results"
            text = ("These character files were changed since Apply results wrote them "
                    f"(healing, the character editor or another fight):\n{files}\n\n"
                    "Undo puts back the files as they were before the fight, and those "
                    "later changes are lost. Put them back anyway?")
        else:
            title = "Redo Apply results"
            text = (f"These character files were changed since Undo put them back:\n{files}"
                    "\n\nRedo writes the fight's results over them again, and those "
                    "changes are lost. Write over them anyway?")
        return ask_write_over(self.parent, title, text)


def _files(paths: Sequence[Path]) -> str:
    return and_list([path.name for path in paths])


def _read_back(previous: Sequence[tuple[Path, bytes]]) -> list[tuple[Path, bytes]]:
    """The files just written, with the bytes they hold (unreadable: none, so any
    later undo asks first)."""
    try:
        return snapshot(path for path, _ in previous)
    except (OSError, DocumentError):
        return [(path, b"") for path, _ in previous]


def ask_results(parent: QWidget, plan: ResultsPlan
                ) -> tuple[list[CharacterResult], bool] | None:
    """The dialog, modal; the ticked results and whether to start healing, or None
    when cancelled."""
    dialog = ResultsDialog(parent, plan)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.chosen(), dialog.start_healing()


def apply_to_characters(host: ResultsHost, parent: QWidget,
                        heal: Callable[[list[tuple[Path, HealingStart]]], None] | None = None
                        ) -> bool:
    """The board's "Apply results to characters…": plan, ask, write, push one undo
    step; then ``heal`` with the file and healing start of everyone hurt, if the GM
    left that ticked."""
    encounter = host.current_encounter()
    try:
        plan = plan_results(encounter, host.library, include_minor=True)
    except RulesError as exc:
        host.refuse(f"The fight cannot be replayed: {exc}")
        return False
    answer = ask_results(parent, plan)
    if not answer or not answer[0]:
        return False
    chosen, start_healing = answer
    if host.library.read_only:
        host.refuse(f"Nothing written: {host.library.read_only}")
        return False
    try:
        previous = apply_results(chosen, host.library)
    except (OSError, ValueError) as exc:
        host.refuse(f"Nothing written: {exc}")
        return False
    host.undo_stack.push(ResultsCommand(host, parent, chosen, previous))
    if start_healing and heal is not None:
        try:
            heal(healing_starts(encounter, chosen))
        except RulesError as exc:  # replayed above, so not expected; never silent
            host.refuse(f"The results were written; no healing record was started: {exc}")
    return True
