"""ScriptedDialogs: the board's dialogs answered by a test with typed-in dice.

Each answer is built with the engine from dice the test typed in (cycling
through fixed rolls), the way the real dialogs build it from the GM's dice;
every event returned is recorded in :attr:`ScriptedDialogs.returned`, so a
test can feed the same events to a plain CombatLog and compare.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import cycle

from PySide6.QtWidgets import QWidget

from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import AttackDiceV08, resolve_attack_v08
from yags_desk.rules.combat.checks_classic import kill_helpless
from yags_desk.rules.combat.checks_classic import resolve_check as check_classic
from yags_desk.rules.combat.checks_v08 import resolve_check as check_v08
from yags_desk.rules.combat.checks_v08 import roll_initiative_v08
from yags_desk.rules.combat.events import (
    Assist,
    Check,
    Declare,
    Event,
    Initiative,
    Override,
    Reaction,
    SetCondition,
    SetOption,
)
from yags_desk.rules.combat.kill_classic import kill_is_rolled
from yags_desk.rules.combat.lost import lose_action, lost_reason
from yags_desk.rules.combat.mounted_classic import fall_check
from yags_desk.rules.combat.optional.actions32 import assess_check
from yags_desk.rules.combat.procedure_classic import make_initiative
from yags_desk.rules.combat.state import CombatState, Pending
from yags_desk.rules.combat.steps import auto_declaration
from yags_desk.rules.dice import D20Roll, OpenRoll, d20_from_typed
from yags_desk.rules.dice import open_roll_from_typed as typed

__all__ = ["CLASSIC_DICE", "V08_DICE", "ScriptedDialogs"]

# Typed-in rolls, used in turn (no 10s: no explosions to type).
CLASSIC_DICE = [(7, 6), (3, 4), (9, 8), (2, 5), (6, 6), (8, 1), (4, 9), (5, 3)]
V08_DICE = [14, 6, 17, 9, 12, 3, 19, 11]


class ScriptedDialogs:
    """Answers as a GM typing dice would; ``cancel`` makes the next call return None."""

    def __init__(self, classic_dice: Sequence[tuple[int, int]] = CLASSIC_DICE,
                 v08_dice: Sequence[int] = V08_DICE) -> None:
        self._classic = cycle(classic_dice)
        self._v08 = cycle(v08_dice)
        self.returned: list[Event] = []
        self.calls: list[str] = []
        self.declarations: dict[str, Declare] = {}
        self.override_event: Override | None = None
        self.condition_event: SetCondition | None = None
        self.options_events: list[SetOption] | None = None
        self.assist_event: Assist | None = None
        self.reaction_event: Reaction | None = None
        self.offers: list[Reaction | None] = []  # reactions offered by the board
        self.take_offers = True
        self.extra_fall_m = 0  # metres the GM adds in the fall dialog
        self.cancel = False

    def _keep(self, name: str, events: list[Event]) -> None:
        self.calls.append(name)
        self.returned.extend(events)

    def _cancelled(self, name: str) -> bool:
        if self.cancel:
            self.cancel = False
            self.calls.append(f"{name} (cancelled)")
            return True
        return False

    def two(self) -> OpenRoll:
        return typed(next(self._classic))

    def d20(self) -> D20Roll:
        return d20_from_typed(next(self._v08))

    def declare(self, parent: QWidget, state: CombatState, fighter_id: str) -> Declare | None:
        if self._cancelled("declare"):
            return None
        event = self.declarations.get(fighter_id) or auto_declaration(state, fighter_id) \
            or Declare(id=fighter_id, action="wait")
        self._keep("declare", [event])
        return event

    def initiative(self, parent: QWidget, state: CombatState, fighter_ids: Sequence[str],
                   rng: random.Random) -> list[Initiative] | None:
        if self._cancelled("initiative"):
            return None
        if state.edition == "classic":
            out = [make_initiative(state, fid, self.two(), n + 1)
                   for n, fid in enumerate(fighter_ids)]
        else:
            out = [roll_initiative_v08(state, fid, self.d20()) for fid in fighter_ids]
        self._keep("initiative", list(out))
        return out

    def attack(self, parent: QWidget, state: CombatState, attacker_id: str, target_id: str,
               style: str, counter: bool, rng: random.Random) -> list[Event] | None:
        if self._cancelled("attack"):
            return None
        if not counter and lost_reason(state.fighter(target_id)) is not None and (
                state.edition == "0.8" or not _attackable(state, target_id)):
            lost = lose_action(state, attacker_id)  # the target fell: the attack is lost
            self._keep("attack", [lost])
            return [lost]
        if state.edition == "classic":
            t = state.fighter(target_id)
            defending = t.can_act and t.defence is None
            dice = AttackDice(self.two(), self.two() if defending else None, self.two())
            event = resolve_attack(state, attacker_id, target_id, style, dice)
            if counter:
                event = event.model_copy(update={"counter": True})
        else:
            dice08 = AttackDiceV08(self.d20(), self.d20(), self.d20())
            event = resolve_attack_v08(state, attacker_id, target_id, dice08, counter=counter)
        self._keep("attack", [event])
        return [event]

    def check(self, parent: QWidget, state: CombatState, pending: Pending,
              rng: random.Random) -> Check | None:
        if self._cancelled("check"):
            return None
        if pending.kind == "killing_blow" and kill_is_rolled(state, pending.id):
            event = kill_helpless(state, pending.id, self.two(), self.two())
        elif pending.kind == "killing_blow":
            event = kill_helpless(state, pending.id)
        elif pending.kind == "fall":
            event = fall_check(state, pending.id, self.two(), self.two(),
                               metres=pending.amount + self.extra_fall_m)
        elif pending.kind == "assess":  # RULES 3.2
            event = assess_check(state, pending.id,
                                 self.two() if state.edition == "classic" else self.d20())
        elif state.edition == "classic":
            event = check_classic(state, pending, self.two())
        else:
            event = check_v08(state, pending, self.d20())
        self._keep("check", [event])
        return event

    def first_aid(self, parent: QWidget, state: CombatState, patient_id: str,
                  rng: random.Random) -> Check | None:
        self.calls.append("first_aid")
        return None

    def override(self, parent: QWidget, state: CombatState, fighter_id: str) -> Override | None:
        self.calls.append("override")
        return self.override_event

    def condition(self, parent: QWidget, state: CombatState,
                  fighter_id: str) -> SetCondition | None:
        self.calls.append("condition")
        return self.condition_event

    def rules_options(self, parent: QWidget, state: CombatState) -> list[SetOption] | None:
        self.calls.append("rules_options")
        return list(self.options_events) if self.options_events is not None else None

    def starting_advantage(self, parent: QWidget, state: CombatState) -> list[Event] | None:
        self.calls.append("starting_advantage")  # RULES 3.2
        return None


    def assist(self, parent: QWidget, state: CombatState, fighter_id: str,
               rng: random.Random) -> Assist | None:
        self.calls.append("assist")
        return self.assist_event

    def reaction(self, parent: QWidget, state: CombatState, fighter_id: str,
                 offer: Reaction | None = None) -> Reaction | None:
        self.calls.append("reaction")
        self.offers.append(offer)
        return self.reaction_event if offer is None else (offer if self.take_offers else None)


def _attackable(state: CombatState, fid: str) -> bool:
    """Classic: a helpless (unconscious) target may still be attacked (RULES 1.6)."""
    f = state.fighter(fid)
    return not (f.removed or f.dead)
