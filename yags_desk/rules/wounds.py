"""How damage turns into body levels, wounds and stuns, for both editions.

Classic: RULES 1.6 (body levels from damage past soak; the Fatal roll's fumble
chance) and RULES 1.9 (berserk boxes). 0.8: RULES 2 (wounds, stuns with the
replace/half rule, mixed damage, the Fatal and Beaten health check target).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "BerserkResult",
    "add_stuns",
    "berserk_result",
    "classic_body_levels",
    "classic_fatal_fumble_chance",
    "split_mixed",
    "v08_fatal_target",
    "v08_levels",
]

BERSERK_TARGET = 15  # RULES 1.9
_BERSERK_BOX_ORDER = ("Hurt", "Light", "Medium")


def classic_body_levels(net: int) -> int:
    """Body levels lost for damage roll minus soak (RULES 1.6).

    Below 0 none, exactly 0 none but the target is stunned, 1-5 one level,
    6-10 two, each further 5 or part of it one more (levels beyond six are
    levels beyond Fatal).
    """
    if net <= 0:
        return 0
    return (net + 4) // 5


def classic_fatal_fumble_chance(blow_levels: int, levels_beyond: int = 0) -> int:
    """Fumble chance of the Fatal stamina roll (RULES 1.6): 5, or 10 when the blow
    itself did 6 or more body levels; +2 per level beyond Fatal.

    [decision] Capped at 100, the most a chance can say: the first two d10s
    never sum past 20, so from 20 on every roll fumbles anyway (a fighter many
    levels beyond Fatal).
    """
    base = 10 if blow_levels >= 6 else 5
    return min(100, base + 2 * max(0, levels_beyond))


@dataclass(frozen=True)
class BerserkResult:
    """What a berserk roll gives (RULES 1.9)."""

    total: int
    berserk: bool
    extra_boxes: dict[str, int]  # extra body boxes (and as many fatigue boxes) per category
    bonus: int  # to attack, damage and initiative
    defence: int = -10

    @property
    def extra_box_count(self) -> int:
        return sum(self.extra_boxes.values())


def berserk_result(total: int) -> BerserkResult:
    """Stamina x Berserk% - Will + 2d10! against 15; each full 5 of the total gives
    one extra body and fatigue box (to Hurt, Light, Medium in turn) and +1 to
    attack, damage and initiative (RULES 1.9)."""
    if total < BERSERK_TARGET:
        return BerserkResult(total, False, {}, 0, 0)
    steps = total // 5
    boxes = dict.fromkeys(_BERSERK_BOX_ORDER, 0)
    for i in range(steps):
        boxes[_BERSERK_BOX_ORDER[i % 3]] += 1
    return BerserkResult(total, True, boxes, steps)


def v08_levels(damage: int, soak: int) -> int:
    """Levels for a 0.8 damage roll: none below soak, else 1 + (damage - soak) // 5."""
    if damage < soak:
        return 0
    return 1 + (damage - soak) // 5


def add_stuns(current: int, blow: int) -> int:
    """New stun level after a blow of ``blow`` stuns (RULES 2): more than the
    current level replaces it; at least half the current level adds one; less
    does nothing. Stuns stop at 6 (Beaten)."""
    if blow <= 0:
        return current
    if blow > current:
        return min(blow, 6)
    if 2 * blow >= current:
        return min(current + 1, 6)
    return current


def split_mixed(levels: int) -> tuple[int, int]:
    """(stuns, wounds) of mixed damage: levels alternate, the first to stuns (RULES 2)."""
    return (levels + 1) // 2, levels // 2


def v08_fatal_target(total_wounds: int) -> int:
    """Health check target on reaching Fatal: 20 + 5 per wound beyond 6 (RULES 2)."""
    return 20 + 5 * max(0, total_wounds - 6)
