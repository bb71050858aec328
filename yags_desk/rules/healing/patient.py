"""The patient: where a healing record starts, and the condition entries produce.

Classic body track (RULES 1.6): ``wounds`` counts filled boxes in order; the
category is that of the last filled box. 0.8 (RULES 2): ``wounds`` and
``stuns`` count levels, 6+ wounds being Fatal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from yags_desk.rules.character import Character
from yags_desk.rules.editions import CLASSIC_BODY_TRACK
from yags_desk.rules.healing.base import Status
from yags_desk.rules.healing.clock import GameTime
from yags_desk.rules.healing.v08_entries import V08_FATAL
from yags_desk.rules.options import RulesOptions
from yags_desk.rules.tracks import (
    UNHURT,
    classic_level,
    fatigue_capacity,
    v08_stun_level,
    v08_wound_level,
)

__all__ = [
    "CATEGORIES",
    "ClassicPatient",
    "HealingStart",
    "Patient",
    "RecoveryPeriod",
    "V08Patient",
    "WAKE_HOURS",
    "category_index",
    "collapsed",
    "dying",
    "drop_one_category",
    "settle_waking",
    "start_state",
    "woken_by_aid",
]

CATEGORIES = tuple(level.name for level in CLASSIC_BODY_TRACK)


def category_index(boxes: Sequence[int], wounds: int) -> int:
    """Index of the category of the last filled box (0 Hurt ... 5 Fatal); -1 unhurt."""
    name, _ = classic_level(boxes, wounds)
    return -1 if name == UNHURT else CATEGORIES.index(name)


def drop_one_category(boxes: Sequence[int], wounds: int) -> int:
    """Body levels left after healing one category (RULES 1.10).

    [decision] Healing a category clears every box of the worst filled
    category, so the patient is left with the boxes before it: the next
    better category, full. With one box each, Serious (4) heals to Medium
    (3); with boxes (2, 2, 2, ...) a patient with 5 levels (one Medium box)
    heals to 4 (Light, full).
    """
    index = category_index(boxes, wounds)
    return sum(boxes[:index]) if index > 0 else 0


class HealingStart(BaseModel):
    """The patient's condition when the healing record begins (usually a fight's end).

    ``patient`` carries the wounds, stuns and fatigue at that moment;
    ``tended`` when first aid was already given (classic) or the wounds are
    already stable (0.8). ``old_wound_penalties`` selects the older 0.8
    penalties (RULES 2), which change first aid and healing targets.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    patient: Character
    at: GameTime
    tended: bool = False
    status: Literal["awake", "unconscious"] = "awake"
    old_wound_penalties: bool = False


@dataclass(frozen=True)
class RecoveryPeriod:
    """A running classic recovery period (RULES 1.10)."""

    category: str
    start: GameTime
    days: int
    fumbled: bool

    @property
    def end(self) -> GameTime:
        return self.start.plus(days=self.days)


@dataclass(frozen=True)
class _Common:
    character: Character
    now: GameTime  # the time of the latest entry (or the start)
    wounds: int
    fatigue_short: int
    fatigue_long: int
    status: Status
    tended: bool  # classic: first aid succeeded; 0.8: the wounds are stable

    @property
    def name(self) -> str:
        return self.character.name

    @property
    def alive(self) -> bool:
        return self.status != "dead"

    @property
    def fatigue_capacity(self) -> int:
        return fatigue_capacity(self.character)


@dataclass(frozen=True)
class ClassicPatient(_Common):
    # Untended hours up to this time have given their fatigue (RULES 1.10).
    fatigue_counted_to: GameTime
    # When the current healing step began: the wounds taken or tended, the last
    # Hurt or Light check, the end of a recovery period.
    since: GameTime
    period: RecoveryPeriod | None = None
    collapsed: bool = False  # a full fatigue track (RULES 1.7 [decision])
    collapsed_at: GameTime | None = None  # when the track filled (its night's sleep follows)
    # Unconscious and out of danger: when the patient comes round (waking.py).
    wakes_at: GameTime | None = None
    woken_by_aid: bool = False  # ... because first aid succeeded on them
    woken_by_rest: bool = False  # ... because rest cleared a full fatigue track
    edition: Literal["classic"] = "classic"

    @property
    def capacity(self) -> int:
        return sum(self.character.body_boxes)

    @property
    def category_index(self) -> int:
        return category_index(self.character.body_boxes, self.wounds)

    @property
    def category(self) -> str:
        """Hurt ... Fatal, or Unhurt."""
        return classic_level(self.character.body_boxes, self.wounds)[0]

    @property
    def wound_penalty(self) -> int:
        return classic_level(self.character.body_boxes, self.wounds)[1]

    @property
    def penalty(self) -> int:
        """Wound and fatigue penalties (RULES 1.4) for rolls the patient makes."""
        wound = self.wound_penalty
        fatigue = classic_level(self.character.fatigue_boxes,
                                self.fatigue_short + self.fatigue_long)[1]
        return wound + fatigue

    @property
    def untended_fatigue_runs(self) -> bool:
        """Wounded, not tended, not Fatal, alive: +1 long-term fatigue an hour (RULES 1.10)."""
        return (self.wounds > 0 and not self.tended and self.category != "Fatal"
                and self.status in ("awake", "unconscious"))


@dataclass(frozen=True)
class V08Patient(_Common):
    stuns: int
    wounded_at: GameTime  # when the record began: the hour for untended wounds counts from it
    since: GameTime  # the last daily Critical check, or the start
    weekly_since: GameTime  # when the wounds were stabilised or last rolled for
    stun_since: GameTime  # the last stun recovery, or the start
    infection_since: GameTime | None = None  # set while the wound is infected
    wounds_aided: bool = False  # first aid on the wounds succeeded
    stuns_aided: bool = False  # first aid on the stuns succeeded
    untended_checked: bool = False  # the one-hour check for other wounds was made
    old_penalties: bool = False
    # Unconscious and out of danger: when the patient comes round (waking.py).
    wakes_at: GameTime | None = None
    woken_by_aid: bool = False  # ... because first aid succeeded on them
    woken_by_rest: bool = False  # classic only (RULES 1.7); always False here
    edition: Literal["0.8"] = "0.8"

    @property
    def infected(self) -> bool:
        return self.infection_since is not None

    @property
    def options(self) -> RulesOptions:
        return RulesOptions(v08_old_wound_penalties=self.old_penalties)

    @property
    def wound_level(self) -> tuple[str, int]:
        return v08_wound_level(self.wounds, self.options.v08_track())

    @property
    def stun_level(self) -> tuple[str, int]:
        return v08_stun_level(self.stuns, self.options.v08_track())

    @property
    def category(self) -> str:
        return self.wound_level[0]

    @property
    def penalty(self) -> int:
        """Wound and stun penalties together (RULES 2)."""
        return self.wound_level[1] + self.stun_level[1]

    def healing_target(self, base: int) -> int:
        """``base`` + half the wound and stun penalties, rounded up (combat-wounds.yags).

        The reference's worked example: Medium (-10) wounds and Light (-5)
        stuns with the older penalties give 10 + 15/2 = 18.
        """
        return base + (-self.penalty + 1) // 2


Patient = ClassicPatient | V08Patient


def start_state(start: HealingStart) -> Patient:
    """The patient's condition before any entry; an unconscious patient out of danger
    comes round an hour after it (waking.py)."""
    p = _start_state(start)
    return settle_waking(p, start.at) if isinstance(p, ClassicPatient) \
        else settle_waking(p, start.at)  # two calls: one type each for mypy


def _start_state(start: HealingStart) -> Patient:
    c, at = start.patient, start.at
    if c.edition == "classic":
        collapsed = c.fatigue_short + c.fatigue_long >= sum(c.fatigue_boxes)
        # RULES 1.7 [decision]: a full fatigue track collapses the patient unconscious.
        return ClassicPatient(
            character=c, now=at, wounds=c.wounds, fatigue_short=c.fatigue_short,
            fatigue_long=c.fatigue_long, tended=start.tended, fatigue_counted_to=at, since=at,
            status="unconscious" if collapsed else start.status, collapsed=collapsed,
            collapsed_at=at if collapsed else None)
    return V08Patient(
        character=c, now=at, wounds=c.wounds, stuns=c.stuns, fatigue_short=c.fatigue_short,
        fatigue_long=c.fatigue_long, status=start.status, tended=start.tended,
        wounded_at=at, since=at, weekly_since=at, stun_since=at,
        wounds_aided=start.tended, old_penalties=start.old_wound_penalties)


# [decision] an unconscious patient out of danger comes round after this long
# (waking.py says why).
WAKE_HOURS = 1

P = TypeVar("P", ClassicPatient, V08Patient)


def dying(p: Patient) -> bool:
    """Unconscious through Fatal wounds that first aid has not tended (RULES 1.6, 2)."""
    if p.status != "unconscious" or p.tended:
        return False
    if isinstance(p, ClassicPatient):
        return p.category == "Fatal"
    return p.wounds >= V08_FATAL and not p.infected


def collapsed(p: Patient) -> bool:
    """Unconscious because the fatigue track is full (classic, RULES 1.7 [decision]).

    [decision] Such a patient does not come round while the track stays full (not
    after an hour, not when first aid succeeds: waking would collapse them again);
    the rest that clears the track enough brings them round at once. 0.8 has no such
    collapse: combat-wounds.yags says an Exhausted character must rest, not that they
    fall unconscious, so a 0.8 record only says they are exhausted."""
    return isinstance(p, ClassicPatient) and p.collapsed and p.status == "unconscious"


def settle_waking(p: P, at: GameTime) -> P:
    """``p`` with ``wakes_at`` kept in step with its state at ``at``: None unless
    unconscious and out of danger (not dying, not collapsed); an hour after ``at``
    when it has just become so."""
    if p.status != "unconscious" or dying(p) or collapsed(p):
        return p if p.wakes_at is None else replace(p, wakes_at=None, woken_by_aid=False,
                                                    woken_by_rest=False)
    if p.wakes_at is None:
        return replace(p, wakes_at=at.plus(hours=WAKE_HOURS), woken_by_aid=False,
                       woken_by_rest=False)
    return p


def woken_by_aid(p: P, at: GameTime) -> P:
    """First aid succeeded on ``p`` at ``at``: an unconscious patient comes round at once,
    unless a full fatigue track keeps them down (:func:`collapsed`)."""
    if p.status != "unconscious" or collapsed(p):
        return p
    return replace(p, wakes_at=at, woken_by_aid=True, woken_by_rest=False)
