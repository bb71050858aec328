"""d10s typed by the GM for a quick-combat turn (RULES 1.12).

:func:`~yags_desk.rules.quick_combat.resolve_turn` takes its dice from a
``random.Random``; :class:`TypedD10s` is one that hands out the faces the GM
typed, in the order the turn uses them: the leaders' 2d10! (the two dice,
then the die each 10 explodes into), then per pairing the initiative d10, the attack
d10s of the group striking first, its damage d10s, then the same for the group
striking back. Running out, or a face that is not 1 to 10, raises DiceError
naming the die, so a turn is either fought with the dice typed or not at all.
"""

from __future__ import annotations

import random
import re

from yags_desk.rules.errors import DiceError

__all__ = ["TypedD10s", "parse_d10s"]


def parse_d10s(text: str) -> list[int]:
    """The faces in ``text`` (numbers separated by spaces or commas).

    Raises DiceError naming the first entry that is not a d10 face.
    """
    faces: list[int] = []
    for number, word in enumerate((w for w in re.split(r"[\s,;]+", text) if w), start=1):
        if not word.isdigit() or not 1 <= int(word) <= 10:
            raise DiceError(f"die {number}: {word!r} is not a d10 face (1-10)")
        faces.append(int(word))
    return faces


class TypedD10s(random.Random):
    """A ``Random`` whose ``randint(1, 10)`` returns the typed faces in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.used = 0

    def randint(self, a: int, b: int) -> int:
        if (a, b) != (1, 10):
            raise DiceError(f"quick combat rolls only d10s, not a {a}-{b} die")
        if self.used >= len(self.faces):
            raise DiceError(f"die {self.used + 1}: the turn needs more d10s than the "
                            f"{len(self.faces)} typed")
        face = self.faces[self.used]
        self.used += 1
        return face

    @property
    def left(self) -> int:
        """Typed faces the turn did not use."""
        return len(self.faces) - self.used
