"""What the shell's helpers (menus, start page, tour) ask of the main window.

:class:`~yags_desk.qt.shell.main_window.MainWindow` derives from
:class:`WindowBase`; the menus, the start page and the tour are written against
this base, so none of them imports the main window back (no import circle). The
methods here only name what the window provides; the window defines them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMainWindow, QWidget

from yags_desk.qt.common.document import DocumentView
from yags_desk.qt.common.settings import Settings

if TYPE_CHECKING:  # the docks and the library come after the first paint (issue 18)
    from PySide6.QtGui import QAction, QUndoGroup
    from PySide6.QtWidgets import QMenu, QTabWidget, QToolBar

    from yags_desk.qt.battle.wide import WideBoard
    from yags_desk.qt.dice.dock import DiceDock
    from yags_desk.qt.library.dock import LibraryDock
    from yags_desk.qt.players.window import PlayersControl
    from yags_desk.qt.printing.menu import Mode
    from yags_desk.qt.shell.history import HistoryDock
    from yags_desk.rules.editions import Edition
    from yags_desk.storage.library import Library

__all__ = ["WindowBase"]


class WindowBase(QMainWindow):
    """The main window's parts and commands that its menus, start page and tour use."""

    document_opened = Signal(object)  # a DocumentView, just added in a tab

    library: Library
    settings: Settings
    library_dock: LibraryDock
    dice_dock: DiceDock
    history_dock: HistoryDock
    tabs: QTabWidget
    undo_group: QUndoGroup

    # Made by menus.build().
    new_action: QAction
    new_encounter_action: QAction
    new_battle_action: QAction
    start_healing_action: QAction
    open_action: QAction
    recent_menu: QMenu
    save_action: QAction
    save_all_action: QAction
    close_action: QAction
    print_action: QAction
    print_preview_action: QAction
    import_characters_action: QAction
    export_pdf_action: QAction
    export_log_action: QAction
    quit_action: QAction
    undo_action: QAction
    redo_action: QAction
    refresh_action: QAction
    manual_action: QAction
    rules_action: QAction
    shortcuts_action: QAction
    about_action: QAction
    about_qt_action: QAction
    scheme_actions: dict[str, QAction]
    wide_board: WideBoard
    players_screen: PlayersControl
    toolbar: QToolBar
    menus: list[QMenu]

    def _missing(self) -> NotImplementedError:
        return NotImplementedError(f"{type(self).__name__} must define this")

    def documents(self) -> list[DocumentView]:
        raise self._missing()

    def current_document(self) -> DocumentView | None:
        raise self._missing()

    def add_document(self, view: DocumentView, path: Path | None = None) -> DocumentView:
        raise self._missing()

    def new_character(self, edition: Edition | None = None) -> DocumentView | None:
        raise self._missing()

    def new_encounter(self) -> DocumentView | None:
        raise self._missing()

    def new_battle(self) -> DocumentView:
        raise self._missing()

    def start_healing(self) -> DocumentView | None:
        raise self._missing()

    def open_catalogue(self, edition: Edition) -> DocumentView:
        raise self._missing()

    def open_path(self, path: Path | str) -> DocumentView | None:
        raise self._missing()

    def open_file_dialog(self) -> None:
        raise self._missing()

    def save_document(self, view: DocumentView | None = None) -> bool:
        raise self._missing()

    def save_all(self) -> bool:
        raise self._missing()

    def close_document(self, view: QWidget | None = None, *, ask: bool = True) -> bool:
        raise self._missing()

    def print_document(self, mode: Mode) -> object:
        raise self._missing()

    def set_scheme(self, scheme: str) -> str:
        raise self._missing()
