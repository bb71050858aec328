"""Printed counts agree with their number: "1 wound beyond Fatal", "2 wounds beyond Fatal"."""

from __future__ import annotations

import random

import pytest

from tests.qt.mass.test_view import _lone_hero
from tests.rules.builders import v08
from yags_desk.printing.parts import tracks_table
from yags_desk.printing.quick_report import battle_report
from yags_desk.rules.quick_combat import run_battle


@pytest.mark.parametrize(("wounds", "words"), [(7, "(1 wound beyond Fatal)"),
                                               (8, "(2 wounds beyond Fatal)")])
def test_a_printed_08_sheet_counts_the_wounds_beyond_fatal(wounds: int, words: str) -> None:
    assert words in tracks_table(v08("Brenna", wounds=wounds))


def test_a_battle_report_of_one_figure_and_at_most_one_turn() -> None:
    html = battle_report(run_battle(_lone_hero(max_turns=1), random.Random(1)))
    assert "Hero (1 figure)" in html and "Band (3 figures)" in html
    assert "at most 1 turn" in html and "1 turns" not in html
