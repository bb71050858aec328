"""RULES 3.2 advantage (seed 003): a counter per fighter, +2 attack and +2 defence
per point while the option "advantage" is on.

The counter lives in ``FighterState.advantage`` and is never carried by an event
of its own except the GM's starting advantage (:class:`StartingAdvantage`): the
reducer asks :func:`advantage_after` after every event, which compares the
states around it, so undo and replay give the same counters. Gains (RULES 3.2):

- +1 to the attacker of a surprised foe;
- +1 for winning an opposed roll you started: the attacker whose attack beats a
  rolled defence; [decision] also the defender whose rolled (active) defence beats
  the attack, since an active defence is a roll the defender chose to make;
- +1 for wounding a foe that made no opposed roll (a passive defence), at most
  once per attack;
- defeating an important foe (it can no longer act after the event): +1 for an
  NPC, +2 for a player character [decision: RULES' "named" foe is a character of
  kind "pc"], nothing for an unimportant (minor) NPC; the credit goes to the last
  fighter whose attack wounded it, so a failed consciousness roll after the blow
  counts too;
- +2 for a successful assess action, +3 for a good success (see ``actions32``).

A fighter that takes a wound (a body level in classic, a wound in 0.8) loses
all its advantage, after the gains of the same event are counted.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from yags_desk.rules.combat.events import Attack, Check, Event, StartingAdvantage
from yags_desk.rules.combat.fighter_map import FighterMap
from yags_desk.rules.combat.optional.base import NONE, AttackKind, OptionalMods
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["ADVANTAGE", "PER_POINT", "STARTING", "advantage", "advantage_after",
           "advantage_changes", "advantage_label", "set_starting", "starting_sentence",
           "starting_total"]

ADVANTAGE = "RULES 3.2 advantage"
PER_POINT = 2  # RULES 3.2: +2 attack and defence per point
# RULES 3.2, the seed's table of starting advantage for a side (one line of each
# group counts: the outnumbering, terrain and threat lines are alternatives).
STARTING: dict[str, tuple[str, int]] = {
    "manoeuvrability": ("Manoeuvrability: better movement (mounted, flying...)", 2),
    "outnumbering_1": ("Outnumbering: more foes, fewer than twice as many", 1),
    "outnumbering_2": ("Outnumbering: 2 to 1", 2),
    "outnumbering_3": ("Outnumbering: 3 to 1", 3),
    "surprise": ("Surprise: an unexpected assault", 2),
    "terrain_1": ("Terrain: light cover or a good position (a hill)", 1),
    "terrain_2": ("Terrain: heavy cover or a key position (a bridge)", 2),
    "threat_1": ("Threat: a dangerous one (an ogre, a troll)", 1),
    "threat_3": ("Threat: a very dangerous one, a match for several foes", 3),
    "threat_5": ("Threat: an extreme one, a match for a dozen foes (a dragon)", 5),
}
ASSESS_GAIN, ASSESS_GOOD_GAIN = 2, 3


def advantage(state: CombatState, attacker_id: str, defender_id: str,
              kind: AttackKind) -> OptionalMods:
    """RULES 3.2: +2 per point of the attacker's advantage on its attack, and of the
    defender's on its defence against it."""
    a, d = state.fighter(attacker_id), state.fighter(defender_id)
    attack = ((f"{ADVANTAGE} +{a.advantage} ({a.name})", PER_POINT * a.advantage),) \
        if a.advantage else ()
    defence = ((f"{ADVANTAGE} +{d.advantage} ({d.name})", PER_POINT * d.advantage),) \
        if d.advantage else ()
    return OptionalMods(attack=attack, defence=defence) if attack or defence else NONE


def starting_total(circumstances: tuple[str, ...]) -> int:
    """The starting advantage the chosen lines of the seed's table give a side;
    refuses two lines of one group (they are alternatives)."""
    groups: dict[str, str] = {}
    for c in circumstances:
        if c not in STARTING:
            raise RulesError(f"circumstances: {c!r} is not a line of the starting "
                             "advantage table (RULES 3.2)")
        group = c.split("_")[0]
        if group in groups:
            raise RulesError(f"circumstances: choose one {group} line, not both "
                             f"{groups[group]!r} and {c!r} (RULES 3.2)")
        groups[group] = c
    return sum(STARTING[c][1] for c in circumstances)


def set_starting(state: CombatState, e: StartingAdvantage) -> CombatState:
    """Every fighter of the side starts with the table's total (replacing what it had)."""
    if not state.options.uses("advantage"):
        raise RulesError(f"side: the optional rule {OPTIONAL_RULES['advantage']} is off in "
                         "this encounter; switch it on first")
    total = starting_total(e.circumstances)
    side = [f for f in state.fighters.values() if f.side == e.side and not f.removed]
    if not side:
        raise RulesError(f"side: no combatant is on side {e.side!r}")
    fighters = dict(state.fighters)
    for f in side:
        fighters[f.id] = replace(f, advantage=total)
    return replace(state, fighters=MappingProxyType(fighters))


def _wounded(before: FighterState, after: FighterState) -> bool:
    return (after.wounds, after.levels_beyond) > (before.wounds, before.levels_beyond)


def _defeated(before: FighterState, after: FighterState) -> bool:
    # can_act, not acts: a surprised foe cannot act this round, yet felling it is
    # defeating it all the same (RULES 3.2).
    return before.can_act and not after.can_act


def _victory(foe: FighterState) -> int:
    """RULES 3.2 defeating an important foe: +2 a player character, +1 an NPC, 0 an
    unimportant one [decision]."""
    if foe.minor:
        return 0
    return 2 if foe.character.kind == "pc" else 1


def _attack_gains(before: CombatState, after: CombatState, e: Attack) -> dict[str, int]:
    gains: dict[str, int] = {}
    t_before, t_after = before.fighter(e.defender), after.fighter(e.defender)
    if t_before.surprised:
        gains[e.attacker] = gains.get(e.attacker, 0) + 1
    opposed = bool(e.defence_dice)
    if opposed and e.hit and not e.attack_fumble:
        gains[e.attacker] = gains.get(e.attacker, 0) + 1
    elif opposed and not e.hit and not e.defence_fumble:
        gains[e.defender] = gains.get(e.defender, 0) + 1  # [decision] see the module doc
    if not opposed and e.hit and _wounded(t_before, t_after):
        gains[e.attacker] = gains.get(e.attacker, 0) + 1  # once per attack
    return gains


def advantage_after(before: CombatState, event: Event, after: CombatState) -> CombatState:
    """``after`` with the advantage counters RULES 3.2 gives for ``event``."""
    if "advantage" not in after.options.optional:  # options.uses, asked after every event
        return after
    gains: dict[str, int] = {}
    if isinstance(event, Attack):
        gains = _attack_gains(before, after, event)
    elif isinstance(event, Check) and event.kind == "assess" and event.passed:
        good = "good success" in event.outcome
        gains[event.id] = ASSESS_GOOD_GAIN if good else ASSESS_GAIN
    changed: dict[str, FighterState] = {}
    fighters = FighterMap.of(after.fighters)
    moved = fighters.changed_since(before.fighters)  # None: not known, look at everyone
    for fid in (moved if moved is not None else tuple(fighters)):
        f, old = fighters[fid], before.fighters.get(fid)
        if old is None or f is old:
            continue
        if isinstance(event, Attack) and fid == event.defender and _wounded(old, f):
            f = replace(f, struck_by=event.attacker)
        if _defeated(old, f) and f.struck_by and f.struck_by != fid:
            victor = f.struck_by
            gains[victor] = gains.get(victor, 0) + _victory(f)
        changed[fid] = f
    for fid, n in gains.items():
        if n:
            f = changed.get(fid, after.fighter(fid))
            changed[fid] = replace(f, advantage=f.advantage + n)
    for fid, f in list(changed.items()):
        old = before.fighters.get(fid)
        if old is not None and _wounded(old, f) and f.advantage:
            changed[fid] = replace(f, advantage=0)  # RULES 3.2: lost when wounded
    if not changed:
        return after
    return replace(after, fighters=fighters.updated(changed.values()))


def advantage_changes(before: CombatState, after: CombatState) -> str:
    """" Advantage: Ann 0 → 1." for the log, "" when no counter moved."""
    if not after.options.uses("advantage"):
        return ""
    moved = [f"{f.name} {before.fighters[fid].advantage} → {f.advantage}"
             for fid, f in after.fighters.items()
             if fid in before.fighters and before.fighters[fid].advantage != f.advantage]
    return f" Advantage (RULES 3.2): {', '.join(moved)}." if moved else ""


def starting_sentence(e: StartingAdvantage, after: CombatState) -> str:
    lines = "; ".join(f"{STARTING[c][0]} +{STARTING[c][1]}" for c in e.circumstances)
    why = f" ({e.reason})" if e.reason else ""
    return (f"Side {e.side} starts with advantage {starting_total(e.circumstances)}"
            f"{': ' + lines if lines else ''}{why}.")


def advantage_label(points: int) -> str:
    """"advantage 2 (+4)" for a fighter's card."""
    return f"advantage {points} ({PER_POINT * points:+d})"
