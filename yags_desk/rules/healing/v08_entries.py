"""0.8 healing entries (reference/yags-0.8/combat/combat-wounds.yags, "Healing and
First aid"; RULES 2 for the d20 check and the wound and stun tracks).

A check is ``attribute x skill`` (or ``Health x 4``) + modifiers + d20 against a
target; a natural 1 fumbles and fails (RULES 2); every full 10 over the
target is one more level of success (reference/yags-0.8/core.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from yags_desk.rules.healing.base import _Entry
from yags_desk.rules.words import counted

__all__ = [
    "V08_DEFAULT_FUMBLE",
    "V08_FATAL",
    "V08Carer",
    "V08FirstAid",
    "V08HealthCheck",
    "V08Infection",
    "V08StunRecovery",
    "V08WeeklyHealing",
    "levels_of_success",
    "self_care_bonus",
]

V08_DEFAULT_FUMBLE = 1  # RULES 2
V08_FATAL = 6  # RULES 2: 6+ wounds is Fatal
HEALTH_CHECK_TARGET = 20  # combat-wounds.yags: untended Fatal, Critical and other wounds


def levels_of_success(total: int, target: int) -> int:
    """0 for a failure; 1 for beating the target, +1 per full 10 over it (core.md)."""
    if total < target:
        return 0
    return 1 + (total - target) // 10


def self_care_bonus(first_aid: int) -> int:
    """A patient looking after themselves gets half the bonus, rounded up
    (combat-wounds.yags, "Recovering from wounds")."""
    return (first_aid + 1) // 2


class V08Carer(BaseModel):
    """Someone with First aid looking after a resting patient at least an hour a
    day: the weekly healing roll gains their First aid score (combat-wounds.yags)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    carer: str = Field(min_length=1, max_length=100)
    first_aid: int = Field(ge=1, le=50)
    self_care: bool = False
    bonus: int = Field(ge=0)

    @model_validator(mode="after")
    def _bonus(self) -> V08Carer:
        expected = self_care_bonus(self.first_aid) if self.self_care else self.first_aid
        if self.bonus != expected:
            raise ValueError(f"carer.bonus: {expected} for First aid {self.first_aid}"
                             f"{' looking after oneself' if self.self_care else ''}")
        return self


class _D20Check(_Entry):
    natural: int = Field(ge=1, le=20)
    modifier: int = Field(default=0, ge=-100, le=100)
    fumble_chance: int = Field(default=V08_DEFAULT_FUMBLE, ge=1, le=20)
    total: int
    fumble: bool
    target: int
    success: bool

    def before_die(self) -> int:
        return self.modifier

    @model_validator(mode="after")
    def _arithmetic(self) -> _D20Check:
        if self.total != self.before_die() + self.natural:
            raise ValueError(f"total: {self.total} is not {self.before_die()} + d20 "
                             f"{self.natural}")
        if self.fumble != (self.natural <= self.fumble_chance):
            raise ValueError(f"fumble: a natural {self.natural} against fumble chance "
                             f"{self.fumble_chance} says {not self.fumble} (RULES 2)")
        if self.success != (not self.fumble and self.total >= self.target):
            raise ValueError(f"success: {self.total} against {self.target} is "
                             f"{'a failure' if self.success else 'a success'}")
        return self


class _HealthRoll(_D20Check):
    health: int = Field(ge=0, le=100)

    def before_die(self) -> int:
        return 4 * self.health + self.modifier


class V08FirstAid(_D20Check):
    """Intelligence x First aid + d20 (combat-wounds.yags, "First aid").

    Wounds: target 10 + half the patient's wound and stun penalties (round
    up); success stabilises, a good success also heals one wound. Stuns:
    target 0 + the same; each level of success heals one stun.
    """

    kind: Literal["v08_first_aid"] = "v08_first_aid"
    treats: Literal["wounds", "stuns"]
    healer: str = Field(min_length=1, max_length=100)
    self_aid: bool = False
    base: int = Field(ge=0, le=10_000)  # Intelligence x First aid
    penalty: int = Field(default=0, ge=-100, le=0)  # the healer's wound and stun penalties
    healed: int = Field(ge=0, le=6)

    def before_die(self) -> int:
        return self.base + self.penalty + self.modifier

    @model_validator(mode="after")
    def _healed(self) -> V08FirstAid:
        levels = 0 if not self.success else levels_of_success(self.total, self.target)
        if self.treats == "wounds":
            expected = 1 if levels >= 2 else 0
            if self.healed != expected:
                raise ValueError(f"healed: only a good success heals a wound; {self.total} "
                                 f"against {self.target} heals {expected}")
        elif self.healed > levels:
            raise ValueError(f"healed: {counted(levels, 'level')} of success heal"
                             f"{'s' * (levels == 1)} at most {counted(levels, 'stun')}")
        return self


class V08HealthCheck(_HealthRoll):
    """Health x 4 + d20 against 20 for wounds nobody has tended (combat-wounds.yags).

    ``reason``: ``fatal`` (each minute at rest, each round if active: fail and
    die), ``critical`` (each day at rest: fail and fall Fatal into a coma; a
    second failure kills), ``untended`` (other wounds after an hour without
    aid: success stabilises, failure worsens one level then stabilises, a
    fumble infects the wound).
    """

    kind: Literal["v08_health_check"] = "v08_health_check"
    reason: Literal["fatal", "critical", "untended"]
    outcome: Literal["holds", "stabilised", "worse", "infected", "coma", "dead"]


class V08WeeklyHealing(_HealthRoll):
    """Each week a stabilised patient rolls Health x 4 + d20 against 10 + half the
    wound and stun penalties: success heals one wound; a fumble adds one (death if
    already Fatal) (combat-wounds.yags, "Recovering from wounds")."""

    kind: Literal["v08_weekly_healing"] = "v08_weekly_healing"
    carer: V08Carer | None = None
    outcome: Literal["healed", "none", "worse", "dead"]

    def before_die(self) -> int:
        return 4 * self.health + self.modifier + (self.carer.bonus if self.carer else 0)


class V08StunRecovery(_HealthRoll):
    """Each morning after a night's rest: Health x 4 + d20 against 0 + half the wound
    and stun penalties; each level of success heals one stun (combat-wounds.yags)."""

    kind: Literal["v08_stun_recovery"] = "v08_stun_recovery"
    healed: int = Field(ge=0, le=6)


class V08Infection(_Entry):
    """An infected wound worsens one level each day until death (combat-wounds.yags).

    [decision] The day it would reach Fatal the patient dies: first aid cannot
    help an infected wound, so a Fatal one can only end in death.
    """

    kind: Literal["v08_infection"] = "v08_infection"
    outcome: Literal["worse", "dead"]
