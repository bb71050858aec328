"""Edition facts as data: attribute names, tracks and their penalties.

RULES 1.1 and 1.6 (classic), RULES 2 (0.8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Edition = Literal["classic", "0.8"]
EDITIONS: tuple[Edition, ...] = ("classic", "0.8")


@dataclass(frozen=True)
class TrackLevel:
    """One category of a damage track with the penalty it gives."""

    name: str
    penalty: int


@dataclass(frozen=True)
class EditionRules:
    name: Edition
    attributes: tuple[str, ...]
    default_attribute: int
    # Category names and penalties of the body (wound) track, best first.
    body_track: tuple[TrackLevel, ...]
    fumble_chance: int


# RULES 1.1: eight attributes, typical human 10 [decision].
CLASSIC_ATTRIBUTES = (
    "strength", "stamina", "agility", "dexterity",
    "perception", "intelligence", "empathy", "will",
)
# RULES 1.6: Hurt (0), Light (-2), Medium (-4), Serious (-7), Critical (-10), Fatal (-15).
CLASSIC_BODY_TRACK = (
    TrackLevel("Hurt", 0),
    TrackLevel("Light", -2),
    TrackLevel("Medium", -4),
    TrackLevel("Serious", -7),
    TrackLevel("Critical", -10),
    TrackLevel("Fatal", -15),
)

# RULES 2: eight attributes averaging 3, plus Size (5 for an adult human).
V08_ATTRIBUTES = (
    "strength", "health", "agility", "dexterity",
    "perception", "intelligence", "empathy", "will", "size",
)
# RULES 2: wounds 1 Minor (0), 2 Light (-3), 3 Medium (-6), 4 Heavy (-10),
# 5 Critical (-15), 6+ Fatal (-25); the table is the default.
V08_WOUND_TRACK = (
    TrackLevel("Minor", 0),
    TrackLevel("Light", -3),
    TrackLevel("Medium", -6),
    TrackLevel("Heavy", -10),
    TrackLevel("Critical", -15),
    TrackLevel("Fatal", -25),
)
# RULES 2: the older penalties the seed's prose still uses, a selectable option.
V08_WOUND_TRACK_OLD = (
    TrackLevel("Minor", 0),
    TrackLevel("Light", -5),
    TrackLevel("Medium", -10),
    TrackLevel("Heavy", -15),
    TrackLevel("Critical", -25),
    TrackLevel("Fatal", -25),
)
# Stuns use the same levels, 6+ being Beaten.
V08_STUN_NAMES = ("Minor", "Light", "Medium", "Heavy", "Critical", "Beaten")

CLASSIC = EditionRules(
    name="classic",
    attributes=CLASSIC_ATTRIBUTES,
    default_attribute=10,
    body_track=CLASSIC_BODY_TRACK,
    fumble_chance=3,
)
V08 = EditionRules(
    name="0.8",
    attributes=V08_ATTRIBUTES,
    default_attribute=3,
    body_track=V08_WOUND_TRACK,
    fumble_chance=1,
)


def edition_rules(edition: Edition) -> EditionRules:
    return CLASSIC if edition == "classic" else V08
