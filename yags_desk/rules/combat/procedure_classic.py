"""The classic round (RULES 1.5): declare, initiative, actions, end of round.

Pure functions over :class:`CombatState` that tell the board what comes next
and build the events: initiative each round (ties: higher Agility, then a
roll-off), the action order (special attacks that lose initiative act last),
the initiative loser's strike back in a pair, and :func:`auto_round`, which
plays a whole round for fighters the GM lets the program run.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass

from yags_desk.rules.combat.attack_classic import resolve_attack, roll_dice
from yags_desk.rules.combat.checks_classic import resolve_check
from yags_desk.rules.combat.declare import declared_style
from yags_desk.rules.combat.due import first_end_of_round_due
from yags_desk.rules.combat.events import (
    Attack,
    ClearCondition,
    Declare,
    EndRound,
    Event,
    Initiative,
    trusted,
)
from yags_desk.rules.combat.fighter_map import FighterMap
from yags_desk.rules.combat.kill_classic import roll_kill_helpless
from yags_desk.rules.combat.lost import lose_action, weapon_gone
from yags_desk.rules.combat.modifiers_classic import (
    LOSE_INITIATIVE,
    NO_ATTACK,
    initiative_modifiers,
    loses_initiative,
)
from yags_desk.rules.combat.optional.delay import is_delayed
from yags_desk.rules.combat.optional.dice import with_option_dice
from yags_desk.rules.combat.optional.harn_nonlethal import nonlethal_check
from yags_desk.rules.combat.optional.moves import (
    closing_declaration,
    declared_move,
    out_of_reach,
)
from yags_desk.rules.combat.optional.oops import ACTS_LAST, NO_ACTION
from yags_desk.rules.combat.plan_classic import best_attack_style
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.combat.targets import spread_target
from yags_desk.rules.derived import StyleValues
from yags_desk.rules.dice import OpenRoll, roll_2d10x, roll_die
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import RulesOptions
from yags_desk.rules.values import Value

__all__ = ["LOSES_INITIATIVE", "TIEBREAK_SIDES", "NextAction", "action_order", "auto_round",
           "best_attack_style", "initiative_value", "make_initiative", "nearest_enemy",
           "needs_initiative", "next_action", "ties"]

# RULES 1.9: these special attacks lose initiative: they act after everyone else.
LOSES_INITIATIVE = LOSE_INITIATIVE
TIEBREAK_SIDES = 100  # RULES 1.5 [decision]: the roll-off is a d100, higher wins

def _style_for(state: CombatState, f: FighterState) -> StyleValues | None:
    d = f.declaration
    if d is not None and d.style:
        return declared_style(state, f, d.style)
    return best_attack_style(state, f)


def initiative_value(state: CombatState, f: FighterState) -> Value:
    """Initiative before dice: the declared style's (RULES 1.2) plus the
    modifiers of its special attack, berserk, preparing and a mount (RULES 1.9,
    1.11)."""
    s = _style_for(state, f)
    value = s.initiative if s is not None and s.initiative is not None else Value.of(
        "Agility", f.character.attributes["agility"])
    if s is not None:
        for label, amount in initiative_modifiers(state, f.id, s):
            value = value.plus(label, amount)
    return value


def make_initiative(state: CombatState, fid: str, dice: OpenRoll, tiebreak: int = 0) -> Initiative:
    """The Initiative event for ``fid`` with its 2d10! (rolled or typed in)."""
    if state.edition != "classic":
        raise RulesError("this is the classic initiative (RULES 1.5); 0.8 rolls once per "
                         "combat (RULES 2)")
    f = state.fighter(fid)
    if not f.can_act:
        raise RulesError(f"{f.name} is {f.why_not} and cannot act (RULES 1.6)")
    if f.surprised:
        raise RulesError(f"{f.name} is surprised and takes no part in this round (RULES 1.5)")
    if not 0 <= tiebreak <= TIEBREAK_SIDES:
        raise RulesError(f"tiebreak: the roll-off is 1 to {TIEBREAK_SIDES}")
    total = initiative_value(state, f).total + dice.total
    if type(tiebreak) is not int:  # typed in: validated (a bool is not a roll-off)
        return Initiative(id=fid, dice=dice.dice, total=total, tiebreak=tiebreak)
    return trusted(Initiative, id=fid, dice=dice.dice, total=total, tiebreak=tiebreak)


def needs_initiative(f: FighterState) -> bool:
    """Whether ``f`` still rolls initiative this round (RULES 1.5): everyone who
    acts, except those who wait or rest; a surprised fighter does not act."""
    d = f.declaration
    # ``acts`` last: worked out afresh for each new version of a fighter, and after
    # initiative everyone has one (the board's index asks at every change, issue 18).
    return (f.initiative is None and (d is None or d.action not in ("wait", "rest"))
            and f.acts)


def _loses(state: CombatState, f: FighterState) -> bool:
    # RULES 3.1: a fighter delayed for this round (hampered, or it took a reaction
    # last round) acts last; so does one whose Oops! jarred its weapon (RULES 3.2).
    return (loses_initiative(f.declaration) or is_delayed(state.options, state.round, f)
            or f.has(ACTS_LAST))


def _key(state: CombatState, f: FighterState) -> tuple[int, int, int, int]:
    return (_loses(state, f), -(f.initiative or 0), -f.character.attributes["agility"],
            -f.tiebreak)


def action_order(state: CombatState) -> list[FighterState]:
    """Who acts in what order this round (RULES 1.5, 1.9): decreasing initiative,
    ties to higher Agility then the roll-off; specials that lose initiative last."""
    ready = [f for f in state.active() if f.acts and f.initiative is not None]
    # sorted() is stable: board order breaks what is left
    return sorted(ready, key=lambda f: _key(state, f))


def ties(state: CombatState) -> list[list[str]]:
    """Groups still tied after initiative and Agility, whose roll-off is missing or equal."""
    groups: dict[tuple[int, int, int], list[FighterState]] = {}
    for f in action_order(state):
        groups.setdefault(_key(state, f)[:3], []).append(f)
    out: list[list[str]] = []
    for group in groups.values():
        if len(group) > 1 and len({f.tiebreak for f in group}) < len(group):
            out.append([f.id for f in group])
    return out


@dataclass(frozen=True)
class NextAction:
    fighter: str
    # "attack", "counter" (the strike back of RULES 1.5), "stand_up", "lost" (the
    # declared target is dead or gone: the attack does not happen)
    kind: str
    target: str | None = None
    style: str = ""


_new = object.__new__
_set = object.__setattr__


def _next(fighter: str, kind: str, target: str | None = None, style: str = "") -> NextAction:
    """``NextAction(...)`` made without the frozen dataclass's __init__ and its four
    object.__setattr__ calls (next_step asks at every step, issue 18): the same object,
    its fields in the instance's __dict__ as __init__ leaves them."""
    made: NextAction = _new(NextAction)
    _set(made, "__dict__", {"fighter": fighter, "kind": kind, "target": target,
                            "style": style})
    return made


def _target_ok(state: CombatState, fid: str | None) -> bool:
    if fid is None:
        return False
    t = state.fighters.get(fid)
    if t is None:
        return False
    return not (t.removed or t.dead or (t.thing is not None and t.fallen))  # RULES 3.3


def next_action(state: CombatState) -> NextAction | None:
    """The next thing to resolve this round, or None when only the end is left."""
    if state.last_attack is not None:
        a_id, d_id = state.last_attack
        loser = state.fighters[d_id]
        decl = loser.declaration
        # RULES 1.5: in a pair, the initiative loser strikes back if still standing.
        if (decl is not None and decl.action == "attack" and decl.target == a_id
                and loser.acts and not loser.attacked and not loser.has("prone")
                and not loser.has(NO_ACTION)  # RULES 3.2 Oops!
                and not weapon_gone(state, loser, decl.style)  # dropped this round
                and _target_ok(state, a_id)):
            return _next(d_id, "counter", a_id, decl.style)
    # The first in action_order with something to do, from an index the fighters
    # keep (_Queue), not a sort of them all at every step (issue 18).
    fm = FighterMap.of(state.fighters)
    f = fm.index("classic-actions", _Queue).first(fm, state.options, state.round)
    if f is None:
        return None
    d = f.declaration
    assert d is not None
    if d.action == "stand_up":
        return _next(f.id, "stand_up")
    # The calls after ``or`` only for a fighter with conditions or a weapon not whole.
    if (not _target_ok(state, d.target)
            or (f.conditions and f.has(NO_ACTION))  # or RULES 3.2 Oops!
            or (f.weapons_state and weapon_gone(state, f, d.style))):  # dropped this round
        # RULES 1.5: the declared target is dead or gone; the attack is
        # lost, and logged as such (lost.lose_action).
        return _next(f.id, "lost", d.target, d.style)
    return _next(f.id, "attack", d.target, d.style)


def _due_key(ctx: CombatState, f: FighterState) -> tuple[int, int, int, int] | None:
    """``f``'s place in action_order if it still has its action to take this
    round (standing up, or an attack it can make), else None."""
    d = f.declaration
    if f.attacked or d is None or f.initiative is None or not f.acts:
        return None
    if d.action == "stand_up" and f.has("prone"):
        return _key(ctx, f)
    if d.special in NO_ATTACK:
        return None  # aiming or preparing: no attack this round (RULES 1.9)
    if d.action == "missile" or (d.action == "attack" and not f.has("prone")):
        return _key(ctx, f)
    return None


class _Queue:
    """Fighters with an action still to take, in action order (board order last):
    a heap whose entries are dropped when they no longer match their fighter's key
    (kept for each fighter).

    A changed fighter is looked at when the next action is asked for (from its
    version before the first change since the last question, fm.changes): a
    fighter changes several times per action, and the queue starts afresh each
    round after the declarations and initiative have changed everyone."""

    def __init__(self, fm: FighterMap) -> None:
        self.ctx: CombatState | None = None  # none yet: filled when first asked
        self.mark = fm.mark()  # changes read up to here (fm.changes)
        self.keys: dict[str, tuple[int, int, int, int]] = {}
        self.heap: list[tuple[tuple[int, int, int, int], int, str]] = []
        self.limit = 0

    def _fill(self, fm: FighterMap, options: RulesOptions, round_no: int) -> None:
        # The order reads only the options and the round (RULES 3.1 delayed).
        self.ctx = ctx = CombatState(edition="classic", options=options, round=round_no)
        self.mark = fm.mark()
        # Each fighter's _due_key now, for those with one: a heap entry is current when
        # it holds its fighter's key (issue 18: not worked out again for each look).
        self.keys = {f.id: k for f in fm.values() if (k := _due_key(ctx, f)) is not None}
        self.heap = [(k, fm.position(fid), fid) for fid, k in self.keys.items()]
        heapq.heapify(self.heap)
        self.limit = 4 * len(fm) + 64  # more entries than this: mostly stale, fill again

    def first(self, fm: FighterMap, options: RulesOptions, round_no: int
              ) -> FighterState | None:
        changed = fm.changes(self)
        ctx = self.ctx
        if (changed is None or ctx is None or ctx.options is not options
                or ctx.round != round_no or len(self.heap) > self.limit):
            # Read too long ago, other options or round, too many stale entries: afresh.
            self._fill(fm, options, round_no)
        elif changed:
            keys = self.keys
            for old, new in changed:
                fid = new.id
                if (old is not None and old.declaration is new.declaration
                        and old.attacked == new.attacked and old.initiative == new.initiative
                        and old.tiebreak == new.tiebreak and old.conditions is new.conditions
                        and old.removed == new.removed and old.character is new.character):
                    continue  # the same place in the order, or none (most events)
                k = _due_key(ctx, new)
                if k is None:
                    keys.pop(fid, None)
                elif keys.get(fid) != k:
                    keys[fid] = k
                    heapq.heappush(self.heap, (k, fm.position(fid), fid))
        heap, keys = self.heap, self.keys
        while heap:
            k, _, fid = heap[0]
            if keys.get(fid) == k:
                f: FighterState = fm[fid]
                return f
            heapq.heappop(heap)
        return None


# -- automatic play ------------------------------------------------------------------


def nearest_enemy(state: CombatState, f: FighterState) -> FighterState | None:
    """The enemy an automatic fighter attacks: the closest standing one by board row,
    then the one fewest have declared attacks on, then the least hurt, then board
    order (targets.spread_target)."""
    return spread_target(state, f, _least_hurt, "classic")


def _least_hurt(g: FighterState) -> tuple[int]:
    return (g.wounds,)


def _is_missile(state: CombatState, f: FighterState, style: str) -> bool:
    return declared_style(state, f, style).style == "missile" if style else False


def _declare(state: CombatState, f: FighterState) -> Declare | None:
    if f.has("prone"):
        return trusted(Declare, id=f.id, action="stand_up")
    foe = nearest_enemy(state, f)
    style = best_attack_style(state, f)
    if foe is None or style is None:
        return trusted(Declare, id=f.id, action="wait")
    decl = trusted(Declare, id=f.id, action="attack", target=foe.id, style=style.label)
    return closing_declaration(state, f, foe, decl)  # out of reach: closes in (RULES 3.1)


def auto_round(state: CombatState, rng: random.Random,
               only: set[str] | None = None) -> tuple[list[Event], CombatState]:
    """Play one classic round with rolled dice: declarations for fighters that
    have none (those in ``only``, or everyone), initiative, every action with
    its strike back, the checks as they arise, the end of round.

    Returns the events (to push onto the log) and the state after them.
    """
    events: list[Event] = []

    def push(e: Event) -> None:
        nonlocal state
        state = apply(state, e)
        events.append(e)

    def settle() -> None:
        while state.pending:
            p = state.pending[0]
            if p.kind == "nonlethal":  # RULES 3.3 disarm, sweep, tackle
                push(nonlethal_check(state, p, roll_2d10x(rng)))
                continue
            push(resolve_check(state, p, roll_2d10x(rng)))

    settle()
    for f in state.active():
        if f.acts and f.declaration is None and (only is None or f.id in only):
            decl = _declare(state, f)
            if decl is not None:
                push(decl)
                move = declared_move(state, f.id)
                if move is not None:
                    push(move)  # the move takes the attack (RULES 3.1)
    for f in state.active():
        if needs_initiative(f):
            push(make_initiative(state, f.id, roll_2d10x(rng), roll_die(rng, TIEBREAK_SIDES)))
    while (step := next_action(state)) is not None:
        f = state.fighter(step.fighter)
        if step.kind == "stand_up":
            push(ClearCondition(id=f.id, condition="prone"))
            continue
        if step.kind == "lost":
            push(lose_action(state, f.id))
            continue
        assert step.target is not None
        t = state.fighter(step.target)
        if t.fallen and step.kind == "attack" and (only is None or f.id in only):
            foe = nearest_enemy(state, f)
            # RULES 3.1: with board rows, only a foe the strike can reach.
            if foe is not None and f.declaration is not None \
                    and not out_of_reach(state, f, foe):
                push(f.declaration.model_copy(update={"target": foe.id}))
                continue
        if out_of_reach(state, f, t) and not _is_missile(state, f, step.style):
            push(lose_action(state, f.id, held=True, note="out of reach (RULES 3.1)"))
            continue
        defending = t.can_act and t.defence is None
        dice = with_option_dice(state, rng, roll_dice(rng, defending))  # RULES 3.2 d100s
        e: Attack = resolve_attack(state, f.id, t.id, step.style, dice)
        if step.kind == "counter":
            e = e.model_copy(update={"counter": True})
        push(e)
        settle()
    # Asked afresh after each check, as steps.next_step does: a killing blow may
    # end a dying fighter's rolls (RULES 1.6). Only the first is worked out: the
    # whole list after every check made a fatigue round (RULES 1.7, every conscious
    # fighter rolls) quadratic in fighters (issue 18).
    while (due := first_end_of_round_due(state)) is not None:
        if due.kind == "killing_blow":
            push(roll_kill_helpless(state, due.id, rng))
        else:
            push(resolve_check(state, due, roll_2d10x(rng)))
        settle()
    push(EndRound())
    return events, state
