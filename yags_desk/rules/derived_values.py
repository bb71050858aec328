"""What a character sheet's derived numbers are: the values of one fighting style
and of the whole sheet, each a :class:`~yags_desk.rules.values.Value` that lists
its parts. :mod:`derived` computes them (through the edition modules, which
build these without importing :mod:`derived` back).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from yags_desk.rules.editions import Edition
from yags_desk.rules.values import Value

__all__ = ["Derived", "StyleValues"]


@dataclass(frozen=True)
class StyleValues:
    """One way the character can fight, with the numbers before dice."""

    style: str  # brawling, single, weapon_shield, two_weapons, great, longshaft, missile
    label: str  # "Single weapon: Long sword"
    skill: str
    skill_value: int
    weapons: tuple[str, ...]
    attack: Value
    damage: Value
    initiative: Value | None = None  # classic only; 0.8 initiative belongs to the character
    defence: Value | None = None  # None: this style cannot defend (thrown, bows)
    damage_kind: str = "wounds"  # classic: wounds or fatigue; 0.8: wounds, stuns or mixed
    fumble_chance: int = 3
    ranges: tuple[int, int, int, int] | None = None
    usable: bool = True
    warnings: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "style": self.style,
            "label": self.label,
            "skill": self.skill,
            "skill_value": self.skill_value,
            "weapons": list(self.weapons),
            "initiative": self.initiative.total if self.initiative else None,
            "attack": self.attack.total,
            "defence": self.defence.total if self.defence else None,
            "damage": self.damage.total,
            "damage_kind": self.damage_kind,
            "fumble_chance": self.fumble_chance,
            "ranges": list(self.ranges) if self.ranges else None,
            "usable": self.usable,
            "warnings": list(self.warnings),
            "how": {
                k: v.to_json()
                for k, v in (("initiative", self.initiative), ("attack", self.attack),
                             ("defence", self.defence), ("damage", self.damage))
                if v is not None
            },
        }


@dataclass(frozen=True)
class Derived:
    """The derived values of one character at its current condition."""

    edition: Edition
    soak: Value
    load: float
    load_allowance: float
    load_level: str
    load_penalty: int
    wound_level: str
    wound_penalty: int
    fatigue_level: str
    fatigue_penalty: int
    # Penalty on every roll except damage: wounds + fatigue (or stuns) + load (classic).
    total_penalty: int
    styles: tuple[StyleValues, ...]
    # 0.8 only
    initiative: Value | None = None
    move: Value | None = None
    max_defences: Value | None = None
    stun_level: str = ""
    stun_penalty: int = 0
    agility_penalty: int = 0
    dexterity_penalty: int = 0
    # Classic Berserker advantage: the value before dice of the berserk roll (RULES 1.9).
    berserk: Value | None = None
    body_track: tuple[str, ...] = field(default_factory=tuple)
    fatigue_track: tuple[str, ...] = field(default_factory=tuple)

    def style(self, label: str) -> StyleValues:
        for s in self.styles:
            if s.label == label:
                return s
        raise KeyError(label)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "edition": self.edition,
            "soak": self.soak.total,
            "load": self.load,
            "load_allowance": self.load_allowance,
            "load_level": self.load_level,
            "load_penalty": self.load_penalty,
            "wound_level": self.wound_level,
            "wound_penalty": self.wound_penalty,
            "fatigue_level": self.fatigue_level,
            "fatigue_penalty": self.fatigue_penalty,
            "total_penalty": self.total_penalty,
            "body_track": list(self.body_track),
            "fatigue_track": list(self.fatigue_track),
        }
        if self.edition == "0.8":
            out.update({
                "initiative": self.initiative.total if self.initiative else None,
                "move": self.move.total if self.move else None,
                "max_defences": self.max_defences.total if self.max_defences else None,
                "stun_level": self.stun_level,
                "stun_penalty": self.stun_penalty,
                "agility_penalty": self.agility_penalty,
                "dexterity_penalty": self.dexterity_penalty,
            })
        if self.berserk is not None:
            out["berserk"] = self.berserk.total
        out["styles"] = [s.to_json() for s in self.styles]
        out["how"] = {"soak": self.soak.to_json()}
        for name in ("initiative", "move", "max_defences", "berserk"):
            v = getattr(self, name)
            if v is not None:
                out["how"][name] = v.to_json()
        return out
