"""Classic missile combat: the target's defence against a shot, and shots into a melee.

RULES 1.8: an unaware target is hit on 15; an aware one may dodge (brawling) or
block with a shield (Dexterity × Weapon-and-shield% + the shield's Defn only),
at least 15. A shot into a melee fumbles more often; a fumbled shot flies at
one of the people close to the target, and hits them if the attack roll would.
Range bands are in :mod:`modifiers_classic`; the stray die is rolled by
``attack_classic.roll_dice(rng, close=n)`` or typed in as ``AttackDice.stray``.
"""

from __future__ import annotations

from collections.abc import Sequence

from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import derive
from yags_desk.rules.errors import RulesError
from yags_desk.rules.values import Value, pct

__all__ = ["DODGE", "SHIELD_BLOCK", "STRAY_DEFENCE", "missile_defences", "stray_target",
           "validate_close"]

DODGE = "Brawling dodge"
SHIELD_BLOCK = "Shield block"
# [decision] Someone hit by a stray shot was not defending against it: the
# attack roll "would hit them" when it reaches 15 (RULES 1.8).
STRAY_DEFENCE = 15


def missile_defences(state: CombatState, t: FighterState) -> dict[str, tuple[Value, int]]:
    """The defences ``t`` may use against a missile: {name: (value, fumble chance)}."""
    d = derive(t.current_character(), state.options)
    out: dict[str, tuple[Value, int]] = {}
    brawl = d.style("Brawling")  # fists are always there
    if brawl.defence is not None:
        out[DODGE] = (brawl.defence, brawl.fumble_chance)
    c = t.character
    shield = c.shield
    if shield is not None and t.weapon_state(shield.name) not in ("broken", "dropped"):
        dex, skill = c.attr("dexterity"), c.skill("Weapon and shield")
        v = Value.of(f"Dexterity {dex} × Weapon and shield {skill}%", pct(dex, skill))
        v = v.plus(f"{shield.name} Defn", shield.defence)
        strength = c.attr("strength")
        if shield.strength is not None and strength < shield.strength:
            v = v.plus(f"{shield.name}: Strength {strength} below {shield.strength}",
                       -2 * (shield.strength - strength))
        v = v.plus("Wounds, fatigue and load", d.total_penalty)
        out[SHIELD_BLOCK] = (v, brawl.fumble_chance)
    return out


def validate_close(state: CombatState, attacker_id: str, target_id: str,
                   close: Sequence[str]) -> tuple[str, ...]:
    """The people close to a missile's target, each a fighter still standing on the
    board, neither the shooter nor the target, named once."""
    out: list[str] = []
    for fid in close:
        f = state.fighter(fid)
        if fid in (attacker_id, target_id):
            raise RulesError(f"close: {f.name} is the shooter or the target, not a bystander")
        if f.removed or f.dead:
            raise RulesError(f"close: {f.name} is {f.why_not if f.removed else 'dead'}")
        if fid in out:
            raise RulesError(f"close: {f.name} is named twice")
        out.append(fid)
    return tuple(out)


def stray_target(close: Sequence[str], pick: int | None) -> str:
    """The bystander a fumbled shot flies at: ``pick`` 1..len(close), rolled or typed."""
    if pick is None:
        raise RulesError(f"stray: the shot fumbled into a melee; say which of the "
                         f"{len(close)} people close to the target it flies at (RULES 1.8)")
    if not 1 <= pick <= len(close):
        raise RulesError(f"stray: {pick} is not between 1 and {len(close)}")
    return close[pick - 1]
