"""RULES 3.1 "delayed": a fighter's next action is slow (classic: it loses
initiative in the next round), after it takes a reaction or is hampered.

Each source leaves its own condition naming the round it bites in, e.g.
"delayed: reaction, round 3", so that it slows one action only and works only
while its option is on (a reaction's: "reactions"; a hamper's: "assist_hamper").
A plain "delayed" that the GM sets by hand is the GM's own ruling and always
counts **[decision]**.

Which round: classic, always the next one (this round's initiative is settled);
0.8, this round if the fighter has not acted yet this round, otherwise the next.
The condition lapses at the end of that round.
"""

from __future__ import annotations

from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.options import RulesOptions

__all__ = ["BY_GM", "HAMPER", "REACTION", "delay", "is_delayed"]

BY_GM = "delayed"
REACTION = "reaction"  # RULES 3.1 reactions
HAMPER = "hamper"  # RULES 3.1 hamper
_OPTION = {REACTION: "reactions", HAMPER: "assist_hamper"}
_PREFIX = "delayed: "


def delay(state: CombatState, f: FighterState, source: str) -> tuple[str, int]:
    """The condition (name, rounds) that delays ``f``'s next action, set now by
    ``source`` (REACTION or HAMPER)."""
    later = 0 if state.edition == "0.8" and not f.attacked else 1
    return f"{_PREFIX}{source}, round {state.round + later}", later + 1


def is_delayed(options: RulesOptions, round_no: int, f: FighterState) -> bool:
    """Whether ``f``'s action in round ``round_no`` is slow (classic: it loses
    initiative)."""
    for name, _ in f.conditions:
        if name == BY_GM:
            return True
        if not name.startswith(_PREFIX):
            continue
        source, _, when = name[len(_PREFIX):].partition(", round ")
        option = _OPTION.get(source)
        if option is not None and when == str(round_no) and options.uses(option):
            return True
    return False
