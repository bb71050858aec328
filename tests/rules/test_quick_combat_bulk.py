"""Big quick-combat turns count their dice in bulk (issue 18) with the very same
results, and the generator left where rolling each die on its own leaves it."""

from __future__ import annotations

import random

import pytest

import yags_desk.rules.quick_combat as quick
from yags_desk.rules.dice import roll_d10
from yags_desk.rules.quick_combat import (
    Battle,
    BattleState,
    Group,
    Leader,
    Side,
    resolve_turn,
    run_battle,
)


def _battle(figures: int, other: int) -> Battle:
    return Battle(name="Ford", edition="classic", sides=(
        Side(name="Town", leader=Leader(name="Aldo", intelligence=12, battle=50), groups=[
            Group(name="Spearmen", count=figures, initiative=20, attack=15, defence=22,
                  damage=18, soak=12),
            Group(name="Archers", count=figures // 3, initiative=16, attack=12, defence=14,
                  damage=14, soak=8)]),
        Side(name="Raiders", leader=Leader(name="Brun", intelligence=11, battle=40), groups=[
            Group(name="Swordsmen", count=other, initiative=18, attack=20, defence=25,
                  damage=20, soak=12)]),
    ))


def _one_die_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every die rolled on its own, as before (a replaced roll_d10 turns bulk off)."""
    monkeypatch.setattr(quick, "roll_d10", lambda rng: roll_d10(rng))


@pytest.mark.parametrize(("figures", "other", "seed"),
                         [(5_000, 4_000, 1), (300, 20_000, 2), (70, 65, 3)])
def test_a_turn_is_the_same_as_rolling_each_die(monkeypatch: pytest.MonkeyPatch,
                                                 figures: int, other: int, seed: int) -> None:
    state = BattleState.start(_battle(figures, other))
    bulk_rng = random.Random(seed)
    bulk = resolve_turn(state, bulk_rng)
    _one_die_at_a_time(monkeypatch)
    single_rng = random.Random(seed)
    single = resolve_turn(state, single_rng)
    assert bulk.to_json() == single.to_json()
    assert bulk.remaining == single.remaining
    assert bulk_rng.getstate() == single_rng.getstate()  # the next roll is the same too


def test_a_whole_battle_is_the_same_as_rolling_each_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    bulk = run_battle(_battle(2_000, 2_500), random.Random(9))
    _one_die_at_a_time(monkeypatch)
    single = run_battle(_battle(2_000, 2_500), random.Random(9))
    assert bulk.to_json() == single.to_json()
    assert bulk.describe() == single.describe()


def test_the_bulk_count_matches_randint_for_every_target() -> None:
    for need in range(-1, 13):
        for dice in (64, 999):
            bulk, single = random.Random(need), random.Random(need)
            hits = quick._d10_successes(bulk, dice, need)
            assert hits == sum(1 for _ in range(dice) if single.randint(1, 10) >= need)
            assert bulk.getstate() == single.getstate()
