"""The character editor's row for two-weapon pairs the GM picks (RULES 1.2, RULES 2).

Two-weapon styles are offered for the character's few best one-handed weapons
(:mod:`yags_desk.rules.weapon_pairs`); this row offers another pair, stored on
the character (``two_weapon_pairs``), or takes one away again. The static layout
is the Qt Designer form ``ui/weapon_pairs_row.ui``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from yags_desk.qt.character.hosts import FormHost
from yags_desk.qt.common.editor_widgets import FieldMessage
from yags_desk.qt.common.icons import icon
from yags_desk.qt.forms.ui_weapon_pairs_row import Ui_WeaponPairsRow
from yags_desk.rules.character import Character
from yags_desk.rules.items import fists
from yags_desk.rules.weapon_pairs import BEST_WEAPONS, TWO_WEAPONS_SKILL, one_handed

__all__ = ["WeaponPairsRow"]


class WeaponPairsRow(QWidget):
    """First weapon + second weapon; [Offer] the picked pairs [Remove]."""

    def __init__(self, form: FormHost) -> None:
        super().__init__()
        self.ui = Ui_WeaponPairsRow()
        self.ui.setupUi(self)
        self.form = form
        self.first = self.ui.pair_first
        self.second = self.ui.pair_second
        self.picked = self.ui.pair_picked
        self.offer = self.ui.offer_button
        self.offer.setIcon(icon("item-add", "list-add"))
        self.offer.clicked.connect(self.offer_pair)
        self.remove = self.ui.remove_button
        self.remove.setIcon(icon("item-delete", "list-remove"))
        self.remove.clicked.connect(self.remove_pair)
        tip = (f"Two-weapon styles are listed for the {BEST_WEAPONS} best one-handed "
               "weapons; pick any other pair here (the first weapon is the primary).")
        self.ui.pairs_label.setToolTip(tip)
        message = FieldMessage(self.first)
        form.messages["two_weapon_pairs"] = message
        self.ui.box.addWidget(message)
        self.setToolTip(tip)

    def show_character(self, c: Character) -> None:
        unarmed = fists(c.edition).id
        names = list(dict.fromkeys(w.name for w in c.weapons
                                   if one_handed(w) and w.id != unarmed))
        for combo in (self.first, self.second):
            keep = combo.currentText()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(names)
            found = combo.findText(keep)
            fresh = min(1, len(names) - 1) if combo is self.second else 0  # two different
            combo.setCurrentIndex(found if found >= 0 else max(0, fresh))
            combo.blockSignals(False)
        self.picked.clear()
        for first, second in c.two_weapon_pairs:
            self.picked.addItem(f"{first} + {second}", (first, second))
        skilled = c.skill(TWO_WEAPONS_SKILL) > 0
        can_pick = bool(names) and skilled
        self.first.setEnabled(can_pick)
        self.second.setEnabled(can_pick)
        self.offer.setEnabled(can_pick)
        # A pair offered without the skill would show no style: say why it is off.
        self.offer.setToolTip("" if skilled else
                              f"{c.name} has no {TWO_WEAPONS_SKILL} skill: add it to fight "
                              "with two weapons")
        self.remove.setEnabled(self.picked.count() > 0)

    def offer_pair(self) -> bool:
        first, second = self.first.currentText(), self.second.currentText()
        if not first or not second:
            return False
        if first == second:
            carried = sum(w.name == first for w in self.form.editor.character().weapons)
            if carried < 2:
                return self.form.editor.refuse(
                    "two_weapon_pairs",
                    f"Two weapons: {first} + {second} needs two of them on the sheet")
        pair = [first, second]

        def update(data: dict[str, Any]) -> None:
            if pair not in [list(p) for p in data["two_weapon_pairs"]]:
                data["two_weapon_pairs"] = [*data["two_weapon_pairs"], pair]
        return self.form.editor.change(f"Offer two weapons: {first} + {second}", update,
                                       field="two_weapon_pairs")

    def remove_pair(self) -> bool:
        pair = self.picked.currentData()
        if pair is None:
            return False

        def update(data: dict[str, Any]) -> None:
            data["two_weapon_pairs"] = [p for p in data["two_weapon_pairs"]
                                        if tuple(p) != tuple(pair)]
        return self.form.editor.change(f"Remove two weapons: {pair[0]} + {pair[1]}", update,
                                       field="two_weapon_pairs")
