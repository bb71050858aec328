"""The declare dialog's RULES 3.3 choices: an angry strike's damage, a feint's X,
and a disarm, sweep or tackle instead of a damaging blow.

Each is offered only while its optional rule is on in the fight; both rules
apply in both editions (RULES 3 converts their numbers for each), so neither is
ever hidden for the edition. The engine (``optional/harn_declare``) still
decides whether the declaration is allowed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget

from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.optional.harn_declare import angry_cap
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import Derived

__all__ = ["HarnChoices"]


class HarnChoices:
    """``angry_spin``, ``feint_spin`` and ``nonlethal_combo`` (each None while its
    option is off)."""

    def __init__(self, parent: QWidget, state: CombatState, f: FighterState,
                 derived: Derived) -> None:
        self.state, self.derived = state, derived
        self.angry_spin: QSpinBox | None = None
        self.feint_spin: QSpinBox | None = None
        self.nonlethal_combo: QComboBox | None = None
        # The damage asked for, kept while the style list is rebuilt (its cap is 0
        # for a moment).
        self._wanted = 0
        if state.options.uses("angry_strike"):
            self.angry_spin = QSpinBox(parent)
            self.angry_spin.valueChanged.connect(self._angry_changed)
            self.angry_spin.setPrefix("+")
            self.angry_spin.setSuffix(" damage")
            self.angry_spin.setSpecialValueText("No angry strike")
        if state.options.uses("feint"):
            self.feint_spin = QSpinBox(parent)
            self.feint_spin.setRange(0, 100)
            self.feint_spin.setSpecialValueText("No feint")
            self.feint_spin.setToolTip(
                f"{f.name} takes −X to attack; the target defends at −X/2, rounded down "
                "(RULES 3.3). Melee only; not with a flail or whip.")
        if state.options.uses("nonlethal"):
            self.nonlethal_combo = QComboBox(parent)
            for label, value in (("No: strike to hurt", None),
                                 ("Disarm (−3 to hit)", "disarm"),
                                 ("Sweep (−2, staff or polearm)", "sweep"),
                                 ("Tackle (−2; both may go down)", "tackle")):
                self.nonlethal_combo.addItem(label, value)
            self.nonlethal_combo.setToolTip(
                "A hit does no damage; the target rolls +6, −2 per full 5 the attack won "
                "by, against 20, or drops its weapon / falls prone (RULES 3.3)")
        self.style_changed("")

    def rows(self) -> list[tuple[str, QWidget]]:
        out: list[tuple[str, QWidget]] = []
        if self.angry_spin is not None:
            out.append(("An&gry strike", self.angry_spin))
        if self.feint_spin is not None:
            out.append(("&Feint", self.feint_spin))
        if self.nonlethal_combo is not None:
            out.append(("Non-&lethal", self.nonlethal_combo))
        return out

    def _angry_changed(self, value: int) -> None:
        if self.angry_spin is not None and self.angry_spin.maximum() > 0:
            self._wanted = value

    def style_changed(self, label: str) -> None:
        """The angry strike's cap follows the style's skill (RULES 3.3)."""
        if self.angry_spin is None:
            return
        try:
            s = self.derived.style(label)
        except KeyError:
            self.angry_spin.setRange(0, 0)
            self.angry_spin.setToolTip("Choose a melee style first (RULES 3.3)")
            return
        cap, how = angry_cap(self.state, s)
        self.angry_spin.setRange(0, max(0, cap))
        self.angry_spin.setValue(min(self._wanted, cap))
        self.angry_spin.setToolTip(f"−2 attack for each +1 damage, at most +{cap} ({how}) "
                                   "(RULES 3.3). Melee only.")

    def set_enabled(self, melee: bool) -> None:
        for spin in (self.angry_spin, self.feint_spin):
            if spin is not None:
                spin.setEnabled(melee)
                if not melee:
                    spin.setValue(0)
        if self.nonlethal_combo is not None:
            self.nonlethal_combo.setEnabled(melee)
            if not melee:
                self.nonlethal_combo.setCurrentIndex(0)
        if not melee:
            self._wanted = 0

    def prefill(self, old: Declare) -> None:
        self._wanted = old.angry_strike
        if self.angry_spin is not None:
            self.angry_spin.setValue(old.angry_strike)
        if self.feint_spin is not None:
            self.feint_spin.setValue(old.feint)
        if self.nonlethal_combo is not None:
            self.nonlethal_combo.setCurrentIndex(
                max(0, self.nonlethal_combo.findData(old.nonlethal)))

    def values(self, melee: bool) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.angry_spin is not None and melee:
            out["angry_strike"] = self.angry_spin.value()
        if self.feint_spin is not None and melee:
            out["feint"] = self.feint_spin.value()
        if self.nonlethal_combo is not None and melee:
            out["nonlethal"] = self.nonlethal_combo.currentData()
        return out
