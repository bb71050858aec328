"""The battle view at 1366×768 with the docks open: every column of both sides' group
tables in view and as wide as its header (issue 16, audit item 8: "From" and
"Wounds (large)" were clipped with the two sides side by side)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QStyle

from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.mass.models import COLUMNS
from yags_desk.qt.mass.view import BattleView


def test_both_sides_tables_show_every_column_whole(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    assert window.library_dock.isVisible() and window.dice_dock.isVisible()
    characters = dict((c.name, c) for _p, c in window.library.load_characters().items)
    checked = 0
    for path in sorted((home / "battles").glob("*.json")):
        view = window.open_battle(path)
        assert isinstance(view, BattleView)
        # A group from a character, as in the audit: "From" names the character.
        view.add_from_character(1, characters["Northern berserker"], 3)
        for box in view.sides:
            tabs = getattr(view, "side_tabs", None)  # (before issue 16: side by side)
            if tabs is not None:
                tabs.setCurrentWidget(box)
            for _ in range(5):
                QApplication.processEvents()
            table, header = box.table, box.table.horizontalHeader()
            margins = 2 * (header.style().pixelMetric(
                QStyle.PixelMetric.PM_HeaderMargin))
            for column, (_field, title) in enumerate(COLUMNS):
                left = header.sectionViewportPosition(column)
                width = header.sectionSize(column)
                assert 0 <= left and left + width <= table.viewport().width(), (
                    path.name, box.side, title)
                assert width >= header.fontMetrics().horizontalAdvance(title) + margins, title
                for row in range(box.model.rowCount()):
                    text = str(box.model.index(row, column).data(
                        Qt.ItemDataRole.DisplayRole))
                    assert table.fontMetrics().horizontalAdvance(text) < width, (title, text)
            assert not table.horizontalScrollBar().isVisible()
            checked += 1
    assert checked == 6


def test_the_typed_dice_field_shows_its_whole_placeholder(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The field for typed dice says in what order the turn uses them; at 1366×768
    with the docks open it read "d10s in the order the turn uses them: leader…"
    (issue 16, layout leftovers item 2)."""
    from PySide6.QtWidgets import QStyleOptionFrame

    window = sample_window(qtbot, monkeypatch)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    assert window.library_dock.isVisible() and window.dice_dock.isVisible()
    for path in sorted((home / "battles").glob("*.json")):
        view = window.open_battle(path)
        assert isinstance(view, BattleView)
        view.dice_mode.setCurrentIndex(1)  # Type the dice
        for _ in range(5):
            QApplication.processEvents()
        field = view.typed
        assert field.isVisible() and field.isEnabled()
        text = field.placeholderText()
        assert "2d10!" in text and "initiative" in text and text.endswith("damage")
        option = QStyleOptionFrame()
        field.initStyleOption(option)
        room = field.style().subElementRect(
            QStyle.SubElement.SE_LineEditContents, option, field).width()
        room -= 2 * 2  # QLineEdit's own margin each side of the text
        assert field.fontMetrics().horizontalAdvance(text) <= room, (path.name, room)
        assert window.width() <= 1366
