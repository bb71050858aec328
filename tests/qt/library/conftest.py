"""Fixtures shared by the library's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from yags_desk.storage.library import Library


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file the library reads in full through ``Library.load_files``, in order
    (the dock's scans and the check after the quick listing read through it)."""
    seen: list[Path] = []
    load_files = Library.load_files

    def recorded(self: Library, kind: str, files: Any) -> Any:
        seen.extend(files)
        return load_files(self, kind, files)

    monkeypatch.setattr(Library, "load_files", recorded)
    return seen
