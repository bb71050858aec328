"""Characters of both editions as pydantic models (RULES 1.1-1.4, 2).

The model holds what the GM writes on a sheet; every derived number is
computed by :mod:`yags_desk.rules.derived`.
"""

from __future__ import annotations

import uuid
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from yags_desk.rules.editions import Edition, edition_rules
from yags_desk.rules.items import Armour, Weapon
from yags_desk.rules.weapon_pairs import MAX_PICKED_PAIRS

CharacterKind = Literal["pc", "npc", "template"]
Difficulty = Literal["easy", "average", "hard"]
Coverage = Literal["half", "full"]


def new_id() -> str:
    return uuid.uuid4().hex


class Skill(BaseModel):
    """A skill: a percentage in classic (RULES 1.1), a level in 0.8 (RULES 2)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=60)
    value: int = Field(ge=0, le=1000)
    difficulty: Difficulty | None = None


class WornArmour(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    item: Armour
    coverage: Coverage | None = None

    @model_validator(mode="after")
    def _coverage_for_edition(self) -> WornArmour:
        if self.item.edition == "classic" and self.coverage is None:
            raise ValueError("coverage: classic armour is worn as 'half' or 'full'")
        return self


class Character(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(default_factory=new_id, min_length=1, max_length=64,
                    pattern=r"^[A-Za-z0-9_-]+$")
    name: str = Field(min_length=1, max_length=100)
    player: str = Field(default="", max_length=100)
    kind: CharacterKind = "pc"
    edition: Edition
    attributes: dict[str, int]
    skills: tuple[Skill, ...] = ()
    advantages: tuple[str, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    shield: Weapon | None = None
    armour: tuple[WornArmour, ...] = ()
    other_load: float = Field(default=0, ge=0, le=10_000)
    # Classic: boxes per body-level category, Hurt..Fatal (RULES 1.6); creatures may have more.
    body_boxes: tuple[int, int, int, int, int, int] = (1, 1, 1, 1, 1, 1)
    # Classic: fatigue track with the body track's categories (RULES 1.7 [decision]).
    fatigue_boxes: tuple[int, int, int, int, int, int] = (1, 1, 1, 1, 1, 1)
    # 0.8: base soak, 12 for an adult human (RULES 2).
    base_soak: int = Field(default=12, ge=0, le=200)
    # Current condition: body levels (classic) or wounds (0.8) taken, stuns (0.8),
    # short-term and long-term fatigue levels.
    wounds: int = Field(default=0, ge=0, le=200)
    stuns: int = Field(default=0, ge=0, le=6)
    fatigue_short: int = Field(default=0, ge=0, le=200)
    fatigue_long: int = Field(default=0, ge=0, le=200)
    # Killed in a fight or died of wounds (RULES 1.6, 1.10; RULES 2): the dead
    # do not heal (issue 16).
    dead: bool = False
    notes: str = Field(default="", max_length=20_000)
    # Two-weapon pairs the GM picked, (primary, secondary) weapon names, offered
    # besides the pairs of the best weapons (RULES 1.2, weapon_pairs).
    two_weapon_pairs: tuple[tuple[str, str], ...] = ()

    @field_validator("body_boxes", "fatigue_boxes")
    @classmethod
    def _boxes_range(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        for n in v:
            if not 1 <= n <= 20:
                raise ValueError("each category needs 1 to 20 boxes")
        return v

    @field_validator("advantages")
    @classmethod
    def _advantages(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for a in v:
            if not a.strip() or len(a) > 60:
                raise ValueError("an advantage needs a name of 1 to 60 characters")
        return v

    @field_validator("two_weapon_pairs")
    @classmethod
    def _pairs(cls, v: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
        if len(v) > MAX_PICKED_PAIRS:
            raise ValueError(f"at most {MAX_PICKED_PAIRS} two-weapon pairs can be picked, "
                             f"not {len(v)}")
        for pair in v:
            if any(not name.strip() or len(name) > 80 for name in pair):
                raise ValueError("each weapon of a pair needs a name of 1 to 80 characters")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> Character:
        rules = edition_rules(self.edition)
        names = set(self.attributes)
        unknown = sorted(names - set(rules.attributes))
        if unknown:
            raise ValueError(
                f"attributes: {', '.join(unknown)} is not an attribute of the "
                f"{self.edition} edition")
        missing = [a for a in rules.attributes if a not in names]
        if missing:
            raise ValueError(f"attributes: missing {', '.join(missing)}")
        for a, v in self.attributes.items():
            if not 0 <= v <= 100:
                raise ValueError(f"attributes.{a}: must be between 0 and 100, not {v}")
        seen: set[str] = set()
        for s in self.skills:
            key = s.name.casefold()
            if key in seen:
                raise ValueError(f"skills: '{s.name}' appears twice")
            seen.add(key)
            if self.edition == "0.8" and s.value > 50:
                raise ValueError(f"skills.{s.name}: a 0.8 skill level is at most 50")
        for w in (*self.weapons, *((self.shield,) if self.shield else ())):
            if w.edition != self.edition:
                raise ValueError(f"weapons: '{w.name}' belongs to the {w.edition} edition")
        if self.shield is not None and self.shield.kind != "shield":
            raise ValueError(f"shield: '{self.shield.name}' is not a shield")
        for worn in self.armour:
            if worn.item.edition != self.edition:
                raise ValueError(f"armour: '{worn.item.name}' belongs to the "
                                 f"{worn.item.edition} edition")
        if self.edition == "classic":
            if self.wounds > sum(self.body_boxes):
                raise ValueError(f"wounds: {self.wounds} is more than the "
                                 f"{sum(self.body_boxes)} body-level boxes")
            if self.fatigue_short + self.fatigue_long > sum(self.fatigue_boxes):
                raise ValueError("fatigue_short: fatigue is more than the fatigue track holds")
        # 0.8: wounds past 6 are kept: a survivor of the Fatal check carries them
        # and they raise the next check's target (RULES 2).
        return self

    # Convenience lookups -------------------------------------------------
    def attr(self, name: str) -> int:
        return self.attributes[name]

    def skill(self, name: str) -> int:
        """The skill's value, 0 when the character lacks it (untrained)."""
        key = name.casefold()
        for s in self.skills:
            if s.name.casefold() == key:
                return s.value
        return 0

    def carried_load(self) -> float:
        """Load of weapons, shield, armour as worn and other gear (RULES 1.4, RULES 2)."""
        load = self.other_load + sum(w.load for w in self.weapons)
        if self.shield is not None:
            load += self.shield.load
        return load + sum(worn.item.rating(worn.coverage)[1] for worn in self.armour)

    def has_advantage(self, name: str) -> bool:
        key = name.casefold()
        return any(a.casefold() == key for a in self.advantages)


def default_attributes(edition: Edition) -> dict[str, int]:
    """Typical values: 10 in classic (RULES 1.1); 3 in 0.8 with Size 5 (RULES 2)."""
    rules = edition_rules(edition)
    out = {a: rules.default_attribute for a in rules.attributes}
    if edition == "0.8":
        out["size"] = 5
    return out
