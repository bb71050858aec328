"""Hit locations (RULES 3.2, option "hit_locations").

Every hit takes a d100, typed or rolled with the attack's dice, that says where
the blow lands. The roll and the place are kept on the :class:`Attack` event,
so undoing, replaying and printing a fight show them, and the body levels
(classic) or wounds (0.8) a blow does are added up per place on the struck
fighter (``FighterState.location_levels``).
"""

from __future__ import annotations

from dataclasses import replace

from yags_desk.rules.combat.events import Attack
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["LOCATIONS", "check_location", "location_label", "location_of", "location_sentence",
           "location_summary", "record_location", "with_location"]

# RULES 3.2: the highest d100 of each place (00 counts 100).
LOCATIONS: tuple[tuple[int, str], ...] = (
    (9, "head"), (24, "off_arm"), (44, "main_arm"), (79, "body"), (89, "left_leg"),
    (100, "right_leg"),
)


def location_label(location: str) -> str:
    """"off_arm" → "off arm"."""
    return location.replace("_", " ")


def location_of(roll: int) -> str:
    """The place a d100 of ``roll`` (1..100) hits."""
    if not 1 <= roll <= 100:
        raise RulesError(f"dice.location: a d100 is 1 to 100 (00 is 100), not {roll}")
    return next(name for top, name in LOCATIONS if roll <= top)


def with_location(state: CombatState, e: Attack, roll: int | None) -> Attack:
    """``e`` with its hit location while the option is on and the attack hit.

    Refused, naming the field, when the d100 is missing or outside 1..100.
    """
    if not state.options.uses("hit_locations"):
        return e
    if roll is not None:
        location_of(roll)  # refuses a number outside 1..100 even on a miss
    if not e.hit:
        return e
    if roll is None:
        raise RulesError(f"dice.location: {OPTIONAL_RULES['hit_locations']} is on; give the "
                         "d100 of where the blow lands (1 to 100)")
    return e.model_copy(update={"location_roll": roll, "location": location_of(roll)})


def check_location(state: CombatState, e: Attack) -> None:
    """The reducer's check of an Attack's location (a hand-made or edited event)."""
    if e.location is None and e.location_roll is None:
        return
    if not state.options.uses("hit_locations"):
        raise RulesError(f"location: {OPTIONAL_RULES['hit_locations']} is off in this "
                         "encounter")
    if e.location_roll is None or e.location != location_of(e.location_roll):
        raise RulesError("location: the place does not match the d100 "
                         f"({e.location_roll}) of RULES 3.2")
    if not e.hit:
        raise RulesError("location: only a hit has a hit location (RULES 3.2)")


def _wounds_to(e: Attack, fid: str) -> int:
    return sum(x.amount for x in e.effects if x.target == fid and x.kind == "wounds")


def record_location(state: CombatState, e: Attack) -> CombatState:
    """Add the blow's body levels (classic) or wounds (0.8) to its place."""
    if e.location is None:
        return state
    levels = _wounds_to(e, e.defender)
    if not levels:
        return state
    t = state.fighter(e.defender)
    got = dict(t.location_levels)
    got[e.location] = got.get(e.location, 0) + levels
    order = [name for _, name in LOCATIONS]
    kept = tuple(sorted(got.items(), key=lambda kv: order.index(kv[0])))
    return state._with(replace(t, location_levels=kept))


def location_sentence(e: Attack) -> str:
    """" Hit location: main arm (d100 31)." or ""."""
    if e.location is None:
        return ""
    return f" Hit location: {location_label(e.location)} (d100 {e.location_roll})."


def location_summary(pairs: tuple[tuple[str, int], ...]) -> str:
    """"head 2, body 1": the damage taken per place."""
    return ", ".join(f"{location_label(n)} {v}" for n, v in pairs)
