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

__all__ = ["next_melee_v08", "shoots"]

_Key = tuple[int, int, int, int, int, int, str]


def shoots(f: FighterState) -> bool:
    """Whether ``f`` has declared a missile attack."""
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
        # A changed fighter is looked at when the next action is asked for (from its
        # version before the first change since the last question, fm.changes): a
        # fighter changes several times per action (issue 18).
        self.mark = fm.mark()
        # Each fighter's key now, for those with one: a heap entry is current when it
        # holds its fighter's key (issue 18: speed() is not worked out for each look).
        self.keys = {f.id: k for f in fm.values() if (k := self._key(fm, f)) is not None}
        self.heap = list(self.keys.values())
        heapq.heapify(self.heap)

    def _key(self, fm: FighterMap, f: FighterState) -> _Key | None:
        if not _melee_due(f):
            return None
        a = f.character.attributes
        # action_order: phase, then decreasing initiative, Intelligence, Agility and
        # roll-off (procedure_v08._rank), then board order.
        return (PHASES.index(speed(self._options_only, f)), -(f.initiative or 0),
                -a["intelligence"], -a["agility"], -f.tiebreak, fm.position(f.id), f.id)

    def _take(self, fm: FighterMap, old: FighterState | None, new: FighterState) -> None:
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
        if k is None:
            self.keys.pop(new.id, None)
        elif self.keys.get(new.id) != k:
            self.keys[new.id] = k
            heapq.heappush(self.heap, k)

    def first(self, fm: FighterMap) -> tuple[str, FighterState] | None:
        changed = fm.changes(self)
        if changed is None or len(self.heap) > 4 * len(fm) + 64:
            # Read too long ago, or too many stale entries: afresh.
            self.__init__(fm, self.options, self.round)  # type: ignore[misc]
        elif changed:
            for fid, old in changed.items():
                self._take(fm, old, fm[fid])
        heap, keys = self.heap, self.keys
        while heap:
            k = heap[0]
            if keys.get(k[-1]) == k:
                return PHASES[k[0]], fm[k[-1]]
            heapq.heappop(heap)
        return None


def next_melee_v08(state: CombatState, shooting: bool | None = None
                   ) -> tuple[bool, tuple[str, FighterState] | None]:
    """(answered, (phase, fighter)): the first fighter in action order with a declared
    melee attack still to make, or None when there is none. ``answered`` is False
    while someone has declared a missile attack: then ask action_order. ``shooting``:
    whether someone has, when the caller knows (steps.next_step's index)."""
    fm = FighterMap.of(state.fighters)
    if shooting if shooting is not None else where(fm, "v08-shoots", shoots):
        return False, None
    queue = fm.index(f"v08-melee:{id(state.options)}", lambda m: _Queue(m, state.options,
                                                                       state.round))
    if queue.options is not state.options:  # an id reused by other options
        queue = _Queue(fm, state.options, state.round)
    elif queue.round != state.round:  # a new round: RULES 3.1 delays read it
        queue.__init__(fm, state.options, state.round)  # type: ignore[misc]
    return True, queue.first(fm)
