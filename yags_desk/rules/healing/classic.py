"""The classic healing reducer: a patient's condition after one entry (RULES 1.10).

``apply_classic(patient, entry)`` returns the new condition or raises
:class:`RulesError` naming the rule that forbids the entry; it never changes
``patient``. The ``check_*`` functions hold the conditions, so the roll
builders refuse before any die is rolled.

[decision] The patient's own healing rolls (Hurt, Light, recovery table,
dying roll) are plain stamina + 2d10! without wound or fatigue penalties:
the source calls them "straight" stamina rolls and the table already grows
with the wound. The healer's and the carer's rolls are skill rolls and take
their own wound and fatigue penalties (RULES 1.4).
"""

from __future__ import annotations

from dataclasses import replace

from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.base import ComeRound, Note, Override, Rest
from yags_desk.rules.healing.classic_entries import (
    CARER_SKILLS,
    DYING_FUMBLE,
    DYING_TARGET,
    HEALING_TARGET,
    RECOVERY_DAYS,
    CarerHelp,
    DyingRoll,
    FirstAid,
    HurtCheck,
    LightCheck,
    RecoveryEnd,
    RecoveryRoll,
    UntendedFatigue,
)
from yags_desk.rules.healing.clock import GameTime, next_morning
from yags_desk.rules.healing.patient import (
    ClassicPatient,
    RecoveryPeriod,
    collapsed,
    drop_one_category,
)
from yags_desk.rules.healing.waking import check_come_round, settle_waking, woken_by_aid
from yags_desk.rules.words import counted

__all__ = [
    "ClassicEntry",
    "apply_classic",
    "check_carer",
    "check_dying_roll",
    "check_first_aid",
    "check_hurt_check",
    "check_light_check",
    "check_recovery_end",
    "check_recovery_roll",
    "check_untended_fatigue",
    "next_hurt_check",
    "next_light_check",
    "recovery_end_outcome",
    "untended_hours",
]

ClassicEntry = (FirstAid | UntendedFatigue | HurtCheck | LightCheck | RecoveryRoll | RecoveryEnd
                | DyingRoll | Rest | ComeRound | Override | Note)


def _plural(n: int, word: str) -> str:
    return counted(n, word)


def untended_hours(p: ClassicPatient, at: GameTime) -> int:
    """Full hours since untended fatigue was last counted (0 when it does not run)."""
    if not p.untended_fatigue_runs:
        return 0
    return max(0, at.hours_since(p.fatigue_counted_to))


def _require_counted(p: ClassicPatient, at: GameTime, what: str) -> None:
    hours = untended_hours(p, at)
    if hours >= 1:
        raise RulesError(f"{what}: {p.name}'s wounds went untended for "
                         f"{_plural(hours, 'hour')} since {p.fatigue_counted_to}; record "
                         "that long-term fatigue first (RULES 1.10)")


def _require_alive(p: ClassicPatient, what: str) -> None:
    if p.status in ("dead", "coma"):
        state = "dead" if p.status == "dead" else "in a coma that ends in death (RULES 1.10)"
        raise RulesError(f"{what}: {p.name} is {state}; only a note or a GM override can "
                         "follow")


def _require_tended(p: ClassicPatient, what: str) -> None:
    _require_alive(p, what)
    if p.wounds == 0:
        raise RulesError(f"{what}: {p.name} is not wounded")
    if not p.tended:
        raise RulesError(f"{what}: {p.name}'s wounds heal only once first aid has tended "
                         "them (RULES 1.10)")


def check_first_aid(p: ClassicPatient, at: GameTime) -> None:
    _require_alive(p, "first aid")
    if p.wounds == 0:
        raise RulesError(f"first aid: {p.name} is not wounded (RULES 1.10)")
    if p.tended:
        raise RulesError(f"first aid: {p.name}'s wounds are already tended (RULES 1.10)")
    _require_counted(p, at, "first aid")


def check_untended_fatigue(p: ClassicPatient, at: GameTime) -> int:
    """The untended hours to count now; refuses when untended fatigue does not apply."""
    what = "untended fatigue"
    _require_alive(p, what)
    if p.wounds == 0:
        raise RulesError(f"{what}: {p.name} is not wounded (RULES 1.10)")
    if p.tended:
        raise RulesError(f"{what}: {p.name}'s wounds are tended (RULES 1.10)")
    if p.category == "Fatal":
        raise RulesError(f"{what}: Fatal wounds give none; the dying rolls take its place "
                         "(RULES 1.10, 1.6)")
    hours = untended_hours(p, at)
    if hours < 1:
        raise RulesError(f"{what}: no full hour has passed since {p.fatigue_counted_to} "
                         "(RULES 1.10)")
    return hours


def next_hurt_check(p: ClassicPatient) -> GameTime:
    """An hour's rest after the tending or the last check (RULES 1.10)."""
    return p.since.plus(hours=1)


def next_light_check(p: ClassicPatient) -> GameTime:
    """A night's rest after the tending or the last check (RULES 1.10)."""
    return next_morning(p.since)


def check_hurt_check(p: ClassicPatient, at: GameTime) -> None:
    _require_tended(p, "Hurt check")
    if p.category != "Hurt":
        raise RulesError(f"Hurt check: {p.name} is {p.category}, not Hurt (RULES 1.10)")
    if at < next_hurt_check(p):
        raise RulesError(f"Hurt check: an hour's rest comes first; the next check is at "
                         f"{next_hurt_check(p)} (RULES 1.10)")


def check_light_check(p: ClassicPatient, at: GameTime) -> None:
    _require_tended(p, "Light check")
    if p.category != "Light":
        raise RulesError(f"Light check: {p.name} is {p.category}, not Light (RULES 1.10)")
    if at < next_light_check(p):
        raise RulesError(f"Light check: a night's rest comes first; the next check is at "
                         f"{next_light_check(p)} (RULES 1.10)")


def check_recovery_roll(p: ClassicPatient, at: GameTime) -> None:
    _require_tended(p, "recovery roll")
    if p.category not in RECOVERY_DAYS:
        raise RulesError(f"recovery roll: {p.category} wounds heal by the hourly or nightly "
                         "stamina roll, not the recovery-days table (RULES 1.10)")
    if p.period is not None:
        raise RulesError(f"recovery roll: the recovery period for {p.period.category} runs "
                         f"until {p.period.end} (RULES 1.10)")


def check_recovery_end(p: ClassicPatient, at: GameTime) -> RecoveryPeriod:
    _require_alive(p, "recovery end")
    if p.period is None:
        raise RulesError(f"recovery end: {p.name} has no recovery period running (RULES 1.10)")
    if at < p.period.end:
        raise RulesError(f"recovery end: the period for {p.period.category} ends at "
                         f"{p.period.end}, not before (RULES 1.10)")
    return p.period


def recovery_end_outcome(p: ClassicPatient, period: RecoveryPeriod) -> str:
    """healed, worse (a fumbled roll) or dead (a fumbled roll while Fatal) (RULES 1.10)."""
    if not period.fumbled:
        return "healed"
    return "dead" if p.category == "Fatal" else "worse"


def check_dying_roll(p: ClassicPatient, at: GameTime) -> None:
    what = "dying roll"
    _require_alive(p, what)
    if p.category != "Fatal":
        raise RulesError(f"{what}: only Fatal wounds call for it; {p.name} is {p.category} "
                         "(RULES 1.6)")
    if p.tended:
        raise RulesError(f"{what}: first aid has tended {p.name}; the rolls have stopped "
                         "(RULES 1.6)")
    if p.status != "unconscious":
        raise RulesError(f"{what}: {p.name} is awake; the rolls each minute are for the "
                         "unconscious (RULES 1.6)")


def check_carer(p: ClassicPatient, carer: CarerHelp | None) -> None:
    if carer is None:
        return
    if p.category not in CARER_SKILLS[carer.skill]:
        raise RulesError(f"carer: {carer.skill} helps only Hurt and Light patients; "
                         f"{p.name} is {p.category} and needs a carer with Chirurgery "
                         "(RULES 1.10)")


def _same(what: str, recorded: object, expected: object) -> None:
    if recorded != expected:
        raise RulesError(f"{what}: the entry says {recorded}, the rules give {expected}")


def _stamina(p: ClassicPatient, recorded: int) -> None:
    _same("stamina", recorded, p.character.attr("stamina"))


def _with_wounds(p: ClassicPatient, wounds: int, at: GameTime) -> ClassicPatient:
    return replace(p, wounds=wounds, since=at, period=None)


def _fatigue(p: ClassicPatient, short: int, long: int, at: GameTime) -> ClassicPatient:
    """New fatigue levels. RULES 1.7 [decision]: the track filling collapses the patient
    unconscious; the track no longer full brings a collapsed patient round at once
    (patient.collapsed says why)."""
    full = short + long >= p.fatigue_capacity
    new = replace(p, fatigue_short=short, fatigue_long=long, collapsed=full,
                  collapsed_at=(p.collapsed_at or at) if full else None)
    if full and not p.collapsed and p.status == "awake":
        return replace(new, status="unconscious", wakes_at=None, woken_by_aid=False,
                       woken_by_rest=False)
    if not full and collapsed(p):
        return replace(new, wakes_at=at, woken_by_aid=False, woken_by_rest=True)
    return new


def _override(p: ClassicPatient, e: Override) -> ClassicPatient:
    if e.stuns is not None or e.infected is not None:
        raise RulesError("override: stuns and infection are 0.8 rules (RULES 2); classic "
                         "uses fatigue and the recovery table")
    if e.wounds is not None:
        if e.wounds > p.capacity:
            raise RulesError(f"wounds: {e.wounds} is more than the {p.capacity} body-level "
                             "boxes of the track (RULES 1.6)")
        if e.wounds != p.wounds:
            p = _with_wounds(p, e.wounds, e.at)
    short = p.fatigue_short if e.fatigue_short is None else e.fatigue_short
    long = p.fatigue_long if e.fatigue_long is None else e.fatigue_long
    if short + long > p.fatigue_capacity:
        raise RulesError(f"fatigue_short: {short} short and {long} long-term is more than "
                         f"the {p.fatigue_capacity} boxes of the fatigue track (RULES 1.7)")
    p = _fatigue(p, short, long, e.at)
    if e.tended is not None and e.tended != p.tended:
        p = replace(p, tended=e.tended, since=e.at)
    if e.status is not None:
        p = replace(p, status=e.status)
    if e.recovery_days is not None:
        if p.period is None:
            raise RulesError("recovery_days: no recovery period is running (RULES 1.10)")
        p = replace(p, period=replace(p.period, days=e.recovery_days))
    return p


def _apply(p: ClassicPatient, e: ClassicEntry) -> ClassicPatient:
    at = e.at
    if isinstance(e, (Note, Override)):
        return _override(p, e) if isinstance(e, Override) else p
    _require_alive(p, e.kind.replace("_", " "))
    if isinstance(e, UntendedFatigue):
        _same("hours", e.hours, check_untended_fatigue(p, at))
        room = p.fatigue_capacity - p.fatigue_short - p.fatigue_long
        _same("levels", e.levels, min(e.hours, room))
        return replace(_fatigue(p, p.fatigue_short, p.fatigue_long + e.levels, at),
                       fatigue_counted_to=at)
    if isinstance(e, ComeRound):
        # Waking changes no fatigue, so it need not wait for the untended hours to
        # be counted (the Due table offers it as soon as it is due).
        check_come_round(p, at)
        return replace(p, status="awake")
    _require_counted(p, at, e.kind.replace("_", " "))
    if isinstance(e, Rest):
        return _fatigue(p, 0, p.fatigue_long if e.length == "short" else 0, at)
    if isinstance(e, FirstAid):
        check_first_aid(p, at)
        _same("category", e.category, p.category)
        if e.self_aid:
            _same("penalty", e.penalty, p.penalty)
        # [decision] first aid that succeeds brings the patient round (waking.py).
        return woken_by_aid(replace(p, tended=True, since=at), at) if e.success else p
    if isinstance(e, DyingRoll):
        check_dying_roll(p, at)
        _stamina(p, e.stamina)
        _same("target", e.target, DYING_TARGET)
        _same("fumble_chance", e.fumble_chance, DYING_FUMBLE)
        return p if e.success else replace(p, status="dead")
    if isinstance(e, (HurtCheck, LightCheck)):
        (check_hurt_check if isinstance(e, HurtCheck) else check_light_check)(p, at)
        check_carer(p, e.carer)
        _stamina(p, e.stamina)
        _same("target", e.target, HEALING_TARGET)
        # The source: the roll "fully heals" a Hurt or Light patient.
        return _with_wounds(p, 0, at) if e.success else replace(p, since=at)
    if isinstance(e, RecoveryRoll):
        check_recovery_roll(p, at)
        check_carer(p, e.carer)
        _stamina(p, e.stamina)
        _same("category", e.category, p.category)
        if e.days is None:
            return replace(p, status="coma")
        return replace(p, period=RecoveryPeriod(e.category, at, e.days, e.fumble))
    period = check_recovery_end(p, at)
    _same("category", e.category, period.category)
    outcome = recovery_end_outcome(p, period)
    _same("outcome", e.outcome, outcome)
    if outcome == "dead":
        return replace(p, status="dead", period=None, since=at)
    wounds = p.wounds + 1 if outcome == "worse" else drop_one_category(
        p.character.body_boxes, p.wounds)
    return _with_wounds(p, min(wounds, p.capacity), at)


def apply_classic(p: ClassicPatient, e: ClassicEntry) -> ClassicPatient:
    """The classic patient after entry ``e`` (already checked for time and edition)."""
    new = _apply(p, e)
    if not (p.untended_fatigue_runs and new.untended_fatigue_runs):
        # Nothing is owed while untended fatigue does not run.
        new = replace(new, fatigue_counted_to=e.at)
    return settle_waking(replace(new, now=e.at), e.at)
