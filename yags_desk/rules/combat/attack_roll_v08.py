"""The dice, modifiers and outcome of one 0.8 attack, melee or missile (RULES 2).

:mod:`attack_v08` (melee) and :mod:`missile_v08` (missiles) both build an
:class:`AttackMods` and read the dice through :func:`roll_outcome`, the one rule
the resolution and the exact odds share; living here, neither imports the other
for them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from yags_desk.rules.combat.optional.harn_state import scaled_past_soak
from yags_desk.rules.derived import StyleValues
from yags_desk.rules.dice import D20Roll, d20_roll
from yags_desk.rules.odds import PASSIVE_DEFENCE
from yags_desk.rules.wounds import v08_levels

__all__ = ["AttackDiceV08", "AttackMods", "RollOutcome", "damage_levels", "roll_dice_v08",
           "roll_outcome"]


@dataclass(frozen=True)
class AttackDiceV08:
    """The d20s of one attack; ``defence`` may be None when the target cannot
    defend actively (it is then ignored)."""

    attack: D20Roll
    defence: D20Roll | None
    damage: D20Roll
    # A fumbled shot into a melee: who it flies at, 1 = the intended target,
    # 2.. = the declared ``close`` in order (combat-missile.yags, Firing into melee).
    stray: int | None = None
    # RULES 3.2: the d100 of a hit's location and of a fumble's Oops! roll, needed
    # only while those options are on (optional/dice.py rolls them).
    location: int | None = None
    oops: int | None = None


def roll_dice_v08(rng: random.Random, defending: bool = True, close: int = 0) -> AttackDiceV08:
    """``close``: the others in a melee a shot is fired into; the stray die then
    picks among them and the target (1..close + 1)."""
    return AttackDiceV08(d20_roll(rng),
                         d20_roll(rng) if defending else None, d20_roll(rng),
                         rng.randint(1, close + 1) if close else None)


@dataclass(frozen=True)
class AttackMods:
    """Everything an attack's dice are added to, at this moment.

    ``defence`` None: the passive defence 15. ``modifiers`` lists every change
    made to the styles' values, as (label, amount).
    """

    attacker: str
    defender: str
    style: StyleValues
    attack: int
    defence: int | None
    damage: int
    soak: int
    damage_kind: str
    attack_halved: bool
    defence_halved: bool
    fumble_chance: int
    defence_fumble_chance: int
    counter: bool
    modifiers: tuple[tuple[str, int], ...]
    # 0.8 missiles (combat-missile.yags): the defence counts at least
    # ``defence_floor`` (15, changed by size) and ``difficulty`` (distance
    # increments, cover) is added to it, rolled or passive.
    missile: bool = False
    range_band: str | None = None
    defence_floor: int = PASSIVE_DEFENCE
    difficulty: int = 0
    notes: tuple[str, ...] = ()
    # The target's armour against this blow (armour_v08): a crushing weapon's
    # near miss still hurts; a light weapon against heavy armour may leave the
    # damage ineffective (stuns, halved).
    crushing: bool = False
    ineffective: bool = False
    # RULES 3.3 size class of the target: its factor (tenths) on damage past soak.
    size_tenths: int = 10
    # The style the defender defends with ("" when none): RULES 3.3 dodging.
    defence_label: str = ""
    # RULES 3.3 disarm, sweep or tackle declared: a hit does no damage.
    nonlethal: str = ""


@dataclass(frozen=True)
class RollOutcome:
    attack_total: int
    attack_fumble: bool
    defence_total: int
    defence_fumble: bool
    hit: bool
    damage_total: int
    levels: int
    # A crushing blow short of soak by 5 or less: one level, one kind worse.
    crushed: bool = False


def damage_levels(m: AttackMods, damage_total: int) -> tuple[int, bool]:
    """(levels, crushed) of a hit whose damage roll is ``damage_total`` (RULES 2;
    combat-melee.yags, Crushing: within 5 of soak still does one level)."""
    levels = v08_levels(damage_total, m.soak)
    if m.size_tenths != 10 and damage_total >= m.soak:  # RULES 3.3 size class
        levels = 1 + scaled_past_soak(damage_total - m.soak, m.size_tenths) // 5
    if not levels and m.crushing and damage_total >= m.soak - 5:
        return 1, True
    return levels, False


def roll_outcome(m: AttackMods, attack: int, defence: int | None, damage: int) -> RollOutcome:
    """The result of natural d20s ``attack``, ``defence`` (None: not rolled) and
    ``damage`` under ``m``: the one rule shared by the resolution and the odds.

    Halved rolls (initiative 0) halve the whole total, rounding down [decision].
    An active defence counts at least 15, and a fumbled one 15, as in the odds
    engine (odds.py [decision]). For a missile the floor is the size-adjusted
    difficulty and the distance difficulty is added to the defence, rolled or
    passive (combat-missile.yags, Distance Increment).
    """
    total = m.attack + attack
    attack_total = total // 2 if m.attack_halved else total
    attack_fumble = attack <= m.fumble_chance
    defence_total, defence_fumble = m.defence_floor, False
    if m.defence is not None and defence is not None:
        defence_fumble = defence <= m.defence_fumble_chance
        if not defence_fumble:
            rolled = m.defence + defence
            defence_total = max(m.defence_floor, rolled // 2 if m.defence_halved else rolled)
    defence_total += m.difficulty
    hit = not attack_fumble and attack_total >= defence_total
    damage_total = m.damage + damage if hit else 0
    levels, crushed = damage_levels(m, damage_total) if hit else (0, False)
    return RollOutcome(attack_total, attack_fumble, defence_total, defence_fumble, hit,
                       damage_total, levels, crushed)
