"""The shell's wiring of the healing room (issue 16): start a record from
characters, open a library healing record, restore its recovery copy."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import QStatusBar, QTabWidget

from yags_desk.qt.common.document import DocumentView
from yags_desk.qt.common.settings import Settings
from yags_desk.qt.library.dock import LibraryDock
from yags_desk.qt.library.model import Entry
from yags_desk.rules.character import Character
from yags_desk.rules.healing import HealingStart
from yags_desk.storage.healing_file import MAX_PATIENTS, HealingFile, new_healing_file
from yags_desk.storage.healing_write import in_step_from_start
from yags_desk.storage.library import Library


class MainWindow(Protocol):
    """The window as this module sees it."""

    library: Library
    library_dock: LibraryDock
    settings: Settings
    tabs: QTabWidget

    def documents(self) -> list[DocumentView]: ...

    def document_path(self, view: DocumentView) -> Path | None: ...

    def current_document(self) -> DocumentView | None: ...

    def add_document(self, view: DocumentView, path: Path | None = None) -> DocumentView: ...

    def read_model(self, path: Path, kind: str) -> Any | None: ...

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)


__all__ = ["MainWindow", "chosen_patients", "open_healing", "restore_healing",
           "start_healing", "start_healing_after_fight"]

# A patient: its character file and either the character (it starts as the file
# reads) or where its healing starts (a fight's end state).
Start = tuple[Path, Character | HealingStart]


def _character(patient: Character | HealingStart) -> Character:
    return patient.patient if isinstance(patient, HealingStart) else patient


def _view(window: MainWindow, record: HealingFile, path: Path | None) -> DocumentView:
    from yags_desk.qt.healing.view import HealingView

    view: DocumentView = HealingView(record, path, window.library)
    return view


def chosen_patients(window: MainWindow,
                    entries: Sequence[Entry] | None = None) -> list[tuple[Path, Character]]:
    """Who "Start healing" is for: ``entries`` (default: the characters selected in
    the library), else the character of the tab in front, else every player
    character who is wounded."""
    files = {p.resolve(): (p, c) for p, c in window.library.load_characters().items}
    if entries is None:
        entries = window.library_dock.selected_entries()
    picked = [files[e.path.resolve()] for e in entries
              if e.kind == "character" and e.path is not None and e.path.resolve() in files]
    if not picked:
        front = window.current_document()
        path = window.document_path(front) if front is not None else None
        if path is not None and path.resolve() in files:
            picked = [files[path.resolve()]]
    if not picked:
        picked = [(p, c) for p, c in files.values() if c.kind == "pc" and c.wounds > 0
                  and not c.dead]
    # Both editions stay: start_healing opens a record for each.
    return [(p, c) for p, c in picked if c.kind != "template"]


def start_healing(window: MainWindow, patients: Sequence[Start] | None = None
                  ) -> DocumentView | None:
    """A new healing record for ``patients`` (default: chosen_patients), saved in the
    library as it starts."""
    chosen = list(patients) if patients is not None else chosen_patients(window)
    notes = []
    dead = [_character(c).name for _, c in chosen if _character(c).dead]
    if dead:  # the dead do not heal: say so rather than leave them out silently
        notes.append(f"{', '.join(dead)} {'is' if len(dead) == 1 else 'are'} dead (so the "
                     "character file says); the dead do not heal")
        chosen = [(p, c) for p, c in chosen if not _character(c).dead]
        if not chosen:
            window.statusBar().showMessage(f"Start healing: {notes[0]}", 8000)
            return None
    if not chosen:
        window.statusBar().showMessage(
            "Start healing: select the patients in the library (no player character is "
            "wounded)", 8000)
        return None
    # [decision] A record holds one edition (RULES: never mixed silently): patients of
    # both get a record each, and the status bar says so. Past MAX_PATIENTS in one
    # edition, the rest are named as left out.
    editions: dict[str, list[Start]] = {}
    for path, c in chosen:
        editions.setdefault(_character(c).edition, []).append((path, c))
    views: list[DocumentView] = []
    left: list[str] = []
    for group in editions.values():
        left += [_character(c).name for _, c in group[MAX_PATIENTS:]]
        group = group[:MAX_PATIENTS]
        names = ", ".join(_character(c).name for _, c in group)
        # In step with the files it starts from, and saved in the library at once, so
        # yags-desk heal finds and continues it (healing leftovers item 3).
        record = in_step_from_start(new_healing_file(f"Healing: {names}"[:200], group),
                                    window.library)
        view = window.add_document(_view(window, record, None), None)
        view.undo_stack.resetClean()
        view.save()  # a read-only library: it says why, and the tab keeps the record
        views.append(view)
    if len(views) > 1:
        notes.append("one healing record for each edition (" + "; ".join(
            f"{edition}: {', '.join(_character(c).name for _, c in group[:MAX_PATIENTS])}"
            for edition, group in editions.items()) + "), as a record holds one edition")
    if left:
        notes.append(f"a record holds at most {MAX_PATIENTS} patients; left out: "
                     f"{', '.join(left)}")
    if notes:
        window.statusBar().showMessage(f"Start healing: {'; '.join(notes)}", 12000)
    window.tabs.setCurrentWidget(views[0])
    return views[0]


def start_healing_after_fight(window: MainWindow, patients: Sequence[object]
                              ) -> DocumentView | None:
    """A healing record for the hurt after a fight: ``patients`` are (file, start)
    pairs from the fight's end state (or bare files, read as they are now)."""
    files = {p.resolve(): (p, c) for p, c in window.library.load_characters().items}
    chosen: list[Start] = []
    for item in patients:
        if isinstance(item, tuple):
            path, start = item
            chosen.append((Path(path), start))
        elif Path(str(item)).resolve() in files:
            chosen.append(files[Path(str(item)).resolve()])
    return start_healing(window, chosen) if chosen else None


def open_healing(window: MainWindow, path: Path | str) -> DocumentView | None:
    """Open a healing record file (or bring its tab to the front)."""
    path = Path(path).resolve()
    for view in window.documents():
        if window.document_path(view) == path:
            window.tabs.setCurrentWidget(view)
            return view
    model = window.read_model(path, "healing")
    if not isinstance(model, HealingFile):
        return None
    view = window.add_document(_view(window, model, path), path)
    window.settings.add_recent(path)
    return view


def restore_healing(window: MainWindow, model: HealingFile) -> DocumentView:
    """A healing record's recovery copy, as a modified document over its library file."""
    target = next((p.resolve() for p, r in window.library.load_healing_records().items
                   if r.id == model.id), None)
    view = window.add_document(_view(window, model, target), target)
    view.undo_stack.resetClean()
    return view
