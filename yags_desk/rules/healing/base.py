"""What every healing entry shares, and the entries both editions use.

A patient's healing is a list of dated entries (like the events of a fight):
each carries its dice, its result and the change it made, so the patient's
condition is computed from the starting condition plus the entries, and undo
drops the last entry. Entries are frozen pydantic models that refuse unknown
fields and round-trip through JSON.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from yags_desk.rules.healing.clock import GameTime

__all__ = ["OVERRIDE_FIELDS", "ComeRound", "Note", "Override", "Rest", "Status"]

# A patient is awake, unconscious, in a coma, or dead.
Status = Literal["awake", "unconscious", "coma", "dead"]


class _Entry(BaseModel):
    """An entry dated in campaign time, with an optional note from the GM."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    at: GameTime
    note: str = Field(default="", max_length=2000)


class Rest(_Entry):
    """The patient rests: ``short`` (minutes) or a ``night`` of sleep.

    Classic (RULES 1.7 [decision]): a short rest clears short-term fatigue, a
    night clears long-term fatigue too. 0.8 (combat-wounds.yags): a short rest
    clears fatigue; a night (four hours of good sleep) clears fatigue and one
    exhaustion level per two points of Health, rounded up.
    """

    kind: Literal["rest"] = "rest"
    length: Literal["short", "night"]


# Fields an override may set, in the order sentences list them.
OVERRIDE_FIELDS = ("wounds", "stuns", "fatigue_short", "fatigue_long", "tended", "status",
                   "infected", "recovery_days")


class Override(_Entry):
    """The GM sets numbers by hand, with the reason logged (the GM is in charge).

    ``tended`` means first aid done (classic) or wounds stabilised (0.8);
    ``stuns`` and ``infected`` are 0.8 only; ``recovery_days`` changes the
    length of the running classic recovery period (counted from its start).
    Changing the wounds ends a running recovery period [decision]: the next
    roll is for the new category.
    """

    kind: Literal["override"] = "override"
    reason: str = Field(min_length=1, max_length=500)
    wounds: int | None = Field(default=None, ge=0, le=200)
    stuns: int | None = Field(default=None, ge=0, le=6)
    fatigue_short: int | None = Field(default=None, ge=0, le=200)
    fatigue_long: int | None = Field(default=None, ge=0, le=200)
    tended: bool | None = None
    status: Status | None = None
    infected: bool | None = None
    recovery_days: int | None = Field(default=None, ge=0, le=1000)

    @model_validator(mode="after")
    def _sets_something(self) -> Override:
        if all(getattr(self, name) is None for name in OVERRIDE_FIELDS):
            raise ValueError(f"override: set at least one of {', '.join(OVERRIDE_FIELDS)}")
        return self

    def changes(self) -> dict[str, int | bool | str]:
        """The fields this override sets, by name."""
        out: dict[str, int | bool | str] = {}
        for name in OVERRIDE_FIELDS:
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


class Note(_Entry):
    """A free note in the patient's healing record; it changes nothing."""

    kind: Literal["note"] = "note"
    text: str = Field(min_length=1, max_length=2000)


class ComeRound(_Entry):
    """An unconscious patient who is out of danger comes round (wakes up).

    RULES 1.6, 1.7 and 2 say how one falls unconscious, never how long it
    lasts. [decision] A patient who is not dying comes round one hour after
    falling unconscious (or after first aid stopped the dying), or as soon as
    first aid succeeds on them; see :mod:`yags_desk.rules.healing.waking`.
    """

    kind: Literal["come_round"] = "come_round"
