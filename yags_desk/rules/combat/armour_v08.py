"""0.8 armour against the kind of blow (RULES 2 equipment; reference/yags-0.8/
``combat/combat-melee.yags``, Special properties of weapons and Properties of
armour; ``equipment/fantasy-armour.yags`` for the pieces' properties).

- a suit is heavy when its heavy pieces cover the torso and the arms, or the
  torso and the legs (thighs count as legs [decision]); otherwise it is light;
- heavy weapon against a light suit: the suit's protection is halved;
- light weapon against a heavy suit: the damage is one kind worse (wounds,
  mixed, stuns, ineffective);
- impaling (or thrusting used with both hands): mail and soft pieces count half;
- stuns or mixed damage: soft pieces count double;
- firearms: pieces not marked bullet proof count half;
- crushing: a blow that does not reach soak but comes within 5 of it does one
  level, one kind worse.

[decision] Halving rounds down; a piece is halved at most once however many
reasons apply; the suit's halving comes after the pieces' own changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yags_desk.rules.character import WornArmour
from yags_desk.rules.items import Weapon

__all__ = ["ArmourEffect", "armour_effect", "suit_is_heavy", "worse_kind"]

_WORSE = {"wounds": "mixed", "mixed": "stuns", "stuns": "ineffective"}
_LEGS = ("legs", "thighs")


def worse_kind(kind: str) -> str:
    """The damage kind one step less effective (combat-melee.yags, Light)."""
    return _WORSE.get(kind, "ineffective")


def suit_is_heavy(armour: Sequence[WornArmour]) -> bool:
    """Whether the worn pieces make a heavy suit (combat-melee.yags, Properties of armour)."""
    covered = {part for w in armour if "heavy" in w.item.properties for part in w.item.covers}
    return "torso" in covered and ("arms" in covered or any(p in covered for p in _LEGS))


@dataclass(frozen=True)
class ArmourEffect:
    """How the target's armour meets this blow: the change to its soak, the kind
    the damage becomes, whether a near miss of a crushing blow still hurts, and
    the (label, amount) changes for the attack's list of modifiers."""

    soak_change: int
    damage_kind: str
    crushing: bool
    modifiers: tuple[tuple[str, int], ...]
    notes: tuple[str, ...]


def armour_effect(armour: Sequence[WornArmour], weapon: Weapon | None, damage_kind: str,
                  both_hands: bool) -> ArmourEffect:
    """The effect of ``armour`` against a blow of ``weapon`` doing ``damage_kind``
    damage; ``both_hands``: the weapon is used with both hands."""
    props = set(weapon.properties) if weapon is not None else set()
    name = weapon.name if weapon is not None else "the blow"
    impaling = "impaling" in props or ("thrusting" in props and both_hands)
    mods: list[tuple[str, int]] = []
    total = change = 0
    for worn in armour:
        p = worn.item.rating(worn.coverage)[0]
        total += p
        own = set(worn.item.properties)
        halved = ""
        if impaling and own & {"mail", "soft"}:
            halved = "against impaling"
        elif "firearm" in props and not own & {"bulletproof", "bullet-proof"}:
            halved = "against firearms, not bullet proof"
        if halved:
            delta = p // 2 - p
            mods.append((f"soak: {worn.item.name} halved {halved}", delta))
        elif "soft" in own and damage_kind in ("stuns", "mixed"):
            delta = p
            mods.append((f"soak: {worn.item.name} soft, doubled against {damage_kind}", delta))
        else:
            continue
        change += delta
    heavy_suit = suit_is_heavy(armour)
    kind, notes = damage_kind, []
    if armour and not heavy_suit and "heavy" in props:
        worn_total = total + change
        delta = worn_total // 2 - worn_total
        if delta:
            mods.append((f"soak: light armour halved against heavy {name}", delta))
            change += delta
    if heavy_suit and "light" in props:
        kind = worse_kind(damage_kind)
        notes.append(f"light {name} against heavy armour: {damage_kind} become {kind}")
    return ArmourEffect(soak_change=change, damage_kind=kind, crushing="crushing" in props,
                        modifiers=tuple(mods), notes=tuple(notes))
