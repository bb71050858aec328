"""A healing record into the library's character files (issue 16).

:func:`write_characters` puts each patient's current wounds, stuns and fatigue
into its character file (found by character id); the files' previous bytes come
back so one undo (:func:`~yags_desk.storage.results.restore_files`) puts them
back. :func:`changed_files` finds the files changed by something else since the
record last wrote them (another fight's results, an edit of the numbers), so
they are not written over without asking (issue 16, bad input).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from yags_desk.rules.character import Character
from yags_desk.rules.healing import HealingRecord, Patient
from yags_desk.storage.documents import DocumentError, read_document, read_file_bytes
from yags_desk.storage.healing_file import HealingFile, HealingPatient, healed_character
from yags_desk.storage.library import Library
from yags_desk.storage.results import restore_files

__all__ = ["ChangedFile", "changed_files", "differences", "file_digest", "find_character",
           "in_step_from_start", "last_record", "last_to_write", "with_written",
           "write_characters"]

# The numbers a healing record writes into a character file.
_FIELDS = ("wounds", "stuns", "fatigue_short", "fatigue_long", "dead")


@dataclass(frozen=True)
class ChangedFile:
    """A patient's character file that no longer holds what the record left in it."""

    index: int  # the patient's place in the record
    name: str
    path: Path
    fields: tuple[str, ...]  # "wounds 5 (the record left 2)", one per number

    def sentence(self) -> str:
        return (f"{self.name} ({self.path.name}) was changed since this healing record "
                f"wrote it: {', '.join(self.fields)}")


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


def changed_files(record: HealingFile, left: Sequence[Patient],
                  library: Library) -> list[ChangedFile]:
    """The patients whose files' wounds, stuns, fatigue or death differ from what the
    record left there (``left``: each patient's condition when its file was last
    written, or when the record was opened). Other fields (notes...) are never
    written over, so they do not count. Files not found are left to
    :func:`write_characters` to report."""
    changed = []
    for index, (patient, state) in enumerate(zip(record.patients, left, strict=True)):
        found = find_character(library, patient.file, patient.character_id)
        if found is None:
            continue
        path, now = found
        fields = differences(now, state)
        if fields:
            changed.append(ChangedFile(index, patient.name, path, fields))
    return changed


def differences(now: Character, state: Patient) -> tuple[str, ...]:
    """The numbers of the character file ``now`` that differ from what a record whose
    patient is in ``state`` leaves there ("wounds 5 (the record left 2)")."""
    expected = healed_character(now, state)
    return tuple(f"{name.replace('_', ' ')} {getattr(now, name)} (the record left "
                 f"{getattr(expected, name)})" for name in _FIELDS
                 if getattr(now, name) != getattr(expected, name))


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes and "@" its modification time in nanoseconds
    ("" when it cannot be read)."""
    try:
        stamp = path.stat().st_mtime_ns
        return f"{hashlib.sha256(read_file_bytes(path)).hexdigest()}@{stamp}"
    except (OSError, DocumentError):
        return ""


def last_to_write(patient: HealingPatient, path: Path) -> bool:
    """Whether this record was the last thing to write the character file ``path``:
    it still holds the bytes the record wrote, written then (another fight, an edit
    or another record writing it since changes them, or at least the file's time)."""
    return bool(patient.wrote) and file_digest(path) == patient.wrote


def with_written(record: HealingFile, written: dict[int, Path]) -> HealingFile:
    """``record`` remembering the bytes just written into the character files
    (patient's place -> file), so a later run can tell whether it was the last to
    write them (:func:`last_to_write`)."""
    patients = tuple(p.model_copy(update={"wrote": file_digest(written[i])})
                     if i in written else p for i, p in enumerate(record.patients))
    return record.model_copy(update={"patients": patients})


def in_step_from_start(record: HealingFile, library: Library) -> HealingFile:
    """``record`` (just started) in step with the character files it started from.

    A patient who has not written its file yet, and whose file holds the numbers the
    record's patient has now (wounds, stuns, fatigue, death: it started from the file
    as it is), keeps the file's digest in ``wrote`` as if the record had written it,
    so ``yags-desk heal`` continues this record while nothing else changes the file
    (:func:`last_to_write`; healing leftovers item 3). A patient started from a fight's
    end state that the file does not hold (results not applied to it) stays out of
    step: the next run starts a new record from the file.
    """
    patients = []
    for patient in record.patients:
        found = None if patient.wrote else find_character(library, patient.file,
                                                             patient.character_id)
        if found is not None:
            path, now = found
            state = HealingRecord.from_data(patient.healing).state
            if not differences(now, state):
                patient = patient.model_copy(update={"wrote": file_digest(path)})
        patients.append(patient)
    return record.model_copy(update={"patients": tuple(patients)})


def last_record(library: Library, character_id: str
                ) -> tuple[Path, HealingFile, int] | None:
    """The library's healing record holding this character that was written last
    (its ``modified`` stamp, then the file's time), with the patient's place in it."""
    found: list[tuple[str, float, Path, HealingFile, int]] = []
    for path, record in library.load_healing_records().items:
        for index, patient in enumerate(record.patients):
            if patient.character_id == character_id:
                try:
                    mtime = path.stat().st_mtime
                except OSError:
                    mtime = 0.0
                found.append((record.modified, mtime, path, record, index))
    if not found:
        return None
    _, _, path, record, index = max(found, key=lambda f: (f[0], f[1]))
    return path, record, index


def write_characters(record: HealingFile, records: Iterable[HealingRecord],
                     library: Library, skip: Collection[int] = (),
                     written: dict[int, Path] | None = None
                     ) -> tuple[list[tuple[Path, bytes]], list[str]]:
    """Write each patient's current condition into its character file (except the
    patients at the places in ``skip``); ``written`` gets the place -> file of each
    file written (for :func:`with_written`).

    Returns (file, its bytes before) for each file written, for undo, and a
    line per patient whose file could not be found. All or nothing: a failed
    write puts back the files already written before the error propagates.
    """
    previous: list[tuple[Path, bytes]] = []
    missing: list[str] = []
    try:
        for index, (patient, healing) in enumerate(zip(record.patients, records,
                                                       strict=True)):
            if index in skip:
                continue
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
            if written is not None:
                written[index] = path
    except BaseException:
        restore_files(previous)
        raise
    return previous, missing
