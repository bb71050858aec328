"""Catalogue items: weapons, shields and armour of both editions (RULES 1.3, 2).

Items are immutable pydantic records. A character carries copies of the items
it uses, so a character file is complete on its own.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from yags_desk.rules.editions import Edition

ItemKind = Literal["melee", "missile", "shield", "armour"]
DamageType = Literal["wounds", "stuns", "mixed"]

# Classic style/skill keys a weapon can be used with (RULES 1.2/1.3 "Skill" column).
ClassicWeaponSkill = Literal["brawling", "single", "great", "shield", "throw", "bow"]
# 0.8 weapon classes from the equipment lists.
V08WeaponClass = Literal[
    "brawl", "single", "great", "longshaft", "shield", "flail",
    "thrown", "bow", "crossbow",
]



class _Item(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(min_length=1, max_length=80, pattern=r"^[a-z0-9][a-z0-9_.-]*$")
    name: str = Field(min_length=1, max_length=80)
    edition: Edition
    builtin: bool = False
    source: str = Field(default="", max_length=200)
    notes: str = Field(default="", max_length=2000)


class Weapon(_Item):
    """A melee weapon, missile weapon or shield.

    Classic uses ``init``, ``attack``, ``defence``, ``damage``, ``strength``,
    ``toughness``, ``load`` and ``skill``; 0.8 uses ``attack``, ``defence``,
    ``damage``, ``damage_type``, ``strength``, ``load``, ``reach`` and
    ``classes``. ``properties`` holds flags such as ``light``, ``heavy``,
    ``two-handed``, ``impaling``.
    """

    kind: Literal["melee", "missile", "shield"]
    init: int = Field(default=0, ge=-100, le=100)
    attack: int = Field(default=0, ge=-100, le=100)
    defence: int = Field(default=0, ge=-100, le=100)
    damage: int = Field(default=0, ge=-100, le=100)
    strength: int | None = Field(default=None, ge=0, le=100)
    toughness: int | None = Field(default=None, ge=0, le=1000)
    load: float = Field(default=0, ge=0, le=1000)
    skill: ClassicWeaponSkill | None = None
    classes: tuple[V08WeaponClass, ...] = ()
    properties: tuple[str, ...] = ()
    damage_type: DamageType = "wounds"
    reach: int | None = Field(default=None, ge=0, le=20)
    bash: int | None = Field(default=None, ge=-100, le=100)
    # Missile range bands in metres: short, medium, long, extreme (RULES 1.3, 1.8).
    ranges: tuple[int, int, int, int] | None = None
    # 0.8 missiles (combat-missile.yags, Distance Increment): metres per +5 to the
    # difficulty; None = not given (the rules then use a default, see missile_v08).
    increment: int | None = Field(default=None, ge=1, le=10_000)
    # 0.8: the source marks these ranges as depending on the thrower's Strength.
    strength_ranges: bool = False

    @model_validator(mode="after")
    def _edition_fields(self) -> Weapon:
        if self.edition == "classic" and self.skill is None:
            raise ValueError("skill: a classic weapon needs its skill (brawling, single, ...)")
        if self.edition == "0.8" and not self.classes:
            raise ValueError("classes: a 0.8 weapon needs at least one class")
        if self.kind == "missile" and self.ranges is None and self.edition == "classic":
            raise ValueError("ranges: a classic missile weapon needs four range bands")
        if self.ranges is not None and list(self.ranges) != sorted(self.ranges):
            raise ValueError("ranges: the bands must not decrease (short <= ... <= extreme)")
        return self

    @property
    def two_handed(self) -> bool:
        return "two-handed" in self.properties

    def has(self, prop: str) -> bool:
        return prop in self.properties


class Armour(_Item):
    """Armour. Classic rows have half and full coverage ratings (RULES 1.3);
    0.8 pieces have one protection and load and the body parts they cover."""

    kind: Literal["armour"] = "armour"
    half_protection: int | None = Field(default=None, ge=0, le=100)
    half_load: float | None = Field(default=None, ge=0, le=1000)
    full_protection: int | None = Field(default=None, ge=0, le=100)
    full_load: float | None = Field(default=None, ge=0, le=1000)
    protection: int | None = Field(default=None, ge=0, le=100)
    load: float | None = Field(default=None, ge=0, le=1000)
    covers: tuple[str, ...] = ()
    properties: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _edition_fields(self) -> Armour:
        if self.edition == "classic":
            for f in ("half_protection", "half_load", "full_protection", "full_load"):
                if getattr(self, f) is None:
                    raise ValueError(f"{f}: classic armour needs half and full ratings")
        elif self.protection is None or self.load is None:
            raise ValueError("protection: 0.8 armour needs protection and load")
        return self

    def rating(self, coverage: Literal["half", "full"] | None) -> tuple[int, float]:
        """(protection, load) as worn."""
        if self.edition == "classic":
            if coverage == "half":
                return int(self.half_protection or 0), float(self.half_load or 0)
            return int(self.full_protection or 0), float(self.full_load or 0)
        return int(self.protection or 0), float(self.load or 0)


CatalogueItem = Weapon | Armour


FISTS_CLASSIC = Weapon(
    id="fist-kick", name="Fist/kick", edition="classic", kind="melee", skill="brawling",
    properties=("light",), builtin=True, source="YAGS classic, RULES 1.3",
)
FISTS_V08 = Weapon(
    id="unarmed", name="Unarmed", edition="0.8", kind="melee", classes=("brawl",),
    damage_type="stuns", reach=0, builtin=True, source="YAGS 0.8, RULES 2",
)


def fists(edition: Edition) -> Weapon:
    """The always-available unarmed attack of an edition."""
    return FISTS_CLASSIC if edition == "classic" else FISTS_V08
