"""The combat log: events with undo and redo (a push/pop stack, like a chess board).

The log keeps the state after each of its last events, so undo is a pop and
costs nothing; replay rebuilds the same states from the events alone. Further
back it keeps one state in every ``CHECKPOINT`` and works the others out again
from the one before when asked (the reducer is pure, so they are the same),
which keeps a long campaign's log small in memory (issue 18).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable

from yags_desk.rules.combat.events import AddCombatant, Event
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import DEFAULT_OPTIONS, RulesOptions

__all__ = ["CHECKPOINT", "RECENT", "CombatLog"]

RECENT = 500  # the last states kept whole
CHECKPOINT = 8  # further back, one state kept in this many


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
        # The state after each event (index 0: the start); None where it was let go.
        self._states: list[CombatState | None] = [self._start]
        self._segment: tuple[int, list[CombatState]] = (-1, [])  # states worked out again
        self._redo: list[Event] = []
        # Replaying builds many objects and no cycles: the cyclic collector would only
        # walk the growing log again and again (a third of the time at 20,000 events).
        paused = gc.isenabled()
        gc.disable()
        try:
            for number, event in enumerate(events):
                try:
                    self._append(event)
                except RulesError as e:
                    raise RulesError(f"events.{number}: {e}") from None
        finally:
            if paused:
                gc.enable()

    @property
    def edition(self) -> Edition:
        return self._start.edition

    @property
    def options(self) -> RulesOptions:
        """The options the fight started with (``state.options`` are those in force)."""
        return self._start.options

    @property
    def state(self) -> CombatState:
        last = self._states[-1]
        return last if last is not None else self.state_before(len(self._events))

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def count(self) -> int:
        """How many events the log holds (``len(events)`` without copying them)."""
        return len(self._events)

    def event(self, index: int) -> Event:
        """Event ``index`` (as ``events[index]``, without copying them all)."""
        return self._events[index]

    @property
    def start(self) -> CombatState:
        return self._start

    def state_before(self, index: int) -> CombatState:
        """The state just before event ``index`` (for describing it)."""
        kept = self._states[index]
        if kept is not None:
            return kept
        # Worked out again from the checkpoint before it, a few events at a time, and
        # kept while the next questions are about the same few (a log view reads
        # the events in order).
        first, states = self._segment
        if not first <= index < first + len(states):
            first = index - index % CHECKPOINT
            state = self._states[first]
            assert state is not None  # checkpoints are never let go
            states = [state]
            for event in self._events[first:min(first + CHECKPOINT - 1, len(self._events))]:
                state = apply(state, event)
                states.append(state)
            self._segment = (first, states)
        return states[index - first]

    def _append(self, event: Event, known: tuple[CombatState, CombatState] | None = None
                ) -> CombatState:
        before = self.state
        new = known[1] if known is not None and known[0] is before else apply(before, event)
        self._events.append(event)
        self._states.append(new)
        old = len(self._states) - 1 - RECENT
        if old > 0 and old % CHECKPOINT:
            self._states[old] = None  # worked out again if asked (state_before)
        return new

    def push(self, event: Event,
             known: tuple[CombatState, CombatState] | None = None) -> CombatState:
        """Apply and record ``event``; if the rules refuse it, nothing changes.

        ``known``: (a state, ``event`` applied to it) worked out already (steps.auto_events
        applies a declare step's declarations one after the other): the second is
        taken instead of applying the event again when the first is the log's state
        now; otherwise it is ignored (the reducer is pure, so it is the same state)."""
        # _append's lines, without its call and the state property's: the board
        # pushes every event of an automatic round one by one (issue 18).
        states = self._states
        before = states[-1]
        if before is None:
            before = self.state_before(len(self._events))
        new = known[1] if known is not None and known[0] is before else apply(before, event)
        self._events.append(event)
        states.append(new)
        old = len(states) - 1 - RECENT
        if old > 0 and old % CHECKPOINT:
            states[old] = None  # worked out again if asked (state_before)
        if self._redo:
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
        first, states = self._segment
        if first + len(states) > len(self._events):
            self._segment = (-1, [])  # it may hold states after the events left
        self._redo.append(event)
        return event

    def redo(self) -> Event:
        """Restore the last undone event and return it."""
        if not self._redo:
            raise RulesError("nothing to redo")
        event = self._redo.pop()
        self._append(event)
        return event
