"""Shared test set-up: offscreen Qt, and a private library root for every test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import yags_desk.qt  # noqa: F401  (its guard for None runs before any Qt call)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own library root; the real user folder is never used."""
    home = tmp_path / "home"
    monkeypatch.setenv("YAGS_DESK_HOME", str(home))
    return home
