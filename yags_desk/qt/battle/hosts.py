"""What the battle board's helpers ask of the board that holds them.

The board holds its undo commands and its roster operations; they reach it
through these protocols, never by importing the board back, so the files of
this room import one another in one direction (board → roster_ops → setup,
board → commands → hosts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtGui import QUndoStack

from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import AddCombatant, Event
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.state import CombatState
from yags_desk.storage.encounter_file import Encounter, PlayersScreen
from yags_desk.storage.library import Library

__all__ = ["BoardHost", "CopyMaker", "LogHost", "PlayersHost"]


class LogHost(Protocol):
    """The board as its undo commands see it."""

    log: CombatLog

    def log_changed(self, step: int = 0) -> None: ...

    def set_encounter(self, encounter: Encounter) -> None: ...


class PlayersHost(Protocol):
    """The board as the players' screen choices' undo command sees it."""

    def set_players(self, screen: PlayersScreen) -> None: ...


class BoardHost(LogHost, Protocol):
    """The board as its roster operations see it."""

    encounter: Encounter
    library: Library
    undo_stack: QUndoStack

    @property
    def state(self) -> CombatState: ...

    def refuse(self, message: str) -> None: ...

    def push_events(self, events: Sequence[Event], text: str = "") -> bool: ...


class CopyMaker(Protocol):
    """What the Add combatants dialog asks of the roster operations."""

    def copies(self, character: Character, count: int, side: str, row: int,
               minor: bool = False) -> list[AddCombatant]: ...
