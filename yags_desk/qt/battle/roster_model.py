"""The fighters of an encounter as a table: the initiative list and the cards read it.

Rows keep the board order (the order fighters joined); :class:`TurnOrderProxy`
sorts them into the turn order and hides removed fighters. :meth:`RosterModel.show`
compares each fighter's :class:`FighterSummary` with the last one and emits
``dataChanged`` for the rows that changed; rows are inserted when fighters
join, and the model is reset only when the roster itself is replaced (undoing
a join, another encounter).
"""

from __future__ import annotations

from typing import Any, overload

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from yags_desk.qt.battle.summary import (
    FighterSummary,
    SummaryCache,
    side_colours,
    turn_order,
)
from yags_desk.qt.common.roles import Role
from yags_desk.rules.combat.state import CombatState

__all__ = ["COLUMNS", "RosterModel", "TurnOrderProxy"]

COLUMNS = ("#", "Name", "Side", "Init", "Wounds", "Status")
_ORDER, _NAME, _SIDE, _INIT, _WOUNDS, _STATUS = range(len(COLUMNS))
Index = QModelIndex | QPersistentModelIndex


_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_SORT, _FIGHTER_ID, _OBJECT = int(Role.SORT), int(Role.FIGHTER_ID), int(Role.OBJECT)
_SIDE_COLOUR, _SEARCH_TEXT = int(Role.SIDE_COLOUR), int(Role.SEARCH_TEXT)
_ANSWERED = frozenset({_DISPLAY, _DECORATION, _FOREGROUND, _ALIGNMENT, _TOOLTIP, _SORT,
                       _FIGHTER_ID, _OBJECT, _SIDE_COLOUR, _SEARCH_TEXT})
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

# The layout signals' overloads that tell the parents changed (and how).
_PARENTS, _HINT = "QList<QPersistentModelIndex>", "QAbstractItemModel::LayoutChangeHint"

# More changed rows than this in one update are told as one layout change.
BULK_ROWS = 16

class RosterModel(QAbstractTableModel):
    """One row per fighter of a :class:`CombatState`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids: list[str] = []
        self._rows: list[FighterSummary] = []
        self._colours: dict[str, str] = {}
        self._edition = "classic"
        self.board_rows = False
        self._cache = SummaryCache()

    # -- updating ---------------------------------------------------------------------

    def show(self, state: CombatState) -> list[int]:
        """Show ``state``; returns the rows whose data changed."""
        order = {fid: n for n, fid in enumerate(turn_order(state), start=1)}
        ids = list(state.fighters)
        rows = self._cache.summaries(state, order)
        self._colours = side_colours(state)
        self._edition = state.edition
        # RULES 3.1: with board rows on, the cards show the range to the selected one.
        self.board_rows = state.options.uses("board_rows")
        if ids == self._ids:
            changed = [r for r, (old, new) in enumerate(zip(self._rows, rows, strict=True))
                       if old is not new and old != new]
            self._update(changed, rows)
            return changed
        if ids[:len(self._ids)] == self._ids:
            first = len(self._ids)
            changed = [r for r in range(first)
                       if self._rows[r] is not rows[r] and self._rows[r] != rows[r]]
            self.beginInsertRows(QModelIndex(), first, len(ids) - 1)
            self._ids, self._rows = ids, [*self._rows, *rows[first:]]
            self.endInsertRows()
            self._update(changed, rows)
            return [*changed, *range(first, len(ids))]
        self.beginResetModel()
        self._ids, self._rows = ids, rows
        self.endResetModel()
        return list(range(len(ids)))

    def _update(self, changed: list[int], rows: list[FighterSummary]) -> None:
        """A few rows: row by row, each row's new data, then its dataChanged. A sorting
        proxy moves the changed row among the others, so those must still hold the
        data they are sorted by (updating every row first scrambled the turn order
        with 30 fighters). Many rows (a round of a big fight): one layout change, so
        a sorting proxy sorts once instead of moving each row in turn (a round of
        400 fighters spent 15 s in 28,000 dataChanged signals)."""
        if len(changed) > BULK_ROWS:
            self.layoutAboutToBeChanged.emit()
            for r in changed:
                self._rows[r] = rows[r]
            self.layoutChanged.emit()
            return
        for r in changed:
            self._rows[r] = rows[r]
            self.dataChanged.emit(self.index(r, 0), self.index(r, len(COLUMNS) - 1))

    # -- reading ----------------------------------------------------------------------

    def summary(self, fid: str) -> FighterSummary | None:
        try:
            return self._rows[self._ids.index(fid)]
        except ValueError:
            return None

    def summaries(self) -> list[FighterSummary]:
        return list(self._rows)

    def summary_at(self, row: int) -> FighterSummary:
        return self._rows[row]

    def order_key(self, row: int) -> int:
        """What the turn-order column sorts by (its sort role)."""
        s = self._rows[row]
        return s.order if s.order is not None else 100_000 + row

    def shown(self, row: int) -> bool:
        """Whether the initiative list shows the row (removed fighters are left out)."""
        return self._rows[row].status != "removed"

    def turn_rows(self) -> list[int]:
        """The rows the initiative list shows, in the turn order (:meth:`order_key`)."""
        rows = [r for r, s in enumerate(self._rows) if s.status != "removed"]
        rows.sort(key=self.order_key)
        return rows

    def cell_index(self, row: int, column: int) -> QModelIndex:
        """``index(row, column)`` of a cell known to exist, made without asking Qt
        (which asks rowCount and columnCount back)."""
        return self.createIndex(row, column)

    def row_of(self, fid: str) -> int:
        return self._ids.index(fid) if fid in self._ids else -1

    def colour(self, side: str) -> QColor:
        return QColor(self._colours.get(side, "#808080"))

    # -- the model --------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return "Stuns / wounds" if (section == _WOUNDS and self._edition == "0.8") \
                else COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return ("Place in the turn order", "Name", "Side", "Initiative",
                    "Wound level and its penalty; “N beyond”: levels taken past Fatal",
                    "What the fighter is doing")[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Called for every cell painted and every comparison of a sort: the roles
        # are plain ints here and roles the rows do not answer leave at once.
        if role not in _ANSWERED or not index.isValid():
            return None
        return self.cell_data(index.row(), index.column(), role)

    def cell_data(self, row: int, col: int, role: int) -> Any:
        """What :meth:`data` answers for the cell at ``row``, ``col`` (a valid index)."""
        if role not in _ANSWERED or not 0 <= row < len(self._rows):
            return None
        s = self._rows[row]
        if role == _DISPLAY:
            return self._text(s, col)
        if role == _SORT:
            if col == _ORDER:
                return s.order if s.order is not None else 100_000 + row
            if col == _INIT:
                return int(s.initiative) if s.initiative else -100_000
            return self._text(s, col).casefold()
        if role == _FIGHTER_ID:
            return s.id
        if role == _OBJECT:
            return s
        if role == _SIDE_COLOUR:
            return self.colour(s.side)
        if role == _SEARCH_TEXT:
            return " ".join(self._text(s, c) for c in range(len(COLUMNS))).casefold()
        if role == _DECORATION:
            return self.colour(s.side) if col in (_NAME, _SIDE) else None
        if role == _FOREGROUND:
            if s.able:
                return None
            app = QApplication.instance()
            if isinstance(app, QApplication):
                return app.palette().color(QPalette.ColorGroup.Disabled,
                                           QPalette.ColorRole.Text)
            return None
        if role == _ALIGNMENT:
            return _RIGHT if col in (_ORDER, _INIT) else None
        # the tooltip
        lines = [f"{s.name} ({s.side}, row {s.row}): {s.status}", _explained(s.wounds),
                 s.stuns, s.fatigue,
                 f"Penalty {s.penalty:+d}" if s.penalty else "", s.weapon, s.action,
                 s.conditions]
        return "\n".join(line for line in lines if line)

    def cell_text(self, s: FighterSummary, col: int) -> str:
        """What a row of ``s`` shows in column ``col`` (its DisplayRole)."""
        return self._text(s, col)

    def _text(self, s: FighterSummary, col: int) -> str:
        if col == _ORDER:
            return "" if s.order is None else str(s.order)
        if col == _NAME:
            return s.name
        if col == _SIDE:
            return s.side
        if col == _INIT:
            return s.initiative
        if col == _WOUNDS:
            return f"{s.stuns.removeprefix('Stuns: ')} / {s.wounds}" if s.stuns else s.wounds
        return s.status


def _explained(wounds: str) -> str:
    """The wound line with its "N beyond" spelt out for a tooltip."""
    level, _, beyond = wounds.partition(", ")
    if not beyond.endswith(" beyond"):
        return wounds
    n = beyond.removesuffix(" beyond")
    return (f"{level}, and {n} more past Fatal (each makes the roll against death "
            "harder; RULES 1.6, RULES 2)")


class TurnOrderProxy(QAbstractProxyModel):
    """The roster in the turn order, without removed fighters.

    [decision] A proxy of its own, not Qt's QSortFilterProxyModel (issue 18): that
    one called Python for every comparison of its sort (lessThan, and rowCount and
    columnCount for each of the two rows compared), some 4,000 calls to re-sort a
    200-fighter roster after a round, and three for each cell it showed. The turn
    order is known here (:meth:`RosterModel.order_key`): the rows are sorted by one
    Python sort. Each change of the roster is answered with the signals
    QSortFilterProxyModel answered it with (a fighter removed by an event leaves
    by rowsRemoved, which moves the list's current row as before; a big change is
    one layout change; joining fighters are inserted at their places), which
    tests/qt/battle/test_turn_order_proxy.py checks signal by signal against it.
    RosterModel resets, appends rows, changes rows' data and changes its layout;
    it never removes or moves rows nor changes its columns, so those are not
    followed here.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._roster: RosterModel | None = None
        self._rows: list[int] = []  # proxy row -> source row
        self._at: list[int] = []  # source row -> proxy row, -1 when not shown
        # During a layout change of the roster: the list's persistent indexes and
        # the source rows and columns they stood for; the parents told.
        self._saved: tuple[list[QModelIndex], list[tuple[int, int]]] = ([], [])
        self._parents: list[QPersistentModelIndex] = []

    # -- the source ----------------------------------------------------------------------

    def setSourceModel(self, model: QAbstractItemModel) -> None:  # noqa: N802 (Qt's name)
        if not isinstance(model, RosterModel):
            raise TypeError("TurnOrderProxy shows a RosterModel")
        self.beginResetModel()
        old = self._roster
        if old is not None:
            for signal, slot in self._connections(old):
                signal.disconnect(slot)
        super().setSourceModel(model)
        self._roster = model
        for signal, slot in self._connections(model):
            signal.connect(slot)
        self._map_all()
        self.endResetModel()

    def _connections(self, model: RosterModel) -> list[tuple[Any, Any]]:
        return [(model.modelAboutToBeReset, self.beginResetModel),
                (model.modelReset, self._reset),
                (model.rowsInserted, self._rows_inserted),
                (model.dataChanged, self._data_changed),
                (model.layoutAboutToBeChanged, self._layout_about_to_change),
                (model.layoutChanged, self._layout_changed),
                (model.destroyed, self._source_destroyed)]

    def _source_destroyed(self) -> None:
        """The roster went first (its board closing): nothing is shown any more, as
        Qt's proxies answer once their source is gone."""
        self._roster, self._rows, self._at = None, [], []

    def _model(self) -> RosterModel:
        assert self._roster is not None
        return self._roster

    def _reindex(self, start: int = 0) -> None:
        at, rows = self._at, self._rows
        if start == 0:
            at[:] = [-1] * len(at)
        for p in range(start, len(rows)):
            at[rows[p]] = p

    def _map_all(self) -> None:
        model = self._model()
        self._at = [-1] * model.rowCount()
        self._rows = model.turn_rows()
        self._reindex()

    def _reset(self) -> None:
        self._map_all()
        self.endResetModel()

    # What QSortFilterProxyModel did with each change, the sort being by order_key
    # and the filter RosterModel.shown.

    def _insert(self, source_rows: list[int], signals: bool) -> None:
        """Insert ``source_rows`` (in the turn order) at their places, each run of
        them going between the same two shown rows told as one insertion, the last
        run first."""
        key = self._model().order_key
        keys = [key(r) for r in self._rows]
        runs: list[tuple[int, list[int]]] = []
        low, i = 0, 0
        while i < len(source_rows):
            first = source_rows[i]
            run = [first]
            i += 1
            high, k = len(keys) - 1, key(first)
            while low <= high:  # the first shown row that comes after it
                mid = (low + high) // 2
                if k < keys[mid]:
                    high = mid - 1
                else:
                    low = mid + 1
            if low >= len(keys):
                run += source_rows[i:]
                i = len(source_rows)
            else:
                while i < len(source_rows) and not keys[low] < key(source_rows[i]):
                    run.append(source_rows[i])
                    i += 1
            runs.append((low, run))
        for at, run in reversed(runs):
            if signals:
                self.beginInsertRows(QModelIndex(), at, at + len(run) - 1)
            self._rows[at:at] = run
            self._reindex(at)
            if signals:
                self.endInsertRows()

    def _remove(self, source_rows: list[int], signals: bool) -> None:
        """Take ``source_rows`` out of the list, each run of adjacent rows told as
        one removal, the last run first."""
        shown = sorted(self._at[r] for r in source_rows)
        runs: list[list[int]] = []
        for p in shown:
            if runs and p == runs[-1][1] + 1:
                runs[-1][1] = p
            else:
                runs.append([p, p])
        for first, last in reversed(runs):
            if signals:
                self.beginRemoveRows(QModelIndex(), first, last)
            for p in range(first, last + 1):
                self._at[self._rows[p]] = -1
            del self._rows[first:last + 1]
            self._reindex(first)
            if signals:
                self.endRemoveRows()

    def _store(self) -> tuple[list[QModelIndex], list[tuple[int, int]]]:
        """The persistent indexes (the selection's, the view's) and the source rows
        and columns they stand for."""
        indexes = self.persistentIndexList()
        rows = self._rows
        return indexes, [(rows[i.row()] if 0 <= i.row() < len(rows) else -1, i.column())
                         for i in indexes]

    def _restore(self, saved: tuple[list[QModelIndex], list[tuple[int, int]]]) -> None:
        """Point the persistent indexes at their rows' new places (invalid when gone)."""
        indexes, cells = saved
        if not indexes:
            return
        at = self._at
        to = [self.createIndex(at[r], c) if 0 <= r < len(at) and at[r] >= 0 else QModelIndex()
              for r, c in cells]
        self.changePersistentIndexList(indexes, to)

    def _rows_inserted(self, parent: Index, start: int, end: int) -> None:
        if parent.isValid():
            return
        model, count = self._model(), end - start + 1
        if start < len(self._at):
            self._rows = [r + count if r >= start else r for r in self._rows]
        self._at[start:start] = [-1] * count
        self._reindex()
        new = sorted((r for r in range(start, end + 1) if model.shown(r)), key=model.order_key)
        self._insert(new, signals=True)

    def _data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex,
                      roles: list[int] = []) -> None:  # noqa: B006 (not changed)
        if not top_left.isValid() or not bottom_right.isValid():
            return
        model = self._model()
        left, right = top_left.column(), bottom_right.column()
        sorts = left <= _ORDER <= right
        remove, insert, change, resort = [], [], [], []
        for r in range(top_left.row(), min(bottom_right.row(), len(self._at) - 1) + 1):
            if self._at[r] != -1:
                if not model.shown(r):
                    remove.append(r)
                elif sorts:
                    resort.append(r)
                else:
                    change.append(r)
            elif model.shown(r):
                insert.append(r)
        if remove:
            self._remove(remove, signals=True)
        if resort:
            if self._needs_reorder(resort):
                parents = [QPersistentModelIndex()]
                hint = QAbstractItemModel.LayoutChangeHint.VerticalSortHint
                self._tell(self.layoutAboutToBeChanged, parents, hint)
                saved = self._store()
                self._remove(resort, signals=False)
                self._insert(sorted(resort, key=model.order_key), signals=False)
                self._restore(saved)
                self._tell(self.layoutChanged, parents, hint)
            change += resort
        if change:
            shown = [self._at[r] for r in change]
            self.dataChanged.emit(self.createIndex(min(shown), left),
                                  self.createIndex(max(shown), right), roles)
        if insert:
            self._insert(sorted(insert, key=model.order_key), signals=True)

    @staticmethod
    def _tell(signal: Any, parents: list[QPersistentModelIndex],
              hint: QAbstractItemModel.LayoutChangeHint | None = None) -> None:
        """Emit a layout signal with its parents (and hint): the overload PySide
        picks by itself takes no arguments."""
        if hint is None:
            signal[_PARENTS].emit(parents)
        else:
            signal[_PARENTS, _HINT].emit(parents, hint)

    def _needs_reorder(self, source_rows: list[int]) -> bool:
        key, rows, at = self._model().order_key, self._rows, self._at
        last = len(rows) - 1
        for r in source_rows:
            p = at[r]
            if p > 0 and key(r) < key(rows[p - 1]):
                return True
            if p < last and key(rows[p + 1]) < key(r):
                return True
        return False

    def _layout_about_to_change(
            self, parents: list[QPersistentModelIndex] = [],  # noqa: B006 (not changed)
            _hint: Any = None) -> None:
        # The roster's rows are flat: every parent is the root.
        self._parents = [QPersistentModelIndex() for p in parents if not p.isValid()]
        if parents and not self._parents:
            return
        self._tell(self.layoutAboutToBeChanged, self._parents)
        self._saved = self._store()

    def _layout_changed(
            self, parents: list[QPersistentModelIndex] = [],  # noqa: B006 (not changed)
            _hint: Any = None) -> None:
        if parents and not self._parents:
            return
        self._map_all()
        self._restore(self._saved)
        self._saved = ([], [])
        self._tell(self.layoutChanged, self._parents)
        self._parents = []

    # -- mapping -------------------------------------------------------------------------

    def mapToSource(self, proxyIndex: Index) -> QModelIndex:  # noqa: N802, N803 (Qt's names)
        row = proxyIndex.row()
        if not proxyIndex.isValid() or not 0 <= row < len(self._rows):
            return QModelIndex()
        return self._model().cell_index(self._rows[row], proxyIndex.column())

    def mapFromSource(self, sourceIndex: Index) -> QModelIndex:  # noqa: N802, N803 (Qt's names)
        row = sourceIndex.row()
        if not sourceIndex.isValid() or not 0 <= row < len(self._at) or self._at[row] < 0:
            return QModelIndex()
        return self.createIndex(self._at[row], sourceIndex.column())

    # -- the model -----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def index(self, row: int, column: int,
              parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not (0 <= row < len(self._rows) and 0 <= column < len(COLUMNS)):
            return QModelIndex()
        return self.createIndex(row, column)

    @overload
    def parent(self) -> QObject | None: ...
    @overload
    def parent(self, child: Index) -> QModelIndex: ...
    def parent(self, child: Index | None = None) -> QObject | QModelIndex | None:
        if child is None:
            return super().parent()
        return QModelIndex()

    def sibling(self, row: int, column: int, idx: Index) -> QModelIndex:
        return self.index(row, column) if idx.isValid() else QModelIndex()

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008, N802
        return not parent.isValid() and bool(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # The row's data read directly (one call from Qt for each role of each cell).
        row = index.row()
        if not index.isValid() or not 0 <= row < len(self._rows):
            return None
        return self._model().cell_data(self._rows[row], index.column(), role)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if self._roster is None:
            return None
        if orientation == Qt.Orientation.Vertical:
            section = self._rows[section] if 0 <= section < len(self._rows) else -1
        return self._roster.headerData(section, orientation, role)
