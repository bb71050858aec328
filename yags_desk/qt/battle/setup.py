"""Setting up a fight: a new encounter (name, edition, options) and adding combatants.

Both dialogs can be filled and read without ``exec()`` (tests do): set their
fields, then call :meth:`NewEncounterDialog.encounter` or
:meth:`AddCombatantsDialog.combatants`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from yags_desk.help.refs import for_screen
from yags_desk.qt.battle.dialogs.common import show_problem, styled_error_label
from yags_desk.qt.battle.summary import side_colours
from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import AddCombatant
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.editions import Edition
from yags_desk.rules.options import OPTIONAL_RULES, RulesOptions
from yags_desk.storage.documents import format_validation_error
from yags_desk.storage.encounter_file import Encounter, new_encounter
from yags_desk.storage.library import Library

if TYPE_CHECKING:
    from yags_desk.qt.battle.roster_ops import RosterOps

__all__ = ["AddCombatantsDialog", "NewEncounterDialog"]

_EDITIONS: tuple[tuple[Edition, str], ...] = (("classic", "classic (2d10!, skills in percent)"),
                                               ("0.8", "0.8 (d20, skill levels)"))


class NewEncounterDialog(QDialog):
    """Name, edition, the GM's numbers and the optional rules (RULES 3) of a new fight."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New encounter")
        self.name_edit = QLineEdit("New encounter")
        self.name_edit.selectAll()
        self.edition_combo = QComboBox()
        for value, label in _EDITIONS:
            self.edition_combo.addItem(label, value)
        self.fumble_spin = QSpinBox()
        self.fumble_spin.setRange(0, 20)
        self.fumble_spin.setValue(3)
        self.fumble_spin.setToolTip("Classic fumble chance: 3, or 4-5 in poor conditions "
                                    "(Rules reference §1.1)")
        self.old_penalties = QCheckBox("0.8: older wound penalties (-5, -10, -15, -25)")
        self.survival_penalties = QCheckBox("Classic: wound penalties apply to Critical, "
                                            "Fatal and dying rolls")
        self.minor_drop = QCheckBox("Unimportant NPCs drop at Critical (Rules reference §1.6)")
        self.rule_boxes: dict[str, QCheckBox] = {}
        rules = QGroupBox("Optional rules (stored with the encounter)")
        grid = QGridLayout(rules)
        for n, (key, label) in enumerate(OPTIONAL_RULES.items()):
            box = QCheckBox(for_screen(label))
            box.setObjectName(f"rule_{key}")
            self.rule_boxes[key] = box
            grid.addWidget(box, n // 2, n % 2)
        self.problem = styled_error_label(self)
        form = QFormLayout()
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Edition:", self.edition_combo)
        form.addRow("&Fumble chance:", self.fumble_spin)
        form.addRow("", self.old_penalties)
        form.addRow("", self.survival_penalties)
        form.addRow("", self.minor_drop)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(rules)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def options(self) -> RulesOptions:
        return RulesOptions(
            v08_old_wound_penalties=self.old_penalties.isChecked(),
            classic_fumble_chance=self.fumble_spin.value(),
            classic_survival_penalties=self.survival_penalties.isChecked(),
            minor_npcs_drop_at_critical=self.minor_drop.isChecked(),
            optional=tuple(k for k, box in self.rule_boxes.items() if box.isChecked()))

    def encounter(self) -> Encounter:
        """The new encounter; raises ValidationError naming the field."""
        return new_encounter(self.name_edit.text(), self.edition_combo.currentData(),
                             options=self.options())

    def _accept(self) -> None:
        try:
            self.encounter()
        except ValidationError as exc:
            show_problem(self.problem, "\n".join(format_validation_error(exc)))
            return
        self.accept()


class AddCombatantsDialog(QDialog):
    """A character from the library, how many copies, their side, row and NPC flag."""

    def __init__(self, library: Library, state: CombatState,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add combatants")
        self.state = state
        self.characters: list[Character] = [
            c for _p, c in library.load_characters().items if c.edition == state.edition]
        self.characters.sort(key=lambda c: (c.kind != "pc", c.name.casefold()))
        self.character_list = QListWidget()
        self.character_list.setObjectName("character_list")
        for c in self.characters:
            item = QListWidgetItem(f"{c.name} ({c.kind.upper() if c.kind == 'pc' else c.kind})")
            self.character_list.addItem(item)
        if self.characters:
            self.character_list.setCurrentRow(0)
        self.count_spin = QSpinBox()
        self.count_spin.setRange(1, 200)
        self.side_combo = QComboBox()
        self.side_combo.setEditable(True)
        self.side_combo.setToolTip("Pick a side or type a new one; each side gets its own "
                                   "colour")
        for side in side_colours(state) or {"Party": "", "Foes": ""}:
            self.side_combo.addItem(side)
        self.row_spin = QSpinBox()
        self.row_spin.setRange(0, 99)
        self.minor_box = QCheckBox("Unimportant NPC (may drop at Critical)")
        self.problem = styled_error_label(self)
        self.character_list.currentRowChanged.connect(self._picked)
        form = QFormLayout()
        form.addRow("&How many:", self.count_spin)
        form.addRow("&Side:", self.side_combo)
        form.addRow("&Row:", self.row_spin)
        form.addRow("", self.minor_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{state.edition} characters in the library:"))
        layout.addWidget(self.character_list, 1)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self._picked(self.character_list.currentRow())
        self.resize(420, 480)

    def _picked(self, row: int) -> None:
        if 0 <= row < len(self.characters):
            self.minor_box.setChecked(self.characters[row].kind != "pc")

    def character(self) -> Character | None:
        row = self.character_list.currentRow()
        return self.characters[row] if 0 <= row < len(self.characters) else None

    def combatants(self, ops: RosterOps) -> list[AddCombatant]:
        c = self.character()
        if c is None:
            return []
        side = self.side_combo.currentText().strip() or "Foes"
        return ops.copies(c, self.count_spin.value(), side, self.row_spin.value(),
                          self.minor_box.isChecked())

    def _accept(self) -> None:
        if self.character() is None:
            show_problem(self.problem, "character: pick a character from the list")
            return
        if not self.side_combo.currentText().strip():
            show_problem(self.problem, "side: give the side a name")
            return
        self.accept()
