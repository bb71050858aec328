"""The base of the combat state machines: a log, refusals that change nothing,
undo and redo as rules, and the round trip every run must survive."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule

from yags_desk.rules.combat.events import (
    Assist,
    Event,
    MoveRow,
    Reaction,
    SetCondition,
    SetOption,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.option_change import GM_SETTINGS
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES


class LogMachine(RuleBasedStateMachine):
    # Optional rules switched on before the run (RULES 3): subclasses name them.
    options_on: tuple[str, ...] = ()

    def __init__(self, edition: Edition, setup: Iterable[Event]) -> None:
        super().__init__()
        self.edition = edition
        self.log = CombatLog(edition)
        for e in setup:
            self.log.push(e)
        for option in self.options_on:
            self.log.push(SetOption(option=option, value=True))
        self.start = self.log.state
        self.n_start = len(self.log.events)

    def _try(self, event: Event) -> None:
        """Push ``event``; if the rules refuse it, the log must be unchanged."""
        before = (self.log.events, self.log.state)
        try:
            self.log.push(event)
        except RulesError:
            assert (self.log.events, self.log.state) == before

    @rule(option=st.sampled_from([*OPTIONAL_RULES, *GM_SETTINGS["classic"],
                                  *GM_SETTINGS["0.8"]]),
          value=st.booleans() | st.integers(0, 25))
    def switch_option(self, option: str, value: bool | int) -> None:
        """Options switched mid-fight (issue 14): refused or applied, undone and
        replayed like any other event."""
        self._try(SetOption(option=option, value=value))

    @rule(pick=st.integers(0, 20), row=st.integers(-1, 100), flee=st.booleans())
    def move_row(self, pick: int, row: int, flee: bool) -> None:
        """A move between board rows (RULES 3.1): refused while the option is off,
        off the board or too far; otherwise the fighter's action."""
        fighters = sorted(self.log.state.fighters)
        if fighters:
            self._try(MoveRow(id=fighters[pick % len(fighters)], row=row, flee=flee))

    @rule(pick=st.integers(0, 20))
    def turn_back(self, pick: int) -> None:
        """The GM turns a fighter's back (RULES 3.1 back turned)."""
        fighters = sorted(self.log.state.fighters)
        if fighters:
            self._try(SetCondition(id=fighters[pick % len(fighters)], condition="back_turned"))

    @rule(pick=st.integers(0, 20), other=st.integers(0, 20),
          roll=st.sampled_from(["attack", "defence"]), total=st.integers(-5, 60))
    def assist(self, pick: int, other: int, roll: str, total: int) -> None:
        """An assist (RULES 3.1): refused on an enemy, beyond 1 row or while off."""
        fighters = sorted(self.log.state.fighters)
        if fighters:
            self._try(Assist(id=fighters[pick % len(fighters)],
                             ally=fighters[other % len(fighters)],
                             roll=roll, total=total))

    @rule(pick=st.integers(0, 20), other=st.integers(0, 20),
          trigger=st.sampled_from(["", "when it closes in"]), extra=st.integers(0, 2),
          spear=st.booleans())
    def react(self, pick: int, other: int, trigger: str, extra: int, spear: bool) -> None:
        """A reaction (RULES 3.1): refused with no trigger, on an ally or while off."""
        fighters = sorted(self.log.state.fighters)
        if fighters:
            self._try(Reaction(id=fighters[pick % len(fighters)],
                               target=fighters[other % len(fighters)], trigger=trigger,
                               extra=extra, spear=spear))

    @rule()
    def undo(self) -> None:
        if len(self.log.events) > self.n_start:
            self.log.undo()

    @rule()
    def redo(self) -> None:
        if self.log.can_redo:
            self.log.redo()

    def teardown(self) -> None:
        """Undo of everything gives the start exactly, redo the final state, and
        replaying the events from scratch the same final state (issue 3)."""
        final_events, final_state = self.log.events, self.log.state
        undone = 0
        while len(self.log.events) > self.n_start:
            self.log.undo()
            undone += 1
        assert self.log.state == self.start
        for _ in range(undone):
            self.log.redo()
        assert self.log.events == final_events and self.log.state == final_state
        assert CombatLog(self.edition, final_events).state == final_state
