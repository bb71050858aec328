"""The combat log: events with undo and redo (a push/pop stack, like a chess board).

The log keeps the state after every event, so undo is a pop and costs
nothing; replay rebuilds the same states from the events alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from yags_desk.rules.combat.events import AddCombatant, Event
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import DEFAULT_OPTIONS, RulesOptions

__all__ = ["CombatLog"]


class CombatLog:
    """An encounter's events and the states they produce."""

    def __init__(self, edition: Edition, events: Iterable[Event] = (),
                 options: RulesOptions = DEFAULT_OPTIONS,
                 roster: Iterable[AddCombatant] = ()) -> None:
        """``roster`` is the starting line-up (not undoable); ``events`` follow it."""
        start = CombatState(edition=edition, options=options)
        for number, add in enumerate(roster):
            try:
                start = apply(start, add)
            except RulesError as e:
                raise RulesError(f"combatants.{number}: {e}") from None
        self._start = start
        self._events: list[Event] = []
        self._states: list[CombatState] = [self._start]
        self._redo: list[Event] = []
        for number, event in enumerate(events):
            try:
                self._append(event)
            except RulesError as e:
                raise RulesError(f"events.{number}: {e}") from None

    @property
    def edition(self) -> Edition:
        return self._start.edition

    @property
    def options(self) -> RulesOptions:
        """The options the fight started with (``state.options`` are those in force)."""
        return self._start.options

    @property
    def state(self) -> CombatState:
        return self._states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def start(self) -> CombatState:
        return self._start

    def state_before(self, index: int) -> CombatState:
        """The state just before event ``index`` (for describing it)."""
        return self._states[index]

    def _append(self, event: Event) -> CombatState:
        new = apply(self._states[-1], event)
        self._events.append(event)
        self._states.append(new)
        return new

    def push(self, event: Event) -> CombatState:
        """Apply and record ``event``; if the rules refuse it, nothing changes."""
        new = self._append(event)
        self._redo.clear()
        return new

    @property
    def can_undo(self) -> bool:
        return bool(self._events)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Event:
        """Remove the last event and return it."""
        if not self._events:
            raise RulesError("nothing to undo")
        self._states.pop()
        event = self._events.pop()
        self._redo.append(event)
        return event

    def redo(self) -> Event:
        """Restore the last undone event and return it."""
        if not self._redo:
            raise RulesError("nothing to redo")
        event = self._redo.pop()
        self._append(event)
        return event
