"""What is due for a patient, and when, so the GM can follow healing across sessions.

``due(patient, at)`` lists the next rolls and events with the campaign time
each becomes possible ("Hurt check due at day 3, 14:00"; "recovery from
Serious: 20 days, ends day 23, 10:00"), each marked ready when that time is
not after ``at``. Classic: RULES 1.6, 1.7, 1.10; 0.8: combat-wounds.yags.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from yags_desk.rules.character import Character
from yags_desk.rules.healing.classic import (
    apply_classic,
    next_hurt_check,
    next_light_check,
    untended_hours,
)
from yags_desk.rules.healing.classic_entries import (
    DYING_TARGET,
    FIRST_AID_DIFFICULTY,
    HEALING_TARGET,
)
from yags_desk.rules.healing.classic_rolls import untended_owed
from yags_desk.rules.healing.clock import GameTime, days_text
from yags_desk.rules.healing.patient import ClassicPatient, Patient, V08Patient, collapsed
from yags_desk.rules.healing.v08 import (
    first_aid_target,
    next_critical_check,
    next_stun_recovery,
    next_untended_check,
    next_weekly_healing,
    untended_reason,
)
from yags_desk.rules.words import counted

__all__ = ["NEEDS_HEALER", "Due", "due"]

# A due row that says first aid is needed but nobody there can give it: it is
# shown, never offered for recording (the roll would be refused).
NEEDS_HEALER = "needs_healer"


@dataclass(frozen=True)
class Due:
    """One thing due: the entry ``kind`` to record, from ``when``, described in ``text``."""

    kind: str
    when: GameTime
    text: str
    ready: bool


def _item(kind: str, when: GameTime, text: str, at: GameTime) -> Due:
    return Due(kind, when, text, when <= at)


def due(p: Patient, at: GameTime, healer: Character | None = None) -> tuple[Due, ...]:
    """Everything due for ``p`` as seen at ``at``, soonest first. ``healer`` gives
    first aid (None: the patient themselves); when they cannot, first aid is listed
    as :data:`NEEDS_HEALER`, saying why."""
    owed: list[Due] = []
    counted = untended_owed(p, at)
    if counted is not None:
        assert isinstance(p, ClassicPatient)  # only classic owes untended hours
        # [decision] RULES 1.10 counts +1 long-term fatigue for every hour untended, so the
        # hours up to a roll come before it (the reducer refuses it otherwise). Rather than
        # offer rows the record would refuse, or make the GM record the hours first, the
        # rows are those of the patient with the hours counted, and recording one of them
        # records the hours first, in the same step (by_hand.make_entries).
        owed = [d for d in _classic(p, at, healer) if d.kind == "untended_fatigue"]
        p = apply_classic(p, counted)
    items = _classic(p, at, healer) if isinstance(p, ClassicPatient) else _v08(p, at, healer)
    if owed:
        items = owed + [replace(d, text=f"{d.text}; the untended hours are counted first")
                        for d in items if d.kind != "untended_fatigue"]
    if p.status == "unconscious" and p.wakes_at is not None:
        # [decision] waking.py: the rules do not say how long unconsciousness lasts.
        items.append(_item("come_round", p.wakes_at, f"{p.name} comes round at {p.wakes_at}: "
                           "out of danger, an hour after falling unconscious, or at once "
                           "when first aid succeeds or rest clears a full fatigue track "
                           "(YAGS Desk's choice; RULES 1.6, 1.7 and 2 do not say how long "
                           "it lasts)", at))
    return tuple(sorted(items, key=lambda d: d.when.hours))


def _aid_problem(p: Patient, healer: Character | None) -> str:
    """Why nobody there can give ``p`` first aid now, or "" (RULES 1.6, 1.10; 0.8: RULES 2)."""
    if healer is not None:
        return "" if healer.skill("First aid") > 0 else f"{healer.name} has no First aid"
    if p.status != "awake":
        return f"{p.name} is {p.status} and cannot tend their own wounds"
    if p.character.skill("First aid") <= 0:
        return f"{p.name} has no First aid to tend their own wounds"
    return ""


def _first_aid(kind: str, p: Patient, healer: Character | None, text: str,
               at: GameTime) -> Due:
    problem = _aid_problem(p, healer)
    if problem:
        text = (f"{text}; needs a carer with First aid: {problem}, and nobody else here "
                "can give it")
        kind = NEEDS_HEALER
    return _item(kind, p.now, text, at)


def _classic(p: ClassicPatient, at: GameTime, healer: Character | None) -> list[Due]:
    now = p.now
    if p.status == "dead":
        return []
    if p.status == "coma":
        return [_item("override", now, f"{p.name} is in a coma after the recovery roll for "
                      "a Fatal wound; death follows (RULES 1.10): record it with a GM "
                      "override", at)]
    out: list[Due] = []
    if p.wounds and not p.tended:
        out.append(_first_aid("first_aid", p, healer, f"First aid for {p.category} wounds: "
                              f"Dexterity × First aid% + 2d10! against "
                              f"{FIRST_AID_DIFFICULTY[p.category]} (RULES 1.10)", at))
        if p.untended_fatigue_runs:
            hours = untended_hours(p, at)
            if hours:
                text = (f"Untended wounds: +{hours} long-term fatigue for the "
                        f"{counted(hours, 'hour')} since {p.fatigue_counted_to} "
                        "(RULES 1.10)")
            else:
                text = ("Untended wounds: +1 long-term fatigue every hour until first aid, "
                        f"next at {p.fatigue_counted_to.plus(hours=1)} (RULES 1.10)")
            out.append(_item("untended_fatigue", p.fatigue_counted_to.plus(hours=1), text, at))
        if p.category == "Fatal" and p.status == "unconscious":
            out.append(_item("dying_roll", now, f"Unconscious at Fatal: stamina + 2d10! "
                             f"{DYING_TARGET}+ (fumble 4) each minute, or death, until first "
                             "aid succeeds (RULES 1.6)", at))
    elif p.wounds and p.category == "Hurt":
        when = next_hurt_check(p)
        out.append(_item("hurt_check", when, f"Hurt check due at {when}: stamina + 2d10! "
                         f"{HEALING_TARGET}+ heals; else again an hour later (RULES 1.10)", at))
    elif p.wounds and p.category == "Light":
        when = next_light_check(p)
        out.append(_item("light_check", when, f"Light check due at {when}, after a night's "
                         f"rest: stamina + 2d10! {HEALING_TARGET}+ heals; else again the next "
                         "morning (RULES 1.10)", at))
    elif p.wounds and p.period is None:
        out.append(_item("recovery_roll", now, f"Recovery roll for {p.category}: stamina + "
                         "2d10! on the recovery-days table (RULES 1.10)", at))
    elif p.period is not None:
        per = p.period
        text = f"Recovery from {per.category}: {days_text(per.days)}, ends {per.end}"
        if per.fumbled:
            text += (": the roll was fumbled, so the patient "
                     + ("dies" if per.category == "Fatal" else "loses one more body level")
                     + " then")
        out.append(_item("recovery_end", per.end, text + " (RULES 1.10)", at))
    down = collapsed(p)
    if p.fatigue_short:
        wakes = down and p.fatigue_long < p.fatigue_capacity
        out.append(_item("rest", now, "Short-term fatigue clears with ten minutes' rest"
                         + (f", and {p.name} comes round" if wakes else "") + " (RULES 1.7)",
                         at))
    elif p.fatigue_long and (down or not p.untended_fatigue_runs):
        text = "Long-term fatigue clears with a night's sleep (RULES 1.7)"
        if down:
            # RULES 1.7 [decision] (waking.py): the collapse lasts until rest clears the track.
            text = (f"{p.name} collapsed with a full fatigue track: a night's sleep clears "
                    "the long-term fatigue and brings them round (RULES 1.7)")
            if p.untended_fatigue_runs:
                text += ", though untended wounds go on adding it (RULES 1.10)"
        out.append(_item("rest", now, text, at))
    return out


def _v08(p: V08Patient, at: GameTime, healer: Character | None) -> list[Due]:
    if p.status == "dead":
        return []
    now = p.now
    source = "(combat-wounds.yags)"
    out: list[Due] = []
    reason = untended_reason(p)
    if reason == "fatal":
        out.append(_item("v08_health_check", now, "Fatal and untended: Health × 4 + d20 "
                         "against 20 each minute at rest (each round if active), or death, "
                         f"until first aid {source}", at))
    elif reason == "critical":
        when = next_critical_check(p)
        fail = "death" if p.status == "coma" else "Fatal and a coma"
        out.append(_item("v08_health_check", when, f"Untended Critical wounds: Health × 4 + "
                         f"d20 against 20 at {when} and daily; failure: {fail} {source}", at))
    elif reason == "untended":
        when = next_untended_check(p)
        out.append(_item("v08_health_check", when, f"Untended wounds: Health × 4 + d20 "
                         f"against 20 at {when} unless first aid comes first; failure: one "
                         f"wound worse, a fumble infects {source}", at))
    if p.wounds and not p.wounds_aided and not p.infected:
        out.append(_first_aid("v08_first_aid", p, healer, "First aid on the wounds: "
                              f"Intelligence × First aid + d20 against "
                              f"{first_aid_target(p, 'wounds')} {source}", at))
    if p.stuns and not p.stuns_aided:
        out.append(_first_aid("v08_first_aid", p, healer, "First aid on the stuns: "
                              f"Intelligence × First aid + d20 against "
                              f"{first_aid_target(p, 'stuns')}; each level of success heals "
                              f"a stun {source}", at))
    if p.infection_since is not None:
        when = p.infection_since.plus(days=1)
        out.append(_item("v08_infection", when, f"Infected wound: one wound worse at {when} "
                         "and every day, death at Fatal; first aid cannot help, herb lore or "
                         f"medicine might {source}", at))
    elif p.tended and p.wounds:
        when = next_weekly_healing(p)
        out.append(_item("v08_weekly_healing", when, f"Weekly healing at {when}: Health × 4 "
                         f"+ d20 against {p.healing_target(10)} heals one wound {source}", at))
    if p.stuns:
        when = next_stun_recovery(p)
        out.append(_item("v08_stun_recovery", when, f"Stun recovery at {when}: Health × 4 + "
                         f"d20 against {p.healing_target(0)}; each level of success heals a "
                         f"stun {source}", at))
    if p.fatigue_short or p.fatigue_long:
        out.append(_item("rest", now, "Fatigue clears with rest; exhaustion with four hours' "
                         f"sleep {source}", at))
    return out
