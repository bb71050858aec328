"""0.8 missile attacks: the numbers of one shot (RULES 2; reference/yags-0.8/combat/
combat-missile.yags, cited by section below).

- Initiative: a snap shot is fast and doubles the effective distance; a careful
  shot is slow and halves it. A weapon that must be reloaded fires slow
  (Reloading Weapons). A shot into a melee is always a snap shot.
- Size of Target: the base difficulty is 15, -3 per point of Size the target
  is larger than the shooter, +3 per point smaller.
- Distance Increment: +5 to the difficulty per full increment beyond the
  first, of the effective distance; it adds to the (possibly halved) defence
  roll or to the base difficulty, whichever is greater.
- Range Band: short / medium / long from the weapon; nothing beyond long.
  Damage +0 / -5 / -10; the weapon's attack bonus is lost at medium and long;
  except for thrown weapons the base fumble chance is 3 at medium and 10 at
  long.
- Reach and Close Combat: within 3 m or fighting the shooter in melee is the
  Melee band (1), within the target's combat move the Move band (2). A weapon
  whose reach equals the band is impaired (full defence, no attack bonus); a
  longer one is crippled (also slow, the attack roll halved).
- Defending against missile attacks: thrown weapons are dodged or blocked with
  a shield, not parried; projectiles (bows, crossbows, slings) halve the
  defence at short range unless the target is in melee with the shooter;
  firearms halve it at every range. A target needs a declared defence left
  for the shooter (RULES 2), else it faces the passive difficulty.
- Other Modifiers: [decision] a shooter moving past half Move (running)
  doubles the effective distance; the other environment factors are the GM's.
- Cover: a prone target is +10 to hit and cannot dodge.
- Missile fumbles miss. Firing into melee: +5 fumble chance per other person
  in the melee; a fumble flies at one of them at random (the intended target
  included), who defends as normal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from yags_desk.rules.combat.attack_roll_v08 import (
    AttackDiceV08,
    AttackMods,
    RollOutcome,
    roll_outcome,
)
from yags_desk.rules.combat.optional.board import shot_range_m
from yags_desk.rules.combat.round_v08 import (
    Phase,
    at_zero,
    declared_defences,
    defence_penalty,
    defends_actively,
    stance_of,
)
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import Derived, StyleValues
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Weapon
from yags_desk.rules.odds import PASSIVE_DEFENCE

__all__ = [
    "RULE",
    "MissilePlan",
    "check_missile_declaration",
    "increment_penalty",
    "missile_defence_style",
    "missile_modifiers_v08",
    "missile_speed",
    "plan_missile",
    "range_bands",
    "stray_shot",
]

RULE = "combat-missile.yags"
_BANDS = ("short", "medium", "long")
_BAND_DAMAGE = {"short": 0, "medium": -5, "long": -10}
# Base fumble chance at medium and long range, except for thrown weapons.
_BAND_FUMBLE = {"short": 0, "medium": 3, "long": 10}
SIZE_STEP = 3
INCREMENT_STEP = 5
PRONE_COVER = 10
INTO_MELEE_FUMBLE = 5
MELEE_DISTANCE = 3
# [decision] A weapon without an increment uses the source's examples:
# improvised thrown weapons 5 m, bows (and everything else) 10 m.
DEFAULT_INCREMENT = {"thrown": 5}
DEFAULT_OTHER_INCREMENT = 10
# [decision] Slings are listed as thrown weapons but the source names them
# among the projectiles that are hard to dodge.
_PROJECTILE_NAMES = ("sling",)


@dataclass(frozen=True)
class MissilePlan:
    """Everything about a declared shot that does not need the dice."""

    style: StyleValues
    weapon: Weapon
    distance: int
    bands: tuple[int, int, int]
    band: str
    shot: str  # normal, snap, careful
    effective: int
    increment: int
    reach: str  # "", "impaired" or "crippled"
    in_melee: bool
    into_melee: int  # other people in the melee shot into
    slow_because: str  # why the shot is slow, "" if it is not


def missile_weapon(f: FighterState, style: StyleValues) -> Weapon:
    for w in f.character.weapons:
        if w.name in style.weapons:
            return w
    raise RulesError(f"style: {f.name} carries no weapon for {style.label}")


def range_bands(w: Weapon, strength: int) -> tuple[int, int, int]:
    """Short, medium and long range in metres; [decision] ranges the source
    marks Strength-based are multiplied by the thrower's Strength."""
    if w.ranges is None:
        raise RulesError(f"style: {w.name} has no ranges and cannot be shot ({RULE})")
    factor = max(1, strength) if w.strength_ranges else 1
    short, medium, long_, _ = w.ranges
    return short * factor, medium * factor, long_ * factor


def band_of(bands: tuple[int, int, int], distance: int, what: str) -> str:
    for name, limit in zip(_BANDS, bands, strict=True):
        if distance <= limit:
            return name
    raise RulesError(f"range_m: {distance} m is beyond the long range of {bands[2]} m for "
                     f"{what}: a weapon cannot hit targets beyond long range ({RULE}, "
                     "Range Band)")


def increment_penalty(effective: int, increment: int) -> int:
    """+5 per full increment beyond the first: a 10 m increment gives 0 up to
    10 m, +5 up to 20 m, +10 up to 30 m (combat-missile.yags, Distance Increment)."""
    if effective <= 0:
        return 0
    return INCREMENT_STEP * ((effective - 1) // increment)


def _increment(w: Weapon) -> int:
    if w.increment is not None:
        return w.increment
    return DEFAULT_INCREMENT.get(w.classes[0], DEFAULT_OTHER_INCREMENT) if w.classes else (
        DEFAULT_OTHER_INCREMENT)


def _thrown(w: Weapon) -> bool:
    return "thrown" in w.classes and not _projectile(w)


def _projectile(w: Weapon) -> bool:
    return (any(c in ("bow", "crossbow") for c in w.classes)
            or any(n in w.name.casefold() for n in _PROJECTILE_NAMES))


def _fighting_shooter(t: FighterState, shooter: str) -> bool:
    """[decision] The target fights the shooter in melee when it declared a
    melee attack on it this round."""
    d = t.declaration
    return d is not None and d.action == "attack" and d.target == shooter


def plan_missile(state: CombatState, attacker_id: str, target_id: str) -> MissilePlan:
    """The declared shot of ``attacker`` at ``target`` (its declaration gives the
    style, distance, shot and the melee it is fired into)."""
    a, t = state.fighter(attacker_id), state.fighter(target_id)
    d = a.declaration
    # RULES 3.1: with board rows on, the distance comes from the rows.
    distance = None if d is None else shot_range_m(state, a, t, d.range_m)
    if d is None or d.action != "missile" or distance is None:
        raise RulesError(f"{a.name} declared no missile attack with a distance ({RULE})")
    style = a.derived(state.options).style(d.style)
    w = missile_weapon(a, style)
    bands = range_bands(w, a.current_character().attr("strength"))
    band = band_of(bands, distance, d.style)
    shot = "snap" if d.close else d.shot
    effective = distance * 2 if shot == "snap" else (
        distance // 2 if shot == "careful" else distance)
    if max(d.move_m, a.moved_m) > _combat_move(state, a):  # rows moved too (RULES 3.1)
        effective *= 2  # Other Modifiers: the firer is moving (running) x2
    in_melee = distance <= MELEE_DISTANCE or _fighting_shooter(t, a.id)
    threat = 1 if in_melee else 2 if distance <= _combat_move(state, t) else None
    reach = ""
    if threat is not None and (w.reach or 0) >= threat:
        reach = "crippled" if (w.reach or 0) > threat else "impaired"
    slow = ""
    if reach == "crippled":
        slow = f"{w.name} is crippled this close"
    elif w.has("reload"):
        slow = f"{w.name} must be reloaded"
    elif shot == "careful":
        slow = "a careful shot"
    return MissilePlan(style=style, weapon=w, distance=distance, bands=bands, band=band,
                       shot=shot, effective=effective, increment=_increment(w), reach=reach,
                       in_melee=in_melee, into_melee=len(d.close), slow_because=slow)


def _combat_move(state: CombatState, t: FighterState) -> int:
    """[decision] The combat move is half Move (round down), the distance RULES 2
    lets a fighter move freely: 6 m for most people, as the source says."""
    move = t.derived(state.options).move
    return move.total // 2 if move is not None else 6


def missile_speed(state: CombatState, f: FighterState) -> Phase:
    """Fast, normal or slow for a declared missile attack ({RULE}, Initiative)."""
    d = f.declaration
    if d is None or d.target is None:
        return "normal"
    p = plan_missile(state, f.id, d.target)
    if p.slow_because:
        return "slow"
    return "fast" if p.shot == "snap" else "normal"


def _dodge_or_block(s: StyleValues) -> bool:
    """The unarmed Brawl style (a dodge) or a weapon-and-shield style (a block)."""
    return s.label == "Brawl" or s.style == "weapon_shield"


def missile_defence_style(t: FighterState, td: Derived) -> StyleValues | None:
    """[decision] Against a missile the target dodges with Brawl or blocks with a
    weapon-and-shield style, whichever is better; weapons cannot parry it
    ({RULE}, Defending against missile attacks)."""
    options = [s for s in td.styles if s.usable and s.defence is not None and _dodge_or_block(s)]
    return max(options, key=lambda s: s.defence.total if s.defence else 0, default=None)


def missile_modifiers_v08(state: CombatState, attacker_id: str, defender_id: str, *,
                          defence_style: str | None = None) -> AttackMods:
    """The numbers of ``attacker``'s declared shot at ``defender`` now."""
    a, t = state.fighter(attacker_id), state.fighter(defender_id)
    p = plan_missile(state, attacker_id, defender_id)
    s, w = p.style, p.weapon
    mods: list[tuple[str, int]] = []
    notes: list[str] = []
    attack, damage = s.attack.total, s.damage.total
    lost = p.band != "short" or p.reach
    if lost and w.attack > 0:
        why = f"{p.band} range" if p.band != "short" else p.reach
        mods.append((f"attack: {w.name}'s bonus lost ({why})", -w.attack))
        attack -= w.attack
    if stance_of(a) == "prone":
        mods.append((f"attack: {a.name} is prone", -10))
        attack -= 10
    n = declared_defences(a)
    if defence_penalty(n):
        mods.append((f"attack: {a.name}'s {n} defences", defence_penalty(n)))
        attack += defence_penalty(n)
    if _BAND_DAMAGE[p.band]:
        mods.append((f"damage: {p.band} range", _BAND_DAMAGE[p.band]))
        damage += _BAND_DAMAGE[p.band]
    fumble = s.fumble_chance
    if not _thrown(w):
        fumble = max(fumble, _BAND_FUMBLE[p.band])
    if p.into_melee:
        fumble += INTO_MELEE_FUMBLE * p.into_melee
    a_size = a.current_character().attr("size")
    t_size = t.current_character().attr("size")
    floor = PASSIVE_DEFENCE + SIZE_STEP * (a_size - t_size)
    if floor != PASSIVE_DEFENCE:
        mods.append((f"difficulty: Size {t_size} against {a_size}", floor - PASSIVE_DEFENCE))
    difficulty = increment_penalty(p.effective, p.increment)
    if difficulty:
        shot = f", {p.shot} shot" if p.shot != "normal" else ""
        mods.append((f"difficulty: {p.effective} m effective{shot}, increment "
                     f"{p.increment} m", difficulty))
    prone = t.has("prone")
    if prone:
        mods.append((f"difficulty: {t.name} is prone", PRONE_COVER))
        difficulty += PRONE_COVER

    td = t.derived(state.options)
    ds = None
    if defence_style:
        ds = next((x for x in td.styles if x.label == defence_style and x.usable
                   and x.defence is not None and _dodge_or_block(x)), None)
        if ds is None:
            raise RulesError(f"defence_style: {t.name} cannot dodge or block with "
                             f"{defence_style!r} against a missile ({RULE})")
    ds = ds or missile_defence_style(t, td)
    defence: int | None = None
    halved = False
    if ds is not None and ds.defence is not None and not prone and defends_actively(
            state, t, a.id):
        defence = ds.defence.total
        t_stance = stance_of(t)
        if t_stance == "aggressive" or t_stance == "defensive":
            amount = -10 if t_stance == "aggressive" else 5
            mods.append((f"defence: {t.name}'s {t_stance} stance", amount))
            defence += amount
        n = declared_defences(t)
        if defence_penalty(n):
            mods.append((f"defence: {t.name}'s {n} defences", defence_penalty(n)))
            defence += defence_penalty(n)
        if at_zero(t):
            halved = True
            notes.append(f"{t.name}'s defence halved at initiative 0")
        elif not p.reach and w.has("firearm"):
            halved = True
            notes.append(f"{t.name}'s defence halved against a firearm")
        elif not p.reach and _projectile(w) and p.band == "short" and not p.in_melee:
            halved = True
            notes.append(f"{t.name}'s defence halved against a projectile at short range")
    attack_halved = at_zero(a) or p.reach == "crippled"
    if at_zero(a):
        notes.append(f"{a.name}'s attack halved at initiative 0")
    elif p.reach == "crippled":
        notes.append(f"{a.name}'s attack halved: {w.name} crippled this close")
    if p.reach == "impaired":
        notes.append(f"{w.name} impaired this close")
    return AttackMods(
        attacker=a.id, defender=t.id, style=s, attack=attack, defence=defence, damage=damage,
        soak=td.soak.total, damage_kind=s.damage_kind, attack_halved=attack_halved,
        defence_halved=halved, fumble_chance=fumble,
        defence_fumble_chance=ds.fumble_chance if ds is not None else 1, counter=False,
        modifiers=tuple(mods), missile=True, range_band=p.band, defence_floor=floor,
        difficulty=difficulty, notes=tuple(notes), defence_label=ds.label if ds else "")


def check_missile_declaration(state: CombatState, f: FighterState, style: StyleValues,
                              action: str, target: FighterState | None, range_m: int | None,
                              stance: str, shot: str, close: tuple[str, ...]) -> None:
    """Refuse a 0.8 missile declaration the source does not allow."""
    missile = style.style == "missile"
    if action == "missile" and not missile:
        raise RulesError(f"style: {style.label} is not a missile style ({RULE})")
    if action == "attack" and missile:
        raise RulesError(f"action: {style.label} is a missile style; declare a missile "
                         f"attack ({RULE})")
    if action != "missile":
        if shot != "normal" or close:
            raise RulesError(f"shot: snap and careful shots and firing into melee are for "
                             f"missile attacks ({RULE})")
        return
    if stance in ("aggressive", "defensive"):
        raise RulesError(f"stance: a fighter shooting a missile uses the normal stance "
                         f"({RULE}, Missile Attacks)")
    if range_m is None:
        raise RulesError("range_m: a missile attack needs the distance to the target")
    w = missile_weapon(f, style)
    band_of(range_bands(w, f.current_character().attr("strength")), range_m, style.label)
    if close and shot == "careful":
        raise RulesError(f"shot: a shot into a melee is always a snap shot ({RULE}, Firing "
                         "into melee)")
    seen: list[str] = []
    for fid in close:
        other = state.fighter(fid)
        if fid == f.id or (target is not None and fid == target.id):
            raise RulesError(f"close: {other.name} is the shooter or the target, not another "
                             "person in the melee")
        if other.removed or other.dead:
            raise RulesError(f"close: {other.name} is {other.why_not if other.removed else 'dead'}")
        if fid in seen:
            raise RulesError(f"close: {other.name} is named twice")
        seen.append(fid)


def stray_shot(state: CombatState, attacker_id: str, target_id: str, dice: AttackDiceV08,
               m: AttackMods, against: Callable[[AttackMods], AttackMods] = lambda m: m,
               ) -> tuple[AttackMods, FighterState, RollOutcome, int | None]:
    """A fumbled shot into a melee (Firing into melee): ``dice.stray`` picks who it
    flies at (1 = the intended target, 2.. = the declared ``close`` in order);
    that person defends as normal. [decision] The fumbled die's total is the
    attack against them, with the numbers of a shot at them: ``against`` adds
    what the attack procedure adds to any shot (the person's armour against the
    missile, the optional rules)."""
    a = state.fighter(attacker_id)
    d = a.declaration
    assert d is not None and d.target is not None
    people = (d.target, *d.close)
    if dice.stray is None:
        raise RulesError(f"dice.stray: the shot fumbled into a melee; say which of the "
                         f"{len(people)} people it flies at (1 = {state.fighter(d.target).name}"
                         f") ({RULE}, Firing into melee)")
    if not 1 <= dice.stray <= len(people):
        raise RulesError(f"dice.stray: {dice.stray} is not between 1 and {len(people)}")
    hit_id = people[dice.stray - 1]
    m2 = replace(against(missile_modifiers_v08(state, attacker_id, hit_id)), fumble_chance=0)
    t = state.fighter(hit_id)
    if m2.defence is not None and dice.defence is None:
        raise RulesError(f"dice.defence: {t.name} defends actively against {a.name}; "
                         "give its d20")
    defence_die = dice.defence.natural if (m2.defence is not None and dice.defence) else None
    r = roll_outcome(m2, dice.attack.natural, defence_die, dice.damage.natural)
    del target_id
    return m2, t, r, defence_die
