"""The steps of a fight's history: its events grouped the way the GM made them.

The board pushes one undo step per confirmed dialog (an initiative roll for
everyone, a re-declaration with its attack, the options switched in one go). A
saved encounter keeps only the events, so when it is opened again
:func:`history_steps` groups them back into steps and :func:`step_text` names
each one, and the undo history reads as it did before closing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from yags_desk.rules.combat.events import (
    AddCombatant,
    Attack,
    Check,
    Declare,
    EndRound,
    Event,
    Initiative,
    Override,
    RemoveCombatant,
    SetOption,
)
from yags_desk.rules.combat.state import CombatState, check_name

__all__ = ["history_steps", "step_text"]

# Events of these kinds made one after the other came from one dialog.
_RUNS = (Initiative, SetOption, AddCombatant)


def _same_step(previous: Event, event: Event) -> bool:
    for kind in _RUNS:
        if isinstance(previous, kind) and isinstance(event, kind):
            return True
    # [decision] The attack dialog may change the declaration first (another target):
    # a declaration followed straight by that fighter's attack is one step. A last
    # declaration of a round followed by the same fighter's first attack (0.8) is
    # joined too; undoing it undoes both, which loses nothing.
    return (isinstance(previous, Declare) and isinstance(event, Attack)
            and event.attacker == previous.id)


def history_steps(events: Sequence[Event], known: Sequence[int] = ()) -> list[int]:
    """How many events each undo step holds, in order (they add up to ``len(events)``).

    ``known``: the steps saved with the encounter, taken as long as they fit the
    events; the events after them (a recovery copy's last ones, a file written by
    another program) are grouped by kind."""
    sizes: list[int] = []
    start = 0
    for size in known:
        if size < 1 or start + size > len(events):
            break
        sizes.append(size)
        start += size
    taken = len(sizes)
    for number in range(start, len(events)):
        event = events[number]
        if len(sizes) > taken and _same_step(events[number - 1], event):
            sizes[-1] += 1
        else:
            sizes.append(1)
    return sizes


def step_text(events: Sequence[Event], state: CombatState) -> str:
    """A step's name in the undo history ("Bandit 3 attacks Aldric"), read in the
    state before its first event."""
    first = events[0]

    def name(fid: object) -> str:
        f = state.fighters.get(fid) if isinstance(fid, str) else None
        return f.name if f is not None else str(fid)

    if isinstance(first, Declare) and len(events) > 1 and isinstance(events[1], Attack):
        first = events[1]
    if isinstance(first, Attack):
        return f"{name(first.attacker)} attacks {name(first.defender)}"
    if isinstance(first, Check):
        return f"{name(first.id)}: {check_name(first.kind, state.edition)}"
    if isinstance(first, Initiative):
        return "Initiative" if len(events) > 1 else f"Initiative of {name(first.id)}"
    if isinstance(first, Declare) and len(events) > 1:
        who = [name(e.id) for e in events if isinstance(e, Declare)]
        return "Declarations of " + ", ".join(who[:3]) + ("…" if len(who) > 3 else "")
    if isinstance(first, Declare):
        what = first.action.replace("_", " ")
        against = f" → {name(first.target)}" if first.target else ""
        return f"{name(first.id)} declares: {what}{against}"
    if isinstance(first, EndRound):
        return f"End of round {state.round}"
    if isinstance(first, SetOption):
        return "Rules options"
    if isinstance(first, AddCombatant):
        names = ", ".join(e.name for e in events[:3] if isinstance(e, AddCombatant))
        return f"Add {names}" + ("…" if len(events) > 3 else "")
    if isinstance(first, RemoveCombatant):
        return f"Remove {name(first.id)}"
    if isinstance(first, Override) and first.field == "row":
        return f"Move {name(first.id)} to row {first.value}"
    kind = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(first).__name__).capitalize()
    return f"{kind}: {name(getattr(first, 'id', ''))}"  # "Set condition: Archer 1"
