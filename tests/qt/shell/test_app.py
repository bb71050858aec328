"""The main window as a GM meets it: opening, tabs, titles, undo, closing, layout.

These tests look at tab titles, the undo group and the window title, never
at an editor's insides.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.qt.shell.app_helpers import Edit, answer_questions, make_window, sample_window
from yags_desk import CREDIT, __version__
from yags_desk.qt.library.model import Entry
from yags_desk.qt.shell import menus as main_menus
from yags_desk.qt.shell.about import about_html, shortcut_rows
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.storage.library import Library

Button = QMessageBox.StandardButton


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    return sample_window(qtbot, monkeypatch)


def tab_titles(w: MainWindow) -> list[str]:
    return [w.tabs.tabText(i) for i in range(w.tabs.count())]


def ask(monkeypatch: pytest.MonkeyPatch, *answers: Button) -> list[str]:
    return answer_questions(monkeypatch, *answers)


def shortcuts(action: Any) -> list[str]:
    return [k.toString(QKeySequence.SequenceFormat.PortableText) for k in action.shortcuts()]


# -- opening ------------------------------------------------------------------------

def test_opens_on_the_sample_library(window: MainWindow) -> None:
    assert window.windowTitle() == "YAGS Desk"
    assert window.tabs.count() == 0 and window.central.currentWidget() is window.start_page
    assert window.library_dock.last_scan.count("pc", "npc", "template") == 17
    assert "Aldric of Thornbury" in window.library_dock.visible_labels()
    assert "17 characters, 2 encounters, 3 battles" in window.library_status.text()
    assert [m.title().replace("&", "") for m in window.menus] == ["File", "Edit", "View",
                                                                  "Help"]


def test_opens_on_an_empty_library_root(qtbot: Any, tmp_path: Path) -> None:
    w = make_window(qtbot, Library(tmp_path / "empty"))
    assert w.windowTitle() == "YAGS Desk"
    assert w.library_dock.visible_labels() == ["Classic catalogue", "0.8 catalogue"]
    assert w.library_status.text().startswith("0 characters")


def test_standard_shortcuts(window: MainWindow) -> None:
    assert shortcuts(window.save_action) == ["Ctrl+S"]
    assert shortcuts(window.close_action) == ["Ctrl+W"]
    assert shortcuts(window.quit_action) == ["Ctrl+Q"]
    assert shortcuts(window.undo_action) == ["Ctrl+Z"]
    assert shortcuts(window.redo_action) == ["Ctrl+Shift+Z", "Ctrl+Y"]
    assert shortcuts(window.new_action) == ["Ctrl+N"]
    assert shortcuts(window.open_action) == ["Ctrl+O"]
    assert shortcuts(window.print_action) == ["Ctrl+P"]
    assert shortcuts(window.print_preview_action) == ["Ctrl+Shift+P"]
    assert shortcuts(window.export_pdf_action) == ["Ctrl+Shift+E"]
    rows = shortcut_rows(window.menus)
    assert ("File", "Save", "Ctrl+S") in [(m, c, k.replace("⌘", "Ctrl+")) for m, c, k in rows]


def test_open_character_once_with_its_name_in_tab_and_title(window: MainWindow) -> None:
    path = window.library.characters_dir / "aldric.json"
    view = window.open_character(path)
    assert view is not None
    assert tab_titles(window) == ["Aldric of Thornbury"]
    assert window.windowTitle() == "Aldric of Thornbury — YAGS Desk"
    assert window.open_character(path) is view and window.tabs.count() == 1
    assert window.documents() == [view]


def test_library_dock_opens_rows(window: MainWindow) -> None:
    dock = window.library_dock
    assert dock.select(str(window.library.characters_dir / "wolf.json"))
    dock.open_action.trigger()
    assert tab_titles(window) == ["Wolf"]
    # A battle opens in the battle view, once (issue 16 item 5).
    battle = next(e for e in dock.last_scan.entries["battles"] if e.label.startswith("Raid"))
    view = window.open_entry(battle)
    assert type(view).__name__ == "BattleView"
    assert tab_titles(window) == ["Wolf", "Raid on the river mill"]
    assert window.open_entry(battle) is view and window.tabs.count() == 2
    # An encounter opens on a battle board, once.
    encounter = next(e for e in dock.last_scan.entries["encounters"]
                     if e.label.startswith("Ambush"))
    board = window.open_entry(encounter)
    assert board is not None and tab_titles(window)[-1] == encounter.label
    assert window.open_entry(encounter) is board and window.tabs.count() == 3


def test_new_battle_action_opens_a_battle_that_saves_in_the_library(window: MainWindow) -> None:
    window.new_battle_action.trigger()
    view = window.current_document()
    assert type(view).__name__ == "BattleView" and tab_titles(window) == ["New battle*"]
    assert view is not None and window.save_document(view)
    saved = list(window.library.battles_dir.glob("new-battle-*.json"))
    assert len(saved) == 1 and window.document_path(view) == saved[0]
    assert tab_titles(window) == ["New battle"]


def test_catalogue_opens_once_per_edition(window: MainWindow) -> None:
    first = window.open_entry(Entry(key="catalogue:classic", label="Classic catalogue",
                                    kind="catalogue", edition="classic"))
    assert first is not None and tab_titles(window) == ["Catalogue (classic)"]
    assert window.open_catalogue("classic") is first
    window.open_catalogue("0.8")
    assert tab_titles(window) == ["Catalogue (classic)", "Catalogue (0.8)"]


def test_unreadable_character_gives_a_message(window: MainWindow,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    bad = window.library.characters_dir / "bad.json"
    bad.write_text("{ not json", "utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a, **k: shown.append(text))
    assert window.open_character(bad) is None
    assert shown and shown[0].startswith("bad.json: ") and window.tabs.count() == 0


def test_corrupt_library_file_is_reported_and_the_rest_opens(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = Library.open()
    (library.characters_dir / "wolf.json").write_text("{ not json", "utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a, **k: shown.append(text))
    w = make_window(qtbot, library)
    qtbot.waitUntil(lambda: len(shown) == 1)
    assert "characters/wolf.json: " in shown[0]
    assert w.library_dock.last_scan.count("pc", "npc", "template") == 16
    assert "Wolf" not in w.library_dock.visible_labels()


# -- modified state, undo ---------------------------------------------------------------

def test_title_shows_unsaved_changes_and_undo_clears_them(window: MainWindow) -> None:
    view = window.open_character(window.library.characters_dir / "aldric.json")
    assert view is not None
    log: list[str] = []
    view.undo_stack.push(Edit(log, "a"))
    assert window.windowTitle() == "Aldric of Thornbury* — YAGS Desk"
    assert tab_titles(window) == ["Aldric of Thornbury*"]
    assert window.save_all_action.isEnabled()
    window.undo_action.trigger()
    assert log == [] and window.windowTitle() == "Aldric of Thornbury — YAGS Desk"
    window.redo_action.trigger()
    assert log == ["a"] and window.windowTitle().startswith("Aldric of Thornbury*")


def test_ctrl_z_goes_to_the_tab_in_front(qtbot: Any, window: MainWindow) -> None:
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    first = window.open_character(window.library.characters_dir / "aldric.json")
    second = window.open_character(window.library.characters_dir / "wolf.json")
    assert first is not None and second is not None
    log_first: list[str] = []
    log_second: list[str] = []
    first.undo_stack.push(Edit(log_first, "one"))
    second.undo_stack.push(Edit(log_second, "two"))
    window.tabs.setCurrentWidget(first)
    assert window.undo_group.activeStack() is first.undo_stack
    window.tabs.setFocus()
    qtbot.keyClick(window.tabs, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert log_first == [] and log_second == ["two"]
    window.tabs.setCurrentWidget(second)
    qtbot.keyClick(window.tabs, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert log_second == []
    qtbot.keyClick(window.tabs, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert log_second == ["two"] and log_first == []


# -- closing -------------------------------------------------------------------------

def test_closing_a_modified_tab_asks(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    path = window.library.characters_dir / "aldric.json"
    before = path.read_bytes()
    view = window.open_character(path)
    assert view is not None
    view.undo_stack.push(Edit([], "x"))
    asked = ask(monkeypatch, Button.Cancel, Button.Discard)
    assert not window.close_document(view) and window.tabs.count() == 1
    assert "Aldric of Thornbury" in asked[0]
    assert window.close_document(view) and window.tabs.count() == 0
    assert path.read_bytes() == before  # discarded: the file is as it was
    assert window.windowTitle() == "YAGS Desk"
    assert window.central.currentWidget() is window.start_page


def test_closing_with_save_writes_the_file(window: MainWindow,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = window.library.characters_dir / "aldric.json"
    view = window.open_character(path)
    assert view is not None
    view.undo_stack.push(Edit([], "x"))
    asked = ask(monkeypatch, Button.Save)
    window.close_action.trigger()  # Ctrl+W
    assert len(asked) == 1 and window.tabs.count() == 0
    assert (path.parent / "aldric.json.bak").exists()  # saved: the old file became .bak


def test_closing_an_unmodified_tab_does_not_ask(window: MainWindow,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ask(monkeypatch)
    window.open_character(window.library.characters_dir / "aldric.json")
    assert window.close_document() and asked == []


def test_quitting_with_unsaved_work_can_be_cancelled(window: MainWindow,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    view = window.new_character("0.8")
    assert view is not None and tab_titles(window) == ["New character*"]
    asked = ask(monkeypatch, Button.Cancel)
    assert window.close() is False and window.tabs.count() == 1 and len(asked) == 1


def test_deleting_an_open_character_closes_its_tab_first(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    path = window.library.characters_dir / "wolf.json"
    window.open_character(path)
    ask(monkeypatch, Button.Yes)
    entry = window.library_dock.model.entry(window.library_dock.model.index_of(str(path)))
    assert entry is not None
    assert window.library_dock.delete(entry) is not None
    assert window.tabs.count() == 0 and not path.exists()


# -- recent files, layout, scheme, about ----------------------------------------------

def test_recent_files_recorded_and_reopened(window: MainWindow,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    aldric = window.library.characters_dir / "aldric.json"
    wolf = window.library.characters_dir / "wolf.json"
    window.open_character(aldric)
    window.open_character(wolf)
    assert window.settings.recent_files()[:2] == [wolf.resolve(), aldric.resolve()]
    window.close_document(window.documents()[0], ask=False)
    main_menus.fill_recent(window)
    entries = [a for a in window.recent_menu.actions() if a.toolTip() == str(aldric.resolve())]
    assert len(entries) == 1
    entries[0].trigger()
    assert "Aldric of Thornbury" in tab_titles(window)
    # A recent file that has gone is dropped from the list with a message.
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a, **k: shown.append(text))
    window.close_document(window.documents()[0], ask=False)
    wolf.unlink()
    main_menus.open_recent(window, wolf.resolve())
    assert shown and wolf.resolve() not in window.settings.recent_files()


def test_geometry_and_docks_restored(qtbot: Any, home: Path) -> None:
    library = Library.open()
    first = make_window(qtbot, library)
    first.show()
    first.resize(720, 520)  # within the offscreen screen (800x600)
    first.dice_dock.hide()
    assert first.close()
    second = make_window(qtbot, library)
    second.show()
    assert (second.width(), second.height()) == (720, 520)
    assert second.dice_dock.isHidden() and not second.library_dock.isHidden()
    assert second.settings.path.parent == home  # never the real config folder


def test_colour_scheme_override_is_applied_and_remembered(window: MainWindow) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        window.scheme_actions["dark"].trigger()
        assert app.palette().window().color().lightness() < 100
        assert window.settings.scheme() == "dark"
        window.scheme_actions["light"].trigger()
        assert app.palette().window().color().lightness() > 180
        assert app.style().name().lower() == "fusion"
    finally:
        window.set_scheme("system")


def test_about_names_version_and_yags_credit(window: MainWindow,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from yags_desk.qt.shell import about

    text = about_html()
    assert __version__ in text and "Samuel Penn" in text
    assert CREDIT.split(" (")[0] in text
    shown: list[str] = []
    monkeypatch.setattr(about.AboutDialog, "exec",
                        lambda self: shown.append(self.text.text()) or 0)
    window.about_action.trigger()
    assert shown == [text]


def test_unreadable_library_files_are_told_once_then_shown_in_the_library(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = Library.open()
    (library.characters_dir / "wolf.json").write_text("{ not json", "utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a, **k: shown.append(text))
    first = make_window(qtbot, library)
    qtbot.waitUntil(lambda: len(shown) == 1)
    first.close()
    # The next start says nothing about the same file...
    second = make_window(qtbot, Library.open())
    qtbot.wait(50)
    assert len(shown) == 1
    # ...but the library keeps naming it.
    badge = second.library_dock.problems
    assert badge.isVisibleTo(second) and badge.text().startswith("⚠ Problems (1)")
    assert "characters/wolf.json" in badge.toolTip()
    badge.linkActivated.emit("details")  # details on request, always
    qtbot.waitUntil(lambda: len(shown) == 2)
    assert "characters/wolf.json: " in shown[1]
    second.close()
    # A new set of bad files is told again.
    (library.characters_dir / "guard.json").write_text("[]", "utf-8")
    make_window(qtbot, Library.open())
    qtbot.waitUntil(lambda: len(shown) == 3)
    assert "characters/guard.json: " in shown[2]
