"""The combat state machines of both editions run with the RULES 3.1 options on
(battle board rows, back turned, assist and hamper, reactions): moves between
rows, turned backs, assists, reactions, attacks at and beyond reach, undo, redo
and replay must all hold (issue 14 item 5)."""

from __future__ import annotations

from hypothesis import settings

from tests.rules.combat.test_fight_v08 import FightMachine08
from tests.rules.combat.test_log import FightMachine

BOARD_OPTIONS = ("board_rows", "back_turned", "assist_hamper", "reactions")


class BoardFightMachine(FightMachine):
    options_on = BOARD_OPTIONS


class BoardFightMachine08(FightMachine08):
    options_on = BOARD_OPTIONS


TestBoardFightMachine = BoardFightMachine.TestCase
TestBoardFightMachine.settings = settings(max_examples=30, stateful_step_count=30,
                                          deadline=None)
TestBoardFightMachine08 = BoardFightMachine08.TestCase
TestBoardFightMachine08.settings = settings(max_examples=30, stateful_step_count=30,
                                            deadline=None)
