"""The battle view works the next turn out while the GM reads the last one
(issue 16: the turn is never slower than the CLI). What the GM sees must be
exactly what rolling at the click gives: the same turns from the same dice, the
dice moving on the same way, and nothing rolled ahead used once the dice, the
set-up or the way of rolling changed."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from tests.qt.mass.test_turn_refresh import COUNT, _rules_turns
from tests.qt.mass.test_view import _sample_battle, _view
from yags_desk.qt.mass.view import WORK_AHEAD_AFTER_EDIT_MS, BattleView
from yags_desk.rules.quick_combat import Battle, BattleState, Group, Side, resolve_turn
from yags_desk.rules.quick_dice import TypedD10s
from yags_desk.storage.library import Library


def _read(qtbot: Any, view: BattleView, ms: int = 1) -> None:
    """The GM looks at the view a moment: the next turn is worked out ahead."""
    qtbot.wait(ms)


def _lines(view: BattleView) -> list[str]:
    model = view.turns_model
    return [model.data(model.index(row, 0)) for row in range(model.rowCount())]


def test_turns_worked_out_ahead_are_the_rules_turns_with_the_same_dice(qtbot: Any) -> None:
    battle = _sample_battle()
    view = _view(qtbot, Library.open(), battle, seed=5)
    rng, state, expected = random.Random(5), BattleState.start(battle), []
    while not state.is_over:
        expected.append(resolve_turn(state, rng))
        state = expected[-1].state_after
    assert len(expected) >= 3
    while not view.state().is_over:
        _read(qtbot, view)
        ahead = view._ahead
        assert ahead is not None and ahead.state is view.state()
        assert view.play_turn() is ahead.turn  # the turn worked out ahead is shown
        # ... with the plan worked out with it (none once the battle is over).
        assert view.plan.text() == ("" if view.state().is_over else view.next_turn_plan())
    _read(qtbot, view)  # nothing to work out once the battle is over
    assert [t.to_json() for t in view.turns] == [t.to_json() for t in expected]
    assert _lines(view) == [t.describe() for t in expected]
    assert view.rng.getstate() == rng.getstate()  # the dice moved on as if rolled at each click
    assert view.battle.fought == tuple(t.to_json() for t in expected)  # the file's turns


def test_dice_changed_after_working_ahead_roll_the_turn_again(qtbot: Any) -> None:
    battle = _sample_battle()
    view = _view(qtbot, Library.open(), battle, seed=5)
    _read(qtbot, view)
    assert view._ahead is not None
    view.rng.seed(9)  # the same generator, other dice: what was rolled ahead is stale
    view.play_turn()
    assert view.turns[0].to_json() == _rules_turns(battle, 9, 1)[0].to_json()
    view.rng = random.Random(11)  # a new generator
    view.play_turn()
    second = resolve_turn(view.turns[0].state_after, random.Random(11))
    assert view.turns[1].to_json() == second.to_json()


def test_an_undone_turn_is_rolled_again_with_the_dice_as_they_are(qtbot: Any) -> None:
    battle = _sample_battle()
    view = _view(qtbot, Library.open(), battle, seed=5)
    rng = random.Random(5)
    first = resolve_turn(BattleState.start(battle), rng)
    _read(qtbot, view)
    view.play_turn()
    _read(qtbot, view)  # the second turn is worked out ahead ...
    view.undo_stack.undo()  # ... and the first undone: the dice have moved on
    _read(qtbot, view)
    view.play_turn()
    again = resolve_turn(BattleState.start(battle), rng)
    assert view.turns[0].to_json() == again.to_json() != first.to_json()


def test_a_set_up_edit_drops_the_turn_worked_out_ahead(qtbot: Any) -> None:
    battle = _sample_battle()
    view = _view(qtbot, Library.open(), battle, seed=5)
    _read(qtbot, view)
    assert view._ahead is not None
    model = view.sides[0].model
    index = model.index(0, COUNT)
    assert model.setData(index, model.data(index) + 7, Qt.ItemDataRole.EditRole)
    view.play_turn()  # at once, before the edited set-up is worked out ahead
    edited = view.battle.model_copy(update={"fought": ()})
    expected = resolve_turn(BattleState.start(edited), random.Random(5))
    assert view.turns[0].to_json() == expected.to_json()
    assert view.turns[0].state_after.counts == expected.state_after.counts
    # After an edit the view waits a moment before working ahead (typing goes on).
    view.undo_stack.undo()
    view.undo_stack.undo()
    assert view._ahead is None or view._ahead.state is not view.state()
    _read(qtbot, view, WORK_AHEAD_AFTER_EDIT_MS + 150)
    assert view._ahead is not None and view._ahead.state is view.state()


def test_typed_dice_are_used_even_with_a_turn_worked_out_ahead(qtbot: Any) -> None:
    battle = _sample_battle()
    view = _view(qtbot, Library.open(), battle, seed=5)
    _read(qtbot, view)
    ahead = view._ahead
    assert ahead is not None
    view.dice_mode.setCurrentIndex(1)
    _read(qtbot, view)
    # All 1s, as many as the turn uses.
    counting = TypedD10s([1] * 10_000)
    expected = resolve_turn(BattleState.start(battle), counting)
    view.typed.setText(" ".join(["1"] * counting.used))
    turn = view.play_turn()
    assert turn is not None and turn is not ahead.turn
    assert turn.to_json() == expected.to_json() != ahead.turn.to_json()
    assert view.rng.getstate() == random.Random(5).getstate()  # no die rolled


def test_the_turns_list_follows_new_turns_until_the_gm_scrolls_up(qtbot: Any) -> None:
    """A turn fought shows at the bottom of the turns list (laid out by Qt before it
    draws); once the GM scrolls up to read, new turns leave the list where it is."""
    battle = Battle(name="Slow", edition="classic", max_turns=100, sides=tuple(
        Side(name=name, groups=[Group(name=f"{name} {i}", count=500, initiative=15,
                                      attack=10, defence=30, damage=5, soak=30)
                                for i in range(3)]) for name in ("Red", "Blue")))
    view = _view(qtbot, Library.open(), battle, seed=5)
    view.resize(1000, 560)
    view.show()
    listed = view.turns_list
    bar = listed.verticalScrollBar()

    def last_row_shown() -> bool:
        qtbot.wait(5)  # Qt lays the rows out, then draws
        model = view.turns_model
        rect = listed.visualRect(model.index(model.rowCount() - 1, 0))
        return listed.viewport().rect().contains(rect)

    while bar.maximum() == 0:
        view.play_turn()
        qtbot.wait(5)
    view.undo_stack.undo()  # undone and fought again: an overflowing list
    for _ in range(8):
        view.play_turn()
        assert last_row_shown()
    assert not view.state().is_over
    bar.setValue(0)  # the GM scrolls up
    view.play_turn()
    qtbot.wait(5)
    assert bar.value() == 0 and not last_row_shown()
