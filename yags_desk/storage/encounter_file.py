"""The encounter file, first version: a roster plus an ordered list of events.

An encounter is its starting roster (combatants, each carrying a full copy of
its character) and the events of the fight so far; the combat engine computes
the current state from them. This version keeps events as plain JSON objects;
the combat engine will give them a schema through a migration.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from yags_desk.rules.character import Character, new_id
from yags_desk.rules.editions import Edition

__all__ = [
    "MAX_COMBATANTS",
    "MAX_EVENTS",
    "Combatant",
    "Encounter",
    "new_encounter",
    "now_iso",
]

MAX_EVENTS = 100_000
MAX_COMBATANTS = 1_000
MAX_OPTIONS = 200

_ID_PATTERN = r"^[A-Za-z0-9_-]+$"


def now_iso() -> str:
    """The current time as an ISO 8601 timestamp with offset, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _check_timestamp(value: str) -> str:
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value[:40]!r} is not an ISO 8601 date and time, like "
                         "2025-03-01T19:30:00+00:00") from None
    return value


class Combatant(BaseModel):
    """One fighter on the board: its character, side and row (0 = front)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(default_factory=new_id, min_length=1, max_length=64, pattern=_ID_PATTERN)
    name: str = Field(min_length=1, max_length=100)
    side: str = Field(min_length=1, max_length=60)
    row: int = Field(default=0, ge=0, le=99)
    character: Character


class Encounter(BaseModel):
    """The ``data`` of an ``encounter`` file."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(default_factory=new_id, min_length=1, max_length=64, pattern=_ID_PATTERN)
    name: str = Field(min_length=1, max_length=200)
    edition: Edition
    options: dict[str, bool] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    combatants: tuple[Combatant, ...] = Field(default=(), max_length=MAX_COMBATANTS)
    events: tuple[dict[str, Any], ...] = Field(default=(), max_length=MAX_EVENTS)
    created: str = Field(default_factory=now_iso, max_length=64)
    modified: str = Field(default_factory=now_iso, max_length=64)

    @field_validator("created", "modified")
    @classmethod
    def _timestamps(cls, value: str) -> str:
        return _check_timestamp(value)

    @field_validator("options")
    @classmethod
    def _option_names(cls, value: dict[str, bool]) -> dict[str, bool]:
        for name in value:
            if not name.strip() or len(name) > 80:
                raise ValueError("an option needs a name of 1 to 80 characters")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Encounter:
        seen: set[str] = set()
        for number, combatant in enumerate(self.combatants):
            if combatant.id in seen:
                raise ValueError(f"combatants.{number}.id: {combatant.id!r} is used by two "
                                 "combatants")
            seen.add(combatant.id)
            edition = combatant.character.edition
            if edition != self.edition:
                raise ValueError(
                    f"combatants.{number}.character.edition: {combatant.name!r} is a "
                    f"{edition} character; this encounter is {self.edition}")
        return self


def new_encounter(name: str, edition: Edition,
                  combatants: tuple[Combatant, ...] = ()) -> Encounter:
    """An encounter with no events yet, created and modified now."""
    stamp = now_iso()
    return Encounter(name=name, edition=edition, combatants=combatants,
                     created=stamp, modified=stamp)
