"""Numbers and choices RULES.md leaves to the GM, as one settings object.

Each field is a **[decision]** of RULES.md that the GM may change; the rules
core reads them here instead of spreading flags through the code.
"""

from __future__ import annotations

from dataclasses import dataclass

from yags_desk.rules.editions import V08_WOUND_TRACK, V08_WOUND_TRACK_OLD, TrackLevel

__all__ = ["DEFAULT_OPTIONS", "RulesOptions"]


@dataclass(frozen=True)
class RulesOptions:
    # RULES 2: the wound table's penalties are the default; the older set the
    # seed's prose uses (-5, -10, -15, -25) is a selectable option.
    v08_old_wound_penalties: bool = False

    def v08_track(self) -> tuple[TrackLevel, ...]:
        return V08_WOUND_TRACK_OLD if self.v08_old_wound_penalties else V08_WOUND_TRACK


DEFAULT_OPTIONS = RulesOptions()
