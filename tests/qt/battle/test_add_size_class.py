"""Adding combatants with a RULES 3.3 size class: offered only while the Size class
rule is on; the choice reaches the fight's state and the saved encounter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from yags_desk.qt.battle.setup import AddCombatantsDialog
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.encounter_file import Combatant
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _wolves(qtbot: Any, library: Library, on: bool) -> tuple[Any, AddCombatantsDialog]:
    ambush = sample(library, "ford-ambush.json")
    if on:
        ambush = ambush.model_copy(update={"options": RulesOptions(optional=("size_class",))})
    board = make_board(qtbot, ambush, library)
    dialog = AddCombatantsDialog(library, board.state, board)
    qtbot.addWidget(dialog)
    names = [dialog.character_list.item(i).text() for i in range(dialog.character_list.count())]
    dialog.character_list.setCurrentRow(next(i for i, n in enumerate(names)
                                             if n.startswith("Wolf")))
    dialog.count_spin.setValue(2)
    return board, dialog


def test_size_class_reaches_the_board_and_the_saved_encounter(qtbot: Any,
                                                              library: Library) -> None:
    board, dialog = _wolves(qtbot, library, True)
    assert dialog.size_combo is not None
    dialog.size_combo.setCurrentIndex(dialog.size_combo.findData("small"))
    assert dialog.size_combo.currentText() == "Small ×1.1"
    adds = dialog.combatants(board.ops)
    assert {a.size_class for a in adds} == {"small"}
    assert board.ops.add(adds)
    wolves = [f for f in board.state.fighters.values() if f.name.startswith("Wolf")]
    assert {f.size_class for f in wolves} == {"small"}
    stored = [c for c in board.encounter.combatants if c.name.startswith("Wolf")]
    assert {c.size_class for c in stored} == {"small"}
    again = Combatant.model_validate(stored[0].model_dump(mode="json"))
    assert again.as_event().size_class == "small"


def test_no_size_choice_while_the_rule_is_off(qtbot: Any, library: Library) -> None:
    board, dialog = _wolves(qtbot, library, False)
    assert dialog.size_combo is None
    assert {a.size_class for a in dialog.combatants(board.ops)} == {"medium"}


def test_the_card_shows_a_size_class_other_than_medium_while_the_rule_is_on(
        qtbot: Any, library: Library) -> None:
    from yags_desk.qt.battle.canvas import card_lines
    from yags_desk.qt.battle.summary import summarize
    from yags_desk.rules.combat.events import SetOption

    board, dialog = _wolves(qtbot, library, True)
    assert dialog.size_combo is not None
    dialog.size_combo.setCurrentIndex(dialog.size_combo.findData("very_large"))
    assert board.ops.add(dialog.combatants(board.ops))
    wolf = next(f for f in board.state.fighters.values() if f.name.startswith("Wolf"))
    assert "very large ×0.8" in card_lines(summarize(board.state, wolf))
    medium = next(f for f in board.state.fighters.values() if f.size_class == "medium")
    assert "×" not in " ".join(card_lines(summarize(board.state, medium)))
    board.push_events([SetOption(option="size_class", value=False)])
    wolf = board.state.fighter(wolf.id)
    assert "×" not in " ".join(card_lines(summarize(board.state, wolf)))
