"""The battle board's RULES 3.1 actions (options "board_rows", "assist_hamper",
"reactions"): a row move by keyboard or drag, an assist, a reaction and its
strike, a hamper. Each builds its events (through the board's dialogs) and
pushes them as one undo step; the rules core decides and a refusal is shown.
"""

from __future__ import annotations

import random
from typing import Protocol

from PySide6.QtWidgets import QWidget

from yags_desk.qt.battle.hosts import BoardHost
from yags_desk.qt.battle.protocol import BattleDialogs
from yags_desk.rules.combat.events import Attack, MoveRow, Reaction
from yags_desk.rules.combat.optional.assist import as_hamper
from yags_desk.rules.combat.optional.board import MAX_ROW
from yags_desk.rules.combat.optional.reactions import spear_offers
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError

__all__ = ["BoardRules31", "RulesHost", "melee_style"]


class _Ops(Protocol):
    def move_row(self, fid: str, row: int) -> bool: ...


class RulesHost(BoardHost, Protocol):
    """The board as these actions see it."""

    dialogs: BattleDialogs
    rng: random.Random

    @property
    def ops(self) -> _Ops: ...

    def selected(self) -> str | None: ...


def melee_style(state: CombatState, fid: str) -> str | None:
    """The fighter's best usable melee style (a reaction or hamper is a melee strike)."""
    f = state.fighter(fid)
    styles = [s for s in f.derived(state.options).styles if s.usable and s.style != "missile"]
    return max(styles, key=lambda s: s.attack.total).label if styles else None


class BoardRules31:
    def __init__(self, board: RulesHost) -> None:
        self.board = board

    @property
    def parent(self) -> QWidget:
        assert isinstance(self.board, QWidget)
        return self.board

    def move_selected(self, delta: int) -> bool:
        """Move the selected fighter ``delta`` rows (the move action with board rows
        on, RULES 3.1; refused off the board, naming the rule)."""
        fid = self.board.selected()
        if fid is None:
            return False
        row = self.board.state.fighter(fid).row + delta
        if not 0 <= row <= MAX_ROW:
            self.board.refuse(f"row: row {row} is off the board (rows 0 to {MAX_ROW}) (RULES 3.1)")
            return False
        return self.move(fid, row)

    def assist(self, fid: str | None = None) -> bool:
        """RULES 3.1 assist: the helper's action, logged."""
        fid = fid or self.board.selected()
        if fid is None:
            return False
        event = self.board.dialogs.assist(self.parent, self.board.state, fid, self.board.rng)
        return event is not None and self.board.push_events([event])

    def move(self, fid: str, row: int) -> bool:
        """A move to ``row`` (RULES 3.1 with board rows on), then the reactions it
        makes possible offered one by one (a long spear's strike at a foe closing)."""
        before = self.board.state
        if not self.board.ops.move_row(fid, row):
            return False
        last = self.board.log.events[-1] if self.board.log.events else None
        if isinstance(last, MoveRow):
            for offer in spear_offers(before, self.board.state, last):
                self.react(offer.id, offer)
        return True

    def react(self, fid: str | None = None, offer: Reaction | None = None) -> bool:
        """RULES 3.1 reaction: the Reaction, then its strike in the attack dialog,
        pushed together as one undo step."""
        fid = fid or self.board.selected()
        if fid is None:
            return False
        reaction = self.board.dialogs.reaction(self.parent, self.board.state, fid, offer)
        if reaction is None:
            return False
        try:
            after = apply(self.board.state, reaction)
        except RulesError as exc:
            self.board.refuse(str(exc))
            return False
        style = melee_style(after, fid)
        if style is None:
            return self.board.push_events([reaction])
        strike = self.board.dialogs.attack(self.parent, after, fid, reaction.target, style,
                                           False, self.board.rng)
        return self.board.push_events([reaction, *(strike or [])])

    def hamper(self, fid: str, target: str, choice: str) -> bool:
        """RULES 3.1 hamper: the strike in the attack dialog, then no damage; a margin
        of 10+ delays the target or costs it 5 per full 10 on ``choice``."""
        style = melee_style(self.board.state, fid)
        if style is None:
            name = self.board.state.fighter(fid).name
            self.board.refuse(f"{name} has no melee style to hamper with (RULES 3.1)")
            return False
        events = self.board.dialogs.attack(self.parent, self.board.state, fid, target, style,
                                           False, self.board.rng)
        strikes = [e for e in events or [] if isinstance(e, Attack)]
        if len(strikes) != 1 or len(events or []) != 1:
            return False
        try:
            return self.board.push_events([as_hamper(self.board.state, strikes[0], choice)])
        except RulesError as exc:
            self.board.refuse(str(exc))
            return False

