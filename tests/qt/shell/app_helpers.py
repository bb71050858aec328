"""Shared helpers of the main-window tests (tests/qt/test_app*.py)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QMessageBox

from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.storage.library import Library

__all__ = ["Edit", "answer_questions", "make_window", "sample_window"]


class Edit(QUndoCommand):
    """A stand-in edit: appends to a list, undo removes it (any document's stack takes it)."""

    def __init__(self, log: list[str], value: str) -> None:
        super().__init__(f"edit {value}")
        self.log, self.value = log, value

    def redo(self) -> None:
        self.log.append(self.value)

    def undo(self) -> None:
        self.log.remove(self.value)


def make_window(qtbot: Any, library: Library) -> MainWindow:
    window = MainWindow(library)
    qtbot.addWidget(window)
    return window


def answer_questions(monkeypatch: pytest.MonkeyPatch,
                     *answers: QMessageBox.StandardButton) -> list[str]:
    """Answer ``QMessageBox.question`` with ``answers`` in turn, then Discard.

    Returns the questions asked. pytest-qt closes the windows before fixtures are
    torn down, so a question at that point must be answered too (never a real dialog).
    """
    asked: list[str] = []
    queue = list(answers)

    def question(_parent: Any, _title: str, text: str, *_a: Any,
                 **_k: Any) -> QMessageBox.StandardButton:
        asked.append(text)
        return queue.pop(0) if queue else QMessageBox.StandardButton.Discard
    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def sample_window(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """A window on the sample library (the test's private root); questions get Discard."""
    answer_questions(monkeypatch)
    return make_window(qtbot, Library.open())
