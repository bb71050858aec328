"""The library shows each character's current wound level, from its file (issue 16)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStyle

from tests.qt.shell.app_helpers import sample_window
from tests.rules.builders import classic, v08
from yags_desk.qt.library.model import scan
from yags_desk.rules.tracks import wound_level
from yags_desk.storage.library import Library


def test_wound_level_in_words_for_both_editions() -> None:
    assert wound_level("classic", (1, 1, 1, 1, 1, 1), 0) == "Unhurt"
    assert wound_level("classic", (1, 1, 1, 1, 1, 1), 3) == "Medium (-4), 3 levels"
    assert wound_level("0.8", (1, 1, 1, 1, 1, 1), 0) == "Okay"
    assert wound_level("0.8", (1, 1, 1, 1, 1, 1), 3).endswith(", 3 wounds")


def test_library_rows_show_the_files_wound_level() -> None:
    library = Library.open()
    library.save_character(classic("Hurt Harald").model_copy(update={"wounds": 3}))
    library.save_character(v08("Fresh Freya"))
    entries = {e.label: e for group in scan(library).entries.values() for e in group}
    assert entries["Hurt Harald"].detail.endswith(" · Medium (-4), 3 levels")
    assert "Medium (-4), 3 levels" in entries["Hurt Harald"].tooltip
    assert entries["Fresh Freya"].detail.endswith(" · Okay")


def test_the_dock_shows_each_wound_level_whole_at_its_first_width(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit item 8: at the end of the details the level was cut to "Fata…"."""
    window = sample_window(qtbot, monkeypatch)
    library = window.library
    hurt = {"Aldric of Thornbury": 6, "Brenna Ash": 5, "Kestrel": 3, "Sister Elin": 5}
    levels = {}
    for path, character in library.load_characters().items:
        wounds = hurt.get(character.name, character.wounds)
        if character.name in hurt:
            library.save_character(character.model_copy(update={"wounds": wounds}), path)
        levels[character.name] = wound_level(character.edition, character.body_boxes, wounds)
    assert levels["Brenna Ash"] == "Critical (-15), 5 wounds"  # the longest there is
    assert levels["Aldric of Thornbury"] == "Fatal (-15), 6 levels"
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    dock = window.library_dock
    dock.refresh()
    tree = dock.tree
    tree.expandAll()
    qtbot.waitUntil(lambda: tree.header().sectionSize(1) > 0)
    margins = 2 * (tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    metrics = tree.fontMetrics()
    model = tree.model()
    characters = model.index(0, 0)
    seen = []
    for group in (model.index(r, 0, characters) for r in range(model.rowCount(characters))):
        for row in range(model.rowCount(group)):
            name, details = model.index(row, 0, group), model.index(row, 1, group)
            # What the dock draws: the details elided to the column's width.
            shown = metrics.elidedText(details.data(), Qt.TextElideMode.ElideRight,
                                       tree.header().sectionSize(1) - margins)
            assert shown.startswith(levels[name.data()]), (name.data(), shown)
            # The names keep their room: the name's rectangle holds icon and name.
            room = tree.visualRect(name).width() - tree.iconSize().width() - 4 - margins
            assert metrics.horizontalAdvance(name.data()) <= room, name.data()
            seen.append(name.data())
    assert set(hurt) < set(seen)
