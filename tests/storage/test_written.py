"""Files this program wrote and whether they changed since; an undo that puts
files back all or nothing (issue 16, audit item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from yags_desk.storage import results
from yags_desk.storage.results import restore_files
from yags_desk.storage.written import changed_since, snapshot


def test_changed_since_names_files_changed_removed_or_unreadable(tmp_path: Path) -> None:
    a, b, c, d = (tmp_path / f"{n}.json" for n in "abcd")
    for path in (a, b, c, d):
        path.write_bytes(b'{"wounds": 3}')
    written = snapshot([a, b, c, d])
    assert written == [(p, b'{"wounds": 3}') for p in (a, b, c, d)]
    assert changed_since(written) == []
    b.write_bytes(b'{"wounds": 1}')  # healed since
    c.unlink()  # removed since
    d.unlink()
    d.mkdir()  # no longer a file that can be read
    assert changed_since(written) == [b, c, d]


def test_restore_files_is_all_or_nothing(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    a, b, gone = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "gone.json"
    a.write_bytes(b"a written")
    b.write_bytes(b"b written")
    real = results.atomic_write_bytes
    calls: list[Path] = []

    def failing(path: Path, data: bytes, previous: bytes | None = None) -> None:
        calls.append(path)
        if len(calls) == 3:  # the third file back fails: disk full
            raise OSError(28, "No space left on device")
        real(path, data, previous)

    monkeypatch.setattr(results, "atomic_write_bytes", failing)
    with pytest.raises(OSError):
        restore_files([(a, b"a before"), (b, b"b before"), (gone, b"gone before")])
    # gone.json (put back first), b.json, then a.json fails: both put back are undone.
    assert calls[:3] == [gone, b, a]
    assert (a.read_bytes(), b.read_bytes(), gone.exists()) == (b"a written", b"b written",
                                                               False)
    monkeypatch.setattr(results, "atomic_write_bytes", real)
    restore_files([(a, b"a before"), (b, b"b before"), (gone, b"gone before")])
    assert (a.read_bytes(), b.read_bytes(), gone.read_bytes()) == (
        b"a before", b"b before", b"gone before")
