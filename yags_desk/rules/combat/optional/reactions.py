"""RULES 3.1, option "reactions": acting out of turn when a trigger happens.

A :class:`Reaction` event records that a fighter takes a reaction ("when
TRIGGER, you may strike") against an enemy; the strike that follows is an
ordinary :class:`Attack` event by that fighter on that enemy, made outside its
turn:

- it is a basic melee strike (no missile, no special attack);
- several abilities triggered by the same event give one strike at +5 per
  extra (``Reaction.extra``); the long spear's reaction (an enemy closing to
  reach from two or more rows away) strikes at -5 (``Reaction.spear``);
- it never triggers a strike back or a 0.8 counter strike, and does not spend
  the fighter's own attack of the round;
- taking a reaction delays the fighter: its next action is slow (classic: it
  loses initiative next round), one action only and only while the option is
  on (:mod:`optional.delay`).
"""

from __future__ import annotations

from dataclasses import replace

from yags_desk.rules.combat.effects import apply_effects
from yags_desk.rules.combat.events import Attack, MoveRow, Reaction
from yags_desk.rules.combat.optional.assist import spend_assists
from yags_desk.rules.combat.optional.base import NONE, AttackKind, OptionalMods
from yags_desk.rules.combat.optional.board import OPTION as BOARD
from yags_desk.rules.combat.optional.board import reach_refusal
from yags_desk.rules.combat.optional.delay import REACTION, delay
from yags_desk.rules.combat.round_v08 import EXHAUSTED_RULE, exhausted_why, take_defence
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.errors import RulesError

__all__ = ["OPTION", "PER_EXTRA", "SPEAR", "is_long_spear", "reaction_attack",
           "reaction_mods", "reaction_text", "reaction_waiting", "readied", "spear_offers",
           "take_reaction"]

OPTION = "reactions"
RULE = "RULES 3.1"
PER_EXTRA = 5
SPEAR = -5
_PREFIX = "reaction on "


def is_long_spear(f: FighterState) -> bool:
    """Whether ``f`` holds a long spear (by name, or a weapon marked "reach")."""
    return any("long spear" in w.name.casefold() or w.has("reach")
               for w in f.character.weapons
               if f.weapon_state(w.name) not in ("broken", "dropped"))


def readied(f: FighterState, target: str) -> int | None:
    """The modifier of ``f``'s reaction strike on ``target``, or None if it has none."""
    key = f"{_PREFIX}{target.casefold()} "  # condition names are kept casefolded
    for name, _ in f.conditions:
        if name.startswith(key):
            try:
                return int(name.rsplit(" ", 1)[1])
            except ValueError:  # a condition the GM typed by hand: not a reaction
                continue
    return None


def reaction_waiting(state: CombatState, attacker_id: str, defender_id: str) -> int | None:
    """The modifier of ``attacker_id``'s reaction strike on ``defender_id`` while the
    option is on, else None: a reaction readied before the GM switched the option
    off is not a licence to strike out of turn."""
    if not state.options.uses(OPTION):
        return None
    return readied(state.fighter(attacker_id), defender_id)


def take_reaction(state: CombatState, e: Reaction) -> CombatState:
    """The state after a Reaction, or RulesError naming the rule."""
    if not state.options.uses(OPTION):
        raise RulesError(f"reactions are an optional rule: switch on \"Reactions and "
                         f"counterattacks\" ({RULE})")
    f, t = state.fighter(e.id), state.fighter(e.target)
    if not e.trigger:
        raise RulesError(f"trigger: a reaction answers something that happens; say what "
                         f"(\"when ...\") ({RULE} reactions)")
    if not f.acts:
        raise RulesError(f"{f.name} cannot act now and cannot react")
    if f.exhausted:  # 0.8: its strike would be refused (core.md, Running: no attack)
        raise RulesError(f"{exhausted_why(f)}: no reaction {EXHAUSTED_RULE}")
    if t.id == f.id or t.side == f.side:
        raise RulesError(f"target: {t.name} is not an enemy of {f.name} ({RULE} reactions)")
    if t.removed or t.dead:
        raise RulesError(f"target: {t.name} is {t.why_not if t.removed else 'dead'}")
    if before_struck(state, f.id, t.id):
        raise RulesError(f"{f.name} cannot counterattack {t.name}'s counterattack: a "
                         f"counterattack never triggers another ({RULE} reactions)")
    if readied(f, t.id) is not None:
        raise RulesError(f"{f.name} already has a reaction waiting on {t.name}; one strike "
                         f"answers one event ({RULE} reactions)")
    if state.options.uses(BOARD):
        why = reach_refusal(state, f.id, t.id)
        if why:
            raise RulesError(why)
    if e.spear:
        if not is_long_spear(f):
            raise RulesError(f"spear: {f.name} holds no long spear ({RULE} reactions)")
        if state.options.uses(BOARD) and abs(f.row - t.row) > 1:
            raise RulesError(f"spear: {t.name} has not closed to reach of {f.name}'s long "
                             f"spear ({RULE} reactions)")
    mod = SPEAR if e.spear else PER_EXTRA * e.extra
    f = f.with_condition(f"{_PREFIX}{t.id} {mod:+d}", 1).with_condition(
        *delay(state, f, REACTION))
    return state._with(f)


def before_struck(state: CombatState, reactor: str, target: str) -> bool:
    """Whether the last attack was ``target``'s reaction strike on ``reactor``."""
    return state.last_reaction == (target, reactor)


def reaction_mods(state: CombatState, attacker_id: str, defender_id: str,
                  kind: AttackKind) -> OptionalMods:
    mod = readied(state.fighter(attacker_id), defender_id)
    if not mod:
        return NONE
    label = (f"{RULE} long spear reaction" if mod < 0
             else f"{RULE} counterattack, {mod // PER_EXTRA} extra")
    return OptionalMods(attack=((label, mod),))


def reaction_attack(state: CombatState, e: Attack) -> CombatState | None:
    """The state after ``e`` if it is a readied reaction strike (None otherwise):
    out of turn, spends the reaction, never earns a strike back."""
    if e.counter or reaction_waiting(state, e.attacker, e.defender) is None:
        return None
    a = state.fighter(e.attacker)
    if e.missile or e.special:
        raise RulesError(f"{a.name}'s reaction is a basic melee strike: no missile or "
                         f"special attack ({RULE} reactions)")
    key = f"{_PREFIX}{e.defender.casefold()} "
    kept = tuple((n, r) for n, r in a.conditions if not n.startswith(key))
    state = state._with(replace(a, conditions=kept))
    t = state.fighter(e.defender)
    if e.defence_rolled:
        t = replace(t, defence=e.defence_total if e.round_defence is None else e.round_defence)
    if e.defence_dice:
        t = replace(t, defended=True)
        if state.edition == "0.8":
            t = take_defence(t, a.id)  # its defence against this attacker (RULES 2)
    state = replace(state, last_reaction=(a.id, t.id))
    # An assist it used is spent like any attack's (RULES 3.1 assist: one roll).
    return apply_effects(spend_assists(state._with(t), e), e.effects)


def reaction_text(e: Reaction, before: CombatState) -> str:
    f, t = before.fighter(e.id), before.fighter(e.target)
    what = ("strikes with its long spear at -5" if e.spear
            else f"counterattacks{f' (+{PER_EXTRA * e.extra})' if e.extra else ''}")
    return (f"{f.name} reacts to {t.name} ({e.trigger}): {what}; its next action is slow "
            f"({RULE} reactions).")


def spear_offers(before: CombatState, after: CombatState, e: MoveRow) -> list[Reaction]:
    """The long-spear reactions a move makes possible (RULES 3.1): each able enemy
    holding a long spear that the mover has closed on from two or more rows to
    reach. The board offers each to the GM; none is taken without asking."""
    if not after.options.uses(OPTION):
        return []
    mover = after.fighter(e.id)
    was = before.fighter(e.id).row
    out = []
    for f in after.active():
        if f.side == mover.side or not f.acts or f.exhausted or not is_long_spear(f):
            continue
        if abs(f.row - was) >= 2 and abs(f.row - mover.row) <= 1 and readied(f, mover.id) is None:
            out.append(Reaction(id=f.id, target=mover.id, spear=True,
                                trigger=f"{mover.name} closed from {abs(f.row - was)} rows"))
    return out
