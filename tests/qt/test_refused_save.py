"""A value the sheet refused is never silently dropped by a save (issue 12, item 9)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.character.editor import CharacterEditor
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.rules.character import Character
from yags_desk.storage.documents import read_document


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    w = sample_window(qtbot, monkeypatch)
    w.resize(1366, 768)
    w.show()
    return w


def stamina_on_disk(path: Path) -> int:
    model = read_document(path, "character").model
    assert isinstance(model, Character)
    return model.attr("stamina")


def open_aldric(window: MainWindow) -> tuple[CharacterEditor, Path]:
    path = (window.library.characters_dir / "aldric.json").resolve()
    editor = window.open_character(path)
    assert isinstance(editor, CharacterEditor)
    return editor, path


def type_into(qtbot: Any, spin: Any, text: str, enter: bool = True) -> None:
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), text)
    if enter:
        qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)


def test_ctrl_s_with_a_refused_stamina_does_not_save_and_says_why(
        qtbot: Any, window: MainWindow) -> None:
    editor, path = open_aldric(window)
    before = stamina_on_disk(path)
    spin = editor.form.attribute_spins["stamina"]
    type_into(qtbot, spin, "7")      # a good change, so there is something unsaved
    type_into(qtbot, spin, "999")    # then a value the rules refuse
    assert editor.form.problem("attributes.stamina")
    assert window.windowTitle().startswith("Aldric of Thornbury*")
    window.save_action.trigger()     # File ▸ Save (Ctrl+S)
    assert stamina_on_disk(path) == before
    assert window.windowTitle().startswith("Aldric of Thornbury*")
    assert not window.statusBar().currentMessage().startswith("Saved")
    assert window.statusBar().currentMessage() == (
        "Not saved: Stamina must be between 0 and 100, not 999")
    assert editor.form.message_bar.text() == (
        "Aldric of Thornbury was not saved: a field holds a value that cannot be kept. "
        "Correct it (or undo) and save again.\nStamina must be between 0 and 100, not 999")
    assert spin.value() == 999       # the GM's typing is still there to correct
    # Corrected, the save goes through with the value shown.
    type_into(qtbot, spin, "8")
    window.save_action.trigger()
    assert stamina_on_disk(path) == 8
    assert window.windowTitle() == "Aldric of Thornbury — YAGS Desk"


def test_save_takes_in_a_value_typed_without_enter(qtbot: Any, window: MainWindow) -> None:
    editor, path = open_aldric(window)
    spin = editor.form.attribute_spins["stamina"]
    type_into(qtbot, spin, "9", enter=False)   # typed, then straight to Ctrl+S
    window.save_action.trigger()
    assert stamina_on_disk(path) == 9
    type_into(qtbot, spin, "999", enter=False)
    window.save_action.trigger()
    assert stamina_on_disk(path) == 9
    assert editor.form.problem("attributes.stamina")
    assert window.statusBar().currentMessage().startswith("Not saved: Stamina")


def test_refused_name_blocks_save_all_too(qtbot: Any, window: MainWindow) -> None:
    editor, path = open_aldric(window)
    type_into(qtbot, editor.form.attribute_spins["stamina"], "7")
    editor.form.name_edit.setFocus()
    editor.form.name_edit.selectAll()
    qtbot.keyClick(editor.form.name_edit, Qt.Key.Key_Delete)
    qtbot.keyClick(editor.form.name_edit, Qt.Key.Key_Return)
    assert editor.form.problem("name")
    assert window.save_all() is False
    assert stamina_on_disk(path) != 7
    assert editor.form.message_bar.text().endswith("\nName must not be empty")
