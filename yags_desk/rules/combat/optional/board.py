"""RULES 3.1, option "board_rows": the battle board's rows give range and reach.

- Range between two fighters is the difference of their rows.
- Every melee strike reaches 1 row **[decision]**: the seed gives no weapon a
  longer melee reach; the long spear's advantage is its reaction (RULES 3.1),
  not a longer reach.
- A strike at a target beyond its reach is made, but the target's defence gets
  +10 for one row beyond, +15 for two, +5 more per further row; no strike
  reaches further than twice its reach (refused, naming the rule). Rows inside
  a weapon's minimum range count the same way (:func:`out_of_range_bonus`).
- Missiles keep their own range bands (RULES 1.8, combat-missile.yags); with
  the option on, the distance is the rows between shooter and target times the
  encounter's metres per row (``RulesOptions.board_metres_per_row``, 5 m by
  default), instead of the metres typed in the declaration.
"""

from __future__ import annotations

from yags_desk.rules.combat.optional.base import NONE, AttackKind, OptionalMods
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.errors import RulesError

__all__ = ["MAX_ROW", "MELEE_REACH", "OPTION", "RULE", "board_mods", "out_of_range_bonus",
           "reach_refusal", "row_range", "shot_range_m"]

OPTION = "board_rows"
RULE = "RULES 3.1"
MELEE_REACH = 1
MAX_ROW = 99  # the board's last row (AddCombatant.row allows 0-99)
_FIRST_BEYOND = 10  # one row beyond the reach
_PER_ROW = 5  # each further row


def row_range(state: CombatState, a_id: str, b_id: str) -> int:
    """Rows between two fighters (RULES 3.1)."""
    return abs(state.fighter(a_id).row - state.fighter(b_id).row)


def out_of_range_bonus(distance: int, reach: int, minimum: int = 0) -> int | None:
    """The defence bonus of a target ``distance`` rows away from a strike that
    reaches ``reach`` rows (and no closer than ``minimum``): 0 in range, +10 one
    row out, +15 two, +5 per further row; None when the strike cannot reach at
    all (further than twice its reach)."""
    if distance > 2 * reach:
        return None
    out = max(distance - reach, minimum - distance, 0)
    return _FIRST_BEYOND + _PER_ROW * (out - 1) if out else 0


def reach_refusal(state: CombatState, attacker_id: str, target_id: str) -> str | None:
    """Why a melee strike of ``attacker_id`` cannot reach ``target_id`` at all, or None."""
    distance = row_range(state, attacker_id, target_id)
    if out_of_range_bonus(distance, MELEE_REACH) is not None:
        return None
    a, t = state.fighter(attacker_id), state.fighter(target_id)
    return (f"target: {t.name} is {distance} rows from {a.name}; a melee strike reaches "
            f"{MELEE_REACH} row and never hits further than twice that ({RULE} out of range)")


def board_mods(state: CombatState, attacker_id: str, defender_id: str,
               kind: AttackKind) -> OptionalMods:
    """The out-of-range defence bonus of a melee strike (missiles use their bands)."""
    if kind.missile:
        return NONE
    why = reach_refusal(state, attacker_id, defender_id)
    if why is not None:
        raise RulesError(why)
    distance = row_range(state, attacker_id, defender_id)
    bonus = out_of_range_bonus(distance, MELEE_REACH) or 0
    if not bonus:
        return NONE
    label = f"{RULE} out of range ({distance} rows, reach {MELEE_REACH})"
    return OptionalMods(defence=((label, bonus),))


def shot_range_m(state: CombatState, shooter: FighterState, target: FighterState | None,
                 declared: int | None) -> int | None:
    """A missile's distance in metres: from the rows when the option is on and
    the target is known, otherwise what the declaration says."""
    if target is None or not state.options.uses(OPTION):
        return declared
    return abs(shooter.row - target.row) * state.options.board_metres_per_row
