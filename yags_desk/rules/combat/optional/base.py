"""The shapes shared by the optional rules' providers (see the package's doc)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import StyleValues
from yags_desk.rules.items import Weapon

__all__ = ["DODGED_CONDITION", "NONE", "AttackKind", "Mod", "OptionalMods", "Provider",
           "optional_parts"]

Mod = tuple[str, int]
# RULES 3.3 dodging: the condition a dodge leaves (optional.harn), here so that the
# hamper (optional.assist) can keep an attack's dodging bookkeeping.
DODGED_CONDITION = "dodged"


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


def optional_parts(modifiers: tuple[Mod, ...]) -> list[str]:
    """What the optional rules added to a recorded attack, for its log sentence:
    "RULES 3.1 out of range (2 rows, reach 1): defence +10"."""
    out = []
    for label, n in modifiers:
        what, _, source = label.rpartition(": ")
        if source.startswith("RULES 3") and n:
            out.append(f"{source}: {what.removeprefix('target' + chr(39) + 's ')} {n:+d}")
    return out


def style_weapon(f: FighterState, style: StyleValues) -> Weapon | None:
    """The weapon that strikes in ``style`` (its first one), or None (unarmed)."""
    names = style.weapons[:1]
    return next((w for w in f.character.weapons if w.name in names), None)


def striking_weapon(state: CombatState, f: FighterState, style: str) -> Weapon | None:
    """The weapon that strikes in the style labelled ``style``, or None."""
    try:
        return style_weapon(f, f.derived(state.options).style(style))
    except KeyError:
        return None
