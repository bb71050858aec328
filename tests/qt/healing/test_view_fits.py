"""The healing record at 1366×768 with the docks open: the timeline's four columns in
view and every entry read whole (issue 16, audit item 8: "What happened" was cut and
"Condition after" out of view)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QStyle

from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.healing.view import HealingView


def test_the_timeline_shows_every_column_and_wraps_what_happened(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = home / "characters"
    window = sample_window(qtbot, monkeypatch)
    for name, wounds in (("aldric", 2), ("torvald", 4), ("mira", 1)):
        path = folder / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data["data"]["wounds"] = wounds
        path.write_text(json.dumps(data), encoding="utf-8")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    view = window._start_healing_for_files(
        [folder / "aldric.json", folder / "torvald.json", folder / "mira.json"])
    assert isinstance(view, HealingView)
    view.carer.setCurrentIndex(view.carer.findText("Sister Elin"))
    view.rng = random.Random(4)
    view.move_time(days=10)
    assert view.roll_all_due() > 3
    for _ in range(5):
        QApplication.processEvents()
    assert window.width() <= 1366 and window.dice_dock.isVisible()
    table, model = view.timeline_view, view.timeline
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
    for column, title in enumerate(model.HEADERS):
        left, width = header.sectionViewportPosition(column), header.sectionSize(column)
        assert left >= 0 and left + width <= table.viewport().width(), title
    assert not table.horizontalScrollBar().isVisible()
    longest = 0
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            text = str(model.index(row, column).data(Qt.ItemDataRole.DisplayRole))
            room = header.sectionSize(column) - 2 * margin
            needed = metrics.boundingRect(QRect(0, 0, room, 10_000),
                                          int(Qt.TextFlag.TextWordWrap), text)
            # Each cell's text fits its column, wrapped, within its row's height.
            assert needed.width() <= room, (row, column, text)
            assert table.rowHeight(row) >= needed.height(), (row, column, text)
            if column == 2:
                longest = max(longest, metrics.horizontalAdvance(text))
            else:  # the short columns keep their text on one line
                assert metrics.horizontalAdvance(text) <= room, text
    assert longest > header.sectionSize(2)  # some entry had to wrap
