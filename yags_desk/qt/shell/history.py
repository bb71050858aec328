"""View ▸ History: a dock listing the undo steps of the document in front.

It follows the window's :class:`QUndoGroup`, so it lists the stack of the tab in
front; clicking a step undoes (or redoes) the document to just after it, the top
row to before the first step. On a battle board each step is a confirmed dialog
in words ("Bandit 3 attacks Aldric"), and a reopened encounter lists its whole
fight (the board rebuilds its history from the log).

[decision] Not Qt's QUndoView: its model is reset at every step, so each step
laid the whole list out again, and a step cost more the longer the fight (245
steps of an Auto-resolved 200-fighter round took 0.3 s with an empty history and
7 s after 5,000 steps, issue 18). :class:`HistoryModel` tells the view only the
rows a step adds, removes or renames; the list looks and behaves as QUndoView's.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QStandardItem, QStandardItemModel, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QListView, QWidget

__all__ = ["EMPTY_LABEL", "HISTORY_KEY", "HistoryDock", "HistoryModel", "HistoryView"]

HISTORY_KEY = "Ctrl+3"
# The row above the first step: the document as it was opened or set up.
EMPTY_LABEL = "As opened (before the first step)"



class HistoryModel(QStandardItemModel):
    """The steps of the group's active stack: row 0 is the start, row ``k`` the
    document just after step ``k``; :attr:`current_moved` when the stack's
    position changed (the view selects row ``stack.index()``).

    [decision] The rows are Qt's own items, kept in step with the stack: the list
    measures every row when it lays itself out, and rows answered from Python made
    that cost a Python call per row and role (issue 18)."""

    current_moved = Signal()

    def __init__(self, group: QUndoGroup, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stack: QUndoStack | None = None
        self._index = 0  # the stack's position the rows were last brought to
        group.activeStackChanged.connect(self._set_stack)
        self._set_stack(group.activeStack())

    def stack(self) -> QUndoStack | None:
        return self._stack

    def _set_stack(self, stack: QUndoStack | None) -> None:
        if self._stack is not None:
            try:
                self._stack.indexChanged.disconnect(self._stack_moved)
            except (RuntimeError, TypeError):  # the stack is being deleted with its tab
                pass
        self._stack = stack
        self.clear()
        if stack is not None:
            stack.indexChanged.connect(self._stack_moved)
            self._index = stack.index()
            self.appendColumn([_row(EMPTY_LABEL)]
                              + [_row(stack.text(i)) for i in range(stack.count())])
        self.current_moved.emit()

    def _stack_moved(self, index: int) -> None:
        """The stack did, undid, merged or dropped steps: the rows from the first one
        that can have changed. A new step drops the undone ones after the old
        position; a merge renames the step before it; steps before both positions
        stay as they were."""
        stack = self._stack
        if stack is None:
            return
        try:
            count = stack.count()
        except RuntimeError:  # a stack clears itself as its document is deleted
            self._set_stack(None)
            return
        shown = self.rowCount() - 1  # the steps the rows show
        if count < shown:
            self.removeRows(count + 1, shown - count)
        first = max(0, min(self._index, index) - 1)  # steps before it are unchanged
        for step in range(first, min(shown, count)):  # replaced or renamed
            item = self.item(step + 1)
            text = stack.text(step)
            if item.text() != text:
                item.setText(text)
        if count > shown:
            for step in range(shown, count):
                self.appendRow(_row(stack.text(step)))
        self._index = index
        self.current_moved.emit()


def _row(text: str) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    return item


class HistoryView(QListView):
    """The list of steps: the current one selected; selecting another (click, keys)
    moves the document there, as QUndoView does."""

    def __init__(self, group: QUndoGroup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history_view")
        self.history = HistoryModel(group, self)
        self.setModel(self.history)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # [decision] The selection follows the stack once the steps of a batch are
        # in (at the event loop's next turn), not at each step: selecting a row lays
        # the whole list out first, which made each step cost more the longer the
        # history (issue 18).
        self._follow_pending = False
        self._following = False  # the selection is being set from the stack
        self.history.current_moved.connect(self._follow_soon)
        self.selectionModel().currentRowChanged.connect(self._chosen)
        self._follow()

    def stack(self) -> QUndoStack | None:
        return self.history.stack()

    def _follow_soon(self) -> None:
        if not self._follow_pending:
            self._follow_pending = True
            QTimer.singleShot(0, self, self._follow)

    def _follow(self) -> None:
        self._follow_pending = False
        stack = self.history.stack()
        if stack is None:
            return
        try:
            row = stack.index()
        except RuntimeError:  # deleted with its document meanwhile
            return
        self._following = True
        try:
            self.selectionModel().setCurrentIndex(
                self.history.index(row, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect)
        finally:
            self._following = False

    def _chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        stack = self.history.stack()
        if self._following or stack is None or not current.isValid():
            return
        stack.setIndex(current.row())


class HistoryDock(QDockWidget):
    def __init__(self, group: QUndoGroup, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        self.setObjectName("history_dock")
        self.view = HistoryView(group)
        self.view.setAlternatingRowColors(True)
        self.view.setToolTip("Every step in order; click one to go back (or forward) to "
                             "just after it. Edit ▸ Undo and Redo move one step.")
        self.setWidget(self.view)
        toggle = self.toggleViewAction()
        toggle.setText("&History")
        toggle.setShortcut(QKeySequence(HISTORY_KEY))
        toggle.setStatusTip("Show the list of steps of the document in front")
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea
                             | Qt.DockWidgetArea.RightDockWidgetArea
                             | Qt.DockWidgetArea.BottomDockWidgetArea)
