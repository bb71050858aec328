"""The status bar gives a message the whole bar (issue 16, layout leftovers item 1).

The library summary sat beside every message as a permanent widget, so the board's
fight-over line ("... Next round anyway (Shift+N) plays on.") was cut off under it
at 1366 px: the GM could not read how to play on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QStatusBar, QWidget

from tests.qt.battle.scripted import ScriptedDialogs
from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.battle import opening
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.rules.combat.events import SetCondition

SCREEN = 1366


def settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def widgets_beside_the_message(bar: QStatusBar) -> list[QWidget]:
    return [w for w in bar.findChildren(QWidget)
            if w.parent() is bar and w.isVisible() and w.width() > 0
            and type(w).__name__ != "QSizeGrip"]


def test_the_fight_over_line_is_read_whole_and_the_library_summary_comes_back(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening, "battle_dialogs", ScriptedDialogs)
    window = sample_window(qtbot, monkeypatch)
    window.resize(SCREEN, 768)
    window.show()
    qtbot.waitExposed(window)
    settle()
    bar = window.statusBar()
    summary = window.library_status
    assert summary.isVisible() and summary.text().startswith("17 characters")
    board = window.open_encounter(home / "encounters" / "ford-ambush.json")
    assert isinstance(board, BattleBoard)
    fighters = [f for f in board.state.active() if f.side != "Party"]
    assert board.push_events([SetCondition(id=f.id, condition="unconscious")
                              for f in fighters])
    assert not board.next()  # Next on a fight that is over: the line, nothing opened
    settle()
    message = bar.currentMessage()
    assert message.startswith("The fight is over: Party won.")
    assert message.endswith("Next round anyway (Shift+N) plays on.")
    # The whole message is drawn: nothing else in the bar from where it starts to
    # where it ends, and the bar is wide enough for it.
    end = bar.contentsRect().left() + bar.fontMetrics().horizontalAdvance(message)
    assert end <= bar.width()
    overlapping = [(type(w).__name__, w.x()) for w in widgets_beside_the_message(bar)
                   if w.x() < end]
    assert overlapping == [], f"the message ends at {end} px"
    assert window.width() <= SCREEN
    # Once the message is gone, the library summary is back.
    bar.clearMessage()
    settle()
    assert summary.isVisible() and summary.text().startswith("17 characters")
    assert window.width() <= SCREEN
