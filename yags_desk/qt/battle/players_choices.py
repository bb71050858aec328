"""The GM's choices for the players' screen, from a card's menu (issue 17 item 1).

Which NPCs the players may see (revealed by hand, or when they first act) and
under which name ("Bandit", "?"): saved with the encounter, each change one undo
step (:class:`PlayersCommand`), not an event of the fight.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMenu

from yags_desk.qt.battle.commands import PlayersCommand
from yags_desk.rules.combat.state import CombatState
from yags_desk.storage.encounter_file import PlayersScreen

__all__ = ["PlayersChoices"]


class _Board(Protocol):
    undo_stack: QUndoStack

    @property
    def state(self) -> CombatState: ...

    @property
    def players(self) -> PlayersScreen: ...

    def set_players(self, screen: PlayersScreen) -> None: ...


class PlayersChoices:
    def __init__(self, board: _Board) -> None:
        self.board = board

    def change(self, screen: PlayersScreen, text: str) -> bool:
        board = self.board
        if screen == board.players:
            return False
        board.undo_stack.push(PlayersCommand(board, board.players, screen, text))
        return True

    def reveal(self, fid: str, on: bool = True) -> bool:
        """Show (or hide again) an NPC on the players' screen."""
        name = self.board.state.fighter(fid).name
        return self.change(self.board.players.with_revealed(fid, on),
                           f"{'Show' if on else 'Hide'} {name} on the players' screen")

    def name(self, fid: str, name: str | None) -> bool:
        """The name the players' screen gives ``fid`` (None: its own)."""
        own = self.board.state.fighter(fid).name
        return self.change(self.board.players.with_name(fid, name),
                           f"Players see {own} as {name or own}")

    def reveal_on_act(self, on: bool) -> bool:
        return self.change(
            self.board.players.model_copy(update={"reveal_on_act": on}),
            "NPCs show on the players' screen when they first act" if on
            else "NPCs show on the players' screen only when revealed")

    def add_menu(self, menu: QMenu, fid: str) -> QMenu:
        """The "Players' screen" submenu of ``fid``'s card menu."""
        f = self.board.state.fighter(fid)
        players = self.board.players
        sub = menu.addMenu("Players' screen")
        npc = f.character.kind != "pc"
        show = sub.addAction("Show on players' screen")
        show.setCheckable(True)
        show.setChecked(not npc or fid in players.revealed)
        show.setEnabled(npc)  # player characters are always shown
        show.toggled.connect(lambda on: self.reveal(fid, on))
        chosen = players.shown_name(fid)
        names: list[tuple[str, str | None]] = [(f"Its own name: {f.name}", None)]
        if f.character.name not in (f.name, "?"):
            names.append((f"Its kind: {f.character.name}", f.character.name))
        names.append(("A question mark: ?", "?"))
        for label, value in names:
            act = sub.addAction(label)
            act.setCheckable(True)
            act.setChecked(chosen == value)
            act.triggered.connect(lambda _on=False, v=value: self.name(fid, v))
        sub.addSeparator()
        on_act = sub.addAction("Reveal NPCs when they first act")
        on_act.setCheckable(True)
        on_act.setChecked(players.reveal_on_act)
        on_act.toggled.connect(self.reveal_on_act)
        return sub
