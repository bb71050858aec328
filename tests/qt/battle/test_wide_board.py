"""View ▸ Wide board and compact cards: 30 combatants readable at 1366×768 (issue 5 item 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect

from tests.qt.battle.scripted import ScriptedDialogs
from tests.qt.shell.app_helpers import sample_window
from tests.rules.builders import LONG_SWORD, classic
from yags_desk.qt.battle import opening
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.canvas import compact_lines
from yags_desk.qt.common.settings import Settings
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.rules.combat.roster import numbered_copies
from yags_desk.storage.encounter_file import Combatant, Encounter, new_encounter


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(opening, "battle_dialogs", ScriptedDialogs)
    window = sample_window(qtbot, monkeypatch)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def thirty() -> Encounter:
    """15 town guards in row 0 against 15 raiders in rows 1 and 2."""
    raider = classic("Raider", kind="npc", strength=12, dexterity=12,
                     skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    guard = raider.model_copy(update={"name": "Town guard"})
    adds = numbered_copies(raider, 8, "Raiders", row=2)
    adds += numbered_copies(raider, 7, "Raiders", row=1, existing=adds)
    adds += numbered_copies(guard, 15, "Town", row=0, existing=adds)
    return new_encounter("Thirty", "classic", tuple(
        Combatant(id=a.id, name=a.name, side=a.side, row=a.row, character=a.character)
        for a in adds))


def open_thirty(qtbot: Any, window: MainWindow) -> BattleBoard:
    board = BattleBoard(thirty(), None, window.library, ScriptedDialogs())
    window.add_document(board)
    qtbot.waitUntil(lambda: board.scroll_area.viewport().width() > 900)
    return board


def outside(board: BattleBoard) -> list[str]:
    viewport = board.scroll_area.viewport()
    out = []
    for fid in board.state.fighters:
        rect = board.canvas.card_rect(fid)
        assert rect is not None
        shown = QRect(board.canvas.mapTo(viewport, rect.topLeft()), rect.size())
        if not viewport.rect().contains(shown):
            out.append(fid)
    return out


def test_thirty_combatants_fit_the_board_without_scrolling(
        qtbot: Any, window: MainWindow) -> None:
    assert window.library_dock.isVisible() and window.dice_dock.isVisible()
    board = open_thirty(qtbot, window)
    assert window.wide_board.action.isChecked()  # on by default
    assert not window.library_dock.isVisible() and not window.dice_dock.isVisible()
    assert board.canvas.compact
    assert outside(board) == []
    # Each compact card still reads name, wound level with penalty and target or status.
    summary = board.model.summary("raider-1")
    assert summary is not None
    assert compact_lines(summary) == ["Raider 1", "", "Unhurt · to declare"]
    assert window.wide_board.action in board.toolbar.actions()


def test_a_few_combatants_keep_the_normal_cards(qtbot: Any, window: MainWindow) -> None:
    board = window.open_encounter(window.library.encounters_dir / "ford-ambush.json")
    assert isinstance(board, BattleBoard)
    qtbot.waitUntil(lambda: board.scroll_area.viewport().width() > 900)
    assert not board.canvas.compact and outside(board) == []


def test_turning_the_mode_off_or_leaving_the_board_brings_back_the_docks(
        qtbot: Any, window: MainWindow) -> None:
    window.dice_dock.hide()  # the GM had closed the dice dock: it stays closed
    board = open_thirty(qtbot, window)
    assert not window.library_dock.isVisible()
    window.wide_board.action.trigger()  # off
    assert window.library_dock.isVisible() and not window.dice_dock.isVisible()
    assert not Settings().wide_board()  # remembered
    window.wide_board.action.trigger()  # on again
    assert not window.library_dock.isVisible()
    assert Settings().wide_board()
    character = window.new_character("classic")  # another tab in front
    assert character is not None
    assert window.library_dock.isVisible() and not window.dice_dock.isVisible()
    window.tabs.setCurrentWidget(board)
    assert not window.library_dock.isVisible()
    window.close_document(character, ask=False)
    window.close_document(board, ask=False)
    assert window.library_dock.isVisible() and not window.dice_dock.isVisible()


def test_with_the_mode_off_the_docks_stay_and_cards_still_fit_their_height(
        qtbot: Any, window: MainWindow) -> None:
    window.wide_board.action.setChecked(False)
    board = BattleBoard(thirty(), None, window.library, ScriptedDialogs())
    window.add_document(board)
    qtbot.waitUntil(lambda: board.scroll_area.viewport().width() > 300)
    assert window.library_dock.isVisible() and window.dice_dock.isVisible()
    assert board.canvas.compact  # the narrow board scrolls, but with compact cards


def test_help_lists_the_wide_board_shortcut(window: MainWindow) -> None:
    from yags_desk.qt.shell.about import shortcut_rows

    assert ("View", "Wide board", "F9") in shortcut_rows(window.menus)


def test_the_initiative_list_of_thirty_stays_in_turn_order(qtbot: Any, home: Path) -> None:
    """Every row's new data arrives before the proxy re-sorts it (a regression: with 30
    fighters the list once showed 16, 18, 17)."""
    import random

    from tests.qt.battle.helpers import make_board
    from yags_desk.rules.combat.steps import auto_events, next_step
    from yags_desk.storage.library import Library

    board = make_board(qtbot, thirty(), Library.open())
    while next_step(board.state).kind != "action":
        assert board.push_events(auto_events(board.state, next_step(board.state),
                                             random.Random(3)))
    shown = [board.proxy.index(r, 0).data() for r in range(board.proxy.rowCount())]
    assert shown == [str(n) for n in range(1, 31)]
