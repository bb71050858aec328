"""What the window shows while no document is open: where to start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from yags_desk import APP_NAME
from yags_desk.qt.common.icons import APP_ICON, icon

if TYPE_CHECKING:
    from yags_desk.qt.shell.main_window import MainWindow

__all__ = ["StartPage"]


class StartPage(QWidget):
    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.setObjectName("start_page")
        logo = QLabel()
        logo.setPixmap(icon(APP_ICON).pixmap(96, 96))
        logo.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title = QLabel(f"<h1>{APP_NAME}</h1>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        hint = QLabel("Open a character from the library (double-click or Enter), "
                      "or start something new.")
        hint.setWordWrap(True)
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)

        buttons = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        choices = (
            ("new-classic", "New classic character", "new",
             lambda: window.new_character("classic")),
            ("new-0.8", "New 0.8 character", "new", lambda: window.new_character("0.8")),
            ("catalogue-classic", "Classic catalogue", "catalogue",
             lambda: window.open_catalogue("classic")),
            ("catalogue-0.8", "0.8 catalogue", "catalogue",
             lambda: window.open_catalogue("0.8")),
        )
        for n, (key, text, icon_name, slot) in enumerate(choices):
            button = QPushButton(icon(icon_name), text)
            button.setMinimumHeight(34)
            button.clicked.connect(lambda _checked=False, s=slot: s())
            buttons.addWidget(button, n, 0)
            self.buttons[key] = button

        column = QVBoxLayout()
        column.addStretch(2)
        column.addWidget(logo)
        column.addWidget(title)
        column.addWidget(hint)
        column.addSpacing(12)
        column.addLayout(buttons)
        column.addStretch(3)
        outer = QGridLayout(self)
        outer.addLayout(column, 0, 1)
        outer.setColumnStretch(0, 1)
        outer.setColumnStretch(1, 2)
        outer.setColumnStretch(2, 1)
