"""Breaking things (RULES 3.3, option "breaking_things"): doors and other objects
as targets on the battle board, in both editions.

An object joins like a combatant (``AddCombatant.thing``) on a character of its
own (typical attributes, no skills), so every board, card and log path shows it,
but it never acts: ``FighterState.can_act`` is false, so it declares nothing,
rolls no initiative, is never picked by an automatic round (which strikes only
foes able to act) and does not keep a fight going. It never defends: an attack
on it faces the passive 15 of RULES 1.5 / RULES 2.

A hit's damage (after the attack's own modifiers, before any body levels) is set
against the object's soak for the blow: blunt or edge ([decision] below). What
passes the soak counts as damage points, not body levels or wounds; when the
points taken pass the object's damage points it is broken through ("broken").
The damage points are rolled (2d6 per inch of plain wood, 3d6 iron bound) or
typed by the GM when the object is added.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from yags_desk.rules.character import Character, default_attributes
from yags_desk.rules.combat.events import AddCombatant, Attack, Effect
from yags_desk.rules.combat.optional.base import striking_weapon
from yags_desk.rules.combat.state import CombatState, FighterState, replace
from yags_desk.rules.combat.things import DOORS, Thing
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Weapon
from yags_desk.rules.options import OPTIONAL_RULES
from yags_desk.rules.words import counted

__all__ = ["BROKEN", "OPTION", "RULE", "check_add", "door", "door_dice", "hit_sentence",
           "is_blunt", "join_sentence", "kind_text", "object_combatant", "object_line",
           "object_soak", "points_text", "roll_door_dice", "strike", "take_points"]

OPTION = "breaking_things"
RULE = "RULES 3.3 breaking things"
BROKEN = "broken"
KIND_NAMES = {"plain_wood": "plain wood door", "iron_bound": "iron bound door",
              "other": "object"}
# [decision] the seed rates doors against blunt and edged blows; YAGS weapons carry
# no such aspect, so a weapon counts as blunt when it does stuns (0.8) or its name
# says it crushes; everything else (swords, axes, spears, arrows) counts as edged.
_BLUNT_WORDS = ("club", "mace", "hammer", "staff", "maul", "flail", "morning star",
                "cudgel", "fist", "brawl", "unarmed", "ram", "rock", "stone", "sling")


def door_dice(kind: str, inches: int) -> int:
    """How many d6 a door's damage points take: 2 (plain wood) or 3 (iron bound) per
    inch of thickness (RULES 3.3)."""
    return DOORS[kind][2] * inches


def roll_door_dice(kind: str, inches: int, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(door_dice(kind, inches)))


def door(kind: str, inches: int, dice: Sequence[int]) -> Thing:
    """A door of ``kind`` and thickness from its typed or rolled d6 (RULES 3.3).
    Raises RulesError naming the field when the dice do not fit."""
    if kind not in DOORS:
        raise RulesError(f"kind: {kind!r} is not a door; doors are plain wood or iron bound")
    if not 1 <= inches <= 24:
        raise RulesError(f"inches: a door is 1 to 24 inches thick, not {inches}")
    need = door_dice(kind, inches)
    if len(dice) != need:
        raise RulesError(f"damage points: a {KIND_NAMES[kind]} {counted(inches, 'inch', 'inches')} "
                         f"thick rolls {need}d6; {counted(len(dice), 'die', 'dice')} given")
    bad = [d for d in dice if not 1 <= d <= 6]
    if bad:
        raise RulesError(f"damage points: {bad[0]} is not a d6 face (1 to 6)")
    blunt, edge, _ = DOORS[kind]
    return Thing(kind=kind, soak_blunt=blunt, soak_edge=edge, inches=inches,
                 damage_points=sum(dice))


def object_combatant(fid: str, name: str, side: str, edition: Edition, thing: Thing,
                     row: int = 0) -> AddCombatant:
    """The event that puts an object on the board: a combatant that never acts."""
    c = Character(name=name, kind="npc", edition=edition,
                  attributes=default_attributes(edition),
                  notes=f"An object on the battle board ({RULE}).")
    return AddCombatant(id=fid, name=name, side=side, row=row, character=c, thing=thing)


def check_add(state: CombatState, e: AddCombatant) -> None:
    """Refuse an object while the option is off in this encounter."""
    if e.thing is not None and not state.options.uses(OPTION):
        raise RulesError(f"thing: the optional rule {OPTIONAL_RULES[OPTION]} is off in this "
                         f"encounter; switch it on to put {e.name} on the board")


def is_blunt(w: Weapon | None) -> bool:
    """Blunt or edged against an object ([decision], see ``_BLUNT_WORDS``); no weapon
    (a bare fist or a kick) is blunt."""
    if w is None:
        return True
    name = w.name.casefold()
    return w.damage_type == "stuns" or any(word in name for word in _BLUNT_WORDS)


def object_soak(state: CombatState, attacker_id: str, style: str,
                thing: Thing) -> tuple[int, str]:
    """The object's soak against ``attacker_id`` striking with ``style``, and which."""
    w = striking_weapon(state, state.fighter(attacker_id), style)
    return (thing.soak_blunt, "blunt") if is_blunt(w) else (thing.soak_edge, "edge")


def strike(state: CombatState, e: Attack) -> Attack:
    """The attack ``e`` (built by either edition's procedure) as it lands on an
    object: a hit's damage past the object's soak becomes damage points; nothing
    else (no levels, stun, knockdown or checks). Other targets: ``e`` unchanged."""
    t = state.fighter(e.defender)
    if t.thing is None:
        return e
    if t.has(BROKEN):
        raise RulesError(f"{t.name} is already broken through ({RULE})")
    if not e.hit or not e.damage_total:
        return e.model_copy(update={"effects": (), "levels": 0, "stunned": False,
                                    "knockdown": False, "killed": False})
    soak, aspect = object_soak(state, e.attacker, e.style, t.thing)
    points = max(0, e.damage_total - soak)
    taken = min(t.thing.damage_points + 1, t.damage_points + points)
    left = ("broken through" if taken > t.thing.damage_points
            else f"{taken} of {t.thing.damage_points} damage points")
    outcome = (f"{RULE}: damage {e.damage_total} against {t.name}'s {aspect} soak {soak}: "
               f"{counted(points, 'damage point')} ({left})")
    effects = (Effect(target=t.id, kind="damage_points", amount=points),) if points else ()
    return e.model_copy(update={"soak": soak, "levels": 0, "stunned": False,
                                "knockdown": False, "killed": False, "outcome": outcome,
                                "effects": effects})


def take_points(state: CombatState, f: FighterState, amount: int) -> CombatState:
    """``amount`` damage points on the object ``f``; past its damage points it is
    broken through (RULES 3.3)."""
    if f.thing is None:
        raise RulesError(f"effect.kind: {f.name} is not an object; damage points are for "
                         f"objects ({RULE})")
    taken = f.damage_points + amount
    g = replace(f, damage_points=taken)
    if taken > f.thing.damage_points and not g.has(BROKEN):
        g = g.with_condition(BROKEN, None)
    return state._with(g)


def points_text(f: FighterState) -> str:
    """"7 of 9 damage points" or "Broken through (16 of 9 points)" (RULES 3.3)."""
    assert f.thing is not None
    if f.has(BROKEN):
        return f"Broken through ({f.damage_points} of {f.thing.damage_points} points)"
    return f"{f.damage_points} of {f.thing.damage_points} damage points"


def kind_text(f: FighterState) -> str:
    """"plain wood door, soak 15 blunt / 13 edge"."""
    assert f.thing is not None
    th = f.thing
    return f"{KIND_NAMES[th.kind]}, soak {th.soak_blunt} blunt / {th.soak_edge} edge"


def object_line(f: FighterState) -> str:
    """The card's line for an object: "Plain wood door: 7 of 9 damage points (soak 15
    blunt / 13 edge)" or "... broken through"."""
    assert f.thing is not None
    th = f.thing
    what = KIND_NAMES[th.kind].capitalize()
    state = ("broken through" if f.has(BROKEN)
             else f"{f.damage_points} of {th.damage_points} damage points")
    return f"{what}: {state} (soak {th.soak_blunt} blunt / {th.soak_edge} edge)"


def hit_sentence(e: Attack, after: CombatState) -> str:
    """The log's sentence for a hit on an object, in both editions: the damage
    against its soak and the points it took (``strike`` wrote them in the outcome)."""
    a, t = after.fighter(e.attacker), after.fighter(e.defender)
    verb = "shoots" if e.missile else "hits"
    return (f"{a.name} {verb} {t.name}: {e.attack_total} against {e.defence_total} "
            f"(an object, no defence); {e.outcome or 'no damage'}.")


def join_sentence(e: AddCombatant) -> str:
    """The log's sentence for an object put on the board."""
    assert e.thing is not None
    th = e.thing
    return (f"{e.name} ({KIND_NAMES[th.kind]}, {counted(th.inches, 'inch', 'inches')}, "
            f"{th.damage_points} damage points, soak {th.soak_blunt} blunt / "
            f"{th.soak_edge} edge) is put on side {e.side} in row {e.row} ({RULE}).")
