"""A long log keeps only some of its older states in memory (issue 18) and
works the others out again: what the log view, undo and redo see must be the
states the events give, at every index, in any order of asking."""

from __future__ import annotations

import random

from tests.rules.combat.test_golden_fights import _roster, _rounds
from yags_desk.rules.combat.log import CHECKPOINT, RECENT, CombatLog
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState


def _replayed(log: CombatLog) -> list[CombatState]:
    states = [log.start]
    for e in log.events:
        states.append(apply(states[-1], e))
    return states


def test_every_state_of_a_long_log_is_the_one_its_events_give() -> None:
    played = _rounds("classic", 40, 18, 12)
    log = CombatLog("classic", played.events, roster=_roster("classic", 40))
    assert len(log.events) > RECENT + 20 * CHECKPOINT
    expected = _replayed(log)
    order = list(range(0, len(log.events), 3))
    random.Random(4).shuffle(order)
    for i in [*range(len(log.events)), *order]:  # in order (the log view), then scattered
        assert log.state_before(i) == expected[i], i
    assert log.state == expected[-1]


def test_undo_far_back_then_redo_and_push_give_the_same_states() -> None:
    played = _rounds("0.8", 40, 18, 12)
    log = CombatLog("0.8", played.events, roster=_roster("0.8", 40))
    expected = _replayed(log)
    n = len(log.events)
    undone = []
    for k in range(1, n - 5):  # back beyond the states kept whole
        undone.append(log.undo())
        if k % 37 == 0 or k > n - 10:
            assert log.state == expected[n - k], k
            assert log.state_before(n - k - 1) == expected[n - k - 1]
    m = len(log.events)
    for _ in range(300):
        log.redo()
    assert log.state == expected[m + 300]
    log.push(undone[-301])  # the next event again, pushed: the redo list goes
    assert log.state == expected[m + 301]
    assert not log.can_redo


def test_a_fighter_added_after_an_undo_takes_the_undone_ones_place() -> None:
    roster = _roster("classic", 2)
    log = CombatLog("classic", roster=roster[:3])
    log.push(roster[3])
    older = log.state
    log.undo()
    other = roster[3].model_copy(update={"id": "late", "name": "Late"})
    log.push(other)
    assert list(log.state.fighters) == [a.id for a in roster[:3]] + ["late"]
    assert roster[3].id not in log.state.fighters
    assert log.state.fighter("late").name == "Late"
    # The state before the undo still has its own fourth fighter, and only it.
    assert list(older.fighters) == [a.id for a in roster[:4]]
    assert "late" not in older.fighters
    assert older.fighters.get("late") is None
