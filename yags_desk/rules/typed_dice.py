"""Dice the GM typed as text ("7 10 4", "17") read into a roll, or refused with the field.

Shared by every place that takes real dice (the battle board's dialogs, the
healing record): ``2d10!`` (classic, RULES 1.1: every 10 owes one more die),
``d20`` (0.8, RULES 2) and ``dN`` (a plain die).
"""

from __future__ import annotations

import re

from yags_desk.rules.dice import D20Roll, OpenRoll, d20_from_typed, open_roll_from_typed
from yags_desk.rules.errors import DiceError

__all__ = ["DiceValue", "parse_typed"]

DiceValue = OpenRoll | D20Roll | int
_SPLIT = re.compile(r"[\s,;+]+")


def parse_typed(kind: str, text: str, field: str) -> DiceValue | None:
    """The roll typed as ``text`` for ``kind``; None when empty.

    Raises DiceError ``"<field>: <problem>"``.
    """
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    if not tokens:
        return None
    numbers: list[int] = []
    for n, token in enumerate(tokens, start=1):
        if not token.isdigit():
            raise DiceError(f"{field}: die {n}: {token!r} is not a whole number")
        numbers.append(int(token))
    try:
        if kind == "2d10!":
            return open_roll_from_typed(numbers)
        if len(numbers) != 1:
            raise DiceError(f"type one {kind} (typed {len(numbers)} numbers)")
        if kind == "d20":
            return d20_from_typed(numbers[0])
        sides = int(kind[1:])
        if not 1 <= numbers[0] <= sides:
            raise DiceError(f"{numbers[0]} is not a {kind} face (1-{sides})")
        return numbers[0]
    except DiceError as e:
        raise DiceError(f"{field}: {e}") from None
