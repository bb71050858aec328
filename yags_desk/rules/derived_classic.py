"""Derived values of a classic-edition character (RULES 1.2, 1.3, 1.4, 1.9).

Every style the character's equipment allows is listed with its initiative,
attack, defence and damage before dice, each a :class:`Value` that records
how it was made.
"""

from __future__ import annotations

from dataclasses import dataclass

from yags_desk.rules.character import Character
from yags_desk.rules.derived_values import Derived, StyleValues
from yags_desk.rules.items import Weapon, fists
from yags_desk.rules.tracks import boxes_by_category, classic_level
from yags_desk.rules.values import Value, pct
from yags_desk.rules.weapon_pairs import TWO_WEAPONS_SKILL, best_weapons, offered_pairs, one_handed

__all__ = ["SKILLS", "base_soak", "derive_classic", "load_penalty"]

# Skill names of the combat styles (RULES 1.2).
SKILLS = {
    "brawling": "Brawling",
    "single": "Single weapon",
    "weapon_shield": "Weapon and shield",
    "two_weapons": TWO_WEAPONS_SKILL,
    "great": "Great weapon",
    "throw": "Throw",
    "bow": "Bow",
}
DEFAULT_FUMBLE = 3  # RULES 1.1
SHIELD_AS_SECOND_FUMBLE = 3  # RULES 1.2: a shield as secondary weapon, fumble chance +3
# RULES 1.2: with these, brawling attack and defence may use Dexterity instead of Agility.
_DEXTEROUS_BRAWLING = ("knife", "dagger", "makeshift")


def base_soak(strength: int) -> int:
    """Strength up to 25; above it +1 per full 5 points (RULES 1.4)."""
    if strength <= 25:
        return strength
    return 25 + (strength - 25) // 5


def load_penalty(load: float, strength: int) -> int:
    """-1 per full 2 points of load above Strength (RULES 1.4)."""
    over = load - strength
    if over < 2:
        return 0
    return -int(over // 2)


@dataclass(frozen=True)
class _Bonus:
    """A contribution to all four numbers of a style."""

    label: str
    init: int
    attack: int
    defence: int
    damage: int

    def halved_up(self, label: str) -> _Bonus:
        """Half of each number, rounded up (RULES 1.2, two weapons)."""
        return _Bonus(label, -(-self.init // 2), -(-self.attack // 2),
                      -(-self.defence // 2), -(-self.damage // 2))


def _weapon_bonuses(w: Weapon, strength: int, effective_note: str = "") -> list[_Bonus]:
    """The weapon's own bonuses and, if the wielder is too weak, its penalty (RULES 1.2).

    ``effective_note`` describes how ``strength`` was reached ("Strength 10 ×1.5").
    """
    out = [_Bonus(w.name, w.init, w.attack, w.defence, w.damage)]
    if w.strength is not None and strength < w.strength:
        p = -2 * (w.strength - strength)
        shown = f"{effective_note} = {strength}" if effective_note else f"Strength {strength}"
        out.append(_Bonus(f"{w.name}: {shown} below {w.strength}", p, p, p, p))
    return out


def _is_dexterous_brawling(w: Weapon) -> bool:
    name = w.name.casefold()
    return w.has("makeshift") or any(k in name for k in _DEXTEROUS_BRAWLING[:2])


class _Builder:
    def __init__(self, c: Character) -> None:
        self.c = c
        a = c.attributes
        self.str = a["strength"]
        wound = classic_level(c.body_boxes, c.wounds)
        fatigue = classic_level(c.fatigue_boxes, c.fatigue_short + c.fatigue_long)
        self.load = c.carried_load()
        self.load_pen = load_penalty(self.load, self.str)
        self.penalties: list[tuple[str, int]] = [
            (f"Wounds ({wound[0]})", wound[1]),
            (f"Fatigue ({fatigue[0]})", fatigue[1]),
            (f"Load {self.load:g} over Strength {self.str}", self.load_pen),
        ]
        self.wound, self.fatigue = wound, fatigue

    def _with_penalties(self, v: Value) -> Value:
        for label, p in self.penalties:
            v = v.plus(label, p)
        return v

    def _attr_skill(self, attr: str, skill: str) -> Value:
        a = self.c.attributes[attr]
        s = self.c.skill(skill)
        return Value.of(f"{attr.capitalize()} {a} × {skill} {s}%", pct(a, s))

    def melee(self, style: str, label: str, weapons: tuple[str, ...], bonuses: list[_Bonus], *,
              init_attr: str = "agility", atk_attr: str = "dexterity",
              alt_defence: Value | None = None, damage_kind: str = "wounds",
              fumble: int = DEFAULT_FUMBLE, warnings: tuple[str, ...] = ()) -> StyleValues:
        skill = SKILLS[style]
        init = self._attr_skill(init_attr, skill)
        attack = self._attr_skill(atk_attr, skill)
        defence = self._attr_skill(atk_attr, skill)
        damage = Value.of(f"Strength {self.str}", self.str)
        for b in bonuses:
            init = init.plus(f"{b.label} Init", b.init)
            attack = attack.plus(f"{b.label} Attk", b.attack)
            defence = defence.plus(f"{b.label} Defn", b.defence)
            damage = damage.plus(f"{b.label} Dmg", b.damage)
        if alt_defence is not None:
            # RULES 1.2: single weapon may defend with Agility x Brawling% + weapon Defn.
            for b in bonuses:
                alt_defence = alt_defence.plus(f"{b.label} Defn", b.defence)
            if alt_defence.total > defence.total:
                defence = alt_defence
        return StyleValues(
            style=style, label=label, skill=skill, skill_value=self.c.skill(skill),
            weapons=weapons,
            initiative=self._with_penalties(init), attack=self._with_penalties(attack),
            defence=self._with_penalties(defence), damage=damage,
            damage_kind=damage_kind, fumble_chance=fumble, warnings=warnings)

    def brawling(self, w: Weapon) -> StyleValues:
        """RULES 1.2 Brawling: Agility throughout; Dexterity may serve with knives,
        daggers and makeshift weapons; damage is fatigue except knives and daggers."""
        dexterous = _is_dexterous_brawling(w)
        atk_attr = "agility"
        if dexterous and self.c.attributes["dexterity"] > self.c.attributes["agility"]:
            atk_attr = "dexterity"
        name = w.name.casefold()
        # [decision] a creature's natural weapons (property "natural": teeth,
        # claws) wound like knives and daggers rather than tire.
        lethal = "knife" in name or "dagger" in name or w.has("natural")
        kind = "wounds" if lethal else "fatigue"
        label = "Brawling" if w.id == fists("classic").id else f"Brawling: {w.name}"
        return self.melee("brawling", label, (w.name,), _weapon_bonuses(w, self.str),
                          atk_attr=atk_attr, damage_kind=kind)

    def missile(self, w: Weapon) -> StyleValues:
        """RULES 1.2: Throw and Bow use Agility for initiative, Perception to hit;
        no defence with a thrown weapon. RULES 1.8 ranges."""
        skill = SKILLS["bow" if w.skill == "bow" else "throw"]
        init = self._attr_skill("agility", skill)
        attack = self._attr_skill("perception", skill)
        damage = Value.of(f"Strength {self.str}", self.str)
        for b in _weapon_bonuses(w, self.str):
            init = init.plus(f"{b.label} Init", b.init)
            attack = attack.plus(f"{b.label} Attk", b.attack)
            damage = damage.plus(f"{b.label} Dmg", b.damage)
        return StyleValues(
            style="missile", label=f"{skill}: {w.name}", skill=skill,
            skill_value=self.c.skill(skill), weapons=(w.name,),
            initiative=self._with_penalties(init), attack=self._with_penalties(attack),
            defence=None, damage=damage, ranges=w.ranges)


def _great_in_one_hand(w: Weapon) -> bool:
    """A great weapon that may be held in one hand (RULES 1.2).

    [decision] The sheet has no "used one-handed" switch: every great weapon of
    RULES 1.3 is marked two-handed and is only ever used in both hands. One the
    GM enters without that mark (a hand-and-a-half sword, say) is offered beside
    a shield too, where it is used in one hand and loses the x1.5 Strength; in
    the Great weapon style it is still held in both.
    """
    return w.kind == "melee" and w.skill == "great" and not w.two_handed


def _styles(c: Character, b: _Builder) -> list[StyleValues]:
    out: list[StyleValues] = []
    melee = [w for w in c.weapons if w.kind == "melee"]
    # Brawling: always with fists; with brawling weapons and makeshift ones (RULES 1.2).
    out.append(b.brawling(fists("classic")))
    for w in melee:
        if w.id != fists("classic").id and (w.skill == "brawling" or w.has("makeshift")):
            out.append(b.brawling(w))
    brawl_defence = b._attr_skill("agility", SKILLS["brawling"])
    for w in melee:
        if w.skill == "single":
            out.append(b.melee("single", f"Single weapon: {w.name}", (w.name,),
                               _weapon_bonuses(w, b.str), alt_defence=brawl_defence))
    if c.shield is not None:
        for w in melee:
            if one_handed(w) or _great_in_one_hand(w):
                # RULES 1.2: weapon and shield bonuses add into one set. A great
                # weapon held in one hand beside the shield counts plain Strength
                # against its Str: the x1.5 is for two hands only.
                out.append(b.melee(
                    "weapon_shield", f"Weapon and shield: {w.name} + {c.shield.name}",
                    (w.name, c.shield.name),
                    _weapon_bonuses(w, b.str) + _weapon_bonuses(c.shield, b.str)))
    out.extend(_two_weapon_styles(c, b, melee))
    for w in melee:
        if w.skill == "great":
            # RULES 1.2: two hands; Strength x1.5 (round down) against Str requirement only.
            eff = b.str * 3 // 2
            out.append(b.melee("great", f"Great weapon: {w.name}", (w.name,),
                               _weapon_bonuses(w, eff, effective_note=f"Strength {b.str} ×1.5")))
    for w in c.weapons:
        if w.kind == "missile":
            out.append(b.missile(w))
    return out


def _two_weapon_styles(c: Character, b: _Builder, melee: list[Weapon]) -> list[StyleValues]:
    """RULES 1.2: primary's bonuses plus half (round up) of the secondary's.

    The primary is the weapon listed first on the sheet (or first in a pair the
    GM picked); a shield may be the secondary at half its bonuses and fumble
    chance +3. [decision] A weapon's strength penalty is part of its bonuses,
    so the secondary's is halved too. Only the pairs of :mod:`weapon_pairs`
    are offered, so a large arsenal costs linear time.
    """
    out: list[StyleValues] = []
    if c.skill(SKILLS["two_weapons"]) <= 0:
        return out
    hands = [w for w in melee if one_handed(w) and w.id != fists("classic").id]

    def score(w: Weapon) -> int:
        return sum(x.init + x.attack + x.defence + x.damage for x in _weapon_bonuses(w, b.str))

    shield = c.shield
    picked = [p for p in c.two_weapon_pairs
              if shield is None or p[1].casefold() != shield.name.casefold()]
    for primary, secondary in offered_pairs(hands, picked, score):
        sec = _combine(_weapon_bonuses(secondary, b.str), f"half of {secondary.name}")
        out.append(b.melee("two_weapons",
                           f"Two weapons: {primary.name} + {secondary.name}",
                           (primary.name, secondary.name),
                           _weapon_bonuses(primary, b.str) + [sec]))
    if shield is not None:
        primaries = best_weapons(hands, score)
        for first, second in c.two_weapon_pairs:
            if second.casefold() == shield.name.casefold():
                primaries += [w for w in hands if w.name.casefold() == first.casefold()][:1]
        done: set[str] = set()
        for primary in primaries:
            if primary.name.casefold() in done:
                continue
            done.add(primary.name.casefold())
            sec = _combine(_weapon_bonuses(shield, b.str), f"half of {shield.name}")
            out.append(b.melee("two_weapons",
                               f"Two weapons: {primary.name} + {shield.name}",
                               (primary.name, shield.name),
                               _weapon_bonuses(primary, b.str) + [sec],
                               fumble=DEFAULT_FUMBLE + SHIELD_AS_SECOND_FUMBLE))
    return out


def _combine(bonuses: list[_Bonus], label: str) -> _Bonus:
    total = _Bonus(label, sum(x.init for x in bonuses), sum(x.attack for x in bonuses),
                   sum(x.defence for x in bonuses), sum(x.damage for x in bonuses))
    return total.halved_up(label)


def derive_classic(c: Character) -> Derived:
    b = _Builder(c)
    soak = Value.of(f"Strength {b.str} (base soak)", base_soak(b.str))
    for worn in c.armour:
        prot = worn.item.rating(worn.coverage)[0]
        soak = soak.plus(f"{worn.item.name} ({worn.coverage})", prot)
    berserk = None
    if c.has_advantage("Berserker"):
        # RULES 1.9: Stamina x Berserk% - Will, before 2d10!.
        # It is a stamina roll, so wound, fatigue and load penalties apply (RULES 1.4).
        berserk = b._with_penalties(Value.of(
            f"Stamina {c.attr('stamina')} × Berserk {c.skill('Berserk')}%",
            pct(c.attr("stamina"), c.skill("Berserk")),
        ).plus(f"Will {c.attr('will')}", -c.attr("will")))
    total_penalty = sum(p for _, p in b.penalties)
    return Derived(
        edition="classic",
        soak=soak,
        load=b.load,
        load_allowance=float(b.str),
        load_level="over allowance" if b.load > b.str else "within allowance",
        load_penalty=b.load_pen,
        wound_level=b.wound[0],
        wound_penalty=b.wound[1],
        fatigue_level=b.fatigue[0],
        fatigue_penalty=b.fatigue[1],
        total_penalty=total_penalty,
        styles=tuple(_styles(c, b)),
        berserk=berserk,
        body_track=boxes_by_category(c.body_boxes),
        fatigue_track=boxes_by_category(c.fatigue_boxes),
    )
