"""The weapon and armour catalogue of one edition, as a tab of the main window.

Four sortable tables (melee, missile, shields, armour) share one type-to-filter
field. Built-in rows are read-only; the GM adds, edits, copies, deletes,
imports and exports custom items. Every change is an undo command holding the
catalogue before and after it (catalogues are immutable values), applied
through the shared :class:`CatalogueStore` so open character editors see it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMenu,
    QTableView,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.catalogue.commands import CatalogueCommand, merge_imported
from yags_desk.qt.catalogue.item_dialog import ItemDialog
from yags_desk.qt.common.catalogue_model import (
    KIND_LABELS,
    KINDS,
    CatalogueFilterProxy,
    CatalogueTableModel,
)
from yags_desk.qt.common.catalogue_store import CatalogueStore
from yags_desk.qt.common.editor_document import EditorDocument
from yags_desk.qt.common.editor_widgets import MessageBar
from yags_desk.qt.common.icons import icon
from yags_desk.qt.common.roles import Role
from yags_desk.rules.catalogue import Catalogue
from yags_desk.rules.items import Armour, Weapon
from yags_desk.rules.words import counted
from yags_desk.storage.catalogues import CatalogueFile, export_items, import_items
from yags_desk.storage.documents import DocumentError, read_document
from yags_desk.storage.library import Library
from yags_desk.storage.wording import gm_line, gm_text

__all__ = ["CatalogueView"]

Item = Weapon | Armour
_FILE_FILTER = "Catalogue files (*.json *.csv);;JSON (*.json);;CSV (*.csv)"


class CatalogueView(EditorDocument):
    """Browse and edit the catalogue held by ``store`` (one edition)."""

    def __init__(self, store: CatalogueStore, parent: QWidget | None = None) -> None:
        super().__init__(f"catalogue-{store.edition}", parent)
        self.store = store
        self.message_bar = MessageBar()
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Type to filter by name, skill, notes, properties…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip("Rows holding every typed word are shown (Ctrl+F)")
        self.filter_edit.textChanged.connect(self.set_filter_text)

        self.models: dict[str, CatalogueTableModel] = {}
        self.proxies: dict[str, CatalogueFilterProxy] = {}
        self.tables: dict[str, QTableView] = {}
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for kind in KINDS:
            self._add_table(kind)
        self.tabs.currentChanged.connect(lambda _i: self._update_actions())

        self._build_actions()
        self.toolbar = toolbar = QToolBar()
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.add_action, self.edit_action, self.copy_action,
                       self.delete_action):
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.import_action)
        self.export_button = export_button = QToolButton()
        export_button.setDefaultAction(self.export_action)
        export_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        export_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        menu = QMenu(export_button)
        menu.addAction(self.export_action)
        menu.addAction(self.export_all_action)
        export_button.setMenu(menu)
        toolbar.addWidget(export_button)

        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(toolbar)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.message_bar)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)

        store.changed.connect(self._store_changed)
        self._update_tab_titles()
        self._update_actions()
        if store.load_error is not None:
            err = store.load_error
            self.message_bar.show_error(
                "Your custom items could not be read, so only the built-in items are shown; "
                "saving will not overwrite that file until it is fixed or moved away.\n"
                + "\n".join(f"{err.path.name}: {gm_line(line)}" for line in err.errors))

    # -- building -------------------------------------------------------------------

    def _add_table(self, kind: str) -> None:
        model = CatalogueTableModel(self.store, kind, self)
        model.commit = self._commit_cell_edit
        model.edit_refused.connect(self.message_bar.show_error)
        proxy = CatalogueFilterProxy(self)
        proxy.setSourceModel(model)
        table = QTableView()
        table.setModel(proxy)
        table.setSortingEnabled(True)
        table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                              | QAbstractItemView.EditTrigger.EditKeyPressed)
        table.setDragEnabled(True)
        table.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        table.resizeColumnsToContents()
        name_col = 0
        header.setSectionResizeMode(name_col, QHeaderView.ResizeMode.Interactive)
        # [decision] Names get their width and at least 120 px, not a flat 160: at 1366 px
        # with the docks open that keeps the 0.8 melee Classes column on screen.
        header.resizeSection(name_col, max(header.sectionSize(name_col), 120))
        notes = next((i for i, c in enumerate(model.columns) if c.field == "notes"), None)
        if notes is not None:
            header.setSectionResizeMode(notes, QHeaderView.ResizeMode.Stretch)
        table.selectionModel().selectionChanged.connect(lambda *_: self._update_actions())
        table.doubleClicked.connect(self._double_clicked)
        table.installEventFilter(self)
        self.models[kind] = model
        self.proxies[kind] = proxy
        self.tables[kind] = table
        self.tabs.addTab(table, icon(_KIND_ICONS[kind]), KIND_LABELS[kind])

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.data(Role.BUILTIN):
            self.message_bar.show_info(
                f"{index.data(Role.OBJECT).name} is built in and read-only: Copy (Ctrl+D) "
                "makes an editable version of it.")

    def _build_actions(self) -> None:
        def action(text: str, icon_name: str, theme: str, slot: object, tip: str,
                   shortcut: QKeySequence | None = None) -> QAction:
            act = QAction(icon(icon_name, theme), text, self)
            act.setToolTip(tip)
            act.triggered.connect(slot)
            if shortcut is not None:
                act.setShortcut(shortcut)
                act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(act)
            return act

        self.add_action = action("Add", "item-add", "list-add", lambda: self.new_item_dialog(),
                                 "Add a custom item of this tab's kind (Insert)",
                                 QKeySequence(Qt.Key.Key_Insert))
        self.edit_action = action("Edit", "item-edit", "document-edit",
                                  lambda: self.edit_item_dialog(),
                                  "Edit the selected custom item (Ctrl+E)",
                                  QKeySequence("Ctrl+E"))
        self.copy_action = action("Copy", "item-copy", "edit-copy", self.copy_selected,
                                  "Make editable custom copies of the selected items (Ctrl+D)",
                                  QKeySequence("Ctrl+D"))
        self.delete_action = action("Delete", "item-delete", "edit-delete",
                                    self.delete_selected,
                                    "Delete the selected custom items (Delete)",
                                    QKeySequence(QKeySequence.StandardKey.Delete))
        self.import_action = action("Import…", "item-import", "document-import",
                                    self.import_dialog,
                                    "Add items from a JSON or CSV file")
        self.export_action = action("Export…", "item-export", "document-export",
                                    lambda: self.export_dialog(selection=True),
                                    "Write the selected items to a JSON or CSV file")
        self.export_all_action = action("Export all…", "item-export", "document-export",
                                        lambda: self.export_dialog(selection=False),
                                        "Write every item of this catalogue to a file")
        find = QAction(self)
        find.setShortcut(QKeySequence(QKeySequence.StandardKey.Find))
        find.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.triggered.connect(self._focus_filter)
        self.addAction(find)

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Narrow (docks open, small screens): icons only, so the filter keeps its room;
        # the actions' tooltips still name them.
        super().resizeEvent(event)
        style = (Qt.ToolButtonStyle.ToolButtonIconOnly if self.width() < 900
                 else Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        if self.toolbar.toolButtonStyle() != style:
            self.toolbar.setToolButtonStyle(style)
            self.export_button.setToolButtonStyle(style)

    def _focus_filter(self) -> None:
        self.filter_edit.setFocus()
        self.filter_edit.selectAll()

    # -- DocumentView ---------------------------------------------------------------

    def title(self) -> str:
        return f"Catalogue ({self.store.edition})"

    def save(self) -> bool:
        try:
            path = self.store.save()
        except (DocumentError, OSError) as exc:
            self.message_bar.show_error(f"Could not save {self.store.path()}: {gm_text(exc)}\n"
                                        "Your changes are still here; nothing was lost.")
            return False
        self.undo_stack.setClean()
        self._discard_recovery()
        self.message_bar.clear()
        self.status_message.emit(f"Saved custom items to {path}", 4000)
        return True

    def autosave(self) -> None:
        """A recovery copy of the custom items while they are unsaved."""
        if not self.is_modified():
            return
        catalogue = self.store.catalogue
        model = CatalogueFile(edition=catalogue.edition, items=catalogue.custom_items())
        try:
            Library(self._root()).autosave(self.key, "catalogue", model)
        except (DocumentError, OSError) as exc:
            self.status_message.emit(f"Autosave failed: {exc}", 5000)

    def restore_recovery(self, path: Path) -> bool:
        """Bring back the custom items of an autosaved copy, as one undoable change.

        The copy must hold this edition's items; built-in items in it are left
        to the built-in list. The view is then modified until saved.
        """
        try:
            document = read_document(path, "catalogue")
            model = document.model
            assert isinstance(model, CatalogueFile)
            if model.edition != self.store.edition:
                raise ValueError(f"edition: the copy holds {model.edition} items; this is the "
                                 f"{self.store.edition} catalogue")
            custom = [i for i in model.items if not i.builtin]
            after = Catalogue(self.store.edition, self.store.catalogue.builtin_items(), custom)
        except (DocumentError, ValueError, OSError) as exc:
            self.message_bar.show_error(
                "\n".join(f"{Path(path).name}: {line}" for line in gm_text(exc).splitlines()))
            return False
        self._push(after, f"Restore items from {Path(path).name}",
                   [i.id for i in custom[:1]])
        return True

    def _root(self) -> Path:
        return self.store.path().parent.parent

    def _discard_recovery(self) -> None:
        library = Library(self._root())
        try:
            library.discard_recovery(library.autosave_path(self.key))
        except (OSError, ValueError):
            pass

    # -- reading the view -----------------------------------------------------------

    def current_kind(self) -> str:
        return KINDS[max(0, self.tabs.currentIndex())]

    def set_current_kind(self, kind: str) -> None:
        self.tabs.setCurrentIndex(KINDS.index(kind))

    def selected_items(self) -> list[Item]:
        kind = self.current_kind()
        table, proxy, model = self.tables[kind], self.proxies[kind], self.models[kind]
        rows = sorted({proxy.mapToSource(i).row()
                       for i in table.selectionModel().selectedRows()})
        return [model.item(r) for r in rows]

    def visible_names(self, kind: str) -> list[str]:
        """Names shown in a tab, in display order (after filter and sort)."""
        proxy = self.proxies[kind]
        return [str(proxy.index(r, 0).data()) for r in range(proxy.rowCount())]

    def select_items(self, ids: Sequence[str]) -> None:
        """Show the tab of the first item and select these items."""
        if not ids:
            return
        catalogue = self.store.catalogue
        if ids[0] not in catalogue:
            return
        kind = catalogue.get(ids[0]).kind
        model, proxy, table = self.models[kind], self.proxies[kind], self.tables[kind]
        self.set_current_kind(kind)
        selection = table.selectionModel()
        selection.clearSelection()
        first = None
        for item_id in ids:
            row = model.row_of(item_id)
            if row < 0:
                continue
            index = proxy.mapFromSource(model.index(row, 0))
            if not index.isValid():
                continue
            selection.select(index, QItemSelectionModel.SelectionFlag.Select
                             | QItemSelectionModel.SelectionFlag.Rows)
            first = first or index
        if first is not None:
            selection.setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
            table.scrollTo(first)

    # -- filtering ------------------------------------------------------------------

    def set_filter_text(self, text: str) -> None:
        if self.filter_edit.text() != text:
            self.filter_edit.setText(text)  # comes back here through textChanged
            return
        for proxy in self.proxies.values():
            proxy.set_filter_text(text)
        self._update_tab_titles()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Type-to-filter: printable keys typed in a table go to the filter field.
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and watched in self.tables.values()):
            text = event.text()
            mods = event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
            if text and text.isprintable() and mods == Qt.KeyboardModifier.NoModifier:
                self.filter_edit.setFocus()
                self.filter_edit.insert(text)
                return True
        return super().eventFilter(watched, event)

    # -- changes --------------------------------------------------------------------

    def _push(self, after: Catalogue, text: str, select: Sequence[str] = ()) -> None:
        before = self.store.catalogue
        self.undo_stack.push(CatalogueCommand(self, before, after, text, select))
        self.message_bar.clear()

    def _refuse(self, exc: Exception) -> None:
        self.message_bar.show_error(gm_text(exc))

    def add_item(self, item: Item) -> bool:
        try:
            after = self.store.catalogue.add_custom(item)
        except ValueError as exc:
            self._refuse(exc)
            return False
        self._reveal(item)
        self._push(after, f"Add {item.name}", [item.id])
        return True

    def replace_item(self, item: Item) -> bool:
        try:
            old = self.store.catalogue.get(item.id)
            after = self.store.catalogue.replace_custom(item)
        except ValueError as exc:
            self._refuse(exc)
            return False
        self._push(after, f"Edit {old.name}", [item.id])
        return True

    def _commit_cell_edit(self, old: Item, new: Item) -> None:
        self.replace_item(new)

    def copy_items(self, ids: Sequence[str]) -> list[Item]:
        """Custom copies of these items (built-in or not); returns the copies."""
        catalogue = self.store.catalogue
        copies: list[Item] = []
        try:
            for item_id in ids:
                catalogue, copy = catalogue.copy_builtin(item_id)
                copies.append(copy)
        except ValueError as exc:
            self._refuse(exc)
            return []
        if not copies:
            return []
        for copy in copies:
            self._reveal(copy)
        text = f"Copy {copies[0].name.removesuffix(' (copy)')}" if len(copies) == 1 else \
            f"Copy {len(copies)} items"
        self._push(catalogue, text, [c.id for c in copies])
        return copies

    def copy_selected(self) -> list[Item]:
        return self.copy_items([i.id for i in self.selected_items()])

    def delete_items(self, ids: Sequence[str]) -> bool:
        catalogue = self.store.catalogue
        names = []
        try:
            for item_id in ids:
                names.append(catalogue.get(item_id).name)
                catalogue = catalogue.remove_custom(item_id)
        except ValueError as exc:
            self._refuse(exc)
            return False
        if not names:
            return False
        self._push(catalogue, f"Delete {names[0]}" if len(names) == 1 else
                   f"Delete {len(names)} items")
        return True

    def delete_selected(self) -> bool:
        items = self.selected_items()
        builtin = [i.name for i in items if i.builtin]
        if builtin:
            self.message_bar.show_error(
                f"builtin: {', '.join(builtin)} {'is' if len(builtin) == 1 else 'are'} "
                "built in and cannot be deleted")
            return False
        return self.delete_items([i.id for i in items])

    def _reveal(self, item: Item) -> None:
        """Clear a filter that would hide a newly made item."""
        words = self.filter_edit.text().casefold().split()
        if words and not all(w in f"{item.name} {item.id}".casefold() for w in words):
            self.filter_edit.clear()

    # -- dialogs (non-blocking: each returns the dialog it opened) ------------------

    def new_item_dialog(self, kind: str | None = None) -> ItemDialog:
        dialog = ItemDialog(self.store.catalogue, kind or self.current_kind(), None, self)
        dialog.accepted.connect(lambda: dialog.result_item and self.add_item(dialog.result_item))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        return dialog

    def edit_item_dialog(self, item_id: str | None = None) -> ItemDialog | None:
        if item_id is None:
            selected = self.selected_items()
            if not selected:
                return None
            item_id = selected[0].id
        item = self.store.catalogue.get(item_id)
        if item.builtin:
            self.message_bar.show_error(f"builtin: {item.name} is a built-in item and cannot "
                                        "be edited; use Copy to make an editable version")
            return None
        dialog = ItemDialog(self.store.catalogue, item.kind, item, self)
        dialog.accepted.connect(
            lambda: dialog.result_item and self.replace_item(dialog.result_item))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        return dialog

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import items", "", _FILE_FILTER)
        if path:
            self.import_file(Path(path))

    def export_dialog(self, selection: bool) -> None:
        items = self.selected_items() if selection else list(self.store.catalogue.items)
        if not items:
            self.message_bar.show_error("Select the items to export first, or use Export all")
            return
        default = str(Path.home() / f"catalogue-{self.store.edition}.json")
        path, _ = QFileDialog.getSaveFileName(self, "Export items", default, _FILE_FILTER)
        if path:
            self.export_file(Path(path), items)

    # -- files ----------------------------------------------------------------------

    def import_file(self, path: Path) -> bool:
        """Add every item of a JSON or CSV file, or none if any is refused."""
        try:
            items = import_items(path, self.store.edition)
            after, added, replaced, skipped = merge_imported(self.store.catalogue, items)
        except DocumentError as exc:
            self.message_bar.show_error(
                f"Nothing was imported from {path.name}:\n"
                + "\n".join(f"{path.name}: {gm_line(line)}" for line in exc.errors))
            return False
        except (ValueError, OSError) as exc:
            self.message_bar.show_error(f"Nothing was imported from {path.name}:\n"
                                        f"{path.name}: {exc}")
            return False
        if added + replaced == 0:
            self.message_bar.show_info(f"{path.name}: nothing new to import "
                                       f"({skipped} already built in)")
            return True
        ids = [i.id for i in items if not self.store.catalogue.is_builtin(i.id)]
        self.filter_edit.clear()
        self._push(after, f"Import {added + replaced} items from {path.name}", ids)
        parts = [f"{added} added"] + ([f"{replaced} replaced"] if replaced else []) + (
            [f"{skipped} already built in"] if skipped else [])
        self.status_message.emit(f"Imported from {path.name}: {', '.join(parts)}", 5000)
        return True

    def export_file(self, path: Path, items: Sequence[Item]) -> bool:
        try:
            export_items(items, path, self.store.edition)
        except (DocumentError, ValueError, OSError) as exc:
            self.message_bar.show_error(f"Could not export to {path.name}:\n{exc}")
            return False
        self.status_message.emit(f"Exported {counted(len(items), 'item')} to {path}", 5000)
        return True

    # -- keeping the view current ---------------------------------------------------

    def _store_changed(self) -> None:
        self._update_tab_titles()
        self._update_actions()

    def _update_tab_titles(self) -> None:
        for i, kind in enumerate(KINDS):
            shown, total = self.proxies[kind].rowCount(), self.models[kind].rowCount()
            count = f"{total}" if shown == total else f"{shown} of {total}"
            self.tabs.setTabText(i, f"{KIND_LABELS[kind]} ({count})")

    def _update_actions(self) -> None:
        items = self.selected_items()
        custom = bool(items) and not any(i.builtin for i in items)
        self.edit_action.setEnabled(len(items) == 1 and custom)
        self.delete_action.setEnabled(custom)
        self.copy_action.setEnabled(bool(items))
        self.export_action.setEnabled(bool(items))


_KIND_ICONS = {"melee": "weapon-melee", "missile": "weapon-missile", "shield": "shield",
               "armour": "armour"}
