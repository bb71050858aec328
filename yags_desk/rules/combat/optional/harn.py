"""The HarnMaster house rules of RULES 3.3 as providers of the optional-rule hook.

Numbers are converted as RULES 3 says (percentile figures / 5, rounded to the
nearest whole number); both editions use the same figures. Each provider reads
what the fighters declared (``Declare.angry_strike``, ``Declare.feint``) and
answers only while its option is on (``optional.PROVIDERS``).
"""

from __future__ import annotations

from yags_desk.rules.combat.optional.base import NONE, AttackKind, OptionalMods
from yags_desk.rules.combat.state import CombatState

__all__ = ["ANGRY", "FEINT", "angry_strike", "feint"]

ANGRY = "RULES 3.3 angry strike"
FEINT = "RULES 3.3 feint"
ANGRY_ATTACK_PER_DAMAGE = 2  # RULES 3.3: -2 attack for each +1 damage


def angry_strike(state: CombatState, attacker_id: str, defender_id: str,
                 kind: AttackKind) -> OptionalMods:
    """RULES 3.3: the declared damage bonus, bought at -2 attack per point, on a
    melee strike (the seed allows it on a counter strike too)."""
    d = state.fighter(attacker_id).declaration
    if kind.missile or d is None or not d.angry_strike:
        return NONE
    x = d.angry_strike
    return OptionalMods(attack=((f"{ANGRY} +{x} damage", -ANGRY_ATTACK_PER_DAMAGE * x),),
                        damage=((ANGRY, x),))


def feint(state: CombatState, attacker_id: str, defender_id: str,
          kind: AttackKind) -> OptionalMods:
    """RULES 3.3: the feinting attacker takes -X, its target defends at -X/2
    (rounded down), against this attack only."""
    a = state.fighter(attacker_id)
    d = a.declaration
    if kind.missile or d is None or not d.feint:
        return NONE
    x = d.feint
    return OptionalMods(attack=((f"{FEINT} {x}", -x),),
                        defence=((f"{FEINT} by {a.name}", -(x // 2)),) if x // 2 else ())
