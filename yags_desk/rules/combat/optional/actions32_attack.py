"""A RULES 3.2 free attack on a fleeing fighter, resolved by the edition's own attack
procedure (kept apart from ``actions32``, which the attack procedures import
through the optional-rule hook)."""

from __future__ import annotations

from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import AttackDiceV08, resolve_attack_v08
from yags_desk.rules.combat.events import Attack
from yags_desk.rules.combat.optional.actions32 import free_attack_state
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError

__all__ = ["free_attack_style", "resolve_free_attack"]


def free_attack_style(state: CombatState, attacker_id: str) -> str:
    """The melee style a free attack strikes with: the one declared this round, else
    the fighter's first melee style."""
    a = state.fighter(attacker_id)
    d = a.declaration
    styles = [s for s in a.derived(state.options).styles if s.style != "missile" and s.usable]
    labels = [s.label for s in styles]
    if d is not None and d.style in labels:
        return d.style
    if not labels:
        raise RulesError(f"free attack: {a.name} has no melee style to strike with")
    return labels[0]


def resolve_free_attack(state: CombatState, attacker_id: str, target_id: str,
                        dice: AttackDice | AttackDiceV08, style: str = "") -> Attack:
    """The Attack event (``free`` set) of ``attacker_id``'s free attack on the fleeing
    ``target_id`` (RULES 3.2)."""
    style = style or free_attack_style(state, attacker_id)
    prepared = free_attack_state(state, attacker_id, target_id, style)
    if isinstance(dice, AttackDice):
        e = resolve_attack(prepared, attacker_id, target_id, style, dice)
    else:
        e = resolve_attack_v08(prepared, attacker_id, target_id, dice)
    return e.model_copy(update={"free": True})
