"""What the battle board asks of its dialogs.

Every method shows a modal dialog over ``parent`` and returns the event(s) the
GM confirmed, or None when the GM cancelled (nothing changes then). The board
pushes the returned events onto its :class:`~yags_desk.rules.combat.log.CombatLog`
as one undoable step. Dialogs never push events themselves and never keep
the state they are given (it is immutable anyway).

Dice are rolled with the ``rng`` passed in (the board owns one
``random.Random``) or typed in by the GM; a dialog offers both.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from PySide6.QtWidgets import QWidget

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

__all__ = ["BattleDialogs"]


class BattleDialogs(Protocol):
    def declare(self, parent: QWidget, state: CombatState, fighter_id: str) -> Declare | None:
        """What ``fighter_id`` does this round: action (attack, missile, move,
        wait, rest, stand up...), target, style, special attack or stance,
        number of defences (0.8), distance, move. Refusals from
        ``rules.combat.declare`` are shown in the dialog, which stays open."""
        ...

    def initiative(self, parent: QWidget, state: CombatState, fighter_ids: Sequence[str],
                   rng: random.Random) -> list[Initiative] | None:
        """Initiative for each of ``fighter_ids``: players' dice typed in, NPCs'
        (``character.kind != "pc"``) rolled with ``rng`` up front and editable."""
        ...

    def attack(self, parent: QWidget, state: CombatState, attacker_id: str, target_id: str,
               style: str, counter: bool, rng: random.Random) -> list[Event] | None:
        """One attack: attacker, defender, every modifier with its source (and
        the GM's situational one), the exact odds before rolling (from
        ``odds_classic.declared_attack_odds`` / ``odds_v08.declared_attack_odds_v08``),
        dice rolled or typed, then the result to confirm: ``[Attack]``. When the
        declared target is down or gone: ``[Declare, Attack]`` on another target,
        or ``[ActionLost]`` when the GM holds the action. ``counter``: the strike
        back (classic RULES 1.5) or counter strike (0.8)."""
        ...

    def check(self, parent: QWidget, state: CombatState, pending: Pending,
              rng: random.Random) -> Check | None:
        """A check the rules call for (consciousness, fatal, fatigue, dying,
        berserk, disarm, break weapon, riding, fall; killing blows need no dice):
        what is rolled against what, dice rolled or typed, or waived by the GM
        with a reason (``checks_classic.waive``)."""
        ...

    def first_aid(self, parent: QWidget, state: CombatState, patient_id: str,
                  rng: random.Random) -> Check | None:
        """Classic first aid on a dying fighter (RULES 1.10): who tends, the roll."""
        ...

    def override(self, parent: QWidget, state: CombatState, fighter_id: str) -> Override | None:
        """The GM sets a number (wounds, stuns, fatigue, initiative, row) with a
        reason, which is required."""
        ...

    def condition(self, parent: QWidget, state: CombatState,
                  fighter_id: str) -> SetCondition | None:
        """A condition (known names offered, free text allowed) for a number of
        rounds or until cleared."""
        ...

    def rules_options(self, parent: QWidget, state: CombatState) -> Sequence[Event] | None:
        """The optional rules and the GM's numbers of the edition as they stand;
        one SetOption per change (issue 14), and a SetDarkness for a new RULES 3.3
        darkness level."""
        ...

    def assist(self, parent: QWidget, state: CombatState, fighter_id: str,
               rng: random.Random) -> Assist | None:
        """RULES 3.1 assist: the ally, the roll it helps, the helper's dice."""
        ...

    def reaction(self, parent: QWidget, state: CombatState, fighter_id: str,
                 offer: Reaction | None = None) -> Reaction | None:
        """RULES 3.1 reaction: the enemy, the trigger (required), extra abilities,
        the long spear's strike; the strike follows in the attack dialog. ``offer``:
        the reaction its trigger makes possible, filled in for the GM to take or not."""
        ...

    def starting_advantage(self, parent: QWidget, state: CombatState) -> Sequence[Event] | None:
        """RULES 3.2: each side's starting advantage from the seed's table, as
        StartingAdvantage events (with a SetOption first when the rule is off)."""
        ...
