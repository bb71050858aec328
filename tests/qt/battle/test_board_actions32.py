"""The board's RULES 3.2 card entries: a free attack on a fleeing enemy in reach
(pushed as a free Attack, the attacker's own action kept) and the roll of a
declared assess action (feeding advantage); neither is offered while the option
"Flee, charge and defend" is off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from yags_desk.rules.combat.events import Attack, Check, Declare, SetOption
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _texts(board: Any, fid: str) -> list[str]:
    return [a.text() for a in board.card_menu(fid).actions()]


@pytest.mark.parametrize("on", [True, False])
def test_free_attack_on_a_fleeing_bandit_from_the_card_menu(
        qtbot: Any, library: Library, on: bool) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, ScriptedDialogs())
    if on:
        assert board.push_events([SetOption(option="flee_charge_defend", value=True)])
    assert board.push_events([Declare(id="bandit-1", action="move",
                                      manoeuvre="flee" if on else None)])
    entry = "Free attack on the fleeing Bandit 1… (RULES 3.2)"
    # Aldric (row 0) is in reach of Bandit 1 (row 0); so is Mira (row 1).
    assert (entry in _texts(board, "aldric")) is on
    assert (entry in _texts(board, "mira")) is on
    assert entry not in _texts(board, "bandit-2")  # its own side
    if not on:
        return
    assert board.free_attack("aldric", "bandit-1")
    last = board.log.events[-1]
    assert isinstance(last, Attack) and last.free and last.attacker == "aldric"
    assert ("attack: RULES 3.2 flee: Bandit 1 turns to run", 4) in last.modifiers
    assert not board.state.fighter("aldric").attacked
    assert entry not in _texts(board, "aldric")  # one free attack each
    assert board.undo_stack.undoText() == "Free attack"


def test_assess_roll_from_the_card_menu_gives_advantage(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library,
                       ScriptedDialogs(classic_dice=[(9, 9)]))
    assert board.push_events([SetOption(option="flee_charge_defend", value=True),
                              SetOption(option="advantage", value=True),
                              Declare(id="mira", action="other", manoeuvre="assess")])
    assert "Assess roll… (RULES 3.2)" in _texts(board, "mira")
    assert "Assess roll… (RULES 3.2)" not in _texts(board, "aldric")
    assert board.assess("mira")
    last = board.log.events[-1]
    assert isinstance(last, Check) and last.kind == "assess"
    # Mira has no Tactics: her Perception x 0% + 18 against 15 passes (+2), short of a
    # good success (25).
    assert (last.total, last.passed) == (18, True)
    assert board.state.fighter("mira").advantage == 2
    assert "Assess roll… (RULES 3.2)" not in _texts(board, "mira")
