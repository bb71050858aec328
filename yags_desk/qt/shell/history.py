"""View ▸ History: a dock listing the undo steps of the document in front.

A :class:`QUndoView` over the window's :class:`QUndoGroup`, so it follows the tab
in front by itself; clicking a step undoes (or redoes) the document to just
after it, the top row to before the first step. On a battle board each step is
a confirmed dialog in words ("Bandit 3 attacks Aldric"), and a reopened
encounter lists its whole fight (the board rebuilds its history from the log).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QUndoGroup
from PySide6.QtWidgets import QDockWidget, QUndoView, QWidget

__all__ = ["HISTORY_KEY", "HistoryDock"]

HISTORY_KEY = "Ctrl+3"


class HistoryDock(QDockWidget):
    def __init__(self, group: QUndoGroup, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        self.setObjectName("history_dock")
        self.view = QUndoView(group)
        self.view.setObjectName("history_view")
        # The row above the first step: the document as it was opened or set up.
        self.view.setEmptyLabel("As opened (before the first step)")
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
