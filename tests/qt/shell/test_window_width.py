"""No view widens the main window past a 1366×768 screen (issue 16, audit item 7).

A QTabWidget asks for the largest minimum width of all its pages, so one view too
wide for the room beside the docks widened the window whichever tab was in front:
the board's fight-over line (~1,050 px on one line) took it to 1695 px once another
tab came to the front, and the battle view's two sides side by side to 1383 px.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from tests.qt.battle.scripted import ScriptedDialogs
from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.battle import opening
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.rules.combat.events import SetCondition

SCREEN = 1366


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(opening, "battle_dialogs", ScriptedDialogs)
    window = sample_window(qtbot, monkeypatch)
    window.resize(SCREEN, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def test_every_kind_of_view_fits_a_1366_window_with_the_docks_open(
        qtbot: Any, home: Path, window: MainWindow) -> None:
    character = window.open_character(home / "characters" / "aldric.json")
    assert character is not None
    settle()
    assert window.library_dock.isVisible() and window.dice_dock.isVisible()
    # The room the docks leave at their first widths: every view must fit it, not only
    # the one in front (the tab widget's minimum is that of its widest page).
    room = window.tabs.width()
    assert 600 < room < SCREEN - 400
    views: list[tuple[str, QWidget | None]] = [("classic character", character)]
    views.append(("0.8 character", window.open_character(home / "characters" / "kestrel.json")))
    for battle in sorted((home / "battles").glob("*.json")):
        views.append((f"battle view {battle.name}", window.open_battle(battle)))
    views.append(("new battle", window.new_battle()))
    views.append(("healing record", window.open_healing(home / "healing" /
                                                        "after-the-ford.json")))
    # The healing record Apply results opens for the hurt.
    views.append(("new healing record", window._start_healing_for_files(
        [home / "characters" / "aldric.json", home / "characters" / "torvald.json"])))
    for edition in ("classic", "0.8"):
        views.append((f"{edition} catalogue", window.open_catalogue(edition)))
    board = window.open_encounter(home / "encounters" / "sparring.json")
    assert isinstance(board, BattleBoard)
    views.append(("board", board))
    ford = window.open_encounter(home / "encounters" / "ford-ambush.json")
    assert isinstance(ford, BattleBoard)
    views.append(("ford board", ford))
    # The sparring fight over: the board's longest line, on the board in front.
    window.tabs.setCurrentWidget(board)
    assert board.push_events([SetCondition(id="kestrel", condition="unconscious")])
    over = board.step_label.text()
    assert over.startswith("The fight is over") and "Apply results" in over
    assert board.step_label.fontMetrics().horizontalAdvance(over) > room  # one line won't do
    views.append(("board, fight over", board))
    too_wide = []
    for name, view in views:
        assert view is not None, name
        window.tabs.setCurrentWidget(view)
        settle()
        assert window.width() <= SCREEN, f"{name}: the window is {window.width()} px wide"
        if view.minimumSizeHint().width() > room:
            too_wide.append((name, view.minimumSizeHint().width()))
    assert too_wide == [], f"wider than the {room} px beside the docks"
    assert window.minimumSizeHint().width() <= SCREEN
    # Back on a character with the docks shown: still a 1366 px window, docks as wide.
    window.tabs.setCurrentWidget(character)
    settle()
    assert window.width() <= SCREEN and window.tabs.width() >= room
    # The whole fight-over line is on the board (wrapped), not cut.
    window.tabs.setCurrentWidget(board)
    settle()
    label = board.step_label
    assert label.wordWrap() and label.text() == over
    assert label.height() >= label.heightForWidth(label.width())
