"""The encounter's darkness and the combatants' size classes (RULES 3.3).

Darkness: the seed's penalties for the sky and moon, converted by RULES 3
(percentile / 5): clear -2 / -4 / -8, cloudy -4 / -6 / -10, overcast -8 / -10 /
-14 for a full, half and new moon. The level is set by a :class:`SetDarkness`
event, so it changes mid-fight, is logged, and undoes and replays like any
event.

Size class: the damage past soak is multiplied by the target's size class
factor (tiny 1.3 ... monstrous 0.7), in tenths so the arithmetic stays whole.
"""

from __future__ import annotations

from dataclasses import replace

from yags_desk.rules.combat.events import SetDarkness
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["DARKNESS", "EDITION_NOTES", "SIZE_CLASSES", "darkness_label", "darkness_penalty",
           "darkness_sentence", "scaled_past_soak", "set_darkness", "size_label",
           "size_tenths"]

# RULES 3.3 (seed EML -10 ... -70, / 5): level -> penalty to every combat roll.
DARKNESS: dict[str, int] = {
    "clear_full": -2, "clear_half": -4, "clear_new": -8,
    "cloudy_full": -4, "cloudy_half": -6, "cloudy_new": -10,
    "overcast_full": -8, "overcast_half": -10, "overcast_new": -14,
}
# RULES 3.3: the size class factor on damage past soak, in tenths.
SIZE_CLASSES: dict[str, int] = {
    "tiny": 13, "very_small": 12, "small": 11, "medium": 10, "large": 9, "very_large": 8,
    "monstrous": 7,
}


# What a RULES 3.3 option does not do in one edition, and why (for tooltips).
EDITION_NOTES: dict[tuple[str, str], str] = {
    ("classic", "dodging"): ("In classic only the dodge penalty applies: a fighter strikes "
                             "once a round (its strike back is that strike, RULES 1.5), so "
                             "strike recovery never comes up."),
}


def darkness_label(level: str) -> str:
    """"cloudy sky, half moon"."""
    sky, moon = level.split("_")
    return f"{sky} sky, {moon} moon"


def size_label(size: str) -> str:
    return f"{size.replace('_', ' ')} ×{SIZE_CLASSES[size] / 10:.1f}"


def darkness_penalty(state: CombatState) -> int:
    """The darkness penalty in force, 0 while the option is off."""
    return DARKNESS[state.darkness] if state.options.uses("darkness") else 0


def set_darkness(state: CombatState, e: SetDarkness) -> CombatState:
    """The state with the new darkness level; refused while the option is off or
    when nothing changes."""
    if not state.options.uses("darkness"):
        raise RulesError(f"level: the optional rule {OPTIONAL_RULES['darkness']} is off in "
                         "this encounter; switch it on first")
    if e.level == state.darkness:
        raise RulesError(f"level: it is already {darkness_label(e.level)}")
    return replace(state, darkness=e.level)


def darkness_sentence(e: SetDarkness, before: CombatState) -> str:
    why = f" ({e.reason})" if e.reason else ""
    return (f"From round {before.round}: {darkness_label(e.level)}, "
            f"{DARKNESS[e.level]:+d} to fight (was {darkness_label(before.darkness)}){why}.")


def size_tenths(state: CombatState, fid: str) -> int:
    """The size class factor (in tenths) of damage past ``fid``'s soak: 10 unless
    the option is on."""
    if not state.options.uses("size_class"):
        return 10
    return SIZE_CLASSES[state.fighter(fid).size_class]


def scaled_past_soak(net: int, tenths: int) -> int:
    """Damage past soak times the size factor. [decision] rounded to the nearest
    whole number, halves up (the seed's bear: 11 x 0.9 = 9.9 -> 10); nothing
    past soak (0 or less) stays as it is, so a blow that just meets soak still
    stuns (classic) or does its one level (0.8)."""
    if net <= 0 or tenths == 10:
        return net
    return (net * tenths + 5) // 10
