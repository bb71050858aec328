"""Coming round: when an unconscious patient wakes up (both editions).

RULES 1.6 (classic: "Reaching Critical", "Reaching Fatal", "Unconscious
through a Fatal wound"), RULES 1.7 (a full fatigue track) and RULES 2 (0.8:
"Reaching Fatal", "Beaten") say how one falls unconscious; neither they, nor
seed 000, nor reference/yags-0.8/combat/combat-wounds.yags say how long it
lasts (the rule's code lives beside the patient, in patient.py). Without a
way to wake, a patient knocked out at Critical or Beaten and left with nobody
to tend them would lie unconscious for ever, unable to give themselves first
aid (the unconscious tend nobody: RULES 1.6).

[decision] A patient who is not dying comes round one hour
(:data:`WAKE_HOURS`) after falling unconscious, or after first aid stopped
the dying, or at once when first aid succeeds on them. Dying is RULES 1.6's
"unconscious through a Fatal wound" untended (classic), and Fatal untended
wounds outside a coma (0.8, combat-wounds.yags): such a patient rolls each
minute until first aid or death and does not come round by itself.

[decision] Classic, RULES 1.7: a full fatigue track collapses the patient
unconscious (when it fills during the record, or at its start). Coming round
at once would only collapse them again, so a collapsed patient does not come
round after an hour nor when first aid succeeds; the rest that brings the
track below full (ten minutes for short-term fatigue, a night's sleep for
long-term) brings them round at once. 0.8 has no such collapse
(combat-wounds.yags: an Exhausted character must rest).

Coming round is a timeline entry (:class:`ComeRound`) so the record says so.
"""

from __future__ import annotations

from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.base import ComeRound
from yags_desk.rules.healing.clock import GameTime
from yags_desk.rules.healing.patient import (
    WAKE_HOURS,
    Patient,
    collapsed,
    dying,
    settle_waking,
    woken_by_aid,
)

__all__ = ["WAKE_HOURS", "check_come_round", "collapsed", "come_round", "dying", "settle_waking",
           "woken_by_aid"]


def check_come_round(p: Patient, at: GameTime) -> None:
    what = "come round"
    if p.status != "unconscious":
        raise RulesError(f"{what}: {p.name} is {p.status}, not unconscious")
    if p.wakes_at is None and collapsed(p):
        raise RulesError(f"{what}: {p.name} collapsed with a full fatigue track and comes "
                         "round only when rest clears it (RULES 1.7)")
    if p.wakes_at is None:
        raise RulesError(f"{what}: {p.name} is dying of a Fatal wound and does not come round "
                         "before first aid succeeds (RULES 1.6, RULES 2)")
    if at < p.wakes_at:
        raise RulesError(f"{what}: {p.name} comes round at {p.wakes_at}, an hour after "
                         "falling unconscious out of danger, or when first aid succeeds "
                         "(YAGS Desk's choice: the rules do not say how long it lasts)")


def come_round(p: Patient, at: GameTime) -> ComeRound:
    """The entry for ``p`` coming round at ``at``; RulesError if not yet."""
    check_come_round(p, at)
    return ComeRound(at=at)
