"""The character editor: one character's sheet with its derived numbers beside it.

Every edit builds the next :class:`Character` with ``model_validate`` (so the
rules' validation runs) and pushes a :class:`CharacterCommand` holding the
character before and after. A value the model refuses is shown at its field
with the reason and changes nothing. The derived panel (RULES 1.2-1.4 for
classic, RULES 2 for 0.8) is recomputed after every change, undo and redo.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QUndoCommand
from PySide6.QtWidgets import QVBoxLayout, QWidget

from yags_desk.qt.character.form import CharacterForm
from yags_desk.qt.character.hosts import Update
from yags_desk.qt.common.catalogue_model import ITEM_MIME, items_from_mime
from yags_desk.qt.common.catalogue_store import CatalogueStore
from yags_desk.qt.common.editor_document import EditorDocument
from yags_desk.rules.character import Character
from yags_desk.rules.derived import Derived, derive
from yags_desk.rules.editions import Edition
from yags_desk.rules.items import Armour
from yags_desk.storage.documents import DocumentError, format_validation_error
from yags_desk.storage.library import Library
from yags_desk.storage.wording import gm_lines, gm_text

__all__ = ["CharacterCommand", "CharacterEditor"]

_MERGE_IDS: dict[str, int] = {}


def _merge_id(key: str | None) -> int:
    if key is None:
        return -1
    return _MERGE_IDS.setdefault(key, 1000 + len(_MERGE_IDS))


_INDEXED = re.compile(r"^(skills|weapons|armour)\.(\d+)\b")


def _named(line: str, data: dict[str, Any]) -> str:
    """``skills.0.value: ...`` -> ``skills.Brawling.value: ...`` (names read better)."""
    match = _INDEXED.match(line)
    if match is None:
        return line
    key, number = match.group(1), int(match.group(2))
    try:
        entry = data[key][number]
        name = entry["item"]["name"] if key == "armour" else entry["name"]
    except (IndexError, KeyError, TypeError):
        return line
    if not isinstance(name, str) or not name.strip():
        return line
    return f"{key}.{name.strip()}{line[match.end():]}"


class CharacterCommand(QUndoCommand):
    """Replace the editor's character ``before`` -> ``after``.

    Commands with the same ``merge`` key in a row (typing in the notes, arrow
    steps on one attribute) merge into one undo step.
    """

    def __init__(self, editor: CharacterEditor, before: Character, after: Character,
                 text: str, merge: str | None = None) -> None:
        super().__init__(text)
        self.editor = editor
        self.before = before
        self.after = after
        self.merge = merge

    def id(self) -> int:
        return _merge_id(self.merge)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, CharacterCommand) or other.merge != self.merge:
            return False
        self.after = other.after
        self.setText(other.text())
        self.setObsolete(self.after == self.before)
        return True

    def redo(self) -> None:
        self.editor._apply(self.after)

    def undo(self) -> None:
        self.editor._apply(self.before)


class CharacterEditor(EditorDocument):
    """Edit ``character`` (saved at ``path``, or new when None) in ``library``.

    ``catalogues(edition)`` gives the shared catalogue store the equipment
    picker lists. :attr:`open_requested` asks the main window to open a new,
    unsaved character (a duplicate or a template) in another editor.
    """

    saved = Signal(Path)
    open_requested = Signal(object)  # Character
    healing_requested = Signal(object)  # Path: start a healing record for this file
    character_changed = Signal(object)  # Character

    def __init__(self, character: Character, path: Path | None, library: Library,
                 catalogues: Callable[[Edition], CatalogueStore],
                 parent: QWidget | None = None) -> None:
        super().__init__(f"character-{character.id}", parent)
        self.library = library
        self.path = path
        self.edition: Edition = character.edition
        self.store = catalogues(character.edition)
        self._character = character
        self._derived: Derived = derive(character)
        self.form = CharacterForm(self, character, self.store, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.form)
        self.setAcceptDrops(True)
        self._apply(character)

    # -- DocumentView ---------------------------------------------------------------

    def title(self) -> str:
        return self._character.name

    def character(self) -> Character:
        """The character as it is now (always valid)."""
        return self._character

    def derived(self) -> Derived:
        return self._derived

    def printable(self) -> list[Any]:
        return [self._character]

    def save(self) -> bool:
        """Write the character; refused while a field shows a value it refused
        (the file would not hold what the sheet shows)."""
        self.form.commit_pending()
        refused = self.form.refused_fields()
        if refused:
            # The reasons name their field already ("Stamina must be ..."), mostly.
            lines = [reason if reason.startswith(label) else f"{label}: {reason}"
                     for label, reason in refused]
            self.form.message_bar.show_error(
                f"{self._character.name} was not saved: "
                f"{'these fields hold values' if len(lines) > 1 else 'a field holds a value'}"
                " that cannot be kept. Correct "
                f"{'them' if len(lines) > 1 else 'it'} (or undo) and save again.\n"
                + "\n".join(lines))
            self.status_message.emit(f"Not saved: {lines[0].splitlines()[0]}", 10000)
            return False
        try:
            path = self.library.save_character(self._character, self.path)
        except (DocumentError, OSError) as exc:
            where = self.path or self.library.characters_dir
            self.form.message_bar.show_error(
                f"Could not save {where}:\n{gm_text(exc)}\nYour changes are still here; "
                "nothing was lost.")
            return False
        self.path = path
        self.undo_stack.setClean()
        self.form.message_bar.clear()
        try:
            self.library.discard_recovery(self.library.autosave_path(self.key))
        except (OSError, ValueError):
            pass
        self.saved.emit(path)
        self.status_message.emit(f"Saved {self._character.name} to {path}", 4000)
        return True

    def autosave(self) -> None:
        """Write a recovery copy while there are unsaved changes."""
        if not self.is_modified():
            return
        try:
            self.library.autosave(self.key, "character", self._character)
        except (DocumentError, OSError) as exc:
            self.status_message.emit(f"Autosave of {self._character.name} failed: {exc}",
                                     5000)

    # -- new characters from this one ---------------------------------------------------

    def duplicate(self) -> Character:
        """An unsaved copy with a new id; the main window opens it (open_requested)."""
        copy = Library.duplicate_character(self._character)
        self.open_requested.emit(copy)
        return copy

    def start_healing(self) -> bool:
        """Ask the main window for a healing record of this character (issue 16); the
        record writes into the character's file, so it must be saved first."""
        if self.path is None or self.is_modified():
            self.form.message_bar.show_error(
                f"Save {self._character.name} first: the healing record follows the "
                "character's file and writes its wounds and fatigue there.")
            return False
        self.healing_requested.emit(self.path)
        return True

    def make_template(self) -> Character:
        """An unsaved NPC template from this character, without its damage."""
        template = Library.make_template(self._character)
        self.open_requested.emit(template)
        return template

    # -- changing the character -----------------------------------------------------

    def change(self, text: str, update: Update, *, field: str,
               merge: str | None = None) -> bool:
        """Apply ``update`` to a dump of the character, validate, and push it.

        On a validation error the reason is shown at ``field`` (a key of the
        form's field messages) and nothing changes. Returns True if the result
        is valid (even when nothing changed).
        """
        # Lists (not the dump's tuples) so updates can append, replace and swap.
        data = {k: list(v) if isinstance(v, tuple) else v
                for k, v in self._character.model_dump().items()}
        update(data)
        try:
            new = Character.model_validate(data)
        except ValidationError as exc:
            lines = [_named(line, data) for line in format_validation_error(exc)]
            self.form.show_problem(field, "\n".join(gm_lines(lines, self.form.labels())))
            return False
        self.form.clear_problem(field)
        if new == self._character:
            return True
        self.undo_stack.push(CharacterCommand(self, self._character, new, text, merge))
        return True

    def refuse(self, field: str, message: str) -> bool:
        self.form.show_problem(field, message)
        return False

    def _apply(self, character: Character) -> None:
        """Show ``character``: fields, tables and derived numbers (used by commands)."""
        old_title = self.title()
        self._character = character
        self._derived = derive(character)
        self.form.show_character(character, self._derived)
        if self.title() != old_title:
            self.title_changed.emit(self.title())
        self.character_changed.emit(character)

    # -- equipment ------------------------------------------------------------------

    def equip(self, ids: Sequence[str]) -> bool:
        """Give the character these catalogue items: weapons are added, a shield
        replaces the current one, armour is worn (classic: full coverage)."""
        catalogue = self.store.catalogue
        try:
            items = [catalogue.get(i) for i in ids]
        except ValueError as exc:
            return self.refuse("equipment", f"equipment: {exc}")
        if not items:
            return False

        def update(data: dict[str, Any]) -> None:
            for item in items:
                dumped = item.model_dump()
                if isinstance(item, Armour):
                    # [decision] Armour dropped on a classic sheet is worn at full coverage;
                    # the GM switches it to half in the armour table.
                    coverage = "full" if self.edition == "classic" else None
                    data["armour"].append({"item": dumped, "coverage": coverage})
                elif item.kind == "shield":
                    data["shield"] = dumped
                else:
                    data["weapons"].append(dumped)

        names = ", ".join(i.name for i in items)
        return self.change(f"Equip {names}", update, field="equipment")

    def drop_mime(self, mime: QMimeData) -> bool:
        """Equip the catalogue items of drag data; refuse another edition's items."""
        parsed = items_from_mime(mime)
        if parsed is None:
            return False
        edition, ids = parsed
        if edition != self.edition:
            return self.refuse("equipment", f"equipment: these are {edition} items; "
                               f"{self._character.name} is a {self.edition} character")
        return self.equip(ids)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(ITEM_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(ITEM_MIME):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        if self.drop_mime(event.mimeData()):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            event.ignore()
