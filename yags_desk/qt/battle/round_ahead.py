"""Auto-resolve's round, worked out while the GM reads the board.

[decision] Once the board has shown a state for a moment (AHEAD_AFTER_MS), the
steps Auto-resolve would play by itself from it (``rules.combat.npc_steps``) are
rolled with a copy of the board's dice, a few milliseconds at a time so the
board stays responsive. When Auto-resolve is pressed on that state with the dice
as they were, it pushes those steps (the same events from the same dice, the
dice then moving on as if rolled there) instead of rolling them: a round of a
big fight shows in about half the time (the rules' share of it, issue 18). Any
change to the board, or dice rolled meanwhile, leaves the work unused.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QObject, QTimer

from yags_desk.rules.combat.npc_steps import NpcStep, npc_steps
from yags_desk.rules.combat.state import CombatState

__all__ = ["AHEAD_AFTER_MS", "RoundAhead"]

# The board must have shown a state this long (milliseconds) before the round is
# worked out from it: a GM clicking through steps does not start it at each.
AHEAD_AFTER_MS = 100
# At most this long (seconds) of working out between two passes of the event loop.
SLICE_S = 0.008


class RoundAhead(QObject):
    """The NPCs' steps from the board's state, worked out ahead (see the module)."""

    def __init__(self, state: Callable[[], CombatState], dice: Callable[[], random.Random],
                 busy: Callable[[], bool], parent: QObject | None = None) -> None:
        """``state()``: the board's state now; ``dice()``: its dice (a random.Random);
        ``busy()``: whether the board is playing steps (nothing is worked out then)."""
        super().__init__(parent)
        self._state, self._dice, self._busy = state, dice, busy
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._work)
        self._start: CombatState | None = None  # the state worked from
        self._dice_before: tuple[Any, ...] | None = None
        self._steps: list[NpcStep] = []
        self._dice_after: list[tuple[Any, ...]] = []  # the dice's state after each step
        self._making: Iterator[NpcStep] | None = None
        self._rolling: random.Random | None = None

    def soon(self) -> None:
        """The board shows a new state: work from it once it has been shown a moment."""
        self._timer.start(AHEAD_AFTER_MS)

    def drop(self) -> None:
        self._timer.stop()
        self._start = self._dice_before = self._making = self._rolling = None
        self._steps, self._dice_after = [], []

    def _work(self) -> None:
        dice = self._dice()
        state = self._state()
        if self._busy() or type(dice) is not random.Random:
            return
        before = dice.getstate()
        if self._start is not state or self._dice_before != before:
            self.drop()
            self._start, self._dice_before = state, before
            self._rolling = random.Random()  # noqa: S311 (dice, not secrets)
            self._rolling.setstate(before)
            self._making = npc_steps(state, self._rolling)
        making, rolling = self._making, self._rolling
        if making is None or rolling is None:
            return  # worked out already
        until = time.perf_counter() + SLICE_S
        try:
            for step in making:
                self._steps.append(step)
                self._dice_after.append(rolling.getstate())
                if time.perf_counter() >= until:
                    self._timer.start(0)  # the rest at the next pass of the event loop
                    return
        except Exception:  # noqa: BLE001 (see below)
            # [decision] Whatever stops the work ahead drops it, quietly: the GM did
            # nothing yet. Auto-resolve then rolls every step as it comes, and meets
            # the same trouble where the GM can be told (a refusal or a report).
            self.drop()
            return
        self._making = self._rolling = None

    def take(self, state: CombatState, dice: random.Random) -> Iterator[NpcStep]:
        """The steps worked out from ``state`` with ``dice`` as they are now, one by one
        as the board pushes them (the dice set to where each leaves them); none if
        the work was from another state or dice. Each is taken once."""
        if (self._start is not state or type(dice) is not random.Random
                or dice.getstate() != self._dice_before):
            return iter(())
        steps, after = self._steps, self._dice_after
        self.drop()
        return self._give(steps, after, dice)

    @staticmethod
    def _give(steps: list[NpcStep], after: list[tuple[Any, ...]],
              dice: random.Random) -> Iterator[NpcStep]:
        for step, state in zip(steps, after, strict=True):
            dice.setstate(state)
            yield step
