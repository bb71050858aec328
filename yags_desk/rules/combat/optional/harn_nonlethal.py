"""RULES 3.3 disarm, sweep and tackle: the defender's roll after the hit.

[decision] The seed's Fumble and Stumble rolls become an attribute roll of the
edition (classic: attribute + 2d10!, RULES 1.1; 0.8: attribute x 4 + d20,
RULES 2) with the wound, stun, fatigue and load penalties, Dexterity to keep a
weapon and Agility to keep one's feet, against 20 (a hard roll). RULES 3.3 adds
+6, and -2 for each full 5 by which the attack beat the defence. A fumble fails.
Failing a disarm drops the weapon; a sweep leaves the defender prone; a tackle
leaves both prone.
"""

from __future__ import annotations

from yags_desk.rules.combat.events import Check, Effect
from yags_desk.rules.combat.specials_classic import held_weapon
from yags_desk.rules.combat.state import CombatState, FighterState, Pending
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.values import Value

__all__ = ["RESIST_BONUS", "RESIST_TARGET", "nonlethal_check", "resist_value"]

RESIST_TARGET = 20  # [decision] hard, both editions
RESIST_BONUS = 6  # RULES 3.3 (seed +30 / 5)
PER_FIVE = -2  # RULES 3.3: per full 5 of the attack's margin (seed -10 per level / 5)
_ATTRIBUTE = {"disarm": "dexterity", "sweep": "agility", "tackle": "agility"}


def _what(state: CombatState, p: Pending) -> str:
    attacker = state.fighters.get(p.against)
    d = attacker.declaration if attacker is not None else None
    if d is None or d.nonlethal is None:
        raise RulesError("nonlethal: the attacker's disarm, sweep or tackle is no longer "
                         "declared; waive the roll with a reason (RULES 3.3)")
    return d.nonlethal


def resist_value(state: CombatState, f: FighterState, what: str, margin: int) -> Value:
    """The defender's roll before the dice."""
    attr = _ATTRIBUTE[what]
    score = f.current_character().attributes[attr]
    classic = state.edition == "classic"
    v = Value.of(attr.capitalize() if classic else f"{attr.capitalize()} {score} × 4",
                 score if classic else 4 * score)
    penalty = f.derived(state.options).total_penalty
    if penalty:
        v = v.plus("Wounds, stuns, fatigue and load", penalty)
    v = v.plus("RULES 3.3 bonus", RESIST_BONUS)
    if margin // 5:
        v = v.plus(f"RULES 3.3 attack beat the defence by {margin}", PER_FIVE * (margin // 5))
    return v


def nonlethal_check(state: CombatState, p: Pending, roll: OpenRoll | D20Roll) -> Check:
    """The Check event of ``p`` (a "nonlethal" roll due) with ``roll``."""
    if p.kind != "nonlethal":
        raise RulesError(f"kind: a {p.kind} roll is not a disarm, sweep or tackle roll")
    f = state.fighter(p.id)
    what = _what(state, p)
    value = resist_value(state, f, what, p.amount)
    chance = state.options.classic_fumble_chance if state.edition == "classic" else 1
    fumble = roll.is_fumble(chance)
    total = value.total + roll.total
    passed = not fumble and total >= RESIST_TARGET
    effects: tuple[Effect, ...] = ()
    if passed:
        outcome = {"disarm": f"{f.name} keeps its weapon",
                   "sweep": f"{f.name} keeps its feet",
                   "tackle": f"{f.name} stays standing"}[what]
    elif what == "disarm":
        weapon = held_weapon(state, f)
        if weapon is None:
            outcome = f"{f.name} holds no weapon to drop"
        else:
            effects = (Effect(target=f.id, kind="weapon_dropped", name=weapon.name),
                       Effect(target=f.id, kind="condition", name="disarmed"))
            outcome = f"{f.name} drops the {weapon.name}"
    elif what == "sweep":
        effects = (Effect(target=f.id, kind="condition", name="prone"),)
        outcome = f"{f.name} is swept off its feet"
    else:
        effects = (Effect(target=f.id, kind="condition", name="prone"),
                   Effect(target=p.against, kind="condition", name="prone"))
        outcome = f"{f.name} and {state.fighter(p.against).name} go down together"
    dice = roll.dice if isinstance(roll, OpenRoll) else (roll.natural,)
    return Check(id=f.id, kind="nonlethal", dice=dice, total=total, target=RESIST_TARGET,
                 fumble_chance=chance, fumble=fumble, passed=passed, outcome=outcome,
                 against=p.against, effects=effects)
