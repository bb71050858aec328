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
    """The fighters with a declared melee attack still to make, in action order: a
    heap whose entries are dropped when they no longer hold their fighter's key
    (kept for each fighter, so speed() is not worked out for each look, issue 18).

    It is filled for one set of options and one round (speed() reads only those of
    the state, RULES 3.1 delayed), and filled again for others. A changed fighter is
    looked at when the next action is asked for, from its version before the first
    change since the last question (fm.changes): a fighter changes several times
    per action (issue 18)."""

    def __init__(self, fm: FighterMap) -> None:
        self.options: RulesOptions | None = None  # none yet: filled when first asked
        self.round = 0
        self.mark = fm.mark()
        self.keys: dict[str, _Key] = {}
        self.heap: list[_Key] = []
        self.limit = 0

    def _fill(self, fm: FighterMap, options: RulesOptions, round_no: int) -> None:
        self.options = options
        self.round = round_no
        self._options_only = CombatState(edition="0.8", options=options, round=round_no)
        self.mark = fm.mark()
        self.keys = {f.id: k for f in fm.values() if (k := self._key(fm, f)) is not None}
        self.heap = list(self.keys.values())
        heapq.heapify(self.heap)
        self.limit = 4 * len(fm) + 64  # more entries than this: mostly stale, fill again

    def _key(self, fm: FighterMap, f: FighterState) -> _Key | None:
        if not _melee_due(f):
            return None
        a = f.character.attributes
        # action_order: phase, then decreasing initiative, Intelligence, Agility and
        # roll-off (procedure_v08._rank), then board order.
        return (PHASES.index(speed(self._options_only, f)), -(f.initiative or 0),
                -a["intelligence"], -a["agility"], -f.tiebreak, fm.position(f.id), f.id)

    def first(self, fm: FighterMap, options: RulesOptions, round_no: int
              ) -> tuple[str, FighterState] | None:
        changed = fm.changes(self)
        if (changed is None or options is not self.options or round_no != self.round
                or len(self.heap) > self.limit):
            self._fill(fm, options, round_no)
        elif changed:
            keys = self.keys
            for old, new in changed:
                fid = new.id
                if new.attacked and fid not in keys:
                    continue  # no key before or now: it has attacked (_melee_due)
                if (old is not None and old.declaration is new.declaration
                        and old.attacked == new.attacked and old.wounds == new.wounds
                        and old.initiative == new.initiative
                        and old.tiebreak == new.tiebreak and old.conditions is new.conditions
                        and old.removed == new.removed and old.character is new.character
                        and old.moved_m == new.moved_m  # RULES 3.1 rows: speed() reads it
                        and old.acts_normally == new.acts_normally
                        and old.stuns == new.stuns and old.fatigue_short == new.fatigue_short
                        and old.fatigue_long == new.fatigue_long
                        and old.berserk_total == new.berserk_total):
                    continue  # nothing _key (or speed) reads has changed (most changes)
                k = self._key(fm, new)
                if k is None:
                    keys.pop(fid, None)
                elif keys.get(fid) != k:
                    keys[fid] = k
                    heapq.heappush(self.heap, k)
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
    return True, fm.index("v08-melee", _Queue).first(fm, state.options, state.round)
