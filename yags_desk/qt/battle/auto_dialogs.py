"""Dialogs that answer themselves with the engine's automatic choices.

:class:`AutoDialogs` implements :class:`~yags_desk.qt.battle.protocol.BattleDialogs`
without asking: declarations attack the nearest enemy with the best style,
every roll is made with the board's ``rng`` (``steps.auto_events``). It is the
fallback until the real dialogs (``yags_desk.qt.battle.dialogs``) are present;
the GM's own numbers (an override, a condition) are asked with plain input
boxes, since no engine can choose them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtWidgets import QInputDialog, QWidget

from yags_desk.rules.combat.attack_classic import resolve_attack, roll_dice
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08, roll_dice_v08
from yags_desk.rules.combat.checks_classic import first_aid
from yags_desk.rules.combat.events import (
    Attack,
    Check,
    Declare,
    Initiative,
    Override,
    SetCondition,
)
from yags_desk.rules.combat.state import CombatState, Pending
from yags_desk.rules.combat.steps import Step, auto_declaration, auto_events
from yags_desk.rules.dice import roll_2d10x
from yags_desk.rules.errors import RulesError

__all__ = ["AutoDialogs"]

_FIELDS = ["wounds", "stuns", "fatigue_short", "fatigue_long", "initiative", "row"]
_CONDITIONS = ["prone", "stunned", "unconscious", "dead", "disarmed", "surprised", "helpless"]


class AutoDialogs:
    """The engine's choices and rolls, no questions asked (but for GM numbers)."""

    def declare(self, parent: QWidget, state: CombatState, fighter_id: str) -> Declare | None:
        return auto_declaration(state, fighter_id) or Declare(id=fighter_id, action="wait")

    def initiative(self, parent: QWidget, state: CombatState, fighter_ids: Sequence[str],
                   rng: random.Random) -> list[Initiative] | None:
        events = auto_events(state, Step("initiative", tuple(fighter_ids)), rng)
        return [e for e in events if isinstance(e, Initiative)]

    def attack(self, parent: QWidget, state: CombatState, attacker_id: str, target_id: str,
               style: str, counter: bool, rng: random.Random) -> Attack | None:
        if state.edition == "classic":
            t = state.fighter(target_id)
            e = resolve_attack(state, attacker_id, target_id, style,
                               roll_dice(rng, t.can_act and t.defence is None))
            return e.model_copy(update={"counter": True}) if counter else e
        d = state.fighter(attacker_id).declaration
        close = len(d.close) if d is not None and not counter else 0
        return resolve_attack_v08(state, attacker_id, target_id,
                                  roll_dice_v08(rng, close=close), counter=counter)

    def check(self, parent: QWidget, state: CombatState, pending: Pending,
              rng: random.Random) -> Check | None:
        (event,) = auto_events(state, Step("check", (pending.id,), pending), rng)
        assert isinstance(event, Check)
        return event

    def first_aid(self, parent: QWidget, state: CombatState, patient_id: str,
                  rng: random.Random) -> Check | None:
        """[decision] The patient's ally with the best First aid skill tends it."""
        if state.edition != "classic":
            raise RulesError("first aid during the fight is a classic rule (RULES 1.10)")
        p = state.fighter(patient_id)
        helpers = [f for f in state.active() if f.side == p.side and f.can_act
                   and f.id != patient_id]
        if not helpers:
            raise RulesError(f"nobody on {p.side}'s side can tend {p.name}")
        healer = max(helpers, key=lambda f: f.character.skill("First aid"))
        return first_aid(state, healer.id, patient_id, roll_2d10x(rng))

    def override(self, parent: QWidget, state: CombatState, fighter_id: str) -> Override | None:
        f = state.fighter(fighter_id)
        fields = _FIELDS if state.edition == "0.8" else [x for x in _FIELDS if x != "stuns"]
        field, ok = QInputDialog.getItem(parent, "Override", f"Which number of {f.name}?",
                                         fields, 0, False)
        if not ok:
            return None
        current = {"wounds": f.wounds, "stuns": f.stuns, "fatigue_short": f.fatigue_short,
                   "fatigue_long": f.fatigue_long, "initiative": f.initiative or 0,
                   "row": f.row}[field]
        value, ok = QInputDialog.getInt(parent, "Override", f"{field}:", current, 0, 10_000)
        if not ok:
            return None
        reason, ok = QInputDialog.getText(parent, "Override", "Reason (required):")
        if not ok or not reason.strip():
            return None
        return Override(id=fighter_id, field=field, value=value,  # type: ignore[arg-type]
                        reason=reason.strip())

    def condition(self, parent: QWidget, state: CombatState,
                  fighter_id: str) -> SetCondition | None:
        f = state.fighter(fighter_id)
        name, ok = QInputDialog.getItem(parent, "Condition", f"Condition for {f.name}:",
                                        _CONDITIONS, 0, True)
        if not ok or not name.strip():
            return None
        rounds, ok = QInputDialog.getInt(parent, "Condition",
                                         "Rounds (0 = until cleared):", 0, 0, 10_000)
        if not ok:
            return None
        return SetCondition(id=fighter_id, condition=name.strip(), rounds=rounds or None)
