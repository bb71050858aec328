"""Fighters, weapons and dice shared by the classic special, missile, mounted and
odds tests. Weapon numbers are typed in from RULES 1.3."""

from __future__ import annotations

from typing import Any, TypeVar

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic, classic_weapon
from yags_desk.rules.character import Character, WornArmour
from yags_desk.rules.combat.attack_classic import AttackDice
from yags_desk.rules.combat.events import AddCombatant, Attack, Check, Declare
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import OpenRoll, open_roll_from_typed
from yags_desk.rules.items import Armour, Weapon

E = TypeVar("E", Attack, Check)
HEAVY_LEATHER = Armour(id="heavy-leather", name="Heavy leather", edition="classic",
                       half_protection=4, half_load=2, full_protection=6, full_load=4)


def tough(w: Weapon, toughness: int) -> Weapon:
    return w.model_copy(update={"toughness": toughness})


SWORD = tough(LONG_SWORD, 40)
SHORTSWORD = tough(SHORT_SWORD, 40)
AXE = classic_weapon("Axe", 6, 4, 3, 9, 12, 3, "single", "heavy").model_copy(
    update={"toughness": 35})
CLUB = classic_weapon("Club", 3, 2, 3, 4, 10, 2, "single", "light").model_copy(
    update={"toughness": 25})
KNIFE_T = classic_weapon("Knife", 2, 1, 2, 2, 4, 0, "brawling", "light").model_copy(
    update={"toughness": 30})
GREAT_AXE = classic_weapon("Great axe", 8, 7, 4, 14, 24, 6, "great", "two-handed",
                           "heavy").model_copy(update={"toughness": 40})
SHIELD = classic_weapon("Round shield", 0, 2, 7, 0, 9, 3, "shield", kind="shield").model_copy(
    update={"toughness": 30})
BOW_T = classic_weapon("Bow", 3, 12, 0, 10, 10, 2, "bow", kind="missile",
                       ranges=(25, 50, 80, 120)).model_copy(update={"toughness": 15})
THROWN_AXE = classic_weapon("Throwing axe", 3, 3, 0, 9, 12, 3, "throw", kind="missile",
                            ranges=(10, 20, 30, 50))


def aldric(**kw: Any) -> Character:
    """Str 13: Single weapon: Long sword init 16, attack 15, defence 15, damage 22;
    soak 13 + heavy leather 4 = 17."""
    base: dict[str, Any] = {"strength": 13, "skills": {"Single weapon": 100},
                            "weapons": (SWORD,),
                            "armour": (WornArmour(item=HEAVY_LEATHER, coverage="half"),)}
    base.update(kw)
    return classic("Aldric", **base)


def bandit(**kw: Any) -> Character:
    """Str 11, Dex 12: Single weapon: Short sword init 17, attack 16, defence 15,
    damage 18; soak 11."""
    base: dict[str, Any] = {"strength": 11, "dexterity": 12,
                            "skills": {"Single weapon": 100, "Brawling": 100},
                            "weapons": (SHORTSWORD,)}
    base.update(kw)
    return classic("Bandit", **base)


def board(*fighters: tuple[str, Character]) -> CombatLog:
    log = CombatLog("classic")
    for fid, c in fighters:
        log.push(AddCombatant(id=fid, name=c.name, side=fid, character=c))
    return log


def duel() -> CombatLog:
    return board(("aldric", aldric()), ("bandit", bandit()))


def roll(*faces: int) -> OpenRoll:
    return open_roll_from_typed(faces)


def dice(attack: tuple[int, ...], defence: tuple[int, ...] | None = None,
         damage: tuple[int, ...] = (5, 5), stray: int | None = None) -> AttackDice:
    return AttackDice(roll(*attack), None if defence is None else roll(*defence),
                      roll(*damage), stray)


def declare(log: CombatLog, fid: str, target: str | None, style: str = "", **kw: Any) -> None:
    log.push(Declare(id=fid, target=target, style=style, **kw))


def pushed(log: CombatLog, e: E) -> E:
    log.push(e)
    return e


def sentence(log: CombatLog, index: int = -1) -> str:
    """The log sentence of event ``index`` (the last by default)."""
    n = len(log.events) + index if index < 0 else index
    return describe(log.events[n], log.state_before(n), log.state_before(n + 1))
