"""Autosave and crash recovery: copies of unsaved work, offered again at the next start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.qt.shell.app_helpers import Edit, answer_questions, sample_window
from yags_desk.qt.shell.main_window import AUTOSAVE_MS, MainWindow
from yags_desk.qt.shell.recovery import RecoveryDialog, describe_recovery
from yags_desk.rules.character import Character
from yags_desk.storage.documents import read_document
from yags_desk.storage.library import Library


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    return sample_window(qtbot, monkeypatch)


def character(path: Path) -> Character:
    model = read_document(path, "character").model
    assert isinstance(model, Character)
    return model


def leave_copy(library: Library, name: str = "Aldric the Bold") -> tuple[Path, Path]:
    """A recovery copy of Aldric renamed, as a crash would leave it; (original, copy)."""
    original = library.characters_dir / "aldric.json"
    changed = character(original).model_copy(update={"name": name})
    return original, library.autosave(f"character-{changed.id}", "character", changed)


def answer_dialog(monkeypatch: pytest.MonkeyPatch, choice: str,
                  untick: tuple[int, ...] = ()) -> list[int]:
    shown: list[int] = []

    def exec_(self: RecoveryDialog) -> int:
        shown.append(self.list.count())
        for row in untick:
            self.list.item(row).setCheckState(Qt.CheckState.Unchecked)
        self.choice = choice
        return 1
    monkeypatch.setattr(RecoveryDialog, "exec", exec_)
    return shown


def test_autosave_runs_on_a_timer_for_modified_documents_only(window: MainWindow) -> None:
    assert window.autosave_timer.isActive() and window.autosave_timer.interval() == AUTOSAVE_MS
    view = window.open_character(window.library.characters_dir / "aldric.json")
    assert view is not None
    assert window.autosave_all() == 0 and window.library.pending_recoveries() == []
    view.undo_stack.push(Edit([], "x"))
    window.autosave_timer.timeout.emit()
    pending = window.library.pending_recoveries()
    assert len(pending) == 1
    assert character(pending[0]).id == character(
        window.library.characters_dir / "aldric.json").id
    assert window.save_document(view)  # saved: the copy is no longer needed
    assert window.library.pending_recoveries() == []


def test_restore_opens_the_copy_as_unsaved_and_save_writes_it(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    original, _copy = leave_copy(window.library)
    shown = answer_dialog(monkeypatch, "restore")
    window.offer_recoveries()
    assert shown == [1]
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == ["Aldric the Bold*"]
    assert window.windowTitle() == "Aldric the Bold* — YAGS Desk"
    assert character(original).name == "Aldric of Thornbury"  # nothing written yet
    assert window.save_document()
    assert character(original).name == "Aldric the Bold"
    assert window.library.pending_recoveries() == []
    assert window.windowTitle() == "Aldric the Bold — YAGS Desk"


def test_discard_removes_ticked_copies_only(window: MainWindow,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    leave_copy(window.library)
    wolf = character(window.library.characters_dir / "wolf.json")
    window.library.autosave(f"character-{wolf.id}", "character", wolf)
    before = window.library.pending_recoveries()
    answer_dialog(monkeypatch, "discard", untick=(0,))
    window.offer_recoveries()
    assert window.library.pending_recoveries() == before[:1] and window.tabs.count() == 0


def test_decide_later_keeps_every_copy(window: MainWindow,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _original, copy = leave_copy(window.library)
    answer_dialog(monkeypatch, "later")
    window.offer_recoveries()
    assert window.library.pending_recoveries() == [copy] and window.tabs.count() == 0


def test_no_copies_no_dialog(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = answer_dialog(monkeypatch, "restore")
    window.offer_recoveries()
    assert shown == []


def test_clean_close_discards_copies_of_documents_let_go(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original, _copy = leave_copy(Library.open())
    window = sample_window(qtbot, monkeypatch)
    answer_dialog(monkeypatch, "restore")
    window.offer_recoveries()
    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Discard)
    assert window.close()
    assert len(asked) == 1 and "Aldric the Bold" in asked[0]
    assert window.library.pending_recoveries() == []
    assert character(original).name == "Aldric of Thornbury"


def test_unreadable_copy_is_listed_and_left_alone(window: MainWindow,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    broken = window.library.autosave_dir / "broken.json"
    broken.write_text("{ not json", "utf-8")
    text, restorable = describe_recovery(broken)
    assert not restorable and text.startswith("broken.json: cannot be restored")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, t, *a, **k: shown.append(t))
    assert window.restore_recovery(broken) is None
    assert shown and shown[0].startswith("broken.json") and broken.exists()


def test_dialog_lists_names_and_ticks(qtbot: Any, home: Path) -> None:
    library = Library.open()
    _original, copy = leave_copy(library)
    dialog = RecoveryDialog([copy])
    qtbot.addWidget(dialog)
    assert dialog.list.item(0).text().startswith("Aldric the Bold (character), saved ")
    assert dialog.checked() == [copy]
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    assert dialog.choice == "restore"


def test_a_catalogue_copy_comes_back_into_its_view(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    from yags_desk.rules.items import Weapon
    from yags_desk.storage.catalogues import CatalogueFile

    axe = Weapon(id="notched-axe", name="Notched axe", edition="classic", kind="melee",
                 attack=3, damage=8, skill="single")
    window.library.autosave("catalogue-classic", "catalogue",
                            CatalogueFile(edition="classic", items=[axe]))
    answer_dialog(monkeypatch, "restore")
    window.offer_recoveries()
    view = window.tabs.currentWidget()
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Catalogue (classic)*"
    assert "notched-axe" in {i.id for i in view.store.catalogue.custom_items()}  # type: ignore[attr-defined]
    view.undo_stack.undo()  # type: ignore[attr-defined]
    assert "notched-axe" not in {i.id for i in view.store.catalogue.custom_items()}  # type: ignore[attr-defined]
