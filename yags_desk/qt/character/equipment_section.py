"""The equipment part of the character editor: weapons, shield, armour and the picker.

Items come from the edition's catalogue, through the picker (double-click,
Enter, the Add button) or by drop on the editor; the character keeps copies
(RULES 1.3, RULES 2). The first weapon listed is the primary one when fighting
with two weapons (RULES 1.2), so weapons can be reordered.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QDoubleSpinBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
)

from yags_desk.qt.character.equipment_picker import EquipmentPicker
from yags_desk.qt.character.hosts import FormHost
from yags_desk.qt.character.weapon_pairs_row import WeaponPairsRow
from yags_desk.qt.character.widgets import ChoiceDelegate, compact_table
from yags_desk.qt.common.catalogue_store import CatalogueStore
from yags_desk.qt.common.editor_widgets import (
    FieldMessage,
    on_delete_key,
    selected_rows,
    tool_button,
    with_message,
)
from yags_desk.rules.character import Character

__all__ = ["EquipmentSection"]


class EquipmentSection(QGroupBox):
    """Weapons, shield, armour and other load, beside the catalogue picker."""

    def __init__(self, form: FormHost, store: CatalogueStore) -> None:
        super().__init__("Equipment")
        self.form = form
        self.edition = form.edition
        form.armour_model.edit = self.edit_armour
        self.weapons_table = compact_table(form.weapons_model, stretch=0, rows=3)
        self.weapons_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        remove_weapon = tool_button("Remove", "item-delete", "list-remove",
                                    "Remove the selected weapons")
        remove_weapon.clicked.connect(
            lambda: self.remove_weapons(selected_rows(self.weapons_table)))
        up = tool_button("Up", "item-import", "go-up",
                         "Move the selected weapon up (the first is the primary of two weapons)")
        up.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        up.clicked.connect(lambda: self.move_weapon(-1))
        down = tool_button("Down", "item-export", "go-down", "Move the selected weapon down")
        down.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        down.clicked.connect(lambda: self.move_weapon(1))

        on_delete_key(self.weapons_table, self.remove_weapons)
        self.shield_label = QLabel()
        self.remove_shield_button = tool_button("Remove", "item-delete", "list-remove",
                                                "Put the shield away")
        self.remove_shield_button.clicked.connect(self.remove_shield)
        self.armour_table = compact_table(form.armour_model, stretch=0, rows=2)
        if self.edition == "classic":
            self.armour_table.setItemDelegateForColumn(
                1, ChoiceDelegate(("half", "full"), self.armour_table))
        self.armour_table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                          | QAbstractItemView.EditTrigger.SelectedClicked)
        remove_armour = tool_button("Remove", "item-delete", "list-remove",
                                    "Take off the selected armour")
        remove_armour.clicked.connect(
            lambda: self.remove_armour(selected_rows(self.armour_table)))
        on_delete_key(self.armour_table, self.remove_armour)
        self.other_load_spin = QDoubleSpinBox()
        self.other_load_spin.setRange(-1, 100_000)
        self.other_load_spin.setDecimals(1)
        self.other_load_spin.setKeyboardTracking(False)
        self.other_load_spin.setToolTip("Load of everything else carried (packs, tools, coins)")
        self.other_load_spin.valueChanged.connect(
            lambda v: form.set_field("other_load", v, "Change other load",
                                     merge="other_load"))

        left = QVBoxLayout()
        left.addWidget(QLabel("Weapons (drag items here from the catalogue)"))
        left.addWidget(self.weapons_table, 2)
        row = QHBoxLayout()
        for b in (remove_weapon, up, down):
            row.addWidget(b)
        row.addStretch(1)
        left.addLayout(row)
        self.pairs = WeaponPairsRow(form)
        left.addWidget(self.pairs)
        shield_row = QHBoxLayout()
        shield_row.addWidget(QLabel("Shield:"))
        shield_row.addWidget(self.shield_label, 1)
        shield_row.addWidget(self.remove_shield_button)
        left.addLayout(shield_row)
        left.addWidget(QLabel("Armour"))
        left.addWidget(self.armour_table, 1)
        row2 = QHBoxLayout()
        row2.addWidget(remove_armour)
        row2.addStretch(1)
        row2.addWidget(QLabel("Other load"))
        row2.addWidget(with_message(self.other_load_spin, form.messages, "other_load"))
        left.addLayout(row2)
        message = FieldMessage(self.weapons_table)
        form.messages["equipment"] = message
        form.messages["armour"] = message
        left.addWidget(message)

        self.picker = EquipmentPicker(store)
        self.picker.chosen.connect(lambda item_id: form.editor.equip([item_id]))
        self.picker.setMinimumWidth(180)
        self.picker.list.setIconSize(QSize(16, 16))
        picker_box = QVBoxLayout()
        picker_box.addWidget(QLabel(f"Catalogue ({self.edition})"))
        picker_box.addWidget(self.picker, 1)
        self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.columns.addLayout(left, 3)
        self.columns.addLayout(picker_box, 2)
        self.picker.list.setMinimumHeight(160)

    def set_compact(self, compact: bool) -> None:
        """The picker beside the equipment when there is room, else below it."""
        self.columns.setDirection(QBoxLayout.Direction.TopToBottom if compact
                                  else QBoxLayout.Direction.LeftToRight)

    def show_character(self, c: Character) -> None:
        self.pairs.show_character(c)
        self.form.quietly(self.other_load_spin,
                          lambda: self.other_load_spin.setValue(c.other_load))
        self.shield_label.setText(c.shield.name if c.shield else "(none)")
        self.shield_label.setToolTip(c.shield.notes if c.shield else "")
        self.remove_shield_button.setEnabled(c.shield is not None)

    def remove_weapons(self, rows: list[int]) -> bool:
        return self.form.remove_rows("weapons", rows, "weapon", field="equipment")

    def remove_armour(self, rows: list[int]) -> bool:
        return self.form.remove_rows("armour", rows, "armour", field="equipment")

    def move_weapon(self, delta: int) -> bool:
        rows = selected_rows(self.weapons_table)
        count = len(self.form.editor.character().weapons)
        if len(rows) != 1 or not 0 <= rows[0] + delta < count:
            return False
        row = rows[0]

        def update(data: dict[str, Any]) -> None:
            w = data["weapons"]
            w[row], w[row + delta] = w[row + delta], w[row]
        if not self.form.editor.change("Reorder weapons", update, field="equipment"):
            return False
        self.weapons_table.selectRow(row + delta)
        return True

    def remove_shield(self) -> bool:
        return self.form.set_field("shield", None, "Remove shield")

    def edit_armour(self, row: int, field: str, value: Any) -> bool:
        def update(data: dict[str, Any]) -> None:
            data["armour"][row][field] = value
        return self.form.editor.change(f"Wear armour at {value} coverage", update,
                                       field="equipment")

