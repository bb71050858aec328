"""RULES 1.12 large creatures in quick combat: a group marked large takes each damage
success as a wound; a figure goes when its wounds are used up, and the wounds on
the one still standing carry over to the next turn. Dice typed (ScriptedDice).

Spearmen against Swordsmen (the source's example): Spearmen initiative 5, attack 8,
damage 4; Swordsmen attack 6, damage 4 (tests/rules/test_quick_combat.py).
"""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from tests.rules.test_quick_combat import ScriptedDice, duel, spearmen, swordsmen
from yags_desk.rules.quick_combat import (
    Battle,
    BattleState,
    Group,
    TurnResult,
    resolve_turn,
    run_battle,
)


def _large(count: int, wounds: int) -> Group:
    return swordsmen(count).model_copy(update={"wounds": wounds})


def _turn(state: BattleState, faces: list[int]) -> TurnResult:
    dice = ScriptedDice(faces)
    result = resolve_turn(state, dice)
    assert dice.faces == [], "the turn rolled fewer dice than scripted"
    return result


def test_damage_successes_wound_a_large_group_and_wounds_carry_over() -> None:
    battle = duel(spearmen(5), _large(2, 3))  # Swordsmen large, 3 wounds a figure
    first = _turn(BattleState.start(battle), [
        6,                  # initiative 6 >= 5: Spearmen first
        8, 9, 8, 10, 7,     # attack (8+): 4 hits
        4, 4, 4, 4,         # damage (4+): 4 wounds: one Swordsman down (3), 1 on the next
        1,                  # the 1 Swordsman left strikes back (6+): a miss
    ])
    opening, reply = first.pairings[0].strikes
    assert (opening.damage_successes, opening.kills, opening.hurt) == (4, 1, 1)
    assert dict(first.remaining) == {"Spearmen": 5, "Swordsmen": 1}
    assert dict(first.state_after.wounds) == {"Swordsmen": 1}
    assert first.describe() == (
        "Turn 1: Spearmen win initiative (d10 6 ≥ 5); Spearmen wound Swordsmen 4 times, "
        "killing 1 (1 of 3 wounds on one left standing), Swordsmen kill 0 Spearmen")
    # Turn 2: the survivor carries its wound: 2 more finish it.
    second = _turn(first.state_after, [
        6,                  # Spearmen first
        8, 8, 1, 1, 1,      # 2 hits
        4, 4,               # 2 wounds: 1 + 2 = 3, the last Swordsman is down
    ])
    assert second.pairings[0].strikes[0].kills == 1
    assert dict(second.remaining) == {"Spearmen": 5, "Swordsmen": 0}
    assert dict(second.state_after.wounds) == {}


def test_without_the_large_mark_the_same_dice_kill_figures() -> None:
    battle = duel(spearmen(5), swordsmen(2))
    result = _turn(BattleState.start(battle), [6, 8, 9, 8, 10, 7, 4, 4, 4, 4])
    assert result.pairings[0].strikes[0].kills == 2  # 4 kills, only 2 to kill
    assert dict(result.remaining) == {"Spearmen": 5, "Swordsmen": 0}


def test_a_large_group_never_changes_the_dice_of_a_battle_without_one() -> None:
    plain = duel(spearmen(300), swordsmen(250))
    a = run_battle(plain, random.Random(11))
    b = run_battle(Battle.model_validate(json.loads(plain.model_dump_json())),
                   random.Random(11))
    assert a.to_json() == b.to_json()
    assert "wounds" not in json.dumps(plain.model_dump(mode="json"))  # old files unchanged
    big = duel(spearmen(300), _large(250, 2))
    c = run_battle(big, random.Random(11))
    assert c.to_json() != a.to_json()
    assert c.battle.sides[1].groups[0].wounds == 2


def test_the_battle_file_keeps_the_mark_and_refuses_a_bad_one() -> None:
    big = duel(spearmen(3), _large(2, 4))
    again = Battle.model_validate(json.loads(big.model_dump_json()))
    assert again.sides[1].groups[0].wounds == 4
    data = json.loads(big.model_dump_json())
    data["sides"][1]["groups"][0]["wounds"] = -1
    with pytest.raises(ValidationError, match="wounds"):
        Battle.model_validate(data)


def test_the_report_shows_wounds_per_figure_and_the_wounds_carried() -> None:
    from yags_desk.printing.quick_report import battle_report
    from yags_desk.rules.quick_combat import battle_result

    battle = duel(spearmen(5), _large(2, 3))
    first = _turn(BattleState.start(battle), [6, 8, 9, 8, 10, 7, 4, 4, 4, 4, 1])
    html = battle_report(battle_result(battle, [first]))
    assert "Wounds (large)" in html
    assert "3 each" in html
    assert "−1 (1, 1 wound)" in html  # a Swordsman down, the other carries a wound
    assert "Spearmen wound Swordsmen 4 times, killing 1" in html
    plain = duel(spearmen(5), swordsmen(2))
    again = _turn(BattleState.start(plain), [6, 8, 9, 8, 10, 7, 4, 4, 4, 4])
    assert "Wounds (large)" not in battle_report(battle_result(plain, [again]))


@pytest.mark.parametrize("seed", range(6))
def test_large_groups_in_several_pairings_keep_counts_and_wounds_sane(seed: int) -> None:
    from yags_desk.rules.quick_combat import Side

    rng = random.Random(seed)
    town = [spearmen(rng.randint(1, 30)).model_copy(update={"name": f"Town {i}"})
            for i in range(3)]
    raiders = [_large(rng.randint(1, 5), rng.randint(1, 4)).model_copy(
        update={"name": f"Troll {i}"}) for i in range(2)]  # 3 against 2: someone pairs twice
    battle = Battle(name="Melee", edition="classic",
                    sides=(Side(name="Town", groups=town), Side(name="Trolls", groups=raiders)))
    state = BattleState.start(battle)
    while not state.is_over:
        turn = resolve_turn(state, rng)
        for name, left in turn.remaining.items():
            assert 0 <= left <= state.counts[name]
        for name, hurt in turn.state_after.wounds.items():
            assert 0 < hurt < battle.group(name).wounds and turn.remaining[name] > 0
        state = turn.state_after
