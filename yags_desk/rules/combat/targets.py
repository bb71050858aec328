"""Whom an automatic fighter attacks: spread over the enemies, not all on one.

[decision, issue 12] The closest standing enemy by board row (RULES 3.1: rows,
range = row difference; RULES 1.9: a berserker takes the nearest), then the
one with the fewest attackers already declared on it, then the edition's own
tie-break, then board order. Declarations are made one after the other, so
each fighter sees those declared before it and a crowd spreads itself over
the enemies of its row. No dice are used: the same board gives the same
targets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from yags_desk.rules.combat.state import CombatState, FighterState

__all__ = ["attackers_declared", "spread_target"]

_ATTACKS = ("attack", "missile", "kill_helpless")


def attackers_declared(state: CombatState, besides: str | None = None) -> Counter[str]:
    """How many fighters (other than ``besides``) have declared an attack on each id."""
    out: Counter[str] = Counter()
    for g in state.active():
        d = g.declaration
        if g.id != besides and d is not None and d.action in _ATTACKS and d.target:
            out[d.target] += 1
    return out


def spread_target(state: CombatState, f: FighterState,
                  tiebreak: Callable[[FighterState], tuple[int | str, ...]]
                  ) -> FighterState | None:
    """The standing enemy ``f`` attacks: nearest row, least engaged, ``tiebreak``."""
    foes = [g for g in state.active() if g.side != f.side and g.can_act]
    if not foes:
        return None
    engaged = attackers_declared(state, besides=f.id)
    order = {g.id: i for i, g in enumerate(foes)}
    return min(foes, key=lambda g: (abs(g.row - f.row), engaged[g.id], *tiebreak(g),
                                    order[g.id]))
