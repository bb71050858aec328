"""Whom the attack dialog may strike when the declared target is down or gone.

No Qt here. RULES 1.5 / RULES 2: a fighter attacks the target it declared; when
that target is dead, unconscious or has left the fight by the fighter's turn,
the GM may turn the attack on another enemy (a new declaration, as the
automatic rounds do) or hold it (:func:`lost.lose_action`).
"""

from __future__ import annotations

from dataclasses import dataclass

from yags_desk.rules.combat import procedure_classic, procedure_v08
from yags_desk.rules.combat.lost import lost_reason, reason_text
from yags_desk.rules.combat.state import CombatState

__all__ = ["TargetChoice", "down_hint", "target_choices"]


@dataclass(frozen=True)
class TargetChoice:
    """``options``: (id, label) of the fighters the attack may turn on, best first;
    ``default``: the one preselected (None: nobody is left to attack)."""

    down: str | None  # why the declared target cannot be attacked as declared, or None
    options: tuple[tuple[str, str], ...]
    default: str | None


def _attackable(state: CombatState, fid: str) -> bool:
    f = state.fighters.get(fid)
    return f is not None and not (f.removed or f.dead)


def target_choices(state: CombatState, attacker_id: str, declared: str) -> TargetChoice:
    """The declared target's state and, when it is down, the others to turn to."""
    a = state.fighter(attacker_id)
    t = state.fighters.get(declared)
    down = lost_reason(t) if t is not None else "gone"
    if down is None:
        return TargetChoice(None, ((declared, t.name if t else declared),), declared)
    foes = [g for g in state.active() if g.id != a.id and _attackable(state, g.id)
            and (g.side != a.side or g.id == declared)]
    foes.sort(key=lambda g: (not g.can_act, abs(g.row - a.row)))
    options = tuple((g.id, g.name if g.can_act else f"{g.name} ({g.why_not})") for g in foes)
    best = (procedure_classic.nearest_enemy(state, a) if state.edition == "classic"
            else procedure_v08.nearest_enemy(state, a.id))
    default = best.id if best is not None else (options[0][0] if options else None)
    return TargetChoice(down, options, default)


def down_hint(state: CombatState, declared: str, choice: TargetChoice) -> str:
    """The line that tells the GM why the target changed and what may be done."""
    if choice.down is None:
        return ""
    t = state.fighters.get(declared)
    name = t.name if t is not None else "The target"
    what = (": choose another target or hold the action" if choice.options
            else " and nobody else can be attacked: hold the action")
    return f"{name} {reason_text(choice.down)}{what}."
