"""The battle board in the main window: opening, Edit ▸ Undo, saving, recovery, Help."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.scripted import ScriptedDialogs
from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.battle import opening
from yags_desk.qt.battle.board import SHORTCUTS, BattleBoard
from yags_desk.qt.shell.about import ShortcutsDialog
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Encounter


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(opening, "battle_dialogs", ScriptedDialogs)
    return sample_window(qtbot, monkeypatch)


def ford(window: MainWindow) -> Path:
    return window.library.encounters_dir / "ford-ambush.json"


def test_boards_ask_the_gm_through_the_real_dialogs() -> None:
    assert type(opening.battle_dialogs()).__name__ == "QtBattleDialogs"


def test_an_encounter_opens_once_and_edit_undo_steps_the_fight(window: MainWindow) -> None:
    board = window.open_path(ford(window))
    assert isinstance(board, BattleBoard) and window.open_encounter(ford(window)) is board
    assert window.windowTitle() == "Ambush at the ford — YAGS Desk"
    board.next_action.trigger()
    board.next_action.trigger()
    assert len(board.log.events) == 2
    assert window.windowTitle() == "Ambush at the ford* — YAGS Desk"
    window.undo_action.trigger()
    assert len(board.log.events) == 1
    window.redo_action.trigger()
    assert len(board.log.events) == 2
    assert window.save_document(board) and not board.is_modified()
    saved = read_document(ford(window), "encounter").model
    assert isinstance(saved, Encounter) and saved.events == board.log.events


def test_an_encounters_recovery_copy_reopens_where_it_stopped(
        qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    board = window.open_encounter(ford(window))
    assert isinstance(board, BattleBoard)
    for _ in range(3):
        board.next_action.trigger()
    state = board.state
    copy = window.library.autosave_path(board.key)
    assert copy.exists()
    # A crash: the window goes without closing the board.
    window.tabs.removeTab(window.tabs.indexOf(board))
    window._paths.pop(board, None)
    window.undo_group.removeStack(board.undo_stack)
    again = window.restore_recovery(copy)
    assert isinstance(again, BattleBoard) and again is not board
    assert again.state == state and again.is_modified()
    assert window.document_path(again) == ford(window).resolve()


def test_new_encounter_opens_an_empty_unsaved_board(window: MainWindow,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from yags_desk.qt.battle import setup

    monkeypatch.setattr(setup.NewEncounterDialog, "exec", lambda self: 1)
    window.new_encounter_action.trigger()
    board = window.current_document()
    assert isinstance(board, BattleBoard) and board.title() == "New encounter"
    assert board.is_modified() and board.state.fighters == {}


def test_help_lists_the_boards_shortcuts(window: MainWindow, qtbot: Any) -> None:
    dialog = ShortcutsDialog(window.menus, window,
                             extra=[("Battle board", c, k) for c, k in SHORTCUTS])
    qtbot.addWidget(dialog)
    rows = [tuple(dialog.table.item(r, c).text() for c in range(3))
            for r in range(dialog.table.rowCount())]
    assert ("Battle board", "Auto-resolve NPCs to the end of the round", "Ctrl+R") in rows
    assert any(r[1].startswith("Next step") and r[2] == "Space, N" for r in rows)
    assert ("File", "New encounter…", "Ctrl+Shift+N") in [
        (m, c, k.replace("⌘", "Ctrl+")) for m, c, k in rows]


def test_closing_the_window_during_auto_resolve_stops_it_first(window: MainWindow) -> None:
    # Found in review: the board repaints between steps, so a close from the window
    # manager arrived mid-round and deleted the board under the running loop.
    board = window.open_encounter(ford(window))
    assert isinstance(board, BattleBoard)
    window.show()
    steps: list[int] = []
    real = board._show_progress

    def show_progress(force: bool = False) -> None:
        real(force)
        steps.append(len(board.log.events))
        if len(steps) == 3:
            window.close()  # as if the GM clicked the window's close button now

    board._show_progress = show_progress  # type: ignore[method-assign]
    assert not board.auto_resolve()  # stopped, not finished
    assert window.isVisible() and window.current_document() is board
    assert "Auto-resolve is running" in window.statusBar().currentMessage()
    assert len(steps) == 3  # no step after the close was asked for
    assert not board.busy()
    assert board.log.events  # the steps made are all there (and undoable)
