"""The library reads again only the files that changed (issue 18): with 2,000
characters, every save read and checked all of them again (some 1.5 s), and the
check after the quick listing at start-up froze the window as long."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from tests.qt.library.conftest import AN_HOUR_AGO
from yags_desk.qt.library import dock as dock_module
from yags_desk.qt.library.dock import LibraryDock
from yags_desk.qt.library.model import ScanCache, scan, warm
from yags_desk.storage import identity
from yags_desk.storage.library import Library


@pytest.fixture
def library(settled_library: Library) -> Library:
    return settled_library


def _rename(path: Path, name: str, *, aged: bool = True) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    document["data"]["name"] = name
    path.write_text(json.dumps(document), encoding="utf-8")
    if aged:
        os.utime(path, (AN_HOUR_AGO + 60, AN_HOUR_AGO + 60))


def _labels(result: Any, group: str) -> list[str]:
    return [e.label for e in result.entries[group]]


def test_a_refresh_reads_only_the_files_that_changed(library: Library,
                                                     reads: list[Path]) -> None:
    cache = ScanCache()
    first = scan(library, cache=cache)
    assert len(reads) == 23  # every document, once
    assert first == scan(library)  # the same rows and lines as without a cache
    reads.clear()
    assert scan(library, cache=cache) == first
    assert reads == []  # nothing changed: nothing read
    mira = library.characters_dir / "mira.json"
    _rename(mira, "Mira the Bold")
    (library.characters_dir / "wolf.json").unlink()
    (library.characters_dir / "broken.json").write_text("{ not json", encoding="utf-8")
    again = scan(library, cache=cache)
    assert sorted(p.name for p in reads) == ["broken.json", "mira.json"]
    assert again == scan(library)  # what a reading of everything finds
    assert "Mira the Bold" in _labels(again, "pc")
    assert not any(e.path is not None and e.path.name == "wolf.json"
                   for group in again.entries.values() for e in group)
    assert any(e.path is not None and e.path.name == "wolf.json"
               for group in first.entries.values() for e in group)
    assert any(line.startswith("characters/broken.json: ") for line in again.errors)
    reads.clear()
    assert scan(library, cache=cache) == again
    assert [p.name for p in reads] == ["broken.json"]  # an error is never kept


def test_a_file_that_could_not_be_read_for_a_moment_is_read_again(
        library: Library, reads: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    cache = ScanCache()
    mira = library.characters_dir / "mira.json"
    real_open = builtins.open
    locked = [True]

    def open_once_locked(file: Any, *args: Any, **kwargs: Any) -> Any:
        if locked[0] and Path(file) == mira:
            locked[0] = False
            raise PermissionError(13, "Permission denied")  # another program held it
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_once_locked)
    first = scan(library, cache=cache)
    assert "Mira Swiftwater" not in _labels(first, "pc")
    assert any(line.startswith("characters/mira.json: ") for line in first.errors)
    again = scan(library, cache=cache)
    assert "Mira Swiftwater" in _labels(again, "pc") and again.errors == []


def test_a_file_modified_just_before_it_was_read_is_read_again(
        library: Library, reads: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    # On a filesystem with coarse times (FAT: 2 s) it could be written again, same
    # size, in the same tick, and look unchanged.
    monkeypatch.setattr(identity, "time_ns", time.time_ns)  # the clock of the writing
    cache = ScanCache()
    mira = library.characters_dir / "mira.json"
    _rename(mira, "Mira A", aged=False)
    scan(library, cache=cache)
    reads.clear()
    scan(library, cache=cache)
    assert "mira.json" in [p.name for p in reads]


def test_warming_the_cache_leaves_the_next_scan_nothing_to_read(
        library: Library, reads: list[Path]) -> None:
    cache = ScanCache()
    steps = sum(1 for _ in warm(library, cache))
    assert steps == len(reads) == 23  # one file a step
    reads.clear()
    assert scan(library, cache=cache) == scan(library)
    assert reads == []  # the warmed scan read nothing


def test_the_dock_refresh_after_a_save_reads_one_file_and_f5_reads_all(
        qtbot: Any, library: Library, reads: list[Path]) -> None:
    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    dock.refresh()
    reads.clear()
    _rename(library.characters_dir / "aldric.json", "Aldric the Elder")
    dock.refresh()  # what the window does after a save
    assert [p.name for p in reads] == ["aldric.json"]
    assert "Aldric the Elder" in dock.visible_labels()
    reads.clear()
    dock.reread()  # Refresh library (F5): every file again
    assert len(reads) == 23


def test_the_check_after_the_quick_listing_reads_a_file_at_a_time_between_events(
        qtbot: Any, library: Library, reads: list[Path],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import QTimer

    monkeypatch.setattr(dock_module, "CHECK_SLICE_S", 0.0)  # one file a slice
    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    events_between: list[int] = []

    def tick() -> None:  # the window's own events, answered during the check
        events_between.append(len(reads))
        if dock.checking:
            QTimer.singleShot(0, tick)

    dock.refresh(quick=True)
    assert reads == []  # the quick listing read nothing in full
    tick()
    qtbot.waitUntil(lambda: not dock.checking, timeout=20_000)
    assert len(reads) == 23  # each file read once: the final refresh found them all kept
    assert len(set(events_between)) > 10  # events ran while files were being read


def test_f5_also_makes_the_next_reading_of_every_character_read_them_all(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    # Adding combatants, applying results and starting healing read every character
    # through Library.load_characters, which keeps what it read (issue 18).
    from yags_desk.storage import library as library_module

    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    count = len(library.load_characters().items)
    seen: list[Path] = []
    read = library_module.read_document
    monkeypatch.setattr(library_module, "read_document",
                        lambda path, kind=None: seen.append(path) or read(path, kind))
    library.load_characters()
    assert seen == []
    dock.reread()
    seen.clear()  # (what the dock itself read)
    library.load_characters()
    assert len(seen) == count
