"""The dice roller dock as a GM uses it: notation, quick buttons, seeds and history."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from yags_desk.qt.dice.dock import DiceDock, DiceHistoryModel, describe
from yags_desk.rules.dice import RollResult, roll


@pytest.fixture
def dock(qtbot: Any) -> DiceDock:
    dock = DiceDock()
    qtbot.addWidget(dock)
    return dock


def history(dock: DiceDock) -> list[str]:
    m = dock.history_model
    return [m.index(r).data() for r in range(m.rowCount())]


def test_history_model_passes_qtmodeltester(qtmodeltester: Any, dock: DiceDock) -> None:
    qtmodeltester.check(dock.history_model)
    dock.set_seed(1)
    for text in ("2d10!+5", "d20", "3d6-2"):
        dock.roll_text(text)
    qtmodeltester.check(dock.history_model)


def test_same_seed_gives_the_same_history_twice(dock: DiceDock) -> None:
    dock.set_seed(42)
    for text in ("2d10!+5", "d20", "d100", "3d6"):
        dock.roll_text(text)
    first = history(dock)
    dock.clear_history()
    assert history(dock) == []
    for text in ("2d10!+5", "d20", "d100", "3d6"):
        dock.roll_text(text)
    assert history(dock) == first
    dock.set_seed(43)  # another seed, another history
    dock.clear_history()
    for text in ("2d10!+5", "d20", "d100", "3d6"):
        dock.roll_text(text)
    assert history(dock) != first


def test_newest_first_with_expression_dice_total(qtbot: Any, dock: DiceDock) -> None:
    dock.set_seed(7)
    qtbot.keyClicks(dock.expression, "2d10! + 5")
    qtbot.keyClick(dock.expression, Qt.Key.Key_Return)
    dock.roll_text("d20")
    rolls = dock.history_model.rolls()
    assert [r.expression for r in rolls] == ["1d20", "2d10! + 5"]  # the parser's spelling
    assert rolls[1].total == sum(rolls[1].dice) + 5
    assert history(dock)[1].startswith(f"2d10! + 5 = {rolls[1].total}    dice ")


def test_bad_expression_shows_the_message_and_rolls_nothing(qtbot: Any, dock: DiceDock) -> None:
    dock.roll_text("d20")
    dock.expression.setText("2d10!+")
    qtbot.mouseClick(dock.roll_button, Qt.MouseButton.LeftButton)
    assert dock.history_model.rowCount() == 1
    assert not dock.error.isHidden()
    assert dock.error.text() == ("expression: at character 6: '+' at the end: a number or "
                                 "dice must follow it")
    dock.roll_text("d6")  # a good roll clears the message
    assert dock.error.isHidden() and dock.history_model.rowCount() == 2


def test_quick_buttons_roll_their_expression(qtbot: Any, dock: DiceDock) -> None:
    for text in ("2d10!", "d20", "d100"):
        qtbot.mouseClick(dock.quick_buttons[text], Qt.MouseButton.LeftButton)
    rolls = dock.history_model.rolls()
    assert [r.expression for r in rolls] == ["1d100", "1d20", "2d10!"]
    assert 1 <= rolls[0].total <= 100 and 1 <= rolls[1].total <= 20
    assert dock.expression.text() == "d100"


def test_fumble_marked_with_typed_dice() -> None:
    # RULES 1.1: 2d10! whose first two dice sum to 3 or less fumbles.
    fumble = RollResult(expression="2d10!", total=3, dice=(1, 2), fumble=True)
    assert describe(fumble) == "2d10! = 3    dice 1 2    FUMBLE"
    model = DiceHistoryModel()
    model.add(fumble)
    assert model.index(0).data(Qt.ItemDataRole.ForegroundRole) is not None


def test_free_rolls_ignore_the_seed_box(dock: DiceDock) -> None:
    assert dock.free.isChecked() and not dock.seed.isEnabled()
    dock.set_seed(5)
    assert not dock.free.isChecked() and dock.seed.isEnabled()
    dock.set_seed(None)
    assert dock.free.isChecked()
    with pytest.raises(ValueError, match="seed"):
        dock.set_seed(-1)


def test_history_shows_which_dice_exploded(dock: DiceDock) -> None:
    # RULES 1.1: a 10 on 2d10! rolls again and adds. Seed 1 rolls 3, 10, then 2.
    rng = random.Random(1)
    assert [rng.randint(1, 10) for _ in range(3)] == [3, 10, 2]
    dock.set_seed(1)
    dock.roll_text("2d10!+5")
    row = dock.history_model.index(0)
    assert row.data() == "2d10! + 5 = 20    dice 3 10!+2"
    assert "exploded" in row.data(Qt.ItemDataRole.ToolTipRole)


def test_typed_exploding_dice_follow_the_die_they_belong_to() -> None:
    # Typed: the extra die comes right after the 10 it belongs to.
    result = roll("2d10!", typed=[10, 10, 4, 6])
    assert describe(result) == "2d10! = 30    dice 10!+10!+4 6"
    plain = roll("3d6", typed=[6, 6, 1])
    assert describe(plain) == "3d6 = 13    dice 6 6 1"  # no ! without open-ended dice
