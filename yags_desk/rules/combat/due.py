"""Checks the end of a round requires (RULES 1.5 step 4, 1.6, 1.7, RULES 2).

``end_of_round_due(state)`` lists them; the reducer refuses to end the round
until each has a Check event this round (rolled, or waived by the GM).
"""

from __future__ import annotations

from yags_desk.rules.combat.state import V08_BEATEN, V08_FATAL, CombatState, FighterState, Pending
from yags_desk.rules.wounds import classic_fatal_fumble_chance

__all__ = ["FATIGUE_FIRST_TARGET", "FATIGUE_STEP", "end_of_round_due", "fatigue_target"]

FATIGUE_FIRST_TARGET = 15  # RULES 1.7
FATIGUE_STEP = 5
FATIGUE_EVERY = 3


def fatigue_target(f: FighterState) -> int:
    """15, then 20, 25... for each roll since the last round of rest (RULES 1.7)."""
    return FATIGUE_FIRST_TARGET + FATIGUE_STEP * f.fatigue_checks


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
    # at the end of each round.
    if (f.good_success and f.can_act and (f.wounds >= V08_FATAL or f.stuns >= V08_BEATEN)
            and f.fatal_round != state.round and "fatal_round" not in f.checks_done):
        return [Pending(f.id, "fatal_round", 20, 1)]
    return []


def end_of_round_due(state: CombatState) -> list[Pending]:
    """The end-of-round checks not yet made this round, in board order."""
    out: list[Pending] = []
    for f in state.active():
        if f.dead:
            continue
        out.extend(_classic(state, f) if state.edition == "classic" else _v08(state, f))
        d = f.declaration
        if (d is not None and d.action == "kill_helpless" and d.target and f.can_act
                and "killing_blow" not in f.checks_done):
            target = state.fighters.get(d.target)
            if target is not None and target.helpless and not target.removed:
                # RULES 1.6: the helpless die at the end of the round to a fighter
                # who spent it doing nothing else.
                out.append(Pending(f.id, "killing_blow", 0, 0))
    return out
