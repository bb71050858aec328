"""The 0.8 healing reducer (reference/yags-0.8/combat/combat-wounds.yags,
"Healing and First aid"; RULES 2).

``apply_v08(patient, entry)`` returns the new condition or raises
:class:`RulesError`; the ``check_*`` functions hold the conditions so the
roll builders refuse before rolling.

[decision]s where the reference is silent or contradicts itself:
- The targets are 10 (or 0 for stuns) + half the wound and stun penalties,
  rounded up, with the penalty table chosen for the record (RULES 2). The
  reference's "beaten and fatally wounded" examples (50, 60) do not follow its
  own formula and are not used.
- The patient's health checks take no wound or stun penalties (their targets
  already grow with them, or are fixed at 20 for untended wounds).
- First aid on the wounds (and, separately, on the stuns) succeeds once;
  failed attempts may be repeated. An infected wound is beyond first aid.
- Untended Critical wounds are checked once a day (the patient at rest).
- The weekly roll counts from the moment the wounds became stable.
"""

from __future__ import annotations

from dataclasses import replace

from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.base import ComeRound, Note, Override, Rest
from yags_desk.rules.healing.clock import GameTime, next_morning
from yags_desk.rules.healing.patient import V08Patient
from yags_desk.rules.healing.v08_entries import (
    HEALTH_CHECK_TARGET,
    V08_FATAL,
    V08FirstAid,
    V08HealthCheck,
    V08Infection,
    V08StunRecovery,
    V08WeeklyHealing,
    levels_of_success,
)
from yags_desk.rules.healing.waking import check_come_round, settle_waking, woken_by_aid
from yags_desk.rules.words import counted

__all__ = [
    "V08Entry",
    "apply_v08",
    "check_first_aid",
    "check_health_check",
    "check_infection",
    "check_stun_recovery",
    "check_weekly_healing",
    "first_aid_target",
    "health_check_outcome",
    "next_critical_check",
    "next_stun_recovery",
    "next_untended_check",
    "next_weekly_healing",
    "untended_reason",
]

V08Entry = (V08FirstAid | V08HealthCheck | V08WeeklyHealing | V08StunRecovery | V08Infection
            | Rest | ComeRound | Override | Note)
SOURCE = "combat-wounds.yags"


def _require_alive(p: V08Patient, what: str) -> None:
    if p.status == "dead":
        raise RulesError(f"{what}: {p.name} is dead; only a note or a GM override can follow")


def first_aid_target(p: V08Patient, treats: str) -> int:
    return p.healing_target(10 if treats == "wounds" else 0)


def check_first_aid(p: V08Patient, treats: str) -> None:
    what = f"first aid ({treats})"
    _require_alive(p, what)
    if treats == "stuns":
        if p.stuns == 0:
            raise RulesError(f"{what}: {p.name} has no stuns ({SOURCE})")
        if p.stuns_aided:
            raise RulesError(f"{what}: {p.name}'s stuns were already first-aided ({SOURCE})")
        return
    if p.wounds == 0:
        raise RulesError(f"{what}: {p.name} is not wounded ({SOURCE})")
    if p.infected:
        raise RulesError(f"{what}: {p.name}'s wound is infected; first aid cannot help it, "
                         f"only other skills such as herb lore or medicine ({SOURCE})")
    if p.wounds_aided:
        raise RulesError(f"{what}: {p.name}'s wounds were already first-aided ({SOURCE})")


def untended_reason(p: V08Patient) -> str | None:
    """Which health check untended wounds call for now: fatal, critical, untended, or None."""
    if p.tended or p.infected or p.wounds == 0:
        return None
    if p.wounds >= V08_FATAL:
        return "critical" if p.status == "coma" else "fatal"
    if p.wounds == V08_FATAL - 1:
        return "critical"
    return None if p.untended_checked else "untended"


def next_untended_check(p: V08Patient) -> GameTime:
    """Other wounds: a check when an hour has passed without aid."""
    return p.wounded_at.plus(hours=1)


def next_critical_check(p: V08Patient) -> GameTime:
    return p.since.plus(days=1)


def next_weekly_healing(p: V08Patient) -> GameTime:
    return p.weekly_since.plus(days=7)


def next_stun_recovery(p: V08Patient) -> GameTime:
    return next_morning(p.stun_since)


def check_health_check(p: V08Patient, at: GameTime, reason: str) -> None:
    what = f"health check ({reason})"
    _require_alive(p, what)
    due = untended_reason(p)
    if due is None:
        state = ("stable" if p.tended else "infected" if p.infected
                 else "checked already" if p.wounds else "unwounded")
        raise RulesError(f"{what}: {p.name}'s wounds are {state}; no check is due ({SOURCE})")
    if due != reason:
        raise RulesError(f"{what}: {p.name}'s wounds call for the {due} check ({SOURCE})")
    if reason == "untended" and at < next_untended_check(p):
        raise RulesError(f"{what}: untended wounds are checked after an hour without aid, at "
                         f"{next_untended_check(p)} ({SOURCE})")
    if reason == "critical" and at < next_critical_check(p):
        raise RulesError(f"{what}: the daily check is next due at {next_critical_check(p)} "
                         f"({SOURCE})")


def health_check_outcome(p: V08Patient, reason: str, success: bool, fumble: bool) -> str:
    if reason == "untended":
        return "stabilised" if success else "infected" if fumble else "worse"
    if success:
        return "holds"
    if reason == "critical" and p.status != "coma":
        return "coma"
    return "dead"


def check_weekly_healing(p: V08Patient, at: GameTime) -> None:
    what = "weekly healing"
    _require_alive(p, what)
    if p.wounds == 0:
        raise RulesError(f"{what}: {p.name} is not wounded ({SOURCE})")
    if p.infected:
        raise RulesError(f"{what}: an infected wound does not heal naturally ({SOURCE})")
    if not p.tended:
        raise RulesError(f"{what}: {p.name}'s wounds are not stable yet; first aid or the "
                         f"untended-wound check comes first ({SOURCE})")
    if at < next_weekly_healing(p):
        raise RulesError(f"{what}: wounds heal a week at a time; the next roll is at "
                         f"{next_weekly_healing(p)} ({SOURCE})")


def check_stun_recovery(p: V08Patient, at: GameTime) -> None:
    _require_alive(p, "stun recovery")
    if p.stuns == 0:
        raise RulesError(f"stun recovery: {p.name} has no stuns ({SOURCE})")
    if at < next_stun_recovery(p):
        raise RulesError(f"stun recovery: stuns heal after a night's rest; the next roll is "
                         f"at {next_stun_recovery(p)} ({SOURCE})")


def check_infection(p: V08Patient, at: GameTime) -> GameTime:
    _require_alive(p, "infection")
    if p.infection_since is None:
        raise RulesError(f"infection: {p.name}'s wounds are not infected ({SOURCE})")
    due = p.infection_since.plus(days=1)
    if at < due:
        raise RulesError(f"infection: it worsens once a day; next at {due} ({SOURCE})")
    return due


def _same(what: str, recorded: object, expected: object) -> None:
    if recorded != expected:
        raise RulesError(f"{what}: the entry says {recorded}, the rules give {expected}")


def _health(p: V08Patient, recorded: int) -> None:
    _same("health", recorded, p.character.attr("health"))


def _stabilise(p: V08Patient, at: GameTime) -> V08Patient:
    return p if p.tended else replace(p, tended=True, weekly_since=at)


def _override(p: V08Patient, e: Override) -> V08Patient:
    if e.recovery_days is not None:
        raise RulesError("recovery_days: recovery periods are a classic rule (RULES 1.10)")
    if e.wounds is not None and e.wounds != p.wounds:
        if e.wounds > p.wounds:
            # A new wound: untended, it has its own hour before the check.
            p = replace(p, wounded_at=e.at, untended_checked=False)
        p = replace(p, wounds=e.wounds, since=e.at)
    if e.stuns is not None:
        if p.stuns == 0 and e.stuns > 0:
            p = replace(p, stun_since=e.at, stuns_aided=False)
        p = replace(p, stuns=e.stuns)
    short = p.fatigue_short if e.fatigue_short is None else e.fatigue_short
    long = p.fatigue_long if e.fatigue_long is None else e.fatigue_long
    if short + long > p.fatigue_capacity:
        raise RulesError(f"fatigue_short: {short} short and {long} long-term is more than "
                         f"the {counted(p.fatigue_capacity, 'level')} Health allows")
    p = replace(p, fatigue_short=short, fatigue_long=long)
    if e.tended is not None:
        p = _stabilise(p, e.at) if e.tended else replace(p, tended=False, wounds_aided=False,
                                                         since=e.at, wounded_at=e.at,
                                                         untended_checked=False)
    if e.infected is not None and e.infected != p.infected:
        p = replace(p, infection_since=e.at if e.infected else None)
    if e.status is not None:
        p = replace(p, status=e.status)
    return p


def _first_aid(p: V08Patient, e: V08FirstAid) -> V08Patient:
    check_first_aid(p, e.treats)
    _same("target", e.target, first_aid_target(p, e.treats))
    if e.self_aid:
        _same("penalty", e.penalty, p.penalty)
    if e.treats == "stuns":
        healed = min(p.stuns, levels_of_success(e.total, e.target)) if e.success else 0
        _same("healed", e.healed, healed)
        return replace(p, stuns=p.stuns - healed, stuns_aided=e.success)
    if not e.success:
        return p
    p = replace(_stabilise(p, e.at), wounds_aided=True)
    return replace(p, wounds=p.wounds - e.healed)


def _health_check(p: V08Patient, e: V08HealthCheck) -> V08Patient:
    check_health_check(p, e.at, e.reason)
    _health(p, e.health)
    _same("target", e.target, HEALTH_CHECK_TARGET)
    outcome = health_check_outcome(p, e.reason, e.success, e.fumble)
    _same("outcome", e.outcome, outcome)
    if outcome == "dead":
        return replace(p, status="dead")
    if outcome == "coma":
        return replace(p, wounds=V08_FATAL, status="coma", since=e.at)
    if outcome == "holds":
        return replace(p, since=e.at)
    p = replace(p, untended_checked=True)
    if outcome == "infected":
        return replace(p, wounds=p.wounds + 1, infection_since=e.at)
    return _stabilise(replace(p, wounds=p.wounds + (1 if outcome == "worse" else 0)), e.at)


def _weekly(p: V08Patient, e: V08WeeklyHealing) -> V08Patient:
    check_weekly_healing(p, e.at)
    _health(p, e.health)
    _same("target", e.target, p.healing_target(10))
    outcome = ("healed" if e.success else
               ("dead" if p.wounds >= V08_FATAL else "worse") if e.fumble else "none")
    _same("outcome", e.outcome, outcome)
    p = replace(p, weekly_since=e.at)
    if outcome == "dead":
        return replace(p, status="dead")
    return replace(p, wounds=p.wounds + {"healed": -1, "worse": 1, "none": 0}[outcome])


def _apply(p: V08Patient, e: V08Entry) -> V08Patient:
    if isinstance(e, Note):
        return p
    if isinstance(e, Override):
        return _override(p, e)
    _require_alive(p, e.kind.replace("_", " "))
    if isinstance(e, Rest):
        if e.length == "short":
            return replace(p, fatigue_short=0)
        health = p.character.attr("health")
        return replace(p, fatigue_short=0, fatigue_long=max(0, p.fatigue_long
                                                           - (health + 1) // 2))
    if isinstance(e, ComeRound):
        check_come_round(p, e.at)
        return replace(p, status="awake")
    if isinstance(e, V08FirstAid):
        after = _first_aid(p, e)
        # [decision] first aid that succeeds brings the patient round (waking.py).
        return woken_by_aid(after, e.at) if e.success else after
    if isinstance(e, V08HealthCheck):
        return _health_check(p, e)
    if isinstance(e, V08WeeklyHealing):
        return _weekly(p, e)
    if isinstance(e, V08StunRecovery):
        check_stun_recovery(p, e.at)
        _health(p, e.health)
        _same("target", e.target, p.healing_target(0))
        healed = min(p.stuns, levels_of_success(e.total, e.target)) if e.success else 0
        _same("healed", e.healed, healed)
        return replace(p, stuns=p.stuns - healed, stun_since=e.at)
    check_infection(p, e.at)
    outcome = "dead" if p.wounds + 1 >= V08_FATAL else "worse"
    _same("outcome", e.outcome, outcome)
    if outcome == "dead":
        return replace(p, status="dead", infection_since=e.at)
    return replace(p, wounds=p.wounds + 1, infection_since=e.at)


def apply_v08(p: V08Patient, e: V08Entry) -> V08Patient:
    """The 0.8 patient after entry ``e`` (already checked for time and edition)."""
    return settle_waking(replace(_apply(p, e), now=e.at), e.at)
