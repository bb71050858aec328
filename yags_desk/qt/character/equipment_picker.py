"""A filterable list of one edition's catalogue items to equip a character with.

The list follows its :class:`CatalogueStore`: a custom item added in the
catalogue view appears here at once. Double-click, Enter or the Add button
emits :attr:`EquipmentPicker.chosen` with the item's id; rows can also be
dragged (``application/x-yags-item``) onto the character editor.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLineEdit,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.common.catalogue_model import CatalogueFilterProxy, ItemDrag
from yags_desk.qt.common.catalogue_store import CatalogueStore
from yags_desk.qt.common.icons import icon
from yags_desk.qt.common.list_sync import sync_rows
from yags_desk.qt.common.roles import Role
from yags_desk.rules.items import Armour, Weapon
from yags_desk.rules.values import signed

__all__ = ["EquipmentPicker", "PickerModel", "item_summary"]

Item = Weapon | Armour
AnyIndex = QModelIndex | QPersistentModelIndex
_ICONS = {"melee": "weapon-melee", "missile": "weapon-missile", "shield": "shield",
          "armour": "armour"}
_ORDER = {"melee": 0, "missile": 1, "shield": 2, "armour": 3}


def item_summary(item: Item) -> str:
    """A short line of an item's numbers, for lists and tooltips."""
    if isinstance(item, Armour):
        if item.edition == "classic":
            return (f"armour, half {item.half_protection}/{item.half_load:g}, "
                    f"full {item.full_protection}/{item.full_load:g} (prot/load)")
        return f"armour, prot {item.protection}, load {item.load:g}"
    if item.edition == "classic":
        return (f"{item.kind}, {item.skill}: init {signed(item.init)}, "
                f"attk {signed(item.attack)}, defn {signed(item.defence)}, "
                f"dmg {signed(item.damage)}")
    return (f"{item.kind}, {'/'.join(item.classes)}: attack {signed(item.attack)}, "
            f"defence {signed(item.defence)}, damage {signed(item.damage)} "
            f"{item.damage_type}")


def _sorted_items(store: CatalogueStore) -> list[Item]:
    return sorted(store.catalogue.items, key=lambda i: (_ORDER[i.kind], i.name.casefold()))


class PickerModel(ItemDrag, QAbstractListModel):
    """All items of a store's catalogue, weapons first, by name."""

    def __init__(self, store: CatalogueStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._rows: list[Item] = _sorted_items(store)
        store.changed.connect(self._refresh)

    def _refresh(self) -> None:
        sync_rows(self, self._rows, _sorted_items(self.store), key=lambda i: i.id, columns=1)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def item(self, row: int) -> Item:
        return self._rows[row]

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        item = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return item.name
        if role == Qt.ItemDataRole.ToolTipRole:
            origin = "built-in" if item.builtin else "custom"
            return f"{item.name} ({origin})\n{item_summary(item)}"
        if role == Qt.ItemDataRole.DecorationRole:
            return icon(_ICONS[item.kind])
        if role == Qt.ItemDataRole.FontRole and not item.builtin:
            font = QFont()
            font.setBold(True)
            return font
        if role == Role.ITEM_ID:
            return item.id
        if role == Role.OBJECT:
            return item
        if role == Role.KIND:
            return item.kind
        if role == Role.SEARCH_TEXT:
            props = " ".join(item.properties)
            return f"{item.name} {item.kind} {item_summary(item)} {props} {item.notes}".casefold()
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsDragEnabled)


class EquipmentPicker(QWidget):
    """Filter field, item list and an Add button; emits :attr:`chosen` (item id)."""

    chosen = Signal(str)

    def __init__(self, store: CatalogueStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.model = PickerModel(store, self)
        self.proxy = CatalogueFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setDynamicSortFilter(False)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter the catalogue…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.set_filter_text)
        self.filter_edit.returnPressed.connect(self._choose_first)
        self.list = QListView()
        self.list.setModel(self.proxy)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setDragEnabled(True)
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.list.setUniformItemSizes(True)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.activated.connect(self._activated)
        self.add_button = QPushButton(icon("item-add", "list-add"), "Add to character")
        self.add_button.setToolTip("Equip the selected items (or double-click, or drag them "
                                   "onto the sheet)")
        self.add_button.clicked.connect(self._choose_selected)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.list, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.add_button)
        layout.addLayout(row)

    def visible_names(self) -> list[str]:
        return [str(self.proxy.index(r, 0).data()) for r in range(self.proxy.rowCount())]

    def visible_ids(self) -> list[str]:
        return [str(self.proxy.index(r, 0).data(Role.ITEM_ID))
                for r in range(self.proxy.rowCount())]

    def _activated(self, index: QModelIndex) -> None:
        item_id = index.data(Role.ITEM_ID)
        if item_id:
            self.chosen.emit(str(item_id))

    def _choose_selected(self) -> None:
        for index in sorted(self.list.selectionModel().selectedIndexes(), key=lambda i: i.row()):
            self._activated(index)

    def _choose_first(self) -> None:
        if self.proxy.rowCount() == 1:
            self._activated(self.proxy.index(0, 0))
