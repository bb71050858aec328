"""Rules options…: the RULES 3.3 darkness level of the night, a choice that
counts while the Darkness rule is ticked. Its change is a :class:`SetDarkness`
event, logged and undone like the option switches."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QWidget

from yags_desk.rules.combat.events import SetDarkness
from yags_desk.rules.combat.optional.harn_state import DARKNESS, darkness_label
from yags_desk.rules.combat.state import CombatState

__all__ = ["DarknessChoice"]


class DarknessChoice(QComboBox):
    """The nine levels (sky and moon, with their penalty), enabled while ``rule``
    (the Darkness box) is ticked."""

    def __init__(self, parent: QWidget, state: CombatState, rule: QCheckBox) -> None:
        super().__init__(parent)
        self.setObjectName("darkness_level")
        self.state, self.rule = state, rule
        for level, penalty in DARKNESS.items():
            self.addItem(f"{darkness_label(level).capitalize()}: {penalty:+d}", level)
        self.setCurrentIndex(self.findData(state.darkness))
        self.setToolTip("Penalty to every attack and defence; thrusting weapons' attack "
                        "bonus is halved (RULES 3.3)")
        rule.toggled.connect(self.setEnabled)
        self.setEnabled(rule.isChecked())

    def event_for(self, reason: str) -> SetDarkness | None:
        """The change to push after the option switches, or None."""
        level = str(self.currentData())
        if not self.rule.isChecked() or level == self.state.darkness:
            return None
        return SetDarkness.model_validate({"level": level, "reason": reason})
