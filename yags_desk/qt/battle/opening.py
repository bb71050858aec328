"""How the main window opens encounters on battle boards (kept out of main_window.py).

Boards ask the GM through ``yags_desk.qt.battle.dialogs.QtBattleDialogs``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from yags_desk.help.refs import for_screen
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.dialogs import QtBattleDialogs
from yags_desk.qt.battle.protocol import BattleDialogs
from yags_desk.rules.errors import RulesError
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.library import Library

__all__ = ["battle_dialogs", "board_for", "new_board", "restore_board"]


def battle_dialogs() -> BattleDialogs:
    """The dialogs a board asks the GM with (tests replace this)."""
    return QtBattleDialogs()


def board_for(parent: QWidget, library: Library, encounter: Encounter,
              path: Path | None) -> BattleBoard | None:
    """A board for ``encounter`` (saved at ``path``), or None after saying why not."""
    try:
        return BattleBoard(encounter, path, library, battle_dialogs())
    except RulesError as exc:
        where = path.name if path is not None else encounter.name
        QMessageBox.warning(parent, "Cannot open", for_screen(f"{where}: {exc}"))
        return None


def new_board(parent: QWidget, library: Library) -> BattleBoard | None:
    """Ask name, edition and options (over ``parent``); the new encounter's board."""
    from yags_desk.qt.battle.setup import NewEncounterDialog

    dialog = NewEncounterDialog(parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return board_for(parent, library, dialog.encounter(), None)


def restore_board(parent: QWidget, library: Library,
                  model: Encounter) -> tuple[BattleBoard, Path | None] | None:
    """A board for an encounter's recovery copy, over its library file (found by
    the encounter's id; None when it was never saved), to open unsaved."""
    target = next((p.resolve() for p, e in library.load_encounters().items
                   if e.id == model.id), None)
    board = board_for(parent, library, model, target)
    return None if board is None else (board, target)
