"""The RULES 3.3 size class of combatants being added: a choice offered only
while the Size class rule is on (it changes nothing otherwise)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from yags_desk.rules.combat.optional.harn_state import SIZE_CLASSES, size_label
from yags_desk.rules.combat.state import CombatState

__all__ = ["size_class_combo"]


def size_class_combo(parent: QWidget, state: CombatState) -> QComboBox | None:
    """Tiny ×1.3 … monstrous ×0.7, medium picked; None while the rule is off."""
    if not state.options.uses("size_class"):
        return None
    combo = QComboBox(parent)
    combo.setObjectName("size_class")
    for size in SIZE_CLASSES:
        combo.addItem(size_label(size).capitalize(), size)
    combo.setCurrentIndex(combo.findData("medium"))
    combo.setToolTip("Damage past this combatant's soak is multiplied by the factor, "
                     "rounded to the nearest whole number (RULES 3.3)")
    return combo
