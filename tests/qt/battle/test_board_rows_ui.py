"""The battle board with RULES 3.1 board rows on (issue 14 item 1): every card shows
its range to the selected fighter; Alt+Up / Alt+Down and dragging a card are the
fighter's move action (a MoveRow in the log, undoable, refused off the board); the
declare dialog greys the targets a melee strike cannot reach, saying why, and takes
a missile's distance from the rows."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QStandardItemModel

from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from tests.rules.builders import classic
from tests.rules.combat.test_reactions import LONG_SPEAR
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.dialogs.board_rules import AssistDialog, ReactionDialog
from yags_desk.qt.battle.dialogs.declare import DeclareDialog
from yags_desk.rules.combat.events import (
    AddCombatant,
    Assist,
    Attack,
    MoveRow,
    Override,
    Reaction,
    SetOption,
)
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.sentences import describe
from yags_desk.storage.library import Library

# ford-ambush: Aldric, Torvald, Bandits 1-3 in row 0; Mira and Sister in row 1;
# the bandit archer in row 2.
BOARD_ON = SetOption(option="board_rows", value=True)


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _board(qtbot: Any, library: Library, on: bool = True) -> BattleBoard:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    board.show()
    if on:
        assert board.push_events([BOARD_ON])
    return board


def _last_sentence(board: BattleBoard) -> str:
    log = board.log
    n = len(log.events) - 1
    return describe(log.events[n], log.state_before(n), log.state)


def test_every_card_shows_its_range_to_the_selected_fighter(qtbot: Any,
                                                            library: Library) -> None:
    board = _board(qtbot, library)
    board.select("aldric")
    canvas = board.canvas
    assert canvas.range_text("archer-1") == "Range 2"
    assert canvas.range_text("mira") == "Range 1"
    assert canvas.range_text("bandit-1") == "Range 0"
    assert canvas.range_text("aldric") == ""  # the selected card itself
    board.select("archer-1")
    assert canvas.range_text("aldric") == "Range 2"
    board.push_events([SetOption(option="board_rows", value=False)])
    assert canvas.range_text("aldric") == ""  # only with the option on


def test_alt_up_is_the_move_action_and_undoes(qtbot: Any, library: Library) -> None:
    board = _board(qtbot, library)
    qtbot.waitExposed(board)
    board.activateWindow()
    qtbot.waitUntil(board.isActiveWindow)
    board.select("mira")
    board.canvas.setFocus()
    qtbot.keyClick(board.canvas, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert board.log.events[-1] == MoveRow(id="mira", row=0)
    assert board.state.fighter("mira").row == 0
    assert _last_sentence(board) == ("Mira Swiftwater moves from row 1 to row 0 (RULES 3.1 "
                                     "the move takes its attack).")
    board.undo_stack.undo()
    assert board.state.fighter("mira").row == 1
    qtbot.keyClick(board.canvas, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert board.state.fighter("mira").row == 2


def test_a_move_off_the_board_or_too_far_is_refused(qtbot: Any, library: Library) -> None:
    board = _board(qtbot, library)
    board.select("aldric")
    events = board.log.events
    assert not board.rules31.move_selected(-1)
    assert "row -1 is off the board (rows 0 to 99) (RULES 3.1)" in board.last_message
    assert not board.ops.move_row("aldric", 2)  # classic: one row per move
    assert "Aldric of Thornbury may move 1 row in one move, not 2 (RULES 3.1" in board.last_message
    assert board.log.events == events


def test_without_the_option_a_row_change_is_the_gms_override(qtbot: Any,
                                                              library: Library) -> None:
    board = _board(qtbot, library, on=False)
    assert board.push_events([SetOption(option="hit_locations", value=True)])
    board.select("mira")
    assert board.rules31.move_selected(-1)
    last = board.log.events[-1]
    assert isinstance(last, Override) and last.field == "row" and last.value == 0


def test_dragging_a_card_to_another_band_moves_it(qtbot: Any, library: Library) -> None:
    board = _board(qtbot, library)
    canvas = board.canvas
    canvas.relayout()
    card = canvas.card_rect("mira")
    assert card is not None
    band = dict(canvas._bands)[2]
    target = QPoint(band.left() + canvas._label_w + 300, band.center().y())
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=card.center())
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=target)
    assert board.log.events[-1] == MoveRow(id="mira", row=2)


def test_declare_greys_targets_out_of_reach_and_says_why(qtbot: Any,
                                                         library: Library) -> None:
    board = _board(qtbot, library)
    state = apply(board.state, Override(id="archer-1", field="row", value=3, reason="far"))
    dialog = DeclareDialog(None, state, "aldric")
    qtbot.addWidget(dialog)
    combo = dialog.target_combo
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    dialog.action_combo.setCurrentIndex(dialog.action_combo.findData("attack"))
    archer = combo.findData("archer-1")
    assert "range 3" in combo.itemText(archer)
    assert not model.item(archer).isEnabled()
    assert "3 rows from Aldric" in model.item(archer).toolTip()
    assert "RULES 3.1" in model.item(archer).toolTip()
    bandit = combo.findData("bandit-1")
    assert model.item(bandit).isEnabled() and model.item(bandit).toolTip() == ""
    # A missile may aim anywhere; its distance is the rows x 5 m, not typed.
    dialog.action_combo.setCurrentIndex(dialog.action_combo.findData("missile"))
    assert model.item(archer).isEnabled()
    combo.setCurrentIndex(archer)
    assert dialog.range_spin.value() == 15 and not dialog.range_spin.isEnabled()


def test_declare_offers_every_target_while_the_option_is_off(qtbot: Any,
                                                             library: Library) -> None:
    board = _board(qtbot, library, on=False)
    state = apply(board.state, Override(id="archer-1", field="row", value=3, reason="far"))
    dialog = DeclareDialog(None, state, "aldric")
    qtbot.addWidget(dialog)
    model = dialog.target_combo.model()
    assert isinstance(model, QStandardItemModel)
    archer = dialog.target_combo.findData("archer-1")
    assert model.item(archer).isEnabled()
    assert "range" not in dialog.target_combo.itemText(archer)


def _with(board: BattleBoard, *options: str) -> None:
    for option in options:
        assert board.push_events([SetOption(option=option, value=True)])


def test_assist_dialog_builds_the_assist_and_shows_refusals(qtbot: Any,
                                                           library: Library) -> None:
    board = _board(qtbot, library)
    dialog = AssistDialog(None, board.state, "mira", random.Random(1))
    qtbot.addWidget(dialog)
    assert "“Assist and hamper” is off" in dialog.who_label.text()
    dialog.dice.edit.setText("8 8")
    assert not dialog.try_accept()  # the option is off: the rules refuse, it stays open
    assert "switch on \"Assist and hamper\"" in dialog.error_label.text()
    _with(board, "assist_hamper")
    dialog = AssistDialog(None, board.state, "mira", random.Random(1))
    qtbot.addWidget(dialog)
    dialog.ally_combo.setCurrentIndex(dialog.ally_combo.findData("aldric"))
    dialog.roll_combo.setCurrentIndex(dialog.roll_combo.findData("defence"))
    dialog.dice.edit.setText("8 8")
    assert dialog.try_accept()
    e = dialog.result_event
    assert e is not None and (e.id, e.ally, e.roll, e.dice) == ("mira", "aldric", "defence",
                                                                 (8, 8))
    # Only allies are offered.
    assert dialog.ally_combo.findData("bandit-1") == -1


def test_reaction_dialog_needs_a_trigger(qtbot: Any, library: Library) -> None:
    board = _board(qtbot, library)
    _with(board, "reactions")
    dialog = ReactionDialog(None, board.state, "aldric")
    qtbot.addWidget(dialog)
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData("bandit-1"))
    assert not dialog.try_accept()
    assert "trigger: a reaction answers something that happens" in dialog.error_label.text()
    dialog.trigger_edit.setText("when Bandit 1 lunges")
    dialog.extra_spin.setValue(1)
    assert dialog.try_accept()
    assert dialog.result_event == Reaction(id="aldric", target="bandit-1",
                                           trigger="when Bandit 1 lunges", extra=1)
    assert not dialog.spear_check.isEnabled()  # Aldric holds no long spear


def test_board_react_pushes_the_reaction_and_its_strike_as_one_step(
        qtbot: Any, library: Library) -> None:
    dialogs = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    _with(board, "board_rows", "reactions")
    dialogs.reaction_event = Reaction(id="aldric", target="bandit-1", trigger="when it lunges",
                                      extra=1)
    n = len(board.log.events)
    assert board.rules31.react("aldric")
    reaction, strike = board.log.events[n:]
    assert reaction == dialogs.reaction_event
    assert isinstance(strike, Attack) and strike.attacker == "aldric"
    assert ("attack: RULES 3.1 counterattack, 1 extra", 5) in strike.modifiers
    board.undo_stack.undo()
    assert len(board.log.events) == n


def test_board_assist_is_logged(qtbot: Any, library: Library) -> None:
    dialogs = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    _with(board, "assist_hamper")
    dialogs.assist_event = Assist(id="mira", ally="aldric", roll="attack", total=30)
    assert board.rules31.assist("mira")
    assert board.state.fighter("aldric").has("assisted attack +10")
    assert any(a.text() == "Assist an ally…" for a in board.card_menu("mira").actions())


def test_board_hamper_turns_the_strike_into_a_hamper(qtbot: Any, library: Library) -> None:
    dialogs = ScriptedDialogs(classic_dice=[(9, 9), (1, 2), (5, 5)])
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    menu = board.card_menu("aldric")
    hamper = next(a for a in menu.actions() if a.text() == "Hamper")
    assert not hamper.isEnabled()  # the option is off
    _with(board, "assist_hamper")
    entries = [a.text() for a in board.card_menu("aldric").actions()
               if a.menu() is not None and a.text() == "Hamper"]
    assert entries
    assert board.rules31.hamper("aldric", "bandit-1", "defence")
    e = board.log.events[-1]
    assert isinstance(e, Attack) and e.hamper == "defence" and e.effects[0].name.startswith(
        "hampered defence -")
    assert board.state.fighter("bandit-1").wounds == 0


def test_a_move_into_a_long_spears_reach_offers_the_reaction(qtbot: Any,
                                                              library: Library) -> None:
    dialogs = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    sven = classic("Sven", skills={"Great weapon": 100}, strength=18, weapons=(LONG_SPEAR,))
    assert board.push_events([AddCombatant(id="sven", name="Sven", side="Party", row=0,
                                           character=sven),
                              Override(id="bandit-1", field="row", value=2, reason="far")])
    _with(board, "board_rows", "reactions")
    n = len(board.log.events)
    assert board.rules31.move("bandit-1", 1)
    move, reaction, strike = board.log.events[n:]
    assert move == MoveRow(id="bandit-1", row=1)
    assert reaction == Reaction(id="sven", target="bandit-1", spear=True,
                                trigger="Bandit 1 closed from 2 rows")
    assert isinstance(strike, Attack) and strike.attacker == "sven"
    assert ("attack: RULES 3.1 long spear reaction", -5) in strike.modifiers
    # Declined: the move stands alone.
    board.undo_stack.undo()
    board.undo_stack.undo()
    dialogs.take_offers = False
    assert board.rules31.move("bandit-1", 1)
    assert board.log.events[n:] == (MoveRow(id="bandit-1", row=1),)


def test_auto_resolve_plays_rounds_with_board_rows_on(qtbot: Any, library: Library) -> None:
    # The archer's side far off: NPCs close in (moves in the log) instead of being
    # refused for striking out of reach, and the rounds go on.
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    assert board.push_events([Override(id=f"bandit-{n}", field="row", value=6, reason="far")
                              for n in (1, 2, 3)])
    _with(board, "board_rows")
    for round_ in (2, 3):
        assert board.auto_resolve()
        assert board.state.round == round_
    assert any(isinstance(e, MoveRow) for e in board.log.events)
