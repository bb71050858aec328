"""Board ▸ Add an object…: a door for the fighters to break (RULES 3.3 breaking
things). The GM picks the door, its thickness, side and row, and types the d6
of its damage points or rolls them; Apply gives the :class:`AddCombatant` event,
which the reducer refuses (naming the rule) while the option is off."""

from __future__ import annotations

import random

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from yags_desk.qt.battle.dialogs.common import EventDialog, ask
from yags_desk.rules.combat.events import AddCombatant
from yags_desk.rules.combat.optional.objects import (
    OPTION,
    door,
    door_dice,
    object_combatant,
    roll_door_dice,
)
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.roster import unique_id
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["AddObjectDialog"]

KINDS = (("plain_wood", "Plain wood door (soak 15 blunt / 13 edge, 2d6 an inch)"),
         ("iron_bound", "Iron bound door (soak 16 blunt / 16 edge, 3d6 an inch)"))


def parse_faces(text: str) -> tuple[int, ...]:
    """"4 5" or "4,5" → (4, 5); a word that is no number is refused, naming it."""
    out = []
    for word in text.replace(",", " ").split():
        if not word.isdigit():
            raise RulesError(f"damage points: {word!r} is not a die; type the d6 faces, "
                             "like 4 5")
        out.append(int(word))
    return tuple(out)


class AddObjectDialog(EventDialog[AddCombatant]):
    """``name_edit``, ``kind_combo``, ``inches_spin``, ``side_edit``, ``row_spin``,
    ``dice_edit`` (the d6 faces), ``roll_button``; ``total_label`` shows the points."""

    def __init__(self, parent: QWidget | None, state: CombatState,
                 rng: random.Random) -> None:
        super().__init__(parent, "Add an object", "Add")
        self.state, self.rng = state, rng
        self.who_label = QLabel("A door to break: it never acts or defends, and takes "
                                "damage points past its soak (RULES 3.3)", self)
        self.who_label.setWordWrap(True)
        self.name_edit = QLineEdit("Door", self)
        self.name_edit.setMaxLength(100)
        self.kind_combo = QComboBox(self)
        for kind, text in KINDS:
            self.kind_combo.addItem(text, kind)
        self.inches_spin = QSpinBox(self)
        self.inches_spin.setRange(1, 24)
        self.inches_spin.setSuffix(" in. thick")
        self.side_edit = QLineEdit("Objects", self)
        self.side_edit.setMaxLength(60)
        self.row_spin = QSpinBox(self)
        self.row_spin.setRange(0, 99)
        self.dice_edit = QLineEdit(self)
        self.dice_edit.setPlaceholderText("the d6 faces, like 4 5")
        self.roll_button = QPushButton("&Roll", self)
        self.total_label = QLabel(self)
        self.lay_out_form(self.who_label, (("&Name", self.name_edit),
                                           ("&Door", self.kind_combo),
                                           ("&Thickness", self.inches_spin),
                                           ("&Side", self.side_edit),
                                           ("Ro&w", self.row_spin),
                                           ("Damage &points", self.dice_edit),
                                           ("", self.roll_button),
                                           ("Total", self.total_label)))
        self.roll_button.clicked.connect(self.roll)
        for signal in (self.kind_combo.currentIndexChanged, self.inches_spin.valueChanged,
                       self.dice_edit.textChanged):
            signal.connect(self._refresh)
        self._refresh()
        if not state.options.uses(OPTION):
            self.show_error(f"The optional rule {OPTIONAL_RULES[OPTION]} is off in this "
                            "encounter: switch it on in Rules options first")
        self.setMinimumWidth(460)

    @staticmethod
    def run(parent: QWidget | None, state: CombatState,
            rng: random.Random) -> AddCombatant | None:
        return ask(AddObjectDialog(parent, state, rng))

    def _kind(self) -> str:
        return str(self.kind_combo.currentData())

    def roll(self) -> None:
        faces = roll_door_dice(self._kind(), self.inches_spin.value(), self.rng)
        self.dice_edit.setText(" ".join(map(str, faces)))

    def _refresh(self) -> None:
        need = door_dice(self._kind(), self.inches_spin.value())
        try:
            faces = parse_faces(self.dice_edit.text())
        except RulesError:
            faces = ()
        got = f"{sum(faces)} damage points" if len(faces) == need else "—"
        self.total_label.setText(f"{need}d6: {got}")

    def build_result(self) -> AddCombatant:
        name = self.name_edit.text().strip()
        if not name:
            raise RulesError("name: the object needs a name, like Cellar door")
        side = self.side_edit.text().strip()
        if not side:
            raise RulesError("side: the object needs a side, like Objects")
        thing = door(self._kind(), self.inches_spin.value(),
                     parse_faces(self.dice_edit.text()))
        e = object_combatant(unique_id(name, set(self.state.fighters)), name, side,
                             self.state.edition, thing, row=self.row_spin.value())
        apply(self.state, e)  # refused while the option is off (RULES 3.3)
        return e
