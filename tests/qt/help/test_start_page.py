"""The start page's buttons do what they say; the 2-minute tour opens the sample fight
and its steps go forward, back and close."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.shell.tour import STEPS, Tour


def test_new_character_and_catalogue_buttons_open_their_tabs(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    page = window.start_page
    page.buttons["new-0.8"].click()
    view = window.current_document()
    assert type(view).__name__ == "CharacterEditor"
    assert view.character().edition == "0.8"  # type: ignore[union-attr]
    page.buttons["catalogue-classic"].click()
    assert type(window.current_document()).__name__ == "CatalogueView"
    assert window.tabs.count() == 2


def test_new_encounter_button_asks_for_the_encounter(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    window.show()
    asked: list[str] = []

    def answer() -> None:
        modal = QApplication.activeModalWidget()
        asked.append(type(modal).__name__)
        if modal is not None:
            modal.reject()
    QTimer.singleShot(0, answer)
    window.start_page.buttons["new-encounter"].click()
    assert asked == ["NewEncounterDialog"]
    assert window.tabs.count() == 0  # cancelled: nothing opened


def test_recent_files_are_listed_and_open_on_click(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    path = window.library.encounters_dir / "sparring.json"
    window.settings.add_recent(path)
    page = window.start_page
    page.fill_recent()
    assert [page.recent_list.item(r).text() for r in range(page.recent_list.count())] \
        == ["sparring.json"]
    assert page.recent_list.isVisibleTo(page) and not page.no_recent.isVisibleTo(page)
    item = page.recent_list.item(0)
    page.recent_list.itemClicked.emit(item)
    page.recent_list.itemActivated.emit(item)  # a click that also activates: one tab
    qtbot.waitUntil(lambda: window.tabs.count() == 1)
    board = window.current_document()
    assert isinstance(board, BattleBoard)
    assert Path(str(window.document_path(board))).name == "sparring.json"


def test_no_recent_files_says_so(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    window.settings.clear_recent()
    window.start_page.fill_recent()
    assert window.start_page.recent_list.count() == 0
    assert window.start_page.no_recent.isVisibleTo(window.start_page)


def test_the_tour_opens_the_sample_fight_and_its_steps_advance_and_close(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    window.show()
    window.start_page.buttons["tour"].click()
    board = window.current_document()
    assert isinstance(board, BattleBoard)
    assert board.encounter.name == "Ambush at the ford"
    assert window.document_path(board) is None  # the GM's own files are not touched
    tour = window.findChild(Tour, "tour")
    assert isinstance(tour, Tour) and tour.isVisible()
    assert tour.title_label.text() == f"<b>{STEPS[0].title}</b>"
    assert not tour.back_button.isEnabled()
    qtbot.mouseClick(tour.next_button, Qt.MouseButton.LeftButton)
    assert "Declare" in tour.title_label.text() and tour.count_label.text() == f"2 of {len(STEPS)}"
    qtbot.mouseClick(tour.next_button, Qt.MouseButton.LeftButton)
    assert "Initiative" in tour.title_label.text()
    qtbot.mouseClick(tour.back_button, Qt.MouseButton.LeftButton)
    assert "Declare" in tour.title_label.text()
    titles = [tour.title_label.text()]
    while tour.next_button.text() == "Next":
        tour.next_button.click()
        titles.append(tour.title_label.text())
    assert any("Attack" in t for t in titles) and any("log" in t for t in titles)
    assert any("Undo" in t for t in titles)
    tour.next_button.click()  # Finish
    assert not tour.isVisible()
    assert window.current_document() is board  # the sample fight stays to play on


def test_closing_the_tour_early(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    window.show()
    window.start_page.buttons["tour"].click()
    tour = window.findChild(Tour, "tour")
    assert isinstance(tour, Tour)
    tour.close_button.click()
    assert not tour.isVisible()
