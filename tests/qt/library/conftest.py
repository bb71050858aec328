"""Fixtures shared by the library's tests."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from yags_desk.storage import identity
from yags_desk.storage.library import Library

AN_HOUR_AGO = time.time() - 3600
_HOUR_NS = 3600 * 10**9


def age(path: Path) -> None:
    """``path`` as if written an hour ago: older than the two seconds within which a
    file's times are not trusted (ScanCache)."""
    os.utime(path, (AN_HOUR_AGO, AN_HOUR_AGO))


@pytest.fixture
def settled_library(home: Path, monkeypatch: pytest.MonkeyPatch) -> Library:
    """The sample library, looked at an hour after its files were written: its
    files' changed times cannot be put back, so the clock moves on instead."""
    library = Library.open()
    for path in library.root.rglob("*.json"):
        age(path)
    monkeypatch.setattr(identity, "time_ns", lambda: time.time_ns() + _HOUR_NS)
    return library


@pytest.fixture
def reads(home: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file of this test's library (under ``home``) read in full through
    ``Library.load_files``, in order (the dock's scans and the check after the
    quick listing read through it). A window left open by an earlier test, still
    reading its own library in the background, is not counted."""
    seen: list[Path] = []
    load_files = Library.load_files

    def recorded(self: Library, kind: str, files: Any) -> Any:
        files = list(files)
        seen.extend(f for f in files if Path(f).is_relative_to(home))
        return load_files(self, kind, files)

    monkeypatch.setattr(Library, "load_files", recorded)
    return seen
