"""The order fighters act in this round, for what the board and the players'
screen list (RULES 1.5 for classic; RULES 2 for 0.8)."""

from __future__ import annotations

from yags_desk.rules.combat.procedure_classic import action_order as classic_order
from yags_desk.rules.combat.procedure_v08 import action_order as v08_order
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError

__all__ = ["turn_order"]


def turn_order(state: CombatState) -> list[str]:
    """Fighters in the order they act this round: classic by initiative (RULES 1.5);
    0.8 fast, normal, slow, then those still to declare by initiative (RULES 2).
    Fighters with no initiative or unable to act are left out."""
    if state.edition == "classic":
        return [f.id for f in classic_order(state)]
    ranked = sorted((f for f in state.active() if f.can_act and f.initiative is not None),
                    key=lambda f: -(f.initiative or 0))
    try:
        first = [fid for _phase, fid in v08_order(state)]
    except RulesError:  # someone still lacks initiative
        first = []
    seen = set(first)
    return first + [f.id for f in ranked if f.id not in seen]
