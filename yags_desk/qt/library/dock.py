"""The library dock: search, filter and open characters, encounters, battles and catalogues.

Double-click or Enter asks the main window to open the row
(:attr:`LibraryDock.open_requested`). The context menu duplicates a character,
makes an NPC template of it (both saved next to the original and selected),
deletes a file to the library's trash after a confirmation, and shows where a
file lives. Files that fail to load are reported once
(:attr:`LibraryDock.problems_found`); the rest of the library still lists.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QDesktopServices,
    QGuiApplication,
    QKeySequence,
    QPaintEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.common.icons import icon
from yags_desk.qt.library.model import (
    CATEGORIES,
    Entry,
    LibraryFilterProxy,
    LibraryModel,
    LibraryScan,
    ScanCache,
    read_listing_index,
    scan,
    warm,
    write_listing_index,
)
from yags_desk.rules.words import counted
from yags_desk.storage.documents import DocumentError, read_document
from yags_desk.storage.library import Library

if TYPE_CHECKING:
    from yags_desk.rules.character import Character

__all__ = ["CHECK_AFTER_MS", "LibraryDock", "problem_files"]

# How long after a quick listing every file is read in full (see LibraryDock.refresh).
CHECK_AFTER_MS = 150
# [decision] That reading goes on in slices of this many seconds, the window drawing
# and answering in between: a library of 2,000 characters takes some 1.5 s to read,
# which froze the window just after it first showed (issue 18).
CHECK_SLICE_S = 0.012


class _Tree(QTreeView):
    """Enter / Return opens the current row, like a double-click."""

    activated_by_key = Signal(QModelIndex)

    def __init__(self) -> None:
        super().__init__()
        self._after_paint: list[Callable[[], object]] = []

    def after_next_paint(self, action: Callable[[], object]) -> None:
        """Run ``action`` from the event loop once the rows have next been painted.

        [decision] Told by the tree's own paint, not by an event filter on its
        viewport: asking PySide for ``viewport()`` makes it build every QWidget class
        it has not built yet to find the viewport's type (some 45, 11 ms; issue 18).
        """
        self._after_paint.append(action)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        if self._after_paint:
            waiting, self._after_paint = self._after_paint, []
            for action in waiting:
                QTimer.singleShot(0, self, action)

    def keyPressEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.activated_by_key.emit(self.currentIndex())
            return
        super().keyPressEvent(event)


def problem_files(lines: list[str]) -> list[str]:
    """The files named by ``file: field: problem`` lines, sorted, each once."""
    return sorted({line.split(": ", 1)[0] for line in lines})


class LibraryDock(QDockWidget):
    """A dock listing the library, with search, a kind/edition filter and a context menu."""

    open_requested = Signal(object)      # Entry
    print_requested = Signal(list, str)  # [Entry], "print" | "preview" | "pdf"
    healing_requested = Signal(list)     # [Entry]: the characters to start healing
    problems_found = Signal(list)        # new "file: field: problem" lines
    problems_details = Signal(list)      # every problem line: the GM asked for details
    refreshed = Signal(object)           # LibraryScan

    def __init__(self, library: Library, parent: QWidget | None = None) -> None:
        super().__init__("Library", parent)
        self.setObjectName("library_dock")
        self.library = library
        # Set by the main window: called before a file is deleted; False cancels
        # (for instance when the user keeps an open, modified document).
        self.before_delete: Callable[[Path], bool] | None = None
        self._reported: set[str] = set()
        self._scanned = False
        # A quick listing (see refresh) waiting for the full reading of every file.
        self.checking = False
        # What full readings found in each file, so a refresh reads only what changed.
        self.cache = ScanCache()
        self._warming: Iterator[None] | None = None  # the check's reading, a slice at a time
        self.last_scan = LibraryScan()

        self.model = LibraryModel(self)
        self.proxy = LibraryFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit()
        self.search.setObjectName("library_search")
        self.search.setPlaceholderText("Search names, players, editions…")
        self.search.setClearButtonEnabled(True)
        self.search.addAction(icon("search"), QLineEdit.ActionPosition.LeadingPosition)
        self.search.textChanged.connect(self._filter_changed)

        self.category = QComboBox()
        self.category.setObjectName("library_filter")
        self.category.setToolTip("Show only one kind of document or one edition")
        for value, label in CATEGORIES:
            self.category.addItem(label, value)
        self.category.currentIndexChanged.connect(self._filter_changed)

        self.tree = _Tree()
        self.tree.setObjectName("library_tree")
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        # Several characters can be selected to print them together.
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.doubleClicked.connect(self._activate)
        self.tree.activated_by_key.connect(self._activate)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        # [decision] Each level indented 14 px instead of the style's 20 and the name
        # column 200 px (issue 16): the names keep the room they had ("Aldric of
        # Thornbury" two levels down), and the details column shows the longest wound
        # level whole at the dock's first width (the level comes first there, see
        # model._character_entry).
        self.tree.setIndentation(14)
        header.resizeSection(0, 200)

        self.problems = QLabel()
        self.problems.setObjectName("library_problems")
        self.problems.setWordWrap(True)
        self.problems.setVisible(False)
        self.problems.linkActivated.connect(lambda _link: self.problems_details.emit(
            list(self.last_scan.errors)))

        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.search, 3)
        top.addWidget(self.category, 2)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.problems)
        self.setWidget(body)

        self._actions()

    # -- actions ------------------------------------------------------------------

    def _actions(self) -> None:
        def make(text: str, icon_name: str, slot: Callable[[], None]) -> QAction:
            action = QAction(icon(icon_name), text, self)
            action.triggered.connect(slot)
            return action

        self.open_action = make("&Open", "open", lambda: self._with_current(self._activate_entry))
        self.duplicate_action = make("D&uplicate", "duplicate",
                                     lambda: self._with_current(self.duplicate))
        self.template_action = make("Make NPC &template", "template",
                                    lambda: self._with_current(self.make_template))
        self.delete_action = make("&Delete…", "delete", lambda: self._with_current(self.delete))
        self.delete_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.tree.addAction(self.delete_action)
        self.reveal_action = make("Show &folder", "folder", lambda: self._with_current(self.reveal))
        self.copy_path_action = make("Copy &path", "duplicate",
                                     lambda: self._with_current(self.copy_path))
        self.healing_action = make("Start &healing", "pc", self._start_healing)
        self.healing_action.setToolTip("A healing record for the selected characters: first "
                                       "aid and recovery in game time")
        self.print_action = make("&Print…", "print",
                                 lambda: self._print("print"))
        self.export_pdf_action = make("&Export as PDF…", "pdf",
                                      lambda: self._print("pdf"))

    def _start_healing(self) -> None:
        picked: list[Entry | None] = list(self.selected_entries()) or [self.current_entry()]
        entries = [e for e in picked if e is not None and e.kind == "character"]
        self.healing_requested.emit(entries)

    def _print(self, mode: str) -> None:
        entries = self.selected_entries() or [e for e in [self.current_entry()] if e]
        self.print_requested.emit(entries, mode)

    def selected_entries(self) -> list[Entry]:
        """The selected rows (documents only, in the tree's order)."""
        rows = sorted(self.tree.selectionModel().selectedRows(),
                      key=lambda i: (i.parent().row(), i.row()))
        out: list[Entry] = []
        for index in rows:
            entry = self.model.entry(self.proxy.mapToSource(index))
            if entry is not None and entry.kind != "group":
                out.append(entry)
        return out

    def current_entry(self) -> Entry | None:
        index = self.proxy.mapToSource(self.tree.currentIndex())
        return self.model.entry(index)

    def _with_current(self, action: Callable[[Entry], object]) -> None:
        entry = self.current_entry()
        if entry is not None and entry.kind != "group":
            action(entry)

    def _context_menu(self, pos: QPoint) -> None:
        index = self.tree.indexAt(pos)
        if not index.isValid():
            return
        if not self.tree.selectionModel().isSelected(index):
            self.tree.setCurrentIndex(index)
        entry = self.current_entry()
        if entry is None or entry.kind == "group":
            return
        menu = QMenu(self)
        menu.addAction(self.open_action)
        if entry.kind == "character":
            menu.addSeparator()
            menu.addAction(self.duplicate_action)
            menu.addAction(self.template_action)
            if entry.character_kind != "template":
                menu.addAction(self.healing_action)
        if entry.kind in ("character", "encounter", "battle", "healing"):
            menu.addSeparator()
            menu.addAction(self.print_action)
            menu.addAction(self.export_pdf_action)
        if entry.path is not None:
            menu.addSeparator()
            menu.addAction(self.reveal_action)
            menu.addAction(self.copy_path_action)
            menu.addSeparator()
            menu.addAction(self.delete_action)
        menu.exec(self.tree.viewport().mapToGlobal(pos))

    def _activate(self, proxy_index: QModelIndex) -> None:
        entry = self.model.entry(self.proxy.mapToSource(proxy_index))
        if entry is not None:
            self._activate_entry(entry)

    def _activate_entry(self, entry: Entry) -> None:
        if entry.kind != "group":
            self.open_requested.emit(entry)

    # -- filtering ----------------------------------------------------------------

    def _filter_changed(self) -> None:
        self.proxy.set_text(self.search.text())
        self.proxy.set_category(self.category.currentData() or "all")
        self.tree.expandAll()

    def set_filter(self, text: str = "", category: str = "all") -> None:
        self.search.setText(text)
        row = self.category.findData(category)
        if row < 0:
            raise ValueError(f"category: '{category}' is not a library filter")
        self.category.setCurrentIndex(row)

    def visible_labels(self) -> list[str]:
        """Labels of the document rows the tree shows now (tests and accessibility)."""
        out: list[str] = []

        def walk(parent: QModelIndex) -> None:
            for row in range(self.proxy.rowCount(parent)):
                index = self.proxy.index(row, 0, parent)
                entry = self.model.entry(self.proxy.mapToSource(index))
                if entry is not None and entry.kind != "group":
                    out.append(entry.label)
                walk(index)
        walk(QModelIndex())
        return out

    # -- refresh ------------------------------------------------------------------

    def refresh(self, *, quick: bool = False) -> LibraryScan:
        """Re-read the library; report files that newly failed to load.

        ``quick`` (the first listing at start-up, issue 18): rows come from the
        files' raw JSON, and every file is read and checked in full just after
        (``checking`` is True until then), which removes a file that turns out
        unreadable and names it as usual.
        """
        self.checking = quick
        if not quick:
            self._warming = None
        elif not (self.cache.files or self.cache.indexed):
            # What the last check found, by each file's identity (issue 18): those
            # rows listed and checked without reading their files.
            self.cache = read_listing_index(self.library)
        result = scan(self.library, quick=quick, cache=self.cache)
        if quick:
            # Counted from the rows being listed (a big library lists slowly), long
            # enough for them to be drawn before the check takes its time.
            QTimer.singleShot(CHECK_AFTER_MS, self, self._check_quick_listing)
        first = not self._scanned
        self._scanned = True
        self.last_scan = result
        self.model.update(result)
        if first:  # later refreshes keep the groups the GM folded
            self.tree.expandAll()
        # Only a full reading has the last word: the check after a quick listing
        # names every problem at once (told once per set of files, as before).
        new = [] if quick else [line for line in result.errors if line not in self._reported]
        if not quick:
            self._reported.update(result.errors)
        files = problem_files(result.errors)
        n = len(files)
        self.problems.setVisible(n > 0)
        self.problems.setText(
            f"⚠ Problems ({n}): {counted(n, 'file')} could not be read "
            f"(<a href='details'>details</a>)" if n else "")
        self.problems.setToolTip("Not listed, left as they are:\n" + "\n".join(files)
                                 if n else "")
        self.refreshed.emit(result)
        if new:
            self.problems_found.emit(new)
        return result

    def reread(self) -> LibraryScan:
        """Read every file of the library again, changed or not (Refresh, F5); the
        listing index is written afresh from what that found."""
        self.cache = ScanCache()
        self.library.forget_reads()
        result = self.refresh()
        self._write_index()
        return result

    def _write_index(self) -> None:
        # [decision] The index is a cache: one that cannot be written is only a
        # slower next start, nothing to tell the GM.
        with contextlib.suppress(OSError, ValueError):
            write_listing_index(self.library, self.cache)

    def _check_quick_listing(self) -> None:
        if self.checking:  # else a full refresh came first
            self._warming = warm(self.library, self.cache)
            self._check_slice()

    def _check_slice(self) -> None:
        """Read files into the cache for a slice of time; once all are read, the full
        refresh (which then reads nothing) gives the verdict."""
        if not self.checking or self._warming is None:
            return  # a full refresh came in between
        deadline = time.perf_counter() + CHECK_SLICE_S
        for _ in self._warming:
            if time.perf_counter() >= deadline:
                QTimer.singleShot(0, self, self._check_slice)
                return
        self.refresh()
        self._write_index()

    def select(self, key: str) -> bool:
        """Make the row with ``key`` current (clearing a filter that hides it)."""
        source = self.model.index_of(key)
        if not source.isValid():
            return False
        index = self.proxy.mapFromSource(source)
        if not index.isValid():
            self.set_filter()
            index = self.proxy.mapFromSource(source)
        parent = index.parent()
        while parent.isValid():
            self.tree.expand(parent)
            parent = parent.parent()
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)
        return True

    # -- operations ---------------------------------------------------------------

    def _read_character(self, entry: Entry) -> Character | None:
        from yags_desk.rules.character import Character

        assert entry.path is not None
        try:
            model = read_document(entry.path, "character").model
        except (DocumentError, OSError) as exc:
            QMessageBox.warning(self, "Cannot read the character",
                                f"{entry.path.name}: {exc}")
            return None
        assert isinstance(model, Character)
        return model

    def _save_new(self, character: Character, what: str) -> Path | None:
        try:
            path = self.library.save_character(character)
        except (DocumentError, OSError) as exc:
            QMessageBox.warning(self, f"Cannot save the {what}", str(exc))
            return None
        self.refresh()
        self.select(str(path))
        return path

    def duplicate(self, entry: Entry) -> Path | None:
        """Save a copy of the character ("Name (copy)", new id) and select it."""
        character = self._read_character(entry)
        if character is None:
            return None
        return self._save_new(Library.duplicate_character(character), "copy")

    def make_template(self, entry: Entry) -> Path | None:
        """Save an NPC template made from the character (no damage) and select it."""
        character = self._read_character(entry)
        if character is None:
            return None
        return self._save_new(Library.make_template(character), "template")

    def delete(self, entry: Entry) -> Path | None:
        """Move the file to the library's trash after asking; returns where it went."""
        if entry.path is None:
            return None
        answer = QMessageBox.question(
            self, "Delete from the library",
            f"Move “{entry.label}” to the library's trash folder?\n\n{entry.path}",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        if answer != QMessageBox.StandardButton.Yes:
            return None
        if self.before_delete is not None and not self.before_delete(entry.path):
            return None
        try:
            target = self.library.delete(entry.path)
        except OSError as exc:
            QMessageBox.warning(self, "Cannot delete", f"{entry.path.name}: {exc}")
            return None
        self.refresh()
        return target

    def reveal(self, entry: Entry) -> None:
        if entry.path is not None:
            from PySide6.QtCore import QUrl  # made on first use (issue 18)

            QDesktopServices.openUrl(QUrl.fromLocalFile(str(entry.path.parent)))

    def copy_path(self, entry: Entry) -> None:
        if entry.path is not None:
            QGuiApplication.clipboard().setText(str(entry.path))
