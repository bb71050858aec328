"""View ▸ Players' screen (issue 17 item 1) in the main window: it follows the
board in front, the GM reveals and names NPCs from the card menu (saved with
the encounter, undoable), F11 fills the screen and the choice is remembered."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu

from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.common.settings import Settings
from yags_desk.qt.players.window import PlayersWindow
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.library import Library

_BOTS: dict[int, Any] = {}


@pytest.fixture
def window(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    made = sample_window(qtbot, monkeypatch)
    _BOTS[id(made)] = qtbot
    return made


def _bot(window: MainWindow) -> Any:
    return _BOTS[id(window)]


def board_in(qtbot: Any, window: MainWindow, encounter: Encounter | None = None) -> BattleBoard:
    encounter = encounter or sample(window.library, "ford-ambush.json")
    board = make_board(qtbot, encounter, window.library)
    window.add_document(board)
    return board


def open_screen(window: MainWindow) -> PlayersWindow:
    action = window.players_screen.action
    assert action in next(m for m in window.menus if m.title() == "&View").actions()
    action.trigger()
    screen = window.players_screen.window
    assert screen is not None and screen.isVisible() and action.isChecked()
    return screen


def card_action(board: BattleBoard, fid: str, text: str) -> QAction:
    menu = board.card_menu(fid)
    sub = next(a.menu() for a in menu.actions() if a.text() == "Players' screen")
    assert isinstance(sub, QMenu)
    return next(a for a in sub.actions() if a.text() == text)


def test_the_screen_follows_the_board_and_shows_npcs_only_once_revealed(
        window: MainWindow) -> None:
    board = board_in(_bot(window), window)
    screen = open_screen(window)
    texts = screen.texts()
    assert texts[:2] == ["Round 1", "Declare your actions"]
    assert "Aldric of Thornbury" in texts and "Bandit 1" not in texts
    card_action(board, "bandit-1", "Show on players' screen").trigger()
    assert "Bandit 1" in screen.texts() and "bandit-1" in board.players.revealed
    assert board.is_modified()
    board.undo_stack.undo()
    assert "Bandit 1" not in screen.texts()
    board.undo_stack.redo()
    card_action(board, "bandit-1", "A question mark: ?").trigger()
    assert "?" in screen.texts() and "Bandit 1" not in " ".join(screen.texts())
    card_action(board, "bandit-1", "Its kind: Bandit").trigger()
    assert "Bandit" in screen.texts() and "?" not in screen.texts()
    assert card_action(board, "bandit-1", "Its kind: Bandit").isChecked()
    # Player characters are always shown: their toggle is ticked and cannot be unticked.
    pc_toggle = card_action(board, "aldric", "Show on players' screen")
    assert pc_toggle.isChecked() and not pc_toggle.isEnabled()
    # Each event reaches the screen: the phase moves on after the declarations.
    while board.current_step.kind == "declare":
        board.next_action.trigger()
    assert screen.texts()[1] != "Declare your actions"


def test_reveal_when_first_acting_is_an_option_saved_with_the_encounter(
        window: MainWindow, home: Path) -> None:
    board = board_in(_bot(window), window)
    screen = open_screen(window)
    card_action(board, "archer-1", "Reveal NPCs when they first act").trigger()
    assert board.players.reveal_on_act
    names_before = set(screen.texts())
    for _ in range(40):
        if board.state.round > 1:
            break
        board.next_action.trigger()
    shown = set(screen.texts()) - names_before
    assert any(name.startswith(("Bandit", "Archer")) for name in shown), shown
    card_action(board, "bandit-2", "Show on players' screen").trigger()
    assert board.save() and board.path is not None
    again = read_document(board.path, "encounter").model
    assert isinstance(again, Encounter)
    assert again.players.reveal_on_act and "bandit-2" in again.players.revealed


def test_an_encounter_file_from_before_the_players_screen_still_opens(
        window: MainWindow, tmp_path: Path) -> None:
    path = window.library.encounters_dir / "ford-ambush.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    del raw["data"]["players"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(raw), encoding="utf-8")
    model = read_document(old, "encounter").model
    assert isinstance(model, Encounter)
    assert model.players.revealed == () and not model.players.reveal_on_act
    board = board_in(_bot(window), window, model)
    screen = open_screen(window)
    assert not any(t.startswith(("Bandit", "Archer")) for t in screen.texts())
    assert board.players == model.players


def test_f11_fills_the_screen_and_the_screen_is_remembered(
        window: MainWindow, home: Path) -> None:
    board_in(_bot(window), window)
    screen = open_screen(window)
    assert not screen.isFullScreen()
    primary = QGuiApplication.primaryScreen()
    assert Settings().players_screen() == ("", False)
    handle = screen.windowHandle()
    assert handle is not None
    handle.screenChanged.emit(primary)  # dragged onto another screen: remembered at once
    assert Settings().players_screen() == (primary.name(), False)
    screen.toggle_full_screen()
    assert screen.isFullScreen()
    assert Settings().players_screen() == (primary.name(), True)
    screen.close()
    assert not window.players_screen.action.isChecked()
    again = open_screen(window)
    assert again.isFullScreen()
    again.toggle_full_screen()
    assert not again.isFullScreen() and Settings().players_screen()[1] is False


def test_a_closed_screen_costs_the_board_nothing_and_a_closed_board_clears_it(
        window: MainWindow) -> None:
    # Not registered with qtbot: closing its tab deletes it.
    board = BattleBoard(sample(window.library, "ford-ambush.json"), None, window.library,
                        ScriptedDialogs(), random.Random(5))
    window.add_document(board)
    feed = window.players_screen.feed
    board.next_action.trigger()
    assert feed.updates == 0  # never opened: the board's redraws reach nothing
    screen = open_screen(window)
    made = feed.updates
    board.next_action.trigger()
    assert feed.updates == made + 1  # one projection per redraw, no polling
    screen.close()
    board.next_action.trigger()
    assert feed.updates == made + 1
    screen = open_screen(window)
    assert window.close_document(board, ask=False)
    _bot(window).waitUntil(lambda: screen.texts() == ["No fight on the board"])


def test_the_screen_keeps_the_last_board_while_a_character_is_in_front(
        window: MainWindow) -> None:
    board = board_in(_bot(window), window)
    screen = open_screen(window)
    path = sorted(Library.open().characters_dir.rglob("*.json"))[0]
    window.open_character(path)
    assert window.current_document() is not board
    assert "Aldric of Thornbury" in screen.texts()
    other = board_in(_bot(window), window, sample(window.library, "sparring.json"))
    assert window.current_document() is other
    assert "Aldric of Thornbury" not in screen.texts()
