"""Whom an automatic fighter attacks: spread over the enemies, not all on one.

[decision, issue 12] The closest standing enemy by board row (RULES 3.1: rows,
range = row difference; RULES 1.9: a berserker takes the nearest), then the
one with the fewest attackers already declared on it, then the edition's own
tie-break, then board order. Declarations are made one after the other, so
each fighter sees those declared before it and a crowd spreads itself over
the enemies of its row. No dice are used: the same board gives the same
targets.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable

from yags_desk.rules.combat.fighter_map import FighterMap
from yags_desk.rules.combat.state import CombatState, FighterState

__all__ = ["attackers_declared", "spread_target", "standing_sides"]

_ATTACKS = ("attack", "missile", "kill_helpless")


def attackers_declared(state: CombatState, besides: str | None = None) -> Counter[str]:
    """How many fighters (other than ``besides``) have declared an attack on each id."""
    out: Counter[str] = Counter()
    for g in state.active():
        d = g.declaration
        if g.id != besides and d is not None and d.action in _ATTACKS and d.target:
            out[d.target] += 1
    return out


def spread_target(state: CombatState, f: FighterState,
                  tiebreak: Callable[[FighterState], tuple[int | str, ...]],
                  name: str = "") -> FighterState | None:
    """The standing enemy ``f`` attacks: nearest row, least engaged, ``tiebreak``.

    ``name`` names ``tiebreak`` (one function per name): the answer is then read
    from an index the fighters keep up to date instead of a scan of them all,
    which a crowd declaring one after the other made quadratic (issue 18)."""
    if name:
        fm = FighterMap.of(state.fighters)
        return fm.index(f"spread:{name}", lambda m: _Spread(m, tiebreak)).nearest(fm, f)
    foes = [g for g in state.active() if g.side != f.side and g.can_act]
    if not foes:
        return None
    engaged = attackers_declared(state, besides=f.id)
    order = {g.id: i for i, g in enumerate(foes)}
    return min(foes, key=lambda g: (abs(g.row - f.row), engaged[g.id], *tiebreak(g),
                                    order[g.id]))


def standing_sides(state: CombatState) -> set[str]:
    """The sides with a fighter standing (in the fight and able to act):
    spread_target finds ``f`` a foe exactly when a side other than its own is
    among them."""
    return {g.side for g in state.fighters.values() if not g.removed and g.can_act}


def _aim(g: FighterState | None) -> str | None:
    """The id ``g`` counts as declared on (attackers_declared), if any."""
    if g is None or g.removed:
        return None
    d = g.declaration
    return d.target if d is not None and d.action in _ATTACKS and d.target else None


_Entry = tuple[int, tuple[int | str, ...], int, str]  # engaged, tiebreak, board place, id


class _Spread:
    """spread_target's answers for one tiebreak: per (side, row), a heap of the
    standing fighters by (attackers declared on them, tiebreak, board order).
    Entries that no longer match their fighter are dropped when met.

    A change of fighter is taken in at the next answer (from the fighter's version
    before the first change since the last answer, fm.changes): a fighter
    changes several times between two answers (its attack, wounds, checks, the
    end of the round), and most changes touch nothing the index holds (issue 18).
    """

    def __init__(self, fm: FighterMap,
                 tiebreak: Callable[[FighterState], tuple[int | str, ...]]) -> None:
        self.tiebreak = tiebreak
        self.mark = fm.mark()  # changes read up to here (fm.changes)
        self.engaged: Counter[str] = Counter(t for g in fm.values() if (t := _aim(g)))
        self._fill(fm)

    def _fill(self, fm: FighterMap) -> None:
        self.size = 0
        self.groups: dict[tuple[str, int], list[_Entry]] = {}
        # Each standing fighter's entry now: the one pushed last for it. An entry in a
        # heap is current when it is that very tuple (see _push).
        self.current: dict[str, _Entry] = {}
        for g in fm.values():
            self._push(fm, g)
        for heap in self.groups.values():
            heapq.heapify(heap)

    def _entry(self, fm: FighterMap, g: FighterState) -> _Entry | None:
        if g.removed or not g.can_act:
            return None
        return (self.engaged[g.id], self.tiebreak(g), fm.position(g.id), g.id)

    def _push(self, fm: FighterMap, g: FighterState) -> None:
        entry = self._entry(fm, g)
        if entry is None:
            self.current.pop(g.id, None)
        else:
            self.current[g.id] = entry
            heapq.heappush(self.groups.setdefault((g.side, g.row), []), entry)
            self.size += 1
            if self.size > 4 * len(fm) + 64:
                self._fill(fm)  # too many stale entries: start again

    def _catch_up(self, fm: FighterMap) -> None:
        """Take in the fighters changed since the last answer, each from its version
        then to its version now (the counts move by the difference)."""
        changed = fm.changes(self)
        if changed is None:  # read too long ago: afresh
            self.__init__(fm, self.tiebreak)  # type: ignore[misc]
            return
        for old, new in changed:
            self._take(fm, old, new)

    def _take(self, fm: FighterMap, old: FighterState | None, new: FighterState) -> None:
        if old is new:
            return
        if (old is not None and old.declaration is new.declaration and old.row == new.row
                and old.conditions is new.conditions and old.removed == new.removed
                and self.tiebreak(old) == self.tiebreak(new)):
            return  # nothing spread_target looks at has changed (most events)
        was, now = _aim(old), _aim(new)
        if was != now:
            for target, step in ((was, -1), (now, 1)):
                if target:
                    self.engaged[target] += step
                    g = new if target == new.id else fm.get(target)
                    if g is not None and g is not new:
                        self._push(fm, g)
        if (old is not None and old.row == new.row
                and (old.removed or not old.can_act) == (new.removed or not new.can_act)
                and self.tiebreak(old) == self.tiebreak(new)):
            return  # its own entry still holds
        self._push(fm, new)

    def nearest(self, fm: FighterMap, f: FighterState) -> FighterState | None:
        self._catch_up(fm)
        best: tuple[int, int, tuple[int | str, ...], int] | None = None
        best_id = ""
        # An entry in a heap is its fighter's entry now when it is the one pushed last
        # for it: every change of what an entry holds (attackers on the fighter, its
        # tiebreak, its row, whether it stands) pushes a new one (_take), so this is
        # the entry worked out afresh, in the heap of the fighter's side and row
        # (issue 18: without working it out again at each answer).
        current = self.current
        for key, heap in self.groups.items():
            if key[0] == f.side:
                continue
            while heap and current.get(heap[0][3]) is not heap[0]:
                heapq.heappop(heap)
                self.size -= 1
            if heap:
                e = heap[0]
                k = (abs(key[1] - f.row), e[0], e[1], e[2])
                if best is None or k < best:
                    best, best_id = k, e[3]
        # f's own declaration does not count against its target (besides=f.id).
        own = _aim(fm.get(f.id))
        g = fm.get(own) if own else None
        if g is not None and g.side != f.side and not g.removed and g.can_act:
            k = (abs(g.row - f.row), self.engaged[g.id] - 1, self.tiebreak(g),
                 fm.position(g.id))
            if best is None or k < best:
                best, best_id = k, g.id
        return None if best is None else fm[best_id]
