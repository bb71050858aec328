"""The exact odds of an attack as a short bar list: hit, fumble, then every
outcome of :attr:`AttackOdds.outcomes` with a readable label, to 1 decimal."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QProgressBar, QWidget

from yags_desk.qt.battle.dialogs.attack_numbers import outcome_label
from yags_desk.qt.battle.dialogs.common import pct_text
from yags_desk.rules.odds import AttackOdds, outcome_keys

__all__ = ["OddsView"]

_SCALE = 1000


class OddsView(QWidget):
    """``hit_label``, ``fumble_label`` and ``odds_labels[key]`` hold the texts shown."""

    def __init__(self, edition: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edition = edition
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setVerticalSpacing(2)
        self.hit_label = QLabel(self)
        self.fumble_label = QLabel(self)
        font = self.hit_label.font()
        font.setBold(True)
        self.hit_label.setFont(font)
        self._grid.addWidget(QLabel("Hit chance", self), 0, 0)
        self._grid.addWidget(self.hit_label, 0, 2)
        self._grid.addWidget(QLabel("Attack fumbles", self), 1, 0)
        self._grid.addWidget(self.fumble_label, 1, 2)
        self.odds_labels: dict[str, QLabel] = {}
        self.name_labels: dict[str, QLabel] = {}
        self.bars: dict[str, QProgressBar] = {}
        # The "hit" row serves attacks that do no damage (disarm, break weapon).
        keys = (*outcome_keys(edition), "hit")  # type: ignore[arg-type]
        for row, key in enumerate(keys, start=2):
            name = QLabel(self)
            bar = QProgressBar(self)
            bar.setRange(0, _SCALE)
            bar.setTextVisible(False)
            bar.setMaximumHeight(12)
            bar.setMinimumWidth(80)
            value = QLabel(self)
            self._grid.addWidget(name, row, 0)
            self._grid.addWidget(bar, row, 1)
            self._grid.addWidget(value, row, 2)
            self.name_labels[key], self.bars[key], self.odds_labels[key] = name, bar, value
        self._grid.setColumnStretch(1, 1)
        self._grid.setRowStretch(len(keys) + 2, 1)

    def show_odds(self, odds: AttackOdds | None, damage_kind: str = "wounds") -> None:
        """Show ``odds`` (None: blank, the attack cannot be made)."""
        self.hit_label.setText(pct_text(odds.hit) if odds else "–")
        self.fumble_label.setText(pct_text(odds.attack_fumble) if odds else "–")
        for key, label in self.odds_labels.items():
            p = odds.outcomes.get(key) if odds else None
            self.name_labels[key].setText(outcome_label(key, self.edition, damage_kind))
            visible = odds is None or p is not None
            for w in (label, self.name_labels[key], self.bars[key]):
                w.setVisible(visible)
            label.setText(pct_text(p) if p is not None else "–")
            self.bars[key].setValue(round((p or 0.0) * _SCALE))
