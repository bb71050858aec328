"""One classic attack, from declared styles and dice to an :class:`Attack` event.

RULES 1.5: attack + 2d10! against the defence (at least 15; 15 when not
defending or unaware); attack >= defence hits. RULES 1.1: a fumbled attack
misses, a fumbled defence counts as 15. RULES 1.6: damage + 2d10! - soak gives
body levels; exactly 0 stuns; a damage roll above 2 x Strength + Agility of the
target knocks it down. RULES 1.8, 1.9, 1.11: missiles, special attacks and
mounted fighters come in through the attack's plan (:mod:`plan_classic`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import Attack, Effect, trusted
from yags_desk.rules.combat.missile_classic import STRAY_DEFENCE, stray_target
from yags_desk.rules.combat.modifiers_classic import Mod, soak_modifiers
from yags_desk.rules.combat.optional import objects
from yags_desk.rules.combat.optional.harn import dodge_effects, nonlethal_hit, nonlethal_kind
from yags_desk.rules.combat.optional.harn_state import scaled_past_soak, size_tenths
from yags_desk.rules.combat.optional.limbs import with_limb_injury
from yags_desk.rules.combat.optional.locations import with_location
from yags_desk.rules.combat.optional.oops import with_oops
from yags_desk.rules.combat.plan_classic import (
    MIN_DEFENCE,
    AttackPlan,
    attack_refusal,
    best_defence,
    plan_attack,
)
from yags_desk.rules.combat.state import CHECK_NAMES, CombatState, FighterState
from yags_desk.rules.derived import derive
from yags_desk.rules.dice import OpenRoll, roll_2d10x
from yags_desk.rules.errors import RulesError
from yags_desk.rules.wounds import classic_body_levels

__all__ = ["MIN_DEFENCE", "AttackDice", "best_defence", "current_character", "damage_effects",
           "resolve_attack", "roll_dice"]


@dataclass(frozen=True)
class AttackDice:
    """The three rolls of an attack; ``defence`` None when the target does not defend.

    ``stray``: for a shot into a melee, which of the people close to the target
    (1-based) a fumbled shot flies at (RULES 1.8), rolled or typed.
    """

    attack: OpenRoll
    defence: OpenRoll | None
    damage: OpenRoll
    stray: int | None = None
    # RULES 3.2: the d100 of a hit's location and of a fumble's Oops! roll, needed
    # only while those options are on (optional/dice.py rolls them).
    location: int | None = None
    oops: int | None = None


def roll_dice(rng: random.Random, defending: bool = True, close: int = 0) -> AttackDice:
    """Roll an attack's dice; ``close`` people near a missile's target adds the
    stray die (1..close)."""
    d = AttackDice(roll_2d10x(rng), roll_2d10x(rng) if defending else None, roll_2d10x(rng))
    if close:
        d = AttackDice(d.attack, d.defence, d.damage, rng.randint(1, close))
    return d


def current_character(f: FighterState) -> Character:
    """The fighter's character with its current wounds and fatigue (for penalties)."""
    return f.current_character()


def damage_effects(target: str, levels: int, kind: str, stunned: bool,
                   knockdown: bool) -> tuple[Effect, ...]:
    """What a classic hit does to its target (RULES 1.6).

    Wounds fill body levels; brawling damage fills short-term fatigue
    [decision: RULES 1.2 calls it temporary]. A stun or a knockdown adds one
    short-term fatigue (once, when both happen) and the target is stunned for
    the next round [decision] (``rounds=2``: the rest of this round and the
    next, as conditions count down when a round ends); a knockdown also leaves
    it prone until it stands.
    """
    out: list[Effect] = []
    if levels:
        out.append(trusted(Effect, target=target,
                           kind="wounds" if kind == "wounds" else "fatigue_short",
                           amount=levels))
    if stunned or knockdown:
        out.append(trusted(Effect, target=target, kind="fatigue_short", amount=1))
        out.append(trusted(Effect, target=target, kind="condition", name="stunned", rounds=2))
    if knockdown:
        out.append(trusted(Effect, target=target, kind="condition", name="prone"))
    return tuple(out)


def _hit(p: AttackPlan, target: FighterState, soak: int, dice: AttackDice,
         kills: bool, tenths: int = 10) -> dict[str, Any]:
    """Damage, levels, stun, knockdown and a killing blow's result of a hit (RULES 1.6,
    1.9) on ``target``; ``tenths``: its RULES 3.3 size factor on damage past soak."""
    damage_total = p.damage + dice.damage.total
    net = scaled_past_soak(damage_total - soak, tenths)
    levels = classic_body_levels(net)
    stunned = net == 0
    tc = target.character.attributes
    knockdown = damage_total > 2 * tc["strength"] + tc["agility"]
    effects = damage_effects(target.id, levels, p.damage_kind, stunned, knockdown)
    out: dict[str, Any] = {"damage_dice": dice.damage.dice, "damage_total": damage_total,
                           "soak": soak, "levels": levels, "stunned": stunned,
                           "knockdown": knockdown, "killed": False, "outcome": ""}
    if net != damage_total - soak:
        out["outcome"] = (f"RULES 3.3 size class {target.size_class.replace('_', ' ')}: "
                          f"{damage_total - soak} past soak counts {net}")
    if kills and levels >= 2:
        # RULES 1.9: a killing blow (or an ambush) doing 2+ body levels kills;
        # with subdue it knocks out instead.
        if p.mods.subdue:
            effects += (Effect(target=target.id, kind="condition", name="unconscious"),)
            out["outcome"] = "knocked out"
        else:
            effects += (Effect(target=target.id, kind="condition", name="dead"),)
            out.update(killed=True, outcome="; ".join(
                x for x in (out["outcome"], "killed outright") if x))
    out["effects"] = effects
    return out


def resolve_attack(state: CombatState, attacker_id: str, defender_id: str, style: str,
                   dice: AttackDice, *, defence_style: str | None = None,
                   fumble_chance: int | None = None, close: Sequence[str] = (),
                   wrestled: bool = False, situational: Mod | None = None) -> Attack:
    """The Attack event for ``attacker`` striking ``defender`` with ``style``.

    The declared special attack, missile range and the fighter's conditions
    apply through :func:`modifiers_classic.attack_modifiers` and are recorded
    on the event. ``dice.defence`` None means the defender does not defend
    (passive 15; an unaware missile target). ``close``: the people close to a
    missile's target, ``wrestled``: someone wrestles it (RULES 1.8); a fumbled
    shot then flies at ``dice.stray``. ``fumble_chance`` replaces the computed
    one (a GM's ruling); ``situational`` is the GM's modifier to the attack,
    recorded with its reason (RULES 1.1). Raises RulesError naming the rule when the attack is
    not allowed.
    """
    p = plan_attack(state, attacker_id, defender_id, style, defence_style=defence_style,
                    close=close, wrestled=wrestled, situational=situational)
    why = attack_refusal(state, attacker_id)
    if why:
        raise RulesError(why)
    a, t, mods = p.attacker, p.defender, p.mods
    chance = p.fumble_chance if fumble_chance is None else fumble_chance
    att_fumble = dice.attack.is_fumble(chance)
    attack_total = p.attack + dice.attack.total

    defence_total, def_fumble, rolled, standing = MIN_DEFENCE, False, False, False
    round_defence: int | None = None
    def_dice: tuple[int, ...] = ()
    fixed = p.fixed_defence()
    if p.passive:
        defence_total = fixed if fixed is not None else MIN_DEFENCE
    elif fixed is not None:
        # RULES 1.5 [decision]: the defence rolled at the first attack stands all
        # round (optional rules may change it against this attack, RULES 3).
        defence_total, standing = fixed, True
    elif dice.defence is not None and p.defence_value is not None:
        def_dice = dice.defence.dice
        # [decision] a dodge or block against a missile is its own roll and is not
        # the round's melee defence (RULES 1.8).
        rolled = not mods.missile
        def_fumble = dice.defence.is_fumble(p.defence_fumble_chance)
        if not def_fumble:
            defence_total = max(MIN_DEFENCE, p.defence_value + dice.defence.total)
            if rolled and p.defence_extra:
                # RULES 3: what stands for the round is the defence without the
                # change that holds against this attacker only.
                round_defence = max(MIN_DEFENCE,
                                    p.defence_value - p.defence_extra + dice.defence.total)
    hit = not att_fumble and attack_total >= defence_total

    target, declared = t, None
    if att_fumble and p.close:
        # RULES 1.8: a fumbled shot into a melee flies at one of those close to the
        # target and hits them if the attack roll would.
        target, declared = state.fighter(stray_target(p.close, dice.stray)), t.id
        defence_total, def_dice, def_fumble, rolled = STRAY_DEFENCE, (), False, False
        hit = attack_total >= STRAY_DEFENCE
    result: dict[str, Any] = {"effects": ()}
    what = nonlethal_kind(state, a.id, t.id) if target is t else None
    if hit and what:
        # RULES 3.3: no damage; the defender's roll to keep weapon or footing is due.
        result = {"effects": nonlethal_hit(a.id, t.id, attack_total - defence_total),
                  "outcome": f"{what}: {t.name}'s roll due"}
    elif hit and mods.does_damage:
        soak = p.soak
        if target is not t:
            soak = (derive(target.current_character(), state.options).soak.total
                    + sum(n for _, n in soak_modifiers(state, mods.special, target.id)))
        result = _hit(p, target, soak, dice, mods.kills, size_tenths(state, target.id))
    elif hit:
        # RULES 1.9: a disarm or break-weapon hit calls for its roll.
        result = {"effects": (Effect(target=a.id, kind="check", name=mods.special or "other",
                                     against=target.id),),
                  "outcome": f"{CHECK_NAMES[mods.special or 'other']} due"}
    # RULES 3.3 dodging: a rolled Brawling defence (melee, or the missile dodge) is a dodge.
    result["effects"] = result["effects"] + dodge_effects(
        state, a.id, target.id, bool(def_dice) and p.defence_name.startswith("Brawling"))
    record = mods.as_pairs() + tuple((f"target's defence: {label}", n)
                                     for label, n in p.defence_mods)
    # The engine's own values (events.trusted); the record is cut to the field's 50.
    e = trusted(
        Attack,
        attacker=a.id, defender=target.id, declared_target=declared, style=p.style.label,
        special=mods.special,
        missile=mods.missile, range_band=mods.range_band,
        modifiers=record[:50],
        attack_dice=dice.attack.dice, attack_total=attack_total, attack_fumble=att_fumble,
        defence_dice=def_dice, defence_total=defence_total, defence_fumble=def_fumble,
        defence_rolled=rolled, defence_standing=standing, round_defence=round_defence,
        hit=hit, damage_kind=p.damage_kind,
        **result)
    e = objects.strike(state, e)  # RULES 3.3: an object takes damage points
    e = with_oops(state, e, dice.oops, damage=p.damage, damage_dice=dice.damage.dice,
                  damage_die_total=dice.damage.total,
                  weapon=p.style.weapons[0] if p.style.weapons else None)
    return with_limb_injury(state, with_location(state, e, dice.location))  # RULES 3.2, 3.3
