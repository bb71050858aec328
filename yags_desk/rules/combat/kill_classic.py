"""Killing the helpless at the end of a classic round (RULES 1.6).

A fighter who declared the killing and spent the round on nothing else kills
an unconscious or helpless target without a roll, after every other action.
One that also defended this round (it was attacked and rolled a defence) must
roll the blow like any other: attack + 2d10! against the 15 of a target that
cannot defend (RULES 1.5), then damage + 2d10! against its soak (RULES 1.6).
"""

from __future__ import annotations

import random

from yags_desk.rules.combat.attack_classic import damage_effects
from yags_desk.rules.combat.declare import declared_style
from yags_desk.rules.combat.events import Check, Effect
from yags_desk.rules.combat.plan_classic import MIN_DEFENCE, best_attack_style, plan_attack
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.dice import OpenRoll, roll_2d10x
from yags_desk.rules.errors import RulesError
from yags_desk.rules.words import counted
from yags_desk.rules.wounds import classic_body_levels

__all__ = ["kill_helpless", "kill_is_rolled", "roll_kill_helpless"]


def kill_is_rolled(state: CombatState, killer_id: str) -> bool:
    """Whether the killer defended this round, so its killing blow is rolled (RULES 1.6)."""
    k = state.fighter(killer_id)
    return k.defended or k.defence is not None


def _killer_and_target(state: CombatState, killer_id: str) -> tuple[FighterState, FighterState]:
    k = state.fighter(killer_id)
    d = k.declaration
    if d is None or d.action != "kill_helpless" or d.target is None:
        raise RulesError(f"{k.name} did not declare a killing blow on a helpless foe "
                         "(RULES 1.6)")
    t = state.fighter(d.target)
    if not t.helpless:
        raise RulesError(f"{t.name} is no longer helpless (RULES 1.6)")
    return k, t


def _style(state: CombatState, k: FighterState) -> str:
    d = k.declaration
    if d is not None and d.style:
        return declared_style(state, k, d.style).label
    s = best_attack_style(state, k)
    if s is None:
        raise RulesError(f"{k.name} has no melee style to strike with (RULES 1.2)")
    return s.label


def kill_helpless(state: CombatState, killer_id: str, attack: OpenRoll | None = None,
                  damage: OpenRoll | None = None) -> Check:
    """The end-of-round killing of a helpless target (RULES 1.6).

    Without a defence this round the target simply dies (the dice are not
    wanted). A killer that defended gives ``attack`` and ``damage``; the blow
    then wounds as an ordinary hit, or misses.
    """
    k, t = _killer_and_target(state, killer_id)
    if not kill_is_rolled(state, k.id):
        return Check(id=k.id, kind="killing_blow", against=t.id, passed=True,
                     outcome=f"kills the helpless {t.name}",
                     effects=(Effect(target=t.id, kind="condition", name="dead"),))
    if attack is None or damage is None:
        raise RulesError(f"dice: {k.name} defended this round, so the blow on the helpless "
                         f"{t.name} is rolled: give its attack and damage dice (RULES 1.6)")
    p = plan_attack(state, k.id, t.id, _style(state, k))
    total = p.attack + attack.total
    fumble = attack.is_fumble(p.fumble_chance)
    common = {"id": k.id, "kind": "killing_blow", "against": t.id, "dice": attack.dice,
              "total": total, "target": MIN_DEFENCE, "fumble_chance": p.fumble_chance,
              "fumble": fumble}
    if fumble or total < MIN_DEFENCE:
        return Check(**common, passed=False,
                     outcome=f"had to roll, having defended, and misses {t.name}")
    damage_total = p.damage + damage.total
    net = damage_total - p.soak
    levels = classic_body_levels(net)
    tc = t.character.attributes
    knockdown = damage_total > 2 * tc["strength"] + tc["agility"]
    effects = damage_effects(t.id, levels, p.damage_kind, net == 0, knockdown)
    return Check(**common, passed=True,
                 second_dice=damage.dice, second_total=damage_total,
                 outcome=(f"had to roll, having defended: damage {damage_total} − soak "
                          f"{p.soak} = {net} → {counted(levels, 'level')}"),
                 effects=effects)


def roll_kill_helpless(state: CombatState, killer_id: str, rng: random.Random) -> Check:
    """:func:`kill_helpless` with its dice rolled only when the rules want them."""
    if kill_is_rolled(state, killer_id):
        return kill_helpless(state, killer_id, roll_2d10x(rng), roll_2d10x(rng))
    return kill_helpless(state, killer_id)
