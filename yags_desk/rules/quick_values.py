"""Quick combat data: the value table, quick values, battles and their state (RULES 1.12).

Quick (mass) combat replaces opposed rolls with one d10 against a target
number from 1 to 10. The target comes from a difference of two stats:

* initiative: own initiative − opposing initiative,
* attack: own attack − opposing defence,
* damage: own damage − opposing soak.

The table is held as data (:data:`QUICK_VALUE_BANDS`): for each kind, the
lowest difference that still gives value 1, 2, ... 9; anything below the last
bound gives 10.

The battle models (:class:`Battle` and its parts) are the ``data`` of a
``kind: "battle"`` file; :class:`BattleState` is the figures left between
turns. Turns and whole battles are fought by :mod:`yags_desk.rules.quick_combat`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, Protocol

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    field_validator,
    model_serializer,
    model_validator,
)

from yags_desk.rules.errors import RulesError
from yags_desk.rules.words import counted

__all__ = [
    "LEADERSHIP_BONUS",
    "LEADERSHIP_MIN_BATTLE",
    "MAX_FIGURE_TURNS",
    "QUICK_KINDS",
    "QUICK_VALUE_BANDS",
    "Battle",
    "BattleState",
    "Group",
    "Leader",
    "Pairing",
    "QuickKind",
    "QuickStats",
    "QuickValues",
    "Side",
    "SideStatus",
    "quick_attack",
    "quick_damage",
    "quick_initiative",
    "quick_value",
    "quick_value_rows",
    "quick_values",
]

# RULES 1.12: a leader needs Battle 25%+; the winner gets +1 on initiative and attack d10s.
LEADERSHIP_MIN_BATTLE = 25
LEADERSHIP_BONUS = 1

SideStatus = Literal["standing", "broken", "gone"]

QuickKind = Literal["initiative", "attack", "damage"]
QUICK_KINDS: tuple[QuickKind, ...] = ("initiative", "attack", "damage")

# RULES 1.12: lowest difference giving value 1, 2, ..., 9 (in that order).
# A difference below the last bound gives 10.
QUICK_VALUE_BANDS: dict[QuickKind, tuple[int, ...]] = {
    "initiative": (14, 11, 8, 5, 2, -1, -4, -7, -10),
    "attack": (11, 8, 5, 2, -1, -4, -7, -10, -13),
    "damage": (20, 15, 10, 5, 0, -5, -10, -15, -20),
}


def quick_value(kind: QuickKind, diff: int) -> int:
    """The quick value (1..10) for a difference of stats (RULES 1.12 table)."""
    try:
        bounds = QUICK_VALUE_BANDS[kind]
    except KeyError:
        raise RulesError(f"kind: expected one of {QUICK_KINDS}, got {kind!r}") from None
    for value, lowest in enumerate(bounds, start=1):
        if diff >= lowest:
            return value
    return 10


def quick_initiative(diff: int) -> int:
    """Quick initiative value from own − opposing initiative (RULES 1.12)."""
    return quick_value("initiative", diff)


def quick_attack(diff: int) -> int:
    """Quick attack value from own attack − opposing defence (RULES 1.12)."""
    return quick_value("attack", diff)


def quick_damage(diff: int) -> int:
    """Quick damage value from own damage − opposing soak (RULES 1.12)."""
    return quick_value("damage", diff)


def quick_value_rows() -> list[tuple[int, dict[QuickKind, tuple[int | None, int | None]]]]:
    """The RULES 1.12 table as rows for display, value 10 first.

    Each row is ``(value, {kind: (lowest diff, highest diff)})``; ``None`` is
    an open end (value 10 has no lowest, value 1 no highest).
    """
    rows: list[tuple[int, dict[QuickKind, tuple[int | None, int | None]]]] = []
    for value in range(10, 0, -1):
        bands: dict[QuickKind, tuple[int | None, int | None]] = {}
        for kind in QUICK_KINDS:
            bounds = QUICK_VALUE_BANDS[kind]
            low = bounds[value - 1] if value <= 9 else None
            high = bounds[value - 2] - 1 if value >= 2 else None
            bands[kind] = (low, high)
        rows.append((value, bands))
    return rows


class QuickStats(Protocol):
    """What a group needs for quick values (a :class:`~.quick_combat.Group`)."""

    @property
    def initiative(self) -> int: ...
    @property
    def attack(self) -> int: ...
    @property
    def defence(self) -> int: ...
    @property
    def damage(self) -> int: ...
    @property
    def soak(self) -> int: ...


@dataclass(frozen=True)
class QuickValues:
    """A group's three d10 targets against one opponent (RULES 1.12)."""

    initiative: int
    attack: int
    damage: int

    def to_json(self) -> dict[str, int]:
        return {"initiative": self.initiative, "attack": self.attack, "damage": self.damage}


def quick_values(group: QuickStats, opponent: QuickStats) -> QuickValues:
    """The quick values of ``group`` fighting ``opponent`` (RULES 1.12).

    Initiative from own − opposing initiative, attack from own attack −
    opposing defence, damage from own damage − opposing soak.
    """
    return QuickValues(
        initiative=quick_initiative(group.initiative - opponent.initiative),
        attack=quick_attack(group.attack - opponent.defence),
        damage=quick_damage(group.damage - opponent.soak),
    )


# ---------------------------------------------------------------------------
# The battle file's data (RULES 1.12)

_STRICT = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class Leader(BaseModel):
    """A side's leader: Intelligence and Battle skill % (RULES 1.12)."""

    model_config = _STRICT

    name: str = Field(min_length=1, max_length=100)
    intelligence: int = Field(ge=0, le=1000)
    battle: int = Field(ge=0, le=1000)

    @property
    def qualifies(self) -> bool:
        """A leader with Battle 25%+ may roll for leadership (RULES 1.12)."""
        return self.battle >= LEADERSHIP_MIN_BATTLE

    @property
    def base(self) -> int:
        """Intelligence x Battle%, rounded down once (RULES 1.1, 1.12)."""
        return self.intelligence * self.battle // 100


class Group(BaseModel):
    """A group of like fighters with their combat values (RULES 1.12)."""

    model_config = _STRICT

    name: str = Field(min_length=1, max_length=100)
    # A group fights with one figure or more (RULES 1.12): a group of none would
    # have its side gone before the first turn ("win after 0 turns").
    count: int = Field(ge=1, le=1_000_000)
    initiative: int = Field(ge=-1000, le=1000)
    attack: int = Field(ge=-1000, le=1000)
    defence: int = Field(ge=-1000, le=1000)
    damage: int = Field(ge=-1000, le=1000)
    soak: int = Field(ge=-1000, le=1000)
    # The character (its id) and fighting style the numbers were taken from,
    # empty when the GM typed them (rules.quick_template).
    template: str = Field(default="", max_length=64)
    style: str = Field(default="", max_length=200)
    # RULES 1.12 large creatures: wounds each figure takes before it is removed,
    # typed by the GM [decision, see quick_combat]; 0: not large, one damage
    # success removes one figure.
    wounds: int = Field(default=0, ge=0, le=1000)

    @field_validator("count", mode="before")
    @classmethod
    def _figures(cls, value: Any, info: ValidationInfo) -> Any:
        # The group named, as the battle view's Figures field says it; a file from
        # before this check that holds 0 is refused, never corrected.
        if isinstance(value, int) and not isinstance(value, bool) and value < 1:
            name = info.data.get("name") or "this group"
            raise ValueError(f"{name} needs at least 1 figure, not {value}")
        return value

    @property
    def large(self) -> bool:
        return self.wounds > 0

    @model_serializer(mode="wrap")
    def _leave_out_empty_template(self, handler: SerializerFunctionWrapHandler) -> Any:
        # Typed groups (and groups not large) are saved exactly as before those
        # fields existed.
        data = handler(self)
        if isinstance(data, dict):
            for key in ("template", "style"):
                if data.get(key) == "":
                    del data[key]
            if data.get("wounds") == 0:
                del data["wounds"]
        return data


class Side(BaseModel):
    """One side: its groups, an optional leader and the GM's leadership bonus (RULES 1.12)."""

    model_config = _STRICT

    name: str = Field(min_length=1, max_length=100)
    groups: list[Group] = Field(min_length=1, max_length=1000)
    leader: Leader | None = None
    # Terrain, tactics or anything else the GM grants to the leadership roll.
    bonus: int = Field(default=0, ge=-1000, le=1000)

    @property
    def start_count(self) -> int:
        return sum(group.count for group in self.groups)


class Pairing(BaseModel):
    """Two groups of opposite sides fighting each other; ``a`` rolls initiative."""

    model_config = _STRICT

    a: str = Field(min_length=1, max_length=100)
    b: str = Field(min_length=1, max_length=100)


# [decision] Figures times max_turns a battle file may ask for: about ten
# seconds of dice at the worst (a turn of 200,000 figures takes about 0.1 s).
MAX_FIGURE_TURNS = 20_000_000


class Battle(BaseModel):
    """A quick-combat battle: the ``data`` of a ``kind: "battle"`` file (RULES 1.12).

    ``pairings`` empty means: pair the groups of the two sides in listing order.
    """

    model_config = _STRICT

    name: str = Field(min_length=1, max_length=200)
    edition: Literal["classic"]
    sides: tuple[Side, Side]
    pairings: list[Pairing] = Field(default_factory=list, max_length=10_000)
    max_turns: int = Field(default=50, ge=1, le=1000)
    # [decision] a side breaks at this fraction of its starting figures or below.
    break_fraction: float = Field(default=0.0, ge=0.0, lt=1.0)
    # The turns fought so far, each as TurnResult.to_json() gives it, so a battle
    # saved mid-fight opens where it stood (rebuilt by rules.quick_turns, which
    # checks them against the rules); left out of the file while empty.
    fought: tuple[dict[str, Any], ...] = Field(default=(), max_length=1000)

    @model_serializer(mode="wrap")
    def _leave_out_no_turns(self, handler: SerializerFunctionWrapHandler) -> Any:
        # A battle with no turn fought is saved exactly as before turns were kept.
        data = handler(self)
        if isinstance(data, dict) and not data.get("fought"):
            data.pop("fought", None)
        return data

    @model_validator(mode="after")
    def _names_and_pairings(self) -> Battle:
        figures = sum(g.count for side in self.sides for g in side.groups)
        if figures * self.max_turns > MAX_FIGURE_TURNS:
            # Every figure rolls its own dice each turn (RULES 1.12), so the work
            # grows with figures x turns; past this a battle runs for minutes.
            most = MAX_FIGURE_TURNS // self.max_turns
            raise ValueError(
                f"sides: {figures:,} figures fighting up to {counted(self.max_turns, 'turn')} "
                f"(max_turns) is more than quick combat will roll: figures times "
                f"max_turns may be at most {MAX_FIGURE_TURNS:,}, so at most {most:,} "
                f"figures for {counted(self.max_turns, 'turn')}; use fewer figures or a lower "
                "max_turns")
        first, second = self.sides
        if first.name == second.name:
            raise ValueError(f"sides: both sides are named {first.name!r}")
        side_of: dict[str, int] = {}
        for index, side in enumerate(self.sides):
            for group in side.groups:
                if group.name in side_of:
                    raise ValueError(
                        f"sides: group name {group.name!r} is used twice "
                        f"(side {side.name!r}); group names must be unique"
                    )
                side_of[group.name] = index
        seen: set[frozenset[str]] = set()
        for number, pairing in enumerate(self.pairings, start=1):
            for name in (pairing.a, pairing.b):
                if name not in side_of:
                    raise ValueError(f"pairings: pairing {number} names no group {name!r}")
            if side_of[pairing.a] == side_of[pairing.b]:
                raise ValueError(
                    f"pairings: pairing {number} pairs {pairing.a!r} with {pairing.b!r}, "
                    "both of the same side"
                )
            key = frozenset((pairing.a, pairing.b))
            if key in seen:
                raise ValueError(
                    f"pairings: pairing {number} repeats {pairing.a!r} against {pairing.b!r}"
                )
            seen.add(key)
        return self

    def group(self, name: str) -> Group:
        """The group called ``name``."""
        for side in self.sides:
            for group in side.groups:
                if group.name == name:
                    return group
        raise RulesError(f"group: no group named {name!r} in battle {self.name!r}")

    def side_index(self, group_name: str) -> int:
        """0 or 1: the side the group fights for."""
        for index, side in enumerate(self.sides):
            if any(group.name == group_name for group in side.groups):
                return index
        raise RulesError(f"group: no group named {group_name!r} in battle {self.name!r}")

    def start_counts(self) -> dict[str, int]:
        return {group.name: group.count for side in self.sides for group in side.groups}


# ---------------------------------------------------------------------------
# State between turns


@dataclass(frozen=True)
class BattleState:
    """Figures left in each group after ``turn`` turns (RULES 1.12)."""

    battle: Battle
    counts: Mapping[str, int]
    turn: int = 0
    # RULES 1.12 large creatures: wounds on each large group's wounded figure,
    # carried from turn to turn (a group left out has none).
    wounds: Mapping[str, int] = field(default_factory=dict)
    # Per side: its figures now and at the start (worked out in __post_init__).
    _sides: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        expected = self.battle.start_counts()
        if set(self.counts) != set(expected):
            missing = sorted(set(expected) - set(self.counts))
            extra = sorted(set(self.counts) - set(expected))
            raise RulesError(f"counts: missing groups {missing}, unknown groups {extra}")
        for name, count in self.counts.items():
            if count < 0:
                raise RulesError(f"counts: group {name!r} has {count} figures (at least 0)")
        if self.turn < 0:
            raise RulesError(f"turn: {self.turn} is negative")
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))
        for name, taken in self.wounds.items():
            if name not in expected or not 0 <= taken < max(1, self.battle.group(name).wounds):
                raise RulesError(f"wounds: group {name!r} cannot carry {taken} wounds")
        object.__setattr__(self, "wounds", MappingProxyType(
            {n: w for n, w in self.wounds.items() if w}))
        # Each side's figures now and at the start, added up once: the view and the
        # CLI ask for them (side_status, is_over) several times a turn.
        counts = self.counts
        object.__setattr__(self, "_sides", tuple(
            (sum(counts[group.name] for group in side.groups), side.start_count)
            for side in self.battle.sides))

    @classmethod
    def start(cls, battle: Battle) -> BattleState:
        """Every group at full strength, no turn fought."""
        return cls(battle, battle.start_counts())

    def side_count(self, side: int) -> int:
        return self._sides[side][0]

    def side_status(self, side: int) -> SideStatus:
        """Gone with no figures; broken at ``break_fraction`` of its start or below."""
        left, start = self._sides[side]
        if left == 0:
            return "gone"
        if left <= self.battle.break_fraction * start:
            return "broken"
        return "standing"

    @property
    def is_over(self) -> bool:
        """A side gone or broken, or the turn limit reached."""
        return (
            self.turn >= self.battle.max_turns
            or self.side_status(0) != "standing"
            or self.side_status(1) != "standing"
        )


