"""Exact odds of a declared 0.8 attack, before the dice are thrown (issue 3 item 7).

The numbers come from :func:`attack_v08.attack_modifiers_v08`, the function the
resolution uses, so odds and results cannot drift apart: the declared style
with its wound, stun and load penalties, stances, the defence-count penalties,
active or passive defence and the options. The odds engine
(:func:`odds.attack_odds`) does the convolution; when initiative 0 halves a
roll the totals are no longer a d20 shifted, and the odds are summed exactly
over the twenty faces of each die with :func:`attack_v08.roll_outcome`, as
they are for a missile (its size floor and distance difficulty,
``missile_v08``). A fumbled shot into a melee counts
as a hit on the intended target only when the stray die picks it and the
total beats its defence.
"""

from __future__ import annotations

from dataclasses import replace

from yags_desk.rules.combat.armour_v08 import worse_kind
from yags_desk.rules.combat.attack_roll_v08 import damage_levels
from yags_desk.rules.combat.attack_v08 import AttackMods, attack_modifiers_v08, roll_outcome
from yags_desk.rules.combat.optional.harn_state import scaled_past_soak
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import (
    PASSIVE_DEFENCE,
    AttackOdds,
    attack_odds,
    damage_bucket,
    outcome_keys,
)

__all__ = ["declared_attack_odds_v08", "odds_of"]

_FACES = range(1, 21)


def odds_of(m: AttackMods, strays: int = 0) -> AttackOdds:
    """Exact odds of an attack with the numbers ``m`` (RULES 2).

    ``strays``: the other people in a melee a shot is fired into; a fumble then
    flies at one of them or the target at random (1 in ``strays`` + 1 for the
    target), and its total may still hit the target (combat-missile.yags).
    """
    if m.nonlethal:  # RULES 3.3: a disarm, sweep or tackle only hits or misses
        base = odds_of(replace(m, nonlethal=""), strays)
        return AttackOdds(hit=base.hit, attack_fumble=base.attack_fumble,
                          outcomes={"miss": 1.0 - base.hit, "hit": base.hit})
    plain = (m.defence_floor == PASSIVE_DEFENCE and not m.difficulty
             and not (m.crushing or m.ineffective) and m.size_tenths == 10)
    if plain and not strays and not (m.attack_halved or m.defence_halved):
        return attack_odds("0.8", m.attack, m.defence, damage=m.damage, soak=m.soak,
                           fumble_chance=m.fumble_chance,
                           defence_fumble_chance=m.defence_fumble_chance)
    defence_faces: list[int | None] = list(_FACES) if m.defence is not None else [None]
    hits = sum(roll_outcome(m, a, d, 1).hit for a in _FACES for d in defence_faces)
    hit = hits / (20 * len(defence_faces))
    if strays:
        m0 = replace(m, fumble_chance=0)
        back = sum(roll_outcome(m0, a, d, 1).hit for a in _FACES if a <= m.fumble_chance
                   for d in defence_faces)
        hit += back / (20 * len(defence_faces)) / (strays + 1)
    outcomes = dict.fromkeys(outcome_keys("0.8"), 0.0)
    outcomes["miss"] = 1.0 - hit
    for face in _FACES:
        outcomes[_bucket(m, m.damage + face)] += hit / 20
    fumble = min(20, max(0, m.fumble_chance)) / 20
    return AttackOdds(hit=hit, attack_fumble=fumble, outcomes=outcomes)


def _bucket(m: AttackMods, damage_total: int) -> str:
    """The outcome key of a hit doing ``damage_total``, after the armour's effects
    (armour_v08: a crushing near miss, ineffective damage halved)."""
    levels, crushed = damage_levels(m, damage_total)
    if not (crushed or m.ineffective):
        # RULES 3.3 size class: the damage past soak scaled.
        return damage_bucket("0.8", scaled_past_soak(damage_total - m.soak, m.size_tenths))
    if m.ineffective or worse_kind(m.damage_kind) == "ineffective":
        levels //= 2
    if not levels:
        return "no_damage"
    return str(levels) if levels < 7 else "7+"


def declared_attack_odds_v08(state: CombatState, attacker_id: str, *,
                             defender_id: str | None = None,
                             counter: bool = False,
                             situational: tuple[str, int] | None = None) -> AttackOdds:
    """Odds of ``attacker``'s declared attack on its declared target (or on
    ``defender_id``; ``counter`` for a counter strike) as things stand now.

    ``outcomes`` gives the levels the damage would do; the weapon's damage type
    says whether they are wounds, stuns or mixed. ``situational``: the
    GM's modifier to the attack.
    """
    if defender_id is None:
        d = state.fighter(attacker_id).declaration
        if d is None or d.target is None:
            raise RulesError(f"{state.fighter(attacker_id).name} has declared no target")
        defender_id = d.target
    d = state.fighter(attacker_id).declaration
    m = attack_modifiers_v08(state, attacker_id, defender_id, counter=counter,
                             situational=situational)
    strays = len(d.close) if m.missile and d is not None and d.target == defender_id else 0
    return odds_of(m, strays)
