"""Exact odds with a RULES 3.3 size class: the same hit chance, the damage
outcomes re-counted with the damage past soak scaled (harn_state)."""

from __future__ import annotations

from yags_desk.rules.combat.optional.harn_state import scaled_past_soak
from yags_desk.rules.editions import Edition
from yags_desk.rules.odds import (
    AttackOdds,
    d20_distribution,
    damage_bucket,
    open_2d10_total_distribution,
    outcome_keys,
)

__all__ = ["sized_odds"]


def sized_odds(edition: Edition, odds: AttackOdds, damage: int, soak: int,
               tenths: int) -> AttackOdds:
    """``odds`` with its damage outcomes for a target of size factor ``tenths``."""
    if tenths == 10:
        return odds
    outcomes = dict.fromkeys(outcome_keys(edition), 0.0)
    outcomes["miss"] = 1.0 - odds.hit
    rolls = open_2d10_total_distribution() if edition == "classic" else d20_distribution()
    for total, p in rolls.items():
        net = scaled_past_soak(damage + total - soak, tenths)
        outcomes[damage_bucket(edition, net)] += odds.hit * p
    return AttackOdds(hit=odds.hit, attack_fumble=odds.attack_fumble, outcomes=outcomes)
