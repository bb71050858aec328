"""The fighters of an encounter as a table: the initiative list and the cards read it.

Rows keep the board order (the order fighters joined); :class:`TurnOrderProxy`
sorts them into the turn order and hides removed fighters. :meth:`RosterModel.show`
compares each fighter's :class:`FighterSummary` with the last one and emits
``dataChanged`` for the rows that changed; rows are inserted when fighters
join, and the model is reset only when the roster itself is replaced (undoing
a join, another encounter).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
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
        row = index.row()
        if not 0 <= row < len(self._rows):
            return None
        s = self._rows[row]
        col = index.column()
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


class TurnOrderProxy(QSortFilterProxyModel):
    """The roster in the turn order, without removed fighters."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(Role.SORT)
        self.setDynamicSortFilter(True)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        if isinstance(model, RosterModel):  # read the row directly: one call, not three
            if source_parent.isValid() or not 0 <= source_row < model.rowCount():
                return True
            return model.summary_at(source_row).status != "removed"
        index = model.index(source_row, 0, source_parent)
        summary = model.data(index, Role.OBJECT)
        return not (isinstance(summary, FighterSummary) and summary.status == "removed")

    def lessThan(self, left: Index, right: Index) -> bool:  # noqa: N802 (Qt's name)
        """The turn order (column 0) read from the rows directly; the sort role's
        numbers otherwise (a sort of 200 rows compares some 1,500 pairs)."""
        model = self.sourceModel()
        if (isinstance(model, RosterModel) and left.column() == _ORDER
                and right.column() == _ORDER):
            return model.order_key(left.row()) < model.order_key(right.row())
        return super().lessThan(left, right)
