"""A healing record into the library's character files (issue 16).

:func:`write_characters` puts each patient's current wounds, stuns and fatigue
into its character file (found by character id); the files' previous bytes come
back so one undo (:func:`~yags_desk.storage.results.restore_files`) puts them
back.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from yags_desk.rules.character import Character
from yags_desk.rules.healing import HealingRecord
from yags_desk.storage.documents import read_document, read_file_bytes
from yags_desk.storage.healing_file import HealingFile, healed_character
from yags_desk.storage.library import Library
from yags_desk.storage.results import restore_files

__all__ = ["find_character", "write_characters"]


def find_character(library: Library, hint: str,
                   character_id: str) -> tuple[Path, Character] | None:
    """The library's file holding this character id (the file named ``hint`` first)."""
    if hint:
        path = library.characters_dir / Path(hint).name
        try:
            model = read_document(path, "character").model
        except (OSError, ValueError):
            model = None
        if isinstance(model, Character) and model.id == character_id:
            return path, model
    for path, character in library.load_characters().items:
        if character.id == character_id:
            return path, character
    return None


def write_characters(record: HealingFile, records: Iterable[HealingRecord],
                     library: Library) -> tuple[list[tuple[Path, bytes]], list[str]]:
    """Write each patient's current condition into its character file.

    Returns (file, its bytes before) for each file written, for undo, and a
    line per patient whose file could not be found. All or nothing: a failed
    write puts back the files already written before the error propagates.
    """
    previous: list[tuple[Path, bytes]] = []
    missing: list[str] = []
    try:
        for patient, healing in zip(record.patients, records, strict=True):
            found = find_character(library, patient.file, patient.character_id)
            if found is None:
                missing.append(f"{patient.name}: no character file in the library has this "
                               "character; nothing written")
                continue
            path, before = found
            after = healed_character(before, healing.state)
            if after == before:
                continue
            old = read_file_bytes(path)
            library.save_character(after, path)
            previous.append((path, old))
    except BaseException:
        restore_files(previous)
        raise
    return previous, missing
