"""Help ▸ Manual, Help ▸ Rules reference and F1 open the right page of the shipped help."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from tests.qt.shell.app_helpers import sample_window
from yags_desk.help.pages import HELP_PAGES, help_dir
from yags_desk.qt.help import HelpWindow, install_f1, open_help, page_for
from yags_desk.qt.help.viewer import CONTENTS

ROOT = Path(__file__).resolve().parents[3]


def _viewer(owner: Any) -> HelpWindow:
    viewer = owner.findChild(HelpWindow, "help_window")
    assert isinstance(viewer, HelpWindow)
    return viewer


def _focus(qtbot: Any, widget: QWidget) -> None:
    """``widget``'s window active, ``widget`` holding the keyboard focus."""
    window = widget.window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)


def _press_f1(qtbot: Any, widget: QWidget) -> None:
    """F1 as a GM presses it: in the active window, with ``widget`` holding the focus
    (key presses go to the focused widget)."""
    _focus(qtbot, widget)
    qtbot.keyClick(widget, Qt.Key.Key_F1)


def _key_target(qtbot: Any, dialog: QWidget) -> QWidget:
    """Where a key pressed in running ``dialog`` goes, once it is the active window:
    its focused widget, else the dialog itself."""
    qtbot.waitUntil(dialog.isActiveWindow)
    target = QApplication.focusWidget()
    return target if target is not None and dialog.isAncestorOf(target) else dialog


def test_every_help_id_names_a_shipped_page() -> None:
    pages = set(HELP_PAGES.values()) | {page for _t, page in CONTENTS}
    missing = [p for p in sorted(pages)
               if not (help_dir() / p.partition("#")[0]).is_file()
               or ("#" in p and f'name="{p.partition("#")[2]}"'
                   not in (help_dir() / p.partition("#")[0]).read_text(encoding="utf-8"))]
    assert missing == []


def test_every_manual_link_leads_to_a_page_or_anchor_that_exists() -> None:
    rules = (help_dir() / "rules.html").read_text(encoding="utf-8")
    for page in help_dir().glob("*.html"):
        for href in re.findall(r'href="([^"]+)"', page.read_text(encoding="utf-8")):
            target, _, anchor = href.partition("#")
            target = target or page.name
            assert (help_dir() / target).is_file(), f"{page.name}: {href}"
            if anchor:
                text = rules if target == "rules.html" else (help_dir() / target).read_text()
                assert f'name="{anchor}"' in text, f"{page.name}: {href}"


def test_help_menu_opens_the_manual_and_the_rules_reference(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    texts = [a.text() for a in window.menus[-1].actions()]
    assert texts[:2] == ["&Manual", "&Rules reference"]
    window.manual_action.trigger()
    viewer = _viewer(window)
    assert viewer.isVisible() and viewer.current_page() == "index.html"
    assert "The battle board" in viewer.browser.toPlainText()
    window.rules_action.trigger()
    assert viewer.current_page() == "rules.html"
    assert "1.6 Damage and wounds" in viewer.browser.toPlainText()
    assert "Samuel Penn" in viewer.browser.toPlainText()
    viewer.back_button.click()
    assert viewer.current_page() == "index.html"


def test_rules_links_open_the_reference_at_the_section(qtbot: Any) -> None:
    viewer = open_help("rules:1.6")
    qtbot.addWidget(viewer)
    assert (viewer.current_page(), viewer.current_anchor()) == ("rules.html", "s1.6")
    # The page is scrolled to the section, not left at the top.
    assert viewer.browser.verticalScrollBar().value() > 0


def test_f1_in_the_main_window_opens_the_page_of_the_tab_in_front(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    window.show()
    _press_f1(qtbot, window.start_page)
    assert _viewer(window).current_page() == "start.html"
    board = window.open_encounter(window.library.encounters_dir / "ford-ambush.json")
    assert board is not None
    _press_f1(qtbot, board)
    assert _viewer(window).current_page() == "battle.html"
    _press_f1(qtbot, window.library_dock.widget())
    assert _viewer(window).current_page() == "library.html"
    window.new_character("classic")
    assert page_for(window.current_document()) == "character.html"
    _press_f1(qtbot, window.tabs.tabBar())
    assert _viewer(window).current_page() == "character.html"


def test_f1_in_an_open_menu_opens_the_page_of_the_view_behind_it(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    window.show()
    _focus(qtbot, window.start_page)
    menu = window.menus[0]
    menu.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu)
    assert window.findChild(HelpWindow, "help_window") is None
    # The key as the system delivers it: to the window, which hands it to the menu.
    QTest.keyClick(window.windowHandle(), Qt.Key.Key_F1)
    assert _viewer(window).isVisible() and _viewer(window).current_page() == "start.html"


def test_f1_in_the_players_window_opens_its_page(qtbot: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    board = window.open_encounter(window.library.encounters_dir / "ford-ambush.json")
    assert board is not None
    screen = window.players_screen.open()
    qtbot.waitUntil(screen.isVisible)
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    # A window where nothing has the focus: the key goes to the window itself.
    QTest.keyClick(screen.windowHandle(), Qt.Key.Key_F1)
    assert _viewer(screen).current_page() == "players.html"


def test_f1_in_a_modal_dialog_opens_its_page_in_a_window_it_does_not_block(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from yags_desk.qt.battle.setup import NewEncounterDialog

    window = sample_window(qtbot, monkeypatch)
    window.show()
    dialog = NewEncounterDialog(window)
    seen: dict[str, Any] = {}

    def press_f1() -> None:
        modal = QApplication.activeModalWidget()
        seen["modal"] = modal
        try:
            qtbot.keyClick(_key_target(qtbot, modal), Qt.Key.Key_F1)
            viewer = _viewer(modal)
            seen["page"] = viewer.current_page()
            seen["visible"] = viewer.isVisible()
            seen["blocked"] = QApplication.activeModalWidget() is not modal
        finally:
            modal.reject()
    QTimer.singleShot(0, press_f1)
    assert dialog.exec() == QDialog.DialogCode.Rejected
    assert seen["modal"] is dialog
    assert seen["page"] == "new-encounter.html" and seen["visible"]


def _f1_in(qtbot: Any, dialog: QDialog) -> str:
    """Run ``dialog`` for real, press F1 in it, return the page its help window shows."""
    seen: dict[str, str] = {}

    def press_f1() -> None:
        try:
            modal = QApplication.activeModalWidget()
            seen["modal"] = type(modal).__name__
            qtbot.keyClick(_key_target(qtbot, dialog), Qt.Key.Key_F1)
            viewer = dialog.findChild(HelpWindow, "help_window")
            seen["page"] = viewer.current_page() if viewer is not None else "none"
        finally:
            dialog.reject()
    QTimer.singleShot(0, press_f1)
    dialog.exec()
    assert seen["modal"] == type(dialog).__name__
    return seen["page"]


def test_f1_in_each_battle_dialog_opens_its_own_page(qtbot: Any) -> None:
    import random

    from tests.qt.battle.dialogs.fixtures import BOW, ford, sample_log
    from tests.qt.battle.dialogs.test_other_dialogs import _critical
    from yags_desk.qt.battle.dialogs import (
        AttackDialog,
        CheckDialog,
        ConditionDialog,
        DeclareDialog,
        FirstAidDialog,
        InitiativeDialog,
        OverrideDialog,
    )
    from yags_desk.qt.battle.setup import AddCombatantsDialog
    from yags_desk.storage.library import Library

    install_f1()  # as the main window does when it builds its Help menu
    state = ford().state
    dialogs = {
        "attack.html": AttackDialog(None, state, "archer-1", "aldric", BOW, False,
                                    random.Random(7)),
        "declare.html": DeclareDialog(None, state, "aldric"),
        "initiative.html": InitiativeDialog(None, state, list(state.fighters),
                                            random.Random(4)),
        "override.html": OverrideDialog(None, state, "aldric"),
        "condition.html": ConditionDialog(None, sample_log("sparring").state, "kestrel"),
        "first-aid.html": FirstAidDialog(None, state, "aldric", random.Random(1)),
        "add-combatants.html": AddCombatantsDialog(Library.open(), state),
    }
    critical = _critical(ford()).state
    dialogs["check.html"] = CheckDialog(None, critical, critical.pending[0], random.Random(1))
    for page, dialog in dialogs.items():
        qtbot.addWidget(dialog)
        assert _f1_in(qtbot, dialog) == page


def test_help_pages_ship_in_the_bundle_and_the_wheel(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil
    import sys

    monkeypatch.syspath_prepend(str(ROOT / "packaging"))
    import bundle_options  # packaging/ is scripts, not a package

    # The spec takes resources/ whole and filters entries by path: the help survives.
    assert all(bundle_options.keep_entry(f"resources/help/{p.name}")
               for p in (ROOT / "resources" / "help").glob("*.html"))
    assert '"resources" = "yags_desk/_resources"' in (ROOT / "pyproject.toml").read_text()
    bundle = tmp_path / "_internal"
    shutil.copytree(ROOT / "resources", bundle / "resources")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert help_dir() == bundle / "resources" / "help"
    assert (help_dir() / "rules.html").is_file() and (help_dir() / "attack.html").is_file()


def test_search_box_narrows_the_contents_and_finds_in_the_page(qtbot: Any) -> None:
    viewer = open_help("index.html")
    qtbot.addWidget(viewer)
    qtbot.keyClicks(viewer.search, "roll-off")
    shown = [viewer.contents.item(r).data(Qt.ItemDataRole.UserRole)
             for r in range(viewer.contents.count()) if not viewer.contents.item(r).isHidden()]
    assert shown == ["initiative.html", "rules.html"]
    viewer.contents.itemClicked.emit(viewer.contents.item(
        [viewer.contents.item(r).text() for r in range(viewer.contents.count())]
        .index("    Initiative")))
    assert viewer.current_page() == "initiative.html"
    assert viewer.find_next(from_top=True)
    assert viewer.browser.textCursor().selectedText().lower() == "roll-off"
    viewer.search.clear()
    qtbot.keyClicks(viewer.search, "x")
    viewer.search.setText("")
    viewer.filter_contents("")
    assert all(not viewer.contents.item(r).isHidden() for r in range(viewer.contents.count()))


def test_contents_lists_the_rules_sections_and_follows_the_page(qtbot: Any) -> None:
    viewer = open_help("index.html")
    qtbot.addWidget(viewer)
    titles = [viewer.contents.item(r).text().strip() for r in range(viewer.contents.count())]
    row = titles.index("1.6 Damage and wounds")
    viewer.contents.itemClicked.emit(viewer.contents.item(row))
    assert (viewer.current_page(), viewer.current_anchor()) == ("rules.html", "s1.6")
    assert viewer.contents.currentRow() == row
    viewer.show_page("rules:1.9")
    assert viewer.contents.currentItem().text().strip() == "1.9 Special attacks"
    viewer.show_page("attack.html")
    assert viewer.contents.currentItem().text().strip() == "Attack"
    assert viewer.windowTitle().startswith("Attack")
