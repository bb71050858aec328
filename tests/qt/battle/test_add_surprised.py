"""Adding combatants surprised in the first round (RULES 3.2): offered only while the
Surprise rule is on; the choice reaches the fight (they neither act nor defend in
round 1) and the saved encounter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from yags_desk.qt.battle.canvas import card_lines
from yags_desk.qt.battle.setup import AddCombatantsDialog
from yags_desk.qt.battle.summary import summarize
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.encounter_file import Combatant
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _wolves(qtbot: Any, library: Library, on: bool) -> tuple[Any, AddCombatantsDialog]:
    ambush = sample(library, "ford-ambush.json")
    if on:
        ambush = ambush.model_copy(update={"options": RulesOptions(optional=("surprise",))})
    board = make_board(qtbot, ambush, library)
    dialog = AddCombatantsDialog(library, board.state, board)
    qtbot.addWidget(dialog)
    names = [dialog.character_list.item(i).text() for i in range(dialog.character_list.count())]
    dialog.character_list.setCurrentRow(next(i for i, n in enumerate(names)
                                             if n.startswith("Wolf")))
    dialog.count_spin.setValue(2)
    return board, dialog


def test_surprised_wolves_reach_the_board_and_the_saved_encounter(
        qtbot: Any, library: Library) -> None:
    board, dialog = _wolves(qtbot, library, True)
    assert dialog.surprise_box is not None
    assert "RULES 3.2" in dialog.surprise_box.toolTip()
    dialog.surprise_box.setChecked(True)
    assert board.ops.add(dialog.combatants(board.ops))
    wolves = [f for f in board.state.fighters.values() if f.name.startswith("Wolf")]
    assert len(wolves) == 2 and all(f.surprised and not f.acts for f in wolves)
    assert all("surprised (1)" in " ".join(card_lines(summarize(board.state, f)))
               for f in wolves)
    stored = [c for c in board.encounter.combatants if c.name.startswith("Wolf")]
    again = Combatant.model_validate(stored[0].model_dump(mode="json"))
    assert again.as_event().surprised


def test_no_surprise_box_while_the_rule_is_off(qtbot: Any, library: Library) -> None:
    board, dialog = _wolves(qtbot, library, False)
    assert dialog.surprise_box is None
    assert board.ops.add(dialog.combatants(board.ops))
    assert not any(f.surprised for f in board.state.fighters.values())


def test_the_rule_box_says_what_the_rule_adds_to_the_condition(qtbot: Any) -> None:
    from tests.qt.battle.dialogs.fixtures import sample_log
    from yags_desk.qt.battle.dialogs.options import RulesOptionsDialog
    dialog = RulesOptionsDialog(None, sample_log("ford-ambush").state)
    qtbot.addWidget(dialog)
    tip = dialog.rule_boxes["surprise"].toolTip()
    assert "Surprised in the first round" in tip and "at any time" in tip
