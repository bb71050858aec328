"""The declare dialog's RULES 3.2 manoeuvres: charge, defend, flee and assess,
offered only while the option "Flee, charge and defend" is on (in both editions:
RULES 3 gives one set of converted numbers). Choosing one sets the action it goes
with; the engine (``optional/actions32``) still decides whether it is allowed."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QWidget

from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.optional.actions32 import MANOEUVRES, OPTION
from yags_desk.rules.combat.state import CombatState

__all__ = ["ManoeuvreChoice"]

_LABELS = {"charge": "Charge (+2 attack after a move)",
           "defend": "Defend (+4 defence this round)",
           "flee": "Flee (enemies in reach get a free attack at +4)",
           "assess": "Assess (Perception × Tactics roll for advantage)"}


class ManoeuvreChoice:
    """``combo`` (None while the option is off)."""

    def __init__(self, parent: QWidget, state: CombatState,
                 set_action: Callable[[str], None]) -> None:
        self.combo: QComboBox | None = None
        self._set_action = set_action
        if not state.options.uses(OPTION):
            return
        self.combo = QComboBox(parent)
        self.combo.setObjectName("manoeuvre")
        self.combo.addItem("None", None)
        for key in MANOEUVRES:
            self.combo.addItem(_LABELS[key], key)
        self.combo.setToolTip("RULES 3.2: a charge is a melee attack, defend and assess "
                              "take the action (Other), flee is a move")
        self.combo.currentIndexChanged.connect(self._changed)

    def rows(self) -> list[tuple[str, QWidget]]:
        return [("Man&oeuvre", self.combo)] if self.combo is not None else []

    def _changed(self) -> None:
        key = self.value()
        if key is not None:
            self._set_action(MANOEUVRES[key][0])

    def value(self) -> str | None:
        if self.combo is None:
            return None
        data = self.combo.currentData()
        return str(data) if data else None

    def prefill(self, old: Declare) -> None:
        if self.combo is not None:
            self.combo.blockSignals(True)
            self.combo.setCurrentIndex(max(0, self.combo.findData(old.manoeuvre)))
            self.combo.blockSignals(False)
