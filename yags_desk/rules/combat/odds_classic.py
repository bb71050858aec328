"""Exact odds of a declared classic attack, before the dice are thrown.

The numbers come from the same attack plan as :func:`attack_classic.resolve_attack`
(:mod:`plan_classic`): the declared special, the range band, mounted, aimed,
prepared and berserk bonuses, the current wound, fatigue and load penalties
(RULES 1.4), the options' fumble chance, and the target's defence for the
round when it has already been rolled (RULES 1.5).
"""

from __future__ import annotations

from collections.abc import Sequence

from yags_desk.rules.combat.modifiers_classic import Mod
from yags_desk.rules.combat.optional.harn_odds import sized_odds
from yags_desk.rules.combat.plan_classic import MIN_DEFENCE, AttackPlan, plan_attack
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import AttackOdds, attack_odds

__all__ = ["declared_attack_odds", "plan_odds"]


def plan_odds(p: AttackPlan, *, defending: bool = True) -> AttackOdds:
    """The exact odds of an attack plan against the target on the board.

    ``defending`` False: the target does not defend (an unaware missile target,
    RULES 1.8). A defence already rolled this round is a fixed number: the
    attack needs attack + 2d10! >= it, which is an attack against passive 15
    with the attack shifted by 15 − defence. Disarm and break-weapon attacks
    do no damage, so only the hit chance is given (RULES 1.9).
    """
    attack, defence = p.attack, p.defence_value
    fixed = p.fixed_defence()
    if not defending:
        defence = None
    elif fixed is not None:
        attack, defence = p.attack + MIN_DEFENCE - fixed, None
    with_damage = p.mods.does_damage and not p.nonlethal
    odds = attack_odds(
        "classic", attack, defence,
        damage=p.damage if with_damage else None, soak=p.soak if with_damage else None,
        fumble_chance=p.fumble_chance, defence_fumble_chance=p.defence_fumble_chance)
    # RULES 3.3 size class: the damage outcomes with the target's factor.
    return sized_odds("classic", odds, p.damage, p.soak, p.size_tenths) if with_damage else odds


def declared_attack_odds(state: CombatState, attacker_id: str, *,
                         defence_style: str | None = None, close: Sequence[str] = (),
                         wrestled: bool = False, defending: bool = True,
                         situational: Mod | None = None) -> AttackOdds:
    """The odds of ``attacker_id``'s declared attack on its declared target now.

    ``close`` (the people near a missile's target) and ``wrestled`` raise the
    fumble chance of a shot into a melee (RULES 1.8); a shot that goes astray
    counts as a miss of the target; ``situational`` is the GM's modifier to the
    attack (RULES 1.1). Refused when the fighter has declared no
    attack, or one the rules forbid.
    """
    f = state.fighter(attacker_id)
    d = f.declaration
    if d is not None and d.special in ("aim", "prepare"):
        raise RulesError(f"{f.name} does not attack this round: "
                         f"{'aiming' if d.special == 'aim' else 'preparing'} (RULES 1.9)")
    if d is None or d.action not in ("attack", "missile") or not d.target or not d.style:
        raise RulesError(f"{f.name} has declared no attack this round (RULES 1.5)")
    p = plan_attack(state, attacker_id, d.target, d.style, defence_style=defence_style,
                    close=close, wrestled=wrestled, situational=situational)
    return plan_odds(p, defending=defending)
