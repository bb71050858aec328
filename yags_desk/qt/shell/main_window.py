"""The main window: documents in tabs, the library and dice docks, menus and autosave.

Every tab is a :class:`~yags_desk.qt.common.document.DocumentView`; their undo stacks
share one :class:`QUndoGroup`, so Edit ▸ Undo acts on the tab in front. The
title reads ``Name* — YAGS Desk`` while the front document has unsaved
changes. Saving is explicit; a timer writes recovery copies of modified
documents, offered again after a crash (:meth:`MainWindow.offer_recoveries`).

The character editor and catalogue view are imported when first needed, so
the window appears before their modules are read.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLockFile, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QPaintEvent
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from yags_desk import APP_NAME
from yags_desk.qt.common.document import DocumentView
from yags_desk.qt.common.settings import Settings
from yags_desk.qt.common.theme import apply_scheme, settle_scheme
from yags_desk.qt.shell.window_base import WindowBase
from yags_desk.rules.words import counted

if TYPE_CHECKING:  # Qt classes the first paint does not need are made after it (theme)
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QMessageBox

    from yags_desk.qt.common.catalogue_store import CatalogueStore
    from yags_desk.qt.library.model import Entry, LibraryScan
    from yags_desk.qt.library.watcher import LibraryWatcher
    from yags_desk.qt.printing.menu import Mode
    from yags_desk.rules.character import Character
    from yags_desk.rules.editions import Edition
    from yags_desk.rules.quick_values import Battle
    from yags_desk.storage.library import Library

__all__ = ["AUTOSAVE_MS", "EDITIONS", "READ_ONLY_STATUS", "MainWindow"]

AUTOSAVE_MS = 30_000
EDITIONS: tuple[Edition, ...] = ("classic", "0.8")
_MAX_PROBLEM_LINES = 20
READ_ONLY_STATUS = ("Not saved: the library is open read-only in this window (the reason is "
                    "in the document's message and on “Read-only” at the bottom right)")


class MainWindow(WindowBase):
    """YAGS Desk's window over one library."""

    # The start-up path could not open the library (the reason, for the GM).
    start_failed = Signal(str)

    def __init__(self, library: Library | None, parent: QWidget | None = None, *,
                 settings: Settings | None = None,
                 open_library: Callable[[], Library] | None = None) -> None:
        """The window over ``library``, listed before this returns.

        The start-up path (:func:`~yags_desk.qt.shell.app.create`) gives no
        ``library`` but ``open_library``: the window is then only its frame (title
        and size) until its first paint, and right after that paint
        :meth:`finish_start` opens the library, builds the docks, menus and start
        page and lists the library, so the window appears as soon as a bare Qt
        window would (issue 18). :meth:`when_ready` runs what needs the whole window.
        """
        # Set before anything can send an event to paintEvent() below.
        self._start_pending = False
        super().__init__(parent)
        self.setObjectName("main_window")
        self.settings = settings if settings is not None else Settings()
        # The library's lock while this window runs (set by app.create; see library_lock).
        self.library_lock: QLockFile | None = None
        self._closed = False
        self._ready = False
        self._open_library = open_library
        self._when_ready: list[Callable[[], object]] = []
        self.start_error = ""  # why the start-up path could not open the library
        self._restore_geometry()
        if library is None:
            if open_library is None:
                raise TypeError("MainWindow needs a library or open_library")
            self.setWindowTitle(APP_NAME)
            # Centred by rich text and QLabel's default vertical centring: Qt's
            # alignment enums would cost the first paint (see theme).
            opening = QLabel('<div align="center">Opening the library…</div>')
            opening.setEnabled(False)  # greyed: a word while the rest is built
            self.setCentralWidget(opening)
            self._start_pending = True
            return
        self._build(library)
        self.library_dock.refresh()
        # Files changed by other programs show up without Refresh (F5); watching
        # starts once the window is up, so it costs the first paint nothing.
        QTimer.singleShot(0, self, self._watch_library)

    def _build(self, library: Library) -> None:
        """Everything but the frame: tabs, start page, docks, menus, autosave."""
        from PySide6.QtCore import Qt  # (after the first paint: test_startup_imports)
        from PySide6.QtGui import QUndoGroup
        from PySide6.QtWidgets import QStackedWidget, QTabWidget

        from yags_desk.qt.common.icons import APP_ICON, icon
        from yags_desk.qt.dice.dock import DiceDock
        from yags_desk.qt.library.dock import LibraryDock
        from yags_desk.qt.shell import menus as main_menus
        from yags_desk.qt.shell.history import HistoryDock
        from yags_desk.qt.shell.start_page import StartPage

        self.library = library
        self._stores: dict[Edition, CatalogueStore] = {}
        self._paths: dict[DocumentView, Path | None] = {}
        self._recovered: dict[DocumentView, Path] = {}
        self._catalogues: dict[Edition, DocumentView] = {}
        app_icon = icon(APP_ICON)
        self.setWindowIcon(app_icon)
        app = QApplication.instance()
        if isinstance(app, QApplication) and app.windowIcon().isNull():
            app.setWindowIcon(app_icon)

        self.undo_group = QUndoGroup(self)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("documents")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.tabCloseRequested.connect(lambda i: self.close_document(self.tabs.widget(i)))
        self.tabs.currentChanged.connect(self._current_changed)
        self.start_page = StartPage(self)
        self.central = QStackedWidget()
        self.central.addWidget(self.start_page)
        self.central.addWidget(self.tabs)
        self.setCentralWidget(self.central)

        self._quiet_refresh = False  # a refresh the watcher asked for: no message box
        self.library_dock = LibraryDock(library, self)
        self.library_dock.open_requested.connect(self.open_entry)
        self.library_dock.print_requested.connect(self._print_entries)
        self.library_dock.healing_requested.connect(self._start_healing_for)
        self.library_dock.problems_found.connect(self._problems_found)
        self.library_dock.problems_details.connect(self.show_problems)
        self.library_dock.refreshed.connect(self._library_refreshed)
        self.library_watcher: LibraryWatcher | None = None  # see _watch_library
        self.library_dock.before_delete = self._before_delete
        self.dice_dock = DiceDock(self)
        self.history_dock = HistoryDock(self.undo_group, self)
        # [decision] The library summary is a normal status-bar widget, not a
        # permanent one (issue 16): Qt hides normal widgets while a message shows,
        # so a message gets the whole bar. Beside the summary the board's fight-over
        # line was cut off at 1366 px ("Next round anyw"); the summary is back once
        # the message times out. Right-aligned, it stays where the GM knows it.
        self.library_status = QLabel()
        self.library_status.setAlignment(Qt.AlignmentFlag.AlignRight
                                         | Qt.AlignmentFlag.AlignVCenter)
        self.statusBar().addWidget(self.library_status, 1)

        main_menus.build(self)
        self._restore_layout()

        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(AUTOSAVE_MS)
        self.autosave_timer.timeout.connect(self.autosave_all)
        self.autosave_timer.start()
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._system_scheme_changed)

        self._ready = True
        self._update_title()

    def is_ready(self) -> bool:
        """True once the window has its library, docks and menus (see __init__)."""
        return self._ready

    def when_ready(self, action: Callable[[], object]) -> None:
        """Run ``action`` once the window is whole: now if it is, else right after
        :meth:`finish_start` has built it (never if the library could not open)."""
        if self._ready:
            action()
        else:
            self._when_ready.append(action)

    def finish_start(self) -> bool:
        """The start-up path's second half (see __init__): open the library, build
        the window and list the library. Does it once; True when the window is whole.
        When the library cannot be used, ``start_error`` says why and
        ``start_failed`` is emitted (app.run shows it and ends)."""
        if self._ready:
            return True
        opener, self._open_library = self._open_library, None
        self._start_pending = False
        if opener is None:
            return False
        app = QApplication.instance()
        if isinstance(app, QApplication):  # the desktop's scheme, read exactly now
            settle_scheme(app, self.settings.scheme())
        from yags_desk.storage.paths import LibraryError

        try:
            library = opener()
            self._build(library)
        except Exception as exc:  # noqa: BLE001 (said, then the program ends)
            if isinstance(exc, LibraryError):
                self.start_error = str(exc)
            else:  # a bug: its traceback for a report, and no half-built window
                traceback.print_exc()
                self.start_error = f"{APP_NAME} could not build its window: {exc!r}"
            self._when_ready.clear()
            self.start_failed.emit(self.start_error)
            return False
        self._list_library()
        waiting, self._when_ready = self._when_ready, []
        for action in waiting:
            action()
        return True

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if self._start_pending:  # the first paint of the frame: the rest is built next
            self._start_pending = False
            QTimer.singleShot(0, self, self._start_after_paint)
        super().paintEvent(event)

    def _start_after_paint(self) -> None:
        if self.isVisible():
            self.finish_start()
        elif self._open_library is not None:  # hidden again first: at the next paint
            self._start_pending = True

    def _list_library(self) -> None:
        """The start-up path's first listing of the library (see finish_start)."""
        from yags_desk.qt.library.dock import CHECK_AFTER_MS

        self.library_dock.refresh(quick=True)  # then every file is checked in full
        # Watching (the folders walked, one system watch per file) starts once the rows
        # are drawn, before that check: a file changed in between is read by the check.
        # [decision] Right after the list's first paint: a timer of 0 ms fired before
        # that paint and cost it some 3 ms (issue 18). Half the check's delay at the
        # latest, for a window that is not drawn (hidden, or a slow paint).
        self.library_dock.tree.after_next_paint(self._watch_library)
        QTimer.singleShot(CHECK_AFTER_MS // 2, self, self._watch_library)

    # -- documents ----------------------------------------------------------------

    def documents(self) -> list[DocumentView]:
        return [w for i in range(self.tabs.count())
                if isinstance(w := self.tabs.widget(i), DocumentView)]

    def print_document(self, mode: Mode) -> object:
        """File ▸ Print / Print preview / Export as PDF (see :mod:`print_menu`)."""
        from yags_desk.qt.printing.menu import run_print

        return run_print(self, self, mode)

    def _print_entries(self, entries: list[Entry], mode: Mode) -> None:
        from yags_desk.qt.printing.menu import job_for_entries, run_print

        job, problems = job_for_entries(entries)
        run_print(self, self, mode, job, problems)

    def library_selection(self) -> list[Entry] | None:
        """The library's selected rows when the library has the focus (what File ▸
        Print prints then), else None."""
        dock = self.library_dock
        return dock.selected_entries() if dock.tree.hasFocus() else None

    def current_document(self) -> DocumentView | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, DocumentView) else None

    def document_path(self, view: DocumentView) -> Path | None:
        return self._paths.get(view)

    def _find(self, path: Path) -> DocumentView | None:
        for view, known in self._paths.items():
            if known is not None and known == path:
                return view
        return None

    def add_document(self, view: DocumentView, path: Path | None = None) -> DocumentView:
        """Show ``view`` in a new tab, in front, with its undo stack in the group."""
        self._paths[view] = path
        self.undo_group.addStack(view.undo_stack)
        view.title_changed.connect(lambda _title, v=view: self._document_changed(v))
        view.status_message.connect(self.statusBar().showMessage)
        saved = getattr(view, "saved", None)
        if saved is not None:
            saved.connect(lambda p, v=view: self._document_saved(v, Path(p)))
        requested = getattr(view, "open_requested", None)
        if requested is not None:
            requested.connect(self.open_new_character)
        healing = getattr(view, "healing_requested", None)
        if healing is not None:
            healing.connect(self._start_healing_for_file)
        patients = getattr(view, "healing_patients_requested", None)
        if patients is not None:
            patients.connect(self._start_healing_for_files)
        index = self.tabs.addTab(view, view.title())
        self.central.setCurrentWidget(self.tabs)
        self.tabs.setCurrentIndex(index)
        self._document_changed(view)
        self.document_opened.emit(view)
        return view

    def _character_view(self, character: Character, path: Path | None) -> DocumentView:
        from yags_desk.qt.character.editor import CharacterEditor

        editor: DocumentView = CharacterEditor(character, path, self.library,
                                               self.catalogue_store)
        return editor

    def read_model(self, path: Path, kind: str) -> Any | None:
        """The ``kind`` document in ``path``, or None after saying why it cannot be
        opened (a file that is gone also leaves the recent files)."""
        from PySide6.QtWidgets import QMessageBox

        from yags_desk.storage.documents import DocumentError, read_document
        from yags_desk.storage.wording import gm_text

        try:
            return read_document(path, kind).model
        except FileNotFoundError:
            self.settings.remove_recent(path)
            QMessageBox.warning(self, "Cannot open", f"{path}: the file no longer exists")
        except (DocumentError, OSError) as exc:
            QMessageBox.warning(self, "Cannot open",
                                "\n".join(f"{path.name}: {line}"
                                          for line in gm_text(exc).splitlines()))
        return None

    def open_character(self, path: Path | str) -> DocumentView | None:
        """Open a character file in a tab (or bring its tab to the front)."""
        from yags_desk.rules.character import Character

        path = Path(path).resolve()
        existing = self._find(path)
        if existing is not None:
            self.tabs.setCurrentWidget(existing)
            return existing
        model = self.read_model(path, "character")
        if not isinstance(model, Character):
            return None
        view = self.add_document(self._character_view(model, path), path)
        self.settings.add_recent(path)
        return view

    def open_new_character(self, character: Character) -> DocumentView:
        """Open a character that has no file yet (new, duplicated, template, recovered)."""
        view = self.add_document(self._character_view(character, None), None)
        # [decision] A document without a file counts as unsaved until it is saved.
        view.undo_stack.resetClean()
        return view

    def new_character(self, edition: Edition | None = None) -> DocumentView | None:
        if edition is None:
            from PySide6.QtWidgets import QInputDialog

            labels = ["classic (2d10!, skills in percent)", "0.8 (d20, skill levels)"]
            choice, ok = QInputDialog.getItem(self, "New character", "Edition:", labels, 0,
                                              False)
            if not ok:
                return None
            edition = EDITIONS[labels.index(choice)]
        from yags_desk.rules.character import Character, default_attributes

        character = Character(name="New character", edition=edition,
                              attributes=default_attributes(edition))
        return self.open_new_character(character)

    def catalogue_store(self, edition: Edition) -> CatalogueStore:
        """The one catalogue store of ``edition`` shared by every tab (made when first asked)."""
        store = self._stores.get(edition)
        if store is None:
            from yags_desk.qt.common.catalogue_store import CatalogueStore

            store = CatalogueStore(edition, self.library.root, self)
            self._stores[edition] = store
        return store

    def open_catalogue(self, edition: Edition) -> DocumentView:
        """Open the catalogue of ``edition`` (or bring its tab to the front)."""
        existing = self._catalogues.get(edition)
        if existing is not None:
            self.tabs.setCurrentWidget(existing)
            return existing
        from yags_desk.qt.catalogue.view import CatalogueView

        view: DocumentView = CatalogueView(self.catalogue_store(edition))
        self._catalogues[edition] = view
        return self.add_document(view, None)

    def open_entry(self, entry: Entry) -> DocumentView | None:
        """Open a row of the library dock."""
        if entry.kind == "character" and entry.path is not None:
            return self.open_character(entry.path)
        for edition in EDITIONS:
            if entry.kind == "catalogue" and entry.edition == edition:
                return self.open_catalogue(edition)
        if entry.kind == "encounter" and entry.path is not None:
            return self.open_encounter(entry.path)
        if entry.kind == "battle" and entry.path is not None:
            return self.open_battle(entry.path)
        if entry.kind == "healing" and entry.path is not None:
            return self.open_healing(entry.path)
        return None

    def _battle_view(self, battle: Battle, path: Path | None) -> DocumentView:
        from yags_desk.qt.mass.view import BattleView
        from yags_desk.qt.printing.render import preview

        def show_report(parent: QWidget, html: str) -> object:
            page = self.settings.page()
            return preview(parent, html, "a4" if page == "a4" else
                           "letter" if page == "letter" else None)

        view: DocumentView = BattleView(battle, path, self.library, show_report=show_report)
        return view

    def open_battle(self, path: Path | str) -> DocumentView | None:
        """Open a quick-combat battle in the battle view (or bring its tab to the front)."""
        path = Path(path).resolve()
        existing = self._find(path)
        if existing is not None:
            self.tabs.setCurrentWidget(existing)
            return existing
        from yags_desk.rules.quick_values import Battle  # after the first paint

        model = self.read_model(path, "battle")
        if not isinstance(model, Battle):
            return None
        view = self.add_document(self._battle_view(model, path), path)
        self.settings.add_recent(path)
        return view

    def new_battle(self) -> DocumentView:
        """File ▸ New battle: a small battle to edit, saved in the library's battles."""
        from yags_desk.qt.mass.view import new_battle

        return self.add_document(self._battle_view(new_battle(), None), None)

    def open_encounter(self, path: Path | str) -> DocumentView | None:
        """Open an encounter file on a battle board (or bring its tab to the front)."""
        from yags_desk.qt.battle.opening import board_for
        from yags_desk.storage.encounter_file import Encounter

        path = Path(path).resolve()
        existing = self._find(path)
        if existing is not None:
            self.tabs.setCurrentWidget(existing)
            return existing
        model = self.read_model(path, "encounter")
        board = board_for(self, self.library, model, path) if isinstance(
            model, Encounter) else None
        if board is None:
            return None
        view = self.add_document(board, path)
        self.settings.add_recent(path)
        return view

    def open_healing(self, path: Path | str) -> DocumentView | None:
        """Open a healing record on the healing view (issue 16)."""
        from yags_desk.qt.shell.healing import open_healing

        return open_healing(self, path)

    def start_healing(self) -> DocumentView | None:
        """File ▸ Start healing / the library's Start healing: a new healing record."""
        from yags_desk.qt.shell.healing import start_healing

        return start_healing(self)

    def _start_healing_for(self, entries: list[Entry]) -> DocumentView | None:
        from yags_desk.qt.shell.healing import chosen_patients, start_healing

        return start_healing(self, chosen_patients(self, entries))

    def _start_healing_for_file(self, path: Path) -> DocumentView | None:
        from yags_desk.qt.shell.healing import start_healing
        from yags_desk.rules.character import Character

        model = self.read_model(Path(path), "character")
        if not isinstance(model, Character):
            return None
        return start_healing(self, [(Path(path), model)])

    def _start_healing_for_files(self, patients: list[Any]) -> DocumentView | None:
        """A healing record for the hurt after a fight (files, or (file, start) pairs)."""
        from yags_desk.qt.shell.healing import start_healing_after_fight

        return start_healing_after_fight(self, patients)

    def new_encounter(self) -> DocumentView | None:
        """Ask name, edition and options; open the empty encounter on a board."""
        from yags_desk.qt.battle.opening import new_board

        board = new_board(self, self.library)
        if board is None:
            return None
        view = self.add_document(board, None)
        view.undo_stack.resetClean()
        return view

    def open_path(self, path: Path | str) -> DocumentView | None:
        """Open a character, encounter or catalogue file, whichever it holds; a
        file that cannot be opened is named in the status bar."""
        from yags_desk.qt.shell.open_files import open_path

        view, _problem = open_path(self, path)
        return view

    def open_file_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        name, _filter = QFileDialog.getOpenFileName(
            self, "Open a character, an encounter or a battle", str(self.library.root),
            "YAGS Desk files (*.json *.yags);;All files (*)")
        if name:
            self.open_path(name)

    # -- saving and closing -------------------------------------------------------

    def save_document(self, view: DocumentView | None = None) -> bool:
        view = view or self.current_document()
        if view is None:
            return False
        if not view.save():
            if self.library.read_only:
                self.statusBar().showMessage(READ_ONLY_STATUS, 15000)
            return False
        self.statusBar().showMessage(f"Saved {view.title()}", 4000)
        self._discard_recoveries(view)
        return True

    def save_all(self) -> bool:
        return all([self.save_document(v) for v in self.documents() if v.is_modified()])

    def _ask_save(self, view: DocumentView) -> QMessageBox.StandardButton:
        from PySide6.QtWidgets import QMessageBox

        self.tabs.setCurrentWidget(view)
        return QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to “{view.title()}”?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)

    def _settle(self, view: DocumentView) -> bool:
        """Ask about unsaved changes; False if the GM cancels or the save fails."""
        if not view.is_modified():
            return True
        from PySide6.QtWidgets import QMessageBox

        answer = self._ask_save(view)
        if answer == QMessageBox.StandardButton.Save:
            return self.save_document(view)
        return answer == QMessageBox.StandardButton.Discard

    def close_document(self, view: QWidget | None = None, *, ask: bool = True) -> bool:
        """Close a tab (asking Save/Discard/Cancel if modified); False if it stays open."""
        view = view if view is not None else self.current_document()
        if not isinstance(view, DocumentView):
            return False
        if self._stop_if_busy([view]):
            return False
        if ask and not self._settle(view):
            return False
        self._discard_recoveries(view)
        self.undo_group.removeStack(view.undo_stack)
        # A stack destroyed while not clean emits cleanChanged into its dying view.
        view.undo_stack.blockSignals(True)
        self.tabs.removeTab(self.tabs.indexOf(view))
        self._paths.pop(view, None)
        for edition, shown in list(self._catalogues.items()):
            if shown is view:
                del self._catalogues[edition]
        view.deleteLater()
        if self.tabs.count() == 0:
            self.central.setCurrentWidget(self.start_page)
        self._update_title()
        return True

    def _stop_if_busy(self, views: list[DocumentView]) -> bool:
        """True (after asking them to stop) when some of ``views`` are mid-way
        through something, such as Auto-resolve: they close after it stopped."""
        busy = [v for v in views if v.busy()]
        for view in busy:
            view.stop()
        if busy:
            self.statusBar().showMessage(
                f"{busy[0].title()}: {busy[0].busy()}; it stops after the step in hand. "
                "Close again then.", 8000)
        return bool(busy)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._ready:  # closed before the start-up path built anything
            self._start_pending = False
            self._open_library = None
            event.accept()
            return
        if self._stop_if_busy(self.documents()):
            event.ignore()
            return
        for view in self.documents():
            if not self._settle(view):
                event.ignore()
                return
        for view in self.documents():
            self.close_document(view, ask=False)
        self.autosave_timer.stop()
        self._closed = True  # a watch that was still to start never starts
        if self.library_watcher is not None:
            self.library_watcher.close()
            self.library_watcher = None
        self.settings.save_layout(self.saveGeometry(), self.saveState())
        event.accept()
        if self.library_lock is not None:
            self.library_lock.unlock()
            self.library_lock = None

    def _watch_library(self) -> None:
        if self._closed or self.library_watcher is not None:
            return
        from yags_desk.qt.library.watcher import LibraryWatcher

        self.library_watcher = LibraryWatcher(self.library, self)
        self.library_watcher.changed.connect(self._library_changed_outside)

    def _library_changed_outside(self) -> None:
        """Another program changed library files: list them again, without a message
        box popping up over the GM's work (the library's Problems line names any
        file that cannot be read)."""
        # In place of the check after the first, quick listing: it reports.
        self._quiet_refresh = not self.library_dock.checking
        try:
            self.library_dock.refresh()
        finally:
            self._quiet_refresh = False

    def _before_delete(self, path: Path) -> bool:
        if self.library.read_only:  # say so before closing its tab for nothing
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, "Cannot delete", self.library.read_only)
            return False
        view = self._find(Path(path).resolve())
        return True if view is None else self.close_document(view)

    # -- autosave and recovery ----------------------------------------------------

    def autosave_all(self) -> int:
        """Write recovery copies of modified documents; returns how many (none in a
        read-only library: its recovery folder is not this window's)."""
        count = 0
        if self.library.read_only:
            return count
        for view in self.documents():
            if view.is_modified():
                try:
                    view.autosave()
                except (OSError, ValueError) as exc:
                    self.statusBar().showMessage(f"Recovery copy not written: {exc}", 8000)
                    continue
                count += 1
        return count

    def _discard_recoveries(self, view: DocumentView) -> None:
        """Remove the recovery copies of a document that was saved or closed on purpose."""
        for path in (self.library.autosave_path(view.key), self._recovered.pop(view, None)):
            if path is not None and path.exists():
                try:
                    self.library.discard_recovery(path)
                except (OSError, ValueError) as exc:
                    self.statusBar().showMessage(f"Recovery copy kept: {exc}", 8000)

    def offer_recoveries(self) -> None:
        """After a crash: ask what to do with the recovery copies found."""
        from yags_desk.qt.shell.recovery import RecoveryDialog

        pending = [] if self.library.read_only else self.library.pending_recoveries()
        if not pending:
            return
        dialog = RecoveryDialog(pending, self)
        dialog.exec()
        ticked = dialog.checked()
        if dialog.choice == "restore":
            for path in ticked:
                self.restore_recovery(path)
        elif dialog.choice == "discard":
            for path in ticked:
                self.library.discard_recovery(path)

    def restore_recovery(self, path: Path) -> DocumentView | None:
        """Open a recovery copy as a modified document (its original file, if any, unchanged)."""
        from PySide6.QtWidgets import QMessageBox

        from yags_desk.storage.documents import DocumentError
        from yags_desk.storage.recovery_journal import read_with_journal

        try:
            document = read_with_journal(path)  # an encounter's last events are beside it
        except (DocumentError, OSError) as exc:
            QMessageBox.warning(self, "Cannot restore", f"{path.name}: {exc}")
            return None
        from yags_desk.rules.character import Character

        model = document.model
        if document.kind == "catalogue":
            return self._restore_catalogue(path, model)
        if document.kind == "encounter":
            from yags_desk.qt.battle.opening import restore_board
            from yags_desk.storage.encounter_file import Encounter

            assert isinstance(model, Encounter)

            made = restore_board(self, self.library, model)
            if made is None:
                return None
            board, target = made
            self.add_document(board, target)
            board.undo_stack.resetClean()
            self._recovered[board] = path
            self.statusBar().showMessage(f"Restored {model.name}: not saved yet", 8000)
            return board
        if document.kind == "healing":
            from yags_desk.qt.shell.healing import restore_healing
            from yags_desk.storage.healing_file import HealingFile

            assert isinstance(model, HealingFile)
            view = restore_healing(self, model)
            self._recovered[view] = path
            self.statusBar().showMessage(f"Restored {model.name}: not saved yet", 8000)
            return view
        if document.kind == "battle":
            return self._restore_battle(path, model)
        if not isinstance(model, Character):
            QMessageBox.information(
                self, "Cannot restore",
                f"{path.name}: restoring a {document.kind} is not supported yet; "
                f"the copy stays in {path.parent}")
            return None
        # The library file holding this character (same id), whatever its name.
        target = next((p.resolve() for p, c in self.library.load_characters().items
                       if c.id == model.id), None)
        view = self.add_document(self._character_view(model, target), target)
        view.undo_stack.resetClean()
        self._recovered[view] = path
        self.statusBar().showMessage(f"Restored {model.name}: not saved yet", 8000)
        return view

    def _restore_battle(self, path: Path, model: object) -> DocumentView | None:
        """A battle's recovery copy (with its turns fought) as a modified document over
        its library file: [decision] a battle has no id, so that is the one library
        battle of the same name, if exactly one has it."""
        from yags_desk.rules.quick_values import Battle

        assert isinstance(model, Battle)
        files = [(p.resolve(), b) for p, b in self.library.load_battles().items
                 if isinstance(b, Battle) and b.name == model.name]
        target, on_disk = files[0] if len(files) == 1 else (None, None)
        view = self._battle_view(model, target)
        view.saved_battle = on_disk  # type: ignore[attr-defined]
        self.add_document(view, target)
        self._recovered[view] = path
        self.statusBar().showMessage(f"Restored {model.name}: not saved yet", 8000)
        return view

    def _restore_catalogue(self, path: Path, model: object) -> DocumentView | None:
        """A catalogue's recovery copy comes back as one undoable change in its view."""
        edition = getattr(model, "edition", None)
        if edition not in ("classic", "0.8"):
            return None
        view = self.open_catalogue(edition)
        restore = getattr(view, "restore_recovery", None)
        if restore is None or not restore(path):
            return None
        self._recovered[view] = path
        self.statusBar().showMessage(f"Restored the {edition} catalogue: not saved yet", 8000)
        return view

    # -- window state -------------------------------------------------------------

    def _document_changed(self, view: DocumentView) -> None:
        index = self.tabs.indexOf(view)
        if index >= 0:
            self.tabs.setTabText(index, view.title() + ("*" if view.is_modified() else ""))
            self.tabs.setTabToolTip(index, str(self._paths.get(view) or "not saved yet"))
        self._update_title()

    def _document_saved(self, view: DocumentView, path: Path) -> None:
        self._paths[view] = path.resolve()
        self.settings.add_recent(path)
        self._discard_recoveries(view)
        self.library_dock.refresh()
        self._document_changed(view)

    def _current_changed(self, _index: int) -> None:
        view = self.current_document()
        if view is not None:
            self.undo_group.setActiveStack(view.undo_stack)
            if self.library_dock.tree.hasFocus():
                # The tab brought to the front is what File ▸ Print acts on next.
                from PySide6.QtCore import Qt

                view.setFocus(Qt.FocusReason.OtherFocusReason)
        else:  # no tab: Undo and Redo have nothing to act on
            self.undo_group.setActiveStack(None)  # type: ignore[arg-type]
        self._update_title()

    def _update_title(self) -> None:
        from yags_desk.qt.shell import menus as main_menus

        view = self.current_document()
        suffix = " (read-only)" if self.library.read_only else ""
        if view is None:
            self.setWindowTitle(APP_NAME + suffix)
        else:
            star = "*" if view.is_modified() else ""
            self.setWindowTitle(f"{view.title()}{star} — {APP_NAME}{suffix}")
        main_menus.update_enabled(self)

    def show_read_only_notice(self) -> None:
        """Tell the GM, once at start-up, that nothing can be saved and why."""
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.information(self, "Library opened read-only",
                                f"{self.library.read_only}\n\nYou can look at, print and "
                                "export everything; saving, deleting and recovery copies "
                                "are switched off in this window.")

    def _restore_layout(self) -> None:
        state = self.settings.window_state()
        if state is not None:
            self.restoreState(state)

    def _restore_geometry(self) -> None:
        geometry = self.settings.geometry()
        if geometry is None or not self.restoreGeometry(geometry):
            screen = QGuiApplication.primaryScreen()
            area = screen.availableGeometry() if screen is not None else None
            width = min(1280, int(area.width() * 0.92)) if area else 1280
            height = min(800, int(area.height() * 0.9)) if area else 760
            self.resize(width, height)

    def set_scheme(self, scheme: str) -> str:
        """Remember and apply ``system``, ``light`` or ``dark``; returns the look applied."""
        self.settings.set_scheme(scheme)
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        return apply_scheme(app, scheme)

    def _system_scheme_changed(self, *_args: Any) -> None:
        if self.settings.scheme() == "system":
            self.set_scheme("system")

    def _problems_found(self, lines: list[str]) -> None:
        """Tell the GM about unreadable library files once per set of files
        (remembered across starts); the dock's Problems line keeps naming them.
        A refresh because another program changed files never pops up."""
        if self._quiet_refresh:
            return
        from yags_desk.qt.library.dock import problem_files

        files = problem_files(self.library_dock.last_scan.errors)
        if files == self.settings.reported_problems():
            return
        self.settings.set_reported_problems(files)
        QTimer.singleShot(0, self, lambda: self.show_problems(lines))

    def show_problems(self, lines: list[str]) -> None:
        from PySide6.QtWidgets import QMessageBox

        shown = lines[:_MAX_PROBLEM_LINES]
        if len(lines) > len(shown):
            shown.append(f"… and {len(lines) - len(shown)} more")
        QMessageBox.warning(
            self, "Some library files could not be read",
            "These files are not listed; they were left as they are:\n\n" + "\n".join(shown))

    def _library_refreshed(self, result: LibraryScan) -> None:
        if (not result.errors and not self.library_dock.checking
                and self.settings.reported_problems()):
            self.settings.set_reported_problems([])  # all readable again: tell next time
        n = result.count("pc", "npc", "template")
        text = counted(n, "character")
        for group, word in (("encounters", "encounter"), ("battles", "battle"),
                            ("healing", "healing record")):
            count = result.count(group)
            if count:
                text += f", {counted(count, word)}"
        where = f"{text} in {self.library.root}"
        if self.library.read_only:
            where = f"Read-only: {where}"
            self.library_status.setToolTip(self.library.read_only)
        self.library_status.setText(where)
