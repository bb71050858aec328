"""The exact odds cross-checked with dyce, an independent dice-probability library
(issue 13 item 4; test-only dependency). dyce follows exploding dice to a depth
we choose; ours cuts the chain at 1e-12 (RULES 1.1), so the two agree exactly
on every total dyce follows completely, and to within dyce's cut elsewhere."""

from __future__ import annotations

import warnings
from collections import defaultdict

import pytest
from dyce import H

from yags_desk.rules.odds import (
    attack_odds,
    d20_distribution,
    open_2d10_distribution,
    open_2d10_total_distribution,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from dyce.evaluation import explode_n

DEPTH = 8  # dyce stops after 8 tens in a row: what it drops has probability 1e-8


def _open_d10() -> dict[int, float]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        h = explode_n(H(10), n=DEPTH)
    total = sum(h.values())
    return {int(face): count / total for face, count in h.items()}


def _base(total: int) -> int:
    """The first die of an open d10: a total of 10 or more began with a 10."""
    return total if total < 10 else 10


def _pair(fumble_chance: int) -> tuple[float, dict[int, float]]:
    die = _open_d10()
    fumble, totals = 0.0, defaultdict(float)
    for a, p in die.items():
        for b, q in die.items():
            if _base(a) + _base(b) <= fumble_chance:
                fumble += p * q
            else:
                totals[a + b] += p * q
    return fumble, dict(totals)


@pytest.mark.parametrize("fumble_chance", [0, 3, 5])
def test_2d10_open_agrees_with_dyce(fumble_chance: int) -> None:
    fumble, ours = open_2d10_distribution(fumble_chance)
    their_fumble, theirs = _pair(fumble_chance)
    assert fumble == pytest.approx(their_fumble, abs=1e-12)
    # Totals up to 10 x DEPTH are followed completely by dyce: exact agreement.
    for total in range(2, 10 * DEPTH + 1):
        assert ours.get(total, 0.0) == pytest.approx(theirs.get(total, 0.0), abs=1e-12), total


def test_2d10_open_totals_regardless_of_fumbles_agree_with_dyce() -> None:
    theirs = _pair(0)[1]
    ours = open_2d10_total_distribution()
    for total in range(2, 10 * DEPTH + 1):
        assert ours.get(total, 0.0) == pytest.approx(theirs.get(total, 0.0), abs=1e-12)


def test_d20_agrees_with_dyce() -> None:
    h = H(20)
    assert d20_distribution() == pytest.approx(
        {int(face): count / h.total for face, count in h.items()}, abs=1e-15)


def _hit(attack: int, defence: int | None, roll: tuple[float, dict[int, float]],
         droll: tuple[float, dict[int, float]]) -> float:
    """P(hit) from the rolls: a fumbled attack misses; the defence counts at least 15,
    15 when fumbled or passive (RULES 1.5, RULES 2)."""
    _fumble, totals = roll
    dfumble, dtotals = droll
    hit = 0.0
    for t, p in totals.items():
        if defence is None:
            hit += p * (attack + t >= 15)
            continue
        against = dfumble * (attack + t >= 15)
        against += sum(q for d, q in dtotals.items() if attack + t >= max(15, defence + d))
        hit += p * against
    return hit


@pytest.mark.parametrize(("attack", "defence"), [(10, None), (25, 20), (40, 45), (5, 30)])
def test_classic_hit_chance_agrees_with_dyce(attack: int, defence: int | None) -> None:
    roll = _pair(3)
    assert attack_odds("classic", attack, defence).hit == pytest.approx(
        _hit(attack, defence, roll, roll), abs=1e-7)


@pytest.mark.parametrize(("attack", "defence"), [(0, None), (8, 6), (12, 14), (3, 20)])
def test_v08_hit_chance_agrees_with_dyce(attack: int, defence: int | None) -> None:
    h = H(20)
    faces = {int(face): count / h.total for face, count in h.items()}
    roll = (faces[1], {n: p for n, p in faces.items() if n > 1})  # a natural 1 fumbles
    assert attack_odds("0.8", attack, defence).hit == pytest.approx(
        _hit(attack, defence, roll, roll), abs=1e-12)
