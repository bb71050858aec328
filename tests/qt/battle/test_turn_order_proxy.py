"""The initiative list's proxy (TurnOrderProxy) answers every change of the roster
as Qt's QSortFilterProxyModel did before issue 18, when it sorted by the turn order
and hid removed fighters: the same rows in the same order, the same signals (which
move a view's current row and selection), the same data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtTest import QAbstractItemModelTester

from tests.qt.battle.helpers import make_board, sample
from tests.rules.builders import LONG_SWORD, classic
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.roster_model import RosterModel, TurnOrderProxy
from yags_desk.qt.common.roles import Role
from yags_desk.rules.combat.events import AddCombatant, Initiative, RemoveCombatant
from yags_desk.rules.combat.log import CombatLog
from yags_desk.storage.library import Library

_PARENTS, _HINT = "QList<QPersistentModelIndex>", "QAbstractItemModel::LayoutChangeHint"
_ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole,
          Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole,
          Qt.ItemDataRole.DecorationRole, Role.SORT, Role.FIGHTER_ID, Role.SEARCH_TEXT)


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


class Reference(QSortFilterProxyModel):
    """TurnOrderProxy as it was: Qt's sorting proxy, sorting by the turn order and
    leaving removed fighters out."""

    def __init__(self, model: RosterModel) -> None:
        super().__init__()
        self.setSortRole(Role.SORT)
        self.setDynamicSortFilter(True)
        self.setSourceModel(model)
        self.sort(0, Qt.SortOrder.AscendingOrder)

    def filterAcceptsRow(self, source_row: int, source_parent: Any) -> bool:  # noqa: N802
        model = self.sourceModel()
        assert isinstance(model, RosterModel)
        if source_parent.isValid() or not 0 <= source_row < model.rowCount():
            return True
        return model.summary_at(source_row).status != "removed"

    def lessThan(self, left: Any, right: Any) -> bool:  # noqa: N802
        model = self.sourceModel()
        assert isinstance(model, RosterModel)
        return model.order_key(left.row()) < model.order_key(right.row())


class Watched:
    """A proxy with the signals it emits, a selection model on it and a model tester.
    (Its slots are methods, which PySide holds without keeping the object alive:
    lambdas would keep the models alive until the application ends, when they
    are deleted in no good order.)"""

    def __init__(self, proxy: QAbstractItemModel) -> None:
        self.proxy = proxy
        self.signals: list[tuple[Any, ...]] = []
        self.selection = QItemSelectionModel(proxy)
        self.tester = QAbstractItemModelTester(
            proxy, QAbstractItemModelTester.FailureReportingMode.Fatal)
        proxy.modelAboutToBeReset.connect(self.about_to_reset)
        proxy.modelReset.connect(self.reset)
        proxy.rowsAboutToBeInserted.connect(self.about_to_insert)
        proxy.rowsInserted.connect(self.inserted)
        proxy.rowsAboutToBeRemoved.connect(self.about_to_remove)
        proxy.rowsRemoved.connect(self.removed)
        proxy.layoutAboutToBeChanged[_PARENTS, _HINT].connect(  # type: ignore[index]
            self.about_to_lay_out)
        proxy.layoutChanged[_PARENTS, _HINT].connect(self.laid_out)  # type: ignore[index]
        proxy.dataChanged.connect(self.data_changed)
        proxy.headerDataChanged.connect(self.header_changed)
        self.selection.currentRowChanged.connect(self.current_changed)

    def about_to_reset(self) -> None:
        self.signals.append(("reset?",))

    def reset(self) -> None:
        self.signals.append(("reset",))

    def about_to_insert(self, _parent: Any, first: int, last: int) -> None:
        self.signals.append(("insert?", first, last))

    def inserted(self, _parent: Any, first: int, last: int) -> None:
        self.signals.append(("insert", first, last))

    def about_to_remove(self, _parent: Any, first: int, last: int) -> None:
        self.signals.append(("remove?", first, last))

    def removed(self, _parent: Any, first: int, last: int) -> None:
        self.signals.append(("remove", first, last))

    def about_to_lay_out(self, parents: list[Any], hint: Any) -> None:
        self.signals.append(("layout?", [p.isValid() for p in parents], hint))

    def laid_out(self, parents: list[Any], hint: Any) -> None:
        self.signals.append(("layout", [p.isValid() for p in parents], hint))

    def data_changed(self, first: QModelIndex, last: QModelIndex, roles: list[int]) -> None:
        self.signals.append(("data", first.row(), first.column(), last.row(), last.column(),
                             list(roles)))

    def header_changed(self, orientation: Any, first: int, last: int) -> None:
        self.signals.append(("header", orientation, first, last))

    def current_changed(self, new: QModelIndex, old: QModelIndex) -> None:
        self.signals.append(("current", self.source_row(old), self.source_row(new)))

    def source_row(self, index: QModelIndex | QPersistentModelIndex) -> int:
        assert isinstance(self.proxy, (QSortFilterProxyModel, TurnOrderProxy))
        return self.proxy.mapToSource(QModelIndex(index)).row() if index.isValid() else -1

    def select(self, source_row: int) -> None:
        assert isinstance(self.proxy, (QSortFilterProxyModel, TurnOrderProxy))
        source = self.proxy.sourceModel()
        index = self.proxy.mapFromSource(source.index(source_row, 1))
        flags = (QItemSelectionModel.SelectionFlag.ClearAndSelect
                 | QItemSelectionModel.SelectionFlag.Rows)
        self.selection.setCurrentIndex(index, flags)

    def seen(self) -> tuple[Any, ...]:
        """What the proxy shows: its source rows in order, the current and selected
        rows; the signals since last seen."""
        QCoreApplication.processEvents()  # signals queued (header updates)
        proxy = self.proxy
        selected = sorted(self.source_row(i) for i in self.selection.selectedIndexes())
        signals, self.signals[:] = list(self.signals), []
        return ([self.source_row(proxy.index(r, 0)) for r in range(proxy.rowCount())],
                self.source_row(self.selection.currentIndex()), selected, signals)

    def cells(self) -> tuple[Any, ...]:
        """The data of every cell, its flags, the header."""
        proxy = self.proxy
        rows, columns = proxy.rowCount(), proxy.columnCount()
        return ([[[proxy.index(r, c).data(role) for role in _ROLES]
                  + [proxy.flags(proxy.index(r, c))] for c in range(columns)]
                 for r in range(rows)],
                [proxy.headerData(c, o, role) for c in range(-1, columns + 1)
                 for o in Qt.Orientation for role in (Qt.ItemDataRole.DisplayRole,
                                                      Qt.ItemDataRole.ToolTipRole)])


def watch(board: BattleBoard) -> tuple[Watched, Watched]:
    # What the board's first refresh queued (a proxy tells its header changed when
    # rows come into an empty source) arrives before the reference is made.
    QCoreApplication.processEvents()
    return Watched(board.proxy), Watched(Reference(board.model))


def same(new: Watched, old: Watched, cells: bool = False) -> tuple[Any, ...]:
    seen = new.seen()
    assert seen == old.seen()
    if cells:
        assert new.cells() == old.cells()
    return seen


def test_the_list_changes_as_with_qts_sorting_proxy_through_a_fight(
        qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    new, old = watch(board)
    same(new, old, cells=True)
    kinds: set[str] = set()

    def act(action: Any) -> None:
        action()
        kinds.update(s[0] for s in same(new, old)[-1])

    for _ in range(8):  # declarations, initiative: the turn order appears
        act(board.next_action.trigger)
    fighters = list(board.state.fighters)
    gone = fighters[2]
    for watched in (new, old):
        watched.select(board.model.row_of(gone))
    same(new, old)
    act(lambda: board.ops.remove(gone))  # the current row leaves; the one above is current
    character = board.state.fighter(fighters[0]).character
    act(lambda: board.ops.add(board.ops.copies(character, 3, "joiners", 1)))
    for watched in (new, old):
        watched.select(board.model.row_of(fighters[1]))
    for _ in range(6):
        act(board.next_action.trigger)
    act(lambda: board.ops.add(board.ops.copies(character, 20, "many", 2)))
    act(board.auto_resolve)  # most rows change at once: one layout change
    same(new, old, cells=True)
    for _ in range(board.undo_stack.count()):  # a removal undone brings its row back
        act(board.undo_stack.undo)
    for _ in range(board.undo_stack.count()):
        act(board.undo_stack.redo)
    same(new, old, cells=True)
    # Every way the roster changes was met: single rows (re-sorted or not), a row
    # leaving and coming back, rows joining, a layout change, a reset.
    assert {"data", "layout", "remove", "insert", "reset", "current"} <= kinds


def test_fighters_joining_between_others_in_the_turn_order_come_in_as_with_qt(
        qtbot: Any) -> None:
    """Fighters joining with their initiative rolled go between those already in
    the list, each run of them inserted at its place (the last run first, a tie
    after the fighter already there), as QSortFilterProxyModel inserted them."""
    sword = classic("Sword", skills={"Single weapon": 60}, weapons=(LONG_SWORD,))

    def add(fid: str) -> AddCombatant:
        return AddCombatant(id=fid, name=fid.upper(), side=fid[0], row=0, character=sword)

    log = CombatLog("classic", roster=[add(f"a{i}") for i in range(4)])
    for i in range(4):
        log.push(Initiative(id=f"a{i}", total=10 + 3 * i))
    states = [log.state]
    for i in range(4):
        log.push(add(f"n{i}"))
    for i, total in enumerate((11, 14, 30, 20)):
        log.push(Initiative(id=f"n{i}", total=total))
    states.append(log.state)
    log.push(RemoveCombatant(id="a3"))
    log.push(RemoveCombatant(id="n0"))
    states.append(log.state)
    model = RosterModel()
    proxy = TurnOrderProxy()
    proxy.setSourceModel(model)
    new, old = Watched(proxy), Watched(Reference(model))
    inserts = []
    for state in states:
        model.show(state)
        signals = same(new, old, cells=True)[-1]
        inserts.append(sum(s[0] == "insert" for s in signals))
    # Placed by the places the others had before their own rows changed: N2 and N3
    # (1st and 2nd) after A3 (1st before), N1 and N0 at the end; then re-sorted.
    assert inserts[1] == 2


def test_the_list_is_empty_once_its_roster_is_gone(qtbot: Any) -> None:
    """A board closing deletes its roster before the list's proxy: the proxy then
    shows nothing, as Qt's proxy did, rather than reading a deleted roster."""
    sword = classic("Sword", skills={"Single weapon": 60}, weapons=(LONG_SWORD,))
    log = CombatLog("classic", roster=[
        AddCombatant(id=f"a{i}", name=f"A{i}", side="a", row=0, character=sword)
        for i in range(3)])
    model = RosterModel()
    proxy = TurnOrderProxy()
    proxy.setSourceModel(model)
    old = Reference(model)
    model.show(log.state)
    assert proxy.rowCount() == old.rowCount() == 3
    shiboken6.delete(model)
    for shown in (proxy, old):
        assert shown.rowCount() == 0 and not shown.index(0, 0).isValid()
        assert shown.headerData(0, Qt.Orientation.Horizontal) is None
