"""The help window: a contents list, the page in a QTextBrowser, back and forward, search.

One non-modal window per top-level owner: the main window's, or a modal
dialog's own (a window outside a modal dialog would not take clicks while the
dialog is open). Pages come from ``resources/help``; ``rules:1.6`` links open
the rules reference at ``#s1.6``; ``http`` links go to the system browser.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QIcon, QKeySequence, QShortcut, QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from yags_desk import APP_NAME
from yags_desk.help.pages import INDEX, RULES, help_dir

__all__ = ["CONTENTS", "HelpWindow", "page_url"]

# The contents list: (title, page). Indented titles are the board's dialogs.
CONTENTS: tuple[tuple[str, str], ...] = (
    ("Contents", INDEX),
    ("Getting started", "start.html"),
    ("Library", "library.html"),
    ("Character editor", "character.html"),
    ("Catalogues", "catalogue.html"),
    ("    Item form", "item.html"),
    ("Battle board", "battle.html"),
    ("    New encounter", "new-encounter.html"),
    ("    Add combatants", "add-combatants.html"),
    ("    Declare", "declare.html"),
    ("    Initiative", "initiative.html"),
    ("    Attack", "attack.html"),
    ("    Checks", "check.html"),
    ("    First aid", "first-aid.html"),
    ("    Override", "override.html"),
    ("    Conditions", "condition.html"),
    ("Battle view (mass battles)", "mass-battle.html"),
    ("Healing record", "healing.html"),
    ("Printing and PDF", "printing.html"),
    ("Dice dock", "dice.html"),
    ("Rules reference", RULES),
    ("    1 Classic edition", f"{RULES}#s1"),
    ("      1.1 Dice and rolls", f"{RULES}#s1.1"),
    ("      1.2 Skills and styles", f"{RULES}#s1.2"),
    ("      1.3 Equipment tables", f"{RULES}#s1.3"),
    ("      1.4 Soak, load, penalties", f"{RULES}#s1.4"),
    ("      1.5 The round", f"{RULES}#s1.5"),
    ("      1.6 Damage and wounds", f"{RULES}#s1.6"),
    ("      1.7 Fatigue", f"{RULES}#s1.7"),
    ("      1.8 Missiles", f"{RULES}#s1.8"),
    ("      1.9 Special attacks", f"{RULES}#s1.9"),
    ("      1.10 After the fight", f"{RULES}#s1.10"),
    ("      1.11 Riding, falling", f"{RULES}#s1.11"),
    ("      1.12 Quick combat", f"{RULES}#s1.12"),
    ("    2 Edition 0.8", f"{RULES}#s2"),
    ("    3 Optional rules", f"{RULES}#s3"),
)

_STYLE = """
h1 { font-size: x-large; } h2 { font-size: large; margin-top: 14px; }
h3 { font-size: medium; margin-top: 12px; }
td, th { padding: 3px; } th { text-align: left; }
"""


_TEXTS: dict[str, str] = {}


def _page_text(page: str) -> str:
    """The words of a help page, lower-cased, for the search box (read once)."""
    if page not in _TEXTS:
        try:
            raw = (help_dir() / page).read_text(encoding="utf-8")
        except OSError:
            raw = ""
        _TEXTS[page] = html.unescape(re.sub(r"<[^>]+>", " ", raw)).casefold()
    return _TEXTS[page]


def page_url(target: str) -> QUrl:
    """The URL of a page (``"attack.html"``, ``"rules.html#s1.6"``) or a ``rules:1.6`` link."""
    if target.startswith("rules:"):
        target = f"{RULES}#s{target.removeprefix('rules:')}"
    page, _, anchor = target.partition("#")
    url = QUrl.fromLocalFile(str(help_dir() / (page or INDEX)))
    if anchor:
        url.setFragment(anchor)
    return url


class HelpWindow(QWidget):
    """The help viewer (a separate, non-modal window)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("help_window")
        self.setWindowTitle(f"{APP_NAME} help")
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("help_browser")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._follow)
        self.browser.document().setDefaultStyleSheet(_STYLE)
        self.browser.setSearchPaths([str(help_dir())])
        self.browser.sourceChanged.connect(self._source_changed)

        self.contents = QListWidget(self)
        self.contents.setObjectName("help_contents")
        for title, page in CONTENTS:
            item = QListWidgetItem(title)
            item.setData(Qt.ItemDataRole.UserRole, page)
            self.contents.addItem(item)
        self.contents.itemActivated.connect(self._pick)
        self.contents.itemClicked.connect(self._pick)

        self.back_button = self._tool("Back", "go-previous", QKeySequence.StandardKey.Back,
                                      self.browser.backward)
        self.forward_button = self._tool("Forward", "go-next",
                                         QKeySequence.StandardKey.Forward,
                                         self.browser.forward)
        self.browser.backwardAvailable.connect(self.back_button.setEnabled)
        self.browser.forwardAvailable.connect(self.forward_button.setEnabled)
        self.back_button.setEnabled(False)
        self.forward_button.setEnabled(False)
        self.search = QLineEdit(self)
        self.search.setObjectName("help_search")
        self.search.setPlaceholderText("Search the help (Enter: next match in the page)")
        self.search.setClearButtonEnabled(True)
        self.search.returnPressed.connect(self.find_next)
        self.search.textEdited.connect(self._search_edited)
        QShortcut(QKeySequence.StandardKey.Find, self, self.search.setFocus)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)

        bar = QHBoxLayout()
        bar.addWidget(self.back_button)
        bar.addWidget(self.forward_button)
        bar.addStretch(1)
        bar.addWidget(self.search, 2)
        split = QSplitter(self)
        split.addWidget(self.contents)
        split.addWidget(self.browser)
        split.setStretchFactor(1, 1)
        split.setSizes([190, 610])
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(split, 1)
        self.resize(860, 600)

    def _tool(self, text: str, theme: str, key: QKeySequence.StandardKey,
              slot: Callable[[], object]) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setIcon(QIcon.fromTheme(theme))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setToolTip(f"{text} ({QKeySequence(key).toString()})")
        button.clicked.connect(slot)
        QShortcut(QKeySequence(key), self, slot)
        return button

    # --- what is shown -----------------------------------------------------------

    def show_page(self, target: str) -> None:
        """Show ``target`` (a page, ``page#anchor`` or ``rules:1.6``) and raise the window."""
        url = page_url(target)
        self.browser.setSource(url)
        self.show()
        self.raise_()
        self.activateWindow()
        if url.fragment():  # once shown at its size, so the section lands at the top
            self.browser.scrollToAnchor(url.fragment())

    def current_page(self) -> str:
        """The page shown, e.g. ``"attack.html"``."""
        return self.browser.source().fileName()

    def current_anchor(self) -> str:
        """The anchor shown, e.g. ``"s1.6"`` ("" at the top of a page)."""
        return self.browser.source().fragment()

    def _follow(self, url: QUrl) -> None:
        if url.scheme() == "rules":
            self.browser.setSource(page_url(url.toString()))
        elif url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
        else:
            self.browser.setSource(url)

    def _pick(self, item: QListWidgetItem) -> None:
        self.browser.setSource(page_url(str(item.data(Qt.ItemDataRole.UserRole))))

    def _source_changed(self, url: QUrl) -> None:
        name = url.fileName()
        targets = [f"{name}#{url.fragment()}", name] if url.fragment() else [name]
        pages = [self.contents.item(r).data(Qt.ItemDataRole.UserRole)
                 for r in range(self.contents.count())]
        blocked = self.contents.blockSignals(True)
        for target in targets:
            if target in pages:
                self.contents.setCurrentRow(pages.index(target))
                break
        self.contents.blockSignals(blocked)
        title = self.browser.documentTitle()
        self.setWindowTitle(f"{title} — {APP_NAME} help" if title else f"{APP_NAME} help")

    def _search_edited(self, text: str) -> None:
        self.filter_contents(text)
        self.find_next(from_top=True)

    def filter_contents(self, text: str) -> list[str]:
        """Show in the contents only the pages that contain ``text``; returns them."""
        needle = text.strip().casefold()
        shown: list[str] = []
        for row in range(self.contents.count()):
            item = self.contents.item(row)
            page = str(item.data(Qt.ItemDataRole.UserRole))
            if "#" in page:  # a section of a page: shown with its page
                item.setHidden(bool(needle))
                continue
            hit = not needle or needle in _page_text(page)
            item.setHidden(not hit)
            if hit:
                shown.append(page)
        return shown

    def find_next(self, from_top: bool = False) -> bool:
        """Select the next match of the search box's text in the page (wrapping once)."""
        text = self.search.text()
        if not text:
            return False
        if from_top:
            cursor = self.browser.textCursor()
            cursor.setPosition(0)
            self.browser.setTextCursor(cursor)
        if self.browser.find(text):
            return True
        cursor = self.browser.textCursor()
        cursor.setPosition(0)
        self.browser.setTextCursor(cursor)
        return self.browser.find(text, QTextDocument.FindFlag(0))
