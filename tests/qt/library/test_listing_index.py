"""The listing index between runs (issue 18): the check after the start-up listing
keeps what it found, and the next start lists and checks every unchanged file
from it without reading the file; whatever changed since is read as before."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from tests.qt.library.test_scan_cache import _labels, _rename
from yags_desk.qt.library.dock import LibraryDock
from yags_desk.qt.library.model import read_listing_index, scan, write_listing_index
from yags_desk.storage.library import Library
from yags_desk.storage.listing_index import index_path


@pytest.fixture
def library(settled_library: Library) -> Library:
    return settled_library


def _start(qtbot: Any, library: Library) -> LibraryDock:
    """A dock listing ``library`` as the window's start does, its check done."""
    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    dock.refresh(quick=True)
    qtbot.waitUntil(lambda: not dock.checking, timeout=10_000)
    return dock


def test_the_next_start_reads_no_unchanged_file(qtbot: Any, library: Library,
                                                reads: list[Path]) -> None:
    first = _start(qtbot, library)
    assert len(reads) == 23  # the check read every document
    assert index_path(library.root).is_file()
    reads.clear()
    again = _start(qtbot, library)
    assert reads == []  # listed and checked from the index
    assert again.last_scan == first.last_scan == scan(library)  # the very same rows
    assert again.visible_labels() == first.visible_labels()


def test_what_changed_since_is_read_again(qtbot: Any, library: Library,
                                          reads: list[Path]) -> None:
    _start(qtbot, library)
    _rename(library.characters_dir / "mira.json", "Mira the Bold")
    (library.characters_dir / "wolf.json").unlink()
    (library.characters_dir / "aldric.json").write_text("{ cut", encoding="utf-8")
    reads.clear()
    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    quick = dock.refresh(quick=True)
    # Listed at once: the renamed file read, the one gone not listed.
    assert "Mira the Bold" in _labels(quick, "pc")
    assert "Wolf" not in _labels(quick, "npc")
    qtbot.waitUntil(lambda: not dock.checking, timeout=10_000)
    assert sorted({p.name for p in reads}) == ["aldric.json", "mira.json"]
    assert dock.last_scan == scan(library)  # what reading every file finds
    assert "Aldric of Thornbury" not in dock.visible_labels()
    assert any(line.startswith("characters/aldric.json: ") for line in dock.last_scan.errors)
    # The index now holds the new name and neither the file gone nor the broken one.
    held = read_listing_index(library)
    assert str(library.characters_dir / "mira.json") in held.indexed
    assert str(library.characters_dir / "wolf.json") not in held.indexed
    assert str(library.characters_dir / "aldric.json") not in held.indexed


@pytest.mark.parametrize(("fact", "value"), [
    (6, "3"),  # wounds as text
    (0, " Kestrel "),  # a name the model would have stripped
    (5, [1, 1, 1, 1, 1]),  # five body boxes
], ids=["wounds-as-text", "unstripped-name", "five-boxes"])
def test_an_odd_record_stands_for_nothing(qtbot: Any, library: Library,
                                          reads: list[Path], fact: int, value: Any) -> None:
    _start(qtbot, library)
    path = index_path(library.root)
    document = json.loads(path.read_text(encoding="utf-8"))
    kestrel = str(library.characters_dir / "kestrel.json")
    for record in document["files"]:
        if record[0] == kestrel:
            record[6][fact] = value  # not what this release writes
    path.write_text(json.dumps(document), encoding="utf-8")
    reads.clear()
    dock = _start(qtbot, library)
    assert [p.name for p in reads] == ["kestrel.json"]  # read from its file instead
    assert dock.last_scan == scan(library)


def _edit_record(library: Library, path: Path, change: Any) -> None:
    index = index_path(library.root)
    document = json.loads(index.read_text(encoding="utf-8"))
    for record in document["files"]:
        if record[0] == str(path):
            change(record[6])
    index.write_text(json.dumps(document), encoding="utf-8")


def _set(at: int, value: Any) -> Any:
    return lambda facts: facts.__setitem__(at, value)


@pytest.mark.parametrize(("folder", "name", "change"), [
    ("characters", "mira.json", _set(1, "0.9")),  # an edition there is not
    ("characters", "mira.json", _set(1, " classic")),
    ("characters", "mira.json", _set(0, "")),  # no name
    ("characters", "mira.json", _set(4, 0)),  # dead as a number
    ("characters", "mira.json", _set(2, "hero")),  # a kind of character there is not
    ("characters", "mira.json", _set(6, -1)),  # wounds below none
    ("characters", "mira.json", lambda f: f.pop()),  # a fact missing
    ("encounters", "ford-ambush.json", _set(2, -8)),  # fewer than no combatants
    ("encounters", "ford-ambush.json", _set(2, 8.0)),
    ("battles", "raid-on-the-mill.json", _set(2, ["Mill guard"])),  # one side
    ("battles", "raid-on-the-mill.json", _set(2, "Mill guard against Raiders")),
    ("healing", "after-the-ford.json", _set(2, [])),  # nobody healing
    ("healing", "after-the-ford.json", _set(3, "9")),  # the day as text
], ids=["edition", "edition-unstripped", "no-name", "dead-number", "character-kind",
        "negative-wounds", "short", "negative-combatants", "combatants-float",
        "one-side", "sides-text", "no-patients", "day-text"])
def test_odd_facts_of_each_kind_stand_for_nothing(qtbot: Any, library: Library,
                                                  reads: list[Path], folder: str,
                                                  name: str, change: Any) -> None:
    _start(qtbot, library)
    path = library.root / folder / name
    _edit_record(library, path, change)
    # Listed from the file's JSON instead, as without an index.
    indexed = read_listing_index(library)
    assert scan(library, quick=True, cache=indexed) == scan(library, quick=True)
    reads.clear()
    dock = _start(qtbot, library)
    assert reads == [path]  # the check reads it again: the index could not stand for it
    assert dock.last_scan == scan(library)


def test_a_record_that_stood_for_nothing_is_written_again(qtbot: Any,
                                                          library: Library) -> None:
    _start(qtbot, library)
    mira = library.characters_dir / "mira.json"
    _edit_record(library, mira, _set(0, " Mira "))
    _start(qtbot, library)  # reads the file, and writes its facts into the index
    assert read_listing_index(library).indexed[str(mira)][2][0] == "Mira Swiftwater"


def test_refresh_f5_writes_the_index_afresh(qtbot: Any, library: Library) -> None:
    dock = _start(qtbot, library)
    index_path(library.root).unlink()
    dock.reread()
    assert len(read_listing_index(library).indexed) == 23


def test_a_record_of_another_kind_than_its_folder_stands_for_nothing(
        qtbot: Any, library: Library, reads: list[Path]) -> None:
    _start(qtbot, library)
    path = index_path(library.root)
    document = json.loads(path.read_text(encoding="utf-8"))
    kestrel = str(library.characters_dir / "kestrel.json")
    for record in document["files"]:
        if record[0] == kestrel:  # an encounter's kind and facts for a character's file
            record[5], record[6] = "encounter", ["Kestrel's ambush", "classic", 3]
    path.write_text(json.dumps(document), encoding="utf-8")
    reads.clear()
    dock = _start(qtbot, library)
    assert [p.name for p in reads] == ["kestrel.json"]
    assert dock.last_scan == scan(library)
    assert "Kestrel's ambush" not in dock.visible_labels()


def test_the_index_is_written_again_only_when_what_it_holds_changed(
        qtbot: Any, library: Library) -> None:
    _start(qtbot, library)
    path = index_path(library.root)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    _start(qtbot, library)
    assert path.stat().st_mtime == 1_000_000_000  # the same files: not written
    _rename(library.characters_dir / "mira.json", "Mira the Bold")
    _start(qtbot, library)
    assert path.stat().st_mtime != 1_000_000_000
    assert read_listing_index(library).indexed[
        str(library.characters_dir / "mira.json")][2][0] == "Mira the Bold"


def test_a_file_written_just_now_is_not_kept(qtbot: Any, library: Library) -> None:
    # Its times cannot be trusted yet (identity.settled): the next start reads it.
    # (The fixture's clock is an hour ahead: "just now" is an hour from now.)
    mira = library.characters_dir / "mira.json"
    _rename(mira, "Mira A", aged=False)
    in_an_hour = time.time() + 3600
    os.utime(mira, (in_an_hour, in_an_hour))
    _start(qtbot, library)
    held = read_listing_index(library).indexed
    assert str(library.characters_dir / "mira.json") not in held
    assert str(library.characters_dir / "brenna.json") in held


def test_a_read_only_library_writes_no_index(qtbot: Any, library: Library) -> None:
    library.set_read_only("Opened read-only for the test.")
    try:
        dock = _start(qtbot, library)
        assert not write_listing_index(library, dock.cache)
    finally:
        library.set_read_only("")
    assert not index_path(library.root).exists()
