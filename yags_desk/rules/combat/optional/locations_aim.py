"""Aimed attacks (RULES 3.3, option "aimed_attack", which needs RULES 3.2 hit
locations): a declared place costs head -2, an arm -3, the body 0, a leg -2,
and choosing which arm or leg -2 more. The blow then lands there instead of
where the d100 says (``locations.with_location``).
"""

from __future__ import annotations

from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.optional.base import NONE, AttackKind, OptionalMods
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["AIM_PENALTY", "SIDE_PENALTY", "aim_label", "aim_penalty", "aimed",
           "check_aimed_declaration"]

AIM_PENALTY = {"head": -2, "arm": -3, "body": 0, "leg": -2}
SIDE_PENALTY = -2
_LIMB = {"off_arm": "arm", "main_arm": "arm", "left_leg": "leg", "right_leg": "leg"}


def aim_penalty(aim: str) -> int:
    """The attack penalty of aiming at ``aim`` (RULES 3.3)."""
    if aim in _LIMB:
        return AIM_PENALTY[_LIMB[aim]] + SIDE_PENALTY
    return AIM_PENALTY[aim]


def aim_label(aim: str) -> str:
    """"the head", "an arm", "the main arm"."""
    if aim in ("arm",):
        return "an arm"
    if aim == "leg":
        return "a leg"
    return f"the {aim.replace('_', ' ')}"


def check_aimed_declaration(state: CombatState, e: Declare) -> None:
    """Refuse an aimed blow while either rule is off, or on anything but an attack."""
    if e.aimed is None:
        return
    if not state.options.uses("aimed_attack"):
        raise RulesError(f"aimed: the optional rule {OPTIONAL_RULES['aimed_attack']} is off "
                         "in this encounter; switch it on to declare it")
    if not state.options.uses("hit_locations"):
        raise RulesError(f"aimed: an aimed attack needs {OPTIONAL_RULES['hit_locations']}, "
                         "which is off in this encounter (RULES 3.3)")
    if e.action not in ("attack", "missile") or e.target is None:
        raise RulesError("aimed: only a declared attack on a target can be aimed (RULES 3.3)")


def aimed(state: CombatState, attacker_id: str, defender_id: str,
          kind: AttackKind) -> OptionalMods:
    """The aimed blow's penalty on the declared attack (not on a counter strike)."""
    d = state.fighter(attacker_id).declaration
    if (kind.counter or d is None or d.aimed is None or d.target != defender_id
            or not state.options.uses("hit_locations")):
        return NONE
    return OptionalMods(attack=((f"RULES 3.3 aimed at {aim_label(d.aimed)}",
                                 aim_penalty(d.aimed)),))
