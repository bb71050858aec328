"""Exact odds of rolls and attacks (RULES 1.1, 1.5, 1.6, 2), checked by hand and by dice."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import (
    AttackOdds,
    attack_odds,
    d20_distribution,
    damage_bucket,
    monte_carlo_attack,
    open_2d10_distribution,
    open_2d10_total_distribution,
    outcome_keys,
)

# --------------------------------------------------------------------------- distributions


def test_d20_faces_are_one_in_twenty() -> None:
    distribution = d20_distribution()
    assert sorted(distribution) == list(range(1, 21))
    assert all(p == pytest.approx(0.05, abs=1e-15) for p in distribution.values())


@pytest.mark.parametrize(
    ("chance", "fumbling_pairs"),
    [(0, 0), (1, 0), (2, 1), (3, 3), (4, 6), (5, 10), (11, 55), (19, 99), (20, 100), (25, 100)],
)
def test_2d10x_fumble_is_the_share_of_low_base_pairs(chance: int, fumbling_pairs: int) -> None:
    fumble, totals = open_2d10_distribution(chance)
    assert fumble == pytest.approx(fumbling_pairs / 100, abs=1e-15)
    assert sum(totals.values()) == pytest.approx(1 - fumble, abs=1e-12)


def test_2d10x_fumble_at_three_removes_totals_two_and_three() -> None:
    fumble, totals = open_2d10_distribution(3)
    assert fumble == pytest.approx(0.03)
    assert min(totals) == 4
    assert totals[4] == pytest.approx(0.03)  # 1+3, 2+2, 3+1


def test_2d10x_totals_by_hand() -> None:
    totals = open_2d10_total_distribution()
    assert sum(totals.values()) == pytest.approx(1.0, abs=1e-12)
    assert totals[2] == pytest.approx(0.01)
    assert totals[10] == pytest.approx(0.09)  # 1+9 ... 9+1
    assert totals[11] == pytest.approx(0.08)  # 2+9 ... 9+2; a 10 makes at least 12
    # 3+9 ... 9+3, plus 10 then 1 with the other die 1 (either die): 2 x 1/100 x 1/10.
    assert totals[12] == pytest.approx(0.072)
    # Only through a 10: 10 + b + e = 20 with b, e in 1-9: 9 ways, either die.
    assert totals[20] == pytest.approx(0.018)
    # An open d10 averages 5.5 / 0.9; two of them 11/0.9.
    mean = sum(t * p for t, p in totals.items())
    assert mean == pytest.approx(11 / 0.9, abs=1e-9)


def test_distributions_are_copies() -> None:
    totals = open_2d10_total_distribution()
    totals[2] = 99.0
    assert open_2d10_total_distribution()[2] == pytest.approx(0.01)


# --------------------------------------------------------------------------- attacks by hand


def test_classic_passive_defence_with_attack_zero() -> None:
    # Need 2d10! >= 15 without a fumble (RULES 1.1, 1.5). Base pairs without a 10
    # summing 15-18: 4 + 3 + 2 + 1 = 10. One die 10, the other b: 10 + b + extra
    # >= 15 always for b >= 4 (6 faces), with probability 0.7, 0.8, 0.9 for
    # b = 1, 2, 3: 8.4 per die, 16.8 for both. Both 10: 1. Total 27.8 / 100.
    odds = attack_odds("classic", 0, None)
    assert odds.hit == pytest.approx(0.278, abs=1e-12)
    assert odds.attack_fumble == pytest.approx(0.03)
    assert odds.outcomes == {"miss": pytest.approx(0.722), "hit": pytest.approx(0.278)}


def test_classic_sure_hit_misses_only_on_fumble() -> None:
    assert attack_odds("classic", 100, None).hit == pytest.approx(0.97)
    assert attack_odds("classic", 100, None, fumble_chance=5).hit == pytest.approx(0.90)
    assert attack_odds("classic", 100, None, fumble_chance=5).attack_fumble == pytest.approx(0.1)


def test_v08_attack_ten_against_passive_fifteen() -> None:
    # d20 >= 5 and not a natural 1: 16 faces of 20 (RULES 2).
    odds = attack_odds("0.8", 10, None)
    assert odds.hit == pytest.approx(0.80, abs=1e-12)
    assert odds.attack_fumble == pytest.approx(0.05)
    assert odds.to_json() == {
        "hit": pytest.approx(0.8),
        "attack_fumble": pytest.approx(0.05),
        "outcomes": {"miss": pytest.approx(0.2), "hit": pytest.approx(0.8)},
    }


def test_v08_active_defence_counts_at_least_fifteen() -> None:
    # Defence 5 + d20: natural 1 fumbles (counts 15), 2-10 gives at most 15 (counts
    # 15), 11-20 gives 16-25. P(defence <= 15) = 1/2, then +1/20 per point.
    # Attack 10 + d20 (2-20): naturals 5-14 hit with 0.5 + 0.05 (n - 5), 15-20 surely.
    odds = attack_odds("0.8", 10, 5)
    assert odds.hit == pytest.approx((10 * 0.5 + 0.05 * 45 + 6) / 20, abs=1e-12)
    # A hopeless defender is no worse than passive.
    assert attack_odds("0.8", 10, -100).hit == pytest.approx(attack_odds("0.8", 10, None).hit)
    assert attack_odds("classic", 3, -100).hit == pytest.approx(
        attack_odds("classic", 3, None).hit)


def test_fumbled_defence_counts_as_fifteen() -> None:
    # Attack 100 always beats 15 unless fumbled; against defence 200 it hits only
    # when the defence fumbles and counts 15: 1/20 or 3/20 with d20 (RULES 2),
    # 3/100 with 2d10! (RULES 1.1; an attack 2d10! of 100+ is below 1e-9).
    assert attack_odds("0.8", 100, 200).hit == pytest.approx(0.95 * 0.05)
    assert attack_odds("0.8", 100, 200, defence_fumble_chance=3).hit == pytest.approx(
        0.95 * 0.15)
    assert attack_odds("classic", 100, 200).hit == pytest.approx(0.97 * 0.03, abs=1e-8)
    assert attack_odds("classic", 100, 200, defence_fumble_chance=0).hit < 1e-8


def test_classic_damage_buckets_by_hand() -> None:
    # Sure hit (0.97), damage 0 + 2d10! against soak 12 (RULES 1.6).
    odds = attack_odds("classic", 100, None, damage=0, soak=12)
    assert list(odds.outcomes) == list(outcome_keys("classic"))
    # Below 12: base pairs without a 10 summing 2-11: 45 + 8 = 53 of 100.
    assert odds.outcomes["no_damage"] == pytest.approx(0.97 * 0.53)
    # Exactly 12 (stunned): see test_2d10x_totals_by_hand.
    assert odds.outcomes["stunned"] == pytest.approx(0.97 * 0.072)
    totals = open_2d10_total_distribution()
    one_level = sum(totals.get(t, 0.0) for t in range(13, 18))
    assert odds.outcomes["1"] == pytest.approx(0.97 * one_level)
    beyond = sum(p for t, p in totals.items() if t >= 43)
    assert odds.outcomes["7+"] == pytest.approx(0.97 * beyond)
    assert odds.outcomes["miss"] == pytest.approx(0.03)


def test_v08_damage_buckets_by_hand() -> None:
    # Sure hit (19/20), damage 12 + d20 against soak 12: net 1-20 (RULES 2).
    odds = attack_odds("0.8", 100, None, damage=12, soak=12)
    assert list(odds.outcomes) == ["miss", "no_damage", "1", "2", "3", "4", "5", "6", "7+"]
    faces = {"1": 4, "2": 5, "3": 5, "4": 5, "5": 1, "6": 0, "7+": 0}  # net 1-4, 5-9, ...
    assert odds.outcomes["miss"] == pytest.approx(0.05, abs=1e-12)
    assert odds.outcomes["no_damage"] == 0.0
    for key, count in faces.items():
        assert odds.outcomes[key] == pytest.approx(0.95 * count / 20, abs=1e-12), key
    # Damage 5 against soak 12: naturals 1-6 do nothing, 7-11 one level, 12-16 two, 17-20 three.
    weak = attack_odds("0.8", 100, None, damage=5, soak=12).outcomes
    assert weak["no_damage"] == pytest.approx(0.95 * 6 / 20)
    assert weak["1"] == pytest.approx(0.95 * 5 / 20)
    assert weak["3"] == pytest.approx(0.95 * 4 / 20)


@pytest.mark.parametrize(
    ("edition", "net", "bucket"),
    [
        ("classic", -1, "no_damage"), ("classic", 0, "stunned"), ("classic", 1, "1"),
        ("classic", 5, "1"), ("classic", 6, "2"), ("classic", 25, "5"),
        ("classic", 26, "6"), ("classic", 30, "6"), ("classic", 31, "7+"),
        ("0.8", -1, "no_damage"), ("0.8", 0, "1"), ("0.8", 4, "1"), ("0.8", 5, "2"),
        ("0.8", 29, "6"), ("0.8", 30, "7+"),
    ],
)
def test_damage_buckets(edition: Edition, net: int, bucket: str) -> None:
    assert damage_bucket(edition, net) == bucket


def test_outcomes_without_damage_or_soak_are_hit_and_miss() -> None:
    for edition in ("classic", "0.8"):
        assert list(attack_odds(edition, 5, 5, damage=10).outcomes) == ["miss", "hit"]
        assert list(attack_odds(edition, 5, 5, soak=10).outcomes) == ["miss", "hit"]
    assert "stunned" not in attack_odds("0.8", 5, 5, damage=10, soak=10).outcomes


def test_results_do_not_share_state() -> None:
    first = attack_odds("classic", 10, 12, damage=15, soak=12)
    first.outcomes["miss"] = 42.0
    again = attack_odds("classic", 10, 12, damage=15, soak=12)
    assert again.outcomes["miss"] != 42.0
    assert isinstance(again, AttackOdds)


def test_bad_requests_raise_rules_error() -> None:
    with pytest.raises(RulesError, match="unknown edition"):
        attack_odds("1.0", 5, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="attack must be a whole number"):
        attack_odds("classic", 5.5, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="soak must be a whole number"):
        attack_odds("classic", 5, None, damage=3, soak="4")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- properties

_editions = st.sampled_from(["classic", "0.8"])
_value = st.integers(-60, 120)
_maybe_value = st.none() | _value
_chance = st.none() | st.integers(0, 20)


@settings(max_examples=200, deadline=None)
@given(edition=_editions, attack=_value, defence=_maybe_value, damage=_maybe_value,
       soak=_maybe_value, chance=_chance, defence_chance=_chance)
def test_outcomes_sum_to_one(edition: Edition, attack: int, defence: int | None,
                             damage: int | None, soak: int | None, chance: int | None,
                             defence_chance: int | None) -> None:
    odds = attack_odds(edition, attack, defence, damage=damage, soak=soak,
                       fumble_chance=chance, defence_fumble_chance=defence_chance)
    assert sum(odds.outcomes.values()) == pytest.approx(1.0, abs=1e-9)
    assert all(-1e-12 <= p <= 1 + 1e-12 for p in odds.outcomes.values())
    assert odds.hit == pytest.approx(1.0 - odds.outcomes["miss"], abs=1e-12)
    assert 0.0 <= odds.hit <= 1.0 - odds.attack_fumble + 1e-12


@settings(max_examples=150, deadline=None)
@given(edition=_editions, attack=_value, defence=_maybe_value, chance=_chance)
def test_hit_monotone_in_attack_and_defence(edition: Edition, attack: int,
                                            defence: int | None, chance: int | None) -> None:
    hit = attack_odds(edition, attack, defence, fumble_chance=chance).hit
    better_attack = attack_odds(edition, attack + 1, defence, fumble_chance=chance).hit
    assert better_attack >= hit - 1e-12
    if defence is not None:
        better_defence = attack_odds(edition, attack, defence + 1, fumble_chance=chance).hit
        assert better_defence <= hit + 1e-12


# --------------------------------------------------------------------------- Monte Carlo

_CASES = [
    ("classic", 10, 12, 15, 12, None, None),
    ("classic", 25, 30, 8, 10, 4, 5),
    ("classic", 0, None, None, None, None, None),
    ("0.8", 10, 12, 6, 12, None, None),
    ("0.8", 14, None, 10, 8, 2, None),
    ("0.8", 5, 18, None, None, None, 3),
]


@pytest.mark.parametrize(
    ("edition", "attack", "defence", "damage", "soak", "chance", "defence_chance"), _CASES)
def test_exact_odds_agree_with_dice(edition: Edition, attack: int, defence: int | None,
                                    damage: int | None, soak: int | None,
                                    chance: int | None, defence_chance: int | None) -> None:
    n = 200_000
    kwargs = {"damage": damage, "soak": soak, "fumble_chance": chance,
              "defence_fumble_chance": defence_chance}
    exact = attack_odds(edition, attack, defence, **kwargs)  # type: ignore[arg-type]
    seed = sum(map(ord, f"{edition}{attack}{defence}"))
    sampled = monte_carlo_attack(edition, attack, defence, rng=random.Random(seed), n=n,
                                 **kwargs)  # type: ignore[arg-type]
    expected = dict(exact.outcomes, attack_fumble=exact.attack_fumble)
    assert set(sampled) == set(expected)
    for key, p in expected.items():
        tolerance = 4.5 * math.sqrt(p * (1 - p) / n) + 1e-9
        assert abs(sampled[key] - p) <= tolerance, (key, sampled[key], p)


def test_the_shipped_tail_table_is_exactly_the_masses_worked_out() -> None:
    """Issue 18: the first odds query reads the two-tens masses from odds_table
    instead of working them out; they must be the same floats, to the last bit."""
    from yags_desk.rules import odds, odds_table

    assert odds_table.CUTOFF == odds.CUTOFF
    assert odds_table.TAIL_PAIR == odds.tail_pair_masses()
    odds.clear_caches()
    assert odds._tail_pair() is odds_table.TAIL_PAIR
