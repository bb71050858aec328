"""The state of a fight, computed from its events by a pure reducer.

``apply(state, event)`` returns a new state or raises :class:`RulesError`
naming the rule that forbids the event; it never changes ``state``.
Tracks never overflow: body levels past the last box count as levels beyond
Fatal (RULES 1.6, RULES 2), fatigue past a full track is dropped once the
fighter has collapsed (RULES 1.7 [decision]).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import (
    AddCombatant,
    Attack,
    ClearCondition,
    EndRound,
    Event,
    Fatigue,
    Initiative,
    Override,
    RemoveCombatant,
    SetCondition,
    Stuns,
    Wound,
)
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.wounds import add_stuns

__all__ = ["CombatState", "FighterState", "apply", "body_capacity", "fatigue_capacity"]

V08_FATAL = 6  # RULES 2: 6+ wounds is Fatal; a living fighter is never worse
V08_BEATEN = 6


def body_capacity(c: Character) -> int:
    """Boxes on the body track: the classic sheet's boxes, or 6 (Fatal) in 0.8."""
    return sum(c.body_boxes) if c.edition == "classic" else V08_FATAL


def fatigue_capacity(c: Character) -> int:
    """Classic: the fatigue track's boxes (RULES 1.7). 0.8: Health [decision],
    as 0.8 says fatigue capacity is based on Health."""
    return sum(c.fatigue_boxes) if c.edition == "classic" else max(1, c.attributes["health"])


@dataclass(frozen=True)
class FighterState:
    id: str
    name: str
    side: str
    row: int
    character: Character
    wounds: int = 0
    levels_beyond: int = 0  # body levels past Fatal (RULES 1.6) / wounds past 6 (RULES 2)
    stuns: int = 0
    fatigue_short: int = 0
    fatigue_long: int = 0
    initiative: int | None = None
    # condition -> rounds left (None: until cleared), in the order they were set
    conditions: tuple[tuple[str, int | None], ...] = ()
    removed: bool = False

    def has(self, condition: str) -> bool:
        key = condition.casefold()
        return any(name == key for name, _ in self.conditions)

    @property
    def dead(self) -> bool:
        return self.has("dead")

    @property
    def can_act(self) -> bool:
        return not (self.removed or self.dead or self.has("unconscious"))

    def with_condition(self, condition: str, rounds: int | None) -> FighterState:
        key = condition.casefold()
        kept = tuple((n, r) for n, r in self.conditions if n != key)
        return replace(self, conditions=(*kept, (key, rounds)))

    def without_condition(self, condition: str) -> FighterState:
        key = condition.casefold()
        return replace(self, conditions=tuple((n, r) for n, r in self.conditions if n != key))


@dataclass(frozen=True)
class CombatState:
    edition: Edition
    round: int = 1
    fighters: Mapping[str, FighterState] = field(
        default_factory=lambda: MappingProxyType({}))

    def fighter(self, fid: str) -> FighterState:
        try:
            return self.fighters[fid]
        except KeyError:
            raise RulesError(f"no combatant with id {fid!r} in this encounter") from None

    def active(self) -> list[FighterState]:
        return [f for f in self.fighters.values() if not f.removed]

    def _with(self, f: FighterState) -> CombatState:
        fighters = dict(self.fighters)
        fighters[f.id] = f
        return replace(self, fighters=MappingProxyType(fighters))


def _add(state: CombatState, e: AddCombatant) -> CombatState:
    if e.id in state.fighters:
        raise RulesError(f"id: {e.id!r} is already on the board")
    if e.character.edition != state.edition:
        raise RulesError(f"character.edition: {e.name} is a {e.character.edition} character; "
                         f"this encounter is {state.edition}")
    c = e.character
    f = FighterState(e.id, e.name, e.side, e.row, c, wounds=c.wounds, stuns=c.stuns,
                     fatigue_short=c.fatigue_short, fatigue_long=c.fatigue_long)
    return state._with(f)


def _wound(f: FighterState, levels: int) -> FighterState:
    cap = body_capacity(f.character)
    total = f.wounds + levels
    return replace(f, wounds=min(cap, total),
                   levels_beyond=f.levels_beyond + max(0, total - cap))


def _fatigue(f: FighterState, levels: int, term: str) -> FighterState:
    room = fatigue_capacity(f.character) - f.fatigue_short - f.fatigue_long
    take = min(room, levels)
    f = (replace(f, fatigue_short=f.fatigue_short + take) if term == "short"
         else replace(f, fatigue_long=f.fatigue_long + take))
    if take < levels or room == take:
        # RULES 1.7 [decision]: a full fatigue track collapses the fighter.
        f = f.with_condition("unconscious", None)
    return f


def _override(state: CombatState, f: FighterState, e: Override) -> FighterState:
    c = f.character
    limits = {"wounds": body_capacity(c), "stuns": V08_BEATEN, "row": 99,
              "fatigue_short": fatigue_capacity(c) - f.fatigue_long,
              "fatigue_long": fatigue_capacity(c) - f.fatigue_short, "initiative": 10_000}
    if e.field == "stuns" and state.edition == "classic":
        raise RulesError("field: stuns are a 0.8 rule (RULES 2); classic uses short-term "
                         "fatigue")
    if e.value > limits[e.field]:
        raise RulesError(f"value: {e.field} {e.value} is more than {f.name}'s track holds "
                         f"({limits[e.field]})")
    if e.field == "wounds":
        return replace(f, wounds=e.value, levels_beyond=0)
    if e.field == "stuns":
        return replace(f, stuns=e.value)
    if e.field == "fatigue_short":
        return replace(f, fatigue_short=e.value)
    if e.field == "fatigue_long":
        return replace(f, fatigue_long=e.value)
    if e.field == "row":
        return replace(f, row=e.value)
    return replace(f, initiative=e.value)


def _end_round(state: CombatState) -> CombatState:
    fighters: dict[str, FighterState] = {}
    for fid, f in state.fighters.items():
        conditions = tuple((n, None if r is None else r - 1) for n, r in f.conditions
                           if r is None or r > 1)
        f = replace(f, conditions=conditions)
        if state.edition == "classic":
            f = replace(f, initiative=None)  # rolled again every round (RULES 1.5)
        fighters[fid] = f
    return replace(state, round=state.round + 1, fighters=MappingProxyType(fighters))


def _attack(state: CombatState, e: Attack) -> CombatState:
    """Apply an attack's recorded results to its target (RULES 1.6).

    Wounds fill body levels; brawling damage fills short-term fatigue
    [decision: RULES 1.2 calls it temporary]. A stun or a knockdown adds one
    short-term fatigue (once, when both happen) and the target is stunned for
    the next round [decision]; a knockdown also leaves it prone until it stands.
    """
    a, t = state.fighter(e.attacker), state.fighter(e.defender)
    if not a.can_act:
        raise RulesError(f"{a.name} is {'dead' if a.dead else 'unconscious'} and cannot "
                         "attack (RULES 1.6)")
    if a.removed or t.removed:
        raise RulesError("both fighters must still be in the encounter")
    if e.hit and e.levels:
        t = _wound(t, e.levels) if e.damage_kind == "wounds" else _fatigue(t, e.levels, "short")
    if e.hit and (e.stunned or e.knockdown):
        t = _fatigue(t, 1, "short").with_condition("stunned", 1)
    if e.hit and e.knockdown:
        t = t.with_condition("prone", None)
    return state._with(t)


def apply(state: CombatState, event: Event) -> CombatState:
    """The state after ``event``; raises RulesError (state unchanged) if illegal."""
    if isinstance(event, AddCombatant):
        return _add(state, event)
    if isinstance(event, Attack):
        return _attack(state, event)
    if isinstance(event, EndRound):
        return _end_round(state)
    f = state.fighter(event.id)
    if f.removed:
        raise RulesError(f"{f.name} has been removed from the encounter")
    if isinstance(event, RemoveCombatant):
        return state._with(replace(f, removed=True))
    if isinstance(event, Initiative):
        if not f.can_act:
            why = "dead" if f.dead else "unconscious"
            raise RulesError(f"{f.name} is {why} and cannot act (RULES 1.6)")
        return state._with(replace(f, initiative=event.total))
    if isinstance(event, Wound):
        return state._with(_wound(f, event.levels))
    if isinstance(event, Stuns):
        if state.edition == "classic":
            raise RulesError("stuns are a 0.8 rule (RULES 2); classic stuns add short-term "
                             "fatigue (RULES 1.6)")
        return state._with(replace(f, stuns=add_stuns(f.stuns, event.levels)))
    if isinstance(event, Fatigue):
        return state._with(_fatigue(f, event.levels, event.term))
    if isinstance(event, SetCondition):
        return state._with(f.with_condition(event.condition, event.rounds))
    if isinstance(event, ClearCondition):
        if not f.has(event.condition):
            raise RulesError(f"condition: {f.name} is not {event.condition}")
        return state._with(f.without_condition(event.condition))
    if isinstance(event, Override):
        return state._with(_override(state, f, event))
    raise RulesError(f"unknown event {type(event).__name__}")  # pragma: no cover
