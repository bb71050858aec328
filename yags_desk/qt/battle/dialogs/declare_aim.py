"""The declare dialog's RULES 3.3 aimed attack: where the blow is aimed.

Offered only while the "aimed attack" option is on; it needs RULES 3.2 hit
locations, so while those are off the choice is shown disabled with the reason.
The engine (``optional/locations_aim``) still decides whether it is allowed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.optional.locations_aim import aim_penalty
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["AimChoice"]

_AIMS = (("head", "The head"), ("arm", "An arm (side rolled)"), ("body", "The body"),
         ("leg", "A leg (side rolled)"), ("off_arm", "The off arm"),
         ("main_arm", "The main arm"), ("left_leg", "The left leg"),
         ("right_leg", "The right leg"))


class AimChoice:
    """``aim_combo`` (None while the option is off)."""

    def __init__(self, parent: QWidget, state: CombatState) -> None:
        self.aim_combo: QComboBox | None = None
        self.usable = state.options.uses("hit_locations")
        if not state.options.uses("aimed_attack"):
            return
        combo = QComboBox(parent)
        combo.addItem("Not aimed", None)
        for value, label in _AIMS:
            penalty = aim_penalty(value)
            combo.addItem(f"{label} ({penalty:+d})" if penalty else f"{label} (±0)", value)
        if self.usable:
            combo.setToolTip("Aim the blow: head −2, an arm −3, the body 0, a leg −2, "
                             "choosing the side −2 more (RULES 3.3)")
        else:
            combo.setToolTip(f"An aimed attack needs {OPTIONAL_RULES['hit_locations']}, "
                             "which is off in this fight (RULES 3.3)")
        self.aim_combo = combo

    def rows(self) -> list[tuple[str, QWidget]]:
        return [("A&imed at", self.aim_combo)] if self.aim_combo is not None else []

    def set_enabled(self, attacks: bool) -> None:
        if self.aim_combo is None:
            return
        self.aim_combo.setEnabled(attacks and self.usable)
        if not (attacks and self.usable):
            self.aim_combo.setCurrentIndex(0)

    def prefill(self, old: Declare) -> None:
        if self.aim_combo is not None:
            self.aim_combo.setCurrentIndex(max(0, self.aim_combo.findData(old.aimed)))

    def values(self, attacks: bool) -> dict[str, object]:
        if self.aim_combo is None or not attacks:
            return {}
        return {"aimed": self.aim_combo.currentData()}
