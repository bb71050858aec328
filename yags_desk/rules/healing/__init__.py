"""After the fight: first aid and healing for both editions (issue 3, part 4).

Classic: RULES 1.10 (with RULES 1.6 for the dying rolls of the Fatal and
unconscious, RULES 1.7 for fatigue). 0.8: RULES 2 and
reference/yags-0.8/combat/combat-wounds.yags, "Healing and First aid".

A patient's healing is a :class:`HealingRecord`: the starting condition
(:class:`HealingStart`) plus dated entries, each carrying its dice and the
change it made. The current condition is computed from them; undo drops the
last entry; ``to_json``/``from_json`` carry the record across sessions.
Roll builders (``first_aid``, ``hurt_check``, ``v08_weekly_healing``...) take
a ``random.Random`` or the GM's typed-in dice and return the entry to push.
``due`` says what comes next and when; ``describe`` gives one sentence per
entry.

This is a package rather than the two modules ``healing.py`` and
``healing_v08.py`` the plan named: together they ran to well over a few
hundred lines, so entries, reducers, rolls, the record, the due list and the
sentences each have a module, as the combat engine does.
"""

from __future__ import annotations

from yags_desk.rules.healing.base import ComeRound, Note, Override, Rest, Status
from yags_desk.rules.healing.classic_entries import (
    FIRST_AID_DIFFICULTY,
    RECOVERY_DAYS,
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
from yags_desk.rules.healing.classic_rolls import (
    carer_help,
    dying_roll,
    end_recovery,
    first_aid,
    hurt_check,
    light_check,
    recovery_roll,
    untended_fatigue,
)
from yags_desk.rules.healing.clock import MORNING_HOUR, GameTime, next_morning
from yags_desk.rules.healing.due import Due, due
from yags_desk.rules.healing.patient import (
    ClassicPatient,
    HealingStart,
    Patient,
    RecoveryPeriod,
    V08Patient,
    drop_one_category,
)
from yags_desk.rules.healing.record import Entry, HealingData, HealingRecord, entry_adapter
from yags_desk.rules.healing.sentences import condition, describe
from yags_desk.rules.healing.v08_entries import (
    V08Carer,
    V08FirstAid,
    V08HealthCheck,
    V08Infection,
    V08StunRecovery,
    V08WeeklyHealing,
)
from yags_desk.rules.healing.v08_rolls import (
    v08_carer,
    v08_first_aid,
    v08_health_check,
    v08_infection,
    v08_stun_recovery,
    v08_weekly_healing,
)
from yags_desk.rules.healing.waking import WAKE_HOURS, come_round

__all__ = [
    "FIRST_AID_DIFFICULTY",
    "MORNING_HOUR",
    "RECOVERY_DAYS",
    "RECOVERY_FUMBLE",
    "WAKE_HOURS",
    "CarerHelp",
    "ClassicPatient",
    "ComeRound",
    "Due",
    "DyingRoll",
    "Entry",
    "FirstAid",
    "GameTime",
    "HealingData",
    "HealingRecord",
    "HealingStart",
    "HurtCheck",
    "LightCheck",
    "Note",
    "Override",
    "Patient",
    "RecoveryEnd",
    "RecoveryPeriod",
    "RecoveryRoll",
    "Rest",
    "Status",
    "UntendedFatigue",
    "V08Carer",
    "V08FirstAid",
    "V08HealthCheck",
    "V08Infection",
    "V08Patient",
    "V08StunRecovery",
    "V08WeeklyHealing",
    "carer_bonus",
    "carer_help",
    "come_round",
    "condition",
    "describe",
    "drop_one_category",
    "due",
    "dying_roll",
    "end_recovery",
    "entry_adapter",
    "first_aid",
    "hurt_check",
    "light_check",
    "next_morning",
    "recovery_days",
    "recovery_roll",
    "untended_fatigue",
    "v08_carer",
    "v08_first_aid",
    "v08_health_check",
    "v08_infection",
    "v08_stun_recovery",
    "v08_weekly_healing",
]
