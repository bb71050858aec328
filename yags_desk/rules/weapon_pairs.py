"""Which two-weapon pairs a character is offered (RULES 1.2, RULES 2 two weapons).

Every ordered pair of a large arsenal would be thousands of styles nobody
fights with, so [decision] the sheet offers the pairs among the character's
few best one-handed weapons, plus the pairs the GM picked on the character
(``Character.two_weapon_pairs``). The work is linear in the number of weapons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from yags_desk.rules.items import Weapon

__all__ = ["BEST_WEAPONS", "MAX_PICKED_PAIRS", "TWO_WEAPONS_SKILL", "best_weapons",
           "offered_pairs", "one_handed"]

# The skill every two-weapon style needs, in both editions (RULES 1.2, RULES 2).
TWO_WEAPONS_SKILL = "Two weapons"

# Pairs among this many best one-handed weapons are offered without asking
# (at most 6 pairs); a character with four or fewer gets every pair.
BEST_WEAPONS = 4
# Pairs the GM may pick on one character.
MAX_PICKED_PAIRS = 20


def one_handed(w: Weapon) -> bool:
    """A melee weapon used in one hand, so it can be one of two (classic: RULES 1.2
    single and brawling weapons; 0.8: combat-skills.yags, single, brawl and flail
    classes, never great)."""
    if w.kind != "melee" or w.two_handed:
        return False
    if w.edition == "classic":
        return w.skill in ("single", "brawling")
    return "great" not in w.classes and any(k in w.classes for k in ("single", "brawl", "flail"))


def best_weapons(hands: Sequence[Weapon], score: Callable[[Weapon], int]) -> list[Weapon]:
    """The ``BEST_WEAPONS`` best of ``hands`` by ``score``, kept in sheet order."""
    ranked = sorted(range(len(hands)), key=lambda i: (-score(hands[i]), i))
    return [hands[i] for i in sorted(ranked[:BEST_WEAPONS])]


def _find(hands: Sequence[Weapon], name: str, skip: int = -1) -> int:
    key = name.casefold()
    for i, w in enumerate(hands):
        if i != skip and w.name.casefold() == key:
            return i
    return -1


def offered_pairs(hands: Sequence[Weapon], picked: Sequence[tuple[str, str]],
                  score: Callable[[Weapon], int]) -> list[tuple[Weapon, Weapon]]:
    """(primary, secondary) pairs: those among the best weapons, the primary
    being the one listed first on the sheet, then the GM's picked pairs.

    A picked pair needs two entries on the sheet (two daggers for "Dagger +
    Dagger"); a pair naming a weapon the character no longer carries is not
    offered.
    """
    best = best_weapons(hands, score)
    out = [(a, b) for i, a in enumerate(best) for b in best[i + 1:]]
    seen = {(a.name.casefold(), b.name.casefold()) for a, b in out}
    for first, second in picked:
        key = (first.casefold(), second.casefold())
        i = _find(hands, first)
        j = _find(hands, second, skip=i) if i >= 0 else -1
        if j < 0 or key in seen:
            continue
        seen.add(key)
        out.append((hands[i], hands[j]))
    return out
