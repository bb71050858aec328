"""Reading every character again reads only the files that changed (issue 18):
adding combatants, applying a fight's results and starting healing each read the
whole library, some 0.8 s for 2,000 characters."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from yags_desk.storage import documents, identity
from yags_desk.storage import library as library_module
from yags_desk.storage.library import Library

_AN_HOUR_AGO = time.time() - 3600
_HOUR_NS = 3600 * 10**9


def _clock(monkeypatch: pytest.MonkeyPatch, offset_ns: int) -> None:
    """The library's clock (identity.clock_ns) ``offset_ns`` ahead of the real one."""
    monkeypatch.setattr(identity, "time_ns", lambda: time.time_ns() + offset_ns)


@pytest.fixture
def library(home: Path, monkeypatch: pytest.MonkeyPatch) -> Library:
    """The sample library, read an hour after its files were written: every file
    settled (identity.RACY_NS). A file's changed time cannot be put back, so the
    clock moves on instead."""
    library = Library.open()
    for path in library.characters_dir.glob("*.json"):
        os.utime(path, (_AN_HOUR_AGO, _AN_HOUR_AGO))
    _clock(monkeypatch, _HOUR_NS)
    return library


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every document read from disk, in order."""
    seen: list[Path] = []
    read = documents.read_document

    def recorded(path: Path, kind: str | None = None) -> documents.Document:
        seen.append(path)
        return read(path, kind)

    monkeypatch.setattr(library_module, "read_document", recorded)
    return seen


def _names(library: Library) -> list[str]:
    return [c.name for _p, c in library.load_characters().items]


def _rename(path: Path, name: str, *, when: float = _AN_HOUR_AGO + 60) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    document["data"]["name"] = name
    path.write_text(json.dumps(document), encoding="utf-8")
    os.utime(path, (when, when))


def test_a_second_reading_reads_nothing_and_gives_the_same(library: Library,
                                                          reads: list[Path]) -> None:
    first = _names(library)
    assert len(reads) == len(first) > 3
    reads.clear()
    assert _names(library) == first
    assert reads == []


def test_a_file_edited_outside_is_read_again_with_its_new_content(
        library: Library, reads: list[Path]) -> None:
    _names(library)
    path = sorted(library.characters_dir.glob("*.json"))[0]
    _rename(path, "Edited Outside")
    reads.clear()
    assert "Edited Outside" in _names(library)
    assert reads == [path]


def test_a_file_saved_by_the_library_is_read_again(library: Library,
                                                   reads: list[Path]) -> None:
    report = library.load_characters()
    path, character = report.items[0]
    library.save_character(character.model_copy(update={"name": "Saved Again"}), path)
    reads.clear()
    assert "Saved Again" in _names(library)
    assert reads == [path]


def test_removed_and_new_files_are_seen(library: Library) -> None:
    before = library.load_characters().items
    gone, kept = before[0][0], before[1][0]
    copy = library.characters_dir / "copy.json"
    copy.write_bytes(kept.read_bytes())
    gone.unlink()
    paths = [p for p, _c in library.load_characters().items]
    assert gone not in paths and copy in paths and kept in paths


def test_a_file_that_cannot_be_read_is_reported_every_time(library: Library,
                                                           reads: list[Path]) -> None:
    bad = library.characters_dir / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    os.utime(bad, (_AN_HOUR_AGO, _AN_HOUR_AGO))
    library.load_characters()
    for _ in range(2):
        reads.clear()
        report = library.load_characters()
        assert [e.path for e in report.errors] == [bad]
        assert reads == [bad]


def test_a_file_modified_within_the_last_two_seconds_is_read_again(
        library: Library, reads: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    # Its times cannot be trusted yet: a coarse clock could see it written again,
    # same size, within the same tick (identity.RACY_NS).
    _clock(monkeypatch, 0)
    path = sorted(library.characters_dir.glob("*.json"))[0]
    _rename(path, "Just Now", when=time.time())
    _names(library)
    reads.clear()
    assert "Just Now" in _names(library)
    assert path in reads


def test_a_file_whose_modified_time_was_put_back_is_read_again_every_time(
        library: Library, reads: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    # Its changed time is new (a tool that restores the modified time after an
    # edit, or a copy that keeps it): until that too is two seconds old, an edit in
    # the same tick could look like no change.
    _clock(monkeypatch, 0)
    path = sorted(library.characters_dir.glob("*.json"))[0]
    _names(library)
    for _ in range(2):
        reads.clear()
        _names(library)
        assert path in reads


def test_a_reading_that_took_long_counts_from_before_it_began(
        library: Library, reads: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    # A file written one second before a reading that took two: it was still within
    # two seconds of its writing when it was looked at, so it is not kept.
    path = sorted(library.characters_dir.glob("*.json"))[0]
    _rename(path, "Slow Read", when=time.time())
    calls: list[int] = []

    def slow() -> int:
        calls.append(1)
        return time.time_ns() + (1 if len(calls) == 1 else 3) * 10**9

    monkeypatch.setattr(identity, "time_ns", slow)
    _names(library)
    reads.clear()
    _clock(monkeypatch, _HOUR_NS)
    assert "Slow Read" in _names(library)
    assert path in reads  # (the sample's other files were written a moment ago too)


def test_an_edit_in_place_of_the_same_size_with_the_old_modified_time_is_seen(
        library: Library, reads: list[Path]) -> None:
    path = library.characters_dir / "mira.json"
    before = os.stat(path)
    _names(library)
    text = path.read_text(encoding="utf-8")
    assert "Mira" in text
    path.write_text(text.replace("Mira", "Mora", 1), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size, before.st_mtime_ns, before.st_ino)
    reads.clear()
    names = _names(library)
    assert reads == [path]
    assert any(name.startswith("Mora") for name in names)


def test_a_file_replaced_by_another_with_the_old_times_is_seen(
        library: Library, reads: list[Path]) -> None:
    path = library.characters_dir / "mira.json"
    before = os.stat(path)
    _names(library)
    other = path.with_suffix(".tmp")
    other.write_text(path.read_text(encoding="utf-8").replace("Mira", "Mora", 1),
                     encoding="utf-8")
    os.utime(other, ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(other, path)
    assert os.stat(path).st_ino != before.st_ino
    reads.clear()
    names = _names(library)
    assert reads == [path]
    assert any(name.startswith("Mora") for name in names)


def test_forgetting_reads_every_character_again(library: Library, reads: list[Path]) -> None:
    first = _names(library)
    library.forget_reads()  # Refresh library (F5)
    reads.clear()
    assert _names(library) == first
    assert len(reads) == len(first)
