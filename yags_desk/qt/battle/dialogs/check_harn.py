"""The check dialog's words for the RULES 3.3 roll after a disarm, sweep or tackle."""

from __future__ import annotations

from yags_desk.rules.combat.optional.harn_nonlethal import RESIST_TARGET, resist_value
from yags_desk.rules.combat.state import CombatState, Pending

__all__ = ["nonlethal_explanation"]

_LOSS = {"disarm": "drops its weapon", "sweep": "falls prone",
         "tackle": "falls prone, and so does the attacker"}


def nonlethal_explanation(state: CombatState, p: Pending) -> str:
    f = state.fighter(p.id)
    attacker = state.fighters.get(p.against)
    d = attacker.declaration if attacker is not None else None
    what = d.nonlethal if d is not None and d.nonlethal else ""
    if not what:
        return "The disarm, sweep or tackle is no longer declared: waive the roll."
    v = resist_value(state, f, what, p.amount)
    parts = " ".join(f"{'' if i == 0 else ('+ ' if n >= 0 else '− ')}"
                     f"{n if i == 0 else abs(n)} ({label})"
                     for i, (label, n) in enumerate(v.parts))
    die = "2d10!" if state.edition == "classic" else "d20"
    return (f"Against a {what}: {parts} = {v.total}, + {die}, against {RESIST_TARGET}; "
            f"failing, {f.name} {_LOSS[what]} (RULES 3.3).")
