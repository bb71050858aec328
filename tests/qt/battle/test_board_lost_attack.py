"""On the board, a declared attack whose target has died is a step of its own: Next
turns it into a log line instead of letting it vanish (issue 12 item 5)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from yags_desk.rules.combat.events import ActionLost, SetCondition
from yags_desk.rules.combat.steps import auto_events, next_step
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def test_next_logs_the_attack_on_a_dead_target_as_lost(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, ScriptedDialogs())
    rng = random.Random(1)
    while (step := next_step(board.state)).kind in ("declare", "initiative"):
        assert board.push_events(auto_events(board.state, step, rng))
    step = next_step(board.state)
    assert (step.kind, step.action) == ("action", "attack") and step.target is not None
    attacker, target = board.state.fighter(step.fighter or ""), board.state.fighter(step.target)
    assert board.push_events([SetCondition(id=target.id, condition="dead")])
    assert next_step(board.state).action == "lost"
    assert board.next()
    assert board.log.events[-1] == ActionLost(id=attacker.id, target=target.id, reason="dead")
    assert board.log_panel.shown_lines()[-1].endswith(
        f"{attacker.name}'s attack on {target.name} is lost: {target.name} is dead.")
