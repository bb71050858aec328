"""Benchmark: View ▸ History shown while a big round is played (issue 18).

An Auto-resolved round of 200 fighters pushes some 245 undo steps. This pushes
245 steps onto a stack that already holds 0, 1,000 and 5,000 (a long fight),
with the History dock's list shown, and times them with the list brought up to
date (processor time, best of a few). Qt's own QUndoView, which the dock used
to be, is timed the same way for comparison: it reset its model at every step.
Offscreen; run with ``python -m benchmarks.bench_history`` or through
``benchmarks.run``.
"""

from __future__ import annotations

import os
from typing import Any

from benchmarks.timing import best_cpu_ms

__all__ = ["bench"]

STEPS = 245  # an Auto-resolved round of the 200-fighter benchmark fight
BEFORE = (0, 1000, 5000)


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import yags_desk.qt  # noqa: F401  (the None guard first)
    from yags_desk.qt.printing.render import ensure_gui_app
    from yags_desk.qt.shell.history import HistoryView

    app = ensure_gui_app()
    from PySide6.QtGui import QUndoCommand, QUndoGroup, QUndoStack
    from PySide6.QtWidgets import QApplication, QUndoView

    class Step(QUndoCommand):
        def redo(self) -> None:  # pushed as done already, as the board's steps are
            pass

    def timed(make_view: Any, before: int, repeats: int) -> float:
        group = QUndoGroup()
        stack = QUndoStack(group)
        group.setActiveStack(stack)
        view = make_view(group)
        view.resize(320, 600)
        view.show()
        for n in range(before):
            stack.push(Step(f"Bandit {n % 100} attacks Guard {n % 97}"))
        QApplication.processEvents()

        def round_() -> None:
            for n in range(STEPS):
                stack.push(Step(f"Bandit {n % 100} attacks Guard {n % 97}"))
            app.processEvents()  # the list brought up to date and drawn

        def undo_round() -> None:
            for _ in range(STEPS):
                stack.undo()
            app.processEvents()

        best = float("inf")
        for _ in range(repeats):
            best = min(best, best_cpu_ms(round_, 1))
            undo_round()
        view.close()
        view.deleteLater()
        group.deleteLater()
        app.processEvents()
        return best

    rows: list[tuple[str, float, str]] = []
    for before in BEFORE:
        ours = timed(HistoryView, before, 3)
        qt = timed(QUndoView, before, 1 if before > 1000 else 2)
        rows += [(f"history shown: {STEPS} steps after {before:,} (the dock's list)", ours, "ms"),
                 (f"history shown: {STEPS} steps after {before:,} (Qt's QUndoView)", qt, "ms")]
    first, last = rows[0][1], rows[-2][1]
    rows.append((f"history shown: {STEPS} steps after {BEFORE[-1]:,} vs after none "
                 "(the dock's list)", last / first, "x"))
    return rows


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
