"""Typed dice: 2d10! owes a die for every 10 (RULES 1.1), a d20 shows 1-20 (RULES 2)."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from yags_desk.qt.battle.dialogs.dice_entry import DiceEntry, parse_typed
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import DiceError


def test_open_roll_typed_with_its_extra_die(qtbot: QtBot) -> None:
    entry = DiceEntry("2d10!", "attack dice")
    qtbot.addWidget(entry)
    entry.edit.setText("7 10 4")
    assert entry.value == OpenRoll((7, 10, 4))
    assert entry.total_label.text() == "= 21"
    assert entry.error == ""


@pytest.mark.parametrize(("kind", "text", "words"), [
    ("2d10!", "10 4", ("attack dice", "missing die 3", "explodes")),
    ("2d10!", "7 4 2", ("attack dice", "one die too many")),
    ("2d10!", "7 x", ("attack dice", "'x' is not a whole number")),
    ("d20", "21", ("attack dice", "not a d20 face (1-20)")),
    ("d20", "3 4", ("attack dice", "one d20")),
])
def test_wrong_dice_are_refused_naming_the_field(qtbot: QtBot, kind: str, text: str,
                                                 words: tuple[str, ...]) -> None:
    entry = DiceEntry(kind, "attack dice")
    qtbot.addWidget(entry)
    entry.edit.setText(text)
    assert entry.value is None
    for word in words:
        assert word in entry.error
    assert entry.error_label.text() == entry.error
    assert not entry.error_label.isHidden()


def test_roll_uses_the_generator_given() -> None:
    assert parse_typed("d20", "20", "x") == D20Roll(20)
    with pytest.raises(DiceError, match="stray die: 4 is not a d3 face"):
        parse_typed("d3", "4", "stray die")


def test_roll_button_rolls_with_the_rng(qtbot: QtBot) -> None:
    entry = DiceEntry("d20", "defence dice")
    qtbot.addWidget(entry)
    entry.set_rng(random.Random(3))
    entry.roll_button.click()
    expected = random.Random(3).randint(1, 20)
    assert entry.value == D20Roll(expected)
    assert entry.edit.text() == str(expected)
