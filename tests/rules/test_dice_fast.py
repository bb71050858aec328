"""The dice read random.Random's words themselves (issue 18): they must give the
faces ``randint`` gives and leave the generator where ``randint`` leaves it, or a
saved fight's dice and every fight after the change would differ."""

from __future__ import annotations

import random

import pytest

from yags_desk.rules.dice import (
    D20Roll,
    d20_roll,
    roll_2d10x,
    roll_d10,
    roll_d20,
    roll_d100,
    roll_die,
)


class _ByRandint(random.Random):
    """The same generator through its own randint (a subclass takes the dice's
    general way)."""


def _rolls(rng: random.Random) -> list[object]:
    out: list[object] = []
    for i in range(3000):
        out.append(roll_2d10x(rng).dice)
        out.append(roll_d10(rng))
        out.append(roll_d20(rng))
        out.append(roll_d100(rng))
        out.append(roll_die(rng, 2 + i % 120))
        out.append(d20_roll(rng))
    return out


@pytest.mark.parametrize("seed", [0, 3, 18, 2026])
def test_the_dice_and_the_generator_are_those_of_randint(seed: int) -> None:
    fast, slow = random.Random(seed), _ByRandint(seed)
    assert _rolls(fast) == _rolls(slow)
    assert fast.getstate() == slow.getstate()


def test_explosions_keep_their_order() -> None:
    # A seed whose rolls include chains of 10s: the extra dice follow the two first
    # dice, first die's chain first (RULES 1.1).
    fast, slow = random.Random(7), _ByRandint(7)
    rolls = [roll_2d10x(fast).dice for _ in range(5000)]
    assert rolls == [roll_2d10x(slow).dice for _ in range(5000)]
    assert any(len(r) > 3 for r in rolls)
    assert all(r[0] == 10 or r[1] == 10 for r in rolls if len(r) > 2)


def test_a_d20_roll_is_the_roll_of_its_die() -> None:
    fast, slow = random.Random(5), _ByRandint(5)
    rolls = [d20_roll(fast) for _ in range(200)]
    assert rolls == [D20Roll(roll_d20(slow)) for _ in range(200)]
    assert [r.__dict__ for r in rolls[:5]] == [{"natural": r.natural} for r in rolls[:5]]
