"""Dice: 2d10!, d20, typed-in dice and the notation roller (RULES 1.1, 2)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yags_desk.rules.dice import (
    MAX_EXPLOSIONS_PER_DIE,
    D20Roll,
    DiceExpression,
    OpenRoll,
    RollResult,
    d20_from_typed,
    open_roll_from_typed,
    parse,
    roll,
    roll_2d10x,
    roll_d10,
    roll_d20,
    roll_d100,
)
from yags_desk.rules.errors import DiceError


class ScriptedRandom(random.Random):
    """A Random whose ``randint`` answers a scripted sequence of faces."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self._faces = iter(faces)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        face = next(self._faces)
        assert a <= face <= b
        return face


class AlwaysMax(random.Random):
    def randint(self, a: int, b: int) -> int:
        return b


# --------------------------------------------------------------------------- single dice


def test_single_dice_cover_their_faces() -> None:
    rng = random.Random(7)
    assert {roll_d10(rng) for _ in range(2000)} == set(range(1, 11))
    assert {roll_d20(rng) for _ in range(4000)} == set(range(1, 21))
    assert {roll_d100(rng) for _ in range(20000)} == set(range(1, 101))


def test_seeded_2d10x_reproduces_the_same_dice() -> None:
    first = [roll_2d10x(random.Random(1234)) for _ in range(3)]
    rng_a, rng_b = random.Random(99), random.Random(99)
    assert [roll_2d10x(rng_a) for _ in range(500)] == [roll_2d10x(rng_b) for _ in range(500)]
    assert first[0] == first[1] == first[2]


def test_explosions_chain_first_two_dice_then_each_chain_in_turn() -> None:
    # First die 10 -> extra 3; second die 10 -> extra 4.
    result = roll_2d10x(ScriptedRandom([10, 10, 3, 4]))
    assert result.dice == (10, 10, 3, 4)
    assert result.total == 27
    assert result.base == 20
    # First die 10, 10, 10, 2 (= 32); second die 5.
    result = roll_2d10x(ScriptedRandom([10, 5, 10, 10, 2]))
    assert result.dice == (10, 5, 10, 10, 2)
    assert result.total == 37
    assert result.base == 15


def test_no_explosion_rolls_exactly_two_d10() -> None:
    rng = ScriptedRandom([9, 1])
    assert roll_2d10x(rng).dice == (9, 1)
    assert rng.asked == [(1, 10), (1, 10)]


def test_explosion_safety_cap_stops_a_broken_generator() -> None:
    result = roll_2d10x(AlwaysMax())
    assert len(result.dice) == 2 + 2 * MAX_EXPLOSIONS_PER_DIE


@pytest.mark.parametrize(
    ("dice", "chance", "fumble"),
    [
        ((1, 2), 3, True),
        ((1, 1), 3, True),
        ((2, 1), 3, True),
        ((2, 2), 3, False),
        ((1, 3), 3, False),
        ((2, 2), 4, True),
        ((3, 2), 5, True),
        ((10, 10, 1, 1), 3, False),
        ((1, 2), 0, False),
    ],
)
def test_open_roll_fumbles_on_first_two_dice(
    dice: tuple[int, ...], chance: int, fumble: bool
) -> None:
    assert OpenRoll(dice).is_fumble(chance) is fumble


# --------------------------------------------------------------------------- typed 2d10!


def test_typed_open_roll_accepts_consistent_dice() -> None:
    assert open_roll_from_typed([10, 10, 3, 4]) == OpenRoll((10, 10, 3, 4))
    assert open_roll_from_typed([10, 5, 10, 2]).total == 27
    assert open_roll_from_typed((4, 7)).total == 11


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ([3, 4, 11], "die 3: 11 is not a d10 face (1-10)"),
        ([0, 4], "die 1: 0 is not a d10 face (1-10)"),
        ([3, -2], "die 2: -2 is not a d10 face (1-10)"),
        ([10, 4], "a 10 explodes: type the extra die after it"),
        ([10, 10, 3], "a 10 explodes: type the extra die after it"),
        ([3, 4, 5], "die 3: 5 is one die too many"),
        ([10, 4, 6, 2], "die 4: 2 is one die too many"),
        ([5], "type the two d10s"),
        ([], "type the two d10s"),
        ([11], "die 1: 11 is not a d10 face (1-10)"),
        ([3, 4.5], "die 2: 4.5 is not a whole number"),
    ],
)
def test_typed_open_roll_rejects_with_a_clear_message(dice: list[int], message: str) -> None:
    with pytest.raises(DiceError) as caught:
        open_roll_from_typed(dice)
    assert message in str(caught.value)


@given(seed=st.integers(0, 2**32))
def test_typed_open_roll_round_trips_a_rolled_one(seed: int) -> None:
    rolled = roll_2d10x(random.Random(seed))
    assert open_roll_from_typed(rolled.dice) == rolled


# --------------------------------------------------------------------------- d20


def test_d20_fumbles_at_or_below_the_fumble_chance() -> None:
    assert d20_from_typed(1).is_fumble()
    assert not d20_from_typed(2).is_fumble()
    assert d20_from_typed(2).is_fumble(2)
    assert not d20_from_typed(20).is_fumble(19)
    assert D20Roll(17).total == 17


@pytest.mark.parametrize("face", [0, 21, -1])
def test_typed_d20_out_of_range(face: int) -> None:
    with pytest.raises(DiceError, match=rf"{face} is not a d20 face \(1-20\)"):
        d20_from_typed(face)


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("2d10!+5", "2d10! + 5"),
        ("d20-3", "1d20 - 3"),
        ("3d6", "3d6"),
        ("2d10!", "2d10!"),
        ("d100", "1d100"),
        ("d%", "1d100"),
        ("4", "4"),
        ("2d10! + 1d6 - 2", "2d10! + 1d6 - 2"),
        ("2D10! +5", "2d10! + 5"),
        ("  D20\t- 3 ", "1d20 - 3"),
        ("d%!", "1d100!"),
        ("1d2 + 0", "1d2 + 0"),
        ("100d6", "100d6"),
        ("d1000 + 1000000", "1d1000 + 1000000"),
    ],
)
def test_parser_accepts_and_normalises(text: str, normalised: str) -> None:
    expression = parse(text)
    assert str(expression) == normalised
    assert parse(normalised) == expression
    assert roll(text, rng=random.Random(3)).expression == normalised


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ["empty dice expression"]),
        ("   ", ["empty dice expression"]),
        ("abc", ["at character 1", "unexpected 'a'"]),
        ("2d6*3", ["at character 4", "unexpected '*'"]),
        ("2d6 + 5x", ["at character 8", "unexpected 'x'"]),
        ("d20 + %", ["at character 7", "unexpected '%'"]),
        ("0d6", ["at character 1", "at least 1 die"]),
        ("d1", ["at character 2", "2 to 1000 sides"]),
        ("d0", ["at character 2", "2 to 1000 sides"]),
        ("3d1001", ["at character 3", "1001 sides", "2 to 1000 sides"]),
        ("2d", ["at character 3", "number of sides"]),
        ("d+3", ["at character 2", "number of sides"]),
        ("2d10!!", ["at character 6", "single '!'"]),
        ("!2d10", ["at character 1", "'!' must follow a die"]),
        ("5!", ["at character 2", "'!' must follow a die"]),
        ("-3", ["at character 1", "cannot start with '-'"]),
        ("+d20", ["at character 1", "cannot start with '+'"]),
        ("d20+-3", ["at character 5", "after another sign"]),
        ("d20 - - 3", ["at character 7", "after another sign"]),
        ("2d6+", ["at character 4", "at the end"]),
        ("3 4", ["at character 3", "expected '+' or '-'"]),
        ("2d6d6", ["at character 4", "expected '+' or '-'"]),
        ("99999999999999999999d6", ["at character 1", "too many", "at most 100 dice"]),
        ("d20 + 99999999999999999999", ["at character 7", "too large", "at most 1000000"]),
        ("1000001", ["at character 1", "too large"]),
        ("101d6", ["at character 1", "at most 100 dice"]),
        ("60d6 + 41d6", ["at character 8", "too many dice: 101", "at most 100"]),
        ("1" + " + 1" * 20, ["at character 81", "too many terms", "at most 20"]),
        ("1" + " " * 200, ["201 characters", "at most 200"]),
    ],
)
def test_parser_rejects_with_what_and_where(text: str, fragments: list[str]) -> None:
    with pytest.raises(DiceError) as caught:
        parse(text)
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_parser_never_evaluates_python() -> None:
    for text in ["__import__('os')", "1 if 1 else 2", "2**3", "(2)", "1e3", "0x10"]:
        with pytest.raises(DiceError):
            parse(text)


def test_twenty_terms_and_hundred_dice_are_allowed() -> None:
    assert len(parse("1" + " + 1" * 19).terms) == 20
    assert parse("50d6 + 50d10!").dice_count == 100


def test_roll_needs_exactly_one_source_of_dice() -> None:
    with pytest.raises(DiceError, match="exactly one"):
        roll("d20")
    with pytest.raises(DiceError, match="exactly one"):
        roll("d20", rng=random.Random(1), typed=[4])


def test_roll_result_and_json_shape() -> None:
    result = roll("2d10! + 1d6 - 2", typed=[10, 3, 7, 5])
    assert result == RollResult("2d10! + 1d6 - 2", 10 + 3 + 7 + 5 - 2, (10, 3, 7, 5), False)
    data = result.to_json()
    assert data == {
        "expression": "2d10! + 1d6 - 2",
        "total": 23,
        "dice": [10, 3, 7, 5],
        "fumble": False,
    }
    assert isinstance(data["dice"], list)
    assert json.loads(json.dumps(data)) == data


def test_notation_explosions_use_the_documented_order() -> None:
    result = roll("2d10! + 1", rng=ScriptedRandom([10, 10, 3, 4]))
    assert result.dice == (10, 10, 3, 4)
    assert result.total == 28
    # d6! explodes on 6; a plain d6 does not.
    assert roll("1d6! + 1d6", rng=ScriptedRandom([6, 2, 6])).dice == (6, 2, 6)
    assert roll("1d6! + 1d6", rng=ScriptedRandom([6, 2, 6])).total == 14


def test_constants_and_subtraction() -> None:
    assert roll("4", rng=random.Random(1)) == RollResult("4", 4, (), False)
    assert roll("d20 - 3", typed=[2]).total == -1
    assert roll("10 - 2d6", typed=[6, 5]).total == -1


@pytest.mark.parametrize(
    ("text", "typed", "chance", "fumble"),
    [
        ("2d10! + 5", [1, 2], None, True),
        ("2d10! + 5", [2, 2], None, False),
        ("2d10! + 5", [2, 2], 4, True),
        ("2d10!", [1, 1], None, True),
        ("2d10! - 3", [10, 1, 1], None, False),
        ("d20 + 7", [1], None, True),
        ("1d20 + 7", [2], None, False),
        ("d20 + 7", [2], 2, True),
        ("3d6", [1, 1, 1], None, False),
        ("2d10", [1, 1], None, False),
        ("5 + 2d10!", [1, 1], None, False),
        ("1d6 + 2d10!", [1, 1, 1], None, False),
        ("d100", [1], None, False),
    ],
)
def test_notation_fumbles(text: str, typed: list[int], chance: int | None, fumble: bool) -> None:
    assert roll(text, typed=typed, fumble_chance=chance).fumble is fumble


@pytest.mark.parametrize(
    ("text", "typed", "message"),
    [
        ("2d6 + 1d4", [3, 7, 2], "die 2: 7 is not a d6 face (1-6)"),
        ("2d6 + 1d4", [3, 4, 5], "die 3: 5 is not a d4 face (1-4)"),
        ("2d6 + 1d4", [3, 4], "missing die 3"),
        ("2d6 + 1d4", [3, 4, 2, 1], "die 4: one die too many"),
        ("1d6! + 1", [6], "a 6 explodes: type the extra die after it"),
        ("2d10! + 1d6", [10, 3, 4], "missing die 4: 1d6 needs 1 d6"),
        ("2d10! + 1d6", [10, 3, 4, 7], "die 4: 7 is not a d6 face (1-6)"),
        ("2d10!", [2, 10], "a 10 explodes: type the extra die after it"),
        ("d20", [], "missing die 1"),
    ],
)
def test_typed_notation_dice_errors_name_the_die(
    text: str, typed: list[int], message: str
) -> None:
    with pytest.raises(DiceError) as caught:
        roll(text, typed=typed)
    assert message in str(caught.value)


def test_typed_exploding_notation_dice() -> None:
    result = roll("1d6! + 1", typed=[6, 6, 2])
    assert result.total == 15
    assert result.dice == (6, 6, 2)
    # The second term (1d6) takes the die after the first term's explosion chain.
    assert roll("2d10! + 1d6", typed=[10, 3, 4, 6]).total == 23


# --------------------------------------------------------------------------- properties

_terms = st.lists(
    st.one_of(
        st.tuples(st.just("c"), st.integers(0, 1000), st.integers(1, 1), st.booleans()),
        st.tuples(st.just("d"), st.integers(1, 8), st.integers(2, 30), st.booleans()),
    ),
    min_size=1,
    max_size=6,
)


def _text(terms: list[tuple[str, int, int, bool]], spaced: bool, upper: bool,
          explode: bool) -> str:
    parts: list[str] = []
    for index, (kind, a, b, minus) in enumerate(terms):
        if index:
            parts.append("-" if minus else "+")
        if kind == "c":
            parts.append(str(a))
        else:
            letter = "D" if upper else "d"
            bang = "!" if explode and index % 2 == 0 else ""
            parts.append(f"{a if a > 1 or index % 3 else ''}{letter}{b}{bang}")
    return (" " if spaced else "").join(parts)


@settings(max_examples=150)
@given(terms=_terms, spaced=st.booleans(), upper=st.booleans(), seed=st.integers(0, 2**32))
def test_total_within_bounds_for_plain_dice(
    terms: list[tuple[str, int, int, bool]], spaced: bool, upper: bool, seed: int
) -> None:
    expression = parse(_text(terms, spaced, upper, explode=False))
    low, high = expression.minimum, expression.maximum
    assert low is not None and high is not None
    for offset in range(5):
        result = roll(expression, rng=random.Random(seed + offset))
        assert low <= result.total <= high
        assert len(result.dice) == expression.dice_count
        assert not result.fumble or expression.terms[0] in parse("1d20").terms


@settings(max_examples=150)
@given(terms=_terms, spaced=st.booleans(), explode=st.booleans(), seed=st.integers(0, 2**32))
def test_typed_dice_round_trip(
    terms: list[tuple[str, int, int, bool]], spaced: bool, explode: bool, seed: int
) -> None:
    text = _text(terms, spaced, upper=False, explode=explode)
    expression: DiceExpression = parse(text)
    assert parse(str(expression)) == expression
    rolled = roll(text, rng=random.Random(seed))
    assert roll(str(expression), typed=rolled.dice) == rolled
    if expression.minimum is not None:
        assert rolled.total >= expression.minimum
    if expression.maximum is not None:
        assert rolled.total <= expression.maximum


@given(seed=st.integers(0, 2**32), chance=st.integers(0, 20))
def test_notation_2d10x_matches_open_roll(seed: int, chance: int) -> None:
    by_notation = roll("2d10!", rng=random.Random(seed), fumble_chance=chance)
    direct = roll_2d10x(random.Random(seed))
    assert by_notation.dice == direct.dice
    assert by_notation.total == direct.total
    assert by_notation.fumble == direct.is_fumble(chance)


def test_each_die_keeps_the_extra_dice_of_its_explosions() -> None:
    # Rolled: the two dice first, then the extras; the chains put them back together.
    rolled = roll("2d10!", rng=random.Random(1))
    assert rolled.dice == (3, 10, 2) and rolled.chains == ((3,), (10, 2))
    # Typed: an extra die is typed right after the die it belongs to.
    typed = roll("2d10!+d6", typed=[10, 10, 4, 6, 5])
    assert typed.chains == ((10, 10, 4), (6,), (5,))
    assert typed.total == sum(typed.dice)
