"""One healing entry for a thing due, with the dice rolled or typed by the GM.

The healing record view records what :func:`~yags_desk.rules.healing.due`
lists; this picks the roll builder for the item's kind (classic: RULES 1.10,
1.6, 1.7; 0.8: RULES 2 and combat-wounds.yags) and hands it the patient, the
time, the dice and the helpers. The builders refuse, naming the rule, before
any die is used, and typed dice that a 2d10! or d20 cannot show are refused
with the die named (RULES 1.1, RULES 2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from yags_desk.rules.character import Character
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.base import Rest
from yags_desk.rules.healing.classic_entries import CARER_SKILLS, CarerHelp
from yags_desk.rules.healing.classic_rolls import (
    carer_help,
    dying_roll,
    end_recovery,
    first_aid,
    hurt_check,
    light_check,
    recovery_roll,
    untended_fatigue,
    untended_owed,
)
from yags_desk.rules.healing.clock import GameTime
from yags_desk.rules.healing.patient import ClassicPatient, Patient
from yags_desk.rules.healing.record import Entry, apply
from yags_desk.rules.healing.v08_entries import V08Carer
from yags_desk.rules.healing.v08_rolls import (
    v08_carer,
    v08_first_aid,
    v08_health_check,
    v08_infection,
    v08_stun_recovery,
    v08_weekly_healing,
)
from yags_desk.rules.healing.waking import come_round

__all__ = ["NO_DICE", "Dice", "carer_problem", "classic_carer", "make_entries", "make_entry",
           "v08_carer_for"]

# Due kinds whose entry uses no dice: what they change follows from the rules alone.
NO_DICE = frozenset({"untended_fatigue", "recovery_end", "rest", "v08_infection",
                     "override", "come_round"})

Dice = random.Random | Sequence[int] | int


def carer_problem(carer: Character) -> str:
    """Why ``carer`` can do nothing for patients, or "" when they can help.

    Classic (RULES 1.10): first aid and the carer's bonus need First aid or
    Chirurgery. 0.8 (combat-wounds.yags): both need First aid.
    """
    if carer.edition == "classic":
        if carer.skill("First aid") <= 0 and carer.skill("Chirurgery") <= 0:
            return (f"{carer.name} has neither First aid nor Chirurgery, so can give no "
                    "first aid and add nothing to the patients' healing rolls (RULES 1.10)")
        return ""
    if carer.skill("First aid") <= 0:
        return (f"{carer.name} has no First aid, so can give no first aid and add nothing "
                "to the weekly healing roll (combat-wounds.yags)")
    return ""


def classic_carer(p: ClassicPatient, carer: Character | None, dice: random.Random | Sequence[int],
                  patients: int = 1) -> CarerHelp | None:
    """The carer's roll for ``p``: First aid for Hurt and Light when the carer has it,
    else Chirurgery; None when the carer has neither skill for this wound (RULES 1.10)."""
    if carer is None:
        return None
    for skill in ("First aid", "Chirurgery"):
        if p.category in CARER_SKILLS[skill] and carer.skill(skill) > 0:
            return carer_help(carer, skill, dice, patients)
    return None


def v08_carer_for(carer: Character | None) -> V08Carer | None:
    """A 0.8 carer helps the weekly roll with First aid (combat-wounds.yags)."""
    if carer is None or carer.skill("First aid") <= 0:
        return None
    return v08_carer(carer)


def _two_d10(dice: Dice) -> random.Random | Sequence[int]:
    if isinstance(dice, int):
        raise RulesError("dice: a 2d10! roll takes at least two dice (RULES 1.1)")
    return dice


def _d20(dice: Dice) -> random.Random | int:
    if isinstance(dice, random.Random) or isinstance(dice, int):
        return dice
    if len(dice) != 1:
        raise RulesError(f"dice: type one d20 (typed {len(dice)} numbers; RULES 2)")
    return dice[0]


def make_entry(p: Patient, kind: str, at: GameTime, dice: Dice, *,
               healer: Character | None = None, carer: Character | None = None,
               carer_dice: random.Random | Sequence[int] | None = None, patients: int = 1,
               treats: str = "wounds", rest: str = "short") -> Entry:
    """The entry of ``kind`` (a :class:`~yags_desk.rules.healing.Due` kind) for ``p`` at
    ``at``. ``healer`` None: the patient gives their own first aid. RulesError if the
    rules refuse it now."""
    if isinstance(p, ClassicPatient):
        help_dice = carer_dice if carer_dice is not None else random.Random()
        if kind == "first_aid":
            return first_aid(p, at, _two_d10(dice), healer)
        if kind == "untended_fatigue":
            return untended_fatigue(p, at)
        if kind == "hurt_check":
            return hurt_check(p, at, _two_d10(dice), classic_carer(p, carer, help_dice,
                                                                    patients))
        if kind == "light_check":
            return light_check(p, at, _two_d10(dice), classic_carer(p, carer, help_dice,
                                                                    patients))
        if kind == "recovery_roll":
            return recovery_roll(p, at, _two_d10(dice), classic_carer(p, carer, help_dice,
                                                                      patients))
        if kind == "recovery_end":
            return end_recovery(p, at)
        if kind == "dying_roll":
            return dying_roll(p, at, _two_d10(dice))
    else:
        if kind == "v08_first_aid":
            return v08_first_aid(p, at, _d20(dice), treats, healer)
        if kind == "v08_health_check":
            return v08_health_check(p, at, _d20(dice))
        if kind == "v08_weekly_healing":
            return v08_weekly_healing(p, at, _d20(dice), v08_carer_for(carer))
        if kind == "v08_stun_recovery":
            return v08_stun_recovery(p, at, _d20(dice))
        if kind == "v08_infection":
            return v08_infection(p, at)
    if kind == "come_round":
        return come_round(p, at)
    if kind == "rest":
        return Rest(at=at, length="night" if rest == "night" else "short")
    raise RulesError(f"kind: {kind.replace('_', ' ')} is not something to roll for "
                     f"{p.name} here; use a GM override")


def make_entries(p: Patient, kind: str, at: GameTime, dice: Dice, *,
                 healer: Character | None = None, carer: Character | None = None,
                 carer_dice: random.Random | Sequence[int] | None = None, patients: int = 1,
                 treats: str = "wounds", rest: str = "short") -> list[Entry]:
    """The entries that record ``kind`` for ``p`` at ``at``: :func:`make_entry`'s, after
    the untended hours up to ``at`` when some are owed (classic, RULES 1.10), as the
    due list shows them (due.py [decision]). Push them in order, as one step."""
    first: list[Entry] = []
    counted = None if kind == "untended_fatigue" else untended_owed(p, at)
    if counted is not None:
        first = [counted]
        p = apply(p, counted)
    return [*first, make_entry(p, kind, at, dice, healer=healer, carer=carer,
                               carer_dice=carer_dice, patients=patients, treats=treats,
                               rest=rest)]
