"""Board ▸ Add an object… (RULES 3.3 breaking things): a door typed or rolled in the
dialog reaches the board, its card and the saved encounter; refused with the rule
named while the option is off."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from yags_desk.qt.battle.canvas import card_lines
from yags_desk.qt.battle.dialogs.add_object import AddObjectDialog
from yags_desk.qt.battle.summary import summarize
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _board(qtbot: Any, library: Library, on: bool) -> Any:
    ambush = sample(library, "ford-ambush.json")
    if on:
        ambush = ambush.model_copy(update={"options": RulesOptions(
            optional=("breaking_things",))})
    return make_board(qtbot, ambush, library)


def test_a_typed_iron_bound_door_reaches_the_board_card_and_encounter(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(qtbot, library, True)
    dialog = AddObjectDialog(board, board.state, random.Random(1))
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Gate")
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("iron_bound"))
    dialog.dice_edit.setText("3 4")
    assert dialog.total_label.text() == "3d6: —"
    assert not dialog.try_accept()
    assert "rolls 3d6; 2 dice given" in dialog.error_label.text()
    dialog.dice_edit.setText("3 4 5")
    assert dialog.total_label.text() == "3d6: 12 damage points"
    assert dialog.try_accept()
    e = dialog.result_event
    assert e is not None
    monkeypatch.setattr(AddObjectDialog, "run", staticmethod(lambda *a: e))
    board.object_action.trigger()
    gate = board.state.fighter(e.id)
    assert gate.thing is not None and gate.thing.damage_points == 12
    lines = card_lines(summarize(board.state, gate))
    assert "0 of 12 damage points" in lines
    assert "iron bound door, soak 16 blunt / 16 edge" in lines
    stored = next(c for c in board.encounter.combatants if c.id == e.id)
    assert stored.thing is not None and stored.thing.damage_points == 12


def test_rolled_dice_fill_the_field_for_the_thickness(qtbot: Any, library: Library) -> None:
    board = _board(qtbot, library, True)
    dialog = AddObjectDialog(board, board.state, random.Random(3))
    qtbot.addWidget(dialog)
    dialog.inches_spin.setValue(2)  # plain wood, 2 inches: 4d6
    dialog.roll_button.click()
    faces = [int(x) for x in dialog.dice_edit.text().split()]
    assert len(faces) == 4 and all(1 <= f <= 6 for f in faces)
    assert dialog.total_label.text() == f"4d6: {sum(faces)} damage points"


def test_refused_with_the_rule_named_while_the_option_is_off(qtbot: Any,
                                                             library: Library) -> None:
    board = _board(qtbot, library, False)
    dialog = AddObjectDialog(board, board.state, random.Random(1))
    qtbot.addWidget(dialog)
    assert "Breaking things (Rules reference <a href=\"rules:3.3\">§3.3</a>) is off" in \
        dialog.error_label.text()
    dialog.dice_edit.setText("2 2")
    assert not dialog.try_accept()
    assert "Breaking things (Rules reference <a href=\"rules:3.3\">§3.3</a>) is off" in \
        dialog.error_label.text()
    assert all(f.thing is None for f in board.state.fighters.values())


def test_the_attack_dialog_shows_the_doors_soak_for_the_blow_and_applies_points(
        qtbot: Any) -> None:
    from tests.rules.combat.test_breaking_things import _with_door
    from tests.rules.combat.test_surprised import SWORD, classic_pair
    from yags_desk.qt.battle.dialogs.attack_numbers import attack_setup
    from yags_desk.rules.combat.events import Declare

    log = classic_pair()
    _with_door(log)  # plain wood, 9 damage points, edge soak 13
    log.push(Declare(id="ann", action="attack", target="door", style=SWORD))
    setup = attack_setup(log.state, "ann", "door", SWORD, False)
    soak = [r for r in setup.rows if r[0] == "Soak"]
    assert soak == [("Soak", "Cellar door's edge soak (RULES 3.3 breaking things)", 13, True)]
    assert any("counts as damage points" in n for n in setup.notes)
