"""The GM's library: characters, encounters and battles in plain folders.

``<root>/characters/*.json``, ``<root>/encounters/*.json`` and
``<root>/battles/*.json`` hold one document each; ``<root>/catalogues`` the
custom catalogue items, ``<root>/trash`` what was deleted (nothing is ever
hard-deleted) and ``<root>/autosave`` crash-recovery copies. A library opened
for the first time is filled with the built-in sample library.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from yags_desk.storage import paths
from yags_desk.storage.documents import (
    DocumentError,
    PreparedDocument,
    backup_path,
    is_leftover_temp,
    model_type,
    quarantine,
    read_current_data,
    read_document,
    read_only_reason,
    refuse_if_read_only,
    set_read_only,
    validate_file,
    write_document,
)
from yags_desk.storage.identity import StatKey, clock_ns, settled, stat_key
from yags_desk.storage.paths import LibraryError
from yags_desk.storage.recovery_journal import (
    JournalWriter,
    discard_journal,
    journal_path,
    snapshot_signature,
)

if TYPE_CHECKING:  # loaded with the first document read, after the window's first paint
    from pydantic import BaseModel

    from yags_desk.rules.character import Character
    from yags_desk.storage.encounter_file import Encounter
    from yags_desk.storage.healing_file import HealingFile

__all__ = [
    "MARKER_NAME",
    "SAMPLE_FOLDERS",
    "Library",
    "LibraryError",
    "LoadReport",
]

M = TypeVar("M", bound="BaseModel")

MARKER_NAME = ".yags-desk-library"
# Sub-folders of the sample library copied on first run.
SAMPLE_FOLDERS = ("characters", "encounters", "battles", "healing")
_NAME_MAX = 100
# A save's temporary file lives for milliseconds; one older than this was left
# by a program that died mid-save (another copy may be saving right now).
LEFTOVER_AGE_S = 60.0


def _problem(exc: OSError, root: Path) -> str:
    """What stops YAGS Desk writing its library, in a sentence naming the place."""
    where = Path(exc.filename) if exc.filename else root
    home = os.environ.get(paths.ENV_HOME, "").strip()
    set_by = f" (set by {paths.ENV_HOME}={home})" if home else ""
    if os.path.lexists(root) and not root.is_dir():
        return (f"The library location {root}{set_by} is a file, not a folder. Point it at "
                "a folder and start YAGS Desk again.")
    for parent in (where, *where.parents):
        if os.path.lexists(parent) and not parent.is_dir() and parent != where:
            return (f"The library cannot be made at {root}{set_by}: {parent} is a file, "
                    "not a folder.")
    if isinstance(exc, PermissionError):
        return (f"The library folder {root}{set_by} cannot be written to: permission "
                f"denied for {where}.")
    reason = (exc.strerror or str(exc)).lower()
    return f"The library folder {root}{set_by} cannot be set up: {reason} ({where})."


@dataclass
class LoadReport(Generic[M]):
    """What a folder held: the documents that loaded and the files that did not."""

    items: list[tuple[Path, M]] = field(default_factory=list)
    errors: list[DocumentError] = field(default_factory=list)


def _json_files(folder: Path) -> list[Path]:
    """The ``*.json`` files directly in ``folder``, in the order of their paths.

    Sorted by name (as the system compares names): the order ``sorted()`` gives the
    paths themselves, as all share one folder, without comparing Path objects, which
    took some 40 ms for 2,000 characters at each listing (issue 18)."""
    return sorted(folder.glob("*.json"), key=lambda p: os.path.normcase(p.name))


def _with_suffix(name: str, suffix: str) -> str:
    if len(name) + len(suffix) > _NAME_MAX:
        name = name[: _NAME_MAX - len(suffix)].rstrip()
    return name + suffix


def _names_with_id(folder: Path, short: str) -> list[str]:
    """Names in ``folder`` made by :meth:`Library.character_path` for this id prefix."""
    exact, numbered = f"-{short}.json", f"-{short}-"
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries
                     if e.name.endswith(exact) or (numbered in e.name and e.name.endswith(".json"))]
    except FileNotFoundError:
        return []
    return sorted(names)


def _signature(path: Path) -> tuple[int, int, int, int] | None:
    """What tells a file this library wrote from one changed since (None: no file)."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class Library:
    """The library folders under ``root``. Use :meth:`open` to get one ready to use."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        # (root, key) -> recovery copy path: asked after every event of a fight.
        self._autosave_paths: dict[tuple[Path, str], Path] = {}
        # Recovery copy -> (device, inode, size, mtime) of the copy this library wrote
        # there last: a copy still so on disk is a document, not read again to know.
        self._autosaved: dict[Path, tuple[int, int, int, int]] = {}
        # Recovery copy -> its journal, kept open between a fight's appends (closed
        # when a new snapshot or a discard removes the journal, and by
        # close_recovery_journal).
        self._journals: dict[Path, JournalWriter] = {}
        # Recovery copy -> (what tells the file, its digest) of a copy written from a
        # prepared document, whose digest was worked out with its bytes: the journal's
        # header takes it while the file is still that one (see autosave).
        self._digests: dict[Path, tuple[tuple[int, ...], str]] = {}
        # Character file -> (its identity on disk, the character read from it), for
        # load_characters to read again only the files that changed.
        self._characters: dict[Path, tuple[StatKey, Character]] = {}

    # -- folders ------------------------------------------------------------------------

    @property
    def characters_dir(self) -> Path:
        return paths.characters_dir(self.root)

    @property
    def encounters_dir(self) -> Path:
        return paths.encounters_dir(self.root)

    @property
    def battles_dir(self) -> Path:
        return paths.battles_dir(self.root)

    @property
    def healing_dir(self) -> Path:
        return paths.healing_dir(self.root)

    @property
    def catalogues_dir(self) -> Path:
        return paths.catalogues_dir(self.root)

    @property
    def trash_dir(self) -> Path:
        return paths.trash_dir(self.root)

    @property
    def autosave_dir(self) -> Path:
        return paths.autosave_dir(self.root)

    @classmethod
    def open(cls, root: Path | None = None, *, read_only_ok: bool = False) -> Library:
        """The library at ``root`` (default: :func:`paths.data_dir`), set up on first use.

        The first time (no marker file), the sample library's documents are
        copied in; files already there are never replaced. LibraryError (with
        a sentence saying what is wrong and where) if the library cannot be
        written; with ``read_only_ok`` a folder that can still be read opens
        read-only instead (:attr:`read_only` says why).
        """
        library = cls(paths.data_dir() if root is None else root)
        try:
            library._set_up()
        except OSError as exc:
            problem = _problem(exc, library.root)
            if read_only_ok and library.root.is_dir() and os.access(library.root, os.R_OK
                                                                    | os.X_OK):
                library.set_read_only(problem + " It is open read-only: nothing can be saved.")
                return library
            raise LibraryError(library.root, problem) from None
        return library

    def _set_up(self) -> None:
        if os.path.lexists(self.root) and not self.root.is_dir():
            raise NotADirectoryError(20, "Not a directory", str(self.root))
        self.ensure_folders()
        marker = self.root / MARKER_NAME
        if not marker.exists():
            self._copy_sample()
            marker.write_text("This folder is a YAGS Desk library.\n", encoding="utf-8")
        for folder in (self.root, self.characters_dir, self.encounters_dir,
                       self.battles_dir, self.healing_dir, self.catalogues_dir, self.autosave_dir):
            if not os.access(folder, os.W_OK):  # there already, but nothing can be saved
                raise PermissionError(13, "Permission denied", str(folder))
        self.remove_leftover_temps()

    # -- read-only ----------------------------------------------------------------------

    @property
    def read_only(self) -> str:
        """Why nothing may be saved in this library, or ``""`` when it can be."""
        return read_only_reason(self.root)

    def set_read_only(self, reason: str) -> None:
        """Refuse every save into this library with ``reason`` (``""`` allows them again)."""
        set_read_only(self.root, reason)

    def remove_leftover_temps(self, older_than_s: float = LEFTOVER_AGE_S) -> list[Path]:
        """Delete the temporary files of saves that never finished (a crash); returns them.

        Only names a save makes (``.<name>.json.<random>.tmp``) older than
        ``older_than_s`` seconds are touched, so a save in progress elsewhere
        keeps its file.
        """
        removed: list[Path] = []
        if self.read_only:
            return removed
        now = time.time()
        # The root too: the listing index is written there (storage.listing_index).
        for folder in (self.root, self.characters_dir, self.encounters_dir, self.battles_dir,
                       self.healing_dir, self.catalogues_dir, self.autosave_dir):
            try:
                with os.scandir(folder) as entries:
                    found = [Path(e.path) for e in entries
                             if is_leftover_temp(e.name) and e.is_file(follow_symlinks=False)]
            except OSError:
                continue
            for path in found:
                with contextlib.suppress(OSError):
                    if now - path.lstat().st_mtime >= older_than_s:
                        path.unlink()
                        removed.append(path)
        return sorted(removed)

    def ensure_folders(self) -> None:
        for folder in (self.characters_dir, self.encounters_dir, self.battles_dir,
                       self.healing_dir, self.catalogues_dir, self.autosave_dir):
            folder.mkdir(parents=True, exist_ok=True)

    def _copy_sample(self) -> None:
        try:
            sample = paths.resource_dir() / "sample_library"
        except paths.ResourceNotFoundError:
            return
        for name in SAMPLE_FOLDERS:
            source = sample / name
            if not source.is_dir():
                continue
            target = self.root / name
            target.mkdir(parents=True, exist_ok=True)
            for file in sorted(source.glob("*.json")):
                destination = target / file.name
                if file.is_file() and not destination.exists():
                    shutil.copyfile(file, destination)

    # -- loading ------------------------------------------------------------------------

    @staticmethod
    def _load(folder: Path, kind: str,
              model_class: Callable[[], type[M]] | None) -> LoadReport[M]:
        """Every ``*.json`` of ``folder`` read as ``kind``; ``model_class()`` (called at
        the first file, so an empty folder imports nothing) is the class each must be."""
        if not folder.is_dir():
            return LoadReport()
        return Library._load_files(_json_files(folder), kind, model_class)

    @staticmethod
    def _load_files(files: Sequence[Path], kind: str,
                    model_class: Callable[[], type[M]] | None) -> LoadReport[M]:
        """``files`` read as ``kind`` (see _load)."""
        report: LoadReport[M] = LoadReport()
        cls: type[M] | None = None
        for path in files:
            try:
                model = read_document(path, kind).model
            except DocumentError as exc:
                report.errors.append(exc)
                continue
            except FileNotFoundError:
                if os.path.islink(path):  # a link whose file is gone is worth saying
                    report.errors.append(DocumentError(path, [
                        "this is a link to a file that does not exist "
                        f"({os.readlink(path)})"]))
                continue  # else removed while we were reading
            if model_class is not None and cls is None:
                cls = model_class()
            if cls is not None and not isinstance(model, cls):
                report.errors.append(DocumentError(path, [f"kind: not a {kind}"]))
                continue
            report.items.append((path, cast(M, model)))
        return report

    def _folder_of(self, kind: str) -> Path:
        folders = {"character": self.characters_dir, "encounter": self.encounters_dir,
                   "battle": self.battles_dir, "healing": self.healing_dir}
        return folders[kind]

    def files(self, kind: str) -> list[Path]:
        """The ``*.json`` files of ``kind``'s folder, in the order the load_* methods
        read them."""
        folder = self._folder_of(kind)
        return _json_files(folder) if folder.is_dir() else []

    def raw_documents(self, kind: str, oldest: int | None = None,
                      files: Sequence[Path] | None = None,
                      ) -> list[tuple[Path, dict[str, Any] | None]]:
        """Each ``*.json`` of ``kind``'s folder (or each of ``files``) with its raw,
        unvalidated ``data`` (:func:`~yags_desk.storage.documents.read_current_data`,
        ``oldest`` the oldest version taken as it is), or None where the file must be
        read in full: the library's quick listing (issue 18)."""
        return [(path, read_current_data(path, kind, oldest))
                for path in (self.files(kind) if files is None else files)]

    def load_files(self, kind: str, files: Sequence[Path]) -> LoadReport[BaseModel]:
        """``files`` of ``kind`` read and validated in full, as the load_* methods do."""
        classes: dict[str, Callable[[], type[BaseModel]]] = {
            "character": lambda: model_type("character"),
            "encounter": lambda: model_type("encounter"),
            "healing": lambda: model_type("healing")}
        return self._load_files(files, kind, classes.get(kind))

    def load_characters(self) -> LoadReport[Character]:
        """Every character of the library, read as _load reads a folder. A file whose
        identity on disk (identity.stat_key) is the same as when this library last
        read it, and was then settled (identity.settled), is not read again: adding
        combatants, applying a fight's results and starting healing each read the
        whole library, some 0.8 s for 2,000 characters (issue 18). Files that could
        not be read are read again every time."""
        def character() -> type[Character]:
            from yags_desk.rules.character import Character
            return Character
        folder = self.characters_dir
        before, kept = self._characters, {}
        report: LoadReport[Character] = LoadReport()
        now = clock_ns()  # before any file is looked at (identity.settled)
        for path in _json_files(folder) if folder.is_dir() else []:
            key = stat_key(path)
            hit = before.get(path)
            if hit is not None and key is not None and hit[0] == key:
                report.items.append((path, hit[1]))
                kept[path] = hit
                continue
            one = self._load_files((path,), "character", character)
            report.items += one.items
            report.errors += one.errors
            if one.items and key is not None and settled(key, now):
                kept[path] = (key, one.items[0][1])
        self._characters = kept
        return report

    def forget_reads(self) -> None:
        """Read every character in full at the next load_characters (Refresh, F5)."""
        self._characters = {}

    def load_encounters(self) -> LoadReport[Encounter]:
        def encounter() -> type[Encounter]:
            from yags_desk.storage.encounter_file import Encounter
            return Encounter
        return self._load(self.encounters_dir, "encounter", encounter)

    def load_battles(self) -> LoadReport[BaseModel]:
        """Quick-combat battles (``rules.quick_combat.Battle`` models)."""
        return self._load(self.battles_dir, "battle", None)

    def load_healing_records(self) -> LoadReport[HealingFile]:
        """Healing records (issue 16), each patient's entries replayed by the rules."""
        def healing() -> type[HealingFile]:
            from yags_desk.storage.healing_file import HealingFile
            return HealingFile
        return self._load(self.healing_dir, "healing", healing)

    # -- saving -------------------------------------------------------------------------

    def _free_path(self, folder: Path, stem: str,
                   same: Callable[[Path], bool]) -> Path:
        """``<stem>.json`` in ``folder`` unless a different document holds it."""
        candidate = folder / f"{stem}.json"
        n = 2
        while os.path.lexists(candidate) and not same(candidate):
            candidate = folder / f"{stem}-{n}.json"
            n += 1
        return candidate

    def character_path(self, character: Character) -> Path:
        """Where a character is saved when no path is given.

        The file already holding this character (same id) if there is one,
        else ``<slug of name>-<first 8 chars of id>.json`` (``-2``, ``-3``...
        added if another character has that name).
        """
        from yags_desk.rules.character import Character

        short = character.id[:8]

        def same(path: Path) -> bool:
            try:
                model = read_document(path, "character").model
            except (DocumentError, FileNotFoundError):
                return False
            return isinstance(model, Character) and model.id == character.id

        folder = self.characters_dir
        for name in _names_with_id(folder, short):
            if same(folder / name):
                return folder / name
        stem = f"{paths.slugify(character.name, 'character')}-{short}"
        return self._free_path(folder, stem, same)

    def save_character(self, character: Character, path: Path | None = None) -> Path:
        """Save a character (atomically, keeping a .bak); returns its file.

        Without ``path`` the file is :meth:`character_path`.
        """
        if path is None:
            self.characters_dir.mkdir(parents=True, exist_ok=True)
            path = self.character_path(character)
        write_document(path, "character", character)
        return path

    def save_encounter(self, encounter: Encounter, path: Path | None = None) -> Path:
        if path is None:
            self.encounters_dir.mkdir(parents=True, exist_ok=True)
            stem = f"{paths.slugify(encounter.name, 'encounter')}-{encounter.id[:8]}"
            path = self._free_path(self.encounters_dir, stem, lambda p: False)
        write_document(path, "encounter", encounter)
        return path

    def save_battle(self, battle: BaseModel, path: Path | None = None) -> Path:
        """Save a ``rules.quick_combat.Battle``."""
        if path is None:
            self.battles_dir.mkdir(parents=True, exist_ok=True)
            from yags_desk.rules.character import new_id

            name = str(getattr(battle, "name", "battle"))
            stem = f"{paths.slugify(name, 'battle')}-{new_id()[:8]}"
            path = self._free_path(self.battles_dir, stem, lambda p: False)
        write_document(path, "battle", battle)
        return path

    def save_healing_record(self, record: HealingFile, path: Path | None = None) -> Path:
        """Save a healing record (atomically, keeping a .bak); returns its file."""
        if path is None:
            self.healing_dir.mkdir(parents=True, exist_ok=True)
            stem = f"{paths.slugify(record.name, 'healing')}-{record.id[:8]}"
            path = self._free_path(self.healing_dir, stem, lambda p: False)
        write_document(path, "healing", record)
        return path

    def delete(self, path: Path) -> Path:
        """Move a library file (and its .bak) to the trash folder; returns where it went."""
        path = Path(path)
        if not path.exists():
            raise FileNotFoundError(path)
        refuse_if_read_only(self.root)
        self.trash_dir.mkdir(parents=True, exist_ok=True)
        target = self.trash_dir / path.name
        if os.path.lexists(target):
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            target = self.trash_dir / f"{path.stem}.deleted-{stamp}{path.suffix}"
            n = 2
            while os.path.lexists(target):
                target = self.trash_dir / f"{path.stem}.deleted-{stamp}-{n}{path.suffix}"
                n += 1
        shutil.move(path, target)
        bak = backup_path(path)
        if bak.is_file():
            shutil.move(bak, backup_path(target))
        return target

    # -- characters ---------------------------------------------------------------------

    @staticmethod
    def duplicate_character(character: Character, new_name: str | None = None) -> Character:
        """A copy with a new id, named ``"<name> (copy)"`` unless ``new_name`` is given.

        Not saved: call :meth:`save_character` to keep it.
        """
        from yags_desk.rules.character import Character, new_id

        name = new_name if new_name is not None else _with_suffix(character.name, " (copy)")
        data = character.model_dump()
        data.update(id=new_id(), name=name)
        return Character.model_validate(data)

    @staticmethod
    def make_template(character: Character) -> Character:
        """A template from a character: new id, kind ``template``, no damage or fatigue.

        Not saved: call :meth:`save_character` to keep it.
        """
        from yags_desk.rules.character import Character, new_id

        data = character.model_dump()
        data.update(id=new_id(), kind="template", wounds=0, stuns=0,
                    fatigue_short=0, fatigue_long=0)
        return Character.model_validate(data)

    # -- autosave -----------------------------------------------------------------------

    def autosave_path(self, key: str) -> Path:
        known = self._autosave_paths.get((self.root, key))
        if known is None:
            known = self._autosave_paths[(self.root, key)] = self._new_autosave_path(key)
        return known

    def _new_autosave_path(self, key: str) -> Path:
        import hashlib  # here: OpenSSL loads with the first recovery copy, not at start-up

        digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:12]
        return self.autosave_dir / f"{paths.slugify(key, 'document')}-{digest}.json"

    def autosave(self, key: str, kind: str, model: BaseModel, *,
                 prepared: PreparedDocument | None = None) -> Path | None:
        """Write a recovery copy of an open document (``key`` names it, e.g. its id).

        An unreadable earlier copy is moved aside (``.corrupt-<time>``) first.
        A read-only library gets none (None): its recovery folder belongs to
        whoever can write it. ``prepared``: the copy's bytes, worked out earlier
        for this very ``model`` (see :func:`~yags_desk.storage.documents.prepare_document`).
        """
        if self.read_only:
            return None
        path = self.autosave_path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        # [decision] A copy this library wrote and nobody changed since is not read and
        # validated again (a 200-fighter encounter's copy took longer to check than to
        # write; a new snapshot follows every undo, issue 18).
        if (os.path.lexists(path) and _signature(path) != self._autosaved.get(path)
                and validate_file(path)):
            quarantine(path)
        self._autosaved.pop(path, None)
        self._digests.pop(path, None)
        self._close_journal(path)
        # Read just now (or moved aside): not decoded a second time (issue 18).
        write_document(path, kind, model, checked=True, prepared=prepared)
        signature = _signature(path)
        if signature is not None:
            self._autosaved[path] = signature
        # [decision] The journal's header names the snapshot's digest. Of a prepared
        # copy it was worked out with its bytes, while the GM read the board, instead
        # of reading the copy back and hashing it inside the fight's first step (a
        # 200-fighter copy: some 12 M instructions, issue 18); taken only while the
        # file is still the one written (snapshot_signature).
        if (prepared is not None and prepared.model is model and prepared.kind == kind
                and prepared.digest):
            written = snapshot_signature(path)
            if written is not None:
                self._digests[path] = (written, prepared.digest)
        discard_journal(path)  # the snapshot holds everything the journal held
        return path

    def append_recovery_events(self, key: str, first: int, events: Sequence[BaseModel],
                               steps: Sequence[int] = ()) -> Path | None:
        """Add ``events`` (numbered from ``first`` in the log) beside the recovery copy
        of ``key``, written earlier by :meth:`autosave` (see :mod:`recovery_journal`);
        ``steps``: how many of them each undo step holds. None in a read-only
        library."""
        if self.read_only:
            return None
        path = self.autosave_path(key)
        writer = self._journals.get(path)
        if writer is None:
            writer = self._journals[path] = JournalWriter(path, self._digests.get(path))
        return writer.append(first, events, steps)

    def close_recovery_journal(self, key: str) -> None:
        """Close the journal kept open beside the recovery copy of ``key`` (its
        document closed); the next append opens it again."""
        self._close_journal(self.autosave_path(key))

    def _close_journal(self, path: Path) -> None:
        writer = self._journals.pop(path, None)
        if writer is not None:
            writer.close()

    def pending_recoveries(self) -> list[Path]:
        """Autosaved copies left behind (by a crash), newest first."""
        folder = self.autosave_dir
        if not folder.is_dir():
            return []
        found = [p for p in folder.glob("*.json") if p.is_file()]
        return sorted(found, key=lambda p: (-p.stat().st_mtime_ns, p.name))

    def discard_recovery(self, path: Path) -> None:
        """Delete an autosaved copy (and its .bak); only files in the autosave folder.

        Nothing is deleted in a read-only library (the copies are another's).
        """
        path = Path(path)
        if self.read_only:
            return
        if path.resolve().parent != self.autosave_dir.resolve():
            raise ValueError(f"{path} is not an autosave file of this library")
        self._close_journal(path)
        self._digests.pop(path, None)
        for file in (path, backup_path(path), journal_path(path)):
            try:
                file.unlink()
            except FileNotFoundError:
                pass
