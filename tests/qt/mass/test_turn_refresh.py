"""A turn fought or undone in the battle view refreshes only what it changes
(issue 16: the turn is never slower than the CLI), and shows and saves the same
as refreshing everything did: the file's turns, the tables, the chart."""

from __future__ import annotations

import json
import random
from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
)

from tests.qt.mass.test_view import _sample_battle, _view
from yags_desk.qt.mass.chart import CountsChart, turn_axis
from yags_desk.qt.mass.models import COLUMNS
from yags_desk.qt.mass.view import BattleView
from yags_desk.rules.quick_combat import (
    Battle,
    BattleState,
    Group,
    Side,
    battle_result,
    resolve_turn,
)
from yags_desk.rules.quick_turns import fought_json, with_fought
from yags_desk.storage.documents import write_document
from yags_desk.storage.library import Library

COUNT = [field for field, _label in COLUMNS].index("count")


def _rules_turns(battle: Battle, seed: int, count: int) -> list[Any]:
    rng, state, turns = random.Random(seed), BattleState.start(battle), []
    for _ in range(count):
        turns.append(resolve_turn(state, rng))
        state = turns[-1].state_after
    return turns


def _play(view: BattleView, step: str) -> None:
    """A GM's step: "turn" (Next turn), "end" (Fight to the end), "undo" or "redo"."""
    if step == "turn":
        view.play_turn()
    elif step == "end":
        view.fight_to_end()
    else:
        getattr(view.undo_stack, step)()


def _check(view: BattleView, battle: Battle) -> None:
    """What the view shows and would save matches its turns, as a full refresh."""
    assert view.battle.fought == fought_json(view.turns)
    for side in (0, 1):
        model = view.sides[side].model
        assert model.rowCount() == len(battle.sides[side].groups)
        for row, group in enumerate(battle.sides[side].groups):
            assert model.data(model.index(row, 0)) == group.name
            assert model.data(model.index(row, COUNT)) == group.count  # the set-up's
        editable = bool(model.flags(model.index(0, COUNT)) & Qt.ItemFlag.ItemIsEditable)
        assert editable == (not view.turns)
        states = [BattleState.start(battle)] + [t.state_after for t in view.turns]
        assert view.chart.series[side] == [s.side_count(side) for s in states]
    turns = view.turns_model
    assert turns.rowCount() == len(view.turns)
    assert [turns.data(turns.index(row, 0)) for row in range(turns.rowCount())] == [
        t.describe() for t in view.turns]  # a turn fought again after an undo: its line
    if view.state().is_over:
        assert battle_result(battle, view.turns).describe()[-1] in view.status.text()


def test_turns_and_undos_keep_file_tables_and_chart_right(qtbot: Any, tmp_path: Any) -> None:
    library = Library.open()
    battle = _sample_battle()
    view = _view(qtbot, library, battle, seed=9)
    testers = [QAbstractItemModelTester(m, QAbstractItemModelTester.FailureReportingMode.Fatal)
               for m in (view.sides[0].model, view.sides[1].model, view.turns_model)]
    for step in ("turn", "turn", "turn", "undo", "undo", "turn", "redo", "undo", "undo",
                 "undo", "redo", "turn", "end", "undo", "undo", "redo"):
        _play(view, step)
        _check(view, battle)
    assert len(testers) == 3
    # The file holds those turns, as written from them in one go.
    assert view.save() and view.path is not None
    write_document(tmp_path / "expected.json", "battle", with_fought(battle, view.turns))
    assert (json.loads(view.path.read_text(encoding="utf-8"))
            == json.loads((tmp_path / "expected.json").read_text(encoding="utf-8")))


def test_turns_fought_one_by_one_and_to_the_end_are_the_rules_turns(qtbot: Any) -> None:
    battle = _sample_battle()
    view = _view(qtbot, Library.open(), battle, seed=5)
    view.play_turn()
    view.play_turn()
    view.fight_to_end()
    assert view.battle == with_fought(battle, _rules_turns(battle, 5, len(view.turns)))
    _check(view, battle)


def test_the_first_turn_fixes_the_tables_as_a_reset_showed_them(qtbot: Any) -> None:
    """Fixing the set-up (first turn) and freeing it (undoing it) no longer resets
    the tables; what a reset showed stays: no row selected, no current cell, the
    first declared pairing; the group lists keep their choice."""
    view = _view(qtbot, Library.open(), _sample_battle(), seed=9)
    resets: list[int] = []
    for box in view.sides:
        box.model.modelReset.connect(lambda: resets.append(1))
    table = view.sides[0].table
    view.add_pairing(view.battle.sides[0].groups[1].name, view.battle.sides[1].groups[1].name)
    view.pairings.setCurrentIndex(view.pairings.count() - 1)
    view.pair_a.setCurrentIndex(1)
    resets.clear()
    for step in ("turn", "undo"):
        table.selectRow(1)
        view.sides[1].table.setCurrentIndex(view.sides[1].model.index(0, 2))
        if step == "turn":
            view.play_turn()
        else:
            view.undo_stack.undo()
        assert not table.selectionModel().hasSelection()
        assert not table.currentIndex().isValid()
        assert not view.sides[1].table.currentIndex().isValid()
        assert view.pairings.currentIndex() == 0
        assert view.pair_a.currentIndex() == 1
    assert resets == []
    assert view.turns == [] and view.sides[0].model.flags(
        view.sides[0].model.index(0, COUNT)) & Qt.ItemFlag.ItemIsEditable


def test_the_turns_list_keeps_each_line_sized_as_the_standard_delegate(qtbot: Any) -> None:
    """Each row of the turns list keeps its size (read by the list without calling
    Python); wider, narrower, another font or style, turns undone and fought again:
    the size kept is what the standard delegate measures for the line at the list's
    width, and the list lays the row out at that size."""
    view = _view(qtbot, Library.open(), _sample_battle(), seed=9)
    view.resize(1200, 700)
    view.show()
    view.fight_to_end()
    listed = view.turns_list
    plain = QStyledItemDelegate()
    model = view.turns_model
    assert model.rowCount() >= 2

    def check() -> None:
        qtbot.wait(150)  # the list lays its rows out a moment after a resize
        option = QStyleOptionViewItem()
        listed.initViewItemOption(option)
        option.rect = QRect(0, 0, listed.viewport().width(), 40)
        assert model.rowCount() == len(view.turns)
        for row in range(model.rowCount()):
            index = model.index(row, 0)
            line = QStandardItemModel()  # the line alone: nothing kept
            line.appendRow(QStandardItem(index.data()))
            kept = index.data(Qt.ItemDataRole.SizeHintRole)
            assert kept == plain.sizeHint(option, line.index(0, 0))
            assert listed.visualRect(index).height() == kept.height()

    check()
    view.resize(700, 700)
    check()
    font = listed.font()
    font.setPointSize(font.pointSize() + 4)
    listed.setFont(font)
    check()
    view.undo_stack.undo()
    view.resize(1200, 700)
    check()
    view.undo_stack.redo()
    check()
    before = model.index(0, 0).data(Qt.ItemDataRole.SizeHintRole)
    listed.setStyleSheet("QListView::item { padding: 9px; }")  # a new style: new sizes
    check()
    assert model.index(0, 0).data(Qt.ItemDataRole.SizeHintRole).height() > before.height()
    while view.turns:
        view.undo_stack.undo()
    view.resize(900, 700)  # sized while empty, then turns fought at this width
    view.play_turn()
    view.play_turn()
    check()


def test_a_cell_being_edited_when_the_first_turn_is_fought_is_dropped(qtbot: Any) -> None:
    """As before: the table is reset, the edit goes unapplied and unrefused."""
    view = _view(qtbot, Library.open(), _sample_battle(), seed=9)
    view.show()
    table, model = view.sides[0].table, view.sides[0].model
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    index = model.index(0, COUNT)
    count = model.data(index)
    table.setCurrentIndex(index)
    table.edit(index)
    assert table.state() == QAbstractItemView.State.EditingState
    view.play_turn()
    assert table.state() != QAbstractItemView.State.EditingState and resets == [1]
    assert model.data(index) == count and view.message.text() == ""
    assert view.undo_stack.count() == 1


def _strong_differences(chart: CountsChart) -> int:
    """Pixels where ``chart`` differs clearly from a chart of the same counts drawn
    whole for the first time (same size, font, window and so palette)."""
    fresh = CountsChart(chart.window())  # outside the splitter, which would take it
    fresh.setFont(chart.font())
    fresh.resize(chart.size())
    fresh.set_counts(chart.names, chart.series, chart.max_turns, chart.breaks)
    shown, expected = chart.grab().toImage(), fresh.grab().toImage()
    fresh.deleteLater()
    assert shown.size() == expected.size()
    if shown == expected:
        return 0
    differ = 0
    for y in range(shown.height()):
        for x in range(shown.width()):
            a, b = shown.pixelColor(x, y), expected.pixelColor(x, y)
            if max(abs(a.red() - b.red()), abs(a.green() - b.green()),
                   abs(a.blue() - b.blue()), abs(a.alpha() - b.alpha())) > 64:
                differ += 1
    return differ


def test_the_chart_drawn_turn_by_turn_is_the_chart_drawn_whole(qtbot: Any) -> None:
    """The chart keeps its lines drawn and adds each turn's segment: after turns,
    undos, redos, a resize and a font change it shows what a chart of the same
    counts drawn whole shows, and its counts are the turns'."""
    battle = _sample_battle()
    view = _view(qtbot, Library.open(), battle, seed=9)
    view.resize(1200, 700)
    view.show()
    chart = view.chart
    for step in ("turn", "turn", "undo", "redo", "turn", "resize", "font", "undo", "undo",
                 "turn", "undo", "undo", "undo", "redo", "end", "undo"):
        if step == "resize":
            view.resize(900, 650)
        elif step == "font":
            font = chart.font()
            font.setPointSize(font.pointSize() + 3)
            chart.setFont(font)
        else:
            _play(view, step)
        qtbot.wait(1)
        chart.grab()  # painted as the view shows it, after this step
        _check(view, battle)
        assert chart.axes()[1] >= len(view.turns)
        assert _strong_differences(chart) <= 4, step


def test_the_turn_axis_grows_in_steps_up_to_the_battles_limit() -> None:
    assert [turn_axis(t, 300) for t in (0, 1, 2, 3, 5, 6, 10, 11, 21, 51, 101, 201, 299)] == [
        1, 1, 2, 5, 5, 10, 10, 20, 50, 100, 200, 300, 300]
    assert [turn_axis(t, 7) for t in (0, 3, 6, 7)] == [1, 5, 7, 7]
    assert turn_axis(12, 10) == 12  # never fewer than the turns shown


def test_the_tables_stay_put_while_the_plan_changes_its_lines(qtbot: Any) -> None:
    """The status and next turn's plan keep the most lines they needed since the
    set-up was last changed, so a turn whose plan is a line shorter, or the last
    turn (the plan goes, the status grows by the outcome), moves nothing; their
    text is whole; a set-up edit lets them fit their text again."""
    def side(name: str, attack: int, groups: int = 10) -> Side:
        return Side(name=name, groups=[
            Group(name=f"{name} {i}", count=10_000, initiative=15, attack=attack, defence=15,
                  damage=15, soak=15) for i in range(groups)])
    battle = Battle(name="Wide", edition="classic", max_turns=50,
                    sides=(side("Red", 15), side("Blue", 14)))
    view = _view(qtbot, Library.open(), battle, seed=7)
    view.resize(1366, 700)
    view.show()
    qtbot.wait(1)

    def laid_out() -> tuple[Any, ...]:
        qtbot.wait(1)  # the layout is done
        for label in (view.plan, view.status):
            assert label.height() >= QLabel.heightForWidth(label, label.width())
        return (view.sides[0].table.geometry(), view.sides[1].table.geometry(),
                view.turns_list.geometry(), view.chart.geometry())

    first = laid_out()
    lines = {QLabel.heightForWidth(view.plan, view.plan.width())}
    while not view.state().is_over:
        view.play_turn()
        assert laid_out() == first
        lines.add(QLabel.heightForWidth(view.plan, view.plan.width()))
    assert len(lines) > 2  # the plan did change its number of lines (and then went)
    while view.turns:
        view.undo_stack.undo()
    tall = view.status_and_plan.height()
    view.change_battle(battle.model_copy(update={"sides": (side("Red", 15, 1),
                                                           side("Blue", 14, 1))}), "Groups")
    qtbot.wait(1)
    column = view.status_and_plan
    assert column.height() < tall
    assert column.height() == QVBoxLayout.heightForWidth(column.layout(), column.width())
