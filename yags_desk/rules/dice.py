"""Dice: YAGS rolls, dice typed in by the GM and a small dice-notation roller.

Every random number comes from a ``random.Random`` passed in by the caller, or
from dice the GM typed in; the global ``random`` functions are never used.

Open-ended rolls (RULES 1.1): ``2d10!`` rolls two d10; every die showing 10 is
rolled again and the new die added, repeatedly. Dice are recorded in a fixed
order: the first two d10s, then the extra dice of the first die's explosion
chain, then those of the second die's chain. A roll whose stub ``randint``
answers 10, 10, 3, 4 therefore records ``(10, 10, 3, 4)``: the first die is
10 + 3 = 13, the second 10 + 4 = 14, total 27. For a check of validity the order
of the extra dice does not matter: every die showing 10 owes one more die.

The notation roller understands terms joined by ``+`` or ``-``; a term is a
whole-number constant or ``[N]dS`` with an optional ``!`` (the die explodes on
its highest face, with the same rule and order as above); ``d%`` is ``d100``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from yags_desk.rules.errors import DiceError
from yags_desk.rules.words import counted

__all__ = [
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_EXPLOSIONS_PER_DIE",
    "MAX_EXPRESSION_LENGTH",
    "MAX_SIDES",
    "MAX_TERMS",
    "MAX_TYPED_DICE",
    "MIN_SIDES",
    "ConstantTerm",
    "D20Roll",
    "DiceExpression",
    "DiceTerm",
    "OpenRoll",
    "RollResult",
    "Term",
    "d20_from_typed",
    "d20_roll",
    "open_roll_from_typed",
    "parse",
    "roll",
    "roll_2d10x",
    "roll_die",
    "roll_d10",
    "roll_d100",
    "roll_d20",
]

# An open-ended die stops exploding after this many extra dice. Reaching it needs
# 100 tens in a row (probability 10**-100 for a d10, 2**-100 even for a d2!):
# unreachable in practice, it only guarantees that a broken ``Random`` cannot
# loop for ever.
MAX_EXPLOSIONS_PER_DIE = 100
# Limits of the notation roller (the messages quote them).
MAX_EXPRESSION_LENGTH = 200
MAX_DICE = 100
MIN_SIDES = 2
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000
MAX_TERMS = 20
# At most this many dice may be typed in for one roll (explosions included).
MAX_TYPED_DICE = 1000

# Default fumble chances of the two YAGS rolls the notation roller recognises.
_FUMBLE_2D10X = 3  # classic, RULES 1.1
_FUMBLE_D20 = 1  # 0.8, RULES 2


# ---------------------------------------------------------------------------
# Single dice


# random.Random itself (not a subclass, nor a stub that answers typed dice) rolls
# ``randint(1, n)`` as ``1 + getrandbits(k)`` with k = n.bit_length(), drawing again
# while that is above n (Random._randbelow_with_getrandbits, as quick_combat reads it
# too). The fights of a round roll some 2,000 dice, and randint's three calls per die
# were a tenth of a 200-fighter round (issue 18), so the dice below draw those very
# words themselves: the same faces from the same generator, and the generator left
# where randint leaves it (tests/rules/test_dice_fast.py).
_RANDOM = random.Random
_new = object.__new__
_set = object.__setattr__


def roll_die(rng: random.Random, sides: int) -> int:
    """One die of ``sides`` faces, 1-``sides``: ``rng.randint(1, sides)``."""
    if type(rng) is not _RANDOM:
        return rng.randint(1, sides)
    bits = rng.getrandbits
    k = sides.bit_length()
    r = bits(k)
    while r >= sides:
        r = bits(k)
    return r + 1


def roll_d10(rng: random.Random) -> int:
    """One d10, 1-10."""
    if type(rng) is not _RANDOM:
        return rng.randint(1, 10)
    bits = rng.getrandbits
    r = bits(4)
    while r >= 10:
        r = bits(4)
    return r + 1


def roll_d20(rng: random.Random) -> int:
    """One d20, 1-20 (the 0.8 roll, RULES 2)."""
    if type(rng) is not _RANDOM:
        return rng.randint(1, 20)
    bits = rng.getrandbits
    r = bits(5)
    while r >= 20:
        r = bits(5)
    return r + 1


def roll_d100(rng: random.Random) -> int:
    """One d100, 1-100."""
    return roll_die(rng, 100)


def _roll_dice(rng: random.Random, count: int, sides: int, explode: bool) -> list[int]:
    """Roll ``count`` dice; if ``explode``, each highest face rolls one more die.

    Order: the ``count`` dice first, then each exploding die's chain in turn.
    """
    faces = [rng.randint(1, sides) for _ in range(count)]
    if not explode:
        return faces
    extras: list[int] = []
    for face in faces:
        last = face
        explosions = 0
        while last == sides and explosions < MAX_EXPLOSIONS_PER_DIE:
            last = rng.randint(1, sides)
            extras.append(last)
            explosions += 1
    return faces + extras


# ---------------------------------------------------------------------------
# Open-ended 2d10! (classic, RULES 1.1)


@dataclass(frozen=True)
class OpenRoll:
    """A ``2d10!`` roll: the first two d10s, then every extra die in the order rolled."""

    dice: tuple[int, ...]

    @property
    def total(self) -> int:
        """Sum of every die, explosions included."""
        return sum(self.dice)

    @property
    def base(self) -> int:
        """Sum of the first two dice, before any explosion (used for fumbles)."""
        return self.dice[0] + self.dice[1]

    def is_fumble(self, fumble_chance: int) -> bool:
        """RULES 1.1: the first two dice sum to the fumble chance or less."""
        return self.base <= fumble_chance


def _open(dice: tuple[int, ...]) -> OpenRoll:
    """``OpenRoll(dice)`` without the frozen dataclass's __init__ (a round rolls
    hundreds): the same object, its one field set as __init__ sets it."""
    made: OpenRoll = _new(OpenRoll)
    _set(made, "dice", dice)
    return made


def roll_2d10x(rng: random.Random) -> OpenRoll:
    """Roll ``2d10!``: two d10, every 10 rolled again and added (RULES 1.1)."""
    if type(rng) is not _RANDOM:
        return OpenRoll(tuple(_roll_dice(rng, 2, 10, explode=True)))
    # _roll_dice's draws for random.Random (see roll_die): the two dice, then each 10's
    # chain in turn.
    bits = rng.getrandbits
    a = bits(4)
    while a >= 10:
        a = bits(4)
    b = bits(4)
    while b >= 10:
        b = bits(4)
    if a != 9 and b != 9:  # no 10: no die rolled again (most rolls)
        return _open((a + 1, b + 1))
    faces = [a + 1, b + 1]
    for face in (a + 1, b + 1):
        explosions = 0
        while face == 10 and explosions < MAX_EXPLOSIONS_PER_DIE:
            face = bits(4)
            while face >= 10:
                face = bits(4)
            face += 1
            faces.append(face)
            explosions += 1
    return _open(tuple(faces))


def _check_face(value: object, sides: int, number: int) -> int:
    """Validate one typed die; ``number`` is its 1-based place in what was typed."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DiceError(f"die {number}: {value!r} is not a whole number")
    if not 1 <= value <= sides:
        raise DiceError(f"die {number}: {value} is not a d{sides} face (1-{sides})")
    return value


def _take_typed(
    typed: Sequence[Any], start: int, count: int, sides: int, explode: bool, what: str
) -> list[int]:
    """Consume the dice of one term from ``typed`` starting at index ``start``.

    ``what`` names the dice for messages (``"2d10!"``). Raises ``DiceError``
    naming the die (1-based over everything typed) that is missing or wrong.
    """
    faces: list[int] = []
    position = start
    owed = count
    while owed > 0:
        if position >= len(typed):
            if explode and len(faces) >= count:
                raise DiceError(
                    f"missing die {position + 1}: a {sides} explodes: "
                    "type the extra die after it"
                )
            raise DiceError(
                f"missing die {position + 1}: {what} needs {count} "
                f"d{sides} (typed {counted(len(typed), 'die', 'dice')} in all)"
            )
        face = _check_face(typed[position], sides, position + 1)
        faces.append(face)
        position += 1
        owed -= 1
        if explode and face == sides:
            owed += 1
    return faces


def open_roll_from_typed(dice: Sequence[int]) -> OpenRoll:
    """An ``OpenRoll`` from dice the GM typed in (RULES 1.1).

    The first two dice are the two d10s; each 10 (among all dice typed) owes one
    more die, so the typed dice must end exactly when no 10 is left unanswered.
    """
    if len(dice) > MAX_TYPED_DICE:
        raise DiceError(f"{len(dice)} dice typed: at most {MAX_TYPED_DICE}")
    if len(dice) < 2:
        for number, value in enumerate(dice, start=1):
            _check_face(value, 10, number)
        raise DiceError(f"type the two d10s of 2d10! (typed {len(dice)})")
    faces = _take_typed(dice, 0, 2, 10, explode=True, what="2d10!")
    if len(faces) < len(dice):
        extra = len(faces)
        _check_face(dice[extra], 10, extra + 1)
        raise DiceError(
            f"die {extra + 1}: {dice[extra]} is one die too many "
            "(only a 10 is rolled again)"
        )
    return OpenRoll(tuple(faces))


# ---------------------------------------------------------------------------
# d20 (0.8, RULES 2)


@dataclass(frozen=True)
class D20Roll:
    """A d20 roll of the 0.8 edition (RULES 2)."""

    natural: int

    @property
    def total(self) -> int:
        """The number the die shows (the d20 never explodes)."""
        return self.natural

    def is_fumble(self, fumble_chance: int = _FUMBLE_D20) -> bool:
        """RULES 2: a natural roll at or below the fumble chance (normally 1) fumbles."""
        return self.natural <= fumble_chance


def d20_roll(rng: random.Random) -> D20Roll:
    """``D20Roll(roll_d20(rng))`` without the frozen dataclass's __init__ (a 0.8 round
    rolls hundreds): the same object."""
    made: D20Roll = _new(D20Roll)
    _set(made, "natural", roll_d20(rng))
    return made


def d20_from_typed(value: int) -> D20Roll:
    """A ``D20Roll`` from the face the GM typed in."""
    return D20Roll(_check_face(value, 20, 1))


# ---------------------------------------------------------------------------
# Dice notation


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides`` faces, added (sign 1) or subtracted (sign -1)."""

    sign: int
    count: int
    sides: int
    explode: bool

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}{'!' if self.explode else ''}"


@dataclass(frozen=True)
class ConstantTerm:
    """A whole-number constant, added (sign 1) or subtracted (sign -1)."""

    sign: int
    value: int

    def __str__(self) -> str:
        return str(self.value)


Term = DiceTerm | ConstantTerm


@dataclass(frozen=True)
class DiceExpression:
    """A parsed dice expression; ``str()`` gives its normalised text."""

    terms: tuple[Term, ...]

    def __str__(self) -> str:
        parts: list[str] = []
        for index, term in enumerate(self.terms):
            if index:
                parts.append("+" if term.sign > 0 else "-")
            parts.append(str(term))
        return " ".join(parts)

    @property
    def dice_count(self) -> int:
        """Dice rolled before any explosion."""
        return sum(t.count for t in self.terms if isinstance(t, DiceTerm))

    @property
    def minimum(self) -> int | None:
        """Lowest possible total, or None when a subtracted die can explode without end."""
        low = 0
        for term in self.terms:
            if isinstance(term, ConstantTerm):
                low += term.sign * term.value
            elif term.sign > 0:
                low += term.count
            elif term.explode:
                return None
            else:
                low -= term.count * term.sides
        return low

    @property
    def maximum(self) -> int | None:
        """Highest possible total, or None when an added die can explode without end."""
        high = 0
        for term in self.terms:
            if isinstance(term, ConstantTerm):
                high += term.sign * term.value
            elif term.sign < 0:
                high -= term.count
            elif term.explode:
                return None
            else:
                high += term.count * term.sides
        return high


@dataclass(frozen=True)
class _Token:
    kind: str  # "number", "dice", "op"
    position: int  # 1-based character of the token's start
    text: str
    number: int = 0  # constant value ("number")
    count: int = 0  # dice count ("dice")
    sides: int = 0  # dice sides ("dice")
    explode: bool = False


_DIGITS = "0123456789"


def _show(digits: str) -> str:
    """A number for a message, shortened when absurdly long."""
    return digits if len(digits) <= 12 else digits[:12] + "..."


def _error(position: int, problem: str) -> DiceError:
    return DiceError(f"at character {position}: {problem}")


def _read_digits(text: str, index: int) -> int:
    """Index just after the run of ASCII digits starting at ``index``."""
    while index < len(text) and text[index] in _DIGITS:
        index += 1
    return index


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        start = i + 1
        if char.isspace():
            i += 1
        elif char in "+-":
            tokens.append(_Token("op", start, char))
            i += 1
        elif char in _DIGITS or char in "dD":
            end = _read_digits(text, i)
            count_digits = text[i:end]
            if end < len(text) and text[end] in "dD":
                i = _read_dice(text, i, end, count_digits, tokens)
            else:
                if len(count_digits.lstrip("0")) > 7 or int(count_digits) > MAX_CONSTANT:
                    raise _error(start, f"constant {_show(count_digits)} is too large "
                                        f"(at most {MAX_CONSTANT})")
                tokens.append(_Token("number", start, count_digits,
                                     number=int(count_digits)))
                i = end
        elif char == "!":
            raise _error(start, "'!' must follow a die such as 2d10, once "
                                "(write 2d10! for an exploding die)")
        else:
            raise _error(start, f"unexpected {char!r}: use numbers, dice such as "
                                "2d10! or d20, '+' and '-'")
    return tokens


def _read_dice(text: str, i: int, d_index: int, count_digits: str,
               tokens: list[_Token]) -> int:
    """Read ``[N]dS[!]`` whose ``d`` is at ``d_index``; append it; return the next index."""
    start = i + 1
    if count_digits:
        if len(count_digits.lstrip("0")) > 4 or int(count_digits) > MAX_DICE:
            raise _error(start, f"{_show(count_digits)} dice is too many "
                                f"(at most {MAX_DICE} dice in all)")
        count = int(count_digits)
        if count < 1:
            raise _error(start, "roll at least 1 die (0 dice is not a roll)")
    else:
        count = 1
    j = d_index + 1
    if j < len(text) and text[j] == "%":
        sides = 100
        j += 1
    else:
        end = _read_digits(text, j)
        side_digits = text[j:end]
        if not side_digits:
            raise _error(j + 1, "a 'd' needs the number of sides after it (d6, d20, d%)")
        if len(side_digits.lstrip("0")) > 5 or not MIN_SIDES <= int(side_digits) <= MAX_SIDES:
            raise _error(j + 1, f"a die with {_show(side_digits)} sides: dice have "
                                f"{MIN_SIDES} to {MAX_SIDES} sides")
        sides = int(side_digits)
        j = end
    explode = j < len(text) and text[j] == "!"
    if explode:
        j += 1
        if j < len(text) and text[j] == "!":
            raise _error(j + 1, "a die explodes with a single '!' (write 2d10!, not 2d10!!)")
    tokens.append(_Token("dice", start, text[i:j], count=count, sides=sides, explode=explode))
    return j


def parse(expression: str) -> DiceExpression:
    """Parse dice notation such as ``2d10! + 5``, ``d20-3`` or ``d%``.

    Raises ``DiceError`` saying what is wrong and at which character.
    """
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise DiceError(f"dice expression is {len(expression)} characters long "
                        f"(at most {MAX_EXPRESSION_LENGTH})")
    tokens = _tokenize(expression)
    if not tokens:
        raise DiceError("empty dice expression: type something like 2d10! + 5 or d20")
    terms: list[Term] = []
    dice = 0
    index = 0
    sign = 1
    while True:
        # term := number | dice
        token = tokens[index]
        if token.kind == "op":
            if terms:
                raise _error(token.position, f"{token.text!r} after another sign: "
                                             "expected a number or dice")
            raise _error(token.position, f"the expression cannot start with {token.text!r}: "
                                         "start with a number or dice")
        if len(terms) == MAX_TERMS:
            raise _error(token.position, f"too many terms (at most {MAX_TERMS})")
        if token.kind == "dice":
            dice += token.count
            if dice > MAX_DICE:
                raise _error(token.position, f"too many dice: {dice} in all "
                                             f"(at most {MAX_DICE})")
            terms.append(DiceTerm(sign, token.count, token.sides, token.explode))
        else:
            terms.append(ConstantTerm(sign, token.number))
        index += 1
        if index == len(tokens):
            break
        # operator
        token = tokens[index]
        if token.kind != "op":
            raise _error(token.position, f"expected '+' or '-' before {token.text!r}")
        sign = 1 if token.text == "+" else -1
        index += 1
        if index == len(tokens):
            raise _error(token.position, f"{token.text!r} at the end: a number or dice "
                                         "must follow it")
    return DiceExpression(tuple(terms))


@dataclass(frozen=True)
class RollResult:
    """The result of rolling a dice expression."""

    expression: str
    total: int
    dice: tuple[int, ...]
    fumble: bool
    # Each die with the extra dice its explosions added, in ``dice``'s terms:
    # 2d10! rolling 10, 3 then 7 gives ((10, 7), (3,)). A way of showing the same
    # dice, so it takes no part in comparing results (typed dice read back the
    # rolled ones in order).
    chains: tuple[tuple[int, ...], ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "expression": self.expression,
            "total": self.total,
            "dice": list(self.dice),
            "fumble": self.fumble,
        }


def _fumbles(expression: DiceExpression, dice: Sequence[int], fumble_chance: int | None) -> bool:
    """Fumble rule of the notation roller.

    A first term ``2d10!`` fumbles when its first two dice sum to the fumble
    chance or less (default 3, RULES 1.1); a first term ``1d20`` (not exploding)
    when its natural die is at or below it (default 1, RULES 2); anything else
    never fumbles (damage rolls, for instance).
    """
    first = expression.terms[0]
    if not isinstance(first, DiceTerm) or first.sign < 0:
        return False
    if (first.count, first.sides, first.explode) == (2, 10, True):
        chance = _FUMBLE_2D10X if fumble_chance is None else fumble_chance
        return dice[0] + dice[1] <= chance
    if (first.count, first.sides, first.explode) == (1, 20, False):
        chance = _FUMBLE_D20 if fumble_chance is None else fumble_chance
        return dice[0] <= chance
    return False


def roll(
    expression: str | DiceExpression,
    rng: random.Random | None = None,
    typed: Sequence[int] | None = None,
    fumble_chance: int | None = None,
) -> RollResult:
    """Roll ``expression`` with ``rng``, or read its dice from ``typed`` (exactly one).

    Typed dice are consumed in order, term by term; an exploding die that shows
    its highest face needs one more typed die (see the module docstring).
    """
    parsed = parse(expression) if isinstance(expression, str) else expression
    if (rng is None) == (typed is None):
        raise DiceError("give exactly one of a random generator or typed dice")
    if typed is not None and len(typed) > MAX_TYPED_DICE:
        raise DiceError(f"{len(typed)} dice typed: at most {MAX_TYPED_DICE}")
    total = 0
    dice: list[int] = []
    chains: list[tuple[int, ...]] = []
    for term in parsed.terms:
        if isinstance(term, ConstantTerm):
            total += term.sign * term.value
            continue
        if rng is not None:
            faces = _roll_dice(rng, term.count, term.sides, term.explode)
            chains.extend(_rolled_chains(faces, term))
        else:
            assert typed is not None
            faces = _take_typed(typed, len(dice), term.count, term.sides, term.explode,
                                str(term))
            chains.extend(_typed_chains(faces, term))
        dice.extend(faces)
        total += term.sign * sum(faces)
    if typed is not None and len(dice) < len(typed):
        raise DiceError(f"die {len(dice) + 1}: one die too many ({parsed} uses "
                        f"{counted(len(dice), 'die', 'dice')}, typed {len(typed)})")
    return RollResult(
        expression=str(parsed),
        total=total,
        dice=tuple(dice),
        fumble=_fumbles(parsed, dice, fumble_chance),
        chains=tuple(chains),
    )


def _rolled_chains(faces: list[int], term: DiceTerm) -> list[tuple[int, ...]]:
    """Chains of :func:`_roll_dice`'s order: the dice first, then each one's extras."""
    if not term.explode:
        return [(f,) for f in faces]
    extras = iter(faces[term.count:])
    out: list[tuple[int, ...]] = []
    for face in faces[:term.count]:
        chain = [face]
        while chain[-1] == term.sides and len(chain) <= MAX_EXPLOSIONS_PER_DIE:
            extra = next(extras, None)
            if extra is None:
                break
            chain.append(extra)
        out.append(tuple(chain))
    return out


def _typed_chains(faces: list[int], term: DiceTerm) -> list[tuple[int, ...]]:
    """Chains of typed dice: each exploding die's extra is typed right after it."""
    out: list[list[int]] = []
    for face in faces:
        if term.explode and out and out[-1][-1] == term.sides:
            out[-1].append(face)
        else:
            out.append([face])
    return [tuple(c) for c in out]
