"""Fixtures shared by the library's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from yags_desk.storage.library import Library


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
