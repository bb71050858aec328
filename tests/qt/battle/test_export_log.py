"""File ▸ Export log… on the battle board (issue 17 item 4)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog

from tests.qt.battle.scripted import ScriptedDialogs
from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.battle import export_log, opening
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.storage.encounter_file import encounter_log
from yags_desk.storage.log_export import replay


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(opening, "battle_dialogs", ScriptedDialogs)
    return sample_window(qtbot, monkeypatch)


def _board(window: MainWindow) -> BattleBoard:
    board = window.open_path(window.library.encounters_dir / "ford-ambush.json")
    assert isinstance(board, BattleBoard)
    for _ in range(12):
        board.next_action.trigger()
    assert len(board.log.events) >= 12
    return board


def _answer(monkeypatch: pytest.MonkeyPatch, path: Path, chosen: str) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *_a, **_k: (str(path), chosen)))


def test_export_log_is_enabled_only_with_a_board_in_front(window: MainWindow) -> None:
    assert not window.export_log_action.isEnabled()
    _board(window)
    assert window.export_log_action.isEnabled()
    sheet = window.new_character("classic")  # a character sheet in front
    assert sheet is not None and window.current_document() is sheet
    assert not window.export_log_action.isEnabled()


def test_menu_writes_the_format_chosen_in_the_dialog(window: MainWindow, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(window)
    csv_filter, json_filter = list(export_log.FILTERS)[1:3]
    _answer(monkeypatch, tmp_path / "fight", csv_filter)  # no ending: the type gives it
    window.export_log_action.trigger()
    rows = list(csv.reader(io.StringIO((tmp_path / "fight.csv").read_text("utf-8"))))
    assert rows[0][:7] == ["number", "round", "event", "actor", "target", "rolls", "result"]
    assert len(rows) == 1 + len(board.log.events)
    assert "fight.csv" in window.statusBar().currentMessage()

    _answer(monkeypatch, tmp_path / "fight.json", json_filter)
    window.export_log_action.trigger()
    replayed = replay((tmp_path / "fight.json").read_text("utf-8"))
    assert replayed.state == board.log.state
    assert replayed.state == encounter_log(board.current_encounter()).state


def test_unwritable_folder_shows_why_on_the_board_and_writes_nothing(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(window)
    target = tmp_path / "missing" / "fight.md"
    _answer(monkeypatch, target, list(export_log.FILTERS)[0])
    window.export_log_action.trigger()
    assert "Could not export the log" in board.last_message
    assert "does not exist" in board.last_message
    assert not board.message.isHidden()
    assert not target.parent.exists()


def test_cancelling_the_file_dialog_writes_nothing(window: MainWindow, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(window)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *_a, **_k: ("", "")))
    assert board.export_log() is False
    assert not list(tmp_path.glob("*.md"))
