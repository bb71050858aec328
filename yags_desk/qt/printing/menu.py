"""File ▸ Print, Print preview and Export as PDF (issue 6 item 4).

What is printed: the characters, encounters or battles selected in the library
dock when it has the focus (or when the library's own Print… is used), else
the document in front (a character editor prints its character, the battle
board its encounter). A small options dialog picks the kind of document
(:data:`yags_desk.printing.KINDS` that fit), the paper (remembered) and the
"blank numbers" choice; the HTML comes from :func:`yags_desk.printing.build`
and goes to :mod:`yags_desk.qt.printing.render`, which shows progress.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QProgressDialog,
    QStatusBar,
    QWidget,
)

from yags_desk import APP_NAME
from yags_desk.printing.kinds import FILE_KIND, build, default_kind
from yags_desk.qt.common.document import DocumentView
from yags_desk.qt.common.settings import Settings
from yags_desk.qt.forms.ui_print_options import Ui_PrintOptions
from yags_desk.qt.printing.render import PageName, default_page, export_pdf, preview, print_document
from yags_desk.rules.character import Character
from yags_desk.rules.errors import RulesError
from yags_desk.rules.quick_combat import Battle, BattleResult, TurnResult
from yags_desk.storage.documents import DocumentError, read_document
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.healing_file import HealingFile

if TYPE_CHECKING:
    from yags_desk.qt.library.model import Entry

__all__ = ["KIND_LABELS", "BattleCancelled", "Mode", "PrintHost", "PrintJob", "PrintOptionsDialog",
           "battle_progress", "job_for_entries", "job_for_window", "run_print"]

Mode = Literal["print", "preview", "pdf"]


class PrintHost(Protocol):
    """The main window as File ▸ Print sees it (never imported back from here)."""

    @property
    def settings(self) -> Settings: ...

    def current_document(self) -> DocumentView | None: ...

    def library_selection(self) -> list[Entry] | None:
        """The library's selected rows when the library has the focus, else None."""
        ...

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)

KIND_LABELS = {
    "sheet": "Character sheets (one page each)",
    "npc": "NPC stat blocks (several to a page)",
    "encounter-before": "Encounter: before the fight",
    "encounter-after": "Encounter: after the fight, with the log",
    "party": "The party after the fight (one page)",
    "battle": "Quick-combat report",
    "healing": "Healing record, with the coming days",
}


def _file_kind(model: Any) -> str:
    if isinstance(model, Character):
        return "character"
    if isinstance(model, Encounter):
        return "encounter"
    if isinstance(model, Battle | BattleResult):
        return "battle"
    if isinstance(model, HealingFile):
        return "healing"
    raise ValueError(f"cannot print a {type(model).__name__}")

_PRINTABLE_ENTRIES = ("character", "encounter", "battle", "healing")


@dataclass(frozen=True)
class PrintJob:
    """What the GM asked to print: one or more models of one file kind."""

    models: tuple[Any, ...]
    what: str  # for titles and messages: "Aldric", "3 characters"
    from_library: bool = False  # the library's selection, not the tab in front
    # What the tab adds to its printout (the battle board's forecast: issue 17).
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def file_kind(self) -> str:
        return _file_kind(self.models[0])

    def kinds(self) -> list[str]:
        """The documents that print these models (several encounters: none)."""
        kinds = [k for k, fk in FILE_KIND.items() if fk == self.file_kind]
        if len(self.models) > 1:
            kinds = [k for k in kinds if k in ("sheet", "npc")]
        return kinds

    def suggested_name(self) -> str:
        stem = re.sub(r"[^\w-]+", "-", self.what.lower()).strip("-") or "yags-desk"
        return f"{stem}.pdf"


def _name(model: Any) -> str:
    if isinstance(model, BattleResult):  # a battle fought in the battle view
        model = model.battle
    return str(getattr(model, "name", "") or "untitled")


def _job(models: Sequence[Any]) -> PrintJob | None:
    if not models:
        return None
    what = _name(models[0]) if len(models) == 1 else f"{len(models)} characters"
    return PrintJob(tuple(models), what)


def job_for_entries(entries: Sequence[Entry]) -> tuple[PrintJob | None, list[str]]:
    """The job for library rows, and the problems of rows that cannot be read.

    Several rows print together only when they are all characters [decision]:
    encounters and battles print one at a time, so the first of them is used.
    """
    problems: list[str] = []
    models: list[Any] = []
    for entry in entries:
        if entry.kind not in _PRINTABLE_ENTRIES or entry.path is None:
            continue
        try:
            models.append(read_document(entry.path, expected_kind=entry.kind).model)
        except DocumentError as e:
            problems.append(f"{entry.path.name}: {e}")
        except OSError as e:
            problems.append(f"{entry.path.name}: cannot be read ({e.strerror or e})")
    characters = [m for m in models if isinstance(m, Character)]
    job = _job(characters or models[:1])
    return (replace(job, from_library=True) if job is not None else None), problems


def job_for_window(window: PrintHost) -> tuple[PrintJob | None, list[str]]:
    """The library's selection if the library has the focus, else the tab in front."""
    selected = window.library_selection()
    if selected is not None:
        job, problems = job_for_entries(selected)
        if job is not None or problems:
            return job, problems
    document = window.current_document()
    models = document.printable() if document is not None else []
    job = _job(models)
    if job is not None and document is not None:
        job = replace(job, extras=document.print_extras())
    return job, []


class PrintOptionsDialog(QDialog):
    """Which document, which paper, blank numbers: asked before every print job.

    The form is ``ui/print_options.ui`` (Qt Designer); this fills and wires it."""

    def __init__(self, job: PrintJob, mode: Mode, page: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_PrintOptions()
        self.ui.setupUi(self)
        verb = {"print": "Print", "preview": "Print preview", "pdf": "Export as PDF"}[mode]
        self.setWindowTitle(f"{verb} — {job.what}"
                            + (" (library selection)" if job.from_library else ""))
        self.ui.what_label.setText(f"<b>{_escape(job.what)}</b>")
        if not job.from_library:  # the note is for the library's selection only
            self.ui.print_source.clear()
            self.ui.print_source.hide()
        self.kind = self.ui.print_kind
        for kind in job.kinds():
            self.kind.addItem(KIND_LABELS[kind], kind)
        wanted = default_kind(job.models[0])
        self.kind.setCurrentIndex(max(0, self.kind.findData(wanted)))
        self.page = self.ui.print_page
        system = {"a4": "A4", "letter": "Letter"}[default_page()]
        for value, label in (("system", f"System default ({system})"), ("a4", "A4"),
                             ("letter", "Letter")):
            self.page.addItem(label, value)
        self.page.setCurrentIndex(max(0, self.page.findData(page)))
        self.blank = self.ui.print_blank
        self.kind.currentIndexChanged.connect(self._kind_changed)
        buttons = self.ui.buttons
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText({"print": "Print…", "preview": "Preview", "pdf": "Export…"}[mode])
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._kind_changed()

    def _kind_changed(self) -> None:
        numbers = self.chosen_kind() in ("sheet", "npc")
        self.blank.setEnabled(numbers)
        if not numbers:
            self.blank.setChecked(False)

    def chosen_kind(self) -> str:
        return str(self.kind.currentData())

    def chosen_page(self) -> str:
        return str(self.page.currentData())


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _page_name(page: str) -> PageName | None:
    return "a4" if page == "a4" else "letter" if page == "letter" else None


class BattleCancelled(Exception):
    """The GM pressed Cancel while a quick-combat battle was being fought."""


def battle_progress(parent: QWidget, battle: Battle
                    ) -> tuple[QProgressDialog, Callable[[TurnResult], None]]:
    """A progress dialog for fighting ``battle`` before its report prints (it shows
    only when the battle takes a while), and the per-turn callback driving it,
    which raises :class:`BattleCancelled` once Cancel is pressed."""
    label = f"Fighting {battle.name}"
    dialog = QProgressDialog(f"{label}…", "Cancel", 0, battle.max_turns, parent)
    dialog.setWindowTitle(APP_NAME)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(400)

    def on_turn(turn: TurnResult) -> None:
        dialog.setValue(turn.turn)
        dialog.setLabelText(f"{label}: turn {turn.turn} of at most {battle.max_turns}")
        QApplication.processEvents()
        if dialog.wasCanceled():
            raise BattleCancelled

    return dialog, on_turn


def run_print(parent: QWidget, window: PrintHost, mode: Mode, job: PrintJob | None = None,
              problems: Sequence[str] = (), *, ask: bool = True) -> Path | bool | None:
    """Ask the options (over ``parent``), build the document and print, preview or
    export it.

    Returns what the qt.printing call returned (True/False, a dialog code, the
    PDF's path), or None when nothing was printed. ``ask`` False skips the
    options dialog (tests, and the defaults).
    """
    if job is None:
        job, problems = job_for_window(window)
    if problems:
        QMessageBox.warning(parent, APP_NAME, "Some files cannot be printed:\n"
                            + "\n".join(problems))
    if job is None:
        if not problems:
            window.statusBar().showMessage(
                "Nothing to print: open a character or an encounter, or select "
                "characters in the library", 6000)
        return None
    options = PrintOptionsDialog(job, mode, window.settings.page(), parent)
    if ask and options.exec() != QDialog.DialogCode.Accepted:
        return None
    window.settings.set_page(options.chosen_page())
    first = job.models[0]
    progress = battle_progress(parent, first) if isinstance(first, Battle) else None
    try:
        html = build(options.chosen_kind(), list(job.models), blank=options.blank.isChecked(),
                     on_turn=progress[1] if progress else None, **job.extras)
    except BattleCancelled:
        window.statusBar().showMessage(f"{job.what}: battle stopped, nothing printed", 6000)
        return None
    except (ValueError, RulesError) as e:
        QMessageBox.warning(parent, APP_NAME, f"{job.what} cannot be printed: {e}")
        return None
    finally:
        if progress is not None:
            progress[0].close()
    page = _page_name(options.chosen_page())
    if mode == "print":
        return print_document(parent, html, page)
    if mode == "preview":
        preview(parent, html, page)
        return True
    path = export_pdf(parent, html, window.settings.print_folder() / job.suggested_name(), page)
    if path is not None:
        window.settings.set_print_folder(path.parent)
        where = " (the library selection)" if job.from_library else ""
        window.statusBar().showMessage(f"Saved {path}{where}", 6000)
    return path
