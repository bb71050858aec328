"""Derived values of a YAGS 0.8 character (RULES 2, reference/yags-0.8).

Sources: ``combat/combat.yags`` (Brawl uses Agility, Melee Dexterity;
maximum defences from Agility and Perception), ``combat/combat-melee.yags``
(strength requirement, encumbrance table), ``combat-skills.yags`` (the fighting
styles), ``character.md`` (Size, Soak and Move).
"""

from __future__ import annotations

from yags_desk.rules.character import Character
from yags_desk.rules.derived_values import Derived, StyleValues
from yags_desk.rules.items import Weapon, fists
from yags_desk.rules.options import DEFAULT_OPTIONS, RulesOptions
from yags_desk.rules.tracks import v08_stun_level, v08_wound_level
from yags_desk.rules.values import Value
from yags_desk.rules.weapon_pairs import TWO_WEAPONS_SKILL, offered_pairs, one_handed

__all__ = ["derive_v08", "encumbrance", "load_fumble", "strength_penalty"]

DEFAULT_FUMBLE = 1  # RULES 2: a natural 1 fumbles
ENCUMBRANCE_LEVELS = ("unencumbered", "light", "medium", "heavy", "extreme")

# Style key -> (skill name, weapon classes it covers).
STYLE_SKILLS: dict[str, tuple[str, tuple[str, ...]]] = {
    "brawl": ("Brawl", ("brawl",)),
    "single": ("Single weapon", ("single",)),
    "great": ("Great weapon", ("great",)),
    "longshaft": ("Longshaft weapon", ("longshaft",)),
    "flail": ("Single weapon", ("flail",)),
}
MISSILE_SKILLS = {"bow": "Bow", "crossbow": "Crossbow", "thrown": "Throw"}


def encumbrance(load: float, strength: int) -> tuple[str, int, int]:
    """(level, agility penalty, fatigue-roll penalty) for carried load.

    combat-melee.yags, Encumbrance: up to Str unencumbered; up to Str^2 light
    (-0); up to 2 x Str^2 medium (-1); up to 4 x Str^2 heavy (-2); up to
    10 x Str^2 extreme (-3), the penalty falling on Agility. core.md: -5 per
    level of encumbrance to rolls resisting fatigue. [decision] Load beyond
    10 x Str^2 counts as extreme.
    """
    sq = strength * strength
    if load <= strength:
        return "unencumbered", 0, 0
    for level, (limit, agi) in enumerate(
            ((sq, 0), (2 * sq, -1), (4 * sq, -2)), start=1):
        if load <= limit:
            name = ("light", "medium", "heavy")[level - 1]
            return name, agi, -5 * level
    return "extreme", -3, -20


def load_fumble(level: str) -> int:
    """How much a load above Strength raises the fumble chance.

    combat.yags (Armour) and combat.md say only that load beyond Strength raises
    the fumble chance, with no number. [decision] +1 per step of the
    encumbrance table past unencumbered: light +1, medium +2, heavy +3,
    extreme +4.
    """
    return ENCUMBRANCE_LEVELS.index(level)


def strength_penalty(weapon: Weapon, strength: int, two_handed: bool,
                     reduction: int = 0) -> tuple[int, str]:
    """Attack and defence penalty for a weak wielder (combat-melee.yags, Strength).

    Two-handed use adds 50% (round up) to effective strength; one point short
    gives -5, two points -15; weaker cannot use it at all (returns -1000 and a
    reason). ``reduction`` lowers the requirement (Great weapon / Longshaft
    skills used two-handed: -2, combat-skills.yags).
    """
    if weapon.strength is None:
        return 0, ""
    eff = strength + (-(-strength // 2) if two_handed else 0)
    need = max(0, weapon.strength - reduction)
    short = need - eff
    if short <= 0:
        return 0, ""
    if short == 1:
        return -5, f"{weapon.name}: Strength {eff} one below {need}"
    if short == 2:
        return -15, f"{weapon.name}: Strength {eff} two below {need}"
    return -1000, f"{weapon.name} needs Strength {need}; {eff} is too weak to use it"


class _Builder:
    def __init__(self, c: Character, options: RulesOptions) -> None:
        self.c = c
        a = c.attributes
        self.str = a["strength"]
        self.load = c.carried_load()
        self.enc = encumbrance(self.load, self.str)
        self.fumble = DEFAULT_FUMBLE + load_fumble(self.enc[0])
        self.agi = max(0, a["agility"] + self.enc[1])
        self.wound = v08_wound_level(c.wounds, options.v08_track())
        self.stun = v08_stun_level(c.stuns, options.v08_track())
        self.penalties = [(f"Wounds ({self.wound[0]})", self.wound[1]),
                          (f"Stuns ({self.stun[0]})", self.stun[1])]

    def _pen(self, v: Value) -> Value:
        for label, p in self.penalties:
            v = v.plus(label, p)
        return v

    def _base(self, attr: str, skill: str) -> Value:
        a = self.agi if attr == "agility" else self.c.attributes[attr]
        s = self.c.skill(skill)
        note = " (encumbered)" if attr == "agility" and self.agi != self.c.attr("agility") else ""
        return Value.of(f"{attr.capitalize()} {a}{note} × {skill} {s}", a * s)

    def style(self, style: str, label: str, skill: str, attr: str,
              parts: list[tuple[str, int, int, int]], *, str_pen: int = 0,
              str_note: str = "", damage_type: str = "wounds",
              can_defend: bool = True, ranges: tuple[int, int, int, int] | None = None,
              weapons: tuple[str, ...] = (), str_factor: int = 1) -> StyleValues:
        attack = self._base(attr, skill)
        defence = self._base(attr, skill)
        damage = Value.of(f"Strength {self.str} × {str_factor}", self.str * str_factor)
        for name, atk, dfn, dmg in parts:
            attack = attack.plus(f"{name} attack", atk)
            defence = defence.plus(f"{name} defence", dfn)
            damage = damage.plus(f"{name} damage", dmg)
        usable = str_pen > -1000
        warnings: tuple[str, ...] = ()
        if str_note:
            warnings = (str_note,)
        if usable and str_pen:
            attack = attack.plus(str_note, str_pen)
            defence = defence.plus(str_note, str_pen)
        return StyleValues(
            style=style, label=label, skill=skill, skill_value=self.c.skill(skill),
            weapons=weapons, attack=self._pen(attack),
            defence=self._pen(defence) if can_defend else None, damage=damage,
            damage_kind=damage_type, fumble_chance=self.fumble, ranges=ranges,
            usable=usable, warnings=warnings)


def _melee_styles(c: Character, b: _Builder) -> list[StyleValues]:
    out: list[StyleValues] = []
    unarmed = fists("0.8")
    out.append(b.style("brawl", "Brawl", "Brawl", "agility",
                       [(unarmed.name, unarmed.attack, unarmed.defence, unarmed.damage)],
                       damage_type=unarmed.damage_type, weapons=(unarmed.name,)))
    melee = [w for w in c.weapons if w.kind == "melee" and w.id != unarmed.id]
    for w in melee:
        for cls in w.classes:
            if cls not in STYLE_SKILLS:
                continue
            skill, _ = STYLE_SKILLS[cls]
            two = w.two_handed or cls == "great"
            reduction = 2 if two and cls in ("great", "longshaft") else 0
            pen, note = strength_penalty(w, b.str, two, reduction)
            attr = "agility" if cls == "brawl" else "dexterity"
            # RULES 2 [decision], combat-melee.yags (Melee): a two-handed weapon
            # used with both hands adds twice Strength to damage.
            out.append(b.style(cls, f"{skill}: {w.name}", skill, attr,
                               [(w.name, w.attack, w.defence, w.damage)], str_pen=pen,
                               str_note=note, damage_type=w.damage_type, weapons=(w.name,),
                               str_factor=2 if two else 1))
    # Great-class weapons need both hands even when the list has no two-handed flag.
    hands = [w for w in melee if one_handed(w)]
    if c.shield is not None:
        sh = c.shield
        for w in hands:
            # combat-skills.yags, Weapon and shield: both bonuses add together.
            pen_w, note_w = strength_penalty(w, b.str, False)
            pen_s, note_s = strength_penalty(sh, b.str, False)
            out.append(b.style(
                "weapon_shield", f"Weapon and shield: {w.name} + {sh.name}",
                "Weapon and shield", "dexterity",
                [(w.name, w.attack, w.defence, w.damage), (sh.name, sh.attack, sh.defence, 0)],
                str_pen=-1000 if -1000 in (pen_w, pen_s) else pen_w + pen_s,
                str_note="; ".join(n for n in (note_w, note_s) if n),
                damage_type=w.damage_type, weapons=(w.name, sh.name)))
    if c.skill(TWO_WEAPONS_SKILL) > 0:
        # Only the pairs of weapon_pairs, so a large arsenal costs linear time.
        def score(w: Weapon) -> int:
            return w.attack + w.defence + w.damage + strength_penalty(w, b.str, False)[0]

        for first, second in offered_pairs(hands, c.two_weapon_pairs, score):
            out.append(_two_weapons(b, first, second))
    return out


def _two_weapons(b: _Builder, first: Weapon, second: Weapon) -> StyleValues:
    """combat-skills.yags, Two weapons: half (round up) of the second weapon's
    bonuses are added to the first's; the heavier weapon's strength requirement
    goes up by one."""
    heavier = max((first, second), key=lambda w: w.strength or 0)
    pen, note = strength_penalty(heavier, b.str - 1, False)
    half = (f"half of {second.name}", -(-second.attack // 2), -(-second.defence // 2),
            -(-second.damage // 2))
    return b.style("two_weapons", f"Two weapons: {first.name} + {second.name}", "Two weapons",
                   "dexterity", [(first.name, first.attack, first.defence, first.damage), half],
                   str_pen=pen, str_note=note, damage_type=first.damage_type,
                   weapons=(first.name, second.name))


def _missile_styles(c: Character, b: _Builder) -> list[StyleValues]:
    """[decision] 0.8 missile attacks use Perception x skill, as classic does
    (RULES 1.2); the reference lists the skills but not the attribute.

    combat-missile.yags, Bows: bows are two-handed and do twice Strength;
    crossbows do a flat amount, the user's Strength adding nothing. [decision]
    The weapon's listed damage is added in both cases, as for every weapon.
    """
    out: list[StyleValues] = []
    for w in c.weapons:
        if w.ranges is None and w.kind != "missile":
            continue
        for cls in w.classes:
            skill = MISSILE_SKILLS.get(cls)
            if skill is None and w.kind == "melee" and "throwable" in w.properties:
                skill = "Throw"
            if skill is None:
                continue
            pen, note = strength_penalty(w, b.str, False)
            out.append(b.style("missile", f"{skill}: {w.name}", skill, "perception",
                               [(w.name, w.attack, 0, w.damage)], str_pen=pen, str_note=note,
                               damage_type=w.damage_type, can_defend=False, ranges=w.ranges,
                               weapons=(w.name,),
                               str_factor={"bow": 2, "crossbow": 0}.get(cls, 1)))
            break
    return out


def derive_v08(c: Character, options: RulesOptions = DEFAULT_OPTIONS) -> Derived:
    b = _Builder(c, options)
    a = c.attributes
    soak = Value.of("Base soak", c.base_soak)
    for worn in c.armour:
        soak = soak.plus(worn.item.name, worn.item.rating(None)[0])
    initiative = Value.of(f"Intelligence {a['intelligence']} × 4", a["intelligence"] * 4)
    move = (Value.of(f"Size {a['size']}", a["size"])
            .plus(f"Strength {a['strength']}", a["strength"])
            .plus(f"Agility {b.agi}", b.agi).plus("+1", 1))
    # core.md (Movement): each fatigue level (exhaustion counts too,
    # combat-wounds.yags) takes 2 off base movement, so 1 off the half Move a
    # fighter moves freely; core.md (Encumbrance): never below 1. The 0.8 texts
    # give the fatigue track no penalty to rolls.
    fatigue = c.fatigue_short + c.fatigue_long
    if fatigue:
        move = move.plus(f"Fatigue {fatigue} × -2", -2 * fatigue)
        if move.total < 1:
            move = move.plus("at least 1", 1 - move.total)
    # combat.yags: maximum defences = (Agility + Perception) / 2, rounded up.
    max_def = Value.of(f"(Agility {b.agi} + Perception {a['perception']}) / 2, round up",
                       -(-(b.agi + a["perception"]) // 2))
    styles = _melee_styles(c, b) + _missile_styles(c, b)
    return Derived(
        edition="0.8",
        soak=soak,
        load=b.load,
        load_allowance=float(b.str),
        load_level=b.enc[0],
        load_penalty=b.enc[2],
        wound_level=b.wound[0],
        wound_penalty=b.wound[1],
        fatigue_level="",
        fatigue_penalty=0,
        total_penalty=b.wound[1] + b.stun[1],
        styles=tuple(styles),
        initiative=initiative,
        move=move,
        max_defences=max_def,
        stun_level=b.stun[0],
        stun_penalty=b.stun[1],
        agility_penalty=b.enc[1],
        dexterity_penalty=0,
    )
