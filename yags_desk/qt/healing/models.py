"""The healing record's two tables: the timeline of entries and what is due.

Both read the patients' :class:`~yags_desk.rules.healing.HealingRecord`s they
are given and are reset when the view changes them (a push, an undo, the game
time moving), so they never hold state of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from yags_desk.help.refs import cited_at_end, for_screen
from yags_desk.rules.character import Character
from yags_desk.rules.healing import Due, Entry, GameTime, HealingRecord, condition, describe, due
from yags_desk.rules.healing.due import NEEDS_HEALER

__all__ = ["DueModel", "TimelineModel", "due_text", "time_text"]

_Index = QModelIndex | QPersistentModelIndex


def time_text(t: GameTime) -> str:
    return f"Day {t.day}, {t.hour:02d}:00"


def due_text(text: str) -> str:
    """A Due row as the GM reads it: the sentence whole, then every rule it rests on
    once at its end, "(Rules reference §1.7, §1.10)", as the board and the check dialog
    cite, never mid-sentence (``help.refs.cited_at_end``)."""
    return for_screen(cited_at_end(text))


class TimelineModel(QAbstractTableModel):
    """Every entry of every patient, in game-time order (patients in record order)."""

    HEADERS = ("Time", "Patient", "What happened", "Condition after")

    def __init__(self, records: Sequence[HealingRecord], parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._records = list(records)
        self._rows: list[tuple[int, int]] = []
        self._build()

    def _build(self) -> None:
        rows = [(entry.at.hours, p, i) for p, record in enumerate(self._records)
                for i, entry in enumerate(record.entries)]
        self._rows = [(p, i) for _, p, i in sorted(rows)]

    def set_records(self, records: Sequence[HealingRecord]) -> None:
        self.beginResetModel()
        self._records = list(records)
        self._build()
        self.endResetModel()

    def refresh(self) -> None:
        self.set_records(self._records)

    def entry(self, row: int) -> tuple[int, Entry]:
        p, i = self._rows[row]
        return p, self._records[p].entries[i]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.HEADERS)):
            return self.HEADERS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        p, i = self._rows[index.row()]
        record = self._records[p]
        entry = record.entries[i]
        column = index.column()
        if column == 0:
            return time_text(entry.at)
        if column == 1:
            return record.state_after(i).name
        if column == 2:
            text = describe(entry, record.state_before(i), record.state_after(i))
            return for_screen(text.split(": ", 1)[1] if ": " in text else text)
        return condition(record.state_after(i))


class DueModel(QAbstractTableModel):
    """What each patient has due, soonest first, as seen at the record's game time.

    ``healer`` gives first aid (None: each patient themselves); first aid nobody
    there can give is listed, greyed and not selectable, saying a carer is needed.
    """

    HEADERS = ("Patient", "When", "What is due")

    def __init__(self, records: Sequence[HealingRecord], at: GameTime,
                 parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._records = list(records)
        self._at = at
        self.healer: Character | None = None
        self._rows: list[tuple[int, Due]] = []
        self._build()

    def _build(self) -> None:
        rows = [(d.when.hours, p, n, d) for p, record in enumerate(self._records)
                for n, d in enumerate(due(record.state, self._at, self.healer))]
        self._rows = [(p, d) for _, p, _, d in sorted(rows, key=lambda r: r[:3])]

    def set_records(self, records: Sequence[HealingRecord], at: GameTime) -> None:
        self.beginResetModel()
        self._records, self._at = list(records), at
        self._build()
        self.endResetModel()

    def item(self, row: int) -> tuple[int, Due]:
        return self._rows[row]

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if index.isValid() and self._rows[index.row()][1].kind == NEEDS_HEALER:
            return Qt.ItemFlag.NoItemFlags  # shown, never offered: it would be refused
        return super().flags(index)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.HEADERS)):
            return self.HEADERS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        p, item = self._rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == 0:
                return self._records[p].state.name
            if column == 1:
                return "now" if item.ready else time_text(item.when)
            return due_text(item.text)
        if role == Qt.ItemDataRole.FontRole and item.ready:
            font = QFont()
            font.setBold(True)
            return font
        return None
