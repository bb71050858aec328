"""Board ▸ Forecast…: how the fight is likely to go (issue 17 item 2).

:class:`ForecastDialog` asks how many fights, which seed and the round limit,
then plays them with :class:`~yags_desk.rules.combat.forecast.ForecastRun` in
slices on a zero-delay QTimer (the window keeps painting), with a progress
dialog whose Cancel stops between two fights; the results (each side's chance
of winning, the rounds, each player character's fate, 95% intervals) show in
the same dialog. The board keeps the last forecast made from the start of the
fight for the printed summary.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QProgressDialog,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.common.counted import count_suffix
from yags_desk.rules.combat.forecast import (
    DEFAULT_ROUND_LIMIT,
    DEFAULT_RUNS,
    FATES,
    MAX_ROUND_LIMIT,
    MAX_RUNS,
    Forecast,
    ForecastRun,
)
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError

__all__ = ["ForecastDialog", "ForecastJob"]

# How long one slice of fights may hold the event loop (seconds) [decision]: short
# enough for the progress dialog and Cancel to answer at once.
SLICE = 0.05
MAX_SEED = 2**31 - 1


class ForecastJob(QObject):
    """Plays a :class:`ForecastRun` a slice at a time; ``progress`` after each
    slice, ``finished`` once (all runs done, or stopped by :meth:`cancel`)."""

    progress = Signal(int)
    finished = Signal()

    def __init__(self, run: ForecastRun, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.run = run
        self.cancelled = False
        self.done = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._slice)

    @property
    def result(self) -> Forecast:
        return self.run.result

    def start(self) -> None:
        self._timer.start()

    def cancel(self) -> None:
        self.cancelled = True

    def _slice(self) -> None:
        if self.done:
            return
        end = time.monotonic() + SLICE
        finished = False
        while not self.cancelled and not finished and time.monotonic() < end:
            finished = self.run.step(1)
        self.progress.emit(self.result.runs)
        if finished or self.cancelled:
            self.done = True
            self.finished.emit()
        else:
            self._timer.start()


def _item(text: str, number: bool = True) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    if number:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def _table(columns: list[str]) -> QTableWidget:
    t = QTableWidget(0, len(columns))
    t.setHorizontalHeaderLabels(columns)
    t.verticalHeader().setVisible(False)
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    header = t.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # names take the rest
    return t


def _fit_height(t: QTableWidget) -> None:
    """As tall as its rows, no more (a short table leaves no empty box)."""
    rows = sum(t.rowHeight(r) for r in range(t.rowCount()))
    t.setFixedHeight(t.horizontalHeader().height() + rows + 2 * t.frameWidth())


class ForecastDialog(QDialog):
    """Settings, Run, and the results of the last run."""

    def __init__(self, state: CombatState, encounter: str, parent: QWidget | None = None,
                 seed: int | None = None,
                 on_result: Callable[[Forecast], object] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Forecast \u2014 {encounter}")
        self.state = state
        self.encounter = encounter
        self.on_result = on_result
        self.job: ForecastJob | None = None
        self.progress_dialog: QProgressDialog | None = None
        self.forecast: Forecast | None = None

        intro = QLabel("Plays the fight many times from where it stands, every fighter "
                       "attacking the nearest enemy with its best style and the dice "
                       "rolled, and counts how it ends. The same seed gives the same "
                       "forecast.", self)
        intro.setWordWrap(True)
        self.runs = QSpinBox(self)
        self.runs.setRange(1, MAX_RUNS)
        self.runs.setValue(DEFAULT_RUNS)
        self.seed = QSpinBox(self)
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(seed if seed is not None
                           else random.SystemRandom().randrange(MAX_SEED))  # a fresh seed
        self.limit = QSpinBox(self)
        self.limit.setRange(1, MAX_ROUND_LIMIT)
        self.limit.setValue(DEFAULT_ROUND_LIMIT)
        count_suffix(self.limit, "round")
        form = QFormLayout()
        form.addRow("&Fights to play:", self.runs)
        form.addRow("&Seed:", self.seed)
        form.addRow("Stop a fight after:", self.limit)

        self.summary = QLabel(self)
        self.summary.setObjectName("forecast_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sides_table = _table(["Side", "Wins", "95% interval"])
        self.pcs_table = _table(["Player character", *(f.capitalize() for f in FATES)])
        self.messages = QLabel(self)
        self.messages.setObjectName("forecast_messages")
        self.messages.setWordWrap(True)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.run_button = QPushButton("&Run", self)
        self.run_button.setDefault(True)
        buttons.addButton(self.run_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.run_button.clicked.connect(self.start)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.sides_table)
        layout.addWidget(self.pcs_table, 1)
        layout.addWidget(self.messages)
        layout.addStretch(0)
        layout.addWidget(buttons)
        self.summary.setText("Press Run to play the fights.")
        self.sides_table.hide()
        self.pcs_table.hide()
        self.resize(720, 520)

    # -- running --------------------------------------------------------------------

    def start(self) -> bool:
        """Start the fights in the background; False (and the reason shown) if the
        encounter cannot be forecast."""
        try:
            run = ForecastRun(self.state, self.encounter, self.runs.value(),
                              self.seed.value(), self.limit.value())
        except RulesError as exc:
            self.summary.setText(f"No forecast: {exc}.")
            return False
        self.run_button.setEnabled(False)
        job = ForecastJob(run, self)
        progress = QProgressDialog(f"Playing {run.result.wanted:,} fights\u2026", "Cancel", 0,
                                   run.result.wanted, self)
        progress.setWindowTitle("Forecast")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)
        progress.canceled.connect(job.cancel)
        job.progress.connect(progress.setValue)
        job.finished.connect(self._finished)
        self.job, self.progress_dialog = job, progress
        job.start()
        return True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _finished(self) -> None:
        job = self.job
        assert job is not None
        if self.progress_dialog is not None:
            self.progress_dialog.reset()
            self.progress_dialog.deleteLater()
            self.progress_dialog = None
        self.run_button.setEnabled(True)
        self.show_result(job.result)
        if self.on_result is not None and job.result.runs:
            self.on_result(job.result)

    def reject(self) -> None:
        self.cancel()  # closing the dialog stops the fights too
        super().reject()

    # -- showing --------------------------------------------------------------------

    def show_result(self, f: Forecast) -> None:
        self.forecast = f
        mean, low, high = f.expected_rounds()
        self.summary.setText(
            f"{f.runs:,} fights, seed {f.seed}: a fight lasts {mean:.1f} rounds on average "
            f"(95% interval {low:.1f}\u2013{high:.1f}).")
        self.sides_table.setRowCount(len(f.sides))
        for r, side in enumerate(f.sides):
            chance = f.win(side)
            lo, hi = chance.interval
            self.sides_table.setItem(r, 0, _item(side, number=False))
            self.sides_table.setItem(r, 1, _item(f"{chance.chance:.0%}"))
            self.sides_table.setItem(r, 2, _item(f"{lo:.0%}\u2013{hi:.0%}"))
        self.pcs_table.setRowCount(len(f.pcs))
        for r, (fid, name, _side) in enumerate(f.pcs):
            self.pcs_table.setItem(r, 0, _item(name, number=False))
            for c, fate in enumerate(FATES, start=1):
                self.pcs_table.setItem(r, c, _item(f.fate(fid, fate).text()))
        self.sides_table.show()
        self.pcs_table.setVisible(bool(f.pcs))
        self.sides_table.resizeRowsToContents()
        _fit_height(self.sides_table)
        lines = f.messages() or []
        if not f.pcs:
            lines.append("No player characters in this fight.")
        self.messages.setText("\n".join(lines))

    def table_text(self) -> list[list[str]]:
        """Every row of both tables as text (for tests and copying)."""
        out = []
        for t in (self.sides_table, self.pcs_table):
            for r in range(t.rowCount()):
                row = [t.item(r, c) for c in range(t.columnCount())]
                out.append([i.text() if i is not None else "" for i in row])
        return out
