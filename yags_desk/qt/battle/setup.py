"""Setting up a fight: a new encounter (name, edition, options) and adding combatants.

Both dialogs can be filled and read without ``exec()`` (tests do): set their
fields, then call :meth:`NewEncounterDialog.encounter` or
:meth:`AddCombatantsDialog.combatants`.
"""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QListWidgetItem,
    QWidget,
)

from yags_desk.help.refs import for_screen
from yags_desk.qt.battle.dialogs.common import show_problem, styled_error_label
from yags_desk.qt.battle.hosts import CopyMaker
from yags_desk.qt.battle.size_choice import size_class_combo
from yags_desk.qt.battle.summary import side_colours
from yags_desk.qt.battle.surprise_choice import surprise_box
from yags_desk.qt.forms.ui_add_combatants import Ui_AddCombatants
from yags_desk.qt.forms.ui_new_encounter import Ui_NewEncounter
from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import AddCombatant
from yags_desk.rules.combat.optional.actions32 import RULE_TIPS
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.editions import Edition
from yags_desk.rules.options import OPTIONAL_RULES, RulesOptions
from yags_desk.storage.encounter_file import Encounter, new_encounter
from yags_desk.storage.library import Library
from yags_desk.storage.wording import gm_text

__all__ = ["NEW_SIDE", "AddCombatantsDialog", "NewEncounterDialog", "default_sides"]

# The edition box's items, in the order of their labels in ui/new_encounter.ui.
_EDITIONS: tuple[Edition, ...] = ("classic", "0.8")


class NewEncounterDialog(QDialog):
    """Name, edition, the GM's numbers and the optional rules (RULES 3) of a new fight.

    The form is ``ui/new_encounter.ui`` (Qt Designer); this adds the optional rules'
    boxes (from the rules core's list) and the problem line, and wires it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_NewEncounter()
        self.ui.setupUi(self)
        self.name_edit = self.ui.name_edit
        self.name_edit.selectAll()
        self.edition_combo = self.ui.edition_combo
        for index, value in enumerate(_EDITIONS):
            self.edition_combo.setItemData(index, value)
        self.fumble_spin = self.ui.classic_fumble_chance
        self.old_penalties = self.ui.v08_old_penalties
        self.survival_penalties = self.ui.classic_survival_penalties
        self.minor_drop = self.ui.classic_minor_drop
        # The settings only one edition has (RULES 1 classic, RULES 2 0.8).
        self.edition_only: dict[Edition, tuple[QWidget, ...]] = {
            "classic": (self.fumble_spin, self.survival_penalties, self.minor_drop),
            "0.8": (self.old_penalties,)}
        self.rule_boxes: dict[str, QCheckBox] = {}
        for n, (key, label) in enumerate(OPTIONAL_RULES.items()):
            box = QCheckBox(for_screen(label), self.ui.rules)
            box.setObjectName(f"rule_{key}")
            box.setToolTip(RULE_TIPS.get(key, ""))  # RULES 3.2
            self.rule_boxes[key] = box
            self.ui.rules_grid.addWidget(box, n // 2, n % 2)
        self.problem = styled_error_label(self)
        layout = self.ui.layout
        layout.insertWidget(layout.indexOf(self.ui.buttons), self.problem)
        self.form = self.ui.form
        self.ui.buttons.accepted.connect(self._accept)
        self.ui.buttons.rejected.connect(self.reject)
        self.edition_combo.currentIndexChanged.connect(self._edition_changed)
        self._edition_changed()

    def edition(self) -> Edition:
        value: Edition = self.edition_combo.currentData()
        return value

    def _edition_changed(self, *_args: object) -> None:
        """Show only the chosen edition's settings (the other's are not stored)."""
        chosen = self.edition()
        for edition, widgets in self.edition_only.items():
            for widget in widgets:
                self.form.setRowVisible(widget, edition == chosen)
        self.adjustSize()

    def options(self) -> RulesOptions:
        """The options of the chosen edition; the other edition's keep their defaults
        (what the GM set there before switching editions is not stored)."""
        classic = self.edition() == "classic"
        default = RulesOptions()
        return RulesOptions(
            v08_old_wound_penalties=not classic and self.old_penalties.isChecked(),
            classic_fumble_chance=(self.fumble_spin.value() if classic
                                   else default.classic_fumble_chance),
            classic_survival_penalties=classic and self.survival_penalties.isChecked(),
            minor_npcs_drop_at_critical=classic and self.minor_drop.isChecked(),
            optional=tuple(k for k, box in self.rule_boxes.items() if box.isChecked()))

    def encounter(self) -> Encounter:
        """The new encounter; raises ValidationError naming the field."""
        return new_encounter(self.name_edit.text(), self.edition(),
                             options=self.options())

    def _accept(self) -> None:
        try:
            self.encounter()
        except ValidationError as exc:
            show_problem(self.problem, gm_text(exc))
            return
        self.accept()


NEW_SIDE = "New side…"


def default_sides(state: CombatState) -> tuple[str, str]:
    """The side offered first for a player character and for an NPC: the players'
    side (the first with a PC in it, else "Party") and an enemy side (the first
    side without a PC, else "Foes", or "Enemies" if the players are "Foes")."""
    sides = list(side_colours(state))
    with_pc = [s for s in sides
               if any(f.side == s and f.character.kind == "pc" for f in state.fighters.values())]
    others = [s for s in sides if s not in with_pc]
    pc_side = with_pc[0] if with_pc else next(
        (s for s in ("Party", "Heroes") if s not in others), "Party")
    enemy = others[0] if others else ("Enemies" if pc_side == "Foes" else "Foes")
    return pc_side, enemy


class AddCombatantsDialog(QDialog):
    """A character from the library, how many copies, their side, row and NPC flag.

    The form is ``ui/add_combatants.ui`` (Qt Designer); this fills the list of
    characters and the sides on the board, adds the problem line and wires it."""

    def __init__(self, library: Library, state: CombatState,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_AddCombatants()
        self.ui.setupUi(self)
        self.state = state
        self.ui.library_label.setText(f"{state.edition} characters in the library:")
        self.characters: list[Character] = [
            c for _p, c in library.load_characters().items if c.edition == state.edition]
        self.characters.sort(key=lambda c: (c.kind != "pc", c.name.casefold()))
        self.character_list = self.ui.character_list
        for c in self.characters:
            item = QListWidgetItem(f"{c.name} ({c.kind.upper() if c.kind == 'pc' else c.kind})")
            self.character_list.addItem(item)
        if self.characters:
            self.character_list.setCurrentRow(0)
        self.count_spin = self.ui.count_spin
        self.side_combo = self.ui.side_combo
        self.pc_side, self.enemy_side = default_sides(state)
        sides = list(side_colours(state))
        for side in (self.pc_side, self.enemy_side):
            if side not in sides:
                sides.append(side)
        for side in sides:
            self.side_combo.addItem(side)
        self.side_combo.addItem(NEW_SIDE)
        self.side_combo.activated.connect(self._side_picked)
        self.row_spin = self.ui.row_spin
        self.minor_box = self.ui.minor_box
        # RULES 3.3 size class, offered while that optional rule is on.
        self.size_combo = size_class_combo(self, state)
        if self.size_combo is not None:
            self.ui.form.addRow("Si&ze class", self.size_combo)
        # RULES 3.2 surprise in the first round, offered while that rule is on.
        self.surprise_box = surprise_box(self, state)
        if self.surprise_box is not None:
            self.ui.form.addRow("Surprise", self.surprise_box)
        self.problem = styled_error_label(self)
        layout = self.ui.layout
        layout.insertWidget(layout.indexOf(self.ui.buttons), self.problem)
        self.character_list.currentRowChanged.connect(self._picked)
        self.ui.buttons.accepted.connect(self._accept)
        self.ui.buttons.rejected.connect(self.reject)
        self._picked(self.character_list.currentRow())

    def _picked(self, row: int) -> None:
        if 0 <= row < len(self.characters):
            npc = self.characters[row].kind != "pc"
            self.minor_box.setChecked(npc)
            self.side_combo.setCurrentText(self.enemy_side if npc else self.pc_side)

    def _side_picked(self, index: int) -> None:
        if self.side_combo.itemText(index) == NEW_SIDE:
            self.side_combo.setEditText("")
            edit = self.side_combo.lineEdit()
            if edit is not None:
                edit.setPlaceholderText("Type the new side's name")
            self.side_combo.setFocus()

    def side(self) -> str:
        text = self.side_combo.currentText().strip()
        return "" if text == NEW_SIDE else text

    def character(self) -> Character | None:
        row = self.character_list.currentRow()
        return self.characters[row] if 0 <= row < len(self.characters) else None

    def combatants(self, ops: CopyMaker) -> list[AddCombatant]:
        c = self.character()
        if c is None:
            return []
        side = self.side() or self.enemy_side
        adds = ops.copies(c, self.count_spin.value(), side, self.row_spin.value(),
                          self.minor_box.isChecked())
        if self.size_combo is not None:
            size = self.size_combo.currentData()
            adds = [a.model_copy(update={"size_class": size}) for a in adds]
        if self.surprise_box is not None and self.surprise_box.isChecked():
            adds = [a.model_copy(update={"surprised": True}) for a in adds]  # RULES 3.2
        return adds

    def _accept(self) -> None:
        if self.character() is None:
            show_problem(self.problem, "character: pick a character from the list")
            return
        if not self.side():
            show_problem(self.problem, "side: type the new side's name")
            return
        self.accept()
