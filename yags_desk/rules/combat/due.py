"""Checks the end of a round requires (RULES 1.5 step 4, 1.6, 1.7, RULES 2).

``end_of_round_due(state)`` lists them; the reducer refuses to end the round
until each has a Check event this round (rolled, or waived by the GM).

The dying roll (classic, RULES 1.6) or Health check of the dying (0.8, RULES 2)
comes once a minute. [decision] A round is about five seconds (seeds 000 and
002), so a minute is 12 rounds: a fighter who began dying in round r rolls at
the end of rounds r + 12, r + 24, ... until dead or tended.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from yags_desk.rules.combat.fighter_map import FighterMap
from yags_desk.rules.combat.state import V08_BEATEN, V08_FATAL, CombatState, FighterState, Pending
from yags_desk.rules.wounds import classic_fatal_fumble_chance

__all__ = ["DYING_EVERY", "DYING_FUMBLE_CLASSIC", "DYING_TARGET", "FATIGUE_FIRST_TARGET",
           "FATIGUE_STEP", "dying_pending", "end_of_round_due", "end_of_round_due_plain",
           "fatigue_target", "first_end_of_round_due",
           "next_dying_roll"]

FATIGUE_FIRST_TARGET = 15  # RULES 1.7
FATIGUE_STEP = 5
FATIGUE_EVERY = 3
DYING_EVERY = 12  # rounds in a minute [decision]: see the module docstring
DYING_TARGET = 20  # RULES 1.6: stamina 20+; RULES 2: Health check against 20
DYING_FUMBLE_CLASSIC = 4  # RULES 1.6


def fatigue_target(f: FighterState) -> int:
    """15, then 20, 25... for each roll since the last round of rest (RULES 1.7)."""
    return FATIGUE_FIRST_TARGET + FATIGUE_STEP * f.fatigue_checks


def next_dying_roll(state: CombatState, f: FighterState) -> int | None:
    """The round at whose end ``f``'s next dying roll falls, or None when it is not
    dying (RULES 1.6, RULES 2). A roll already made this round moves it on."""
    if not f.dying or f.dying_since is None:
        return None
    elapsed = max(1, state.round - f.dying_since)
    if "dying" in f.checks_done:
        elapsed += 1
    minutes = -(-elapsed // DYING_EVERY)  # ceiling
    return f.dying_since + DYING_EVERY * minutes


def dying_pending(state: CombatState, f: FighterState) -> Pending:
    """The dying roll as a check: classic stamina 20+ with fumble chance 4
    (RULES 1.6); 0.8 Health x 4 + d20 against 20, a natural 1 fails (RULES 2)."""
    fumble = DYING_FUMBLE_CLASSIC if state.edition == "classic" else 1
    return Pending(f.id, "dying", DYING_TARGET, fumble)


def _classic(state: CombatState, f: FighterState) -> list[Pending]:
    out: list[Pending] = []
    if (state.round % FATIGUE_EVERY == 0 and f.can_act and "fatigue" not in f.checks_done):
        # RULES 1.7 [decision]: every conscious fighter rolls, resting or not; a
        # round of rest makes the next roll 15 again.
        out.append(Pending(f.id, "fatigue", fatigue_target(f),
                           state.options.classic_fumble_chance))
    if (f.at_fatal() and f.can_act and f.fatal_round != state.round
            and "fatal_round" not in f.checks_done):
        # RULES 1.6: a conscious Fatal fighter rolls again at the end of each later round.
        out.append(Pending(f.id, "fatal_round", 20,
                           classic_fatal_fumble_chance(0, f.levels_beyond)))
    return out


def _v08(state: CombatState, f: FighterState) -> list[Pending]:
    # RULES 2: a good success fights on at Fatal (or Beaten), checking against 20
    # at the end of each round; resting, once a minute: an Exhausted fighter must
    # rest (combat-wounds.yags), and at Fatal it keeps the dying clock
    # (FighterState.dying) instead.
    if (f.good_success and f.can_act and not f.exhausted
            and (f.wounds >= V08_FATAL or f.stuns >= V08_BEATEN)
            and f.fatal_round != state.round and "fatal_round" not in f.checks_done):
        return [Pending(f.id, "fatal_round", 20, 1)]
    return []


def _own_due(state: CombatState, f: FighterState) -> bool:
    """Whether end_of_round_due may list something for ``f`` (a live fighter): a
    check of its own, or a killing blow (which also asks about its target)."""
    if _classic(state, f) if state.edition == "classic" else _v08(state, f):
        return True
    if next_dying_roll(state, f) == state.round:
        return True
    d = f.declaration
    return (d is not None and d.action == "kill_helpless" and bool(d.target) and f.can_act
            and "killing_blow" not in f.checks_done)


class _Due:
    """The live fighters end_of_round_due may list something for, kept as fighters
    change (fighter_map.FighterMap.index): every end-of-round check step asked about
    every live fighter, a few hundred checks of a big fight's round (issue 18). What
    a fighter owes reads only the fighter and the state's edition, options and
    round (and a killing blow its target, asked when listed)."""

    def __init__(self, fm: FighterMap, state: CombatState) -> None:
        self.ctx = CombatState(edition=state.edition, options=state.options, round=state.round)
        # Fighters changed since the last question are looked at again when it comes
        # (fm.changes): a fighter changes many times in a round and is asked about at
        # its end.
        self.mark = fm.mark()
        self.ids = {f.id for f in fm.values()
                    if not (f.removed or f.dead) and _own_due(self.ctx, f)}
        # ``ids`` in board order (a fighter's place never changes: FighterMap.position),
        # sorted again only when an id joins; ids that left are skipped, and those
        # before ``start`` are known to have left. A fatigue round (RULES 1.7) asks
        # once per conscious fighter, each answer one fighter fewer (issue 18).
        self.order: list[str] = sorted(self.ids, key=fm.position)
        self.start = 0

    def owing(self, fm: FighterMap) -> set[str]:
        """The ids of the live fighters that may owe something (see the class)."""
        changed = fm.changed_now(self)
        if changed is None:
            self.__init__(fm, self.ctx)  # type: ignore[misc]  # read too long ago: afresh
        elif changed:
            ids = self.ids
            joined = False
            for f in changed:
                if not (f.removed or f.dead) and _own_due(self.ctx, f):
                    if f.id not in ids:
                        ids.add(f.id)
                        joined = True
                else:
                    ids.discard(f.id)
            if joined:
                self.order = sorted(ids, key=fm.position)
                self.start = 0
        return self.ids

    def in_order(self) -> Iterator[str]:
        """``ids`` in board order (call owing first)."""
        order, ids = self.order, self.ids
        k = self.start
        while k < len(order) and order[k] not in ids:
            k += 1
        self.start = k
        return (fid for fid in islice(order, k, None) if fid in ids)


def _due_of(state: CombatState, f: FighterState) -> list[Pending]:
    """What live fighter ``f`` owes at the end of the round, in order."""
    out = _classic(state, f) if state.edition == "classic" else _v08(state, f)
    if next_dying_roll(state, f) == state.round:
        out.append(dying_pending(state, f))
    d = f.declaration
    if (d is not None and d.action == "kill_helpless" and d.target and f.can_act
            and "killing_blow" not in f.checks_done):
        target = state.fighters.get(d.target)
        if target is not None and target.helpless and not target.removed:
            # RULES 1.6: the helpless die at the end of the round to a fighter
            # who spent it doing nothing else.
            out.append(Pending(f.id, "killing_blow", 0, 0))
    return out


def _owing(state: CombatState) -> tuple[FighterMap, Iterator[str]]:
    """The live fighters who may owe an end-of-round check, in board order (_Due)."""
    fm = FighterMap.of(state.fighters)
    index = fm.index("end-of-round-due", lambda m: _Due(m, state))
    ctx = index.ctx
    if (ctx.edition != state.edition or ctx.options is not state.options
            or ctx.round != state.round):
        index.__init__(fm, state)  # type: ignore[misc]  # another round or options
    index.owing(fm)
    return fm, index.in_order()


def end_of_round_due(state: CombatState) -> list[Pending]:
    """The end-of-round checks not yet made this round, in board order."""
    fm, ids = _owing(state)
    out: list[Pending] = []
    for fid in ids:
        out.extend(_due_of(state, fm[fid]))
    return out


def first_end_of_round_due(state: CombatState) -> Pending | None:
    """end_of_round_due(state)[0], or None: without working out the others (a round
    that rolls fatigue has one check per conscious fighter, each a step)."""
    fm, ids = _owing(state)
    for fid in ids:
        due = _due_of(state, fm[fid])
        if due:
            return due[0]
    return None


def end_of_round_due_plain(state: CombatState) -> list[Pending]:
    """end_of_round_due worked out from every live fighter, without the index (what
    the tests compare it with)."""
    out: list[Pending] = []
    for f in state.alive():  # the dead and removed roll nothing
        out.extend(_due_of(state, f))
    return out
