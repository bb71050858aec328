"""Numbers and choices RULES.md leaves to the GM, as one settings object.

Each field is a **[decision]** of RULES.md that the GM may change, or a named
optional rule of RULES 3; the rules core reads them here instead of spreading
flags through the code. An encounter stores its options (pydantic, so saved
files validate them).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from yags_desk.rules.editions import V08_WOUND_TRACK, V08_WOUND_TRACK_OLD, TrackLevel

__all__ = ["DEFAULT_OPTIONS", "OPTIONAL_RULES", "RulesOptions"]

# RULES 3: optional rules, each a named toggle, off by default.
OPTIONAL_RULES: dict[str, str] = {
    "board_rows": "Battle board rows, reach and out-of-range strikes (RULES 3.1)",
    "back_turned": "Back turned (RULES 3.1)",
    "reactions": "Reactions and counterattacks (RULES 3.1)",
    "assist_hamper": "Assist and hamper (RULES 3.1)",
    "surprise": "Surprise in the first round (RULES 3.2)",
    "advantage": "Advantage counters (RULES 3.2)",
    "hit_locations": "Hit locations (RULES 3.2)",
    "oops": "Oops! table on fumbles (RULES 3.2)",
    "flee_charge_defend": "Flee, charge and defend actions (RULES 3.2)",
    "angry_strike": "Angry strike (RULES 3.3)",
    "feint": "Feint (RULES 3.3)",
    "aimed_attack": "Aimed attacks (RULES 3.3)",
    "darkness": "Darkness (RULES 3.3)",
    "size_class": "Size class damage multiplier (RULES 3.3)",
    "dodging": "Dodging and strike recovery (RULES 3.3)",
    "nonlethal": "Disarm, sweep and tackle (RULES 3.3)",
    "limb_injuries": "Limb injuries (RULES 3.3)",
    "breaking_things": "Breaking things (RULES 3.3)",
}


class RulesOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # RULES 2: the wound table's penalties are the default; the older set the
    # seed's prose uses (-5, -10, -15, -25) is a selectable option.
    v08_old_wound_penalties: bool = False
    # RULES 1.1: fumble chance 3 by default; poor conditions 4 or 5.
    classic_fumble_chance: int = Field(default=3, ge=0, le=20)
    # RULES 1.6 [decision]: the Critical, Fatal and dying stamina rolls test the
    # wound itself, so by default they do not take the wound, fatigue and load
    # penalties (RULES 1.7 names those penalties for fatigue rolls only).
    classic_survival_penalties: bool = False
    # RULES 1.6 GM option: unimportant NPCs drop at Critical without a roll.
    minor_npcs_drop_at_critical: bool = False
    # RULES 3.1 [decision]: with battle board rows on, a row is this many metres
    # for missile ranges and 0.8 movement (the GM sets it per encounter).
    board_metres_per_row: int = Field(default=5, ge=1, le=1000)
    # RULES 3.1 [decision]: rows a classic fighter may move in one move action
    # (the move costs its attack; classic has no Move score).
    board_rows_per_move: int = Field(default=1, ge=1, le=99)
    # RULES 3: the optional rules switched on for this encounter.
    optional: tuple[str, ...] = ()

    @field_validator("optional")
    @classmethod
    def _known(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [name for name in v if name not in OPTIONAL_RULES]
        if unknown:
            raise ValueError(f"unknown optional rule {unknown[0]!r}; known: "
                             f"{', '.join(OPTIONAL_RULES)}")
        return tuple(sorted(set(v)))

    def v08_track(self) -> tuple[TrackLevel, ...]:
        return V08_WOUND_TRACK_OLD if self.v08_old_wound_penalties else V08_WOUND_TRACK

    def uses(self, rule: str) -> bool:
        return rule in self.optional


DEFAULT_OPTIONS = RulesOptions()
