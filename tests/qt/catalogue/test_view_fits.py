"""The catalogue at 1366×768 with the docks open: the 0.8 melee table's Classes read whole
on screen (they ran past the table's edge), and any words cell reads whole in its tooltip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QStyle

from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.catalogue.view import CatalogueView


def test_classes_are_on_screen_and_whole_at_1366(qtbot: Any, home: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.open_catalogue("0.8")
    for _ in range(5):
        QApplication.processEvents()
    assert window.width() <= 1366 and window.dice_dock.isVisible()
    view = next(v for v in window.findChildren(CatalogueView) if v.store.edition == "0.8")
    table, model = view.tables["melee"], view.models["melee"]
    header = table.horizontalHeader()
    column = next(i for i, c in enumerate(model.columns) if c.header == "Classes")
    left, width = header.sectionViewportPosition(column), header.sectionSize(column)
    assert left >= 0 and left + width <= table.viewport().width()
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
    texts = [str(model.index(row, column).data()) for row in range(model.rowCount())]
    assert "longshaft, great" in texts  # the Bill: a typical two-class row
    for text in texts:
        assert table.fontMetrics().horizontalAdvance(text) + 2 * margin <= width, text


def test_a_words_cell_reads_whole_in_its_tooltip(qtbot: Any, home: Path) -> None:
    from yags_desk.qt.common.catalogue_store import CatalogueStore
    from yags_desk.storage.library import Library

    view = CatalogueView(CatalogueStore("0.8", Library.open().root))
    qtbot.addWidget(view)
    model = view.models["melee"]
    row = next(r for r in range(model.rowCount()) if model.item(r).name == "Bill")
    for header in ("Classes", "Properties"):
        column = next(i for i, c in enumerate(model.columns) if c.header == header)
        index = model.index(row, column)
        tip = str(index.data(Qt.ItemDataRole.ToolTipRole))
        assert tip.startswith(f"{header}: {index.data()}\n"), tip
        assert "built-in" in tip
