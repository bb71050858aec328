"""The library's listing index on disk (storage.listing_index, issue 18): what it
keeps comes back as written, and an index that is not exactly as this release
writes it for this folder stands for nothing (the files are read instead)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from yags_desk.storage import listing_index
from yags_desk.storage.documents import ReadOnlyError
from yags_desk.storage.library import Library
from yags_desk.storage.listing_index import index_path, read_index, write_index

ARCHER = Path("/lib/characters/archer.json")
RECORDS = [
    (ARCHER, ((11, 12, 3_878, 99), "character",
              ("Archer", "classic", "npc", "", False, (1, 1, 1, 1, 1, 1), 0))),
    (Path("/lib/encounters/ford.json"), ((21, 22, 900, 7), "encounter",
                                         ("Ambush at the ford", "classic", 8))),
]


def test_what_is_written_is_read_back(tmp_path: Path) -> None:
    write_index(tmp_path, RECORDS)
    assert read_index(tmp_path) == {
        "/lib/characters/archer.json": ((11, 12, 3_878, 99), "character",
                                        ["Archer", "classic", "npc", "", False,
                                         [1, 1, 1, 1, 1, 1], 0]),
        "/lib/encounters/ford.json": ((21, 22, 900, 7), "encounter",
                                      ["Ambush at the ford", "classic", 8])}
    assert [p.name for p in tmp_path.iterdir()] == [".listing-index.json"]  # no temp left


def test_no_index_is_an_empty_one(tmp_path: Path) -> None:
    assert read_index(tmp_path) == {}


def _written(tmp_path: Path) -> dict[str, Any]:
    write_index(tmp_path, RECORDS)
    document: dict[str, Any] = json.loads(index_path(tmp_path).read_text(encoding="utf-8"))
    assert len(read_index(tmp_path)) == 2  # as written, it is read
    return document


def _record(index: int, value: Any) -> Any:
    def change(document: dict[str, Any]) -> None:
        document["files"][0][index] = value
    return change


@pytest.mark.parametrize("change", [
    lambda d: d.update(format=2),  # another format
    lambda d: d.update(format=True),  # a format that only equals 1
    lambda d: d["schemas"].update(character=0),  # written before a migration
    lambda d: d.update(release="0.0.1"),  # written by another release
    lambda d: d.update(root="/somewhere/else"),  # the index of another library
    lambda d: d.pop("files"),
    lambda d: d.update(files={}),
    _record(1, True),  # an identity must be whole numbers
    _record(3, "3878"),
    _record(5, 1),  # the kind's name
    _record(6, "Archer"),  # the facts are a list
    lambda d: d["files"][1].append(0),  # a record of eight fields
    lambda d: d["files"].append("archer.json"),
], ids=["format", "format-true", "schema", "release", "root", "no-files", "files-not-a-list",
        "bool-identity", "text-size", "kind-not-text", "facts-not-a-list", "long-record",
        "bare-name"])
def test_an_index_not_as_written_stands_for_nothing(tmp_path: Path, change: Any) -> None:
    document = _written(tmp_path)
    change(document)
    index_path(tmp_path).write_text(json.dumps(document), encoding="utf-8")
    assert read_index(tmp_path) == {}


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"files": []}', "\ufeff{}",
                                  "[" * 100_000])
def test_unreadable_text_stands_for_nothing(tmp_path: Path, text: str) -> None:
    index_path(tmp_path).write_text(text, encoding="utf-8")
    assert read_index(tmp_path) == {}


def test_an_index_of_another_release_is_ignored(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    write_index(tmp_path, RECORDS)
    monkeypatch.setattr(listing_index, "__version__", "9.9.9")
    assert read_index(tmp_path) == {}


def test_a_read_only_library_gets_no_index(home: Path) -> None:
    library = Library.open()
    library.set_read_only("Opened read-only for the test.")
    try:
        with pytest.raises(ReadOnlyError):
            write_index(library.root, RECORDS)
    finally:
        library.set_read_only("")
    assert not index_path(library.root).exists()


def test_a_value_json_cannot_hold_writes_nothing(tmp_path: Path) -> None:
    write_index(tmp_path, RECORDS)
    before = index_path(tmp_path).read_bytes()
    with pytest.raises(ValueError):
        write_index(tmp_path, [(ARCHER, ((1, 2, 3, 4), "encounter",
                                         ("Ford", "classic", float("nan"))))])
    assert index_path(tmp_path).read_bytes() == before  # the old index stays whole


def test_an_index_too_large_is_neither_read_nor_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_index(tmp_path, RECORDS)
    size = index_path(tmp_path).stat().st_size
    monkeypatch.setattr(listing_index, "MAX_INDEX_BYTES", size - 1)
    assert read_index(tmp_path) == {}
    index_path(tmp_path).unlink()
    assert write_index(tmp_path, RECORDS) is False
    assert not index_path(tmp_path).exists()


def test_a_link_in_the_index_place_is_replaced_never_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("the GM's notes", encoding="utf-8")
    library = tmp_path / "library"
    library.mkdir()
    index_path(library).symlink_to(victim)
    assert read_index(library) == {}  # a link is not read
    write_index(library, RECORDS)
    assert victim.read_text(encoding="utf-8") == "the GM's notes"
    assert not index_path(library).is_symlink()
    assert len(read_index(library)) == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_in_the_index_place_is_not_waited_on(tmp_path: Path) -> None:
    os.mkfifo(index_path(tmp_path))
    assert read_index(tmp_path) == {}  # returns at once: nobody writes to the pipe


def test_a_file_name_that_is_not_utf8_is_kept(tmp_path: Path) -> None:
    odd = Path("/lib/characters/caf\udce9.json")  # how Python holds such a name
    write_index(tmp_path, [(odd, RECORDS[0][1])])
    assert list(read_index(tmp_path)) == [str(odd)]


def test_a_crash_while_writing_leaves_nothing_behind_for_long(home: Path) -> None:
    library = Library.open()
    left = library.root / ".listing-index.json.k2j4_x.tmp"  # as mkstemp names it
    left.write_bytes(b'{"format": 1, "fi')
    assert library.remove_leftover_temps(older_than_s=0) == [left]
