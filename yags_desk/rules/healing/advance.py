"""Advance a patient's healing to a later game time, rolling what falls due.

This drives the existing roll builders (classic: RULES 1.10 with RULES 1.6
and 1.7; 0.8: RULES 2 and combat-wounds.yags) in time order: it never decides
an outcome itself, it only chooses which roll comes next and when. Used by
``yags-desk heal`` and by the healing view's "roll everything due".

[decision]s for a GM who is not there to choose:
- First aid is given by ``healer``, or by the patient when no healer is
  given and the patient has First aid. A failed attempt is tried again an
  hour later (RULES 1.10 gives first aid one minute and no limit on tries);
  when dying rolls or Fatal checks run each minute, a failed attempt is
  followed by that roll and then tried again at once. 0.8: first aid is
  tried on the wounds only while they are unstable, and once on the stuns
  (the morning rolls heal them anyway).
- The carer rolls once for each of the patient's healing rolls, with First
  aid for Hurt and Light when they have it, else Chirurgery (RULES 1.10);
  in 0.8 a carer with First aid adds it to the weekly roll.
- Short-term fatigue is rested off at once; long-term fatigue with the next
  night's sleep (not while untended wounds keep adding it, unless the patient
  has collapsed with a full track: RULES 1.7).
- An unconscious patient out of danger comes round when waking.py says
  (an hour after falling unconscious, or at once when first aid succeeds),
  and may then give themselves first aid.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from yags_desk.rules.character import Character
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.base import Rest
from yags_desk.rules.healing.by_hand import classic_carer, v08_carer_for
from yags_desk.rules.healing.classic import next_hurt_check, next_light_check, untended_hours
from yags_desk.rules.healing.classic_entries import (
    RECOVERY_DAYS,
    CarerHelp,
    DyingRoll,
    FirstAid,
)
from yags_desk.rules.healing.classic_rolls import (
    dying_roll,
    end_recovery,
    first_aid,
    hurt_check,
    light_check,
    recovery_roll,
    untended_fatigue,
)
from yags_desk.rules.healing.clock import GameTime, next_morning
from yags_desk.rules.healing.patient import ClassicPatient, Patient, V08Patient, collapsed
from yags_desk.rules.healing.record import Entry, HealingRecord
from yags_desk.rules.healing.v08 import (
    next_critical_check,
    next_stun_recovery,
    next_untended_check,
    next_weekly_healing,
    untended_reason,
)
from yags_desk.rules.healing.v08_entries import V08FirstAid, V08HealthCheck
from yags_desk.rules.healing.v08_rolls import (
    v08_first_aid,
    v08_health_check,
    v08_infection,
    v08_stun_recovery,
    v08_weekly_healing,
)
from yags_desk.rules.healing.waking import come_round

__all__ = ["MAX_STEPS", "Helpers", "advance", "advance_all", "tending"]

MAX_STEPS = 10_000  # a dying patient rolls each minute; this bounds one call

Step = Callable[[], Entry]


@dataclass(frozen=True)
class Helpers:
    """Who helps: the healer giving first aid (None: the patient, if able) and the
    carer, whose bonus is shared by ``patients`` patients (RULES 1.10)."""

    healer: Character | None = None
    carer: Character | None = None
    patients: int = 1


def tending(patients: Iterable[Patient]) -> int:
    """How many patients a carer shares their bonus among now (RULES 1.10): those
    alive and still wounded; at least 1 (the one being helped).

    [decision] A patient healed or dead is no longer tended, so stops counting; a
    wounded patient counts whether first aid has been given yet or not (the carer
    looks after all of them), and fatigue alone is not a wound to tend.
    """
    return max(1, sum(1 for p in patients if p.status != "dead" and p.wounds > 0))


def _aid_giver(patient: Character, status: str,
               helpers: Helpers) -> Character | None:
    """Who can give first aid, or None when nobody there has the skill (or, with no
    healer, the patient lies unconscious)."""
    if helpers.healer is None and status != "awake":
        return None
    who = helpers.healer or patient
    return who if who.skill("First aid") > 0 else None


def _last_failed_aid(record: HealingRecord, treats: str = "wounds") -> Entry | None:
    """The last first-aid entry if it failed and nothing tended the patient since."""
    for entry in reversed(record.entries):
        if isinstance(entry, FirstAid) or (isinstance(entry, V08FirstAid)
                                           and entry.treats == treats):
            return None if entry.success else entry
    return None


def _aid_time(record: HealingRecord, now: GameTime, minute_rolls: bool,
              treats: str = "wounds") -> GameTime | None:
    """When first aid may be tried next; None when a per-minute roll must come first."""
    failed = _last_failed_aid(record, treats)
    if failed is None:
        return now
    if minute_rolls:
        last = record.entries[-1]
        return None if last is failed else now
    return max(now, failed.at.plus(hours=1))


def _classic_carer(p: ClassicPatient, helpers: Helpers,
                   rng: random.Random) -> CarerHelp | None:
    return classic_carer(p, helpers.carer, rng, helpers.patients)


def _waking(p: Patient, steps: list[tuple[GameTime, Step]]) -> None:
    """The patient comes round when waking.py says (RULES 1.6, 2 are silent)."""
    if p.status == "unconscious" and p.wakes_at is not None:
        wake = p.wakes_at
        steps.append((wake, lambda: come_round(p, wake)))


def _classic_steps(record: HealingRecord, p: ClassicPatient, until: GameTime,
                   rng: random.Random, helpers: Helpers) -> list[tuple[GameTime, Step]]:
    steps: list[tuple[GameTime, Step]] = []
    if p.status in ("dead", "coma"):
        return steps
    _waking(p, steps)
    if p.wounds and not p.tended:
        dying = p.category == "Fatal" and p.status == "unconscious"
        giver = _aid_giver(p.character, p.status, helpers)
        aid = _aid_time(record, p.now, dying) if giver else None
        if aid is not None:
            aid_at = aid
            healer = None if giver is p.character and helpers.healer is None else giver
            steps.append((aid_at, lambda: first_aid(p, aid_at, rng, healer)))
        elif dying:
            steps.append((p.now, lambda: dying_roll(p, p.now, rng)))
    elif p.wounds and p.category == "Hurt":
        hour = next_hurt_check(p)
        steps.append((hour, lambda: hurt_check(p, hour, rng, _classic_carer(p, helpers, rng))))
    elif p.wounds and p.category == "Light":
        morning = next_light_check(p)
        steps.append((morning, lambda: light_check(p, morning, rng,
                                                _classic_carer(p, helpers, rng))))
    elif p.wounds and p.period is None and p.category in RECOVERY_DAYS:
        steps.append((p.now, lambda: recovery_roll(p, p.now, rng,
                                                   _classic_carer(p, helpers, rng))))
    elif p.period is not None:
        end = p.period.end
        steps.append((end, lambda: end_recovery(p, end)))
    if p.fatigue_short:
        steps.append((p.now, lambda: Rest(at=p.now, length="short")))
    elif p.fatigue_long and (collapsed(p) or not p.untended_fatigue_runs):
        # A collapsed patient sleeps it off even while untended wounds add more (RULES 1.7),
        # the night after the collapse (counting the untended hours to that morning moves
        # the record's time to it).
        night = next_morning(p.now)
        if collapsed(p) and p.collapsed_at is not None:
            night = max(p.now, next_morning(p.collapsed_at))
        steps.append((night, lambda: Rest(at=night, length="night")))
    # Untended hours must be counted before anything later is recorded (RULES 1.10).
    steps = [(t, s) for t, s in steps if t <= until]
    soonest = min((t for t, _ in steps), default=until)
    if p.untended_fatigue_runs and not p.collapsed:
        # Count them no further than the hour the track fills: the patient collapses
        # then (RULES 1.7), which changes what follows.
        room = p.fatigue_capacity - p.fatigue_short - p.fatigue_long
        soonest = min(soonest, max(p.now, p.fatigue_counted_to.plus(hours=room)))
    if untended_hours(p, soonest) >= 1:
        return [(soonest, lambda: untended_fatigue(p, soonest))]
    return steps


def _v08_steps(record: HealingRecord, p: V08Patient, until: GameTime, rng: random.Random,
               helpers: Helpers) -> list[tuple[GameTime, Step]]:
    steps: list[tuple[GameTime, Step]] = []
    if p.status == "dead":
        return steps
    _waking(p, steps)
    reason = untended_reason(p)
    giver = _aid_giver(p.character, p.status, helpers)
    healer = None if giver is p.character and helpers.healer is None else giver
    if giver and p.wounds and not p.tended and not p.wounds_aided and not p.infected:
        when = _aid_time(record, p.now, reason == "fatal")
        if when is not None:
            steps.append((when, lambda: v08_first_aid(p, when, rng, "wounds", healer)))
    if giver and p.stuns and not p.stuns_aided and _last_failed_aid(record, "stuns") is None:
        steps.append((p.now, lambda: v08_first_aid(p, p.now, rng, "stuns", healer)))
    check: GameTime | None = None
    if reason == "fatal" and not any(t == p.now for t, _ in steps):
        check = p.now
    elif reason == "critical":
        check = next_critical_check(p)
    elif reason == "untended":
        check = next_untended_check(p)
    if check is not None:
        at = check
        steps.append((at, lambda: v08_health_check(p, at, rng)))
    if p.infection_since is not None:
        worse = p.infection_since.plus(days=1)
        steps.append((worse, lambda: v08_infection(p, worse)))
    elif p.tended and p.wounds:
        week = next_weekly_healing(p)
        carer = v08_carer_for(helpers.carer)
        steps.append((week, lambda: v08_weekly_healing(p, week, rng, carer)))
    if p.stuns:
        morning = next_stun_recovery(p)
        steps.append((morning, lambda: v08_stun_recovery(p, morning, rng)))
    if p.fatigue_short:
        steps.append((p.now, lambda: Rest(at=p.now, length="short")))
    elif p.fatigue_long:
        night = next_morning(p.now)
        steps.append((night, lambda: Rest(at=night, length="night")))
    return [(t, s) for t, s in steps if t <= until]


def advance(record: HealingRecord, until: GameTime, rng: random.Random,
            helpers: Helpers | None = None) -> list[Entry]:
    """Roll and record, in time order, everything due for the patient up to ``until``.

    Returns the entries pushed (already on ``record``). Stops early at death,
    a coma, or after :data:`MAX_STEPS` entries. RulesError if ``until`` is
    before the record's last entry.
    """
    helpers = helpers or Helpers()
    if until < record.state.now:
        raise RulesError(f"until: {until} is before {record.state.now}, the time of the "
                         "last entry")
    pushed: list[Entry] = []
    for _ in range(MAX_STEPS):
        soonest = _next_step(record, until, rng, helpers)
        if soonest is None:
            break
        entry = soonest[1]()
        record.push(entry)
        pushed.append(entry)
        if isinstance(entry, (DyingRoll, V08HealthCheck)) and not entry.success \
                and record.state.status == "dead":
            break
    return pushed


def _next_step(record: HealingRecord, until: GameTime, rng: random.Random,
               helpers: Helpers) -> tuple[GameTime, Step] | None:
    """The patient's soonest step up to ``until``; at the same time, the order the
    step builders list them in (first aid before checks)."""
    p = record.state
    if isinstance(p, ClassicPatient):
        steps = _classic_steps(record, p, until, rng, helpers)
    else:
        steps = _v08_steps(record, p, until, rng, helpers)
    if not steps:
        return None
    return min(enumerate(steps), key=lambda pair: (pair[1][0].hours, pair[0]))[1]


def advance_all(records: Sequence[HealingRecord], until: GameTime, rng: random.Random,
                helpers: Helpers | None = None) -> list[tuple[int, Entry]]:
    """:func:`advance` for several patients at once, their rolls in game-time order
    (at the same time, in record order), so that each carer's roll is shared by
    the patients still wounded when it is made (:func:`tending`; RULES 1.10).

    Returns (patient index, entry) for each entry pushed. Patients whose records
    are already past ``until`` are left as they are. All or nothing: if the
    rules refuse a step, the entries pushed so far are taken back and the
    RulesError propagates.
    """
    helpers = helpers or Helpers()
    pushed: list[tuple[int, Entry]] = []
    counts = [0] * len(records)
    try:
        while True:
            shared = replace(helpers, patients=tending(r.state for r in records))
            best: tuple[GameTime, int, Step] | None = None
            for i, record in enumerate(records):
                if until < record.state.now or counts[i] >= MAX_STEPS:
                    continue
                soonest = _next_step(record, until, rng, shared)
                if soonest is not None and (best is None or soonest[0] < best[0]):
                    best = (soonest[0], i, soonest[1])
            if best is None:
                return pushed
            _, i, step = best
            entry = step()
            records[i].push(entry)
            pushed.append((i, entry))
            counts[i] += 1
    except RulesError:
        for i, _ in reversed(pushed):
            records[i].undo()
        raise
