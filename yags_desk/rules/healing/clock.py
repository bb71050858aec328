"""Campaign time for healing: a day number and an hour (RULES 1.10, combat-wounds.yags).

Healing is followed in hours and days, so an hour is the smallest step. A
"night's rest" ends on the morning of a later day: ``MORNING_HOUR`` of the
day after the given time **[decision]** (RULES 1.10 says only "a night's rest";
a patient tended at 01:00 has not had a night by 06:00 the same day).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from yags_desk.rules.words import counted

__all__ = ["HOURS_PER_DAY", "MAX_DAY", "MORNING_HOUR", "GameTime", "days_text", "next_morning"]

HOURS_PER_DAY = 24
MAX_DAY = 100_000
# [decision] The hour at which a night's rest is over (RULES 1.10 Light check,
# combat-wounds.yags "each morning" for stuns).
MORNING_HOUR = 6


class GameTime(BaseModel):
    """A moment of the campaign: day 1, 2, ... and the hour 0-23."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    day: int = Field(ge=1, le=MAX_DAY)
    hour: int = Field(default=0, ge=0, le=23)

    @property
    def hours(self) -> int:
        """Hours since day 1, 00:00 (to compare and subtract times)."""
        return (self.day - 1) * HOURS_PER_DAY + self.hour

    @classmethod
    def from_hours(cls, hours: int) -> GameTime:
        if hours < 0:
            raise ValueError("time: before day 1, 00:00")
        day, hour = divmod(hours, HOURS_PER_DAY)
        if day + 1 > MAX_DAY:
            raise ValueError(f"time: past day {MAX_DAY}")
        return cls(day=day + 1, hour=hour)

    def plus(self, hours: int = 0, days: int = 0) -> GameTime:
        return GameTime.from_hours(self.hours + hours + days * HOURS_PER_DAY)

    def hours_since(self, earlier: GameTime) -> int:
        return self.hours - earlier.hours

    def __lt__(self, other: GameTime) -> bool:
        return self.hours < other.hours

    def __le__(self, other: GameTime) -> bool:
        return self.hours <= other.hours

    def __gt__(self, other: GameTime) -> bool:
        return self.hours > other.hours

    def __ge__(self, other: GameTime) -> bool:
        return self.hours >= other.hours

    def __str__(self) -> str:
        return f"day {self.day}, {self.hour:02d}:00"


def next_morning(t: GameTime) -> GameTime:
    """The end of the first night's rest after ``t``: the next day at MORNING_HOUR."""
    return GameTime(day=t.day + 1, hour=MORNING_HOUR)


def days_text(days: int) -> str:
    """"1 day", "7 days"."""
    return counted(days, "day")
