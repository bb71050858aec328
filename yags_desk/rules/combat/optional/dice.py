"""The d100s the RULES 3.2 options add to an attack's rolled dice.

Rolled after the attack's own dice, and only while the option is on, so a fight
without these options draws the same numbers from the same seed as before.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TypeVar

from yags_desk.rules.combat.attack_classic import AttackDice
from yags_desk.rules.combat.attack_roll_v08 import AttackDiceV08
from yags_desk.rules.combat.state import CombatState

__all__ = ["with_option_dice"]

D = TypeVar("D", AttackDice, AttackDiceV08)


def with_option_dice(state: CombatState, rng: random.Random, dice: D) -> D:
    """``dice`` with a hit-location d100 (option "hit_locations") and an Oops! d100
    (option "oops") rolled where they are missing."""
    if state.options.uses("hit_locations") and dice.location is None:
        dice = replace(dice, location=rng.randint(1, 100))
    if state.options.uses("oops") and dice.oops is None:
        dice = replace(dice, oops=rng.randint(1, 100))
    return dice
