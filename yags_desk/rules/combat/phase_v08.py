"""When a 0.8 action happens in the round: fast, normal or slow (RULES 2).

Apart from :mod:`round_v08` because a missile's phase depends on the shot
(:mod:`missile_v08`), which itself builds on the round's rules.
"""

from __future__ import annotations

from yags_desk.rules.combat.missile_v08 import missile_speed
from yags_desk.rules.combat.optional.delay import is_delayed
from yags_desk.rules.combat.optional.oops import ACTS_LAST
from yags_desk.rules.combat.round_v08 import Phase, at_zero, stance_of
from yags_desk.rules.combat.state import CombatState, FighterState

__all__ = ["speed"]


def speed(state: CombatState, f: FighterState) -> Phase:
    """Fast, normal or slow for ``f``'s declared action (RULES 2, combat.yags,
    combat-melee.yags Stance). Anything that makes an action slow wins:
    initiative 0, prone or defensive stance, moving past half Move, re-rolling
    initiative [decision: it is done at the end of the round]. Otherwise an
    aggressive melee attack is fast; everything else is normal."""
    d = f.declaration
    stance = stance_of(f)
    if (at_zero(f) or stance in ("prone", "defensive")
            or is_delayed(state.options, state.round, f)  # RULES 3.1
            or f.has(ACTS_LAST)):  # RULES 3.2 Oops!
        return "slow"
    if d is None:
        return "normal"
    if d.action == "reroll_initiative":
        return "slow"
    move = f.derived(state.options).move
    moved = max(d.move_m, f.moved_m)  # declared, or moved between rows (RULES 3.1)
    if d.action in ("attack", "missile") and move is not None and moved > move.total // 2:
        return "slow"  # a full Move leaves only a slow standard attack
    if d.action == "attack" and stance == "aggressive":
        return "fast"
    if d.action == "missile" and d.target is not None:
        # Snap, careful, reloading and crippled shots (combat-missile.yags).
        return missile_speed(state, f)
    return "normal"
