"""The battle view marks a group large (RULES 1.12): the Wounds column edits the
battle (refusing a negative number), the saved file keeps it, typed dice wound the
large group, and the status line says what wounds a figure carries."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from yags_desk.qt.mass.models import COLUMNS
from yags_desk.qt.mass.view import BattleView, new_battle
from yags_desk.rules.quick_combat import Battle
from yags_desk.storage.documents import read_document
from yags_desk.storage.library import Library

WOUNDS = [name for name, _ in COLUMNS].index("wounds")


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _view(qtbot: Any, library: Library) -> BattleView:
    battle = new_battle().model_copy(update={"sides": tuple(
        s.model_copy(update={"groups": [s.groups[0].model_copy(update={"count": c})]})
        for s, c in zip(new_battle().sides, (3, 2), strict=True))})
    view = BattleView(battle, None, library, random.Random(3))
    qtbot.addWidget(view)
    return view


def test_a_large_group_is_typed_saved_wounded_and_shown(qtbot: Any, library: Library) -> None:
    view = _view(qtbot, library)
    model = view.sides[1].model
    cell = model.index(0, WOUNDS)
    assert "large creature" in model.data(cell, Qt.ItemDataRole.ToolTipRole).casefold()
    refused: list[str] = []
    model.refused.connect(refused.append)
    assert not model.setData(cell, "-2")
    assert refused == ["Wounds (large) of Second group: 0 (not large) or more, not -2"]
    assert model.setData(cell, "2")
    assert view.battle.sides[1].groups[0].wounds == 2
    # All groups 15 against 15: initiative 6, attack 5, damage 5 (RULES 1.12 table).
    # First group wins (7 >= 6); 3 attacks 9 2 5: 2 hits; damage 5 1: one wound on a
    # large Second group figure (2 wounds each): nobody falls; 2 strike back 10 8:
    # 2 hits; damage 4 4: no kill.
    view.dice_mode.setCurrentIndex(1)
    view.typed.setText("7 9 2 5 5 1 10 8 4 4")
    turn = view.play_turn()
    assert turn is not None, view.message.text()
    assert dict(turn.remaining) == {"First group": 3, "Second group": 2}
    assert dict(turn.state_after.wounds) == {"Second group": 1}
    assert "a Second group figure carries 1 of 2 wounds" in view.status.text()
    assert view.turns_model.data(view.turns_model.index(0, 0)).startswith(
        "Turn 1: First group win initiative (d10 7 ≥ 6); First group wound Second group "
        "1 time, killing 0 (1 of 2 wounds on one left standing), ")
    view.undo_stack.undo()
    assert view.save()
    saved = read_document(view.path, "battle").model  # type: ignore[arg-type]
    assert isinstance(saved, Battle) and saved.sides[1].groups[0].wounds == 2
