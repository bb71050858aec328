"""Shared set-up of the battle board tests: boards on the sample encounters and a
plain engine loop fed by the same scripted dialogs, to compare against."""

from __future__ import annotations

import random
from typing import Any

from tests.qt.battle.scripted import ScriptedDialogs
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.rules.combat.events import ClearCondition, EndRound, Event
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.steps import next_step
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Encounter, encounter_log
from yags_desk.storage.library import Library

__all__ = ["engine_fight", "make_board", "sample"]


def sample(library: Library, name: str) -> Encounter:
    model = read_document(library.encounters_dir / name, "encounter").model
    assert isinstance(model, Encounter)
    return model


def make_board(qtbot: Any, encounter: Encounter, library: Library | None = None,
               dialogs: Any = None) -> BattleBoard:
    library = library or Library.open()
    board = BattleBoard(encounter, None, library, dialogs or ScriptedDialogs(),
                        random.Random(5))
    qtbot.addWidget(board)
    board.resize(1366, 700)
    return board


def engine_fight(encounter: Encounter, rounds: int) -> CombatLog:
    """The same fight without widgets: next_step answered by a fresh ScriptedDialogs."""
    log = encounter_log(encounter)
    dialogs = ScriptedDialogs()
    rng = random.Random(5)
    parent: Any = None
    while log.state.round <= rounds:
        state = log.state
        step = next_step(state)
        events: list[Event]
        if step.kind in ("check", "end_check"):
            assert step.pending is not None
            check = dialogs.check(parent, state, step.pending, rng)
            assert check is not None
            events = [check]
        elif step.kind == "declare":
            assert step.fighter is not None
            declared = dialogs.declare(parent, state, step.fighter)
            assert declared is not None
            events = [declared]
        elif step.kind == "initiative":
            events = list(dialogs.initiative(parent, state, step.fighters, rng) or [])
        elif step.kind == "action" and step.action == "stand_up":
            assert step.fighter is not None
            events = [ClearCondition(id=step.fighter, condition="prone")]
        elif step.kind == "action":
            assert step.fighter is not None and step.target is not None
            attack = dialogs.attack(parent, state, step.fighter, step.target, step.style,
                                    step.action == "counter", rng)
            assert attack is not None
            events = attack
        else:
            events = [EndRound()]
        for e in events:
            log.push(e)
    return log
