"""Table models of one kind of catalogue item (melee, missile, shields, armour).

Each :class:`CatalogueTableModel` shows the items of one kind from a
:class:`~yags_desk.qt.common.catalogue_store.CatalogueStore`, with the columns of the
edition's equipment tables (RULES 1.3 for classic, the 0.8 lists for 0.8).
Built-in rows are read-only and shown in italics with a lock; custom rows can
be edited in place, each edit going through :attr:`CatalogueTableModel.commit`
(the view turns it into an undo command). :class:`CatalogueFilterProxy` sorts
and filters them by any column's text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from yags_desk.help.refs import for_screen
from yags_desk.qt.common.catalogue_store import CatalogueStore
from yags_desk.qt.common.icons import icon
from yags_desk.qt.common.list_sync import sync_rows
from yags_desk.qt.common.mime import ITEM_MIME
from yags_desk.qt.common.roles import Role
from yags_desk.rules.editions import Edition
from yags_desk.rules.items import Armour, Weapon
from yags_desk.storage.wording import gm_text

__all__ = [
    "ItemDrag",
    "ITEM_MIME",
    "KINDS",
    "KIND_LABELS",
    "CatalogueFilterProxy",
    "CatalogueTableModel",
    "Column",
    "columns_for",
    "item_mime_data",
    "items_from_mime",
]

Item = Weapon | Armour
AnyIndex = QModelIndex | QPersistentModelIndex
KINDS = ("melee", "missile", "shield", "armour")
KIND_LABELS = {"melee": "Melee weapons", "missile": "Missile weapons",
               "shield": "Shields", "armour": "Armour"}
NONE_TEXT = "—"
_TUPLE_FIELDS = ("properties", "classes", "covers", "ranges")


def _signed(v: int | None) -> str:
    return NONE_TEXT if v is None else f"{v:+d}"


def _plain(v: float | int | None) -> str:
    if v is None:
        return NONE_TEXT
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def _joined(v: Sequence[Any] | None, sep: str = ", ") -> str:
    return sep.join(str(x) for x in v) if v else ""


@dataclass(frozen=True)
class Column:
    """One column: its header, the item field it shows and how."""

    header: str
    field: str
    style: str = "plain"  # plain, signed, text, list, ranges, builtin
    tip: str = ""

    def raw(self, item: Item) -> Any:
        return getattr(item, self.field, None)

    def text(self, item: Item) -> str:
        v = self.raw(item)
        if self.style == "signed":
            return _signed(v)
        if self.style == "plain":
            return _plain(v)
        if self.style == "list":
            return _joined(v)
        if self.style == "ranges":
            return _joined(v, "/") or NONE_TEXT
        if self.style == "builtin":
            return "built-in" if v else "custom"
        return "" if v is None else str(v)

    def sort_key(self, item: Item) -> Any:
        v = self.raw(item)
        if self.style in ("signed", "plain"):
            return float("-inf") if v is None else float(v)
        if self.style == "ranges":
            return float(v[-1]) if v else float("-inf")
        if self.style == "builtin":
            return 0 if v else 1
        return self.text(item).casefold()

    @property
    def editable(self) -> bool:
        return self.field not in ("builtin", "id")

    def edit_text(self, item: Item) -> str:
        v = self.raw(item)
        if v is None:
            return ""
        if self.style == "ranges":
            return _joined(v, "/")
        if self.style == "list":
            return _joined(v)
        if isinstance(v, float):
            return f"{v:g}"
        return str(v)

    def parse(self, text: str) -> Any:
        """The field value for typed text; pydantic checks it afterwards."""
        text = text.strip()
        if self.style == "ranges":
            return [p.strip() for p in text.replace(",", "/").split("/") if p.strip()] or None
        if self.style == "list":
            return [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        if self.style in ("signed", "plain"):
            return text.lstrip("+") or None
        return text


def _c(header: str, field: str, style: str = "plain", tip: str = "") -> Column:
    return Column(header, field, style, tip)


_NAME = _c("Name", "name", "text")
_NOTES = _c("Notes", "notes", "text")
_PROPS = _c("Properties", "properties", "list", "Flags such as light, heavy, two-handed")
_BUILTIN = _c("Built-in", "builtin", "builtin", "Built-in items are read-only; copy one to "
              "change it")
_STR = _c("Str", "strength", tip="Strength needed to use it without penalty")
_LOAD = _c("Load", "load")

_COLUMNS: dict[tuple[Edition, str], tuple[Column, ...]] = {
    # RULES 1.3 melee table.
    ("classic", "melee"): (
        _NAME, _c("Init", "init", "signed"), _c("Attk", "attack", "signed"),
        _c("Defn", "defence", "signed"), _c("Dmg", "damage", "signed"), _STR,
        _c("Tgh", "toughness", tip="Toughness against breaking"), _LOAD,
        _c("Skill", "skill", "text"), _PROPS, _NOTES, _BUILTIN),
    # RULES 1.3 missile table.
    ("classic", "missile"): (
        _NAME, _c("Init", "init", "signed"), _c("Attk", "attack", "signed"),
        _c("Dmg", "damage", "signed"), _STR, _c("Tgh", "toughness"), _LOAD,
        _c("Skill", "skill", "text"),
        _c("Ranges", "ranges", "ranges", "Short / medium / long / extreme, in metres"),
        _PROPS, _NOTES, _BUILTIN),
    ("classic", "shield"): (
        _NAME, _c("Init", "init", "signed"), _c("Attk", "attack", "signed"),
        _c("Defn", "defence", "signed"), _c("Dmg", "damage", "signed"), _STR,
        _c("Tgh", "toughness"), _LOAD, _PROPS, _NOTES, _BUILTIN),
    # RULES 1.3 armour table: half and full coverage.
    ("classic", "armour"): (
        _NAME, _c("Half prot", "half_protection"), _c("Half load", "half_load"),
        _c("Full prot", "full_protection"), _c("Full load", "full_load"),
        _PROPS, _NOTES, _BUILTIN),
    # RULES 2 / reference/yags-0.8/equipment.
    ("0.8", "melee"): (
        _NAME, _c("Attack", "attack", "signed"), _c("Defence", "defence", "signed"),
        _c("Damage", "damage", "signed"), _c("Type", "damage_type", "text"), _STR, _LOAD,
        _c("Reach", "reach"), _c("Classes", "classes", "list"), _PROPS, _NOTES, _BUILTIN),
    ("0.8", "missile"): (
        _NAME, _c("Attack", "attack", "signed"), _c("Damage", "damage", "signed"),
        _c("Type", "damage_type", "text"), _STR, _LOAD,
        _c("Ranges", "ranges", "ranges", "Short / medium / long / extreme, in metres"),
        _c("Classes", "classes", "list"), _PROPS, _NOTES, _BUILTIN),
    ("0.8", "shield"): (
        _NAME, _c("Attack", "attack", "signed"), _c("Defence", "defence", "signed"),
        _c("Bash", "bash", "signed"), _STR, _LOAD, _c("Classes", "classes", "list"),
        _PROPS, _NOTES, _BUILTIN),
    ("0.8", "armour"): (
        _NAME, _c("Prot", "protection"), _LOAD, _c("Covers", "covers", "list"),
        _PROPS, _NOTES, _BUILTIN),
}


def columns_for(edition: Edition, kind: str) -> tuple[Column, ...]:
    return _COLUMNS[(edition, kind)]


def item_mime_data(edition: Edition, ids: Sequence[str]) -> QMimeData:
    """Drag data of catalogue items: JSON ``{"edition", "id", "ids"}``."""
    mime = QMimeData()
    payload = {"edition": edition, "id": ids[0] if ids else "", "ids": list(ids)}
    mime.setData(ITEM_MIME, json.dumps(payload).encode("utf-8"))
    if ids:
        mime.setText(", ".join(ids))
    return mime


def items_from_mime(mime: QMimeData) -> tuple[str, list[str]] | None:
    """(edition, ids) from drag data, or None if it is not (valid) catalogue item data."""
    if not mime.hasFormat(ITEM_MIME):
        return None
    try:
        payload = json.loads(bytes(mime.data(ITEM_MIME).data()).decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(payload, dict) or not isinstance(payload.get("edition"), str):
        return None
    ids = payload.get("ids")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        one = payload.get("id")
        ids = [one] if isinstance(one, str) and one else []
    return payload["edition"], [str(i) for i in ids][:1000]


def _items_of(store: CatalogueStore, kind: str) -> list[Item]:
    return [i for i in store.catalogue.items if i.kind == kind]


class ItemDrag:
    """Rows of catalogue items dragged as items (to the character editor): the drag
    half of a model holding ``store`` and its items in ``_rows``."""

    store: CatalogueStore
    _rows: list[Item]

    def mimeTypes(self) -> list[str]:
        return [ITEM_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        rows = sorted({i.row() for i in indexes if i.isValid()})
        return item_mime_data(self.store.edition, [self._rows[r].id for r in rows])

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction


class CatalogueTableModel(ItemDrag, QAbstractTableModel):
    """The ``kind`` items of a store's catalogue, built-in first, then custom.

    ``commit(old, new)`` is called with a validated replacement when a custom
    cell is edited; :attr:`edit_refused` carries ``field: problem`` lines when
    typed text does not make a valid item (and nothing changes).
    """

    edit_refused = Signal(str)

    def __init__(self, store: CatalogueStore, kind: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        if kind not in KINDS:
            raise ValueError(f"kind: {kind!r} is not one of {', '.join(KINDS)}")
        self.store = store
        self.kind = kind
        self.columns = columns_for(store.edition, kind)
        self._rows: list[Item] = _items_of(store, kind)
        self._search: dict[str, tuple[Item, str]] = {}
        self._texts: list[str] | None = None
        # Bumped on every change of rows; proxies compare it to know their cached
        # filter results are stale. Connected before any proxy connects, so it is
        # current by the time a proxy hears of the change.
        self.revision = 0
        self.commit: Callable[[Item, Item], None] | None = None
        for signal in (self.rowsInserted, self.rowsRemoved, self.dataChanged,
                       self.modelReset, self.layoutChanged):
            signal.connect(self._rows_changed)
        store.changed.connect(self._refresh)

    # -- reading --------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def item(self, row: int) -> Item:
        return self._rows[row]

    def items(self) -> list[Item]:
        return list(self._rows)

    def row_of(self, item_id: str) -> int:
        for row, item in enumerate(self._rows):
            if item.id == item_id:
                return row
        return -1

    def _rows_changed(self, *_args: object) -> None:
        self._texts = None
        self.revision += 1

    def search_texts(self) -> list[str]:
        """:meth:`search_text` of every row, in row order."""
        if self._texts is None:
            self._texts = [self.search_text(r) for r in range(len(self._rows))]
        return self._texts

    def search_text(self, row: int) -> str:
        """Every column's text of a row (and its id and source), folded, for filtering."""
        item = self._rows[row]
        cached = self._search.get(item.id)
        if cached is not None and cached[0] is item:
            return cached[1]
        parts = [c.text(item) for c in self.columns]
        parts += [item.id, item.source, _joined(getattr(item, "classes", ()))]
        text = " ".join(parts).casefold()
        self._search[item.id] = (item, text)
        return text

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        item = self._rows[index.row()]
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(item)
        if role == Qt.ItemDataRole.EditRole:
            return column.edit_text(item)
        if role == Qt.ItemDataRole.FontRole and item.builtin:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.DecorationRole and column.style == "builtin" and item.builtin:
            return icon("lock", "object-locked")
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(item, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.style in ("signed", "plain"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Role.ITEM_ID:
            return item.id
        if role == Role.OBJECT:
            return item
        if role == Role.BUILTIN:
            return item.builtin
        if role == Role.KIND:
            return item.kind
        if role == Role.SORT:
            return column.sort_key(item)
        if role == Role.SEARCH_TEXT:
            return self.search_text(index.row())
        return None

    @staticmethod
    def _tooltip(item: Item, column: Column) -> str | None:
        # [decision] A words cell (classes, properties, notes...) can run past the table's
        # edge when the docks are open at 1366 px: its whole text heads the tooltip.
        parts = []
        if column.style in ("text", "list", "ranges") and column.field != "name":
            text = column.text(item)
            if text and text != NONE_TEXT:
                parts.append(f"{column.header}: {text}")
        if item.builtin:
            parts.append(f"{item.name}: built-in ({for_screen(item.source)}); read-only, "
                         "copy it to change it")
        elif column.tip:
            parts.append(column.tip)
        return "\n".join(parts) or None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].header
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.columns[section].tip or None
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                 | Qt.ItemFlag.ItemIsDragEnabled)
        item = self._rows[index.row()]
        if not item.builtin and self.columns[index.column()].editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    # -- editing --------------------------------------------------------------------

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        item = self._rows[index.row()]
        column = self.columns[index.column()]
        if item.builtin or not column.editable:
            self.edit_refused.emit(f"{column.field}: {item.name} is a built-in item and "
                                   "cannot be changed; copy it to make your own")
            return False
        data = item.model_dump()
        data[column.field] = column.parse(str(value))
        try:
            new = type(item).model_validate(data)
        except ValidationError as exc:
            self.edit_refused.emit(gm_text(exc))
            return False
        if new == item:
            return True
        if self.commit is None:
            return False
        self.commit(item, new)
        return True

    # -- following the store --------------------------------------------------------

    def _refresh(self) -> None:
        sync_rows(self, self._rows, _items_of(self.store, self.kind), key=lambda i: i.id,
                  columns=len(self.columns))


class CatalogueFilterProxy(QSortFilterProxyModel):
    """Sorts by :data:`Role.SORT` and keeps rows whose text holds every typed word.

    Over a :class:`CatalogueTableModel` the matches of all rows are worked out
    in one pass per keystroke (the per-row check is then a list lookup), which
    keeps filtering thousands of items quick.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: tuple[str, ...] = ()
        self._accepted: list[bool] | None = None
        self._revision = -1
        self.setSortRole(Role.SORT)
        self.setDynamicSortFilter(True)

    def filter_text(self) -> str:
        return " ".join(self._words)

    def set_filter_text(self, text: str) -> None:
        words = tuple(text.casefold().split())
        if words == self._words:
            return
        self.beginFilterChange()
        self._words = words
        self._accepted = None
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def _matches(self, text: str) -> bool:
        return all(word in text for word in self._words)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        if not self._words:
            return True
        source = self.sourceModel()
        if isinstance(source, CatalogueTableModel):
            if self._accepted is None or self._revision != source.revision:
                self._accepted = [self._matches(t) for t in source.search_texts()]
                self._revision = source.revision
            return self._accepted[source_row]
        text = source.data(source.index(source_row, 0, source_parent), Role.SEARCH_TEXT)
        return self._matches(str(text or ""))
