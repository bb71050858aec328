"""File ▸ Import characters… from a spreadsheet, through the real window (issue 13
item 4): the characters land in the library and show in its dock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tests.qt.library.listing import listed
from tests.qt.shell.app_helpers import sample_window
from yags_desk.storage.documents import read_document


def _names(window: Any) -> set[str]:
    return {c.name for _path, c in window.library.load_characters().items}


def test_import_characters_from_a_semicolon_file(qtbot: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    sheet = tmp_path / "bandits.csv"
    sheet.write_text("Name;Edition;Kind;Strength;Skills;Weapons\n"
                     "Bandit chief;classic;npc;13;Sword 50;Long sword\n"
                     "Bandit archer;classic;npc;10;Bow 45;Bow\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(sheet), ""))
    before = _names(window)
    window.import_characters_action.trigger()
    assert _names(window) - before == {"Bandit chief", "Bandit archer"}
    assert "Imported 2 characters" in window.statusBar().currentMessage()
    chief = next(p for p in window.library.characters_dir.rglob("*.json")
                 if read_document(p).model.name == "Bandit chief")  # type: ignore[attr-defined]
    assert read_document(chief).model.attributes["strength"] == 13  # type: ignore[attr-defined]
    assert {"Bandit chief", "Bandit archer"} <= listed(window.library_dock.model)


def test_a_refused_file_imports_nothing_and_says_why(qtbot: Any, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    sheet = tmp_path / "bad.csv"
    sheet.write_text("name,edition,weapons\nOk,classic,Club\nBad,classic,Laser\n",
                     encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(sheet), ""))
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: said.append(text))
    before = _names(window)
    window.import_characters_action.trigger()
    assert _names(window) == before
    assert len(said) == 1 and "bad.csv could not be imported" in said[0]
    assert "Laser" in said[0] and "3" in said[0]
