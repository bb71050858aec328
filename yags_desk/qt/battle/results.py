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

from PySide6.QtCore import Qt
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

from yags_desk.qt.battle.hosts import BoardHost
from yags_desk.rules.combat.aftermath import healing_start
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import GameTime, HealingStart
from yags_desk.storage.encounter_file import Encounter, encounter_log
from yags_desk.storage.results import (
    CharacterResult,
    ResultsPlan,
    apply_results,
    plan_results,
    restore_files,
)

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
        for result in plan.changes:
            label = f"{result.name} \u2014 {result.path.name}"
            if result.minor:
                label += " (minor NPC)"
            if result.edited:  # never written over without the GM's tick
                label += " (file changed since the fight began: tick to write over it)"
            item = QTreeWidgetItem(self.tree, [label])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Unchecked if result.minor or result.edited
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
        layout.addWidget(skipped)
        layout.addWidget(self.heal_box)
        layout.addWidget(self.buttons)
        self.resize(560, 420)

    def chosen(self) -> list[CharacterResult]:
        """The ticked characters' changes."""
        chosen = []
        for i, result in enumerate(self.plan.changes):
            item = self.tree.topLevelItem(i)
            if item is not None and item.checkState(0) == Qt.CheckState.Checked:
                chosen.append(result)
        return chosen

    def start_healing(self) -> bool:
        """Whether to open a healing record for the hurt among the chosen."""
        return self.heal_box.isChecked() and bool(hurt(self.chosen()))


class ResultsCommand(QUndoCommand):
    """Files written by :func:`apply_results` (already, when pushed); undo restores
    their previous bytes, redo writes the results again."""

    def __init__(self, host: ResultsHost, results: Sequence[CharacterResult],
                 previous: list[tuple[Path, bytes]]) -> None:
        names = ", ".join(r.name for r in results)
        super().__init__(f"Apply results to {names}")
        self.host, self.results, self.previous = host, tuple(results), previous
        self._written = True

    def redo(self) -> None:
        if self._written:  # the first redo: the board wrote them before pushing
            return
        try:
            self.previous = apply_results(self.results, self.host.library)
        except (OSError, ValueError) as exc:
            self.host.refuse(f"The results were not written again: {exc}")
            return
        self._written = True

    def undo(self) -> None:
        try:
            restore_files(self.previous)
        except OSError as exc:
            self.host.refuse(f"The character files could not be put back: {exc}")
            return
        self._written = False


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
    host.undo_stack.push(ResultsCommand(host, chosen, previous))
    if start_healing and heal is not None:
        try:
            heal(healing_starts(encounter, chosen))
        except RulesError as exc:  # replayed above, so not expected; never silent
            host.refuse(f"The results were written; no healing record was started: {exc}")
    return True
