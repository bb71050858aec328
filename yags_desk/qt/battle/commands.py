"""Undo commands of the battle board.

:class:`EventsCommand` pushes one group of events (what one dialog returned)
onto the board's :class:`CombatLog`; undo pops them again. :class:`RosterCommand`
replaces the encounter's starting roster before the fight has begun.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QUndoCommand

from yags_desk.qt.battle.hosts import LogHost
from yags_desk.rules.combat.events import Event
from yags_desk.storage.encounter_file import Encounter

__all__ = ["EventsCommand", "RosterCommand"]


class EventsCommand(QUndoCommand):
    """Events checked beforehand (the board applies them to a copy of the state first)."""

    def __init__(self, board: LogHost, events: Sequence[Event], text: str, *,
                 applied: bool = False) -> None:
        """``applied``: the events are in the log already (the first redo, which
        the undo stack runs on push, only tells the board)."""
        super().__init__(text)
        self.board = board
        self.events = tuple(events)
        self._applied = applied

    def redo(self) -> None:
        if self._applied:
            self._applied = False
        else:
            for event in self.events:
                self.board.log.push(event)
        self.board.log_changed()

    def undo(self) -> None:
        for _ in self.events:
            self.board.log.undo()
        self.board.log_changed()


class RosterCommand(QUndoCommand):
    """The encounter ``before`` -> ``after`` (its starting roster, before round 1)."""

    def __init__(self, board: LogHost, before: Encounter, after: Encounter,
                 text: str) -> None:
        super().__init__(text)
        self.board = board
        self.before = before
        self.after = after

    def redo(self) -> None:
        self.board.set_encounter(self.after)

    def undo(self) -> None:
        self.board.set_encounter(self.before)
