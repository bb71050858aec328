"""The board works Auto-resolve's round out while the GM reads it (issue 18). What
the GM gets must be exactly what rolling at the press gives: the same events from
the same dice, the same undo steps, the same recovery copy, the dice left where
rolling would leave them; and nothing worked out ahead is used once the fight or
the dice changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from tests.qt.battle.test_board import _raiders_and_guards
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.round_ahead import AHEAD_AFTER_MS
from yags_desk.rules.combat.events import SetCondition
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.library import Library
from yags_desk.storage.recovery_journal import read_with_journal


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _looked_at(qtbot: Any, board: BattleBoard) -> None:
    """The GM reads the board a moment: the round is worked out meanwhile."""
    qtbot.waitUntil(lambda: board.round_ahead._making is None
                    and bool(board.round_ahead._steps), timeout=5000)
    qtbot.wait(AHEAD_AFTER_MS // 2)


def _outcome(board: BattleBoard) -> tuple[Any, ...]:
    copy = read_with_journal(board.library.autosave_path(board.key)).model
    assert isinstance(copy, Encounter)
    stack = board.undo_stack
    return (board.log.events, [stack.text(i) for i in range(stack.count())],
            board.rng.getstate(), copy.events, copy.steps, board.log_panel.shown_lines())


def _pair(qtbot: Any, library: Library, encounter: Encounter) -> tuple[BattleBoard, ...]:
    """Two boards on ``encounter`` with the same dice: the first uses the round worked
    out ahead, the second rolls every step when Auto-resolve is pressed."""
    pressed = make_board(qtbot, encounter, library, ScriptedDialogs())
    pressed.round_ahead.take = lambda state, dice: iter(())  # type: ignore[method-assign]
    return make_board(qtbot, encounter, library, ScriptedDialogs()), pressed


@pytest.mark.parametrize("which", ["npcs", "ford-ambush.json"])
def test_a_round_worked_out_ahead_is_the_round_rolled_at_the_press(
        qtbot: Any, library: Library, which: str) -> None:
    encounter = (_raiders_and_guards("Skirmish", 6) if which == "npcs"
                 else sample(library, which))
    ahead, pressed = _pair(qtbot, library, encounter)
    _looked_at(qtbot, ahead)
    worked = list(ahead.round_ahead._steps)
    assert worked  # the steps the NPCs play by themselves, up to a player's or the end
    assert ahead.auto_resolve() and pressed.auto_resolve()
    assert ahead.state.round == pressed.state.round == 2
    assert _outcome(ahead) == _outcome(pressed)
    assert ahead.log.events[:sum(len(s.events) for s in worked)] == tuple(
        e for s in worked for e in s.events)
    # Taken once. (On a busy machine the board may already be working out the next
    # round, while the other board plays: those are other steps.)
    assert not [s for s in ahead.round_ahead._steps if any(s is w for w in worked)]


def test_dice_rolled_after_the_work_roll_the_round_again(qtbot: Any, library: Library) -> None:
    encounter = _raiders_and_guards("Skirmish", 6)
    ahead, pressed = _pair(qtbot, library, encounter)
    _looked_at(qtbot, ahead)
    ahead.rng.seed(9)  # the same dice, rolled on meanwhile
    pressed.rng.seed(9)
    assert ahead.auto_resolve() and pressed.auto_resolve()
    assert _outcome(ahead) == _outcome(pressed)
    other = _pair(qtbot, library, encounter)[1]
    assert other.auto_resolve()
    assert ahead.log.events != other.log.events  # the seed mattered


def test_a_step_played_after_the_work_leaves_it_unused(qtbot: Any, library: Library) -> None:
    encounter = sample(library, "ford-ambush.json")
    ahead, pressed = _pair(qtbot, library, encounter)
    _looked_at(qtbot, ahead)
    for board in (ahead, pressed):
        assert board.next()  # one step by hand (the scripted dialog or the engine)
    _looked_at(qtbot, ahead)  # worked out again from the new state
    assert ahead.auto_resolve() and pressed.auto_resolve()
    assert _outcome(ahead) == _outcome(pressed)


def test_a_change_by_the_gm_after_the_work_leaves_it_unused(
        qtbot: Any, library: Library) -> None:
    """A raider knocked out by the GM (no dice rolled) after the round was worked out:
    the round played is the one without him."""
    encounter = _raiders_and_guards("Skirmish", 6)
    ahead, pressed = _pair(qtbot, library, encounter)
    _looked_at(qtbot, ahead)
    stale = [e for s in ahead.round_ahead._steps for e in s.events]
    assert any(getattr(e, "id", "") == "raider-1" for e in stale)  # he acted in it
    for board in (ahead, pressed):
        assert board.push_events([SetCondition(id="raider-1", condition="unconscious")])
    assert ahead.auto_resolve() and pressed.auto_resolve()
    assert _outcome(ahead) == _outcome(pressed)
    assert not any(getattr(e, "id", "") == "raider-1" for e in ahead.log.events[1:])


def test_an_undone_step_is_not_replayed_from_the_work(qtbot: Any, library: Library) -> None:
    encounter = _raiders_and_guards("Skirmish", 6)
    ahead, pressed = _pair(qtbot, library, encounter)
    for board in (ahead, pressed):
        assert board.next()
    _looked_at(qtbot, ahead)  # worked out after the step ...
    for board in (ahead, pressed):
        board.undo_stack.undo()  # ... which is undone: the state is the one before it
    assert ahead.auto_resolve() and pressed.auto_resolve()
    assert _outcome(ahead) == _outcome(pressed)


def test_a_failure_while_working_ahead_is_met_again_at_the_press(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """Work ahead that fails is dropped without a word (the GM did nothing yet);
    Auto-resolve then rolls as it comes, and the rules' refusal shows there."""
    import yags_desk.rules.combat.npc_steps as steps_module
    from yags_desk.rules.errors import RulesError

    board = make_board(qtbot, _raiders_and_guards("Skirmish", 6), library, ScriptedDialogs())
    real = steps_module.npc_step_events

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("a bug")

    monkeypatch.setattr(steps_module, "npc_step_events", broken)
    qtbot.wait(AHEAD_AFTER_MS + 200)  # the work ahead runs into the bug, quietly
    assert board.round_ahead._start is None and not board.round_ahead._steps
    monkeypatch.setattr(steps_module, "npc_step_events", real)

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise RulesError("refused at the press")

    monkeypatch.setattr("yags_desk.qt.battle.board.npc_step_events", refused)
    assert not board.auto_resolve()
    assert board.last_message == "refused at the press"
