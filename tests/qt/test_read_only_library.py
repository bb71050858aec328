"""A library that cannot be written opens read-only, and saving says why (issue 12, 11)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.shell.app_helpers import answer_questions
from yags_desk.qt.character.editor import CharacterEditor
from yags_desk.qt.shell import app as app_module
from yags_desk.qt.shell.main_window import READ_ONLY_STATUS
from yags_desk.rules.character import Character
from yags_desk.storage.documents import read_document
from yags_desk.storage.library import Library, LibraryError


@pytest.fixture
def blocked_autosave(home: Path) -> Path:
    """A library whose autosave/ cannot be made: a file has its name."""
    Library.open(home)
    (home / "autosave").rmdir()
    (home / "autosave").write_text("in the way", encoding="utf-8")
    return home


def test_library_open_says_what_is_in_the_way(blocked_autosave: Path) -> None:
    with pytest.raises(LibraryError) as caught:
        Library.open(blocked_autosave)
    assert str(caught.value) == (
        f"The library folder {blocked_autosave} (set by YAGS_DESK_HOME={blocked_autosave}) "
        f"cannot be set up: file exists ({blocked_autosave / 'autosave'}).")
    library = Library.open(blocked_autosave, read_only_ok=True)
    assert library.read_only.startswith(str(caught.value))
    assert library.read_only.endswith("It is open read-only: nothing can be saved.")
    library.set_read_only("")


def test_window_opens_read_only_and_save_says_why(
        qtbot: Any, blocked_autosave: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answer_questions(monkeypatch)
    _app, window = app_module.create()
    qtbot.addWidget(window)
    window.show()  # the library is listed once the window has painted
    qtbot.waitUntil(lambda: window.is_ready() and bool(window.library_dock.last_scan.entries),
                    timeout=30_000)
    try:
        assert window.windowTitle() == "YAGS Desk (read-only)"
        assert window.library_status.text().startswith("Read-only: ")
        path = (blocked_autosave / "characters" / "aldric.json").resolve()
        before = path.read_bytes()
        editor = window.open_character(path)
        assert isinstance(editor, CharacterEditor)
        editor.form.attribute_spins["stamina"].setValue(7)
        assert window.windowTitle() == "Aldric of Thornbury* — YAGS Desk (read-only)"
        assert window.save_document() is False
        assert path.read_bytes() == before
        assert window.statusBar().currentMessage() == READ_ONLY_STATUS
        assert f"The library folder {blocked_autosave}" in editor.form.message_bar.text()
        assert "It is open read-only" in editor.form.message_bar.text()
        assert window.autosave_all() == 0
        model = read_document(path).model
        assert isinstance(model, Character) and model.attr("stamina") != 7
    finally:
        window.library.set_read_only("")


def test_delete_in_a_read_only_library_says_why_and_keeps_the_tab(
        qtbot: Any, blocked_autosave: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from yags_desk.qt.library.model import Entry

    answer_questions(monkeypatch, QMessageBox.StandardButton.Yes)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _p, title, text, *a, **k: warnings.append(f"{title}|{text}"))
    _app, window = app_module.create()
    qtbot.addWidget(window)
    assert window.finish_start()  # the window whole without waiting for a paint
    try:
        path = (blocked_autosave / "characters" / "aldric.json").resolve()
        editor = window.open_character(path)
        assert editor is not None
        entry = Entry(key=str(path), label="Aldric of Thornbury", kind="character", path=path)
        assert window.library_dock.delete(entry) is None
        assert path.exists() and window.documents() == [editor]
        assert warnings == [f"Cannot delete|{window.library.read_only}"]
    finally:
        window.library.set_read_only("")
