"""Starting advantage… on the board (RULES 3.2): the dialog gives one event per side
from the seed's table, switching the rule on first when it is off; the board pushes
them as one undo step and each card shows its counter and what it is worth."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.dialogs.fixtures import sample_log
from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from yags_desk.qt.battle.canvas import card_lines
from yags_desk.qt.battle.dialogs.advantage_start import StartingAdvantageDialog
from yags_desk.qt.battle.summary import summarize
from yags_desk.rules.combat.events import Event, SetOption, StartingAdvantage
from yags_desk.rules.combat.state import CombatState
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _dialog(qtbot: Any, state: CombatState) -> StartingAdvantageDialog:
    dialog = StartingAdvantageDialog(None, state)
    qtbot.addWidget(dialog)
    return dialog


def test_dialog_totals_the_table_and_switches_the_rule_on(qtbot: Any) -> None:
    state = sample_log("ford-ambush").state
    sides = list(dict.fromkeys(f.side for f in state.active()))
    dialog = _dialog(qtbot, state)
    assert list(dialog.sides) == sides
    assert not dialog.try_accept()
    assert "Nothing ticked" in dialog.error_label.text()
    first = dialog.sides[sides[0]]
    first.boxes["surprise"].setChecked(True)  # +2
    combo = first.combos["outnumbering"]
    combo.setCurrentIndex(combo.findData("outnumbering_2"))  # +2
    assert first.total_label.text() == "advantage 4 (+8 attack and defence)"
    dialog.reason_edit.setText("ambush at the ford")
    assert dialog.try_accept()
    assert dialog.result_event == [
        SetOption(option="advantage", value=True, reason="ambush at the ford"),
        StartingAdvantage(side=sides[0], circumstances=("surprise", "outnumbering_2"),
                          reason="ambush at the ford")]


def test_board_pushes_one_undo_step_and_the_cards_show_the_counter(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    dialogs = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    side = next(iter(board.state.active())).side
    events: list[Event] = [SetOption(option="advantage", value=True),
                           StartingAdvantage(side=side, circumstances=("threat_3",))]
    monkeypatch.setattr(dialogs, "starting_advantage", lambda _p, _s: events)
    assert board.advantage_action in board.toolbar.actions()
    board.advantage_action.trigger()
    assert board.undo_stack.count() == 1
    assert board.undo_stack.undoText() == "Starting advantage"
    for f in board.state.active():
        text = " ".join(card_lines(summarize(board.state, f)))
        assert ("advantage 3 (+6)" in text) is (f.side == side)
        assert ("advantage 0 (+0)" in text) is (f.side != side)
    board.undo_stack.undo()
    assert all("advantage" not in " ".join(card_lines(summarize(board.state, f)))
               for f in board.state.active())


def test_the_fight_s_first_step_asks_the_starting_advantage_once(
        qtbot: Any, library: Library) -> None:
    """Issue 15: with advantage on, the starting advantage is asked when the fight
    starts (the seed's table), once; without the rule nothing is asked."""
    plain = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, plain)
    board.next()
    assert "starting_advantage" not in plain.calls

    dialogs = ScriptedDialogs()
    encounter = sample(library, "ford-ambush.json")
    on = encounter.model_copy(update={"options": encounter.options.model_copy(
        update={"optional": ("advantage",)})})
    board = make_board(qtbot, on, library, dialogs)
    board.next()
    board.next()
    assert dialogs.calls.count("starting_advantage") == 1
    assert dialogs.calls[0] == "starting_advantage"  # before the first declaration
