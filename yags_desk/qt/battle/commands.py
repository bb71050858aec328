"""Undo commands of the battle board.

:class:`EventsCommand` pushes one group of events (what one dialog returned)
onto the board's :class:`CombatLog`; undo pops them again. :class:`RosterCommand`
replaces the encounter's starting roster before the fight has begun.
:class:`PlayersCommand` changes what the players' screen may show (saved with the
encounter, not an event of the fight).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QUndoCommand

from yags_desk.qt.battle.hosts import LogHost, PlayersHost
from yags_desk.rules.combat.events import Event
from yags_desk.storage.encounter_file import Encounter, PlayersScreen

__all__ = ["EventsCommand", "PlayersCommand", "RosterCommand"]


class EventsCommand(QUndoCommand):
    """A step of the fight: its events, pushed into the log (or already there)."""

    def __init__(self, board: LogHost, events: Sequence[Event], text: str, *,
                 applied: bool = False, tell: bool = True) -> None:
        """``applied``: the events are in the log already, so the first redo (which
        the undo stack runs on push) leaves the log as it is; it tells the board
        unless ``tell`` is false (an encounter reopened with its history: nothing
        changed)."""
        super().__init__(text)
        self.board = board
        self.events = tuple(events)
        self._applied, self._tell = applied, tell

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            if not self._tell:
                return
        else:
            for event in self.events:
                self.board.log.push(event)
        self.board.log_changed(len(self.events))

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


class PlayersCommand(QUndoCommand):
    """What the players' screen may show: ``before`` -> ``after``."""

    def __init__(self, board: PlayersHost, before: PlayersScreen, after: PlayersScreen,
                 text: str) -> None:
        super().__init__(text)
        self.board = board
        self.before = before
        self.after = after

    def redo(self) -> None:
        self.board.set_players(self.after)

    def undo(self) -> None:
        self.board.set_players(self.before)
