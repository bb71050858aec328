"""RULES 3.2 surprise in the first round for combatants being added: a box offered
only while the Surprise rule is on and the fight is still in its first round
(the Surprised condition itself can be set at any time from a card)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QWidget

from yags_desk.rules.combat.state import CombatState

__all__ = ["surprise_box"]


def surprise_box(parent: QWidget, state: CombatState) -> QCheckBox | None:
    """"Surprised in the first round", unticked; None while the rule is off or after
    round 1."""
    if not state.options.uses("surprise") or state.round != 1:
        return None
    box = QCheckBox("Surprised in the first round", parent)
    box.setObjectName("surprised")
    box.setToolTip("RULES 3.2: caught unawares, these combatants neither act nor defend "
                   "in round 1 (the 15 of not defending). This rule sets that up as "
                   "the fight starts; the Surprised condition can also be set from a "
                   "card at any time, rule or not.")
    return box
