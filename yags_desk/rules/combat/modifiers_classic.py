"""Every modifier of a classic attack at this moment, each with its source.

One function gathers what the declaration (special attack, missile range),
the fighter's conditions (aimed, prepared, mounted, berserk) and the
encounter's options add to an attack, so the attack procedure, the exact odds
and the battle board all use the same numbers (RULES 1.8, 1.9, 1.11).
Wound, fatigue and load penalties are already inside the style's values
(``derive`` of the current character, RULES 1.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.optional.board import shot_range_m
from yags_desk.rules.combat.optional.reactions import reaction_waiting
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import StyleValues, derive
from yags_desk.rules.derived_classic import base_soak
from yags_desk.rules.errors import RulesError
from yags_desk.rules.wounds import berserk_result

__all__ = [
    "LOSE_INITIATIVE",
    "NO_ATTACK",
    "Mod",
    "Modifiers",
    "attack_modifiers",
    "defence_modifiers",
    "initiative_modifiers",
    "loses_initiative",
    "mounted_bonus",
    "range_band",
    "soak_modifiers",
]

Mod = tuple[str, int]

# RULES 1.9: these specials act after everyone else ("lose initiative").
LOSE_INITIATIVE = ("piercing", "disarm", "killing_blow", "break_weapon")
NO_ATTACK = ("aim", "prepare")  # RULES 1.9: a round spent without attacking
VERSUS_15 = ("ambush", "break_weapon")  # RULES 1.9: the attack is against 15
NO_DAMAGE = ("disarm", "break_weapon")  # [decision] the hit leads to a roll, not damage
KILLS = ("ambush", "killing_blow")  # RULES 1.9: 2+ body levels kill (knock out if subdue)
# RULES 1.8: attack and damage modifiers of each range band.
RANGE_BANDS: tuple[tuple[str, int, int], ...] = (
    ("short", 0, 0), ("medium", -5, 0), ("long", -15, -5), ("extreme", -30, -10))
INTO_MELEE_PER_PERSON = 2  # RULES 1.8
INTO_MELEE_WRESTLED = 5
AIM_FUMBLE = -2  # RULES 1.9


def loses_initiative(decl: Declare | None) -> bool:
    """Whether this declaration acts after everyone else this round (RULES 1.9)."""
    return decl is not None and decl.special in LOSE_INITIATIVE


def mounted_bonus(f: FighterState) -> int:
    """¼ × Agility × Riding% (round down once) in melee while mounted (RULES 1.11)."""
    if not f.conditions or not f.has("mounted"):
        return 0
    c = f.character
    return c.attr("agility") * c.skill("Riding") // 400


def range_band(style: StyleValues, range_m: int) -> str:
    """The range band of a missile shot; beyond extreme range is refused (RULES 1.8)."""
    if style.ranges is None:
        raise RulesError(f"style: {style.label} has no range bands")
    for (band, _, _), limit in zip(RANGE_BANDS, style.ranges, strict=True):
        if range_m <= limit:
            return band
    raise RulesError(f"range_m: {range_m} m is beyond the extreme range of "
                     f"{style.ranges[3]} m for {style.label} (RULES 1.8)")


# Modifiers.as_pairs: each list's name in an Attack event's record, in this order.
_PAIR_NAMES = (("attack", "attack"), ("damage", "damage"), ("soak", "soak"),
               ("fumble", "fumble chance"), ("defence", "own defence"))


@dataclass(frozen=True)
class Modifiers:
    """What applies to one fighter's attack now; each list holds (source, amount).

    ``defence`` is this fighter's own defence this round, against melee attacks.
    ``soak`` changes the target's soak on a hit; ``fumble`` the attack's fumble
    chance. The flags say how the attack is resolved.
    """

    special: str | None = None
    subdue: bool = False
    missile: bool = False
    range_band: str | None = None
    attack: tuple[Mod, ...] = ()
    defence: tuple[Mod, ...] = ()
    damage: tuple[Mod, ...] = ()
    initiative: tuple[Mod, ...] = ()
    soak: tuple[Mod, ...] = ()
    fumble: tuple[Mod, ...] = ()
    loses_initiative: bool = False
    attacks: bool = True
    can_defend: bool = True
    versus_15: bool = False
    kills: bool = False
    does_damage: bool = True

    def total(self, part: str) -> int:
        """Sum of one list: "attack", "defence", "damage", "initiative", "soak", "fumble"."""
        mods: tuple[Mod, ...] = getattr(self, part)
        return sum([n for _, n in mods]) if mods else 0

    def as_pairs(self) -> tuple[Mod, ...]:
        """Every modifier as ("what: source", amount), as an Attack event records them."""
        return tuple((f"{name}: {label}", n) for part, name in _PAIR_NAMES
                     for label, n in getattr(self, part))


def _style(state: CombatState, f: FighterState, label: str) -> StyleValues:
    try:
        return derive(f.current_character(), state.options).style(label)
    except KeyError:
        raise RulesError(f"style: {f.name} has no style {label!r}") from None


# RULES 1.9: what a declared special does to the fighter's own defence this round.
_OWN_DEFENCE: dict[str | None, Mod] = {
    "all_out": ("All-out attack", -10), "piercing": ("Piercing strike", -5),
    "defensive": ("Defensive fighting", 5)}


def defence_modifiers(state: CombatState, fid: str, *, missile: bool = False) -> tuple[Mod, ...]:
    """What changes ``fid``'s defence this round: its declared special, berserk,
    and in melee only the mounted bonus (RULES 1.9, 1.11)."""
    f = state.fighter(fid)
    out: list[Mod] = []
    special = f.declaration.special if f.declaration else None
    if special in _OWN_DEFENCE:
        out.append(_OWN_DEFENCE[special])
    if f.berserk_total:
        out.append(("Berserk", berserk_result(f.berserk_total).defence))
    bonus = mounted_bonus(f)
    if bonus and not missile:
        out.append(("Mounted: ¼ × Agility × Riding%", bonus))
    return tuple(out)


def soak_modifiers(state: CombatState, special: str | None, defender_id: str) -> tuple[Mod, ...]:
    """Ambush halves the target's soak; a piercing strike halves its armour, not
    its base soak (both round down, RULES 1.9)."""
    if special not in ("ambush", "piercing"):
        return ()
    t = state.fighter(defender_id)
    soak = derive(t.current_character(), state.options).soak.total
    if special == "ambush":
        return (("Ambush: soak halved", -(soak - soak // 2)),)
    armour = soak - base_soak(t.character.attr("strength"))
    return (("Piercing strike: armour halved", -(armour - armour // 2)),) if armour > 0 else ()


def _weapon_damage(style: StyleValues) -> int:
    """The weapons' Dmg bonus inside a style's damage (parts named "... Dmg")."""
    return sum(n for label, n in style.damage.parts if label.endswith(" Dmg"))


def _special_mods(special: str, style: StyleValues | None) -> dict[str, list[Mod]]:
    """Attack, defence and initiative changes of one special attack (RULES 1.9)."""
    two_handed = style is not None and style.style == "great"
    table: dict[str, dict[str, list[Mod]]] = {
        "all_out": {"attack": [("All-out attack", 5)], "initiative": [("All-out attack", 5)]},
        "defensive": {"attack": [("Defensive fighting", -10)],
                      "initiative": [("Defensive fighting", -10)]},
        "piercing": {"attack": [("Piercing strike, two-handed", -5) if two_handed
                                else ("Piercing strike, one-handed", -10)]},
        "killing_blow": {"attack": [("Killing blow", -15)]},
    }
    return table.get(special, {})


def _initiative(f: FighterState, special: str | None, s: StyleValues | None,
                missile: bool) -> tuple[Mod, ...]:
    """The initiative part of attack_modifiers: the special attack's (RULES 1.9),
    berserk's bonus (RULES 1.9), and in melee preparing (RULES 1.9) and a mount's
    bonus (RULES 1.11); amounts of 0 left out."""
    out = list(_special_mods(special, s).get("initiative", ())) if special else []
    if f.berserk_total:
        out.append((f"Berserk (roll {f.berserk_total})", berserk_result(f.berserk_total).bonus))
    if not missile:
        if f.conditions and f.has("prepared"):
            out.append(("Prepared last round", 5))
        bonus = mounted_bonus(f)
        if bonus:
            out.append(("Mounted: ¼ × Agility × Riding%", bonus))
    return tuple(m for m in out if m[1])


def initiative_modifiers(state: CombatState, attacker_id: str,
                         style: StyleValues) -> tuple[Mod, ...]:
    """``attack_modifiers(state, attacker_id, style=style).initiative`` without
    working out the rest of the attack (each fighter's initiative asks for it,
    issue 18). A missile style goes the whole way, as its range band may refuse
    the shot (RULES 1.8)."""
    if style.style == "missile":
        return attack_modifiers(state, attacker_id, style=style).initiative
    f = state.fighter(attacker_id)
    d = f.declaration
    return _initiative(f, d.special if d is not None else None, style, False)


def attack_modifiers(state: CombatState, attacker_id: str, defender_id: str | None = None, *,
                     style: str | StyleValues | None = None, close: int = 0,
                     wrestled: bool = False, situational: Mod | None = None) -> Modifiers:
    """Every modifier of ``attacker_id``'s attack now, read from its declaration,
    its conditions and the options.

    The declared special and range apply to the attack on the declared target
    (``defender_id`` None means that one). ``style`` (a label, or the style's
    values already derived) defaults to the declared style. ``close`` people
    near a missile's target, and whether someone wrestles it, raise the fumble
    chance of a shot into a melee (RULES 1.8). ``situational``: the GM's own
    (label, amount) for this attack (:func:`situational.situational`, RULES 1.1).
    """
    f = state.fighter(attacker_id)
    d = f.declaration
    s: StyleValues | None
    if isinstance(style, StyleValues):
        s = style
    else:
        label = style or (d.style if d else "")
        s = _style(state, f, label) if label else None
    missile = s is not None and s.style == "missile"
    aimed_at_target = d is not None and (defender_id is None or d.target in (None, defender_id))
    if defender_id is not None and reaction_waiting(state, attacker_id, defender_id) is not None:
        aimed_at_target = False  # RULES 3.1: a reaction strike is a basic melee strike
    special = d.special if d is not None and aimed_at_target else None
    subdue = special == "subdue" or (d is not None and aimed_at_target and d.subdue)
    parts: dict[str, list[Mod]] = {k: [] for k in
                                   ("attack", "damage", "initiative", "soak", "fumble")}
    for part, mods in (_special_mods(special, s) if special else {}).items():
        if part != "initiative":  # _initiative: the special's, berserk, prepared, mounted
            parts[part].extend(mods)
    if subdue and s is not None:
        dmg = _weapon_damage(s)
        if dmg > 0:  # [decision] a Dmg bonus of 0 or less is not changed
            parts["damage"].append(("Subdue: weapon Dmg halved", -(dmg - dmg // 2)))
    if f.berserk_total:
        bonus = berserk_result(f.berserk_total).bonus
        for part in ("attack", "damage"):
            parts[part].append((f"Berserk (roll {f.berserk_total})", bonus))
    if missile:
        if f.has("aimed"):
            perception = f.character.attr("perception")
            parts["attack"].append((f"Aimed: ¼ Perception {perception}", perception // 4))
            parts["fumble"].append(("Aimed", AIM_FUMBLE))
    else:
        if f.has("prepared"):
            parts["attack"].append(("Prepared last round", 5))
        bonus = mounted_bonus(f)
        if bonus:
            parts["attack"].append(("Mounted: ¼ × Agility × Riding%", bonus))
    if situational is not None:
        parts["attack"].append(situational)
    band = None
    aim_at = defender_id or (d.target if d else None)
    # RULES 3.1: with board rows on, the distance comes from the rows.
    range_m = None if d is None else shot_range_m(
        state, f, state.fighter(aim_at) if aim_at else None, d.range_m)
    if missile and s is not None and range_m is not None:
        band = range_band(s, range_m)
        _, att, dmg = next(b for b in RANGE_BANDS if b[0] == band)
        parts["attack"].append((f"{band.capitalize()} range ({range_m} m)", att))
        parts["damage"].append((f"{band.capitalize()} range ({range_m} m)", dmg))
    poor = state.options.classic_fumble_chance - 3
    parts["fumble"].append((f"Conditions (fumble chance {state.options.classic_fumble_chance})",
                            poor))
    if missile and close:
        parts["fumble"].append((f"Into a melee: {close} others close to the target",
                                INTO_MELEE_PER_PERSON * close))
    if missile and wrestled:
        parts["fumble"].append(("Into a melee: someone wrestles the target",
                                INTO_MELEE_WRESTLED))
    target = defender_id or (d.target if d else None)
    soak = soak_modifiers(state, special, target) if target else ()

    def kept(mods: list[Mod]) -> tuple[Mod, ...]:
        return tuple([m for m in mods if m[1]]) if mods else ()

    return Modifiers(
        special=special, subdue=subdue, missile=missile, range_band=band,
        attack=kept(parts["attack"]), defence=defence_modifiers(state, attacker_id),
        damage=kept(parts["damage"]), initiative=_initiative(f, special, s, missile),
        soak=kept(list(soak)), fumble=kept(parts["fumble"]),
        loses_initiative=loses_initiative(d), attacks=special not in NO_ATTACK,
        can_defend=not (d is not None and d.special == "ambush"),
        versus_15=special in VERSUS_15, kills=special in KILLS,
        does_damage=special not in NO_DAMAGE)
