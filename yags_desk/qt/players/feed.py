"""The players' screen's model: the projection of the board it follows, recomputed
when the board has redrawn (its ``refreshed`` signal), never by polling.

The board emits ``refreshed`` after each event it shows (Auto-resolve's batched
redraws included), so the players' screen changes when the GM's board does and
adds one projection per redraw, nothing per event in between.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal

from yags_desk.qt.players.projection import PlayersView, project, who_acted
from yags_desk.rules.combat.events import Event
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.state import CombatState
from yags_desk.storage.encounter_file import PlayersScreen

__all__ = ["PlayersFeed", "PlayersSource"]


class PlayersSource(Protocol):
    """What the players' screen reads of a battle board (the shell hands one over).

    It also has a ``refreshed`` signal (emitted after each redraw) and, being a
    QObject, ``destroyed``."""

    log: CombatLog

    @property
    def state(self) -> CombatState: ...

    @property
    def players(self) -> PlayersScreen: ...


class PlayersFeed(QObject):
    """The current :class:`PlayersView` of the followed board (None: no board)."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.source: PlayersSource | None = None
        self.view: PlayersView | None = None
        self.updates = 0  # projections made (for tests and the benchmark)
        self._acted: set[str] = set()
        self._seen = 0
        self._last: Event | None = None

    def follow(self, source: PlayersSource | None) -> None:
        """Follow ``source`` (None: stop following, show that no fight is on)."""
        if source is self.source:
            return
        old: Any = self.source
        if old is not None:
            try:
                old.refreshed.disconnect(self.update)
            except (RuntimeError, TypeError):  # already gone
                pass
        self.source = source
        self._acted, self._seen, self._last = set(), 0, None
        if source is not None:
            src: Any = source
            src.refreshed.connect(self.update)
        self.update()

    def _who_acted(self, source: PlayersSource) -> set[str]:
        """Who has acted so far, read from the new events only while the log grows."""
        events = source.log.events
        n = len(events)
        if n < self._seen or (self._seen and events[self._seen - 1] is not self._last):
            self._acted, self._seen = set(), 0  # undone, or another log: read it again
        self._acted |= who_acted(events[self._seen:])
        self._seen, self._last = n, (events[-1] if n else None)
        return self._acted

    def update(self) -> None:
        source = self.source
        view = None
        if source is not None:
            players = source.players
            acted = self._who_acted(source) if players.reveal_on_act else set()
            view = project(source.state, players, acted, getattr(source, "current_step", None))
            self.updates += 1
        if view != self.view:
            self.view = view
            self.changed.emit()
