"""The rolls that classic special attacks call for, and what carries into the next round.

RULES 1.9: berserk (Stamina × Berserk% − Will + 2d10! against 15), disarm (after
a hit, opposed Dexterity × weapon skill% + 2d10!), break weapon (after a hit,
Strength + 2d10!, +5 heavy, -5 light, against the weapon's Tgh). A round of
aiming or preparing becomes the condition "aimed" or "prepared" for the next
round (:func:`carry_over`, called by the reducer when the round ends).
Each procedure returns a :class:`Check` event; the dice are rolled from a
``random.Random`` by the caller (``roll_2d10x``) or typed in by the GM
(``open_roll_from_typed``).
"""

from __future__ import annotations

from yags_desk.rules.combat.declare import declared_style
from yags_desk.rules.combat.events import Check, Effect
from yags_desk.rules.combat.optional.back import opposed_penalty
from yags_desk.rules.combat.state import CombatState, FighterState, Pending
from yags_desk.rules.derived import StyleValues, derive
from yags_desk.rules.dice import OpenRoll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Weapon
from yags_desk.rules.values import pct
from yags_desk.rules.wounds import BERSERK_TARGET, berserk_result

__all__ = ["HEAVY_BONUS", "LIGHT_PENALTY", "berserk_check", "break_check", "carry_over",
           "disarm_check", "held_weapon"]

HEAVY_BONUS = 5  # RULES 1.9 break weapon
LIGHT_PENALTY = -5
# A round spent aiming or preparing gives a condition for the next round only.
_CARRIED = {"aim": "aimed", "prepare": "prepared"}


def carry_over(ending: FighterState, nxt: FighterState) -> FighterState:
    """At the end of a round: a fighter still able to act who spent it aiming or
    preparing (``ending``, the round's last state) is "aimed" or "prepared" for the
    next round (``nxt``, after conditions counted down, so ``rounds=1`` lasts
    exactly the next round) (RULES 1.9)."""
    d = ending.declaration
    if d is None or d.special not in _CARRIED or not ending.can_act:
        return nxt
    return nxt.with_condition(_CARRIED[d.special], 1)


def _fumble_chance(state: CombatState) -> int:
    return state.options.classic_fumble_chance  # RULES 1.1


def _style_of(state: CombatState, f: FighterState) -> StyleValues | None:
    """The style ``f`` declared this round, or (none declared, or its weapon
    dropped or broken since) its best melee style still in hand."""
    if f.declaration is not None and f.declaration.style:
        try:
            return declared_style(state, f, f.declaration.style)
        except RulesError:
            pass  # e.g. the declared weapon was dropped (RULES 1.9, 3.2, 3.3)
    d = derive(f.current_character(), state.options)
    melee = [s for s in d.styles if s.usable and s.style != "missile"
             and not any(f.weapon_state(w) in ("broken", "dropped") for w in s.weapons)]
    return max(melee, key=lambda s: s.attack.total, default=None)


def _weapon(f: FighterState, name: str) -> Weapon | None:
    c = f.character
    items: list[Weapon] = [*c.weapons, *([c.shield] if c.shield else [])]
    return next((w for w in items if w.name == name), None)


def held_weapon(state: CombatState, f: FighterState) -> Weapon | None:
    """The first real weapon of the style ``f`` fights with (not fists, teeth or
    a shield): what a disarm takes from it [decision]."""
    s = _style_of(state, f)
    for name in s.weapons if s else ():
        w = _weapon(f, name)
        if w is not None and w.kind != "shield" and not w.has("natural"):
            return w
    return None


def _pending(state: CombatState, fid: str, kind: str) -> Pending:
    for p in state.pending_for(fid):
        if p.kind == kind:
            return p
    f = state.fighter(fid)
    what = "disarm" if kind == "disarm" else "break-weapon"
    raise RulesError(f"{f.name} has no {what} roll due; it follows a hit with a {what} "
                     "attack (RULES 1.9)")


def berserk_check(state: CombatState, fid: str, roll: OpenRoll) -> Check:
    """Going berserk: Stamina × Berserk% − Will + 2d10! (with wound, fatigue and load
    penalties) against 15 (RULES 1.9). A fumble fails [decision]."""
    f = state.fighter(fid)
    if not f.can_act:
        raise RulesError(f"{f.name} is {f.why_not} and cannot go berserk (RULES 1.6)")
    d = derive(f.current_character(), state.options)
    if d.berserk is None:
        raise RulesError(f"{f.name} lacks the Berserker advantage that berserk needs "
                         "(RULES 1.9)")
    if f.berserk_total:
        raise RulesError(f"{f.name} is already berserk (RULES 1.9)")
    total = d.berserk.total + roll.total
    fumble = roll.is_fumble(_fumble_chance(state))
    result = berserk_result(total)
    passed = result.berserk and not fumble
    if passed:
        boxes = ", ".join(f"{cat} {n}" for cat, n in result.extra_boxes.items() if n)
        outcome = (f"berserk: +{result.bonus} attack, damage and initiative, -10 defence, "
                   f"{result.extra_box_count} extra body and fatigue boxes ({boxes})")
        effects: tuple[Effect, ...] = (Effect(target=f.id, kind="berserk", amount=total),)
    else:
        outcome, effects = "stays calm", ()
    return Check(id=f.id, kind="berserk", dice=roll.dice, total=total, target=BERSERK_TARGET,
                 fumble_chance=_fumble_chance(state), fumble=fumble, passed=passed,
                 outcome=outcome, effects=effects)


def _disarm_value(state: CombatState, f: FighterState) -> int:
    """Dexterity × the skill of the style it fights with, with penalties (RULES 1.9, 1.4)."""
    c = f.current_character()
    s = _style_of(state, f)
    skill = s.skill_value if s else 0
    return pct(c.attr("dexterity"), skill) + derive(c, state.options).total_penalty


def disarm_check(state: CombatState, attacker_id: str, attacker_roll: OpenRoll,
                 defender_roll: OpenRoll) -> Check:
    """The opposed roll after a disarm hit: each Dexterity × weapon skill% + 2d10!;
    the attacker disarms on a tie or better (RULES 1.9). A fumble loses the
    contest [decision]. The defender drops its weapon (it is "disarmed")."""
    p = _pending(state, attacker_id, "disarm")
    a, t = state.fighter(attacker_id), state.fighter(p.against)
    chance = _fumble_chance(state)
    total = _disarm_value(state, a) + attacker_roll.total
    # RULES 3.1 back turned: -5 on the defender's opposed roll.
    against = _disarm_value(state, t) + defender_roll.total + opposed_penalty(state, a.id, t.id)
    a_fumble, t_fumble = attacker_roll.is_fumble(chance), defender_roll.is_fumble(chance)
    passed = not a_fumble and (t_fumble or total >= against)
    weapon = held_weapon(state, t)
    effects: tuple[Effect, ...] = ()
    if passed and weapon is not None:
        effects = (Effect(target=t.id, kind="weapon_dropped", name=weapon.name),
                   Effect(target=t.id, kind="condition", name="disarmed"))
        outcome = f"{t.name} drops the {weapon.name}"
    elif passed:
        outcome = f"{t.name} holds no weapon to drop"
    else:
        outcome = f"{t.name} keeps hold of its weapon"
    return Check(id=a.id, kind="disarm", dice=attacker_roll.dice, total=total, target=against,
                 fumble_chance=chance, fumble=a_fumble, passed=passed, outcome=outcome,
                 against=t.id, second_dice=defender_roll.dice, second_total=against,
                 effects=effects)


def break_check(state: CombatState, attacker_id: str, roll: OpenRoll,
                weapon: str | None = None) -> Check:
    """Strength + 2d10! (+5 heavy weapon, -5 light) against the target weapon's Tgh
    after a break-weapon hit: Tgh or more damages it (a damaged one breaks),
    twice Tgh breaks it (RULES 1.9). ``weapon`` defaults to the target's held
    weapon; a shield may be named. [decision] Wound, fatigue and load penalties
    apply as to any roll but damage (RULES 1.4); a fumble does nothing."""
    p = _pending(state, attacker_id, "break_weapon")
    a, t = state.fighter(attacker_id), state.fighter(p.against)
    target = _weapon(t, weapon) if weapon else held_weapon(state, t)
    if target is None:
        raise RulesError(f"weapon: {t.name} has no weapon {weapon!r}" if weapon else
                         f"weapon: {t.name} holds no weapon to break; name its shield")
    if target.toughness is None:
        raise RulesError(f"weapon: {target.name} has no toughness and cannot be broken")
    if t.weapon_state(target.name) == "broken":
        raise RulesError(f"weapon: {t.name}'s {target.name} is already broken")
    c = a.current_character()
    value = c.attr("strength") + derive(c, state.options).total_penalty
    s = _style_of(state, a)
    mine = _weapon(a, s.weapons[0]) if s and s.weapons else None
    if mine is not None and mine.has("heavy"):
        value += HEAVY_BONUS
    elif mine is not None and mine.has("light"):
        value += LIGHT_PENALTY
    total = value + roll.total
    fumble = roll.is_fumble(_fumble_chance(state))
    tgh = target.toughness
    effects: tuple[Effect, ...] = ()
    outcome = f"the {target.name} holds"
    if not fumble and (total >= 2 * tgh or (total >= tgh
                                             and t.weapon_state(target.name) == "damaged")):
        effects = (Effect(target=t.id, kind="weapon_broken", name=target.name),)
        outcome = f"{t.name}'s {target.name} breaks"
    elif not fumble and total >= tgh:
        effects = (Effect(target=t.id, kind="weapon_damaged", name=target.name),)
        outcome = f"{t.name}'s {target.name} is damaged"
    return Check(id=a.id, kind="break_weapon", dice=roll.dice, total=total, target=tgh,
                 fumble_chance=_fumble_chance(state), fumble=fumble, passed=bool(effects),
                 outcome=outcome, against=t.id, effects=effects)
