"""A patient's healing record: the start plus dated entries, with undo and redo.

The condition after every entry is kept, so undo is a pop; loading the
entries again (from JSON, next session) rebuilds the same conditions.
``apply`` refuses entries dated before the previous one and entries of the
other edition; the edition reducers refuse the rest, naming the rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.base import ComeRound, Note, Override, Rest
from yags_desk.rules.healing.classic import apply_classic
from yags_desk.rules.healing.classic_entries import (
    DyingRoll,
    FirstAid,
    HurtCheck,
    LightCheck,
    RecoveryEnd,
    RecoveryRoll,
    UntendedFatigue,
)
from yags_desk.rules.healing.patient import (
    ClassicPatient,
    HealingStart,
    Patient,
    start_state,
)
from yags_desk.rules.healing.v08 import apply_v08
from yags_desk.rules.healing.v08_entries import (
    V08FirstAid,
    V08HealthCheck,
    V08Infection,
    V08StunRecovery,
    V08WeeklyHealing,
)

__all__ = ["Entry", "HealingData", "HealingRecord", "apply", "entry_adapter"]

Entry = Annotated[
    FirstAid | UntendedFatigue | HurtCheck | LightCheck | RecoveryRoll | RecoveryEnd | DyingRoll
    | V08FirstAid | V08HealthCheck | V08WeeklyHealing | V08StunRecovery | V08Infection
    | Rest | ComeRound | Override | Note,
    Field(discriminator="kind"),
]
entry_adapter: TypeAdapter[Entry] = TypeAdapter(Entry)

_CLASSIC = (FirstAid, UntendedFatigue, HurtCheck, LightCheck, RecoveryRoll, RecoveryEnd,
            DyingRoll)
_V08 = (V08FirstAid, V08HealthCheck, V08WeeklyHealing, V08StunRecovery, V08Infection)


def apply(p: Patient, e: Entry) -> Patient:
    """The patient after entry ``e``; raises RulesError (and changes nothing) if refused."""
    if e.at < p.now:
        raise RulesError(f"at: {e.at} is before {p.now}, the time of the previous entry; "
                         "time cannot go backwards")
    if isinstance(p, ClassicPatient):
        if isinstance(e, _V08):
            raise RulesError(f"kind: {e.kind} is a 0.8 rule; {p.name} is a classic patient")
        assert not isinstance(e, _V08)
        return apply_classic(p, e)
    if isinstance(e, _CLASSIC):
        raise RulesError(f"kind: {e.kind} is a classic rule; {p.name} is a 0.8 patient")
    assert not isinstance(e, _CLASSIC)
    return apply_v08(p, e)


class HealingData(BaseModel):
    """A healing record as data, for saving: the start and the entries in order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: HealingStart
    entries: tuple[Entry, ...] = Field(default=(), max_length=100_000)


class HealingRecord:
    """One patient's healing across sessions: push entries, undo, redo, save."""

    def __init__(self, start: HealingStart, entries: Iterable[Entry] = ()) -> None:
        self._start = start
        self._entries: list[Entry] = []
        self._states: list[Patient] = [start_state(start)]
        self._redo: list[Entry] = []
        for number, entry in enumerate(entries):
            try:
                self._append(entry)
            except RulesError as e:
                raise RulesError(f"entries.{number}: {e}") from None

    @property
    def start(self) -> HealingStart:
        return self._start

    @property
    def state(self) -> Patient:
        """The patient's condition after the last entry."""
        return self._states[-1]

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    def state_before(self, index: int) -> Patient:
        """The condition just before entry ``index`` (to describe it)."""
        return self._states[index]

    def state_after(self, index: int) -> Patient:
        return self._states[index + 1]

    def _append(self, entry: Entry) -> Patient:
        new = apply(self._states[-1], entry)
        self._entries.append(entry)
        self._states.append(new)
        return new

    def push(self, entry: Entry) -> Patient:
        """Apply and record ``entry``; if the rules refuse it, nothing changes."""
        new = self._append(entry)
        self._redo.clear()
        return new

    @property
    def can_undo(self) -> bool:
        return bool(self._entries)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Entry:
        """Drop the last entry and return it."""
        if not self._entries:
            raise RulesError("nothing to undo")
        self._states.pop()
        entry = self._entries.pop()
        self._redo.append(entry)
        return entry

    def redo(self) -> Entry:
        if not self._redo:
            raise RulesError("nothing to redo")
        entry = self._redo[-1]
        self._append(entry)
        self._redo.pop()
        return entry

    # Saving ----------------------------------------------------------------
    def data(self) -> HealingData:
        return HealingData(start=self._start, entries=tuple(self._entries))

    def to_json(self) -> dict[str, Any]:
        return self.data().model_dump(mode="json")

    @classmethod
    def from_data(cls, data: HealingData) -> HealingRecord:
        return cls(data.start, data.entries)

    @classmethod
    def from_json(cls, raw: object) -> HealingRecord:
        """From ``to_json()`` output; a ValidationError or RulesError names the bad field."""
        return cls.from_data(HealingData.model_validate(raw))

