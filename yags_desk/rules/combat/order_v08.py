"""The next 0.8 melee action of the round without ranking every fighter at each step.

``procedure_v08.action_order`` ranks everyone by phase and initiative (RULES 2);
the board asks for the next action after every event, so a big fight spent
its time ranking (issue 18). Here the fighters with a declared melee attack
still to make are kept in a heap in that same order, updated as fighters
change (fighter_map.py). A melee attack's phase depends only on the fighter
and the options in force; a missile's depends on its target and the others
near it, so while anyone has declared a shot the caller ranks everyone as
before.
"""

from __future__ import annotations

import heapq

from yags_desk.rules.combat.fighter_map import FighterMap, where
from yags_desk.rules.combat.phase_v08 import speed
from yags_desk.rules.combat.procedure_v08 import PHASES
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.options import RulesOptions

__all__ = ["next_melee_v08"]

_Key = tuple[int, int, int, int, int, int, str]


def _shoots(f: FighterState) -> bool:
    d = f.declaration
    return d is not None and d.action == "missile"


def _melee_due(f: FighterState) -> bool:
    d = f.declaration
    return (d is not None and d.action == "attack" and d.target is not None and f.acts
            and not f.attacked)


class _Queue:
    def __init__(self, fm: FighterMap, options: RulesOptions, round_no: int) -> None:
        self.options = options
        self.round = round_no
        # speed() of a melee attack reads only the options and the round (RULES 3.1
        # delayed) of the state it is given.
        self._options_only = CombatState(edition="0.8", options=options, round=round_no)
        self.heap = [k for f in fm.values() if (k := self._key(fm, f)) is not None]
        heapq.heapify(self.heap)

    def _key(self, fm: FighterMap, f: FighterState) -> _Key | None:
        if not _melee_due(f):
            return None
        a = f.character.attributes
        # action_order: phase, then decreasing initiative, Intelligence, Agility and
        # roll-off (procedure_v08._rank), then board order.
        return (PHASES.index(speed(self._options_only, f)), -(f.initiative or 0),
                -a["intelligence"], -a["agility"], -f.tiebreak, fm.position(f.id), f.id)

    def update(self, fm: FighterMap, old: FighterState | None, new: FighterState) -> None:
        if (old is not None and old.declaration is new.declaration
                and old.attacked == new.attacked and old.initiative == new.initiative
                and old.tiebreak == new.tiebreak and old.conditions is new.conditions
                and old.removed == new.removed and old.character is new.character
                and old.moved_m == new.moved_m  # RULES 3.1 rows moved: speed() reads it
                and old.acts_normally == new.acts_normally and old.wounds == new.wounds
                and old.stuns == new.stuns and old.fatigue_short == new.fatigue_short
                and old.fatigue_long == new.fatigue_long
                and old.berserk_total == new.berserk_total):
            return  # nothing _key (or speed) reads has changed
        k = self._key(fm, new)
        if k is not None and (old is None or self._key(fm, old) != k):
            heapq.heappush(self.heap, k)
            if len(self.heap) > 4 * len(fm) + 64:
                self.__init__(fm, self.options, self.round)  # type: ignore[misc]  # stale

    def first(self, fm: FighterMap) -> tuple[str, FighterState] | None:
        heap = self.heap
        while heap:
            k = heap[0]
            f = fm[k[-1]]
            if self._key(fm, f) == k:
                return PHASES[k[0]], f
            heapq.heappop(heap)
        return None


def next_melee_v08(state: CombatState) -> tuple[bool, tuple[str, FighterState] | None]:
    """(answered, (phase, fighter)): the first fighter in action order with a declared
    melee attack still to make, or None when there is none. ``answered`` is False
    while someone has declared a missile attack: then ask action_order."""
    fm = FighterMap.of(state.fighters)
    if where(fm, "v08-shoots", _shoots):
        return False, None
    queue = fm.index(f"v08-melee:{id(state.options)}", lambda m: _Queue(m, state.options,
                                                                       state.round))
    if queue.options is not state.options:  # an id reused by other options
        queue = _Queue(fm, state.options, state.round)
    elif queue.round != state.round:  # a new round: RULES 3.1 delays read it
        queue.__init__(fm, state.options, state.round)  # type: ignore[misc]
    return True, queue.first(fm)
