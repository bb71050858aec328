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


def test_dice_typed_are_counted_in_their_refusals() -> None:
    from yags_desk.rules.dice import parse, roll
    from yags_desk.rules.errors import DiceError

    with pytest.raises(DiceError) as one:
        roll(parse("1d6"), typed=[3, 4])
    assert "uses 1 die, typed 2" in str(one.value)
    with pytest.raises(DiceError) as two:
        roll(parse("2d6+1d6"), typed=[3, 4, 5, 6])
    assert "uses 3 dice" in str(two.value)
    with pytest.raises(DiceError) as missing:
        roll(parse("2d6"), typed=[3])
    assert "(typed 1 die in all)" in str(missing.value)


def test_the_library_counts_an_encounters_combatants() -> None:
    from pathlib import Path

    from yags_desk.qt.library.model import _encounter_entry

    assert _encounter_entry(Path("a.json"), "Duel", "classic", 1)[1].detail == (
        "classic · 1 combatant")
    assert _encounter_entry(Path("b.json"), "Brawl", "0.8", 2)[1].detail == (
        "0.8 · 2 combatants")
