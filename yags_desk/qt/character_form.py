"""The widgets of the character editor and how each edit reaches the character.

:class:`CharacterForm` lays out the sheet (identity, attributes, skills,
advantages, equipment with the catalogue picker, condition, notes) beside the
derived panel. Every handler turns a widget's new value into an update of the
character's data and calls :meth:`CharacterEditor.change`, which validates it
and pushes the undo command (or shows the reason at the field).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QBoxLayout,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.catalogue_store import CatalogueStore
from yags_desk.qt.character_model import (
    AdvantagesModel,
    ArmourModel,
    DerivedSummaryModel,
    SkillsModel,
    StylesModel,
    WeaponsModel,
    derived_rows,
)
from yags_desk.qt.character_widgets import (
    ChoiceDelegate,
    DerivedPanel,
    NameDelegate,
    ReflowGrid,
    SheetScroll,
    compact_table,
    known_skills,
)
from yags_desk.qt.editor_widgets import (
    FieldMessage,
    MessageBar,
    on_delete_key,
    selected_rows,
    tool_button,
    with_message,
)
from yags_desk.qt.equipment_section import EquipmentSection
from yags_desk.rules.character import Character
from yags_desk.rules.derived import Derived
from yags_desk.rules.editions import edition_rules

if TYPE_CHECKING:
    from yags_desk.qt.character_editor import CharacterEditor

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

    def __init__(self, editor: CharacterEditor, character: Character,
                 store: CatalogueStore) -> None:
        super().__init__(editor)
        self.editor = editor
        self.edition = character.edition
        self.rules = edition_rules(character.edition)
        self.messages: dict[str, FieldMessage] = {}
        self.message_bar = MessageBar()

        self.skills_model = SkillsModel(self.edition, self)
        self.advantages_model = AdvantagesModel(self)
        self.weapons_model = WeaponsModel(self.edition, self)
        self.armour_model = ArmourModel(self.edition, self)
        self.styles_model = StylesModel(self.edition, self)
        self.summary_model = DerivedSummaryModel(self)
        self.skills_model.edit = self._edit_skill
        self.advantages_model.edit = self._edit_advantage

        sheet = QWidget()
        sheet_layout = QVBoxLayout(sheet)
        sheet_layout.addWidget(self._identity_box(character))
        sheet_layout.addWidget(self._attributes_box())
        self.skills_row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.skills_row.addWidget(self._skills_box(), 3)
        self.skills_row.addWidget(self._advantages_box(), 2)
        sheet_layout.addLayout(self.skills_row)
        self.equipment = EquipmentSection(self, store)
        sheet_layout.addWidget(self.equipment)
        sheet_layout.addWidget(self._condition_box())
        sheet_layout.addWidget(self._notes_box())
        self.sheet_scroll = SheetScroll(self.set_compact)
        self.sheet_scroll.setWidget(sheet)

        self.derived_panel = DerivedPanel(self.summary_model, self.styles_model)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.sheet_scroll)
        self.splitter.addWidget(self.derived_panel)
        self.splitter.setStretchFactor(0, 11)
        self.splitter.setStretchFactor(1, 9)
        self.splitter.setSizes([1100, 900])
        self.splitter.setChildrenCollapsible(False)

        top = QHBoxLayout()
        top.addWidget(self.edition_label, 1)
        top.addWidget(self.duplicate_button)
        top.addWidget(self.template_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.message_bar)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)

    # -- sections -------------------------------------------------------------------

    def _identity_box(self, character: Character) -> QGroupBox:
        box = QGroupBox("Character")
        form = QFormLayout(box)
        self.name_edit = QLineEdit()
        self.name_edit.editingFinished.connect(
            lambda: self.set_field("name", self.name_edit.text(), "Rename"))
        self.player_edit = QLineEdit()
        self.player_edit.setPlaceholderText("(none: an NPC)")
        self.player_edit.editingFinished.connect(
            lambda: self.set_field("player", self.player_edit.text(), "Change player"))
        self.kind_combo = QComboBox()
        for label, value in KIND_CHOICES:
            self.kind_combo.addItem(label, value)
        self.kind_combo.activated.connect(
            lambda _i: self.set_field("kind", self.kind_combo.currentData(), "Change kind"))
        self.edition_label = QLabel(f"Edition: {EDITION_NOTES[self.edition]}")
        self.edition_label.setToolTip("A character keeps the edition it was made in")
        self.duplicate_button = tool_button("Duplicate", "item-copy", "edit-copy",
                                        "Open an unsaved copy of this character")
        self.duplicate_button.clicked.connect(self.editor.duplicate)
        self.template_button = tool_button("Make template", "item-add", "document-new",
                                       "Open an unsaved NPC template made from this "
                                       "character (no damage)")
        self.template_button.clicked.connect(self.editor.make_template)
        kind_row = QHBoxLayout()
        kind_row.addWidget(self.kind_combo)
        kind_row.addStretch(1)
        form.addRow("Name", with_message(self.name_edit, self.messages, "name"))
        form.addRow("Player", with_message(self.player_edit, self.messages, "player"))
        form.addRow("Kind", kind_row)
        self.messages["kind"] = FieldMessage(self.kind_combo)
        form.addRow("", self.messages["kind"])
        return box

    def _attributes_box(self) -> QGroupBox:
        box = QGroupBox("Attributes")
        outer = QVBoxLayout(box)
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
            outer.addWidget(message)
        self.attribute_grid.set_columns(4)
        return box

    def set_compact(self, compact: bool) -> None:
        """Stack the sheet's side-by-side parts when it is narrow (docks open, small
        screens) and spread them out again when there is room."""
        self.attribute_grid.set_columns(2 if compact else 4)
        self.condition_grid.set_columns(1 if compact else 3)
        direction = (QBoxLayout.Direction.TopToBottom if compact
                     else QBoxLayout.Direction.LeftToRight)
        self.skills_row.setDirection(direction)
        self.equipment.set_compact(compact)

    def _skills_box(self) -> QGroupBox:
        box = QGroupBox("Skills")
        self.skills_table = compact_table(self.skills_model, stretch=0, rows=5)
        self.skills_table.setItemDelegateForColumn(
            0, NameDelegate(known_skills(self.edition), self.skills_table))
        if self.edition == "classic":
            self.skills_table.setItemDelegateForColumn(
                2, ChoiceDelegate(("", "easy", "average", "hard"), self.skills_table))
        self.skills_table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                          | QAbstractItemView.EditTrigger.EditKeyPressed
                                          | QAbstractItemView.EditTrigger.AnyKeyPressed)
        add = tool_button("Add", "item-add", "list-add", "Add a skill")
        add.clicked.connect(lambda: self.add_skill())
        remove = tool_button("Remove", "item-delete", "list-remove", "Remove the selected skills")
        remove.clicked.connect(
            lambda: self.remove_skills(selected_rows(self.skills_table)))
        on_delete_key(self.skills_table, self.remove_skills)
        return self._list_box(box, self.skills_table, "skills", (add, remove))

    def _advantages_box(self) -> QGroupBox:
        box = QGroupBox("Advantages")
        self.advantages_list = QListView()
        self.advantages_list.setModel(self.advantages_model)
        self.advantages_list.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                             | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.advantages_list.setMinimumHeight(80)
        add = tool_button("Add", "item-add", "list-add", "Add an advantage (e.g. Berserker)")
        add.clicked.connect(lambda: self.add_advantage())
        remove = tool_button("Remove", "item-delete", "list-remove",
                         "Remove the selected advantages")
        remove.clicked.connect(
            lambda: self.remove_advantages(selected_rows(self.advantages_list)))
        on_delete_key(self.advantages_list, self.remove_advantages)
        return self._list_box(box, self.advantages_list, "advantages", (add, remove))

    def _list_box(self, box: QGroupBox, view: QAbstractItemView, key: str,
                  buttons: tuple[QToolButton, ...]) -> QGroupBox:
        layout = QVBoxLayout(box)
        layout.addWidget(view, 1)
        message = FieldMessage(view)
        self.messages[key] = message
        layout.addWidget(message)
        row = QHBoxLayout()
        for b in buttons:
            row.addWidget(b)
        row.addStretch(1)
        layout.addLayout(row)
        return box

    def _condition_box(self) -> QGroupBox:
        box = QGroupBox("Condition")
        self.condition_grid = grid = ReflowGrid(box)
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
            text = QLabel(label)
            text.setBuddy(spin)
            grid.add_pair(text, with_message(spin, self.messages, field))
        grid.set_columns(3)
        return box

    def _notes_box(self) -> QGroupBox:
        box = QGroupBox("Notes")
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setMinimumHeight(90)
        self.notes_edit.setSizePolicy(QSizePolicy.Policy.Expanding,
                                      QSizePolicy.Policy.Preferred)
        self.notes_edit.textChanged.connect(
            lambda: self.set_field("notes", self.notes_edit.toPlainText(), "Edit notes",
                                    merge="notes"))
        layout = QVBoxLayout(box)
        layout.addWidget(with_message(self.notes_edit, self.messages, "notes"))
        return box

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
        text = f"Remove {len(rows)} {noun}{'s' if len(rows) > 1 and noun != 'armour' else ''}"
        return self.editor.change(text, update, field=field or key)
