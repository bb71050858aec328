"""What the players may see of a fight (no Qt here): the projection the players'
screen paints.

Player characters are always shown. An NPC is shown once the GM revealed it, or,
when the encounter says so, once it first acts (its attack, or its turn coming
up). A shown fighter appears under the name the GM chose ("Bandit", "?") and
with a rough state in words; no number of the fight (initiative, wounds,
penalties, stuns) ever reaches the players, only the round.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from yags_desk.rules.combat.events import ActionLost, Attack, Event
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.combat.steps import Step, next_step
from yags_desk.rules.combat.turns import turn_order
from yags_desk.rules.tracks import classic_level, v08_wound_level
from yags_desk.storage.encounter_file import PlayersScreen

__all__ = ["STATES", "PlayerRow", "PlayersView", "project", "rough_state", "who_acted"]

# Every state the players may read, from best to worst.
STATES = ("Unhurt", "Scratched", "Wounded", "Badly wounded", "Near death", "Down", "Dead")

_PHASES = {"check": "Something to settle", "end_check": "End of the round",
           "declare": "Declare your actions", "initiative": "Initiative",
           "action": "Actions", "end_round": "End of the round"}


@dataclass(frozen=True)
class PlayerRow:
    name: str
    state: str  # one of STATES
    acting: bool  # the fighter whose action is being resolved now
    friend: bool  # on a side with a player character
    able: bool  # still in the fight (not down or dead)


@dataclass(frozen=True)
class PlayersView:
    round: int
    phase: str
    rows: tuple[PlayerRow, ...] = ()

    def texts(self) -> list[str]:
        """Every piece of text the screen shows (for tests and the accessible name)."""
        return [f"Round {self.round}", self.phase] + [
            t for r in self.rows for t in (r.name, r.state)]


def rough_state(state: CombatState, f: FighterState) -> str:
    """The fighter's wounds in a word or two, never the level's number or penalty
    (classic body levels: RULES 1.6; wounds in 0.8: RULES 2)."""
    if f.dead:
        return "Dead"
    if not f.can_act:
        return "Down"
    if f.wounds <= 0:
        return "Unhurt"
    if state.edition == "classic":
        name, penalty = classic_level(f.body_boxes(), f.wounds)
    else:
        name, penalty = v08_wound_level(f.wounds, state.options.v08_track())
    if name == "Fatal":
        return "Near death"
    if penalty == 0:
        return "Scratched"
    if name in ("Light", "Medium"):
        return "Wounded"
    return "Badly wounded"


def who_acted(events: Iterable[Event]) -> set[str]:
    """Fighters who have taken an action in the fight so far (attacked, or lost or
    held their action when their turn came)."""
    out: set[str] = set()
    for event in events:
        if isinstance(event, Attack):
            out.add(event.attacker)
        elif isinstance(event, ActionLost):
            out.add(event.id)
    return out


def _acting(step: Step) -> str | None:
    return step.fighter if step.kind == "action" else None


def project(state: CombatState, screen: PlayersScreen, acted: Collection[str] = (),
            step: Step | None = None) -> PlayersView:
    """What the players' screen shows of ``state``. ``acted``: who_acted of the log
    (used when the GM lets NPCs show themselves when they first act); ``step``: the
    board's next step when it has it already (computed otherwise)."""
    step = next_step(state) if step is None else step
    acting = _acting(step)
    revealed = set(screen.revealed)
    friends = {f.side for f in state.active() if f.character.kind == "pc"}

    def shown(f: FighterState) -> bool:
        if f.character.kind == "pc" or f.id in revealed:
            return True
        return screen.reveal_on_act and (f.id in acted or f.id == acting)

    active = [f for f in state.active() if shown(f)]
    order = {fid: n for n, fid in enumerate(turn_order(state))}
    # In the turn order first; those not in it (no initiative yet, down) keep the
    # board's order after them, those still able before the fallen.
    active.sort(key=lambda f: (not f.can_act, order.get(f.id, len(order))))
    rows = tuple(PlayerRow(name=screen.shown_name(f.id) or f.name,
                           state=rough_state(state, f), acting=f.id == acting,
                           friend=f.side in friends, able=f.can_act) for f in active)
    phase = _PHASES[step.kind]
    if step.kind == "action" and step.phase:
        phase = f"{step.phase.capitalize()} actions"
    return PlayersView(round=state.round, phase=phase, rows=rows)
