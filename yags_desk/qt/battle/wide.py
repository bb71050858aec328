"""View ▸ Wide board: the docks step aside while a battle board is in front.

Issue 5 asks for 30 combatants readable at 1366×768; with the library and dice
docks open the board keeps barely a third of the width. While the mode is on
and the tab in front is a :class:`~yags_desk.qt.battle.board.BattleBoard`, the
docks that were visible are hidden; when another tab comes to the front, the
last tab closes or the mode is turned off, exactly those docks come back. The
choice is remembered in :class:`~yags_desk.qt.common.settings.Settings` (on at first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QWidget

from yags_desk.qt.common.icons import icon
from yags_desk.qt.common.settings import Settings

__all__ = ["WIDE_BOARD_KEY", "WideBoard"]

WIDE_BOARD_KEY = "F9"


class WideBoard(QObject):
    """The checkable "Wide board" action of ``window`` and the ``docks`` it hides.

    ``front`` gives the document in front. The window connects its own signals:
    a tab coming to the front to :meth:`update`, a document opened to :meth:`opened`
    (so this never imports the window back).
    """

    def __init__(self, window: QWidget, settings: Settings, docks: Sequence[QDockWidget],
                 front: Callable[[], object]) -> None:
        super().__init__(window)
        self.settings = settings
        self._docks = list(docks)
        self._front = front
        self.action = QAction(icon("wide"), "&Wide board", window)
        self.action.setObjectName("wide_board_action")
        self.action.setCheckable(True)
        self.action.setChecked(settings.wide_board())
        self.action.setShortcut(QKeySequence(WIDE_BOARD_KEY))
        # The window's shortcut works whichever widget has the focus.
        self.action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        tip = "Hide the library and dice docks while a battle board is in front"
        self.action.setToolTip(f"{tip} ({WIDE_BOARD_KEY})")
        self.action.setStatusTip(tip)
        self.action.toggled.connect(self._toggled)
        window.addAction(self.action)
        self.hidden: list[QDockWidget] = []  # the docks this mode hid, to show again
        self.active = False

    def docks(self) -> list[QDockWidget]:
        return list(self._docks)

    def _board_in_front(self) -> bool:
        from yags_desk.qt.battle.board import BattleBoard

        return isinstance(self._front(), BattleBoard)

    def opened(self, view: object) -> None:
        """A document opened: a battle board gets the action on its toolbar."""
        from yags_desk.qt.battle.board import BattleBoard

        if isinstance(view, BattleBoard):
            view.toolbar.addSeparator()
            view.toolbar.addAction(self.action)

    def _toggled(self, on: bool) -> None:
        self.settings.set_wide_board(on)
        self.update()

    def update(self, *_args: object) -> None:
        """Hide or show the docks for the tab now in front."""
        want = self.action.isChecked() and self._board_in_front()
        if want and not self.active:
            # isHidden, not isVisible: the window itself may not be shown yet.
            self.hidden = [d for d in self.docks() if not d.isHidden()]
            for dock in self.hidden:
                dock.hide()
            self.active = True
        elif not want and self.active:
            for dock in self.hidden:
                dock.show()
            self.hidden = []
            self.active = False
