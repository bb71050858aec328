"""Rules options… on the board (issue 14 item 2): the dialog gives one SetOption per
change, the board pushes them as one undo step and says what changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.dialogs.fixtures import sample_log
from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from yags_desk.qt.battle.dialogs.options import RulesOptionsDialog
from yags_desk.rules.combat.events import SetOption
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def test_dialog_gives_one_event_per_change_with_the_reason(qtbot: Any) -> None:
    state = sample_log("ford-ambush").state
    dialog = RulesOptionsDialog(None, state)
    qtbot.addWidget(dialog)
    # The classic GM settings are offered, not the 0.8 one.
    assert set(dialog.setting_widgets) == {"classic_fumble_chance",
                                           "classic_survival_penalties",
                                           "minor_npcs_drop_at_critical",
                                           "board_metres_per_row", "board_rows_per_move"}
    metres = dialog.setting_widgets["board_metres_per_row"]
    assert (metres.value(), metres.minimum()) == (5, 1)  # type: ignore[union-attr]
    assert not dialog.try_accept()
    assert "Nothing changed" in dialog.error_label.text()
    dialog.rule_boxes["hit_locations"].setChecked(True)
    dialog.setting_widgets["classic_fumble_chance"].setValue(5)  # type: ignore[union-attr]
    dialog.reason_edit.setText("rain")
    assert dialog.try_accept()
    assert dialog.result_event == [
        SetOption(option="classic_fumble_chance", value=5, reason="rain"),
        SetOption(option="hit_locations", value=True, reason="rain")]


def test_dialog_of_a_0_8_fight_offers_the_old_penalties(qtbot: Any) -> None:
    dialog = RulesOptionsDialog(None, sample_log("sparring").state)
    qtbot.addWidget(dialog)
    assert set(dialog.setting_widgets) == {"v08_old_wound_penalties", "board_metres_per_row"}


def test_board_pushes_the_changes_as_one_undo_step_and_says_so(
        qtbot: Any, library: Library) -> None:
    dialogs = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    dialogs.options_events = [SetOption(option="hit_locations", value=True),
                              SetOption(option="classic_fumble_chance", value=4,
                                        reason="mud")]
    said: list[str] = []
    board.status_message.connect(lambda text, _ms: said.append(text))
    assert board.options_action in board.toolbar.actions()
    board.options_action.trigger()
    assert board.state.options.uses("hit_locations")
    assert board.state.options.classic_fumble_chance == 4
    assert board.undo_stack.count() == 1 and board.undo_stack.undoText() == "Rules options"
    assert said[-1] == ("From round 1: hit locations on. From round 1: fumble "
                        "chance 4 (was 3) (mud).")
    # The file keeps the start; the change is in the events.
    saved = board.current_encounter()
    assert saved.options.optional == () and len(saved.events) == 2
    board.undo_stack.undo()
    assert board.state.options == board.log.options and board.log.events == ()
