"""Time from changing a modifier in the attack dialog to refreshed odds (issue 5 item 7).

The modifier changed is the target's defence style (classic: the ford ambush,
Aldric against Bandit 1; 0.8: the sparring match, Brenna against Kestrel);
each change recomputes the modifiers, the exact odds and the table.
Run: ``.venv/bin/python -m benchmarks.bench_odds_refresh`` (offscreen Qt).
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time

__all__ = ["bench"]

CHANGES = 60


def _median_ms(dialog: object) -> float:
    combo = dialog.defence_style_combo  # type: ignore[attr-defined]
    times: list[float] = []
    for n in range(CHANGES):
        start = time.perf_counter()
        combo.setCurrentIndex((combo.currentIndex() + 1 + n % 2) % combo.count())
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
        from PySide6.QtWidgets import QApplication

        import yags_desk.qt  # noqa: F401  (the None guard first)
        from tests.qt.battle.dialogs.fixtures import SWORD_SHIELD, ford, sparring
        from yags_desk.qt.battle.dialogs import AttackDialog

        app = QApplication.instance() or QApplication([])
        classic = AttackDialog(None, ford().state, "aldric", "bandit-1", SWORD_SHIELD,
                               False, random.Random(1))
        v08 = AttackDialog(None, sparring().state, "brenna", "kestrel",
                           "Single weapon: Broad sword", False, random.Random(1))
        out = [("attack dialog: change defence style to refreshed odds, classic (median)",
                _median_ms(classic), "ms"),
               ("attack dialog: change defence style to refreshed odds, 0.8 (median)",
                _median_ms(v08), "ms")]
        classic.deleteLater()
        v08.deleteLater()
        app.processEvents()
        return out


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
