"""The widgets of the character editor and how each edit reaches the character.

:class:`CharacterForm` lays out the sheet (identity, attributes, skills,
advantages, equipment with the catalogue picker, condition, notes) beside the
derived panel. Every handler turns a widget's new value into an update of the
character's data and calls :meth:`CharacterEditor.change`, which validates it
and pushes the undo command (or shows the reason at the field).

The static layout (identity, the group boxes and their layouts, the skills and
advantages views with their buttons, the top row, the splitter) is the Qt
Designer form ``ui/character_form.ui``. What differs per edition stays in code:
the attribute spin boxes (8 or 9, into the form's ``attributes_layout``) and the
condition spin boxes (into ``condition_box``); so do the models, delegates,
signals, icons, the equipment section and the derived panel.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QBoxLayout,
    QCheckBox,
    QLabel,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.character.equipment_section import EquipmentSection
from yags_desk.qt.character.hosts import EditorHost
from yags_desk.qt.character.model import (
    AdvantagesModel,
    ArmourModel,
    DerivedSummaryModel,
    SkillsModel,
    StylesModel,
    WeaponsModel,
    derived_rows,
)
from yags_desk.qt.character.widgets import (
    ChoiceDelegate,
    DerivedPanel,
    NameDelegate,
    ReflowGrid,
    SheetScroll,
    compact_table,
    known_skills,
)
from yags_desk.qt.common.catalogue_store import CatalogueStore
from yags_desk.qt.common.editor_widgets import (
    FieldMessage,
    MessageBar,
    on_delete_key,
    selected_rows,
    with_message,
)
from yags_desk.qt.common.icons import icon
from yags_desk.qt.forms.ui_character_form import Ui_CharacterForm
from yags_desk.rules.character import Character
from yags_desk.rules.derived import Derived
from yags_desk.rules.editions import edition_rules
from yags_desk.rules.words import counted

__all__ = ["KIND_CHOICES", "CharacterForm"]

KIND_CHOICES = (("PC", "pc"), ("NPC", "npc"), ("Template", "template"))
EDITION_NOTES = {"classic": "classic: 2d10!, skills in percent",
                 "0.8": "YAGS 0.8: d20, skill levels"}
_INT_RANGE = (-9999, 9999)  # wide on purpose: the model, not the spin box, refuses


def _spin(tip: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(*_INT_RANGE)
    spin.setKeyboardTracking(False)  # a value counts when Enter or focus-out confirms it
    spin.setAlignment(Qt.AlignmentFlag.AlignRight)
    spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
    spin.setMinimumWidth(64)
    spin.setMaximumWidth(110)
    if tip:
        spin.setToolTip(tip)
    return spin


class CharacterForm(QWidget):
    """The editor's widgets; ``editor`` receives every change."""

    def __init__(self, editor: EditorHost, character: Character,
                 store: CatalogueStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.edition = character.edition
        self.rules = edition_rules(character.edition)
        self.messages: dict[str, FieldMessage] = {}
        # What the GM reads beside each input field, for messages about it.
        self.field_labels: dict[str, str] = {"name": "Name", "player": "Player",
                                             "kind": "Kind", "notes": "Notes",
                                             "other_load": "Other load"}
        self.message_bar = MessageBar()

        self.skills_model = SkillsModel(self.edition, self)
        self.advantages_model = AdvantagesModel(self)
        self.weapons_model = WeaponsModel(self.edition, self)
        self.armour_model = ArmourModel(self.edition, self)
        self.styles_model = StylesModel(self.edition, self)
        self.summary_model = DerivedSummaryModel(self)
        self.skills_model.edit = self._edit_skill
        self.advantages_model.edit = self._edit_advantage

        self.ui = Ui_CharacterForm()
        self.ui.setupUi(self)
        self._identity(character)
        self._attributes()
        self.skills_row = self.ui.skills_row
        self._skills()
        self._advantages()
        self.equipment = EquipmentSection(self, store)
        sheet_layout = self.ui.sheet_layout
        sheet_layout.insertWidget(sheet_layout.indexOf(self.ui.condition_box), self.equipment)
        self._condition()
        self._notes()
        # The sheet scrolls: it moves from the form's splitter into the scroll area.
        self.sheet_scroll = SheetScroll(self.set_compact)
        self.splitter = self.ui.splitter
        self.splitter.replaceWidget(0, self.sheet_scroll)
        self.sheet_scroll.setWidget(self.ui.sheet)

        self.derived_panel = DerivedPanel(self.summary_model, self.styles_model)
        self.splitter.addWidget(self.derived_panel)
        self.splitter.setStretchFactor(0, 11)
        self.splitter.setStretchFactor(1, 9)
        self.splitter.setSizes([1100, 900])
        self.ui.layout.insertWidget(0, self.message_bar)

    # -- sections (the form is ui/character_form.ui; this fills and wires it) -------

    def _identity(self, character: Character) -> None:
        ui = self.ui
        self.name_edit = ui.name_edit
        self.name_edit.editingFinished.connect(
            lambda: self.set_field("name", self.name_edit.text(), "Rename"))
        self.player_edit = ui.player_edit
        self.player_edit.editingFinished.connect(
            lambda: self.set_field("player", self.player_edit.text(), "Change player"))
        self.kind_combo = ui.kind_combo
        for label, value in KIND_CHOICES:
            self.kind_combo.addItem(label, value)
        self.kind_combo.activated.connect(
            lambda _i: self.set_field("kind", self.kind_combo.currentData(), "Change kind"))
        self.edition_label = ui.edition_label
        self.edition_label.setText(f"Edition: {EDITION_NOTES[self.edition]}")
        self.duplicate_button = ui.duplicate_button
        self.duplicate_button.setIcon(icon("item-copy", "edit-copy"))
        self.duplicate_button.clicked.connect(self.editor.duplicate)
        self.template_button = ui.template_button
        self.template_button.setIcon(icon("item-add", "document-new"))
        self.template_button.clicked.connect(self.editor.make_template)
        self.healing_button = QToolButton()
        self.healing_button.setObjectName("healing_button")
        self.healing_button.setText("Start healing")
        self.healing_button.setIcon(icon("pc"))
        self.healing_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.healing_button.setToolTip("Open a healing record for this character: first aid "
                                       "and recovery in game time")
        self.healing_button.clicked.connect(self.editor.start_healing)
        ui.top.addWidget(self.healing_button)
        for key, edit, box in (("name", self.name_edit, ui.name_box),
                               ("player", self.player_edit, ui.player_box)):
            self.messages[key] = FieldMessage(edit)
            box.addWidget(self.messages[key])
        self.messages["kind"] = FieldMessage(self.kind_combo)
        ui.identity_form.addRow("", self.messages["kind"])

    def _attributes(self) -> None:
        outer = self.ui.attributes_layout
        self.attribute_grid = ReflowGrid()
        outer.addLayout(self.attribute_grid)
        self.attribute_spins: dict[str, QSpinBox] = {}
        typical = self.rules.default_attribute
        for name in self.rules.attributes:
            spin = _spin(f"{name.capitalize()} (typical {5 if name == 'size' else typical})")
            spin.setAccessibleName(name)
            spin.valueChanged.connect(lambda v, a=name: self._set_attribute(a, v))
            self.attribute_spins[name] = spin
            label = QLabel(name.capitalize())
            label.setBuddy(spin)
            self.attribute_grid.add_pair(label, spin)
            # The reasons go in one column under the grid, so a refusal does not
            # push the other attributes about.
            message = FieldMessage(spin)
            self.messages[f"attributes.{name}"] = message
            self.field_labels[f"attributes.{name}"] = name.capitalize()
            outer.addWidget(message)
        self.attribute_grid.set_columns(4)

    def set_compact(self, compact: bool) -> None:
        """Stack the sheet's side-by-side parts when it is narrow (docks open, small
        screens) and spread them out again when there is room."""
        self.attribute_grid.set_columns(2 if compact else 4)
        self.condition_grid.set_columns(1 if compact else 3)
        direction = (QBoxLayout.Direction.TopToBottom if compact
                     else QBoxLayout.Direction.LeftToRight)
        self.skills_row.setDirection(direction)
        self.equipment.set_compact(compact)

    def _skills(self) -> None:
        ui = self.ui
        self.skills_table = compact_table(self.skills_model, stretch=0, rows=5,
                                          table=ui.skills_table)
        self.skills_table.setItemDelegateForColumn(
            0, NameDelegate(known_skills(self.edition), self.skills_table))
        if self.edition == "classic":
            self.skills_table.setItemDelegateForColumn(
                2, ChoiceDelegate(("", "easy", "average", "hard"), self.skills_table))
        self.skills_table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                          | QAbstractItemView.EditTrigger.EditKeyPressed
                                          | QAbstractItemView.EditTrigger.AnyKeyPressed)
        ui.add_skill_button.clicked.connect(lambda: self.add_skill())
        ui.remove_skills_button.clicked.connect(
            lambda: self.remove_skills(selected_rows(self.skills_table)))
        on_delete_key(self.skills_table, self.remove_skills)
        self._list_box(ui.skills_layout, self.skills_table, "skills",
                       (ui.add_skill_button, ui.remove_skills_button))

    def _advantages(self) -> None:
        ui = self.ui
        self.advantages_list = ui.advantages_list
        self.advantages_list.setModel(self.advantages_model)
        ui.add_advantage_button.clicked.connect(lambda: self.add_advantage())
        ui.remove_advantages_button.clicked.connect(
            lambda: self.remove_advantages(selected_rows(self.advantages_list)))
        on_delete_key(self.advantages_list, self.remove_advantages)
        self._list_box(ui.advantages_layout, self.advantages_list, "advantages",
                       (ui.add_advantage_button, ui.remove_advantages_button))

    def _list_box(self, layout: QVBoxLayout, view: QAbstractItemView, key: str,
                  buttons: tuple[QToolButton, ...]) -> None:
        """The message under the view; the Add and Remove buttons' icons."""
        message = FieldMessage(view)
        self.messages[key] = message
        layout.insertWidget(1, message)
        for button, (name, theme) in zip(buttons, (("item-add", "list-add"),
                                                   ("item-delete", "list-remove")),
                                         strict=True):
            button.setIcon(icon(name, theme))

    def _condition(self) -> None:
        self.condition_grid = grid = ReflowGrid(self.ui.condition_box)
        if self.edition == "classic":
            fields = (("wounds", "Body levels taken", "Rules reference §1.6"),
                      ("fatigue_short", "Short-term fatigue", "Rules reference §1.7"),
                      ("fatigue_long", "Long-term fatigue", "Rules reference §1.7"))
        else:
            fields = (("wounds", "Wounds", "Rules reference §2"),
                      ("stuns", "Stuns", "Rules reference §2"),
                      ("base_soak", "Base soak", "12 for an adult human (Rules reference §2)"))
        self.condition_spins: dict[str, QSpinBox] = {}
        for field, label, tip in fields:
            spin = _spin(tip)
            spin.valueChanged.connect(
                lambda v, f=field, t=label: self.set_field(f, v, f"Change {t.lower()}",
                                                            merge=f))
            self.condition_spins[field] = spin
            self.field_labels[field] = label
            text = QLabel(label)
            text.setBuddy(spin)
            grid.add_pair(text, with_message(spin, self.messages, field))
        # Killed in a fight or died of wounds (RULES 1.6, 1.10; RULES 2): written by
        # Apply results and the healing record; the GM can mark or clear it here.
        self.dead_check = QCheckBox("Dead")
        self.dead_check.setToolTip("The character is dead: the library shows it and "
                                   "healing refuses it")
        self.dead_check.toggled.connect(
            lambda dead: self.set_field("dead", dead, "Mark dead" if dead else "Mark alive"))
        self.field_labels["dead"] = "Dead"
        text = QLabel("State")
        text.setBuddy(self.dead_check)
        grid.add_pair(text, with_message(self.dead_check, self.messages, "dead"))
        grid.set_columns(3)

    def _notes(self) -> None:
        self.notes_edit = self.ui.notes_edit
        self.notes_edit.textChanged.connect(
            lambda: self.set_field("notes", self.notes_edit.toPlainText(), "Edit notes",
                                    merge="notes"))
        self.messages["notes"] = FieldMessage(self.notes_edit)
        self.ui.notes_box_layout.addWidget(self.messages["notes"])

    # -- showing the character ------------------------------------------------------

    def show_character(self, c: Character, derived: Derived) -> None:
        """Put ``c`` into every widget without triggering edits; clear refusals."""
        for message in self.messages.values():
            message.clear_problem()
        for edit, text in ((self.name_edit, c.name), (self.player_edit, c.player)):
            if edit.text() != text:  # leave the cursor alone when nothing changed
                self.quietly(edit, lambda e=edit, t=text: e.setText(t))
        self.quietly(self.kind_combo, lambda: self.kind_combo.setCurrentIndex(
            self.kind_combo.findData(c.kind)))
        for name, spin in self.attribute_spins.items():
            self.quietly(spin, lambda s=spin, n=name: s.setValue(c.attributes[n]))
        for field, spin in self.condition_spins.items():
            self.quietly(spin, lambda s=spin, f=field: s.setValue(getattr(c, f)))
        self.quietly(self.dead_check, lambda: self.dead_check.setChecked(c.dead))
        if self.notes_edit.toPlainText().strip() != c.notes:
            self.quietly(self.notes_edit, lambda: self.notes_edit.setPlainText(c.notes))
        self.equipment.show_character(c)
        self.skills_model.set_character(c)
        self.advantages_model.set_character(c)
        self.weapons_model.set_character(c)
        self.armour_model.set_character(c)
        self.styles_model.set_derived(derived)
        self.summary_model.set_rows(derived_rows(c, derived))

    @staticmethod
    def quietly(widget: QWidget, set_value: Any) -> None:
        blocked = widget.blockSignals(True)
        try:
            set_value()
        finally:
            widget.blockSignals(blocked)

    def show_problem(self, field: str, text: str) -> None:
        message = self.messages.get(field)
        if message is None:
            self.message_bar.show_error(text)
        else:
            message.show_problem(text)

    def clear_problem(self, field: str) -> None:
        message = self.messages.get(field)
        if message is not None:
            message.clear_problem()

    def problem(self, field: str) -> str:
        message = self.messages.get(field)
        return message.problem() if message is not None else ""

    def labels(self) -> dict[str, str]:
        """Field name -> the label shown on this sheet (for messages in its words)."""
        return {key.rsplit(".", 1)[-1]: label for key, label in self.field_labels.items()}

    def commit_pending(self) -> None:
        """Take in what is typed but not yet confirmed (no Enter or focus change yet),
        so a save never writes something other than what the sheet shows."""
        for spin in (*self.attribute_spins.values(), *self.condition_spins.values(),
                     self.equipment.other_load_spin):
            if spin.hasAcceptableInput():
                spin.interpretText()
        character = self.editor.character()
        for field, edit in (("name", self.name_edit), ("player", self.player_edit)):
            if edit.text() != getattr(character, field) and not self.problem(field):
                edit.editingFinished.emit()

    def refused_fields(self) -> list[tuple[str, str]]:
        """(label, reason) of each input field still holding a value it refused.

        Tables are left out: a refused cell goes back to the character's value,
        while a spin box or text field keeps showing what was typed.
        """
        return [(self.field_labels.get(key, key), message.problem())
                for key, message in self.messages.items()
                if message.problem() and not isinstance(message.field, QAbstractItemView)]

    # -- edits ----------------------------------------------------------------------

    def set_field(self, field: str, value: Any, text: str, merge: str | None = None) -> bool:
        def update(data: dict[str, Any]) -> None:
            data[field] = value
        return self.editor.change(text, update, field=field, merge=merge)

    def _set_attribute(self, name: str, value: int) -> bool:
        def update(data: dict[str, Any]) -> None:
            data["attributes"][name] = value
        return self.editor.change(f"Set {name.capitalize()} to {value}", update,
                                  field=f"attributes.{name}", merge=f"attributes.{name}")

    def _edit_skill(self, row: int, field: str, value: Any) -> bool:
        old = self.editor.character().skills[row]

        def update(data: dict[str, Any]) -> None:
            data["skills"][row][field] = value
        what = {"name": f"Rename skill {old.name}", "value": f"Set {old.name} to {value}",
                "difficulty": f"Set {old.name} difficulty"}[field]
        return self.editor.change(what, update, field="skills")

    def add_skill(self, name: str | None = None, value: int = 0) -> int:
        """Add a skill (a fresh "New skill" name by default) and start editing its name."""
        c = self.editor.character()
        taken = {s.name.casefold() for s in c.skills}
        if name is None:
            name, n = "New skill", 2
            while name.casefold() in taken:
                name, n = f"New skill {n}", n + 1
        skill: dict[str, Any] = {"name": name, "value": value}
        if self.edition == "classic":
            skill["difficulty"] = "average"

        def update(data: dict[str, Any]) -> None:
            data["skills"].append(skill)
        if not self.editor.change(f"Add skill {name}", update, field="skills"):
            return -1
        row = len(self.editor.character().skills) - 1
        index = self.skills_model.index(row, 0)
        self.skills_table.setCurrentIndex(index)
        if self.skills_table.isVisible():
            self.skills_table.edit(index)
        return row

    def remove_skills(self, rows: list[int]) -> bool:
        return self.remove_rows("skills", rows, "skill")

    def _edit_advantage(self, row: int, _field: str, value: Any) -> bool:
        def update(data: dict[str, Any]) -> None:
            data["advantages"][row] = str(value).strip()
        return self.editor.change("Rename advantage", update, field="advantages")

    def add_advantage(self, name: str | None = None) -> int:
        taken = {a.casefold() for a in self.editor.character().advantages}
        if name is None:
            name, n = "New advantage", 2
            while name.casefold() in taken:
                name, n = f"New advantage {n}", n + 1

        def update(data: dict[str, Any]) -> None:
            data["advantages"].append(name)
        if not self.editor.change(f"Add advantage {name}", update, field="advantages"):
            return -1
        row = len(self.editor.character().advantages) - 1
        index = self.advantages_model.index(row, 0)
        self.advantages_list.setCurrentIndex(index)
        if self.advantages_list.isVisible():
            self.advantages_list.edit(index)
        return row

    def remove_advantages(self, rows: list[int]) -> bool:
        return self.remove_rows("advantages", rows, "advantage")

    def remove_rows(self, key: str, rows: list[int], noun: str, field: str = "") -> bool:
        if not rows:
            return False

        def update(data: dict[str, Any]) -> None:
            data[key] = [x for i, x in enumerate(data[key]) if i not in set(rows)]
        text = f"Remove {counted(len(rows), noun, noun if noun == 'armour' else None)}"
        return self.editor.change(text, update, field=field or key)
