"""The players' screen window and the View ▸ Players' screen action that opens it.

A second top-level window for a monitor or a TV the players see: the round and
phase, then every fighter the players may see in turn order, the one acting now
highlighted, with a rough state in words, painted in type as large as the
window allows. F11 fills the screen it is on (Esc leaves full screen); the
screen and full-screen mode are remembered for next time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRect, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QShortcut,
)
from PySide6.QtWidgets import QWidget

from yags_desk import APP_NAME
from yags_desk.qt.common.icons import icon
from yags_desk.qt.common.settings import Settings

if TYPE_CHECKING:  # the combat engine loads when the players' screen first opens
    from yags_desk.qt.players.feed import PlayersFeed, PlayersSource
    from yags_desk.qt.players.projection import PlayersView

__all__ = ["PlayersControl", "PlayersWindow"]

FULL_SCREEN_KEY = "F11"

# [decision] A dark screen whatever the GM's colour scheme: it is read across a
# room, often on a TV, and light type on black is the easiest there.
_BACKGROUND = QColor("#101418")
_TEXT = QColor("#f2f2f2")
_DIM = QColor("#8a8f96")
_ACTING = QColor("#5a4a12")
_ACTING_EDGE = QColor("#f0c040")
_FRIEND = QColor("#3d8fe0")
_FOE = QColor("#e0553d")
_STATE_COLOURS = {"Unhurt": "#7fd08a", "Scratched": "#cfe08a", "Wounded": "#f0c040",
                  "Badly wounded": "#f08a3d", "Near death": "#ff5a5a", "Down": "#a0a0a0",
                  "Dead": "#a0a0a0"}


class PlayersWindow(QWidget):
    """Paints the feed's view; F11 toggles full screen."""

    closed = Signal()

    def __init__(self, feed: PlayersFeed, settings: Settings,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("players_window")
        self.setWindowTitle(f"Players' screen — {APP_NAME}")
        self.setWindowIcon(icon("battle"))
        self.setMinimumSize(480, 300)
        self.resize(1024, 640)
        self.feed = feed
        self.settings = settings
        feed.changed.connect(self._changed)
        full = QShortcut(QKeySequence(FULL_SCREEN_KEY), self)
        full.activated.connect(self.toggle_full_screen)
        leave = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        leave.activated.connect(self._leave_full_screen)
        self.setToolTip(f"{FULL_SCREEN_KEY}: full screen on this screen; Esc leaves it")
        self._watching = False
        self._changed()

    def _changed(self) -> None:
        self.setAccessibleDescription(" · ".join(self.texts()))
        self.update()

    def texts(self) -> list[str]:
        """What the window shows, as text."""
        view = self.feed.view
        return ["No fight on the board"] if view is None else view.texts()

    # -- placement --------------------------------------------------------------------

    def place(self) -> None:
        """Show on the screen it was last on (the first screen after the GM's if
        that one is gone), full screen if it was."""
        name, full = self.settings.players_screen()
        screens = QGuiApplication.screens()
        screen = next((s for s in screens if s.name() == name), None)
        if screen is None and len(screens) > 1:
            # [decision] The first time, a second monitor or TV if there is one.
            primary = QGuiApplication.primaryScreen()
            screen = next((s for s in screens if s is not primary), None)
        if screen is not None:
            self.setScreen(screen)
            area = screen.availableGeometry()
            self.move(area.topLeft() + (area.bottomRight() - area.topLeft()) / 8)
        if full:
            self.showFullScreen()
        else:
            self.showNormal()
        self.raise_()
        handle = self.windowHandle()
        if handle is not None and not self._watching:
            # Dragged to another screen: remembered at once, not only when closed.
            handle.screenChanged.connect(self._screen_changed)
            self._watching = True

    def _screen_changed(self, *_args: object) -> None:
        self.remember()

    def remember(self) -> None:
        screen = self.screen()
        self.settings.set_players_screen(screen.name() if screen is not None else "",
                                         self.isFullScreen())

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.remember()

    def _leave_full_screen(self) -> None:
        if self.isFullScreen():
            self.toggle_full_screen()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.remember()
        super().closeEvent(event)
        self.closed.emit()

    # -- painting ---------------------------------------------------------------------

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), _BACKGROUND)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        view = self.feed.view
        margin = max(12, self.width() // 40)
        inner = self.rect().adjusted(margin, margin, -margin, -margin)
        header_h = max(28, min(inner.height() // 8, 120))
        font = QFont(self.font())
        font.setPixelSize(int(header_h * 0.7))
        font.setBold(True)
        p.setFont(font)
        p.setPen(_TEXT)
        head = QRect(inner.left(), inner.top(), inner.width(), header_h)
        if view is None:
            p.drawText(inner, Qt.AlignmentFlag.AlignCenter, "No fight on the board")
            return
        p.drawText(head, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   f"Round {view.round}")
        font.setBold(False)
        p.setFont(font)
        p.drawText(head, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                   view.phase)
        self._rows(p, view, QRect(inner.left(), head.bottom() + margin, inner.width(),
                                  inner.bottom() - head.bottom() - margin))

    def _rows(self, p: QPainter, view: PlayersView, area: QRect) -> None:
        if not view.rows:
            p.setPen(_DIM)
            p.drawText(area, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                       "Nobody to show yet")
            return
        # [decision] Past 12 fighters, two columns: the type stays readable across a room.
        columns = 2 if len(view.rows) > 12 else 1
        per_column = -(-len(view.rows) // columns)
        row_h = max(18, min(area.height() // per_column, area.height() // 6))
        gap = max(2, row_h // 10)
        column_w = (area.width() - gap * 4 * (columns - 1)) // columns
        font = QFont(self.font())
        font.setPixelSize(max(12, int((row_h - gap) * 0.6)))
        stripe = max(6, row_h // 8)
        pad = stripe * 2
        for n, row in enumerate(view.rows):
            column, line = divmod(n, per_column)
            box = QRect(area.left() + column * (column_w + gap * 4), area.top() + line * row_h,
                        column_w, row_h - gap)
            if box.bottom() > area.bottom() + 1:
                continue
            if row.acting:
                p.fillRect(box, _ACTING)
                p.setPen(_ACTING_EDGE)
                p.drawRect(box.adjusted(0, 0, -1, -1))
            p.fillRect(QRect(box.left(), box.top(), stripe, box.height()),
                       _FRIEND if row.friend else _FOE)
            font.setBold(row.acting)
            p.setFont(font)
            text = box.adjusted(pad, 0, -pad, 0)
            metrics = QFontMetrics(font)
            state_w = metrics.horizontalAdvance(row.state)
            p.setPen(QColor(_STATE_COLOURS.get(row.state, "#f2f2f2")))
            p.drawText(text, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       row.state)
            p.setPen(_TEXT if row.able else _DIM)
            name = metrics.elidedText(("▶ " if row.acting else "") + row.name,
                                      Qt.TextElideMode.ElideRight,
                                      max(0, text.width() - state_w - pad))
            p.drawText(text, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)


class PlayersControl(QObject):
    """View ▸ Players' screen: the checkable action, the window it opens and the
    board it follows. The shell calls :meth:`follow` with the battle board in front
    (the last one stays on the players' screen while another tab is in front)."""

    def __init__(self, window: QWidget, settings: Settings) -> None:
        super().__init__(window)
        self._parent = window
        self.settings = settings
        self._feed: PlayersFeed | None = None
        self.window: PlayersWindow | None = None
        self.board: PlayersSource | None = None
        self.action = QAction(icon("battle"), "&Players' screen", window)
        self.action.setObjectName("players_screen_action")
        self.action.setCheckable(True)
        tip = ("A second window for the players (a monitor or a TV): round, turn order "
               "and how each fighter looks, no numbers; NPCs only once revealed")
        self.action.setToolTip(tip)
        self.action.setStatusTip(tip)
        self.action.toggled.connect(self._toggled)

    @property
    def feed(self) -> PlayersFeed:
        """The screen's model (made when first needed: it brings the combat engine)."""
        if self._feed is None:
            from yags_desk.qt.players.feed import PlayersFeed

            self._feed = PlayersFeed(self)
        return self._feed

    def is_open(self) -> bool:
        return self.window is not None and self.window.isVisible()

    def follow(self, board: PlayersSource | None) -> None:
        """Show ``board`` on the players' screen (None: no fight)."""
        if board is self.board:
            return
        self.board = board
        if board is not None:
            obj: QObject = board  # type: ignore[assignment]
            key = id(board)
            obj.destroyed.connect(lambda *_a: self._board_gone(key))
        if self.is_open():
            self.feed.follow(board)

    def _board_gone(self, key: int) -> None:
        """The board followed was closed: the players' screen says no fight is on."""
        if self.board is None or id(self.board) != key:
            return
        self.board = None
        if self._feed is not None:
            self._feed.source = None  # the board is gone: nothing to disconnect from
            self._feed.update()

    def _toggled(self, on: bool) -> None:
        if on:
            self.open()
        elif self.window is not None and self.window.isVisible():
            self.window.close()

    def open(self) -> PlayersWindow:
        if self.window is None:
            self.window = PlayersWindow(self.feed, self.settings, self._parent)
            self.window.closed.connect(self._closed)
        self.feed.follow(self.board)
        self.window.place()
        self.action.setChecked(True)
        return self.window

    def _closed(self) -> None:
        # Closed: the board's redraws no longer reach the players' screen at all.
        if self._feed is not None:
            self._feed.follow(None)
        self.action.setChecked(False)
