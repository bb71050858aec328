"""What the window shows while no document is open: where to start.

New encounter, a new character of either edition, the catalogues, the recent
files (refreshed each time the page shows) and the 2-minute tour of a sample
fight (:mod:`yags_desk.qt.shell.tour`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from yags_desk import APP_NAME
from yags_desk.qt.common.icons import icon, logo_pixmap
from yags_desk.qt.shell.window_base import WindowBase

__all__ = ["StartPage"]


def _tour(window: WindowBase) -> None:
    from yags_desk.qt.shell.tour import start_tour  # read when the GM asks for it

    start_tour(window)


class StartPage(QWidget):
    def __init__(self, window: WindowBase) -> None:
        super().__init__()
        self.setObjectName("start_page")
        self.window_ = window
        self._pending: Path | None = None
        logo = QLabel()
        logo.setPixmap(logo_pixmap(80))
        logo.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title = QLabel(f"<h1>{APP_NAME}</h1>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        hint = QLabel("Start something new, open a recent file, or pick a file in the "
                      "library (double-click or Enter). F1 shows help for whatever is in "
                      "front.")
        hint.setWordWrap(True)
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.buttons: dict[str, QPushButton] = {}
        choices = (
            ("tour", "Take the 2-minute tour", "battle", lambda: _tour(window)),
            ("new-encounter", "New encounter…", "encounter", window.new_encounter),
            ("new-classic", "New classic character", "new",
             lambda: window.new_character("classic")),
            ("new-0.8", "New 0.8 character", "new", lambda: window.new_character("0.8")),
            ("catalogue-classic", "Classic catalogue", "catalogue",
             lambda: window.open_catalogue("classic")),
            ("catalogue-0.8", "0.8 catalogue", "catalogue",
             lambda: window.open_catalogue("0.8")),
        )
        start = QGroupBox("Start")
        column = QVBoxLayout(start)
        for key, text, icon_name, slot in choices:
            button = QPushButton(icon(icon_name), text)
            button.setMinimumHeight(34)
            button.clicked.connect(lambda _checked=False, s=slot: s())
            column.addWidget(button)
            self.buttons[key] = button
        column.addStretch(1)
        self.buttons["tour"].setToolTip("Opens a sample fight on the battle board and "
                                        "explains a round step by step")

        recent = QGroupBox("Recent files")
        self.recent_list = QListWidget()
        self.recent_list.setObjectName("start_recent")
        self.recent_list.itemActivated.connect(self._open_item)
        self.recent_list.itemClicked.connect(self._open_item)
        self.no_recent = QLabel("Nothing opened yet: files you open are listed here.")
        self.no_recent.setWordWrap(True)
        rlay = QVBoxLayout(recent)
        rlay.addWidget(self.recent_list)
        rlay.addWidget(self.no_recent)

        panels = QGridLayout()
        panels.addWidget(start, 0, 0)
        panels.addWidget(recent, 0, 1)
        panels.setColumnStretch(0, 2)
        panels.setColumnStretch(1, 3)

        body = QVBoxLayout()
        body.addStretch(2)
        body.addWidget(logo)
        body.addWidget(title)
        body.addWidget(hint)
        body.addSpacing(12)
        body.addLayout(panels)
        body.addStretch(3)
        content = QWidget()
        grid = QGridLayout(content)
        grid.addLayout(body, 0, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 4)
        grid.setColumnStretch(2, 1)
        # In a small window the page scrolls instead of holding the window wide open.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self.fill_recent()

    def fill_recent(self) -> None:
        """List the window's recent files (most recent first)."""
        self.recent_list.clear()
        files = self.window_.settings.recent_files()
        for path in files:
            item = QListWidgetItem(icon("open"), path.name)
            item.setToolTip(str(path))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.recent_list.addItem(item)
        self.recent_list.setVisible(bool(files))
        self.no_recent.setVisible(not files)

    def _open_item(self, item: QListWidgetItem) -> None:
        # A click may also activate the item: open once, after the list's signals.
        if self._pending is None:
            self._pending = Path(str(item.data(Qt.ItemDataRole.UserRole)))
            QTimer.singleShot(0, self, self._open_pending)

    def _open_pending(self) -> None:
        from yags_desk.qt.shell.menus import open_recent

        path, self._pending = self._pending, None
        if path is not None:
            open_recent(self.window_, path)
        if self.isVisible():
            self.fill_recent()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        self.fill_recent()
        super().showEvent(event)
