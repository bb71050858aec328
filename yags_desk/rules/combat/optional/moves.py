"""Moving between rows of the battle board (RULES 3.1, option "board_rows").

A move is the fighter's action for the round, logged as a :class:`MoveRow`
event (so it is undone and replayed like any other):

- classic: the move takes the attack (classic has no movement score); one move
  covers at most ``RulesOptions.board_rows_per_move`` rows **[decision]**, 1 by
  default;
- 0.8: the rows moved times the metres per row count against Move (RULES 2):
  up to half Move the fighter still attacks as declared, up to Move only slowly
  (``phase_v08.speed``), beyond Move it does not attack this round; once it has
  attacked it may move only within half Move.

A fleeing fighter turns its back (the "back_turned" condition, RULES 3.1) until
the end of the next round **[decision]**.
"""

from __future__ import annotations

from dataclasses import replace

from yags_desk.rules.combat.events import Declare, MoveRow
from yags_desk.rules.combat.optional.board import (
    MAX_ROW,
    MELEE_REACH,
    OPTION,
    RULE,
    out_of_range_bonus,
    reach_refusal,
)
from yags_desk.rules.combat.round_v08 import EXHAUSTED_RULE, exhausted_why
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.words import counted

__all__ = ["BACK_TURNED", "FLEE_ROUNDS", "auto_move", "closing_declaration", "declared_move",
           "move_metres", "move_row", "move_text", "out_of_reach", "step_towards"]

BACK_TURNED = "back_turned"
FLEE_ROUNDS = 2  # this round and the next


def move_metres(state: CombatState, f: FighterState, row: int) -> int:
    return abs(row - f.row) * state.options.board_metres_per_row


def _check(state: CombatState, f: FighterState, e: MoveRow) -> None:
    if not state.options.uses(OPTION):
        raise RulesError("row: moving between rows is an action only with the option "
                         f"\"Battle board rows\" ({RULE}); without it, place the fighter "
                         "with an override")
    if not f.can_act:
        raise RulesError(f"{f.name} is {f.why_not} and cannot move (RULES 1.6)")
    if f.surprised:
        raise RulesError(f"{f.name} is surprised and does nothing this round: clear the "
                         "condition to let it move (RULES 1.5, RULES 2)")
    if not 0 <= e.row <= MAX_ROW:
        raise RulesError(f"row: row {e.row} is off the board (rows 0 to {MAX_ROW}) ({RULE})")
    if e.row == f.row:
        raise RulesError(f"row: {f.name} is already in row {e.row}")
    if state.edition == "classic":
        if f.attacked:
            raise RulesError(f"{f.name} has already acted this round; moving between rows "
                             f"takes the attack ({RULE})")
        most = state.options.board_rows_per_move
        if abs(e.row - f.row) > most:
            raise RulesError(f"row: {f.name} may move {counted(most, 'row')} "
                             f"in one move, not {abs(e.row - f.row)} ({RULE}, rows per move)")
        return
    move = f.derived(state.options).move
    half = move.total // 2 if move is not None else 0
    moved = f.moved_m + move_metres(state, f, e.row)
    if f.attacked and moved > half:
        raise RulesError(f"{f.name} has attacked this round: it may move only up to half "
                         f"its Move ({half} m), not {moved} m (RULES 2, {RULE})")
    if f.exhausted and moved > half:
        raise RulesError(f"row: {exhausted_why(f)}: it cannot run or sprint, so it moves at "
                         f"most half its Move ({half} m), not {moved} m {EXHAUSTED_RULE}")


def move_row(state: CombatState, e: MoveRow) -> CombatState:
    """The state after ``e``, or RulesError naming the rule that forbids it."""
    f = state.fighter(e.id)
    _check(state, f, e)
    if state.edition == "classic":
        f = replace(f, row=e.row, attacked=True)  # the move is the round's action
    else:
        moved = f.moved_m + move_metres(state, f, e.row)
        move = f.derived(state.options).move
        beyond = move is not None and moved > move.total
        # An Exhausted fighter's move is its whole round (core.md, Running).
        f = replace(f, row=e.row, moved_m=moved,
                    attacked=f.attacked or beyond or f.exhausted)
    if e.flee:
        f = f.with_condition(BACK_TURNED, FLEE_ROUNDS)
    return state._with(f)


def move_text(e: MoveRow, before: CombatState, after: CombatState) -> str:
    """The log sentence: "Ann moves from row 0 to row 1 (RULES 3.1: ...)"."""
    f0, f1 = before.fighter(e.id), after.fighter(e.id)
    verb = "flees" if e.flee else "moves"
    text = f"{f1.name} {verb} from row {f0.row} to row {e.row}"
    if before.edition == "classic":
        cost = "the move takes its attack"
    else:
        move = f1.derived(after.options).move
        limit = f" of Move {move.total}" if move is not None else ""
        cost = f"{move_metres(before, f0, e.row)} m, {f1.moved_m} m{limit} this round"
        if f1.attacked and not f0.attacked:
            cost += ": no attack this round"
    back = ", its back turned" if e.flee else ""
    return f"{text} ({RULE} {cost}{back})."


def step_towards(state: CombatState, f: FighterState, target: FighterState) -> int:
    """The row an automatic fighter moves to, to close on ``target``: as near as
    one move allows (classic: rows per move; 0.8: within Move), stopping in reach
    (1 row away)."""
    gap = target.row - f.row
    if state.edition == "classic":
        most = state.options.board_rows_per_move
    else:  # as far as Move allows (RULES 2), at least one row
        move = f.derived(state.options).move
        most = max(1, (move.total if move else 0) // state.options.board_metres_per_row)
    step = min(abs(gap) - 1, most)
    return f.row + (step if gap > 0 else -step)


def out_of_reach(state: CombatState, f: FighterState, target: FighterState) -> bool:
    """With board rows on, whether ``f``'s melee strike cannot reach ``target``."""
    return (state.options.uses(OPTION)
            and reach_refusal(state, f.id, target.id) is not None)


def auto_move(state: CombatState, f: FighterState, target: FighterState) -> MoveRow | None:
    """The move an automatic fighter makes towards ``target`` it cannot reach
    (RULES 3.1), or None when it can strike from where it stands."""
    if not out_of_reach(state, f, target):
        return None
    return MoveRow(id=f.id, row=step_towards(state, f, target))


def closing_declaration(state: CombatState, f: FighterState, foe: FighterState,
                        decl: Declare) -> Declare:
    """An automatic fighter's declaration ``decl`` on ``foe``, or, when ``foe`` is
    out of reach (board rows on), its declaration of closing in: classic, a move
    (it takes the attack); 0.8, the attack with the metres to move when the move
    ends in reach within Move (RULES 2), else a move alone."""
    move = auto_move(state, f, foe)
    if move is None:
        return decl
    if state.edition == "classic":
        return Declare(id=f.id, action="move", target=foe.id)
    metres = move_metres(state, f, move.row)
    limit = f.derived(state.options).move
    near = out_of_range_bonus(abs(move.row - foe.row), MELEE_REACH) is not None
    if decl.action == "attack" and near and (limit is None or metres <= limit.total):
        return decl.model_copy(update={"move_m": metres})
    return Declare(id=f.id, action="move", target=foe.id, defences=decl.defences,
                   move_m=metres)


def declared_move(state: CombatState, fid: str) -> MoveRow | None:
    """The move that follows an automatic declaration of closing in (see
    :func:`closing_declaration`), or None."""
    f = state.fighter(fid)
    d = f.declaration
    if d is None or d.target is None or (d.action != "move" and not d.move_m):
        return None
    return auto_move(state, f, state.fighter(d.target))
