"""The library shows each character's current wound level, from its file (issue 16)."""

from __future__ import annotations

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
