"""The equipment part of the character editor: weapons, shield, armour and the picker.

Items come from the edition's catalogue, through the picker (double-click,
Enter, the Add button) or by drop on the editor; the character keeps copies
(RULES 1.3, RULES 2). The first weapon listed is the primary one when fighting
with two weapons (RULES 1.2), so weapons can be reordered.

The static layout is the Qt Designer form ``ui/equipment_section.ui``; the
tables' models and delegates, the catalogue picker, the two-weapon row, the
icons and the signals are added here.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QBoxLayout,
    QGroupBox,
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
)
from yags_desk.qt.common.icons import icon
from yags_desk.qt.forms.ui_equipment_section import Ui_EquipmentSection
from yags_desk.rules.character import Character

__all__ = ["EquipmentSection"]


class EquipmentSection(QGroupBox):
    """Weapons, shield, armour and other load, beside the catalogue picker."""

    def __init__(self, form: FormHost, store: CatalogueStore) -> None:
        super().__init__()
        self.ui = Ui_EquipmentSection()
        self.ui.setupUi(self)
        ui = self.ui
        self.form = form
        self.edition = form.edition
        form.armour_model.edit = self.edit_armour
        self.weapons_table = compact_table(form.weapons_model, stretch=0, rows=3,
                                           table=ui.weapons_table)
        ui.remove_weapon_button.setIcon(icon("item-delete", "list-remove"))
        ui.remove_weapon_button.clicked.connect(
            lambda: self.remove_weapons(selected_rows(self.weapons_table)))
        ui.up_button.setIcon(icon("item-import", "go-up"))
        ui.up_button.clicked.connect(lambda: self.move_weapon(-1))
        ui.down_button.setIcon(icon("item-export", "go-down"))
        ui.down_button.clicked.connect(lambda: self.move_weapon(1))

        on_delete_key(self.weapons_table, self.remove_weapons)
        self.shield_label = ui.shield_label
        self.remove_shield_button = ui.remove_shield_button
        self.remove_shield_button.setIcon(icon("item-delete", "list-remove"))
        self.remove_shield_button.clicked.connect(self.remove_shield)
        self.armour_table = compact_table(form.armour_model, stretch=0, rows=2,
                                          table=ui.armour_table)
        if self.edition == "classic":
            self.armour_table.setItemDelegateForColumn(
                1, ChoiceDelegate(("half", "full"), self.armour_table))
        ui.remove_armour_button.setIcon(icon("item-delete", "list-remove"))
        ui.remove_armour_button.clicked.connect(
            lambda: self.remove_armour(selected_rows(self.armour_table)))
        on_delete_key(self.armour_table, self.remove_armour)
        self.other_load_spin = ui.other_load_spin
        self.other_load_spin.valueChanged.connect(
            lambda v: form.set_field("other_load", v, "Change other load",
                                     merge="other_load"))
        form.messages["other_load"] = FieldMessage(self.other_load_spin)
        ui.other_load_box.addWidget(form.messages["other_load"])

        # The pairs row goes between the weapons' buttons and the shield.
        self.pairs = WeaponPairsRow(form)
        ui.left.insertWidget(ui.left.indexOf(ui.shield_row), self.pairs)
        message = FieldMessage(self.weapons_table)
        form.messages["equipment"] = message
        form.messages["armour"] = message
        ui.left.addWidget(message)

        self.picker = EquipmentPicker(store)
        self.picker.chosen.connect(lambda item_id: form.editor.equip([item_id]))
        self.picker.setMinimumWidth(180)
        self.picker.list.setIconSize(QSize(16, 16))
        ui.catalogue_label.setText(f"Catalogue ({self.edition})")
        ui.picker_box.addWidget(self.picker, 1)
        self.columns = ui.columns
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

