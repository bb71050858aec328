"""Classic healing rolls: from the patient, the time and the dice to an entry.

Every roll takes ``dice``: a ``random.Random`` to roll with, or the dice the
GM typed in (``2d10!`` as typed, RULES 1.1). Each builder refuses, naming the
rule, before any die is rolled; the entry it returns is then pushed on the
patient's :class:`HealingRecord`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from yags_desk.rules.character import Character
from yags_desk.rules.dice import OpenRoll, open_roll_from_typed, roll_2d10x
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.classic import (
    check_carer,
    check_dying_roll,
    check_first_aid,
    check_hurt_check,
    check_light_check,
    check_recovery_end,
    check_recovery_roll,
    check_untended_fatigue,
    recovery_end_outcome,
    untended_hours,
)
from yags_desk.rules.healing.classic_entries import (
    DEFAULT_FUMBLE,
    DYING_FUMBLE,
    DYING_TARGET,
    FIRST_AID_DIFFICULTY,
    HEALING_TARGET,
    RECOVERY_FUMBLE,
    CarerHelp,
    DyingRoll,
    FirstAid,
    HurtCheck,
    LightCheck,
    RecoveryEnd,
    RecoveryRoll,
    UntendedFatigue,
    carer_bonus,
    recovery_days,
)
from yags_desk.rules.healing.clock import GameTime
from yags_desk.rules.healing.patient import ClassicPatient, Patient
from yags_desk.rules.tracks import classic_level
from yags_desk.rules.values import pct

__all__ = [
    "Dice",
    "carer_help",
    "dying_roll",
    "end_recovery",
    "first_aid",
    "hurt_check",
    "light_check",
    "open_roll",
    "recovery_roll",
    "untended_fatigue",
    "untended_owed",
]

Dice = random.Random | Sequence[int]


def open_roll(dice: Dice) -> OpenRoll:
    """2d10! rolled with ``dice`` (a Random) or read from the typed-in dice."""
    if isinstance(dice, random.Random):
        return roll_2d10x(dice)
    return open_roll_from_typed(dice)


def _penalty(c: Character) -> int:
    """Wound and fatigue penalties of someone making a skill roll (RULES 1.4)."""
    return (classic_level(c.body_boxes, c.wounds)[1]
            + classic_level(c.fatigue_boxes, c.fatigue_short + c.fatigue_long)[1])


def _classic(c: Character, role: str) -> None:
    if c.edition != "classic":
        raise RulesError(f"{role}: {c.name} is a {c.edition} character; this is a classic "
                         "patient")


def carer_help(carer: Character, skill: str, dice: Dice, patients: int = 1) -> CarerHelp:
    """The carer's roll: Intelligence x skill% + 2d10! (RULES 1.10).

    ``skill`` is "First aid" (helps Hurt and Light patients) or "Chirurgery"
    (any); the bonus is half the total shared among ``patients``.
    """
    _classic(carer, "carer")
    if skill not in ("First aid", "Chirurgery"):
        raise RulesError(f"carer: {skill!r} does not help healing; use First aid or "
                         "Chirurgery (RULES 1.10)")
    value = carer.skill(skill)
    if value <= 0:
        raise RulesError(f"carer: {carer.name} has no {skill} skill (RULES 1.10)")
    if not 1 <= patients <= 50:
        raise RulesError(f"patients: {patients}; a carer looks after 1 to 50 patients")
    roll = open_roll(dice)
    base = pct(carer.attr("intelligence"), value)
    penalty = _penalty(carer)
    total = base + penalty + roll.total
    fumble = roll.is_fumble(DEFAULT_FUMBLE)
    return CarerHelp(carer=carer.name, skill="Chirurgery" if skill == "Chirurgery"
                     else "First aid", base=base, penalty=penalty, dice=roll.dice,
                     total=total, fumble=fumble, patients=patients,
                     bonus=carer_bonus(total, patients, fumble))


def first_aid(p: ClassicPatient, at: GameTime, dice: Dice, healer: Character | None = None,
              modifier: int = 0, fumble_chance: int = DEFAULT_FUMBLE) -> FirstAid:
    """Dexterity x First aid% + 2d10! against the patient's category (RULES 1.10).

    ``healer`` None: the patient tends their own wounds, with their current
    penalties. [decision] First aid needs the First aid skill: the source
    speaks of being tended "by someone with the first aid skill" (RULES 1.6).
    """
    check_first_aid(p, at)
    if healer is None and p.status != "awake":  # the unconscious tend nobody (RULES 1.6)
        raise RulesError(f"healer: {p.name} is {p.status} and cannot tend their own wounds; "
                         "someone else must give first aid (RULES 1.6, 1.10)")
    who = p.character if healer is None else healer
    _classic(who, "healer")
    skill = who.skill("First aid")
    if skill <= 0:
        raise RulesError(f"healer: {who.name} has no First aid skill (RULES 1.10, 1.6)")
    penalty = p.penalty if healer is None else _penalty(healer)
    roll = open_roll(dice)
    base = pct(who.attr("dexterity"), skill)
    total = base + penalty + modifier + roll.total
    fumble = roll.is_fumble(fumble_chance)
    target = FIRST_AID_DIFFICULTY[p.category]
    return FirstAid(at=at, healer=who.name, self_aid=healer is None, base=base,
                    penalty=penalty, modifier=modifier, dice=roll.dice, total=total,
                    fumble_chance=fumble_chance, fumble=fumble, category=p.category,
                    target=target, success=not fumble and total >= target)


def untended_fatigue(p: ClassicPatient, at: GameTime) -> UntendedFatigue:
    """+1 long-term fatigue per full hour untended up to ``at`` (RULES 1.10)."""
    hours = check_untended_fatigue(p, at)
    room = p.fatigue_capacity - p.fatigue_short - p.fatigue_long
    return UntendedFatigue(at=at, hours=hours, levels=min(hours, room))


def untended_owed(p: Patient, at: GameTime) -> UntendedFatigue | None:
    """The untended hours that must be counted before anything else is recorded for
    ``p`` at ``at`` (classic, RULES 1.10: +1 long-term fatigue per hour untended), or
    None when none are owed (0.8, dead or in a coma, tended, or under an hour)."""
    if (isinstance(p, ClassicPatient) and p.status in ("awake", "unconscious")
            and untended_hours(p, at) >= 1):
        return untended_fatigue(p, at)
    return None


def _stamina_check(p: ClassicPatient, dice: Dice, carer: CarerHelp | None,
                   modifier: int) -> tuple[OpenRoll, int, int, bool]:
    check_carer(p, carer)
    roll = open_roll(dice)
    stamina = p.character.attr("stamina")
    total = stamina + modifier + (carer.bonus if carer else 0) + roll.total
    return roll, stamina, total, roll.is_fumble(DEFAULT_FUMBLE)


# The two rest checks differ only in when they are allowed and what they are called.
RestCheck = TypeVar("RestCheck", HurtCheck, LightCheck)


def _rest_check(entry: type[RestCheck], p: ClassicPatient, at: GameTime, dice: Dice,
                carer: CarerHelp | None, modifier: int) -> RestCheck:
    roll, stamina, total, fumble = _stamina_check(p, dice, carer, modifier)
    return entry(at=at, stamina=stamina, carer=carer, modifier=modifier, dice=roll.dice,
                 total=total, fumble_chance=DEFAULT_FUMBLE, fumble=fumble,
                 target=HEALING_TARGET, success=not fumble and total >= HEALING_TARGET)


def hurt_check(p: ClassicPatient, at: GameTime, dice: Dice, carer: CarerHelp | None = None,
               modifier: int = 0) -> HurtCheck:
    """Stamina + 2d10! (+ carer) against 15 after an hour's rest (RULES 1.10)."""
    check_hurt_check(p, at)
    return _rest_check(HurtCheck, p, at, dice, carer, modifier)


def light_check(p: ClassicPatient, at: GameTime, dice: Dice, carer: CarerHelp | None = None,
                modifier: int = 0) -> LightCheck:
    """Stamina + 2d10! (+ carer) against 15 after a night's rest (RULES 1.10)."""
    check_light_check(p, at)
    return _rest_check(LightCheck, p, at, dice, carer, modifier)


def recovery_roll(p: ClassicPatient, at: GameTime, dice: Dice, carer: CarerHelp | None = None,
                  modifier: int = 0) -> RecoveryRoll:
    """Stamina + 2d10! (+ carer) on the recovery-days table (RULES 1.10)."""
    check_recovery_roll(p, at)
    check_carer(p, carer)
    roll = open_roll(dice)
    stamina = p.character.attr("stamina")
    total = stamina + modifier + (carer.bonus if carer else 0) + roll.total
    chance = RECOVERY_FUMBLE[p.category]
    return RecoveryRoll(at=at, category=p.category, stamina=stamina, carer=carer,
                        modifier=modifier, dice=roll.dice, total=total, fumble_chance=chance,
                        fumble=roll.is_fumble(chance), days=recovery_days(p.category, total))


def end_recovery(p: ClassicPatient, at: GameTime) -> RecoveryEnd:
    """The end of the running recovery period (RULES 1.10)."""
    period = check_recovery_end(p, at)
    return RecoveryEnd(at=at, category=period.category,
                       outcome=recovery_end_outcome(p, period))


def dying_roll(p: ClassicPatient, at: GameTime, dice: Dice, modifier: int = 0) -> DyingRoll:
    """Unconscious at Fatal and untended: stamina 20+ (fumble 4) or death (RULES 1.6)."""
    check_dying_roll(p, at)
    roll = open_roll(dice)
    stamina = p.character.attr("stamina")
    total = stamina + modifier + roll.total
    fumble = roll.is_fumble(DYING_FUMBLE)
    return DyingRoll(at=at, stamina=stamina, modifier=modifier, dice=roll.dice, total=total,
                     fumble_chance=DYING_FUMBLE, fumble=fumble, target=DYING_TARGET,
                     success=not fumble and total >= DYING_TARGET)
