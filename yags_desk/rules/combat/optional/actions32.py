"""RULES 3.2 flee, charge, defend and assess (option "flee_charge_defend"), declared
as ``Declare.manoeuvre`` and checked by the reducer.

Numbers as RULES 3.2 gives them (the seed's percentile +10 / +20 divided by 5,
RULES 3), the same in both editions:

- charge: a melee attack after a move, +2 attack;
- defend: the fighter spends its action on guarding, +4 defence against every
  attack for the round it is declared in ([decision] declarations come first in
  the round, so "until its next turn" is this round's attacks);
- flee: the fighter moves away; each enemy in reach ([decision] a row apart at
  most, the melee reach of RULES 3.1) may make one free attack on it that round
  (``Attack.free``), and every attack on a fleeing fighter takes +4 ([decision]
  it has turned to run). RULES 3.1's back-turned condition is not in this tree
  yet; when it is, flee should set it while board rows are on.
- assess: the action is a Perception × Tactics roll (classic against average 15
  with 2d10!, 0.8 against 20 with a d20 [decision]); a success gives +2 advantage,
  a good success (beating the target by 10 or more, RULES 2's good success, used
  for classic too [decision]) +3, while the advantage option is on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from yags_desk.rules.combat.events import AddCombatant, Attack, Check, Declare
from yags_desk.rules.combat.optional.base import NONE, AttackKind, Mod, OptionalMods
from yags_desk.rules.combat.round_v08 import EXHAUSTED_RULE, exhausted_why
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES
from yags_desk.rules.values import pct

__all__ = ["ASSESS_SKILL", "ASSESS_TARGET", "CHARGE", "DEFEND", "FLEE", "FREE_ATTACK_WORDS",
           "MANOEUVRES", "MANOEUVRE_WORDS", "OPTION", "RULE_TIPS", "actions32",
           "assess_check", "assess_due", "assess_explanation", "assess_value",
           "check_manoeuvre", "free_attack", "free_attack_refusal", "free_attack_state",
           "free_attack_targets", "surprised_at_start"]

OPTION = "flee_charge_defend"
CHARGE, DEFEND, FLEE = "RULES 3.2 charge", "RULES 3.2 defend", "RULES 3.2 flee"
CHARGE_BONUS, DEFEND_BONUS, FLEE_BONUS = 2, 4, 4
ASSESS_SKILL = "Tactics"
ASSESS_TARGET = {"classic": 15, "0.8": 20}
GOOD_SUCCESS = 10
# Each manoeuvre and the action it is declared with (what it replaces).
MANOEUVRES: dict[str, tuple[str, str]] = {
    "charge": ("attack", "a melee attack after a move, +2 to hit"),
    "defend": ("other", "guarding: +4 defence this round"),
    "flee": ("move", "running away: each enemy in reach gets a free attack at +4"),
    "assess": ("other", "a Perception × Tactics roll for advantage"),
}
# What each RULES 3.2 option does, for its box's tooltip.
RULE_TIPS: dict[str, str] = {
    "surprise": ("Offers “Surprised in the first round” when adding combatants: they "
                 "neither act nor defend in round 1. The Surprised condition can be set from "
                 "a card at any time, with or without this rule."),
    "advantage": ("A counter per fighter, +2 attack and defence a point, won by winning "
                  "opposed rolls, unopposed wounds, surprised and defeated foes and assess "
                  "rolls; all lost when wounded. Board ▸ Starting advantage… sets "
                  "each side's start."),
    "flee_charge_defend": ("Declare a charge (+2 attack), defend (+4 defence), flee (each "
                           "enemy in reach gets a free attack at +4, from its card menu) or "
                           "assess (a roll for advantage)."),
}
# How the log and the cards name a declared manoeuvre, and a free attack.
MANOEUVRE_WORDS = {"charge": "charging", "defend": "defending, +4 defence",
                   "flee": "fleeing", "assess": "assessing the fight"}
FREE_ATTACK_WORDS = "Free attack on a fleeing foe (RULES 3.2): "
_FREE = "free_attack_on_"  # condition: this round's free attack on that fighter is taken


def _manoeuvre(f: FighterState) -> str | None:
    return f.declaration.manoeuvre if f.declaration is not None else None


def actions32(state: CombatState, attacker_id: str, defender_id: str,
              kind: AttackKind) -> OptionalMods:
    """RULES 3.2: +2 on a charging melee attack, +4 defence to a defending fighter,
    +4 on a melee attack against a fleeing one."""
    a, d = state.fighter(attacker_id), state.fighter(defender_id)
    attack: tuple[Mod, ...] = ()
    if not kind.missile and not kind.counter and _manoeuvre(a) == "charge":
        attack += ((f"{CHARGE} +{CHARGE_BONUS}", CHARGE_BONUS),)
    if not kind.missile and _manoeuvre(d) == "flee":
        attack += ((f"{FLEE}: {d.name} turns to run", FLEE_BONUS),)
    defence = ((f"{DEFEND}: {d.name} guards", DEFEND_BONUS),) \
        if _manoeuvre(d) == "defend" else ()
    return OptionalMods(attack=attack, defence=defence) if attack or defence else NONE


def check_manoeuvre(state: CombatState, e: Declare) -> None:
    """Refuse a manoeuvre while its option is off or with the wrong action."""
    if e.manoeuvre is None:
        return
    if not state.options.uses(OPTION):
        raise RulesError(f"manoeuvre: the optional rule {OPTIONAL_RULES[OPTION]} is off in "
                         "this encounter; switch it on to declare it")
    action, what = MANOEUVRES[e.manoeuvre]
    if e.action != action:
        raise RulesError(f"manoeuvre: {e.manoeuvre} is {what}; declare the action "
                         f"\u201c{action}\u201d with it, not \u201c{e.action}\u201d "
                         "(RULES 3.2)")
    if e.manoeuvre == "charge" and (not e.style or e.special or e.subdue):
        raise RulesError("manoeuvre: a charge is a plain melee attack with a style, not "
                         "beside a special attack (RULES 3.2)")


def free_attack_refusal(state: CombatState, attacker_id: str, target_id: str) -> str:
    """Why ``attacker_id`` may not take a free attack on ``target_id`` now ("" if it may)."""
    a, t = state.fighter(attacker_id), state.fighter(target_id)
    if not state.options.uses(OPTION):
        return (f"free attack: the optional rule {OPTIONAL_RULES[OPTION]} is off in this "
                "encounter")
    if _manoeuvre(t) != "flee":
        return f"free attack: {t.name} is not fleeing this round (RULES 3.2)"
    if a.side == t.side or a.id == t.id:
        return f"free attack: only {t.name}'s enemies strike at it as it flees (RULES 3.2)"
    if not a.acts:
        return f"free attack: {a.name} cannot act now"
    if a.exhausted:  # 0.8: no attack of any kind (core.md, Running)
        return f"free attack: {exhausted_why(a)}: no attack {EXHAUSTED_RULE}"
    if abs(a.row - t.row) > 1:
        return (f"free attack: {a.name} (row {a.row}) is not within reach of {t.name} "
                f"(row {t.row}) (RULES 3.2)")
    if a.has(_FREE + t.id):
        return f"free attack: {a.name} has already struck at the fleeing {t.name} (RULES 3.2)"
    return ""


def free_attack_targets(state: CombatState, attacker_id: str) -> list[str]:
    """The fleeing fighters ``attacker_id`` may strike at now."""
    return [f.id for f in state.active()
            if f.id != attacker_id and not free_attack_refusal(state, attacker_id, f.id)]


def free_attack_state(state: CombatState, attacker_id: str, target_id: str,
                      style: str) -> CombatState:
    """The state an edition's attack procedure resolves a free attack in: the attacker
    as if it had declared a melee attack on the fleeing fighter and not yet attacked
    (the free attack is on top of its own action)."""
    why = free_attack_refusal(state, attacker_id, target_id)
    if why:
        raise RulesError(why)
    a = state.fighter(attacker_id)
    old = a.declaration
    declared = Declare(id=a.id, action="attack", target=target_id, style=style,
                       defences=old.defences if old is not None else None)
    return state._with(replace(a, attacked=False, countered=False, declaration=declared))


def free_attack(state: CombatState, e: Attack,
                attack: Callable[[CombatState, Attack], CombatState]) -> CombatState:
    """The reducer's step for ``Attack.free``: the blow lands like any attack, but the
    attacker's own action and defences for the round stay as they were, no strike
    back follows it [decision], and the attacker's free attack on that fighter is spent."""
    if e.missile or e.counter:
        raise RulesError("free attack: it is a melee attack on the fleeing fighter "
                         "(RULES 3.2)")
    a0, t0 = state.fighter(e.attacker), state.fighter(e.defender)
    after = attack(free_attack_state(state, e.attacker, e.defender, e.style), e)
    a = after.fighter(e.attacker)
    a = replace(a, attacked=a0.attacked, countered=a0.countered, declaration=a0.declaration,
                defending=a0.defending, counter_due=a0.counter_due)
    after = after._with(a.with_condition(_FREE + e.defender, 1))
    t = after.fighter(e.defender)
    after = after._with(replace(t, counter_due=t0.counter_due))
    return replace(after, last_attack=state.last_attack)


def assess_value(state: CombatState, f: FighterState) -> tuple[int, str]:
    """(the roll's value before dice, how it is made): Perception × Tactics with the
    fighter's penalties (RULES 1.1 / RULES 2 rolls)."""
    c = f.character
    per, skill = c.attributes["perception"], c.skill(ASSESS_SKILL)
    penalty = f.derived(state.options).total_penalty
    if state.edition == "classic":
        return pct(per, skill) + penalty, f"Perception {per} × {ASSESS_SKILL} {skill}%"
    return per * skill + penalty, f"Perception {per} × {ASSESS_SKILL} {skill}"


def assess_check(state: CombatState, fid: str, dice: OpenRoll | D20Roll) -> Check:
    """The Check event of ``fid``'s declared assess action rolled with ``dice``
    (2d10! classic, d20 0.8)."""
    f = state.fighter(fid)
    if _manoeuvre(f) != "assess":
        raise RulesError(f"{f.name} did not declare an assess action this round (RULES 3.2)")
    if not f.acts:
        raise RulesError(f"{f.name} cannot act now")
    if f.exhausted:  # declared before the track filled: resting now, not reading the fight
        raise RulesError(f"{exhausted_why(f)}: no assess roll {EXHAUSTED_RULE}")
    if "assess" in f.checks_done:
        raise RulesError(f"{f.name} has already made this round's assess roll")
    value, how = assess_value(state, f)
    target = ASSESS_TARGET[state.edition]
    if isinstance(dice, OpenRoll):
        chance = state.options.classic_fumble_chance
        fumble = dice.is_fumble(chance)
    else:
        chance = 1
        fumble = dice.is_fumble()
    total = value + dice.total
    passed = not fumble and total >= target
    good = passed and total >= target + GOOD_SUCCESS
    outcome = ("good success: reads the fight well" if good else
               "success: sees an opening" if passed else
               "fumbled: learns nothing" if fumble else "learns nothing")
    dice_faces = dice.dice if isinstance(dice, OpenRoll) else (dice.natural,)
    return Check(id=fid, kind="assess", dice=dice_faces, total=total, target=target,
                 fumble_chance=chance, fumble=fumble, passed=passed,
                 outcome=f"{outcome} ({how})")


def assess_due(state: CombatState, fid: str) -> bool:
    """``fid`` declared an assess action this round and has not rolled it yet."""
    f = state.fighter(fid)
    return (_manoeuvre(f) == "assess" and f.acts and not f.exhausted
            and "assess" not in f.checks_done)


def assess_explanation(state: CombatState, fid: str) -> str:
    """How the assess roll is made, for its dialog."""
    value, how = assess_value(state, state.fighter(fid))
    die = "2d10!" if state.edition == "classic" else "d20"
    target = ASSESS_TARGET[state.edition]
    return (f"{how} = {value}, + {die}, against {target}; beating it by {GOOD_SUCCESS} or "
            "more is a good success: +2 advantage on a success, +3 on a good one "
            "(RULES 3.2).")


def surprised_at_start(state: CombatState, e: AddCombatant, f: FighterState) -> FighterState:
    """RULES 3.2 surprise in the first round: while the option "surprise" is on, a
    combatant added as surprised starts with the "surprised" condition for round 1
    (it neither acts nor defends, see ``FighterState.surprised``). The condition
    itself can be set by the GM at any time without the option; the option is the
    first-round set-up. A surprised flag is refused after the first round (set the
    condition instead) and does nothing while the option is off."""
    if not e.surprised or not state.options.uses("surprise"):
        return f
    if state.round != 1:
        raise RulesError(f"surprised: {e.name} joins in round {state.round}; surprise at "
                         "the start counts only in the first round (RULES 3.2): set the "
                         "Surprised condition instead")
    return f.with_condition("surprised", 1)
