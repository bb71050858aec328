"""The steps Auto-resolve plays by itself: those in which only NPCs act.

The battle board's Auto-resolve plays on to the end of the round (RULES 1.5 and
2, the round's order of steps), each step one undo step: a step in which only
NPCs act is resolved as the automatic rounds resolve it (``steps.auto_events``),
a player's character's step is asked of the GM. :func:`npc_step_events` says
what Auto-resolve does with one step; :func:`npc_steps` plays the NPCs' steps
one after the other from a state, each with the states after its events, so the
board can work a round out ahead while the GM reads it and show it at once when
Auto-resolve is pressed (issue 18).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from yags_desk.rules.combat.events import EndRound, Event
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.combat.steps import Step, auto_events, next_step
from yags_desk.rules.errors import RulesError

__all__ = ["NpcStep", "is_npc", "npc_step_events", "npc_steps"]


@dataclass(frozen=True)
class NpcStep:
    """One step Auto-resolve plays by itself: its events and the state after each."""

    kind: str
    events: tuple[Event, ...]
    states: tuple[CombatState, ...]

    @property
    def ends_round(self) -> bool:
        return self.kind == "end_round"


def is_npc(state: CombatState, fid: str) -> bool:
    """Whether ``fid`` is a fighter Auto-resolve plays (anyone but a player's character)."""
    f = state.fighters.get(fid)
    return f is not None and f.character.kind != "pc"


def npc_step_events(state: CombatState, step: Step, rng: random.Random,
                    states: list[CombatState] | None = None) -> list[Event] | None:
    """Auto-resolve's events for ``step``, rolled with ``rng``: the end of the round;
    in a declare or initiative step, the NPCs' declarations or rolls (the players'
    come in the step after); any other step when the fighter acting in it, if any,
    is an NPC. None when the step is a player's (the GM asks the player).
    ``states``: as auto_events's."""
    if step.kind == "end_round":
        return [EndRound()]
    if step.kind in ("declare", "initiative"):
        npcs = tuple(f for f in step.fighters if is_npc(state, f))
        return auto_events(state, Step(step.kind, npcs), rng, states) if npcs else None
    if step.fighter is None or is_npc(state, step.fighter):
        return auto_events(state, step, rng)
    return None


def npc_steps(state: CombatState, rng: random.Random) -> Iterator[NpcStep]:
    """The steps Auto-resolve would play by itself from ``state``, rolling with
    ``rng``, one at a time: up to and including the end of the round, or up to a
    player's step, or up to a step the rules refuse (none of these two is given)."""
    start = state.round
    while state.round == start:
        step = next_step(state)
        states: list[CombatState] = []
        try:
            events = npc_step_events(state, step, rng, states)
        except RulesError:
            return
        if events is None:
            return
        after = states[-1] if states else state
        for event in events[len(states):]:
            try:
                after = apply(after, event)
            except RulesError:
                return
            states.append(after)
        yield NpcStep(step.kind, tuple(events), tuple(states))
        if step.kind == "end_round":
            return
        state = after
