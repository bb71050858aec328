"""The 0.8 round procedure: who declares and acts when, and an automatic round.

RULES 2 and ``reference/yags-0.8/combat/combat.yags`` (The Combat Round):
initiative once per combat; declarations in increasing initiative; then the
fast actions, the normal ones and the slow ones, each in decreasing
initiative; then the end-of-round checks. ``initiative.yags`` explains why the
order matters (those with higher initiative hear the others' declarations).
"""

from __future__ import annotations

import random

from yags_desk.rules.combat.attack_v08 import resolve_attack_v08, roll_dice_v08
from yags_desk.rules.combat.checks_v08 import resolve_check, roll_initiative_v08
from yags_desk.rules.combat.due import first_end_of_round_due
from yags_desk.rules.combat.events import Declare, EndRound, Event, trusted
from yags_desk.rules.combat.lost import lose_action, weapon_gone
from yags_desk.rules.combat.optional.dice import with_option_dice
from yags_desk.rules.combat.optional.harn_nonlethal import nonlethal_check
from yags_desk.rules.combat.optional.moves import (
    closing_declaration,
    declared_move,
    out_of_reach,
)
from yags_desk.rules.combat.optional.oops import NO_ACTION
from yags_desk.rules.combat.phase_v08 import speed
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.round_v08 import auto_defences
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.combat.targets import spread_target
from yags_desk.rules.dice import D20Roll, d20_roll
from yags_desk.rules.errors import RulesError

__all__ = ["PHASES", "action_order", "auto_round_v08", "best_melee_v08", "counter_strike_due",
           "declaration_order", "nearest_enemy"]

# The phases of a round in the order they are played; "wait" lists the fighters
# waiting for an event: each acts when its event happens, or not at all.
PHASES = ("fast", "normal", "slow", "wait")


def _rank(f: FighterState) -> tuple[int, int, int, int]:
    """Initiative, then [decision] Intelligence (what initiative is rolled from),
    Agility and the roll-off die; a full tie keeps the board order."""
    a = f.character.attributes
    return (f.initiative or 0, a["intelligence"], a["agility"], f.tiebreak)


def _able(state: CombatState) -> list[FighterState]:
    if state.edition != "0.8":
        raise RulesError("this is the 0.8 round procedure; the encounter is classic")
    able = [f for f in state.active() if f.can_act]
    for f in able:
        if f.initiative is None:
            raise RulesError(f"{f.name} has no initiative yet: everybody rolls it at the "
                             "start of the combat (RULES 2)")
    return able


def declaration_order(state: CombatState) -> list[str]:
    """Ids of the fighters able to act, lowest initiative first (RULES 2)."""
    able = _able(state)
    ranked = sorted(range(len(able)), key=lambda i: (_rank(able[i]), -i))
    return [able[i].id for i in ranked]


def action_order(state: CombatState) -> list[tuple[str, str]]:
    """(phase, id) for each declared action, fast then normal then slow, each in
    decreasing initiative, then the waiting fighters (RULES 2).

    A fighter that rests, or declared nothing, does not appear.
    """
    # Each fighter's phase worked out once, not once per phase (issue 18).
    by_phase: dict[str, list[tuple[str, str]]] = {phase: [] for phase in PHASES}
    for fid in reversed(declaration_order(state)):
        f = state.fighter(fid)
        d = f.declaration
        if d is None or d.action == "rest" or f.surprised:
            continue
        mine = "wait" if d.action == "wait" else speed(state, f)
        if mine in by_phase:
            by_phase[mine].append((mine, fid))
    return [entry for phase in PHASES for entry in by_phase[phase]]


def counter_strike_due(state: CombatState, striker: str, target: str) -> bool:
    """Whether ``striker`` may now counter strike ``target`` (RULES 2): it was
    attacked in melee by ``target`` without a defence against it, still
    stands, is not Exhausted (core.md, Running) and owes no Health check."""
    f = state.fighter(striker)
    return (f.acts and not f.exhausted and target in f.counter_due
            and not state.pending_for(striker)
            and not f.has(NO_ACTION))  # RULES 3.2 Oops!


def nearest_enemy(state: CombatState, fid: str) -> FighterState | None:
    """The standing enemy in the nearest row (another side) fewest have declared
    attacks on, ties by initiative then id (targets.spread_target)."""
    return spread_target(state, state.fighter(fid), _first_to_act, "0.8")


def _first_to_act(g: FighterState) -> tuple[int, str]:
    return (-(g.initiative or 0), g.id)


def best_melee_v08(state: CombatState, f: FighterState) -> str | None:
    """The label of ``f``'s best usable melee style with its weapons in hand (none
    dropped or broken: RULES 1.9, 3.2 Oops!, 3.3 limb injuries), or None."""
    d = f.derived(state.options)
    melee = [s for s in d.styles if s.usable and s.style != "missile"
             and not (f.weapons_state  # every weapon whole and in hand: nothing to ask
                      and any(f.weapon_state(w) in ("broken", "dropped") for w in s.weapons))]
    return max(melee, key=lambda s: s.attack.total).label if melee else None


def auto_round_v08(state: CombatState, rng: random.Random) -> list[Event]:
    """One automatic round, as NPCs would fight it; returns the events in order.

    Initiative for anyone who lacks it; each able fighter without a declaration
    attacks the nearest standing enemy with its best melee style, declaring
    one defence, or rests if it is Exhausted (combat-wounds.yags, Fatigue);
    actions in phase order, each followed by the Health checks it calls for
    and any counter strike; the end-of-round checks; EndRound.
    [decision] A fighter whose declared target has fallen loses its action
    (an ActionLost event says so).
    Push the events through a :class:`CombatLog` to keep them.
    """
    events: list[Event] = []

    def push(e: Event) -> None:
        nonlocal state
        state = apply(state, e)
        events.append(e)

    def d20() -> D20Roll:
        return d20_roll(rng)

    def checks() -> None:
        while state.pending:
            p = state.pending[0]
            if p.kind == "nonlethal":  # RULES 3.3 disarm, sweep, tackle
                push(nonlethal_check(state, p, d20()))
                continue
            push(resolve_check(state, p, d20()))

    if state.edition != "0.8":
        raise RulesError("this is the 0.8 round procedure; the encounter is classic")
    checks()
    for f in state.active():
        if f.can_act and f.initiative is None:
            push(roll_initiative_v08(state, f.id, d20()))
    for fid in declaration_order(state):
        f = state.fighter(fid)
        target = nearest_enemy(state, fid)
        if f.declaration is None and target is not None and f.acts and f.exhausted:
            push(Declare(id=fid, action="rest"))  # it must rest (combat-wounds.yags)
            continue
        style = best_melee_v08(state, f)
        if f.declaration is None and target is not None and f.acts and style is not None:
            decl = trusted(Declare, id=fid, action="attack", target=target.id, style=style,
                           defences=auto_defences(state, f))
            push(closing_declaration(state, f, target, decl))  # RULES 3.1 rows
            move = declared_move(state, fid)
            if move is not None:
                push(move)
    for _phase, fid in action_order(state):
        f = state.fighter(fid)
        d = f.declaration
        if (d is None or d.action not in ("attack", "missile") or d.target is None
                or not f.acts):
            continue
        if f.attacked or (state.pending and state.pending_for(fid)):
            continue
        if d.action == "attack" and out_of_reach(state, f, state.fighter(d.target)):
            push(lose_action(state, fid, held=True, note="out of reach (RULES 3.1)"))
            continue
        if (state.fighter(d.target).fallen or f.has(NO_ACTION)  # or RULES 3.2 Oops!
                or weapon_gone(state, f, d.style)  # or its weapon was dropped
                or f.exhausted):  # or its track filled since (combat-wounds.yags)
            # [decision] the declared target has fallen: the action is lost, and logged.
            push(lose_action(state, fid))
            continue
        # A declared missile attack shoots (combat-missile.yags); the stray die is
        # rolled when it is fired into a melee.
        push(resolve_attack_v08(state, fid, d.target, with_option_dice(
            state, rng, roll_dice_v08(rng, close=len(d.close)))))
        checks()
        if counter_strike_due(state, d.target, fid):
            push(resolve_attack_v08(state, d.target, fid, with_option_dice(
                state, rng, roll_dice_v08(rng)), counter=True))
            checks()
    # One at a time, the first asked afresh after each (issue 18: not the whole list).
    while (due := first_end_of_round_due(state)) is not None:
        push(resolve_check(state, due, d20()))
        checks()
    push(EndRound())
    return events
