"""RULES 3.1, option "back_turned": a fighter with its back turned.

The condition ``back_turned`` (set by the GM, or by fleeing: ``MoveRow.flee``)
turns the fighter's back on every enemy; ``back_turned:<id>`` turns it on that
one fighter only **[decision]**, as the seed speaks of the one behind it. Against
a strike from behind its defence is 10 lower; in its other opposed rolls
against that fighter (the classic disarm contest, RULES 1.9) it takes -5.
"""

from __future__ import annotations

from yags_desk.rules.combat.optional.base import NONE, AttackKind, OptionalMods
from yags_desk.rules.combat.state import CombatState, FighterState

__all__ = ["CONDITION", "DEFENCE", "LABEL", "OPPOSED", "OPTION", "back_mods",
           "opposed_penalty", "turned_from"]

OPTION = "back_turned"
CONDITION = "back_turned"
LABEL = "RULES 3.1 back turned"
DEFENCE = -10
OPPOSED = -5


def turned_from(t: FighterState, a: FighterState) -> bool:
    """Whether ``t`` has its back to ``a``."""
    return (t.has(CONDITION) and t.side != a.side) or t.has(f"{CONDITION}:{a.id}")


def back_mods(state: CombatState, attacker_id: str, defender_id: str,
              kind: AttackKind) -> OptionalMods:
    if not turned_from(state.fighter(defender_id), state.fighter(attacker_id)):
        return NONE
    return OptionalMods(defence=((LABEL, DEFENCE),))


def opposed_penalty(state: CombatState, actor_id: str, target_id: str) -> int:
    """What ``target_id``'s opposed roll against ``actor_id`` loses (0 or -5)."""
    if not state.options.uses(OPTION):
        return 0
    turned = turned_from(state.fighter(target_id), state.fighter(actor_id))
    return OPPOSED if turned else 0
