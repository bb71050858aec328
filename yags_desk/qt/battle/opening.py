"""How the main window opens encounters on battle boards (kept out of main_window.py).

Boards ask the GM through ``yags_desk.qt.battle.dialogs.QtBattleDialogs``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QMessageBox

from yags_desk.help.refs import for_screen
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.dialogs import QtBattleDialogs
from yags_desk.qt.battle.protocol import BattleDialogs
from yags_desk.rules.errors import RulesError
from yags_desk.storage.encounter_file import Encounter

if TYPE_CHECKING:
    from yags_desk.qt.main_window import MainWindow

__all__ = ["battle_dialogs", "new_board", "open_board", "restore_board"]


def battle_dialogs() -> BattleDialogs:
    """The dialogs a board asks the GM with (tests replace this)."""
    return QtBattleDialogs()


def _board(window: MainWindow, encounter: Encounter, path: Path | None) -> BattleBoard | None:
    try:
        return BattleBoard(encounter, path, window.library, battle_dialogs())
    except RulesError as exc:
        where = path.name if path is not None else encounter.name
        QMessageBox.warning(window, "Cannot open", for_screen(f"{where}: {exc}"))
        return None


def open_board(window: MainWindow, path: Path) -> BattleBoard | None:
    model = window.read_model(path, "encounter")
    return _board(window, model, path) if isinstance(model, Encounter) else None


def new_board(window: MainWindow) -> BattleBoard | None:
    from yags_desk.qt.battle.setup import NewEncounterDialog

    dialog = NewEncounterDialog(window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return _board(window, dialog.encounter(), None)


def restore_board(window: MainWindow, path: Path, model: object) -> BattleBoard | None:
    """A recovery copy of an encounter opens as an unsaved board over its library file."""
    if not isinstance(model, Encounter):
        return None
    target = next((p.resolve() for p, e in window.library.load_encounters().items
                   if e.id == model.id), None)
    board = _board(window, model, target)
    if board is None:
        return None
    window.add_document(board, target)
    board.undo_stack.resetClean()
    window._recovered[board] = path
    window.statusBar().showMessage(f"Restored {model.name}: not saved yet", 8000)
    return board
