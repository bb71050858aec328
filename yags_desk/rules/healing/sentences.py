"""Each healing entry as one plain sentence, dated, for the patient's record."""

from __future__ import annotations

from yags_desk.rules.healing.base import OVERRIDE_FIELDS, ComeRound, Note, Override, Rest
from yags_desk.rules.healing.classic import next_hurt_check, next_light_check
from yags_desk.rules.healing.classic_entries import (
    CarerHelp,
    DyingRoll,
    FirstAid,
    HurtCheck,
    LightCheck,
    RecoveryEnd,
    RecoveryRoll,
    UntendedFatigue,
)
from yags_desk.rules.healing.clock import days_text
from yags_desk.rules.healing.patient import ClassicPatient, Patient, V08Patient, collapsed
from yags_desk.rules.healing.record import Entry
from yags_desk.rules.healing.v08_entries import (
    V08Carer,
    V08FirstAid,
    V08HealthCheck,
    V08Infection,
    V08StunRecovery,
    V08WeeklyHealing,
)
from yags_desk.rules.words import counted

__all__ = ["condition", "describe"]


def condition(p: Patient) -> str:
    """The patient's condition in a few words: "Serious (-7), tended"."""
    if p.status == "dead":
        return "dead"
    if isinstance(p, ClassicPatient):
        text = f"{p.category} ({p.wound_penalty:+d})" if p.wounds else "unhurt"
        if p.wounds:
            text += ", tended" if p.tended else ", untended"
    else:
        wname, wpen = p.wound_level
        text = f"{wname} ({wpen:+d})" if p.wounds else "unwounded"
        if p.stuns:
            sname, spen = p.stun_level
            text += f", stuns {sname} ({spen:+d})"
        if p.infected:
            text += ", infected"
        elif p.wounds:
            text += ", stable" if p.tended else ", untended"
    if p.fatigue_short or p.fatigue_long:
        text += f", fatigue {p.fatigue_short} short + {p.fatigue_long} long"
    full = p.fatigue_short + p.fatigue_long >= p.fatigue_capacity
    if p.status != "awake":
        text += f", {p.status}"
        if collapsed(p):
            text += " (collapsed: fatigue track full)"  # RULES 1.7
    elif full and isinstance(p, V08Patient):
        text += ", exhausted: must rest"  # combat-wounds.yags
    elif full:
        text += ", fatigue track full"  # the GM set them awake (override)
    return text


def _dice(dice: tuple[int, ...]) -> str:
    return "dice " + " ".join(map(str, dice))


def _against(total: int, target: int, roll: str, fumble: bool) -> str:
    return f"{total} against {target} ({roll}{', fumbled' if fumble else ''})"


def _carer(c: CarerHelp | V08Carer | None) -> str:
    if c is None:
        return ""
    if isinstance(c, V08Carer):
        return f", {c.carer} caring +{c.bonus}"
    roll = f"{c.carer}'s {c.skill} {c.total}{' (fumbled)' if c.fumble else ''}"
    shared = f", half shared by {c.patients}" if c.patients > 1 else ""
    return f", {roll}{shared}: +{c.bonus}"


def describe(e: Entry, before: Patient, after: Patient) -> str:
    """One dated sentence for entry ``e``, given the patient before and after it."""
    text = _sentence(e, before, after)
    if e.note:
        text += f" ({e.note})"
    when = str(e.at)
    return f"{when[0].upper()}{when[1:]}: {text}"


def _sentence(e: Entry, before: Patient, after: Patient) -> str:
    name = after.name
    if isinstance(e, Note):
        return f"Note: {e.text}"
    if isinstance(e, Override):
        parts = []
        for field in OVERRIDE_FIELDS:
            value = getattr(e, field)
            if value is None:
                continue
            if field == "recovery_days":
                parts.append(f"the recovery period to {days_text(int(value))}")
            else:
                old = _show(getattr(before, field, None))
                parts.append(f"{field.replace('_', ' ')} from {old} to {_show(value)}")
        return f"GM sets {name}'s {', '.join(parts)}: {e.reason}."
    if isinstance(e, ComeRound):
        # [decision] (waking.py): the rules do not say how long unconsciousness lasts.
        why = ("first aid succeeded" if before.woken_by_aid else
               "their fatigue track is no longer full (RULES 1.7)" if before.woken_by_rest else
               "out of danger, an hour after falling unconscious (the rules do not say how "
               "long it lasts; YAGS Desk takes an hour)")
        return f"{name} comes round: {why}; {condition(after)}."
    if isinstance(e, Rest):
        what = "a short rest" if e.length == "short" else "a night's sleep"
        return f"{name} takes {what}: {condition(after)}."
    if isinstance(e, FirstAid):
        who = f"{name} tends their own" if e.self_aid else f"{e.healer} gives first aid to {name}'s"
        result = "tended" if e.success else "not tended"
        return (f"{who} {e.category} wounds: {_against(e.total, e.target, _dice(e.dice), e.fumble)}"
                f" → {result}.")
    if isinstance(e, UntendedFatigue):
        hours = counted(e.hours, "hour")
        falls = (" and collapses unconscious (RULES 1.7)" if collapsed(after)
                 and isinstance(before, ClassicPatient) and not before.collapsed else "")
        return (f"{hours} untended: {name} gains {e.levels} long-term fatigue{falls} "
                f"(now {after.fatigue_short} short, {after.fatigue_long} long).")
    if isinstance(e, (HurtCheck, LightCheck)):
        label = "Hurt" if isinstance(e, HurtCheck) else "Light"
        roll = _against(e.total, e.target, _dice(e.dice), e.fumble) + _carer(e.carer)
        if e.success:
            return f"{label} check for {name}: {roll} → healed."
        assert isinstance(after, ClassicPatient)
        nxt = next_hurt_check(after) if label == "Hurt" else next_light_check(after)
        return f"{label} check for {name}: {roll} → not yet; next check at {nxt}."
    if isinstance(e, RecoveryRoll):
        roll = f"{e.total} ({_dice(e.dice)}{', fumbled' if e.fumble else ''}){_carer(e.carer)}"
        head = f"Recovery roll for {name}'s {e.category} wounds: {roll}"
        if e.days is None:
            return f"{head} → coma, death."
        end = e.at.plus(days=e.days)
        if e.fumble:
            worse = "dies" if e.category == "Fatal" else "loses one more body level"
            return f"{head} → {days_text(e.days)}; fumbled: at their end ({end}) {name} {worse}."
        return f"{head} → {days_text(e.days)}, ends {end}."
    if isinstance(e, RecoveryEnd):
        if e.outcome == "dead":
            return f"{name} dies at the end of a fumbled recovery from a Fatal wound."
        if e.outcome == "worse":
            return f"{name} gets worse after a fumbled recovery: {condition(after)}."
        return f"{name}'s recovery from {e.category} ends: {condition(after)}."
    if isinstance(e, DyingRoll):
        result = "survives this minute" if e.success else "dies"
        return (f"Dying roll for {name}: "
                f"{_against(e.total, e.target, _dice(e.dice), e.fumble)} → {result}.")
    return _v08_sentence(e, before, after)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _v08_sentence(e: Entry, before: Patient, after: Patient) -> str:
    name = after.name
    assert isinstance(after, V08Patient)
    if isinstance(e, V08FirstAid):
        who = (f"{name} tends their own" if e.self_aid
               else f"{e.healer} gives first aid to {name}'s")
        roll = _against(e.total, e.target, f"d20 {e.natural}", e.fumble)
        if not e.success:
            result = "no effect"
        elif e.treats == "stuns":
            result = f"{counted(e.healed, 'stun')} healed"
        else:
            result = "stabilised" + (", one wound healed" if e.healed else "")
        return f"{who} {e.treats}: {roll} → {result}; {condition(after)}."
    if isinstance(e, V08HealthCheck):
        roll = _against(e.total, e.target, f"d20 {e.natural}", e.fumble)
        result = {"holds": "holds on", "stabilised": "the wounds stabilise",
                  "worse": "one wound worse, then stable", "infected": "the wound is infected",
                  "coma": "Fatal, in a coma", "dead": "dies"}[e.outcome]
        return f"Health check ({e.reason} wounds) for {name}: {roll} → {result}."
    if isinstance(e, V08WeeklyHealing):
        roll = _against(e.total, e.target, f"d20 {e.natural}", e.fumble) + _carer(e.carer)
        result = {"healed": "one wound healed", "none": "no change",
                  "worse": "one wound worse", "dead": "dies"}[e.outcome]
        return f"Weekly healing for {name}: {roll} → {result}; {condition(after)}."
    if isinstance(e, V08StunRecovery):
        roll = _against(e.total, e.target, f"d20 {e.natural}", e.fumble)
        return (f"Morning stun recovery for {name}: {roll} → "
                f"{counted(e.healed, 'stun')} healed; {condition(after)}.")
    if isinstance(e, V08Infection):
        if e.outcome == "dead":
            return f"{name} dies of the infected wound."
        return f"{name}'s infected wound worsens: {condition(after)}."
    return type(e).__name__  # pragma: no cover
