"""Small builders for characters and items used across the rules tests.

Item numbers are typed in from RULES 1.3 (classic) and the 0.8 equipment lists,
independently of the catalogue JSON (which has its own tests).
"""

from __future__ import annotations

from typing import Any

from yags_desk.rules.character import Character, Skill, default_attributes
from yags_desk.rules.editions import Edition
from yags_desk.rules.items import Armour, Weapon


def classic_weapon(name: str, init: int, attk: int, defn: int, dmg: int, str_: int | None,
                   load: float, skill: str, *props: str, kind: str = "melee",
                   ranges: tuple[int, int, int, int] | None = None) -> Weapon:
    return Weapon(id=name.lower().replace(" ", "-").replace("/", "-"), name=name,
                  edition="classic", kind=kind, init=init, attack=attk, defence=defn,
                  damage=dmg, strength=str_, load=load, skill=skill, properties=props,
                  ranges=ranges)


LONG_SWORD = classic_weapon("Long sword", 6, 5, 5, 9, 12, 4, "single")
SHORT_SWORD = classic_weapon("Short sword", 7, 4, 3, 7, 9, 2, "single")
DAGGER = classic_weapon("Dagger", 4, 2, 3, 3, 6, 1, "brawling", "light")
KNIFE = classic_weapon("Knife", 2, 1, 2, 2, 4, 0, "brawling", "light")
GREATSWORD = classic_weapon("Greatsword", 12, 8, 6, 12, 24, 7, "great", "two-handed", "heavy")
ROUND_SHIELD = classic_weapon("Round shield", 0, 2, 7, 0, 9, 3, "shield", kind="shield")
BOW = classic_weapon("Bow", 3, 12, 0, 10, 10, 2, "bow", kind="missile",
                     ranges=(25, 50, 80, 120))
CHAIN = Armour(id="chain-mail", name="Chain mail", edition="classic", half_protection=9,
               half_load=4, full_protection=14, full_load=8)


def character(edition: Edition, name: str = "Test", skills: dict[str, int] | None = None,
              **kw: Any) -> Character:
    """A typical character of ``edition``; attribute names among ``kw`` set attributes."""
    attrs = default_attributes(edition)
    for k in list(kw):
        if k in attrs:
            attrs[k] = kw.pop(k)
    sk = tuple(Skill(name=n, value=v) for n, v in (skills or {}).items())
    return Character(name=name, edition=edition, attributes=attrs, skills=sk, **kw)


def classic(name: str = "Test", skills: dict[str, int] | None = None, **kw: Any) -> Character:
    return character("classic", name, skills, **kw)


def v08_weapon(name: str, attk: int, defn: int, dmg: int, str_: int, load: float,
               *classes: str, props: tuple[str, ...] = (), kind: str = "melee",
               damage_type: str = "wounds") -> Weapon:
    return Weapon(id=name.lower().replace(" ", "-"), name=name, edition="0.8", kind=kind,
                  attack=attk, defence=defn, damage=dmg, strength=str_, load=load,
                  classes=classes, properties=props, damage_type=damage_type)


BROAD_SWORD = v08_weapon("Broad sword", 5, 3, 12, 3, 1, "single")
GREAT_SWORD = v08_weapon("Great sword", 8, 4, 16, 6, 3, "great", props=("two-handed", "heavy"))
V08_ROUND_SHIELD = v08_weapon("Round shield", 2, 5, 0, 2, 1.5, "shield", kind="shield")
V08_DAGGER = v08_weapon("Dagger", 2, 2, 4, 1, 0.5, "brawl", "single", damage_type="mixed")
MAIL_HAUBERK = Armour(id="mail-hauberk", name="Mail hauberk", edition="0.8", protection=6,
                      load=7)


def v08(name: str = "Test", skills: dict[str, int] | None = None, **kw: Any) -> Character:
    return character("0.8", name, skills, **kw)


def fight_kinds(edition: Edition) -> list[Character]:
    """The kinds of fighter the random and golden fights are made of: a swordsman
    with a shield, a brute with a great weapon, a cutthroat with a dagger, a soldier."""
    if edition == "classic":
        return [
            classic("Swordsman", strength=14, dexterity=14, agility=13, stamina=14,
                    skills={"Single weapon": 110, "Shield": 60},
                    weapons=(LONG_SWORD, ROUND_SHIELD)),
            classic("Brute", strength=24, skills={"Great weapon": 100}, weapons=(GREATSWORD,)),
            classic("Cutthroat", dexterity=15, skills={"Brawling": 90}, weapons=(DAGGER,)),
            classic("Soldier", skills={"Single weapon": 80}, weapons=(SHORT_SWORD,)),
        ]
    return [
        v08("Swordsman", dexterity=4, skills={"Single weapon": 4, "Shield": 3},
            weapons=(BROAD_SWORD, V08_ROUND_SHIELD)),
        v08("Brute", strength=5, skills={"Great weapon": 3}, weapons=(GREAT_SWORD,)),
        v08("Cutthroat", agility=4, skills={"Brawl": 4}, weapons=(V08_DAGGER,)),
        v08("Soldier", skills={"Single weapon": 3}, weapons=(BROAD_SWORD,)),
    ]
