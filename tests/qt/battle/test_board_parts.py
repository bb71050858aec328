"""The board's parts: its models, the log filter and copy, selection, the card menu,
drops from the library and the setting-up dialogs."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent, QGuiApplication
from PySide6.QtWidgets import QLabel

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
    Declare,
    EndRound,
    Override,
    SetCondition,
    Wound,
)
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.encounter_file import Combatant, new_encounter
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
                     "First aid…", "Fall…", "Assist an ally…", "React…", "Hamper",
                     "Move to row", "Players' screen", "Remove from the fight"]
    move = next(a for a in menu.actions() if a.text() == "Move to row").menu()
    next(a for a in move.actions() if a.text() == "Row 2").trigger()
    assert board.state.fighter("bandit-1").row == 2
    assert board.encounter.combatants[4].row == 2  # before round 1: the roster
    next(a for a in board.card_menu("bandit-1").actions()
         if a.text() == "Remove from the fight").trigger()
    assert "bandit-1" not in board.state.fighters
    assert board.proxy.rowCount() == 7


def test_an_ordinary_fall_from_the_card_menu(board: BattleBoard) -> None:
    dialogs = board.dialogs
    assert isinstance(dialogs, ScriptedDialogs)
    dialogs.extra_fall_m = 8  # the GM makes it a 2 + 8 = 10 m fall
    next(a for a in board.card_menu("aldric").actions() if a.text() == "Fall…").trigger()
    # RULES 1.11: Agility 12 x Athletics 50% = 6, + 2d10! (7 + 6) = 19: three full 5s
    # cancel 3 m; 7 m left do 2 x 7 = 14 + 2d10! (3 + 4) = 21 − base soak 14 = 7
    # -> 2 body levels (RULES 1.6), and Aldric ends prone. He was never mounted.
    e = board.log.events[-1]
    assert (e.type, e.total, e.target, e.second_total) == ("check", 19, 50, 21)
    aldric = board.state.fighter("aldric")
    assert aldric.wounds == 2 and aldric.has("prone")


def test_new_encounter_dialog_stores_edition_and_options(qtbot: Any) -> None:
    dialog = NewEncounterDialog()
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Bridge")
    dialog.edition_combo.setCurrentIndex(1)
    dialog.rule_boxes["hit_locations"].setChecked(True)
    dialog.old_penalties.setChecked(True)
    encounter = dialog.encounter()
    assert (encounter.name, encounter.edition) == ("Bridge", "0.8")
    assert encounter.options.optional == ("hit_locations",)
    assert encounter.options.v08_old_wound_penalties
    dialog.edition_combo.setCurrentIndex(0)
    dialog.minor_drop.setChecked(True)
    assert dialog.encounter().options.minor_npcs_drop_at_critical
    dialog.name_edit.setText("")
    dialog._accept()
    assert dialog.problem.text() == "Name must not be empty" and dialog.result() == 0


def test_new_encounter_edition_labels_name_the_edition_they_store(qtbot: Any) -> None:
    # The labels come from ui/new_encounter.ui, the stored values from the code:
    # reordering the form's items must not make "0.8 (d20…)" store a classic fight.
    dialog = NewEncounterDialog()
    qtbot.addWidget(dialog)
    combo = dialog.edition_combo
    pairs = [(combo.itemText(i).split(" ")[0], combo.itemData(i)) for i in range(combo.count())]
    assert pairs == [("classic", "classic"), ("0.8", "0.8")]


def test_new_encounter_dialog_shows_and_stores_only_the_editions_settings(
        qtbot: Any, library: Library) -> None:
    # Issue 12: the classic fumble chance was offered and stored for 0.8.
    dialog = NewEncounterDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    classic_only = (dialog.fumble_spin, dialog.survival_penalties, dialog.minor_drop)
    assert dialog.edition_combo.currentData() == "classic"
    assert all(w.isVisible() for w in classic_only) and not dialog.old_penalties.isVisible()
    dialog.fumble_spin.setValue(5)
    dialog.survival_penalties.setChecked(True)
    dialog.minor_drop.setChecked(True)
    dialog.edition_combo.setCurrentIndex(dialog.edition_combo.findData("0.8"))
    assert not any(w.isVisible() for w in classic_only) and dialog.old_penalties.isVisible()
    labels = [w.text() for w in dialog.findChildren(QLabel) if w.isVisible()]
    assert not any("Fumble" in t for t in labels)
    path = library.save_encounter(dialog.encounter(), None)
    stored = json.loads(path.read_text(encoding="utf-8"))["data"]
    assert stored["edition"] == "0.8"
    assert stored["options"] == RulesOptions().model_dump(mode="json")
    # Back to classic: the GM's classic numbers are still in the boxes and stored.
    dialog.old_penalties.setChecked(True)
    dialog.edition_combo.setCurrentIndex(dialog.edition_combo.findData("classic"))
    options = dialog.encounter().options
    assert (options.classic_fumble_chance, options.classic_survival_penalties,
            options.minor_npcs_drop_at_critical, options.v08_old_wound_penalties) == (
        5, True, True, False)


def test_add_combatants_dialog_makes_numbered_copies(qtbot: Any, board: BattleBoard,
                                                     library: Library) -> None:
    dialog = AddCombatantsDialog(library, board.state, board)
    qtbot.addWidget(dialog)
    names = [dialog.character_list.item(i).text() for i in range(dialog.character_list.count())]
    row = next(i for i, n in enumerate(names) if n.startswith("Wolf"))
    dialog.character_list.setCurrentRow(row)
    assert dialog.side_combo.currentText() == "Bandits"  # the side without players
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


def test_players_alone_wait_for_opponents_and_npcs_join_an_enemy_side(
        qtbot: Any, library: Library) -> None:
    # Issue 12: with only the party on the board the fight has not begun (it is not
    # "over: Party won"); an NPC added from the dialog goes to an enemy side.
    ambush = sample(library, "ford-ambush.json")
    party = ambush.model_copy(update={"combatants": tuple(
        c for c in ambush.combatants if c.side == "Party")})
    board = make_board(qtbot, party, library)
    said: list[str] = []
    board.status_message.connect(lambda text, _ms: said.append(text))
    assert board.round_label.text() == "Round 1 · waiting for opponents"
    assert "won" not in board.step_label.text() and "another side" in board.step_label.text()
    assert not board.anyway_action.isVisible() and not board.auto_action.isEnabled()
    board.next_action.trigger()
    assert board.log.events == () and "another side" in said[-1]
    assert not board.auto_resolve() and board.log.events == ()
    # Ctrl+I waited for nobody: initiative is refused too, with what to do.
    assert not board.initiative_action.isEnabled()
    assert not board.roll_initiative() and board.log.events == ()
    assert "add opponents" in said[-1]

    dialog = AddCombatantsDialog(library, board.state, board)
    qtbot.addWidget(dialog)
    names = [dialog.character_list.item(i).text() for i in range(dialog.character_list.count())]
    sides = [dialog.side_combo.itemText(i) for i in range(dialog.side_combo.count())]
    assert sides == ["Party", "Foes", "New side…"]
    dialog.character_list.setCurrentRow(next(i for i, n in enumerate(names)
                                             if n.startswith("Bandit")))
    assert dialog.side_combo.currentText() == "Foes"
    dialog.character_list.setCurrentRow(next(i for i, n in enumerate(names)
                                             if n.endswith("(PC)")))
    assert dialog.side_combo.currentText() == "Party"
    dialog.character_list.setCurrentRow(next(i for i, n in enumerate(names)
                                             if n.startswith("Wolf")))
    # "New side…" empties the box for the name; no name is refused.
    dialog.side_combo.setCurrentIndex(2)
    dialog.side_combo.activated.emit(2)
    assert dialog.side_combo.currentText() == ""
    dialog._accept()
    assert dialog.problem.text() == "side: type the new side's name" and dialog.result() == 0
    qtbot.keyClicks(dialog.side_combo.lineEdit(), "Wolves")
    adds = dialog.combatants(board.ops)
    assert {a.side for a in adds} == {"Wolves"}
    assert board.ops.add(adds)
    assert board.round_label.text() == "Round 1 · declarations"
    assert board.auto_action.isEnabled()


def test_an_empty_encounter_asks_for_combatants(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, new_encounter("Empty", "classic", ()), library)
    assert board.round_label.text() == "No combatants yet"
    assert board.step_label.text().startswith("Add some: Add combatants (Ctrl+Shift+A)")
    board.next_action.trigger()
    assert board.log.events == ()


def test_a_dead_fighter_is_shown_dead_not_dying(board: BattleBoard) -> None:
    for condition in ("unconscious", "dying", "dead"):
        assert board.push_events([SetCondition(id="bandit-1", condition=condition)])
    row = board.model.row_of("bandit-1")
    tip = board.model.index(row, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.splitlines()[0].endswith(": dead")
    assert "dying" not in tip and "unconscious" not in tip
    assert not any("dying" in line for line in board.card_text("bandit-1"))


def _shown(board: BattleBoard, fid: str) -> list[str]:
    s = board.model.summary(fid)
    assert s is not None
    return [text for text, _part in board.canvas.shown_lines(s)]


def _hurt_and_declared(board: BattleBoard) -> None:
    """Bandit 2 three levels past Fatal and tired, Aldric declared with sword and shield."""
    assert board.push_events([Override(id="bandit-2", field="fatigue_short", value=2,
                                       reason="ran"), Wound(id="bandit-2", levels=9)])
    board.undo_stack.clear()
    assert board.push_events([Declare(id="aldric", action="attack", target="bandit-3",
                                      style="Weapon and shield: Long sword + Round shield")])


def test_cards_at_1366_show_their_text_whole_and_say_what_past_fatal_means(
        qtbot: Any, board: BattleBoard) -> None:
    # Issue 12: "Fatal −15 +6 · Fatigue: Lig…" was cut and the "+6" explained nowhere.
    board.resize(1366, 650)
    board.show()
    qtbot.waitExposed(board)
    _hurt_and_declared(board)
    assert board.card_text("bandit-2")[1].startswith("Fatal −15, 3 beyond · Fatigue")
    assert not board.canvas.compact
    for fid in board.state.fighters:
        lines = _shown(board, fid)
        assert not any(line.endswith("…") for line in lines), lines
        s = board.model.summary(fid)
        assert s is not None
        shown = " ".join(lines)
        for piece in (s.wounds, s.fatigue, s.action):
            for word in piece.split():
                assert word in shown, (word, lines)
    bandit = " ".join(_shown(board, "bandit-2"))
    assert "Fatal −15, 3 beyond" in bandit and "Fatigue" in bandit and "+3" not in bandit
    assert "3 more past Fatal" in board.canvas.tooltip("bandit-2")
    aldric = " ".join(_shown(board, "aldric"))
    assert "attacks → Bandit 3" in aldric and "Long sword + Round shield" in aldric


def test_cards_grow_and_show_the_numbers_when_the_board_has_room(
        qtbot: Any, board: BattleBoard) -> None:
    # Issue 12: at 1920×1080 the cards stayed small and hid Init, Attack, Defence, Soak.
    board.resize(1920, 960)
    board.show()
    qtbot.waitExposed(board)
    _hurt_and_declared(board)
    assert board.canvas.large
    assert board.canvas.card_size.width() > board.canvas.normal_size.width()
    shown = " ".join(_shown(board, "aldric"))
    for words in ("Init 21 + dice", "Attack 23", "Defence 28", "Soak 23"):
        assert words in shown, shown
    assert not any(line.endswith("…") for fid in board.state.fighters
                   for line in _shown(board, fid))
    board.resize(1366, 650)
    qtbot.waitUntil(lambda: not board.canvas.large)


def test_the_initiative_list_shows_names_and_headers_whole(
        qtbot: Any, board: BattleBoard) -> None:
    # Issue 12: names were cut with room to spare and the headers overlapped.
    board.resize(1366, 650)
    board.show()
    qtbot.waitExposed(board)
    _hurt_and_declared(board)
    table = board.table
    header = table.horizontalHeader()
    shown = [c for c in range(board.proxy.columnCount()) if not table.isColumnHidden(c)]
    for c in shown:
        assert header.sectionSize(c) >= header.sectionSizeFromContents(c).width(), c
        assert header.sectionSize(c) >= table.sizeHintForColumn(c), c
    used = sum(header.sectionSize(c) for c in shown)
    assert used <= table.viewport().width()
    assert not table.horizontalScrollBar().isVisible()


def test_the_log_has_room_at_1366_by_768(qtbot: Any, board: BattleBoard) -> None:
    # Issue 12: about 7 lines of the log showed at 1366×768.
    board.resize(1366, 650)  # the window less its menu, toolbar, tabs and status bar
    board.show()
    qtbot.waitExposed(board)
    board.auto_resolve()
    view = board.log_panel.view
    assert view.viewport().height() // view.sizeHintForRow(0) >= 12


def test_the_log_measures_each_line_once_and_ends_on_the_last_line(
        qtbot: Any, board: BattleBoard) -> None:
    # Issue 18: each refresh laid out and measured every line of the log again
    # (and scrolled once per batch of lines), so a long fight's board slowed down.
    board.show()
    qtbot.waitExposed(board)
    for _ in range(3):
        board.auto_resolve()
        qtbot.wait(1)
    panel = board.log_panel
    lines = panel.model.lines()
    assert len(lines) > 20
    measured = panel.sizes.measured
    assert measured > 0
    board.refresh()
    panel.view.doItemsLayout()  # every line laid out again, at the same width
    qtbot.wait(1)
    assert panel.sizes.measured == measured  # ... without measuring any again
    qtbot.waitUntil(lambda: panel.view.verticalScrollBar().value()
                    == panel.view.verticalScrollBar().maximum())
    last = panel.proxy.index(panel.proxy.rowCount() - 1, 0)
    assert panel.view.viewport().rect().intersects(panel.view.visualRect(last))
    assert panel.shown_lines()[-1] == lines[-1].text


def test_auto_resolve_spends_at_most_a_fifth_of_its_time_redrawing(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 18: a big board takes tens of milliseconds to redraw; redrawing every
    # 0.1 s whatever that cost made Auto-resolve several times slower than the rules.
    import time  # the board reads its clock as time.monotonic()

    ambush = sample(library, "ford-ambush.json")
    npcs = ambush.model_copy(update={"combatants": tuple(
        c.model_copy(update={"character": c.character.model_copy(update={"kind": "npc"})})
        for c in ambush.combatants)})
    board = make_board(qtbot, npcs, library)  # no player's dialog forces a redraw

    clock = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    real_refresh, real_push = board.refresh, board.push_events
    redraws: list[float] = []

    def refresh(progress: bool = False) -> None:
        real_refresh(progress)
        if board.busy():
            redraws.append(clock[0])
            clock[0] += 0.05  # a redraw costs 50 ms of this clock

    def push_events(*args: Any, **kwargs: Any) -> bool:
        clock[0] += 0.1  # and a step twice that: a round long past FIRST_PAINT
        return real_push(*args, **kwargs)

    monkeypatch.setattr(board, "refresh", refresh)
    monkeypatch.setattr(board, "push_events", push_events)
    board.auto_resolve()
    assert len(redraws) >= 2  # the GM still sees the round advance
    steps_time = clock[0] - 0.05 * len(redraws)
    assert 0.05 * len(redraws) <= steps_time / 4 + 0.05
    assert all(b - a >= 0.2 for a, b in zip(redraws, redraws[1:], strict=False))


def test_the_list_width_is_worked_out_as_the_table_measures_it(
        qtbot: Any, board: BattleBoard) -> None:
    # Issue 18: the list's width is measured text by text (each text once) instead
    # of asking the table to measure every row after each Auto-resolve.
    board.show()
    qtbot.waitExposed(board)
    for _ in range(2):
        board.auto_resolve()
        for c in range(board.proxy.columnCount()):
            assert board.column_width_hint(c) == board.table.sizeHintForColumn(c), c
    measured = len(board._widths)
    board.refresh()
    board.list_width_needed()
    assert len(board._widths) == measured  # nothing new to measure


def test_a_refused_step_leaves_the_log_and_the_undo_stack_as_they_were(
        board: BattleBoard) -> None:
    # Issue 18: a step's events go into the log at once (no trial run on a copy)
    # and come out again when the rules refuse one of them.
    board.roll_initiative()
    events, states = board.log.events, board.state
    steps = board.undo_stack.count()
    fid = next(iter(board.state.fighters))
    good = SetCondition(id=fid, condition="prone")
    bad = ClearCondition(id="nobody-here", condition="prone")
    assert board.push_events([good, bad]) is False
    assert board.log.events == events and board.state is states
    assert board.undo_stack.count() == steps
    assert "nobody-here" in board.last_message
    assert board.push_events([good], "") is True  # a good step still goes in, once
    assert board.log.events == (*events, good)
    assert board.undo_stack.undoText() == f"Set condition: {board.state.fighters[fid].name}"
    board.undo_stack.undo()
    assert board.log.events == events
    board.undo_stack.redo()
    assert board.log.events == (*events, good)


def test_a_narrower_log_measures_only_the_lines_that_might_wrap_differently(
        qtbot: Any, board: BattleBoard) -> None:
    # Issue 18: when the log first overflows, its scroll bar narrows it and every
    # line was measured again. A line keeps its size at any narrower width its
    # widest line still fits in; those are taken from the cache, and every size is
    # what measuring the line afresh at that width gives.
    from PySide6.QtWidgets import QStyleOptionViewItem

    from yags_desk.qt.battle.log_view import LogLine, _LineSizes

    board.show()
    qtbot.waitExposed(board)
    board.auto_resolve()
    panel = board.log_panel
    lines = panel.model.lines()
    lines += [LogLine("A very long line " * n) for n in range(1, 30)]
    cached = _LineSizes()
    option = QStyleOptionViewItem()
    panel.view.initViewItemOption(option)
    for wide, narrow in ((1050, 1036), (400, 386), (250, 120)):
        fresh = _LineSizes()  # nothing measured before
        option.rect.setWidth(wide)
        for line in lines:
            cached.size(option, line)
        before = cached.measured
        option.rect.setWidth(narrow)
        sizes = [cached.size(option, line) for line in lines]
        assert sizes == [fresh.size(option, line) for line in lines], (wide, narrow)
        fit = sum(1 for line in lines if fresh.size(option, line).width() <= narrow)
        if wide - narrow == 14:
            assert fit > 0
        assert cached.measured - before <= len(lines) - fit  # the lines that fit: none


def test_the_list_columns_are_as_qt_sizes_them_without_measuring_every_row(
        qtbot: Any, board: BattleBoard) -> None:
    # Issue 18: the columns were sized by Qt's ResizeToContents, which measured
    # every cell of every row again at each change (some 13,000 questions to the
    # model after a round of 200 fighters); the board sizes them itself, the same.
    from PySide6.QtWidgets import QHeaderView

    board.resize(1366, 420)
    board.show()
    qtbot.waitExposed(board)
    table, header = board.table, board.table.horizontalHeader()
    table.setFixedHeight(table.verticalHeader().defaultSectionSize() * 5)  # rows out of view
    shown = [c for c in range(board.proxy.columnCount()) if not table.isColumnHidden(c)]
    measured: list[int] = []  # rows asked for what only measuring a cell asks
    real = board.model.data

    def data(index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.CheckStateRole:
            measured.append(index.row())
        return real(index, role)

    for _ in range(2):
        _hurt_and_declared(board)
        board.auto_resolve()
        qtbot.wait(1)
        ours = [header.sectionSize(c) for c in shown[:-1]]  # the last one stretches
        header.resizeSections(QHeaderView.ResizeMode.ResizeToContents)
        assert [header.sectionSize(c) for c in shown[:-1]] == ours
        board.model.data = data  # type: ignore[method-assign]
        measured.clear()
        for fid in list(board.state.fighters)[:3]:  # a change to show
            board.push_events([SetCondition(id=fid, condition="prone")])
        qtbot.wait(1)
        del board.model.data
        first, last = table.rowAt(0), table.rowAt(table.viewport().height() - 1)
        assert first >= 0 and 0 <= last < board.proxy.rowCount() - 1  # rows out of view
        in_view = {board.proxy.mapToSource(board.proxy.index(r, 0)).row()
                   for r in range(first, last + 1)}
        assert not [r for r in measured if r not in in_view]
        assert [header.sectionSize(c) for c in shown[:-1]] == ours


def test_log_lines_name_the_fighters_each_event_names(board: BattleBoard) -> None:
    # Issue 18: the names are found from each event class's fields (asking a
    # pydantic event for a field it lacks is slow); the same fighters as asking.
    from yags_desk.qt.battle.log_view import event_fighters

    def asking(event: Any) -> frozenset[str]:
        ids = {getattr(event, n, None) for n in ("id", "attacker", "defender", "against")}
        ids |= {e.target for e in getattr(event, "effects", ())}
        return frozenset(x for x in ids if isinstance(x, str))

    for _ in range(3):
        board.auto_resolve()
    events = board.log.events
    assert len({type(e) for e in events}) > 5
    assert any(event_fighters(e) for e in events)
    for event in events:
        assert event_fighters(event) == asking(event), event


def _as_before(board: BattleBoard) -> BattleBoard:
    """``board`` with its list sized by Qt's ResizeToContents, as before issue 18,
    and asking for the list's width as it did then."""
    from PySide6.QtWidgets import QHeaderView

    header = board.table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def contents() -> dict[int, int]:
        return {c: max(header.sectionSizeFromContents(c).width(),
                       board.table.sizeHintForColumn(c))
                for c in range(board.proxy.columnCount()) if not board.table.isColumnHidden(c)}

    board._size_columns = contents  # type: ignore[method-assign]
    board._column_widths = contents  # type: ignore[method-assign]
    return board


def _shots(qtbot: Any, board: BattleBoard, size: tuple[int, int], turns: int,
           narrow_at: int = -1) -> list[Any]:
    board.resize(*size)
    board.show()
    qtbot.waitExposed(board)
    shots: list[Any] = []
    for turn in range(turns):
        if turn == narrow_at:  # the GM narrows the list: the last column gets what is left
            total = sum(board.splitter.sizes())
            board.splitter.setSizes([total - 180, 180])
        else:
            board.auto_resolve()
        qtbot.wait(1)
        header = board.table.horizontalHeader()
        shots.append((board.grab().toImage(),
                      [header.sectionSize(c) for c in range(header.count())],
                      board.table.horizontalScrollBar().maximum()))
    board.hide()
    return shots


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_board_looks_as_it_did_with_qt_sizing_the_columns(
        qtbot: Any, library: Library, size: tuple[int, int]) -> None:
    # Issue 18: the board sizes the list's columns itself; every pixel is as when
    # Qt's ResizeToContents sized them (a first try widened the list by the
    # narrow columns' minimum width once a round's texts grew).
    ambush = sample(library, "ford-ambush.json")
    npcs = ambush.model_copy(update={"combatants": tuple(
        c.model_copy(update={"character": c.character.model_copy(update={"kind": "npc"})})
        for c in ambush.combatants)})
    boards = []
    for _ in range(2):
        boards.append(BattleBoard(npcs, None, library, ScriptedDialogs(), random.Random(1)))
        qtbot.addWidget(boards[-1])
    assert (_shots(qtbot, boards[0], size, 4, narrow_at=2)
            == _shots(qtbot, _as_before(boards[1]), size, 4, narrow_at=2))


def test_a_big_board_looks_as_it_did_with_qt_sizing_the_columns(
        qtbot: Any, library: Library) -> None:
    # Issue 18: with 200 fighters the wounds column's texts outgrow the list; the
    # last column still takes what is left (a first try sized it to its contents,
    # which scrolled the list sideways).
    from benchmarks.bench_combat import big_fight

    adds = big_fight(100)
    encounter = new_encounter("Big", "classic", tuple(
        Combatant(id=a.id, name=a.name, side=a.side, row=a.row,
                  character=a.character.model_copy(update={"kind": "npc"}))
        for a in adds))
    boards = []
    for _ in range(2):
        boards.append(BattleBoard(encounter, None, library, ScriptedDialogs(),
                                  random.Random(1)))
        qtbot.addWidget(boards[-1])
    ours = _shots(qtbot, boards[0], (1366, 768), 2)
    assert ours == _shots(qtbot, _as_before(boards[1]), (1366, 768), 2)
    assert ours[-1][2] == 0  # no sideways scrolling
