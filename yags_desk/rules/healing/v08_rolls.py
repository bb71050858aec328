"""0.8 healing rolls: from the patient, the time and a d20 to an entry
(reference/yags-0.8/combat/combat-wounds.yags).

Every roll takes ``die``: a ``random.Random`` to roll with, or the face of
the d20 the GM typed in. Each builder refuses, naming the rule, before the
die is rolled.
"""

from __future__ import annotations

import random

from yags_desk.rules.character import Character
from yags_desk.rules.dice import D20Roll, d20_from_typed, roll_d20
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.clock import GameTime
from yags_desk.rules.healing.patient import V08Patient
from yags_desk.rules.healing.v08 import (
    SOURCE,
    check_first_aid,
    check_health_check,
    check_infection,
    check_stun_recovery,
    check_weekly_healing,
    first_aid_target,
    health_check_outcome,
    untended_reason,
)
from yags_desk.rules.healing.v08_entries import (
    HEALTH_CHECK_TARGET,
    V08_DEFAULT_FUMBLE,
    V08_FATAL,
    V08Carer,
    V08FirstAid,
    V08HealthCheck,
    V08Infection,
    V08StunRecovery,
    V08WeeklyHealing,
    levels_of_success,
    self_care_bonus,
)
from yags_desk.rules.options import RulesOptions
from yags_desk.rules.tracks import v08_stun_level, v08_wound_level

__all__ = [
    "Die",
    "d20",
    "v08_carer",
    "v08_first_aid",
    "v08_health_check",
    "v08_infection",
    "v08_stun_recovery",
    "v08_weekly_healing",
]

Die = random.Random | int


def d20(die: Die) -> D20Roll:
    """A d20 rolled with ``die`` (a Random) or the face typed in."""
    if isinstance(die, random.Random):
        return D20Roll(roll_d20(die))
    return d20_from_typed(die)


def _v08(c: Character, role: str) -> None:
    if c.edition != "0.8":
        raise RulesError(f"{role}: {c.name} is a {c.edition} character; this is a 0.8 patient")


def v08_carer(carer: Character, self_care: bool = False) -> V08Carer:
    """A carer's bonus to the weekly roll: their First aid score, halved (round up)
    when the patients look after themselves (combat-wounds.yags)."""
    _v08(carer, "carer")
    score = carer.skill("First aid")
    if score <= 0:
        raise RulesError(f"carer: {carer.name} has no First aid skill ({SOURCE})")
    return V08Carer(carer=carer.name, first_aid=score, self_care=self_care,
                    bonus=self_care_bonus(score) if self_care else score)


def v08_first_aid(p: V08Patient, at: GameTime, die: Die, treats: str = "wounds",
                  healer: Character | None = None, modifier: int = 0,
                  fumble_chance: int = V08_DEFAULT_FUMBLE) -> V08FirstAid:
    """Intelligence x First aid + d20 on the wounds or the stuns (combat-wounds.yags).

    ``healer`` None: the patient tends themselves, with their full penalties.
    """
    if treats not in ("wounds", "stuns"):
        raise RulesError(f"treats: first aid treats wounds or stuns, not {treats!r}")
    check_first_aid(p, treats)
    if healer is None and p.status != "awake":  # the unconscious tend nobody (RULES 2)
        raise RulesError(f"healer: {p.name} is {p.status} and cannot tend their own wounds; "
                         f"someone else must give first aid ({SOURCE})")
    who = p.character if healer is None else healer
    _v08(who, "healer")
    skill = who.skill("First aid")
    if skill <= 0:
        raise RulesError(f"healer: {who.name} has no First aid skill ({SOURCE})")
    if healer is None:
        penalty = p.penalty
    else:
        track = RulesOptions(v08_old_wound_penalties=p.old_penalties).v08_track()
        penalty = v08_wound_level(healer.wounds, track)[1] + v08_stun_level(healer.stuns,
                                                                            track)[1]
    roll = d20(die)
    base = who.attr("intelligence") * skill
    total = base + penalty + modifier + roll.natural
    fumble = roll.is_fumble(fumble_chance)
    target = first_aid_target(p, treats)
    success = not fumble and total >= target
    levels = levels_of_success(total, target) if success else 0
    healed = min(p.stuns, levels) if treats == "stuns" else (1 if levels >= 2 else 0)
    return V08FirstAid(at=at, treats="stuns" if treats == "stuns" else "wounds",
                       healer=who.name, self_aid=healer is None, base=base, penalty=penalty,
                       modifier=modifier, natural=roll.natural, total=total,
                       fumble_chance=fumble_chance, fumble=fumble, target=target,
                       success=success, healed=healed)


def v08_health_check(p: V08Patient, at: GameTime, die: Die, modifier: int = 0) -> V08HealthCheck:
    """Health x 4 + d20 against 20 for the check untended wounds call for now
    (fatal, critical or untended; combat-wounds.yags)."""
    reason = untended_reason(p)
    check_health_check(p, at, reason or "untended")
    assert reason is not None
    roll = d20(die)
    health = p.character.attr("health")
    total = 4 * health + modifier + roll.natural
    fumble = roll.is_fumble()
    success = not fumble and total >= HEALTH_CHECK_TARGET
    return V08HealthCheck(
        at=at, reason=reason,
        health=health, modifier=modifier, natural=roll.natural, total=total, fumble=fumble,
        target=HEALTH_CHECK_TARGET, success=success,
        outcome=health_check_outcome(p, reason, success, fumble))


def v08_weekly_healing(p: V08Patient, at: GameTime, die: Die, carer: V08Carer | None = None,
                       modifier: int = 0) -> V08WeeklyHealing:
    """Health x 4 + d20 (+ carer) against 10 + half the penalties (combat-wounds.yags)."""
    check_weekly_healing(p, at)
    roll = d20(die)
    health = p.character.attr("health")
    total = 4 * health + modifier + (carer.bonus if carer else 0) + roll.natural
    fumble = roll.is_fumble()
    target = p.healing_target(10)
    success = not fumble and total >= target
    outcome = ("healed" if success else
               ("dead" if p.wounds >= V08_FATAL else "worse") if fumble else "none")
    return V08WeeklyHealing(at=at, health=health, carer=carer, modifier=modifier,
                            natural=roll.natural, total=total, fumble=fumble, target=target,
                            success=success, outcome=outcome)


def v08_stun_recovery(p: V08Patient, at: GameTime, die: Die,
                      modifier: int = 0) -> V08StunRecovery:
    """Each morning: Health x 4 + d20 against 0 + half the penalties; each level of
    success heals a stun (combat-wounds.yags)."""
    check_stun_recovery(p, at)
    roll = d20(die)
    health = p.character.attr("health")
    total = 4 * health + modifier + roll.natural
    fumble = roll.is_fumble()
    target = p.healing_target(0)
    success = not fumble and total >= target
    healed = min(p.stuns, levels_of_success(total, target)) if success else 0
    return V08StunRecovery(at=at, health=health, modifier=modifier, natural=roll.natural,
                           total=total, fumble=fumble, target=target, success=success,
                           healed=healed)


def v08_infection(p: V08Patient, at: GameTime) -> V08Infection:
    """A day of infection: one more wound, death when it would reach Fatal."""
    check_infection(p, at)
    return V08Infection(at=at, outcome="dead" if p.wounds + 1 >= V08_FATAL else "worse")
