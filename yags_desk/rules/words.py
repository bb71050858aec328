"""A count and its noun as a GM reads them: "1 wound", "2 wounds", never "1 wound(s)".

Lives in the rules core so the rules' messages, storage, printing, the CLI and the
window all write counts the same way (the window may import the rules, not the reverse).
"""

from __future__ import annotations

__all__ = ["counted", "noun"]


def noun(n: int, word: str, plural: str | None = None) -> str:
    """``word`` for exactly one, else ``plural`` (by default ``word`` + "s").

    >>> noun(1, "stun"), noun(0, "stun"), noun(2, "die", "dice")
    ('stun', 'stuns', 'dice')
    """
    if n == 1:
        return word
    return word + "s" if plural is None else plural


def counted(n: int, word: str, plural: str | None = None) -> str:
    """The number and its noun: "1 round", "3 rounds", "0 rounds".

    >>> counted(1, "wound"), counted(2, "wound"), counted(2, "copy", "copies")
    ('1 wound', '2 wounds', '2 copies')
    """
    return f"{n} {noun(n, word, plural)}"
