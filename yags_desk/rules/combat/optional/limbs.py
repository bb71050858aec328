"""Limb injuries (RULES 3.3, option "limb_injuries", which needs RULES 3.2 hit
locations): a single blow of 4 body levels or more to an arm or a leg disables
that limb. A disabled arm lets go of what it holds; a disabled leg puts the
fighter down.

0.8 [decision]: 4 wounds. Both editions count one level per 5 points past soak
(RULES 1.6 from 1-5; RULES 2 from 0-4 after the first), so a classic blow of 4
levels (16-20 past soak) is a 0.8 blow of 4 wounds (15-19 past soak); RULES 3
keeps the figure as it is.

The limb stays disabled (a condition "disabled <limb>" shown on the card) until
the GM clears it.
"""

from __future__ import annotations

from yags_desk.rules.combat.events import Attack, Effect
from yags_desk.rules.combat.optional.locations import location_label
from yags_desk.rules.combat.specials_classic import held_weapon
from yags_desk.rules.combat.state import CombatState, FighterState

__all__ = ["LIMB_BLOW", "disabled_name", "with_limb_injury"]

LIMB_BLOW = 4  # body levels (classic) or wounds (0.8) in one blow
_LIMBS = ("off_arm", "main_arm", "left_leg", "right_leg")


def disabled_name(limb: str) -> str:
    """The condition of a disabled limb: "disabled main arm"."""
    return f"disabled {location_label(limb)}"


def _off_hand(state: CombatState, f: FighterState) -> str | None:
    """What the off arm holds [decision]: a shield or second weapon of the fighter's
    style, other than its main weapon."""
    main = held_weapon(state, f)
    d = f.declaration
    styles = f.derived(state.options).styles
    label = d.style if d is not None and d.style else ""
    s = next((x for x in styles if x.label == label), None)
    for name in s.weapons if s else ():
        w = next((w for w in f.character.weapons if w.name == name), None)
        if w is not None and w is not main and not w.has("natural"):
            return w.name
    return None


def with_limb_injury(state: CombatState, e: Attack) -> Attack:
    """``e`` with the limb injury its blow does, while both options are on."""
    if (e.location not in _LIMBS or not state.options.uses("limb_injuries")
            or not state.options.uses("hit_locations")):
        return e
    blow = sum(x.amount for x in e.effects if x.target == e.defender and x.kind == "wounds")
    t = state.fighter(e.defender)
    limb = str(e.location)
    if blow < LIMB_BLOW or t.has(disabled_name(limb)):
        return e
    extra: list[Effect] = [Effect(target=t.id, kind="condition", name=disabled_name(limb))]
    dropped: str | None = None
    if limb == "main_arm":
        w = held_weapon(state, t)
        dropped = w.name if w is not None else None
    elif limb == "off_arm":
        dropped = _off_hand(state, t)
    if dropped and (dropped, "dropped") not in t.weapons_state:
        # "disarmed" as after a RULES 1.9 disarm: clearing it picks the weapon up.
        extra += [Effect(target=t.id, kind="weapon_dropped", name=dropped),
                  Effect(target=t.id, kind="condition", name="disarmed")]
    if limb.endswith("leg"):
        extra.append(Effect(target=t.id, kind="condition", name="prone"))
    what = (f"drops {dropped}" if dropped else "falls prone" if limb.endswith("leg")
            else "")
    note = f"RULES 3.3 limb injury: {t.name}'s {location_label(limb)} is disabled" + (
        f" and {what}" if what else "")
    outcome = "; ".join(x for x in (e.outcome, note) if x)
    return e.model_copy(update={"effects": e.effects + tuple(extra), "outcome": outcome[:300]})
