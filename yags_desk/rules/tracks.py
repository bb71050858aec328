"""Body-level, fatigue, wound and stun tracks: which level is filled and its penalty.

Classic: RULES 1.6 (body levels) and 1.7 (fatigue uses the same categories).
0.8: RULES 2 (wounds and stuns on the same scale, 6+ Fatal / Beaten).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from yags_desk.rules.editions import (
    CLASSIC_BODY_TRACK,
    V08_STUN_NAMES,
    V08_WOUND_TRACK,
    TrackLevel,
)
from yags_desk.rules.words import noun

if TYPE_CHECKING:
    from yags_desk.rules.character import Character

__all__ = ["boxes_by_category", "classic_level", "fatigue_capacity", "v08_stun_level",
           "v08_wound_level", "wound_level"]

UNHURT = "Unhurt"


def boxes_by_category(boxes: Sequence[int],
                      levels: Sequence[TrackLevel] = CLASSIC_BODY_TRACK) -> tuple[str, ...]:
    """One category name per box, in the order boxes fill (RULES 1.6)."""
    out: list[str] = []
    for level, n in zip(levels, boxes, strict=True):
        out.extend([level.name] * n)
    return tuple(out)


def classic_level(boxes: Sequence[int], filled: int) -> tuple[str, int]:
    """(category, penalty) of the last filled box; levels past the end stay Fatal (RULES 1.6)."""
    if filled <= 0:
        return UNHURT, 0
    names = boxes_by_category(boxes)
    name = names[min(filled, len(names)) - 1]
    penalty = next(level.penalty for level in CLASSIC_BODY_TRACK if level.name == name)
    return name, penalty


def v08_wound_level(wounds: int,
                    track: Sequence[TrackLevel] = V08_WOUND_TRACK) -> tuple[str, int]:
    """0 Okay, 1 Minor ... 6+ Fatal, with the table's penalties (RULES 2)."""
    if wounds <= 0:
        return "Okay", 0
    level = track[min(wounds, 6) - 1]
    return level.name, level.penalty


def v08_stun_level(stuns: int,
                   track: Sequence[TrackLevel] = V08_WOUND_TRACK) -> tuple[str, int]:
    """Stuns use the wound scale's penalties; 6+ is Beaten (RULES 2)."""
    if stuns <= 0:
        return "Okay", 0
    i = min(stuns, 6) - 1
    return V08_STUN_NAMES[i], track[i].penalty


def wound_level(edition: str, body_boxes: Sequence[int], wounds: int) -> str:
    """A sheet's wound level in words: "Unhurt", "Medium (-4), 3 levels" (classic,
    RULES 1.6) or "Okay", "Grazed, 1 wound" (0.8, RULES 2); no penalty shown at 0."""
    if edition == "classic":
        name, penalty = classic_level(body_boxes, wounds)
        unit = noun(wounds, "level")
    else:
        name, penalty = v08_wound_level(wounds)
        unit = noun(wounds, "wound")
    if wounds <= 0:
        return name
    shown = f"{name} ({penalty:+d})" if penalty else name
    return f"{shown}, {wounds} {unit}"


def fatigue_capacity(c: Character) -> int:
    """Classic: the fatigue track's boxes (RULES 1.7). 0.8: Health [decision],
    as 0.8 says fatigue capacity is based on Health. (Here rather than in the
    combat state so healing does not load the combat engine.)"""
    return sum(c.fatigue_boxes) if c.edition == "classic" else max(1, c.attributes["health"])
