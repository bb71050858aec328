"""View ▸ History lists the steps of the document in front as Qt's QUndoView did,
through every kind of change a stack makes, and selecting a row moves the
document there (issue 18: the list is told only the rows a step changes)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtGui import QUndoCommand, QUndoGroup, QUndoStack
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import QApplication, QUndoView

from yags_desk.qt.shell.history import EMPTY_LABEL, HistoryView


class Step(QUndoCommand):
    def __init__(self, text: str, merge: int = -1, obsolete: bool = False) -> None:
        super().__init__(text)
        self.merge = merge
        self.obsolete = obsolete
        self.done = 0

    def id(self) -> int:
        return self.merge

    def mergeWith(self, other: QUndoCommand) -> bool:
        assert isinstance(other, Step)
        self.setText(other.text())
        self.setObsolete(other.obsolete)
        return True

    def redo(self) -> None:
        self.done += 1

    def undo(self) -> None:
        self.done -= 1


def rows(model: QAbstractItemModel) -> list[str]:
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def test_the_history_lists_what_qundoview_listed_through_every_change(qtbot: Any) -> None:
    group = QUndoGroup()
    first, second = QUndoStack(group), QUndoStack(group)
    group.setActiveStack(first)
    view = HistoryView(group)
    qtbot.addWidget(view)
    QAbstractItemModelTester(view.model(),
                             QAbstractItemModelTester.FailureReportingMode.Fatal)
    reference = QUndoView(group)  # Qt's own list, which the dock used to be
    reference.setEmptyLabel(EMPTY_LABEL)
    qtbot.addWidget(reference)

    told: list[int] = []  # rows the view was told changed (it repaints only those)
    view.model().dataChanged.connect(
        lambda top, bottom, *_: told.extend(range(top.row(), bottom.row() + 1)))

    def same() -> None:
        QApplication.processEvents()  # the selection follows at the loop's next turn
        stack = group.activeStack()
        assert rows(view.model()) == rows(reference.model())
        if stack is not None:
            assert view.currentIndex().row() == stack.index()

    same()
    for n in range(5):
        first.push(Step(f"step {n}"))
        same()
    assert rows(view.model())[0] == EMPTY_LABEL and len(rows(view.model())) == 6
    first.undo()
    first.undo()
    same()
    told.clear()
    first.push(Step("instead"))  # the two undone steps are dropped
    same()
    assert rows(view.model())[-1] == "instead" and first.count() == 4
    assert 4 in told  # the row that showed "step 3" now shows "instead"
    first.push(Step("typing a", merge=1))
    told.clear()
    first.push(Step("typing ab", merge=1))  # merged: the last row renamed
    same()
    assert rows(view.model())[-1] == "typing ab" and 5 in told
    first.push(Step("typing back", merge=1, obsolete=True))  # merged into nothing
    same()
    assert first.count() == 4
    first.setIndex(0)
    same()
    first.setIndex(first.count())
    same()
    second.push(Step("other document"))
    group.setActiveStack(second)  # the tab in front changed
    same()
    assert rows(view.model()) == [EMPTY_LABEL, "other document"]
    group.setActiveStack(first)
    same()
    first.clear()
    same()
    group.setActiveStack(None)  # type: ignore[arg-type]
    same()
    assert rows(view.model()) == []


def test_selecting_a_row_moves_the_document_to_just_after_that_step(qtbot: Any) -> None:
    group = QUndoGroup()
    stack = QUndoStack(group)
    group.setActiveStack(stack)
    steps = [Step(f"step {n}") for n in range(6)]
    for step in steps:
        stack.push(step)
    view = HistoryView(group)
    qtbot.addWidget(view)
    view.setCurrentIndex(view.model().index(2, 0))
    assert stack.index() == 2 and [s.done for s in steps] == [1, 1, 0, 0, 0, 0]
    view.setCurrentIndex(view.model().index(0, 0))
    assert stack.index() == 0 and not any(s.done for s in steps)
    view.setCurrentIndex(view.model().index(6, 0))
    assert stack.index() == 6 and all(s.done == 1 for s in steps)
    stack.undo()  # Edit ▸ Undo: the selection follows
    QApplication.processEvents()
    assert view.currentIndex().row() == 5
