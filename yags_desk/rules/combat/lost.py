"""Declared attacks that do not happen: why, and the event that logs it.

RULES 1.5 (classic, step 3) and RULES 2 (0.8): each fighter attacks the target
it declared. When that target can no longer be attacked by the fighter's turn
the attack is lost, and the log says so (:class:`events.ActionLost`) rather
than letting it vanish; the GM may also hold an attack (``held``).
"""

from __future__ import annotations

from yags_desk.rules.combat.events import ActionLost, LostReason
from yags_desk.rules.combat.optional.oops import NO_ACTION
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.errors import RulesError

__all__ = ["lose_action", "lost_reason", "reason_text", "weapon_gone"]

_TEXT = {"dead": "is dead", "unconscious": "is unconscious",
         "gone": "is no longer in the fight", "held": "is held",
         "oops": "is missed after an Oops! (RULES 3.2)",
         "weapon": "cannot be made: the weapon is dropped or broken",
         "broken": "is broken through"}


def weapon_gone(state: CombatState, f: FighterState, style: str) -> bool:
    """Whether a weapon of ``f``'s style labelled ``style`` is dropped or broken."""
    if not f.weapons_state or not style:
        return False
    s = next((x for x in f.derived(state.options).styles if x.label == style), None)
    return s is not None and any(f.weapon_state(n) in ("dropped", "broken")
                                 for n in s.weapons)


def lost_reason(t: FighterState) -> LostReason | None:
    """Why ``t`` can no longer be attacked as declared, or None if it still stands."""
    if t.removed:
        return "gone"
    if t.dead:
        return "dead"
    if t.has("unconscious"):
        return "unconscious"
    if t.thing is not None and t.has("broken"):
        return "broken"  # RULES 3.3 breaking things
    return None


def reason_text(reason: str) -> str:
    """``is dead``, ``is unconscious``, ``is no longer in the fight``."""
    return _TEXT.get(reason, reason)


def lose_action(state: CombatState, fid: str, *, held: bool = False,
                note: str = "") -> ActionLost:
    """The event for ``fid``'s declared attack not happening.

    ``held``: the GM holds it; otherwise its target must be down or gone
    (refused, naming the rule, when the target still stands).
    """
    f = state.fighter(fid)
    d = f.declaration
    target = d.target if d is not None and d.action in ("attack", "missile") else None
    if held:
        return ActionLost(id=fid, target=target, reason="held", note=note)
    if f.has(NO_ACTION):  # RULES 3.2 Oops! 71-80
        return ActionLost(id=fid, target=target, reason="oops", note=note)
    if f.exhausted:  # 0.8: it must rest now (combat-wounds.yags, Fatigue)
        return ActionLost(id=fid, target=target, reason="exhausted", note=note)
    if d is not None and weapon_gone(state, f, d.style):  # dropped mid-round (RULES 1.9, 3.3)
        return ActionLost(id=fid, target=target, reason="weapon", note=note)
    if target is None:
        raise RulesError(f"{f.name} declared no attack to lose (RULES 1.5)")
    reason = lost_reason(state.fighter(target))
    if reason is None:
        raise RulesError(f"{state.fighter(target).name} still stands: {f.name}'s attack on "
                         "it is not lost (RULES 1.5)")
    return ActionLost(id=fid, target=target, reason=reason, note=note)
