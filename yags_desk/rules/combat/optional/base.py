"""The shapes shared by the optional rules' providers (see the package's doc)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from yags_desk.rules.combat.state import CombatState

__all__ = ["NONE", "AttackKind", "Mod", "OptionalMods", "Provider"]

Mod = tuple[str, int]


@dataclass(frozen=True)
class AttackKind:
    """What sort of attack is being weighed: a missile shot, a counter strike
    (0.8, or a RULES 3.1 reaction), and the attack's style label."""

    missile: bool = False
    counter: bool = False
    style: str = ""


@dataclass(frozen=True)
class OptionalMods:
    attack: tuple[Mod, ...] = ()
    defence: tuple[Mod, ...] = ()
    damage: tuple[Mod, ...] = ()
    soak: tuple[Mod, ...] = ()

    def total(self, part: str) -> int:
        """Sum of one list: "attack", "defence", "damage" or "soak"."""
        mods: tuple[Mod, ...] = getattr(self, part)
        return sum(n for _, n in mods)

    def __add__(self, other: OptionalMods) -> OptionalMods:
        return OptionalMods(self.attack + other.attack, self.defence + other.defence,
                            self.damage + other.damage, self.soak + other.soak)

    def as_pairs(self) -> tuple[Mod, ...]:
        """("what: source", amount) pairs as a 0.8 Attack event records them."""
        names = {"attack": "attack", "damage": "damage", "soak": "soak", "defence": "defence"}
        return tuple((f"{names[part]}: {label}", n) for part in names
                     for label, n in getattr(self, part) if n)


NONE = OptionalMods()

Provider = Callable[[CombatState, str, str, AttackKind], OptionalMods]
