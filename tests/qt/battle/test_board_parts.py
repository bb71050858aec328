"""The board's parts: its models, the log filter and copy, selection, the card menu,
drops from the library and the setting-up dialogs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent, QGuiApplication

from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from tests.rules.builders import classic
from tests.rules.combat.test_dying import dying_v08, to_round
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.canvas import card_lines, compact_lines
from yags_desk.qt.battle.setup import AddCombatantsDialog, NewEncounterDialog
from yags_desk.qt.battle.summary import summarize
from yags_desk.qt.common.roles import Role
from yags_desk.qt.library.model import CHARACTER_MIME
from yags_desk.rules.combat.events import (
    AddCombatant,
    ClearCondition,
    EndRound,
    Override,
    SetCondition,
)
from yags_desk.storage.encounter_file import new_encounter
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


@pytest.fixture
def board(qtbot: Any, library: Library) -> BattleBoard:
    return make_board(qtbot, sample(library, "ford-ambush.json"), library)


def test_the_models_pass_the_model_tester(qtmodeltester: Any, board: BattleBoard) -> None:
    board.auto_resolve()
    qtmodeltester.check(board.model)
    qtmodeltester.check(board.proxy)
    qtmodeltester.check(board.log_panel.model)
    qtmodeltester.check(board.log_panel.proxy)


def test_an_event_changes_only_its_fighters_rows(board: BattleBoard) -> None:
    changed: list[int] = []
    board.model.dataChanged.connect(lambda a, b, *_: changed.extend(range(a.row(), b.row() + 1)))
    resets: list[bool] = []
    board.model.modelReset.connect(lambda: resets.append(True))
    board.push_events([Override(id="bandit-2", field="wounds", value=1, reason="test")])
    assert changed == [board.model.row_of("bandit-2")] and not resets


def test_the_initiative_list_follows_the_turn_order(board: BattleBoard) -> None:
    while board.current_step.kind != "action":
        board.next_action.trigger()
    order = [board.proxy.index(r, 1).data() for r in range(board.proxy.rowCount())]
    inits = [board.proxy.index(r, 3).data() for r in range(board.proxy.rowCount())]
    numbers = [int(x) for x in inits if x]
    assert numbers == sorted(numbers, reverse=True) and len(numbers) == len(order)
    assert board.proxy.index(0, 0).data() == "1"
    # The first in the list is the one the header names.
    assert board.step_label.text().startswith(f"Next: {order[0]} attacks")


def test_selection_is_shared_by_the_cards_and_the_list(board: BattleBoard) -> None:
    board.canvas.set_selected("archer-1")
    assert board.table.currentIndex().data(Role.FIGHTER_ID) == "archer-1"
    board.table.selectRow(0)
    first = board.proxy.index(0, 0).data(Role.FIGHTER_ID)
    assert board.canvas.selected == first


def test_the_log_filters_by_text_and_fighter_and_copies(board: BattleBoard) -> None:
    board.auto_resolve()
    panel = board.log_panel
    everything = panel.shown_lines()
    assert everything[0] == "— Round 1 —" and len(everything) > 10
    panel.filter_edit.setText("MISSES")
    shown = panel.shown_lines()
    assert shown and all("misses" in line for line in shown)
    assert len(shown) < len(everything)
    panel.filter_edit.clear()
    panel.fighter_combo.setCurrentIndex(panel.fighter_combo.findData("bandit-1"))
    shown = [line for line in panel.shown_lines() if not line.startswith("—")]
    assert shown and all("Bandit 1" in line for line in shown)
    assert panel.copy() == "\n".join(panel.shown_lines())
    assert QGuiApplication.clipboard().text() == panel.copy()
    panel.view.selectionModel().select(
        panel.proxy.index(1, 0), panel.view.selectionModel().SelectionFlag.Select)
    assert panel.copy() == panel.shown_lines()[1]


def drop(board: BattleBoard, path: Path, row: int) -> None:
    board.canvas.relayout()
    mime = QMimeData()
    mime.setData(CHARACTER_MIME, str(path).encode("utf-8"))
    band = dict(zip(board.canvas.bands(), board.canvas._bands, strict=True))[row][1]
    event = QDropEvent(QPointF(band.center()), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    board.canvas.dropEvent(event)


def test_a_dropped_character_joins_the_row_under_the_drop(board: BattleBoard,
                                                          library: Library) -> None:
    wolf = library.characters_dir / "wolf.json"
    drop(board, wolf, 2)
    # Before the fight: the starting roster changes, as one undo step.
    added = [c for c in board.encounter.combatants if c.name == "Wolf"]
    assert len(added) == 1 and added[0].row == 2 and added[0].side == "Bandits"
    assert board.log.events == () and "wolf" in board.state.fighters
    assert "Wolf" in board.card_text("wolf")
    board.undo_stack.undo()
    assert "wolf" not in board.state.fighters
    board.undo_stack.redo()
    board.next_action.trigger()
    # During the fight: an AddCombatant event; the name is taken, so it is numbered
    # after the unnumbered first copy.
    drop(board, wolf, 1)
    event = board.log.events[-1]
    assert isinstance(event, AddCombatant) and event.name == "Wolf 2" and event.row == 1
    assert event.minor  # an NPC from the library [decision]


def test_a_character_of_the_other_edition_is_refused(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "sparring.json"), library)
    before = board.encounter
    drop(board, library.characters_dir / "wolf.json", board.canvas.bands()[0])
    assert "classic character" in board.last_message and board.encounter == before


def test_the_card_menu_offers_every_command(board: BattleBoard) -> None:
    dialogs = board.dialogs
    assert isinstance(dialogs, ScriptedDialogs)
    menu = board.card_menu("bandit-1")
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == ["Declare…", "Override a number…", "Set a condition…", "Clear condition",
                     "First aid…", "Move to row", "Remove from the fight"]
    move = next(a for a in menu.actions() if a.text() == "Move to row").menu()
    next(a for a in move.actions() if a.text() == "Row 2").trigger()
    assert board.state.fighter("bandit-1").row == 2
    assert board.encounter.combatants[4].row == 2  # before round 1: the roster
    next(a for a in board.card_menu("bandit-1").actions()
         if a.text() == "Remove from the fight").trigger()
    assert "bandit-1" not in board.state.fighters
    assert board.proxy.rowCount() == 7


def test_new_encounter_dialog_stores_edition_and_options(qtbot: Any) -> None:
    dialog = NewEncounterDialog()
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Bridge")
    dialog.edition_combo.setCurrentIndex(1)
    dialog.rule_boxes["hit_locations"].setChecked(True)
    dialog.minor_drop.setChecked(True)
    encounter = dialog.encounter()
    assert (encounter.name, encounter.edition) == ("Bridge", "0.8")
    assert encounter.options.optional == ("hit_locations",)
    assert encounter.options.minor_npcs_drop_at_critical
    dialog.name_edit.setText("")
    dialog._accept()
    assert dialog.problem.text() == "Name must not be empty" and dialog.result() == 0


def test_add_combatants_dialog_makes_numbered_copies(qtbot: Any, board: BattleBoard,
                                                     library: Library) -> None:
    dialog = AddCombatantsDialog(library, board.state, board)
    qtbot.addWidget(dialog)
    names = [dialog.character_list.item(i).text() for i in range(dialog.character_list.count())]
    row = next(i for i, n in enumerate(names) if n.startswith("Wolf"))
    dialog.character_list.setCurrentRow(row)
    dialog.count_spin.setValue(3)
    dialog.side_combo.setEditText("Wolves")
    dialog.row_spin.setValue(3)
    adds = dialog.combatants(board.ops)
    assert [a.name for a in adds] == ["Wolf 1", "Wolf 2", "Wolf 3"]
    assert {(a.side, a.row, a.minor) for a in adds} == {("Wolves", 3, True)}
    assert board.ops.add(adds)
    assert board.canvas.bands() == [0, 1, 2, 3]
    assert board.model.colour("Wolves") != board.model.colour("Bandits")


def test_a_second_batch_joins_an_unnumbered_first_copy(qtbot: Any, home: Path) -> None:
    """[decision] "Wolf" stays; the newcomers are "Wolf 2", "Wolf 3" (never a second
    "Wolf 1" beside a "Wolf")."""
    wolf = classic("Wolf", kind="npc", strength=10, dexterity=14)
    board = make_board(qtbot, new_encounter("Wolves", "classic", ()), Library.open())
    assert board.ops.add(board.ops.copies(wolf, 1, "Wolves", 0))
    assert board.ops.add(board.ops.copies(wolf, 2, "Wolves", 1))
    assert board.ops.add(board.ops.copies(wolf, 1, "Wolves", 1))
    names = [f.name for f in board.state.fighters.values()]
    assert names == ["Wolf", "Wolf 2", "Wolf 3", "Wolf 4"]
    assert len(set(board.state.fighters)) == 4
    # A first batch of several is numbered from 1; the next batch follows on.
    other = make_board(qtbot, new_encounter("Pack", "classic", ()), Library.open())
    assert other.ops.add(other.ops.copies(wolf, 2, "Wolves", 0))
    assert other.ops.add(other.ops.copies(wolf, 1, "Wolves", 0))
    assert [f.name for f in other.state.fighters.values()] == ["Wolf 1", "Wolf 2", "Wolf 3"]


def test_a_dying_fighters_card_counts_down_to_its_dying_roll(board: BattleBoard) -> None:
    # Unconscious through a Fatal wound in round 1: the roll at the end of round 13
    # (RULES 1.6; 12 rounds a minute).
    board.push_events([SetCondition(id="bandit-2", condition="unconscious"),
                       SetCondition(id="bandit-2", condition="dying")])
    s = board.model.summary("bandit-2")
    assert s is not None and card_lines(s)[-1] == "dying · roll in 12 rounds"
    assert compact_lines(s)[-1].endswith("· dying · roll in 12 rounds")
    changed: list[int] = []
    board.model.dataChanged.connect(lambda a, b, *_: changed.extend(range(a.row(), b.row() + 1)))
    board.push_events([EndRound()])
    s = board.model.summary("bandit-2")
    assert s is not None and card_lines(s)[-1] == "dying · roll in 11 rounds"
    assert board.model.row_of("bandit-2") in changed
    board.push_events([ClearCondition(id="bandit-2", condition="dying")])
    s = board.model.summary("bandit-2")
    assert s is not None and card_lines(s)[-1] == "unconscious"


def test_a_v08_fighter_unconscious_at_fatal_shows_its_health_check_coming() -> None:
    log = dying_v08()  # unconscious at Fatal in round 1 (RULES 2)
    assert summarize(log.state, log.state.fighter("brenna")).status == \
        "dying · roll in 12 rounds"
    to_round(log, 12, "brenna")
    assert summarize(log.state, log.state.fighter("brenna")).status == \
        "dying · roll in 1 round"
    to_round(log, 13, "brenna")
    assert summarize(log.state, log.state.fighter("brenna")).status == \
        "dying · roll at end of round"
