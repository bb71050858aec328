"""Help menu dialogs: About (version and the YAGS credit) and the keyboard shortcuts list."""

from __future__ import annotations

import html
import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from yags_desk import APP_NAME, CREDIT, __version__
from yags_desk.qt.common.icons import APP_ICON, icon

__all__ = ["AboutDialog", "ShortcutsDialog", "about_html", "shortcut_rows"]


def about_html() -> str:
    return (
        f"<h2>{html.escape(APP_NAME)} {html.escape(__version__)}</h2>"
        "<p>An offline assistant for game masters running YAGS: character sheets with "
        "every derived number, weapon and armour catalogues, dice and odds.</p>"
        f"<p>{html.escape(CREDIT)}</p>"
        "<p>YAGS Desk is free software under the GNU General Public License, version 2 "
        "or later. It is built with Qt and PySide6 (LGPL v3).</p>"
        f"<p><small>Python {html.escape(platform.python_version())}, "
        f"Qt {html.escape(qVersion())}, PySide6 {html.escape(pyside_version)}</small></p>"
    )


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"About {APP_NAME}")
        logo = QLabel()
        logo.setPixmap(icon(APP_ICON).pixmap(72, 72))
        logo.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.text = QLabel(about_html())
        self.text.setObjectName("about_text")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.text.setMinimumWidth(420)
        row = QHBoxLayout()
        row.addWidget(logo)
        row.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(buttons)


def shortcut_rows(menus: list[QMenu]) -> list[tuple[str, str, str]]:
    """(menu, command, shortcuts) for every action of ``menus`` that has a shortcut."""
    rows: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, title: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{title} › {sub.title().replace('&', '')}")
                continue
            if not isinstance(action, QAction) or action.isSeparator():
                continue
            keys = [k.toString(QKeySequence.SequenceFormat.NativeText)
                    for k in action.shortcuts()]
            if keys:
                rows.append((title, action.text().replace("&", ""), ", ".join(keys)))
    for menu in menus:
        walk(menu, menu.title().replace("&", ""))
    return rows


class ShortcutsDialog(QDialog):
    """A table of every menu command that has a keyboard shortcut."""

    def __init__(self, menus: list[QMenu], parent: QWidget | None = None, *,
                 extra: list[tuple[str, str, str]] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        rows = shortcut_rows(menus) + list(extra or [])
        self.table = QTableWidget(len(rows), 3)
        self.table.setObjectName("shortcuts_table")
        self.table.setHorizontalHeaderLabels(["Menu", "Command", "Shortcut"])
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(520, 460)
