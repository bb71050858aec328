"""Events of a fight: everything that changes the state is one of these.

Events carry their dice and their results, so replaying a log reproduces the
fight exactly; the procedures that compute results from dice live beside the
reducer. Every event may carry a GM's ``note``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from yags_desk.rules.character import Character

__all__ = [
    "AddCombatant",
    "Attack",
    "ClearCondition",
    "EndRound",
    "Event",
    "Fatigue",
    "Initiative",
    "Override",
    "RemoveCombatant",
    "SetCondition",
    "Stuns",
    "Wound",
    "event_adapter",
]

_ID = r"^[A-Za-z0-9_-]+$"
CombatantId = Annotated[str, Field(min_length=1, max_length=64, pattern=_ID)]
# Conditions the engine knows by name (free-text ones are allowed too).
KNOWN_CONDITIONS = ("prone", "stunned", "unconscious", "dead", "disarmed", "berserk",
                    "surprised")


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    note: str = Field(default="", max_length=2000)


class AddCombatant(_Event):
    """A fighter joins the board (at set-up or mid-fight)."""

    type: Literal["add_combatant"] = "add_combatant"
    id: CombatantId
    name: str = Field(min_length=1, max_length=100)
    side: str = Field(min_length=1, max_length=60)
    row: int = Field(default=0, ge=0, le=99)
    character: Character


class RemoveCombatant(_Event):
    type: Literal["remove_combatant"] = "remove_combatant"
    id: CombatantId


class Initiative(_Event):
    """A fighter's initiative for the round (classic) or the combat (0.8)."""

    type: Literal["initiative"] = "initiative"
    id: CombatantId
    dice: tuple[int, ...] = Field(default=(), max_length=200)
    total: int = Field(ge=-10_000, le=10_000)


class Wound(_Event):
    """Body levels (classic, RULES 1.6) or wounds (0.8, RULES 2) taken."""

    type: Literal["wound"] = "wound"
    id: CombatantId
    levels: int = Field(ge=1, le=1000)
    source: str = Field(default="", max_length=200)


class Stuns(_Event):
    """A blow of stuns (0.8, RULES 2): replaces, adds one, or does nothing."""

    type: Literal["stuns"] = "stuns"
    id: CombatantId
    levels: int = Field(ge=1, le=1000)
    source: str = Field(default="", max_length=200)


class Fatigue(_Event):
    """Fatigue levels gained (RULES 1.7): short-term or long-term."""

    type: Literal["fatigue"] = "fatigue"
    id: CombatantId
    levels: int = Field(ge=1, le=1000)
    term: Literal["short", "long"] = "short"
    source: str = Field(default="", max_length=200)


class SetCondition(_Event):
    """A condition, lasting ``rounds`` rounds or until cleared (None)."""

    type: Literal["set_condition"] = "set_condition"
    id: CombatantId
    condition: str = Field(min_length=1, max_length=60)
    rounds: int | None = Field(default=None, ge=1, le=10_000)


class ClearCondition(_Event):
    type: Literal["clear_condition"] = "clear_condition"
    id: CombatantId
    condition: str = Field(min_length=1, max_length=60)


class Override(_Event):
    """The GM sets a number by hand; the reason is logged."""

    type: Literal["override"] = "override"
    id: CombatantId
    field: Literal["wounds", "stuns", "fatigue_short", "fatigue_long", "initiative", "row"]
    value: int = Field(ge=0, le=10_000)
    reason: str = Field(min_length=1, max_length=500)


class Attack(_Event):
    """One attack with its dice and every result (classic, RULES 1.5, 1.6).

    Built by :func:`combat.attack_classic.resolve_attack`; the reducer applies
    the damage it records, so the attack is undone as one step.
    """

    type: Literal["attack"] = "attack"
    attacker: CombatantId
    defender: CombatantId
    style: str = Field(max_length=200)
    attack_dice: tuple[int, ...] = Field(max_length=200)
    attack_total: int
    attack_fumble: bool = False
    defence_dice: tuple[int, ...] = Field(default=(), max_length=200)  # () = passive
    defence_total: int
    defence_fumble: bool = False
    hit: bool
    damage_dice: tuple[int, ...] = Field(default=(), max_length=200)
    damage_total: int = 0
    soak: int = 0
    levels: int = Field(default=0, ge=0, le=1000)
    damage_kind: Literal["wounds", "fatigue"] = "wounds"
    stunned: bool = False
    knockdown: bool = False


class EndRound(_Event):
    """The round's bookkeeping is done; conditions with durations count down."""

    type: Literal["end_round"] = "end_round"


Event = Annotated[
    AddCombatant | RemoveCombatant | Initiative | Attack | Wound | Stuns | Fatigue | SetCondition
    | ClearCondition | Override | EndRound,
    Field(discriminator="type"),
]

event_adapter: TypeAdapter[Event] = TypeAdapter(Event)
