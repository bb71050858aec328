"""Undo and redo of Apply results never write over a character file changed since
(healing, the character editor, another fight) without asking (issue 16, audit
item 3): the GM is asked, with the character and file named; a no leaves every
file and the step as they are, with a message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.qt.battle.helpers import make_board
from tests.qt.shell.app_helpers import answer_questions
from tests.storage.test_results import fight
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.results import ResultsDialog
from yags_desk.storage.library import Library

YES, NO = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No


def files(library: Library) -> dict[str, Path]:
    return {c.name: p for p, c in library.load_characters().items
            if c.name in ("Aldric", "Varn")}


def applied(qtbot: Any) -> tuple[BattleBoard, Library, dict[Path, bytes], int]:
    """A board whose fight's results were written (Aldric 3 wounds, Varn 2); the
    files' bytes before the fight; the stack's index before Apply results."""
    library = Library.open()
    board = make_board(qtbot, fight(library), library)
    before = {p: p.read_bytes() for p in files(library).values()}

    def accept() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ResultsDialog)
        dialog.heal_box.setChecked(False)
        dialog.accept()

    QTimer.singleShot(0, accept)
    steps = board.undo_stack.index()
    assert board.apply_results()
    return board, library, before, steps


def heal_aldric(library: Library) -> bytes:
    """What healing and the editor do after the fight: Aldric's file rewritten."""
    path = files(library)["Aldric"]
    aldric = next(c for p, c in library.load_characters().items if p == path)
    library.save_character(aldric.model_copy(update={
        "wounds": 1, "notes": "Gained 2 XP in Great weapon."}), path)
    return path.read_bytes()


def settle(qtbot: Any, asked: list[str]) -> None:
    """Let the board put its stack back and ask (one turn of the event loop)."""
    qtbot.waitUntil(lambda: bool(asked), timeout=2000)
    QApplication.processEvents()


def test_undo_of_unchanged_files_puts_them_back_byte_for_byte_without_asking(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = answer_questions(monkeypatch)
    board, library, before, steps = applied(qtbot)
    board.undo_stack.undo()
    QApplication.processEvents()
    assert {p: p.read_bytes() for p in before} == before
    assert board.undo_stack.index() == steps and asked == []
    board.undo_stack.redo()
    QApplication.processEvents()
    assert {n: c.wounds for n, c in ((c.name, c) for _, c in library.load_characters().items)
            if n in ("Aldric", "Varn")} == {"Aldric": 3, "Varn": 2}
    assert asked == []


def test_undo_over_a_file_changed_since_asks_and_no_keeps_the_files_and_the_step(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = answer_questions(monkeypatch, NO)
    board, library, before, steps = applied(qtbot)
    aldric, varn = files(library)["Aldric"], files(library)["Varn"]
    varn_written = varn.read_bytes()
    healed = heal_aldric(library)
    board.undo_stack.undo()
    settle(qtbot, asked)
    assert len(asked) == 1
    assert f"\u2022 Aldric ({aldric.name})" in asked[0]
    assert "Varn" not in asked[0]  # unchanged since: not part of the question
    assert "Put them back anyway?" in asked[0]
    # Nothing put back, not even Varn's unchanged file; the step is still done.
    assert aldric.read_bytes() == healed and varn.read_bytes() == varn_written
    assert board.undo_stack.index() == steps + 1
    assert board.undo_stack.undoText() == "Apply results to Aldric, Varn"
    assert board.last_message == ("Undo stopped at \u201cApply results to Aldric, Varn\u201d: "
                                  "the character files changed since were left as they are.")


def test_undo_over_a_file_changed_since_yes_puts_back_both_files(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = answer_questions(monkeypatch, YES)
    board, library, before, steps = applied(qtbot)
    heal_aldric(library)
    board.undo_stack.undo()
    settle(qtbot, asked)
    assert {p: p.read_bytes() for p in before} == before  # the GM agreed
    assert board.undo_stack.index() == steps


def test_redo_over_a_file_changed_since_the_undo_asks_too(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = answer_questions(monkeypatch, NO, YES)
    board, library, before, steps = applied(qtbot)
    board.undo_stack.undo()  # unchanged: put back without a question
    assert {p: p.read_bytes() for p in before} == before
    healed = heal_aldric(library)
    aldric = files(library)["Aldric"]
    board.undo_stack.redo()
    settle(qtbot, asked)
    assert f"\u2022 Aldric ({aldric.name})" in asked[0]
    assert "Write over them anyway?" in asked[0]
    assert aldric.read_bytes() == healed  # no: left as it is, the step still undone
    assert board.undo_stack.index() == steps
    assert board.last_message.startswith("Redo stopped at")
    board.undo_stack.redo()
    qtbot.waitUntil(lambda: len(asked) == 2, timeout=2000)
    QApplication.processEvents()
    assert board.undo_stack.index() == steps + 1  # yes: written again
    now = {c.name: c for _, c in library.load_characters().items}
    assert (now["Aldric"].wounds, now["Varn"].wounds) == (3, 2)
    # The undo now puts back what the redo wrote over: the healed file.
    board.undo_stack.undo()
    QApplication.processEvents()
    assert aldric.read_bytes() == healed and len(asked) == 2


def test_a_history_click_past_the_step_stops_at_it_when_the_gm_says_no(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = answer_questions(monkeypatch, NO)
    board, library, _, steps = applied(qtbot)
    events = len(board.log.events)
    healed = heal_aldric(library)
    board.undo_stack.setIndex(steps - 2)  # two steps of the fight further back
    settle(qtbot, asked)
    assert board.undo_stack.index() == steps + 1
    assert len(board.log.events) == events  # the fight's steps are back as well
    assert files(library)["Aldric"].read_bytes() == healed


def test_an_undo_that_cannot_write_leaves_the_files_and_the_step(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from yags_desk.storage import results

    asked = answer_questions(monkeypatch)
    board, library, _, steps = applied(qtbot)
    written = {p: p.read_bytes() for p in files(library).values()}
    real = results.atomic_write_bytes
    calls: list[Path] = []

    def failing(path: Path, data: bytes, previous: bytes | None = None) -> None:
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(path, data, previous)

    monkeypatch.setattr(results, "atomic_write_bytes", failing)
    board.undo_stack.undo()
    qtbot.waitUntil(lambda: board.undo_stack.index() == steps + 1, timeout=2000)
    assert {p: p.read_bytes() for p in written} == written and asked == []
    assert board.last_message.startswith("The character files could not be put back:")
    assert "No space left on device" in board.last_message
