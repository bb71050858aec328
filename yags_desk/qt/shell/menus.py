"""The main window's actions, menus (File, Edit, View, Help) and toolbar.

Standard shortcuts come from ``QKeySequence.StandardKey`` where every platform
has one; the rest are spelled out (Ctrl+W, Ctrl+Q, Ctrl+Shift+Z and Ctrl+Y).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QToolBar

from yags_desk import APP_NAME
from yags_desk.qt.common.icons import icon
from yags_desk.qt.common.settings import SCHEMES
from yags_desk.qt.help import install_f1, open_help
from yags_desk.qt.shell.window_base import WindowBase
from yags_desk.rules.words import counted

if TYPE_CHECKING:
    from yags_desk.qt.battle.board import BattleBoard

__all__ = ["build", "update_enabled"]

Key = QKeySequence.StandardKey


def _action(window: WindowBase, text: str, slot: Callable[[], object] | None = None,
            icon_name: str = "", keys: list[QKeySequence] | None = None,
            tip: str = "") -> QAction:
    action = QAction(icon(icon_name), text, window) if icon_name else QAction(text, window)
    if keys:
        action.setShortcuts(keys)
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    if slot is not None:
        action.triggered.connect(lambda _checked=False: slot())
    return action


def build(w: WindowBase) -> None:
    """Create every action, menu, dock placement and the toolbar of ``w``."""
    w.new_action = _action(w, "&New character…", w.new_character, "new",
                           [QKeySequence(Key.New)], "Start a new character")
    w.new_encounter_action = _action(w, "New &encounter…", w.new_encounter, "encounter",
                                     [QKeySequence("Ctrl+Shift+N")],
                                     "Set up a new fight on the battle board")
    w.new_battle_action = _action(w, "New &battle", w.new_battle, "battle", [],
                                  "Set up a mass battle (quick combat) and fight it turn "
                                  "by turn")
    w.start_healing_action = _action(
        w, "Start &healing…", w.start_healing, "pc", [],
        "A healing record for the characters selected in the library (or the one in "
        "front, or every wounded player character): first aid and recovery day by day")
    w.open_action = _action(w, "&Open…", w.open_file_dialog, "open", [QKeySequence(Key.Open)],
                            "Open a character, an encounter or a battle file")
    w.import_characters_action = _action(
        w, "&Import characters…", lambda: import_characters(w), "item-import", [],
        "Add characters and NPC templates from a spreadsheet (CSV, comma or semicolon "
        "separated)")
    w.recent_menu = QMenu("Open &recent", w)
    w.recent_menu.setObjectName("recent_menu")
    w.recent_menu.aboutToShow.connect(lambda: fill_recent(w))
    w.save_action = _action(w, "&Save", w.save_document, "save", [QKeySequence(Key.Save)],
                            "Save the document in front")
    w.save_all_action = _action(w, "Save a&ll", w.save_all, "save-all",
                                [QKeySequence("Ctrl+Shift+S")], "Save every modified document")
    w.close_action = _action(w, "&Close tab", w.close_document, "close",
                             [QKeySequence("Ctrl+W")], "Close the document in front")
    w.print_action = _action(w, "&Print…", lambda: w.print_document("print"), "print",
                             [QKeySequence(Key.Print)],
                             "Print the document in front, or the characters selected "
                             "in the library")
    w.print_preview_action = _action(w, "Print pre&view…", lambda: w.print_document("preview"),
                                     "preview", [QKeySequence("Ctrl+Shift+P")],
                                     "See the printed pages before printing")
    w.export_pdf_action = _action(w, "&Export as PDF…", lambda: w.print_document("pdf"),
                                  "pdf", [QKeySequence("Ctrl+Shift+E")],
                                  "Save the printed pages as a PDF file")
    w.export_log_action = _action(w, "Export &log…", lambda: export_log(w), "",
                                  [], "Write the fight's log as Markdown, CSV or JSON")
    w.quit_action = _action(w, "&Quit", w.close, "quit", [QKeySequence("Ctrl+Q")],
                            f"Quit {APP_NAME}")
    w.quit_action.setMenuRole(QAction.MenuRole.QuitRole)

    w.undo_action = w.undo_group.createUndoAction(w, "&Undo")
    w.undo_action.setIcon(icon("undo"))
    w.undo_action.setShortcuts([QKeySequence(Key.Undo)])
    w.redo_action = w.undo_group.createRedoAction(w, "&Redo")
    w.redo_action.setIcon(icon("redo"))
    w.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])

    w.refresh_action = _action(w, "Re&fresh library", w.library_dock.reread, "refresh",
                               [QKeySequence(Key.Refresh)], "Read the library folders again")
    w.shortcuts_action = _action(w, "&Keyboard shortcuts", lambda: show_shortcuts(w),
                                 "keyboard", [QKeySequence("Ctrl+/")])
    w.manual_action = _action(w, "&Manual", lambda: open_help("index.html", w), "about",
                              tip="Open the manual (F1 opens the page of the view in front)")
    w.rules_action = _action(w, "&Rules reference", lambda: open_help("rules.html", w),
                             "catalogue", tip="The rules YAGS Desk applies, section by section")
    w.about_action = _action(w, f"&About {APP_NAME}", lambda: show_about(w), "about")
    w.about_action.setMenuRole(QAction.MenuRole.AboutRole)
    w.about_qt_action = _action(w, "About &Qt", lambda: QMessageBox.aboutQt(w))
    w.about_qt_action.setMenuRole(QAction.MenuRole.AboutQtRole)

    bar = w.menuBar()
    file_menu = bar.addMenu("&File")
    for item in (w.new_action, w.new_encounter_action, w.new_battle_action,
                 w.start_healing_action, w.open_action, w.recent_menu,
                 w.import_characters_action, None,
                 w.save_action, w.save_all_action, w.close_action, None, w.print_action,
                 w.print_preview_action, w.export_pdf_action, w.export_log_action, None,
                 w.quit_action):
        if item is None:
            file_menu.addSeparator()
        elif isinstance(item, QMenu):
            file_menu.addMenu(item)
        else:
            file_menu.addAction(item)
    edit_menu = bar.addMenu("&Edit")
    edit_menu.addAction(w.undo_action)
    edit_menu.addAction(w.redo_action)

    w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, w.library_dock)
    w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, w.dice_dock)
    # [decision] View ▸ History starts hidden, below the dice, and Wide board leaves
    # it alone: a GM who opens it beside the board wants to see it.
    w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, w.history_dock)
    w.history_dock.hide()
    # The library 20 px wider than it was and the dice 20 px narrower (issue 16): the
    # library's details column then shows the longest wound level whole ("Critical
    # (-15), 5 wounds · …") beside its name column; the documents keep their room.
    w.resizeDocks([w.library_dock, w.dice_dock], [380, 250], Qt.Orientation.Horizontal)
    toolbar = QToolBar("Main toolbar", w)
    toolbar.setObjectName("main_toolbar")
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    for action in (w.new_action, w.open_action, w.save_action, w.undo_action, w.redo_action):
        toolbar.addAction(action)
    w.addToolBar(toolbar)
    w.toolbar = toolbar

    from yags_desk.qt.battle.wide import WideBoard

    w.wide_board = WideBoard(w, w.settings, [w.library_dock, w.dice_dock], w.current_document)
    w.tabs.currentChanged.connect(w.wide_board.update)
    w.document_opened.connect(w.wide_board.opened)
    view_menu = bar.addMenu("&View")
    library_toggle = w.library_dock.toggleViewAction()
    library_toggle.setShortcut(QKeySequence("Ctrl+1"))
    dice_toggle = w.dice_dock.toggleViewAction()
    dice_toggle.setShortcut(QKeySequence("Ctrl+2"))
    view_menu.addAction(library_toggle)
    view_menu.addAction(dice_toggle)
    view_menu.addAction(w.history_dock.toggleViewAction())
    view_menu.addAction(toolbar.toggleViewAction())
    view_menu.addAction(w.wide_board.action)
    from yags_desk.qt.players.window import PlayersControl

    w.players_screen = PlayersControl(w, w.settings)
    w.tabs.currentChanged.connect(lambda _index: follow_board(w))
    view_menu.addAction(w.players_screen.action)
    view_menu.addSeparator()
    scheme_menu = view_menu.addMenu(icon("scheme"), "Colour &scheme")
    group = QActionGroup(w)
    w.scheme_actions = {}
    current = w.settings.scheme()
    for scheme in SCHEMES:
        label = {"system": "Follow the &system", "light": "&Light", "dark": "&Dark"}[scheme]
        action = QAction(label, group)
        action.setCheckable(True)
        action.setChecked(scheme == current)
        action.triggered.connect(lambda _checked=False, s=scheme: w.set_scheme(s))
        scheme_menu.addAction(action)
        w.scheme_actions[scheme] = action
    view_menu.addSeparator()
    view_menu.addAction(w.refresh_action)

    help_menu = bar.addMenu("&Help")
    help_menu.addAction(w.manual_action)
    help_menu.addAction(w.rules_action)
    help_menu.addAction(w.shortcuts_action)
    help_menu.addSeparator()
    help_menu.addAction(w.about_action)
    help_menu.addAction(w.about_qt_action)
    w.menus = [file_menu, edit_menu, view_menu, help_menu]
    install_f1()


def follow_board(w: WindowBase) -> None:
    """The players' screen follows the battle board in front (and keeps the last
    one while another kind of tab is in front)."""
    from yags_desk.qt.battle.board import BattleBoard

    view = w.current_document()
    if isinstance(view, BattleBoard):
        w.players_screen.follow(view)


def import_characters(w: WindowBase) -> None:
    """File ▸ Import characters…: a spreadsheet into the library (see library.importing)."""
    from yags_desk.qt.library.importing import ask_and_import

    written = ask_and_import(w, w.library)
    if written:
        w.library_dock.refresh()
        w.statusBar().showMessage(
            f"Imported {counted(len(written), 'character')} into the "
            "library", 8000)


def fill_recent(w: WindowBase) -> None:
    """Rebuild File ▸ Open recent from the settings."""
    menu = w.recent_menu
    menu.clear()
    files = w.settings.recent_files()
    for number, path in enumerate(files, start=1):
        action = menu.addAction(f"&{number % 10} {path.name}")
        action.setToolTip(str(path))
        action.setStatusTip(str(path))
        action.triggered.connect(lambda _checked=False, p=path: open_recent(w, p))
    if not files:
        empty = menu.addAction("No recent files")
        empty.setEnabled(False)
    menu.addSeparator()
    clear = menu.addAction("&Clear the list")
    clear.setEnabled(bool(files))
    clear.triggered.connect(w.settings.clear_recent)


def open_recent(w: WindowBase, path: Path) -> None:
    if not path.exists():
        w.settings.remove_recent(path)
        QMessageBox.warning(w, "Cannot open", f"{path}: the file no longer exists; "
                                              "it was removed from the recent files")
        return
    w.open_path(path)


def _board(w: WindowBase) -> BattleBoard | None:
    """The battle board in front, if any. [decision] The board's module is looked up,
    not imported: no board is open before it is loaded, and the window's start stays
    free of the combat engine."""
    module = sys.modules.get("yags_desk.qt.battle.board")
    view = w.current_document()
    return view if module is not None and isinstance(view, module.BattleBoard) else None


def export_log(w: WindowBase) -> None:
    """File ▸ Export log…: the battle board in front writes its log (issue 17)."""
    board = _board(w)
    if board is not None:
        board.export_log()


def update_enabled(w: WindowBase) -> None:
    has_document = w.current_document() is not None
    w.export_log_action.setEnabled(_board(w) is not None)
    w.save_action.setEnabled(has_document)
    w.close_action.setEnabled(has_document)
    w.save_all_action.setEnabled(any(v.is_modified() for v in w.documents()))


def show_about(w: WindowBase) -> None:
    from yags_desk.qt.shell.about import AboutDialog

    AboutDialog(w).exec()


def show_shortcuts(w: WindowBase) -> None:
    from yags_desk.qt.battle.board import SHORTCUTS
    from yags_desk.qt.shell.about import ShortcutsDialog

    extra = [("Help", "Help on the view or dialog in front", "F1")]
    extra += [("Battle board", c, k) for c, k in SHORTCUTS]
    ShortcutsDialog(w.menus, w, extra=extra).exec()
