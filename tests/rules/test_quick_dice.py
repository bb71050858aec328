"""Typed d10s for a quick-combat turn, and the result of turns played one by one."""

from __future__ import annotations

import random

import pytest

from yags_desk.rules.errors import DiceError
from yags_desk.rules.quick_combat import (
    Battle,
    BattleState,
    Group,
    Side,
    battle_result,
    resolve_turn,
    run_battle,
)
from yags_desk.rules.quick_dice import TypedD10s, parse_d10s


def _battle(a: int = 3, b: int = 2) -> Battle:
    def group(name: str, count: int) -> Group:
        return Group(name=name, count=count, initiative=15, attack=15, defence=15,
                     damage=15, soak=15)
    return Battle(name="Skirmish", edition="classic",
                  sides=(Side(name="Red", groups=[group("Reds", a)]),
                         Side(name="Blue", groups=[group("Blues", b)])))


def test_a_turn_fought_with_typed_dice_uses_them_in_order() -> None:
    # Equal numbers: initiative value 6, attack 5, damage 5 (RULES 1.12 table).
    # Reds roll initiative 7 (win); 3 attack d10s 9 2 5 -> 2 hits; damage 5 1 -> 1 kill;
    # the one Blue left strikes back: attack 10 hits, damage 8 kills one Red.
    dice = TypedD10s([7, 9, 2, 5, 5, 1, 10, 8])
    turn = resolve_turn(BattleState.start(_battle()), dice)
    assert dict(turn.remaining) == {"Reds": 2, "Blues": 1}
    assert dice.left == 0


def test_too_few_typed_dice_are_refused_naming_the_missing_die() -> None:
    with pytest.raises(DiceError, match="die 4: the turn needs more d10s than the 3 typed"):
        resolve_turn(BattleState.start(_battle()), TypedD10s([7, 9, 9]))


def test_parse_names_the_entry_that_is_not_a_d10() -> None:
    assert parse_d10s("1, 10 4\n7") == [1, 10, 4, 7]
    with pytest.raises(DiceError, match="die 3: '11' is not a d10 face"):
        parse_d10s("3 4 11")
    with pytest.raises(DiceError, match="die 1: 'x' is not a d10 face"):
        parse_d10s("x")


def test_battle_result_of_turns_played_one_by_one_matches_run_battle() -> None:
    battle = _battle(12, 10)
    whole = run_battle(battle, random.Random(4))
    rng = random.Random(4)
    state, turns = BattleState.start(battle), []
    while not state.is_over:
        turns.append(resolve_turn(state, rng))
        state = turns[-1].state_after
    assert battle_result(battle, turns).to_json() == whole.to_json()
    stopped = battle_result(battle, turns[:1])
    assert stopped.reason == "stopped" and stopped.winner == "draw"
    assert stopped.describe()[-1].startswith("Stopped after 1 turn, no side broken yet")
