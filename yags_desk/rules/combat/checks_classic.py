"""The classic checks a fight calls for, from a pending check and dice to a Check event.

RULES 1.6: the Critical consciousness roll (stamina 20+, fumble 5, else
unconscious); the Fatal roll (fumble or under 20 dies, 20-29 unconscious,
30+ conscious; fumble chance 5, 10 for one blow of 6+ levels, +2 per level
beyond); the end-of-round Fatal roll of a conscious Fatal fighter (one who lay
still only falls unconscious on a failure); the dying roll each minute (20+,
fumble 4, until first aid); killing the helpless (:mod:`kill_classic`). RULES 1.7: fatigue rolls.
RULES 1.10: first aid. A stamina roll is Stamina + 2d10! (RULES 1.1).
"""

from __future__ import annotations

from typing import Any

from yags_desk.rules.combat.due import DYING_FUMBLE_CLASSIC, DYING_TARGET, end_of_round_due
from yags_desk.rules.combat.events import Check, Effect, check_fits, trusted
from yags_desk.rules.combat.kill_classic import kill_helpless
from yags_desk.rules.combat.state import CombatState, FighterState, Pending
from yags_desk.rules.dice import OpenRoll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.values import Value, pct

__all__ = ["DYING_FUMBLE", "DYING_TARGET", "FIRST_AID_DIFFICULTY", "all_due", "dying_due",
           "exerted", "first_aid", "kill_helpless", "resolve_check", "stamina_roll_value",
           "waive"]

DYING_FUMBLE = DYING_FUMBLE_CLASSIC  # RULES 1.6
CONSCIOUS_AT = 30  # RULES 1.6: 30+ on the Fatal roll stays conscious
# RULES 1.10: first aid difficulty by the patient's wound category.
FIRST_AID_DIFFICULTY = {"Hurt": 10, "Light": 15, "Medium": 15, "Serious": 20,
                        "Critical": 20, "Fatal": 25}
_SURVIVAL = ("critical", "fatal", "fatal_round", "dying")


def stamina_roll_value(state: CombatState, f: FighterState, kind: str) -> Value:
    """Stamina, with the wound, fatigue and load penalties where they apply."""
    value = Value.of("Stamina", f.character.attributes["stamina"])
    if kind in _SURVIVAL and not state.options.classic_survival_penalties:
        return value
    d = f.derived(state.options)
    return value.plus("wounds, fatigue and load", d.total_penalty) if d.total_penalty else value


def exerted(f: FighterState) -> bool:
    """Did the fighter exert itself this round (attack, defend, move)? (RULES 1.6)"""
    d = f.declaration
    active = d is not None and d.action not in ("rest", "wait")
    return f.attacked or f.countered or f.defended or active


def _unconscious(fid: str, dying: bool) -> tuple[Effect, ...]:
    out = [trusted(Effect, target=fid, kind="condition", name="unconscious")]
    if dying:
        out.append(trusted(Effect, target=fid, kind="condition", name="dying"))
    return tuple(out)


def _dead(fid: str) -> tuple[Effect, ...]:
    return (trusted(Effect, target=fid, kind="condition", name="dead"),)


def resolve_check(state: CombatState, pending: Pending, dice: OpenRoll, *,
                  lay_still: bool | None = None) -> Check:
    """The Check event for ``pending`` rolled with ``dice`` (2d10!).

    ``lay_still`` for an end-of-round Fatal roll: None works it out from the
    round (no attack, defence or action); True means a failure only knocks out.
    """
    if state.edition != "classic":
        raise RulesError("these are the classic checks; the encounter is 0.8")
    f = state.fighter(pending.id)
    if f.dead or f.removed:
        raise RulesError(f"{f.name} is {f.why_not if f.removed else 'dead'}; no roll is due")
    kind = pending.kind
    if kind not in ("critical", "fatal", "fatal_round", "dying", "fatigue"):
        raise RulesError(f"kind: a {kind} roll is not made with resolve_check")
    value = stamina_roll_value(state, f, kind)
    total = value.total + dice.total
    fumble_chance = DYING_FUMBLE if kind == "dying" else pending.fumble_chance
    fumble = dice.is_fumble(fumble_chance)
    target = DYING_TARGET if kind == "dying" else pending.target
    passed = not fumble and total >= target
    effects: tuple[Effect, ...] = ()
    if kind == "critical":
        outcome = "stays conscious" if passed else "falls unconscious"
        effects = () if passed else _unconscious(f.id, False)
    elif kind == "fatigue":
        outcome = "keeps going" if passed else "tires: +1 short-term fatigue"
        effects = () if passed else (trusted(Effect, target=f.id, kind="fatigue_short",
                                             amount=1),)
    elif kind == "dying":
        outcome = "survives the minute" if passed else "dies"
        effects = () if passed else _dead(f.id)
    else:
        still = (not exerted(f)) if lay_still is None else lay_still
        if kind == "fatal_round" and still:
            outcome = "lies still and stays conscious" if passed else "lies still and passes out"
            effects = () if passed else _unconscious(f.id, True)
        elif fumble or total < target:
            outcome, passed = "dies", False
            effects = _dead(f.id)
        elif total < CONSCIOUS_AT:
            outcome, passed = "lives, unconscious", True
            effects = _unconscious(f.id, True)
        else:
            outcome = "lives and stays conscious"
    fields: dict[str, Any] = dict(
        id=f.id, kind=kind, dice=dice.dice, total=total, target=target,
        fumble_chance=fumble_chance, fumble=fumble, passed=passed, outcome=outcome,
        effects=effects)
    # The engine's own values (events.trusted); numbers past the event's limits (a
    # Fatal roll's fumble chance after many levels beyond) are refused by validation
    # as before.
    return (trusted(Check, **fields) if check_fits(total, target, fumble_chance)
            else Check(**fields))


def waive(state: CombatState, pending: Pending, reason: str) -> Check:
    """The GM sets a required check aside; the reason is logged."""
    f = state.fighter(pending.id)
    if not reason.strip():
        raise RulesError("reason: say why the roll is waived")
    return Check(id=f.id, kind=pending.kind, target=pending.target, passed=True,
                 outcome=f"waived by the GM: {reason.strip()}", note=reason.strip())


def first_aid(state: CombatState, healer_id: str, patient_id: str, dice: OpenRoll) -> Check:
    """Dexterity x First aid% + 2d10! against the patient's wound category
    (RULES 1.10); success tends the wounds and stops the dying rolls."""
    h, p = state.fighter(healer_id), state.fighter(patient_id)
    if not h.can_act:
        raise RulesError(f"{h.name} is {h.why_not} and cannot give first aid")
    if p.dead or p.wounds == 0:
        raise RulesError(f"{p.name} has no wounds to tend (RULES 1.10)")
    c = h.character
    d = h.derived(state.options)
    value = pct(c.attributes["dexterity"], c.skill("First aid")) + d.total_penalty
    target = FIRST_AID_DIFFICULTY[p.wound_category()]
    total = value + dice.total
    fumble = dice.is_fumble(state.options.classic_fumble_chance)
    passed = not fumble and total >= target
    return Check(id=h.id, kind="first_aid", against=p.id, dice=dice.dice, total=total,
                 target=target, fumble_chance=state.options.classic_fumble_chance,
                 fumble=fumble, passed=passed,
                 outcome=f"tends {p.name}" if passed else f"fails to help {p.name}",
                 effects=(Effect(target=p.id, kind="first_aid"),) if passed else ())


def dying_due(state: CombatState) -> list[Pending]:
    """Every fighter unconscious through a Fatal wound and untended, whether or not
    its minute is up (``due.end_of_round_due`` asks for the roll when it is)."""
    return [Pending(f.id, "dying", DYING_TARGET, DYING_FUMBLE) for f in state.active()
            if f.dying]


def all_due(state: CombatState) -> list[Pending]:
    """Everything the GM must roll now: pending checks, then end-of-round ones."""
    return [*state.pending, *end_of_round_due(state)]

