"""An object on the battle board (RULES 3.3 breaking things): what it is made of.

Kept apart from :mod:`events` (which only stores it on ``AddCombatant.thing``) so
the shape is small and the rules that use it live in ``optional/objects.py``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = ["DOORS", "ObjectKind", "Thing"]

ObjectKind = Literal["plain_wood", "iron_bound", "other"]
# RULES 3.3: a door's soak against blunt and edged blows, and the d6 rolled per inch
# of thickness for its damage points: plain wood 15 / 13, 2d6; iron bound 16 / 16, 3d6.
DOORS: dict[str, tuple[int, int, int]] = {"plain_wood": (15, 13, 2), "iron_bound": (16, 16, 3)}


class Thing(BaseModel):
    """The object's soaks and the damage points it takes before it breaks."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: ObjectKind = "plain_wood"
    soak_blunt: int = Field(ge=0, le=200)
    soak_edge: int = Field(ge=0, le=200)
    inches: int = Field(default=1, ge=1, le=24)
    damage_points: int = Field(ge=1, le=2000)

    @model_validator(mode="after")
    def _door_soaks(self) -> Thing:
        if self.kind in DOORS and (self.soak_blunt, self.soak_edge) != DOORS[self.kind][:2]:
            blunt, edge, _ = DOORS[self.kind]
            raise ValueError(f"soak: a {self.kind.replace('_', ' ')} door soaks {blunt} "
                             f"blunt / {edge} edge (RULES 3.3); choose \"other\" for "
                             "different figures")
        return self
