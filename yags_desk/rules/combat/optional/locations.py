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

__all__ = ["LOCATIONS", "aimed_at", "check_location", "location_label", "location_of",
           "location_sentence", "location_summary", "needs_location_die", "place_hit",
           "record_location", "with_location"]

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


# RULES 3.3 aimed attacks: a limb aimed at without a side takes its side from the
# d100 [decision: 01-50 the off arm / left leg, 51-00 the main arm / right leg].
_SIDES = {"arm": ("off_arm", "main_arm"), "leg": ("left_leg", "right_leg")}


def aimed_at(state: CombatState, e: Attack) -> str | None:
    """Where the attacker declared this blow aimed (RULES 3.3), or None: only its
    declared attack on its declared target, while both options are on."""
    if e.counter or not (state.options.uses("aimed_attack")
                         and state.options.uses("hit_locations")):
        return None
    d = state.fighter(e.attacker).declaration
    if d is None or d.aimed is None or d.target != e.defender:
        return None
    return d.aimed


def needs_location_die(state: CombatState, attacker_id: str, defender_id: str,
                       counter: bool = False) -> bool:
    """Whether a hit of this attack needs the d100 (option on, and not aimed at a
    fixed place)."""
    if not state.options.uses("hit_locations"):
        return False
    d = state.fighter(attacker_id).declaration
    aimed = (not counter and state.options.uses("aimed_attack") and d is not None
             and d.aimed is not None and d.target == defender_id)
    return not aimed or d is None or d.aimed in _SIDES


def place_hit(aim: str | None, roll: int | None) -> str:
    """The place a hit lands: the aimed one, or the d100's (refused, naming the
    field, when the d100 is needed and missing)."""
    if aim is not None and aim not in _SIDES:
        return aim
    if roll is None:
        what = "which side the aimed blow lands on" if aim else "where the blow lands"
        raise RulesError(f"dice.location: {OPTIONAL_RULES['hit_locations']} is on; give the "
                         f"d100 of {what} (1 to 100)")
    place = location_of(roll)
    if aim is not None:
        return _SIDES[aim][roll > 50]
    return place


def with_location(state: CombatState, e: Attack, roll: int | None) -> Attack:
    """``e`` with its hit location while the option is on and the attack hit: the
    place aimed at (RULES 3.3) or the d100's.

    Refused, naming the field, when the d100 is needed and missing, or outside 1..100.
    """
    if not state.options.uses("hit_locations"):
        return e
    if state.fighter(e.defender).thing is not None:
        return e  # [decision] an object (RULES 3.3 breaking things) has no hit locations
    if roll is not None:
        location_of(roll)  # refuses a number outside 1..100 even on a miss
    if not e.hit:
        return e
    aim = aimed_at(state, e)
    # The d100 is kept only when it decided the place.
    used = roll if aim is None or aim in _SIDES else None
    return e.model_copy(update={"location_roll": used, "location": place_hit(aim, roll)})


def check_location(state: CombatState, e: Attack) -> None:
    """The reducer's check of an Attack's location (a hand-made or edited event)."""
    if e.location is None and e.location_roll is None:
        return
    if not state.options.uses("hit_locations"):
        raise RulesError(f"location: {OPTIONAL_RULES['hit_locations']} is off in this "
                         "encounter")
    if not e.hit:
        raise RulesError("location: only a hit has a hit location (RULES 3.2)")
    try:
        expected = place_hit(aimed_at(state, e), e.location_roll)
    except RulesError:
        expected = None
    if e.location != expected:
        raise RulesError("location: the place does not match the d100 "
                         f"({e.location_roll}) of RULES 3.2 or the aimed place of RULES 3.3")


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
    if e.location_roll is None:
        return f" Hit location: {location_label(e.location)} (aimed)."
    return f" Hit location: {location_label(e.location)} (d100 {e.location_roll})."


def location_summary(pairs: tuple[tuple[str, int], ...]) -> str:
    """"head 2, body 1": the damage taken per place."""
    return ", ".join(f"{location_label(n)} {v}" for n, v in pairs)
