"""The card menu's RULES 3.2 entries (option "Flee, charge and defend"): a free
attack on each fleeing enemy in reach, and the roll of a declared assess action.

The free attack opens the ordinary attack dialog on the state the engine resolves
it in (``optional.actions32.free_attack_state``: the attacker as if it had declared
that attack), so its modifier list and exact odds are those of the free attack;
the Attack it gives is marked ``free`` before the board pushes it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtWidgets import QMenu, QWidget

from yags_desk.qt.battle.protocol import BattleDialogs
from yags_desk.rules.combat.events import Attack, Event
from yags_desk.rules.combat.optional.actions32 import (
    ASSESS_TARGET,
    OPTION,
    assess_due,
    free_attack_state,
    free_attack_targets,
)
from yags_desk.rules.combat.optional.actions32_attack import free_attack_style
from yags_desk.rules.combat.state import CombatState, Pending

__all__ = ["add_actions32", "assess_roll", "free_attack_events"]


def free_attack_events(parent: QWidget, dialogs: BattleDialogs, state: CombatState,
                       attacker_id: str, target_id: str,
                       rng: random.Random) -> list[Event] | None:
    """The attack dialog for a free attack; its Attack marked free, or None."""
    style = free_attack_style(state, attacker_id)
    prepared = free_attack_state(state, attacker_id, target_id, style)
    events = dialogs.attack(parent, prepared, attacker_id, target_id, style, False, rng)
    attacks = [e for e in events or () if isinstance(e, Attack)]
    if not attacks:
        return None
    return [attacks[0].model_copy(update={"free": True})]


def assess_roll(parent: QWidget, dialogs: BattleDialogs, state: CombatState, fid: str,
                rng: random.Random) -> Sequence[Event] | None:
    """The check dialog for a declared assess action (RULES 3.2)."""
    check = dialogs.check(parent, state, Pending(fid, "assess", ASSESS_TARGET[state.edition]),
                          rng)
    return [check] if check is not None else None


def add_actions32(menu: QMenu, state: CombatState, fid: str,
                  free_attack: Callable[[str], object], assess: Callable[[], object]) -> None:
    """Add "Free attack on …" per fleeing enemy in reach and "Assess roll…" when
    declared, while the option is on. ``free_attack(target)`` and ``assess()`` are
    the board's slots."""
    if not state.options.uses(OPTION):
        return
    for tid in free_attack_targets(state, fid):
        name = state.fighter(tid).name
        menu.addAction(f"Free attack on the fleeing {name}… (RULES 3.2)",
                       partial(free_attack, tid))
    if assess_due(state, fid):
        menu.addAction("Assess roll… (RULES 3.2)", assess)
