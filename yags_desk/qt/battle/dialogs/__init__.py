"""The battle board's dialogs (issue 5): declarations, initiative, attacks with
their exact odds, checks, first aid, GM overrides and conditions.

:class:`QtBattleDialogs` implements :class:`yags_desk.qt.battle.protocol.BattleDialogs`
for both editions; each method execs one dialog and returns the event(s) the
GM confirmed, or None. Every dialog class can be built and driven without
exec() (tests); its static ``run`` is what execs it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from yags_desk.qt.battle.dialogs.advantage_start import StartingAdvantageDialog
from yags_desk.qt.battle.dialogs.attack import AttackDialog
from yags_desk.qt.battle.dialogs.board_rules import AssistDialog, ReactionDialog
from yags_desk.qt.battle.dialogs.check import CheckDialog
from yags_desk.qt.battle.dialogs.declare import DeclareDialog
from yags_desk.qt.battle.dialogs.dice_entry import DiceEntry
from yags_desk.qt.battle.dialogs.first_aid import FirstAidDialog
from yags_desk.qt.battle.dialogs.initiative import InitiativeDialog
from yags_desk.qt.battle.dialogs.options import RulesOptionsDialog
from yags_desk.qt.battle.dialogs.simple import ConditionDialog, OverrideDialog
from yags_desk.rules.combat.events import (
    Assist,
    Check,
    Declare,
    Event,
    Initiative,
    Override,
    Reaction,
    SetCondition,
)
from yags_desk.rules.combat.state import CombatState, Pending

__all__ = ["AssistDialog", "AttackDialog", "CheckDialog", "ConditionDialog", "DeclareDialog",
           "DiceEntry", "FirstAidDialog", "InitiativeDialog", "OverrideDialog", "QtBattleDialogs",
           "ReactionDialog", "RulesOptionsDialog", "StartingAdvantageDialog"]


class QtBattleDialogs:
    """The real dialogs behind the board (``protocol.BattleDialogs``)."""

    def declare(self, parent: QWidget, state: CombatState, fighter_id: str) -> Declare | None:
        return DeclareDialog.run(parent, state, fighter_id)

    def initiative(self, parent: QWidget, state: CombatState, fighter_ids: Sequence[str],
                   rng: random.Random) -> list[Initiative] | None:
        return InitiativeDialog.run(parent, state, fighter_ids, rng)

    def attack(self, parent: QWidget, state: CombatState, attacker_id: str, target_id: str,
               style: str, counter: bool, rng: random.Random) -> list[Event] | None:
        return AttackDialog.run(parent, state, attacker_id, target_id, style, counter, rng)

    def check(self, parent: QWidget, state: CombatState, pending: Pending,
              rng: random.Random) -> Check | None:
        return CheckDialog.run(parent, state, pending, rng)

    def first_aid(self, parent: QWidget, state: CombatState, patient_id: str,
                  rng: random.Random) -> Check | None:
        return FirstAidDialog.run(parent, state, patient_id, rng)

    def override(self, parent: QWidget, state: CombatState, fighter_id: str) -> Override | None:
        return OverrideDialog.run(parent, state, fighter_id)

    def condition(self, parent: QWidget, state: CombatState,
                  fighter_id: str) -> SetCondition | None:
        return ConditionDialog.run(parent, state, fighter_id)

    def rules_options(self, parent: QWidget, state: CombatState) -> Sequence[Event] | None:
        return RulesOptionsDialog.run(parent, state)

    def assist(self, parent: QWidget, state: CombatState, fighter_id: str,
               rng: random.Random) -> Assist | None:
        return AssistDialog.run(parent, state, fighter_id, rng)

    def reaction(self, parent: QWidget, state: CombatState, fighter_id: str,
                 offer: Reaction | None = None) -> Reaction | None:
        return ReactionDialog.run(parent, state, fighter_id, offer)

    def starting_advantage(self, parent: QWidget, state: CombatState) -> Sequence[Event] | None:
        return StartingAdvantageDialog.run(parent, state)  # RULES 3.2
