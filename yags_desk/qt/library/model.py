"""The library as a tree: Characters (PCs, NPCs, Templates), Encounters, Battles, Catalogues.

:func:`scan` reads the library folders into plain :class:`Entry` values (no Qt);
:class:`LibraryModel` shows them and, on :meth:`LibraryModel.update`, inserts,
moves, removes or changes only the rows that differ, so a refresh after a save
keeps the view's selection and expansion. :class:`LibraryFilterProxy` filters
by text and by kind or edition, keeping the groups of the rows it shows.
Character rows drag as ``application/x-yags-character`` (the file path).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import (
    QAbstractItemModel,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont, QIcon

from yags_desk.qt.common.icons import icon
from yags_desk.qt.common.mime import CHARACTER_MIME
from yags_desk.rules.tracks import wound_level
from yags_desk.rules.words import counted
from yags_desk.storage.documents import DocumentError
from yags_desk.storage.identity import StatKey, clock_ns, settled, stat_key
from yags_desk.storage.library import Library
from yags_desk.storage.listing_index import IndexRecord, read_index, write_index
from yags_desk.storage.wording import gm_line

__all__ = [
    "CATEGORIES",
    "CHARACTER_MIME",
    "GROUPS",
    "Entry",
    "LibraryFilterProxy",
    "LibraryModel",
    "LibraryRole",
    "LibraryScan",
    "ScanCache",
    "read_listing_index",
    "scan",
    "warm",
    "write_listing_index",
]

# The invalid index, as a default argument (an immutable value).
_NO_INDEX = QModelIndex()

_KIND_LABEL = {"pc": "PC", "npc": "NPC", "template": "Template"}


class LibraryRole(IntEnum):
    """Custom data roles of the library tree.

    [decision] Kept beside the model until the shared ``roles.py`` (owned by the
    editors' branch) exists; they start well above ``UserRole`` to stay clear of it.
    """

    Kind = Qt.ItemDataRole.UserRole + 100      # "group", "character", "encounter", ...
    Path = Qt.ItemDataRole.UserRole + 101      # file path (str) or "" for groups/catalogues
    Edition = Qt.ItemDataRole.UserRole + 102   # "classic", "0.8" or ""
    CharacterKind = Qt.ItemDataRole.UserRole + 103  # "pc", "npc", "template" or ""
    Key = Qt.ItemDataRole.UserRole + 104       # unique id of the row


_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_FONT = int(Qt.ItemDataRole.FontRole)
# The roles LibraryModel.data answers; None for every other.
_ROLES_ANSWERED = frozenset({_DISPLAY, _TOOLTIP, _DECORATION, _FONT, *map(int, LibraryRole)})
_COLUMNS = 2  # name, details (LibraryModel.HEADERS)


@dataclass(frozen=True)
class Entry:
    """One row of the library: a document, a catalogue or a group heading."""

    key: str
    label: str
    kind: str
    path: Path | None = None
    edition: str = ""
    character_kind: str = ""
    detail: str = ""
    tooltip: str = ""
    icon: str = ""
    # The details column's text when it is not ``detail``: a character's wound level
    # first (see _character_entry).
    listed: str = ""


# (group key, label, icon, parent group key or "")
GROUPS: tuple[tuple[str, str, str, str], ...] = (
    ("characters", "Characters", "characters", ""),
    ("pc", "Player characters", "pc", "characters"),
    ("npc", "NPCs", "npc", "characters"),
    ("template", "Templates", "template", "characters"),
    ("encounters", "Encounters", "encounter", ""),
    ("battles", "Battles", "battle", ""),
    ("healing", "Healing records", "pc", ""),
    ("catalogues", "Catalogues", "catalogue", ""),
)

# Filter combo choices: (value, label).
CATEGORIES: tuple[tuple[str, str], ...] = (
    ("all", "Everything"),
    ("pc", "Player characters"),
    ("npc", "NPCs"),
    ("template", "Templates"),
    ("encounter", "Encounters"),
    ("battle", "Battles"),
    ("healing", "Healing records"),
    ("catalogue", "Catalogues"),
    ("classic", "Classic edition"),
    ("0.8", "0.8 edition"),
)


@dataclass
class LibraryScan:
    """Entries per group (sorted by name) and ``file: field: problem`` lines."""

    entries: dict[str, list[Entry]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def count(self, *groups: str) -> int:
        return sum(len(self.entries.get(g, [])) for g in groups)


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _sorted(entries: list[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda e: (e.label.casefold(), e.key))


def _character_entry(path: Path, name: str, edition: str, kind: str, player: str,
                     dead: bool, body_boxes: Sequence[int], wounds: int) -> tuple[str, Entry]:
    detail = edition + (f" · {player}" if player else "")
    listed = ""
    about = [_KIND_LABEL.get(kind, kind), f"{edition} edition"]
    if kind != "template":  # the wounds the file holds now (issue 16)
        level = "dead" if dead else wound_level(edition, body_boxes, wounds)
        # [decision] Listed first (issue 16): at the end of the line the dock's default
        # width cut it to "Fata…"; edition and player matter less after a fight and
        # the tooltip has them all. A column of its own would leave the encounters'
        # and battles' details no room at that width.
        listed = f"{level} · {detail}"
        detail += f" · {level}"
        about.append(level)
    if player:
        about.append(f"player {player}")
    return kind, Entry(key=str(path), label=name, kind="character", path=path, edition=edition,
                       character_kind=kind, detail=detail, listed=listed,
                       tooltip=f"{name} ({', '.join(about)})\n{path}", icon=kind)


def _encounter_entry(path: Path, name: str, edition: str, combatants: int) -> tuple[str, Entry]:
    detail = f"{edition} · {counted(combatants, 'combatant')}"
    return "encounters", Entry(key=str(path), label=name, kind="encounter", path=path,
                               edition=edition, detail=detail,
                               tooltip=f"{name} ({detail})\n{path}", icon="encounter")


def _battle_entry(path: Path, name: str, edition: str, sides: Sequence[str]) -> tuple[str, Entry]:
    detail = " against ".join(sides)
    return "battles", Entry(key=str(path), label=name, kind="battle", path=path,
                            edition=edition, detail=detail,
                            tooltip=f"{name} ({detail})\n{path}", icon="battle")


def _healing_entry(path: Path, name: str, edition: str, patients: Sequence[str],
                   days: int) -> tuple[str, Entry]:
    detail = f"{edition} · {', '.join(patients)} · to day {days}"
    return "healing", Entry(key=str(path), label=name, kind="healing", path=path,
                            edition=edition, detail=detail,
                            tooltip=f"{name} ({detail})\n{path}", icon="pc")


# The values a document's row is made from, in the order its builder takes them
# after the path (character: name, edition, kind, player, dead, body boxes, wounds;
# encounter: name, edition, combatants; battle: name, edition, side names; healing:
# name, edition, patient names, last day). Kept in the listing index between runs
# (storage.listing_index): the row is made again from them, so a row's wording is
# always this release's.
Facts = tuple[Any, ...]

_BUILDERS: dict[str, Callable[..., tuple[str, Entry]]] = {
    "character": _character_entry, "encounter": _encounter_entry,
    "battle": _battle_entry, "healing": _healing_entry}


def _row(kind: str, path: Path, facts: Facts) -> tuple[str, Entry]:
    """The row (group, entry) of the ``kind`` document at ``path``."""
    return _BUILDERS[kind](path, *facts)


def _model_facts(kind: str, m: Any) -> Facts:
    """The facts of a validated document."""
    if kind == "character":
        return (m.name, m.edition, m.kind, m.player, m.dead, tuple(m.body_boxes), m.wounds)
    if kind == "encounter":
        return (m.name, m.edition, len(m.combatants))
    if kind == "battle":
        return (m.name, m.edition, tuple(s.name for s in m.sides))
    days = max(max((e.at.day for e in p.healing.entries), default=p.healing.start.at.day)
               for p in m.patients)
    return (m.name, m.edition, tuple(p.name for p in m.patients), days)


def _from_model(kind: str, path: Path, m: Any) -> tuple[str, Entry]:
    """The row of a validated document."""
    return _row(kind, path, _model_facts(kind, m))


def _text(value: object) -> str:
    # The models strip text (str_strip_whitespace): text they would change is theirs.
    if not isinstance(value, str) or value != value.strip():
        raise _Unexpected
    return value


def _number(value: object) -> int:
    if type(value) is not int:
        raise _Unexpected
    return value


def _items(value: object) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise _Unexpected
    return value


class _Unexpected(Exception):
    """Internal: a raw file that the quick listing leaves to the full reader."""


def _raw_facts(kind: str, d: dict[str, Any]) -> Facts:
    """The facts of an unvalidated current file, as _model_facts gives them;
    _Unexpected (read it in full) on any missing or odd value, so defaults and
    checks stay the models' alone."""
    edition = _text(d.get("edition"))
    if edition not in ("classic", "0.8"):
        raise _Unexpected
    if kind == "character":
        boxes = d.get("body_boxes")
        if not isinstance(boxes, list) or len(boxes) != 6:
            raise _Unexpected
        dead = d.get("dead")
        if not isinstance(dead, bool) or _text(d.get("kind")) not in _KIND_LABEL:
            raise _Unexpected
        return (_text(d.get("name")), edition, d["kind"], _text(d.get("player")), dead,
                tuple(_number(b) for b in boxes), _number(d.get("wounds")))
    if kind == "encounter":
        return (_text(d.get("name")), edition, len(_items(d.get("combatants"))))
    if kind == "battle":
        return (_text(d.get("name")), edition,
                tuple(_text(s.get("name")) for s in _items(d.get("sides"))))
    names: list[str] = []
    days: list[int] = []
    for patient in _items(d.get("patients")):
        healing = patient.get("healing")
        start = healing.get("start") if isinstance(healing, dict) else None
        if not isinstance(start, dict) or not isinstance(start.get("patient"), dict) \
                or not isinstance(start.get("at"), dict):
            raise _Unexpected
        assert isinstance(healing, dict)
        names.append(_text(start["patient"].get("name")))
        at = [_number(e.get("at", {}).get("day")) if isinstance(e.get("at"), dict)
              else _number(None) for e in _items(healing.get("entries"))]
        days.append(max(at, default=_number(start["at"].get("day"))))
    if not names:
        raise _Unexpected
    return (_text(d.get("name")), edition, tuple(names), max(days))


def _from_raw(kind: str, path: Path, d: dict[str, Any]) -> tuple[str, Entry]:
    """The row of an unvalidated current file, made by the same builders as
    _from_model (see _raw_facts)."""
    return _row(kind, path, _raw_facts(kind, d))


def _count(value: object) -> int:
    """A whole number of at least 0 (wounds, boxes, combatants, days)."""
    number = _number(value)
    if number < 0:
        raise _Unexpected
    return number


def _indexed_facts(kind: str, facts: Sequence[Any]) -> Facts:
    """Facts read back from the listing index (a file on disk too, which no full
    reading will check afterwards), as _model_facts gives them; _Unexpected when
    they are not what a sound ``kind`` file gives: texts stripped, a name, an
    edition, counts of at least 0, six body boxes, two sides, some patients."""
    if kind not in _BUILDERS or not facts:
        raise _Unexpected
    name, edition, *rest = facts
    if _text(edition) not in ("classic", "0.8") or not _text(name):
        raise _Unexpected
    if kind == "character" and len(rest) == 5:
        character_kind, player, dead, boxes, wounds = rest
        if _text(character_kind) not in _KIND_LABEL or type(dead) is not bool \
                or not isinstance(boxes, list) or len(boxes) != 6:
            raise _Unexpected
        return (name, edition, character_kind, _text(player), dead,
                tuple(_count(b) for b in boxes), _count(wounds))
    if kind == "encounter" and len(rest) == 1:
        return (name, edition, _count(rest[0]))
    if kind == "battle" and len(rest) == 1 and isinstance(rest[0], list) \
            and len(rest[0]) == 2:
        return (name, edition, tuple(_text(s) for s in rest[0]))
    if kind == "healing" and len(rest) == 2 and isinstance(rest[0], list) and rest[0]:
        return (name, edition, tuple(_text(p) for p in rest[0]), _count(rest[1]))
    raise _Unexpected


_SOURCES = ("character", "encounter", "battle", "healing")
# The oldest version of each kind whose rows _from_raw makes from the file as it
# is: no migration since then changes a value it reads (encounter 1 -> 2 rewrites
# the options; healing 1 -> 2 changes nothing in the file). A library written by
# an earlier release then lists as quickly as a new one: a version 1 healing
# record, read in full, cost some 450 ms of imports before the first rows showed
# (issue 18). A migration that changes a name, edition, combatant, patient or
# entry day must raise its kind's number here; test_quick_listing compares both
# readings of a file of each older version.
_RAW_SINCE: dict[str, int] = {"encounter": 1, "healing": 1}


class Known(NamedTuple):
    """What a full reading found in a sound file: its row, and its kind and facts
    (what the listing index keeps of it)."""

    group: str
    entry: Entry
    kind: str
    facts: Facts


# What reading a file fully gave: its row or why it cannot be read.
_Read = Known | DocumentError


def _known(kind: str, path: Path, facts: Facts) -> Known:
    group, entry = _row(kind, path, facts)
    return Known(group, entry, kind, facts)


@dataclass
class ScanCache:
    """What full readings of the library found in each file, by the file's identity
    on disk: a scan given the cache reads again only the files that changed since,
    so the refresh after a save reads one file instead of the whole library
    (issue 18: with 2,000 characters every save cost some 1.5 s of reading).
    Files that could not be read, and files modified in the last two seconds
    before they were read, are not kept: they are read again at every scan."""

    files: dict[Path, tuple[StatKey, _Read]] = field(default_factory=dict)
    # The listing index's records not yet asked for, by path (read_listing_index):
    # a row is made of one when its file is first looked up, with the Path the
    # library lists it by.
    indexed: dict[str, IndexRecord] = field(default_factory=dict)
    # The files and identities the index held when it was read: the check writes
    # the index again only if what it found differs (write_listing_index).
    index_held: dict[str, StatKey] = field(default_factory=dict)

    def found(self, path: Path, key: StatKey | None, kind: str) -> _Read | None:
        """What the cache holds for ``path``, a ``kind`` file, while its identity is
        ``key`` (None: a file that could not be looked at, never kept), or None."""
        hit = self.files.get(path)
        if hit is None and self.indexed:
            hit = self._from_index(path, kind)
        return hit[1] if hit is not None and key is not None and hit[0] == key else None

    def _from_index(self, path: Path, folder_kind: str) -> tuple[StatKey, _Read] | None:
        name = str(path)
        record = self.indexed.pop(name, None)
        if record is None:
            return None
        key, kind, facts = record
        try:
            if kind != folder_kind:
                raise _Unexpected  # not the kind of its folder
            made = self.files[path] = (key, _known(kind, path, _indexed_facts(kind, facts)))
        except (_Unexpected, LookupError, TypeError, ValueError, ArithmeticError):
            # Not facts this release makes rows of: the file is read, and the index
            # written again after the check even though the file has not changed.
            self.index_held.pop(name, None)
            return None
        return made

    def identities(self) -> dict[str, StatKey]:
        """The sound files the cache holds, and their identities."""
        return {str(path): key for path, (key, got) in self.files.items()
                if isinstance(got, Known)}


def read_listing_index(library: Library) -> ScanCache:
    """A cache holding what the library's listing index (storage.listing_index)
    says of each file; a record is checked, as a file's values are, when its file
    is first looked up (a record that fails the check stands for nothing: its
    file is read)."""
    records = read_index(library.root)
    return ScanCache(indexed=records,
                     index_held={path: key for path, (key, _, _) in records.items()})


def write_listing_index(library: Library, cache: ScanCache) -> bool:
    """Keep what ``cache`` holds of the sound files as the library's listing index,
    unless the index holds just that already or the library is read-only; True
    when written. OSError or ValueError when it cannot be (see write_index)."""
    now = cache.identities()
    if now == cache.index_held or library.read_only:
        return False
    if not write_index(library.root, ((path, (key, got.kind, got.facts))
                                      for path, (key, got) in cache.files.items()
                                      if isinstance(got, Known))):
        return False
    cache.index_held = now
    return True


def _keep(key: StatKey, got: _Read, before: int) -> bool:
    """Whether what reading a file gave may stand for it while its identity holds:
    not an error (a file locked or unreadable for a moment reads fine later), and
    not a file touched too recently to trust its times (``before``: the clock taken
    before the file was looked at; identity.settled)."""
    return not isinstance(got, DocumentError) and settled(key, before)


def _read(library: Library, kind: str, files: list[Path]) -> dict[Path, _Read]:
    """``files`` of ``kind`` read in full, each to its row or its error (a file gone
    while it was read has neither)."""
    report = library.load_files(kind, files)
    out: dict[Path, _Read] = {path: _known(kind, path, _model_facts(kind, model))
                              for path, model in report.items}
    for error in report.errors:
        out[error.path] = error
    return out


def _read_with(library: Library, kind: str, cache: ScanCache,
               kept: dict[Path, tuple[StatKey, _Read]]) -> list[_Read]:
    """What each file of ``kind`` holds, in file order, read only where ``cache``
    has nothing for the file as it is now; ``kept`` gets every result to keep."""
    files = library.files(kind)
    now = clock_ns()  # before any file is looked at (identity.settled)
    keys = [stat_key(path) for path in files]
    stale = [path for path, key in zip(files, keys, strict=True)
             if cache.found(path, key, kind) is None]
    fresh = _read(library, kind, stale) if stale else {}
    out: list[_Read] = []
    for path, key in zip(files, keys, strict=True):
        got = fresh.get(path)
        if got is None:
            got = cache.found(path, key, kind)
            if got is None:
                continue  # gone while it was read
        if key is not None and _keep(key, got, now):
            kept[path] = (key, got)
        out.append(got)
    return out


def warm(library: Library, cache: ScanCache) -> Iterator[None]:
    """Read every file of the library fully into ``cache``, one file a step, so that
    a scan given the cache afterwards reads nothing (the check after the quick
    listing runs it a few milliseconds at a time, the window drawing in between)."""
    for kind in _SOURCES:
        for path in library.files(kind):
            now = clock_ns()  # before the file is looked at (identity.settled)
            key = stat_key(path)
            if key is not None and cache.found(path, key, kind) is None:
                got = _read(library, kind, [path]).get(path)
                if got is not None and _keep(key, got, now):
                    cache.files[path] = (key, got)
            yield


def scan(library: Library, *, quick: bool = False,
         cache: ScanCache | None = None) -> LibraryScan:
    """Read every document of the library; unreadable files become error lines.

    ``quick`` (the first listing at start-up, issue 18) makes the rows of current,
    plainly shaped files from their raw JSON without validating them (so neither
    pydantic nor the models load); every other file is read in full as usual. A
    full scan afterwards gives the verdict on every file (LibraryDock does one).
    ``cache``: files unchanged since it was filled are not read again; a full scan
    leaves it holding what it found (see ScanCache). A quick one takes the rows of
    unchanged files from it (at start-up it holds the listing index:
    read_listing_index) and keeps nothing of the files it reads.
    """
    result = LibraryScan(entries={g[0]: [] for g in GROUPS})
    root = library.root
    loaders: dict[str, Callable[[], Any]] = {
        "character": library.load_characters, "encounter": library.load_encounters,
        "battle": library.load_battles, "healing": library.load_healing_records}
    errors: list[Any] = []
    kept: dict[Path, tuple[StatKey, _Read]] = {}
    for kind in _SOURCES:
        if cache is not None and not quick:
            for got in _read_with(library, kind, cache, kept):
                if isinstance(got, DocumentError):
                    errors.append(got)
                else:
                    result.entries[got[0]].append(got[1])
            continue
        if quick:
            rest: list[Path] = []
            files: list[Path] | None = None
            if cache is not None and (cache.files or cache.indexed):  # rows from it
                files = []
                for path in library.files(kind):
                    hit = cache.found(path, stat_key(path), kind)
                    if isinstance(hit, Known):
                        result.entries[hit.group].append(hit.entry)
                    else:
                        files.append(path)
            for path, data in library.raw_documents(kind, _RAW_SINCE.get(kind), files):
                try:
                    if data is None:
                        raise _Unexpected
                    group, entry = _from_raw(kind, path, data)
                except (_Unexpected, LookupError, TypeError, ValueError, ArithmeticError):
                    rest.append(path)
                    continue
                result.entries[group].append(entry)
            report = library.load_files(kind, rest) if rest else None
        else:
            report = loaders[kind]()
        if report is None:
            continue
        for path, model in report.items:
            group, entry = _from_model(kind, path, model)
            result.entries[group].append(entry)
        errors.extend(report.errors)
    for edition, label in (("classic", "Classic catalogue"), ("0.8", "0.8 catalogue")):
        result.entries["catalogues"].append(Entry(
            key=f"catalogue:{edition}", label=label, kind="catalogue", edition=edition,
            detail=edition,
            tooltip=f"Built-in and your own weapons, shields and armour ({edition} edition)",
            icon="catalogue"))
    if cache is not None and not quick:
        cache.files = kept  # files removed since are forgotten
    for group in ("pc", "npc", "template", "encounters", "battles", "healing"):
        result.entries[group] = _sorted(result.entries[group])
    for error in errors:
        name = _relative(error.path, root)
        result.errors.extend(f"{name}: {gm_line(line)}" for line in error.errors)
    return result


class _Node:
    __slots__ = ("children", "entry", "parent")

    def __init__(self, entry: Entry, parent: _Node | None) -> None:
        self.entry = entry
        self.parent = parent
        self.children: list[_Node] = []

    def row(self) -> int:
        return 0 if self.parent is None else self.parent.children.index(self)


class LibraryModel(QAbstractItemModel):
    """Two columns (name, details) over the library's entries."""

    HEADERS = ("Name", "Details")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._root = _Node(Entry("", "", "root"), None)
        self._groups: dict[str, _Node] = {}
        for key, label, icon_name, parent_key in GROUPS:
            owner = self._groups[parent_key] if parent_key else self._root
            node = _Node(Entry(key=f"group:{key}", label=label, kind="group", icon=icon_name),
                         owner)
            owner.children.append(node)
            self._groups[key] = node

    # -- structure ----------------------------------------------------------------

    def _node(self, index: QModelIndex | QPersistentModelIndex) -> _Node:
        if index.isValid():
            node = index.internalPointer()
            assert isinstance(node, _Node)
            return node
        return self._root

    def index(self, row: int, column: int,
              parent: QModelIndex | QPersistentModelIndex = _NO_INDEX) -> QModelIndex:
        # hasIndex() spelled out: it would call rowCount() and columnCount() back in
        # Python, and the view asks for indexes thousands of times as it lists and
        # draws the library (issue 18).
        if parent.isValid():
            if parent.column() != 0:
                return QModelIndex()
            node = parent.internalPointer()
            assert isinstance(node, _Node)
        else:
            node = self._root
        children = node.children
        if not (0 <= row < len(children) and 0 <= column < _COLUMNS):
            return QModelIndex()
        return self.createIndex(row, column, children[row])

    def parent(  # type: ignore[override]
            self, child: QModelIndex | QPersistentModelIndex = _NO_INDEX) -> QModelIndex:
        if not child.isValid():
            return QModelIndex()
        owner = self._node(child).parent
        if owner is None or owner is self._root:
            return QModelIndex()
        return self.createIndex(owner.row(), 0, owner)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _NO_INDEX) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self._node(parent).children)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _NO_INDEX) -> int:
        return _COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.HEADERS)):
            return self.HEADERS[section]
        return None

    # -- data ---------------------------------------------------------------------

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # The roles are compared as plain ints and the library's own roles looked up
        # only when asked for: the view asks each cell for a dozen roles as it draws
        # (issue 18).
        if role not in _ROLES_ANSWERED or not index.isValid():
            return None
        node = index.internalPointer()
        assert isinstance(node, _Node)
        e = node.entry
        if role == _DISPLAY:
            if index.column() == 0:
                if e.kind == "group":
                    return f"{e.label} ({self._count(node)})"
                return e.label
            return e.listed or e.detail
        if role == _TOOLTIP:
            return e.tooltip or None
        if role == _DECORATION:
            if index.column() == 0 and e.icon:
                found: QIcon = icon(e.icon)
                return found
            return None
        if role == _FONT:
            if e.kind == "group":
                font = QFont()
                font.setBold(True)
                return font
            return None
        if role == LibraryRole.Kind:
            return e.kind
        if role == LibraryRole.Path:
            return str(e.path) if e.path else ""
        if role == LibraryRole.Edition:
            return e.edition
        if role == LibraryRole.CharacterKind:
            return e.character_kind
        return e.key  # LibraryRole.Key

    def rows_under(self, index: QModelIndex | QPersistentModelIndex) -> int:
        """How many documents the group at ``index`` holds, in all its subgroups."""
        return self._count(self._node(index))

    @staticmethod
    def _count(node: _Node) -> int:
        return sum(LibraryModel._count(c) if c.entry.kind == "group" else 1
                   for c in node.children)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self._node(index).entry.kind == "character":
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        return flags

    def entry(self, index: QModelIndex | QPersistentModelIndex) -> Entry | None:
        return self._node(index).entry if index.isValid() else None

    def index_of(self, key: str) -> QModelIndex:
        """The index (column 0) of the row with ``key``, or an invalid index."""
        def walk(node: _Node) -> _Node | None:
            for child in node.children:
                if child.entry.key == key:
                    return child
                found = walk(child)
                if found is not None:
                    return found
            return None
        node = walk(self._root)
        return QModelIndex() if node is None else self.createIndex(node.row(), 0, node)

    # -- drag ---------------------------------------------------------------------

    def mimeTypes(self) -> list[str]:
        return [CHARACTER_MIME, "text/uri-list"]

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:  # type: ignore[override]
        found: list[Path] = []
        for index in indexes:
            e = self.entry(index)
            if e is not None and e.kind == "character" and e.path and e.path not in found:
                found.append(e.path)
        mime = QMimeData()
        if found:
            mime.setData(CHARACTER_MIME, "\n".join(str(p) for p in found).encode("utf-8"))
            from PySide6.QtCore import QUrl  # made with the first drag (issue 18)

            mime.setUrls([QUrl.fromLocalFile(str(p)) for p in found])
        return mime

    # -- refresh ------------------------------------------------------------------

    def update(self, result: LibraryScan) -> None:
        """Make every group show ``result``'s entries, touching only rows that differ."""
        for group, entries in result.entries.items():
            node = self._groups.get(group)
            if node is not None:
                self._update_group(node, entries)

    def _group_index(self, node: _Node) -> QModelIndex:
        return self.createIndex(node.row(), 0, node)

    def _update_group(self, node: _Node, entries: list[Entry]) -> None:
        parent = self._group_index(node)
        wanted = {e.key for e in entries}
        before = self._count(node)
        # Entries only (sub-groups such as PCs are kept): remove what went away.
        for row in range(len(node.children) - 1, -1, -1):
            child = node.children[row]
            if child.entry.kind != "group" and child.entry.key not in wanted:
                self.beginRemoveRows(parent, row, row)
                del node.children[row]
                self.endRemoveRows()
        first = sum(1 for c in node.children if c.entry.kind == "group")
        for offset, entry in enumerate(entries):
            row = first + offset
            current = node.children[row] if row < len(node.children) else None
            if current is not None and current.entry.key == entry.key:
                if current.entry != entry:
                    current.entry = entry
                    self.dataChanged.emit(self.index(row, 0, parent),
                                          self.index(row, self.columnCount() - 1, parent))
                continue
            later = next((j for j in range(row + 1, len(node.children))
                          if node.children[j].entry.key == entry.key), None)
            if later is not None:
                self.beginMoveRows(parent, later, later, parent, row)
                node.children.insert(row, node.children.pop(later))
                self.endMoveRows()
                if node.children[row].entry != entry:
                    node.children[row].entry = entry
                    self.dataChanged.emit(self.index(row, 0, parent),
                                          self.index(row, self.columnCount() - 1, parent))
            else:
                self.beginInsertRows(parent, row, row)
                node.children.insert(row, _Node(entry, node))
                self.endInsertRows()
        if self._count(node) != before:  # the "(n)" of this group and its parents
            walk: _Node | None = node
            while walk is not None and walk is not self._root:
                index = self._group_index(walk)
                self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])
                walk = walk.parent


class LibraryFilterProxy(QSortFilterProxyModel):
    """Rows whose name or details contain the text and that fit the category.

    Groups show while no filter is set, else only around matching rows
    (recursive filtering).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._category = "all"
        self.setRecursiveFilteringEnabled(True)

    @property
    def category(self) -> str:
        return self._category

    def _refilter(self, change: Callable[[], None]) -> None:
        # Qt 6.10 replaced invalidateFilter() by begin/endFilterChange().
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            change()
            self.invalidateFilter()

    def set_text(self, text: str) -> None:
        value = text.strip().casefold()
        if value != self._text:
            self._refilter(lambda: setattr(self, "_text", value))

    def set_category(self, category: str) -> None:
        if category not in {c for c, _ in CATEGORIES}:
            raise ValueError(f"category: '{category}' is not a library filter")
        if category != self._category:
            self._refilter(lambda: setattr(self, "_category", category))

    def is_filtering(self) -> bool:
        return bool(self._text) or self._category != "all"

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """While filtering, a group says how many of its rows show: "Characters (1 of 12)"."""
        if (role == _DISPLAY and index.column() == 0
                and self.is_filtering() and index.data(LibraryRole.Kind) == "group"):
            source = self.mapToSource(index)
            model = self.sourceModel()
            if isinstance(model, LibraryModel):
                entry = model.entry(source)
                total = model.rows_under(source)
                if entry is not None:
                    return f"{entry.label} ({self._shown_under(index)} of {total})"
        return super().data(index, role)

    def _shown_under(self, index: QModelIndex | QPersistentModelIndex) -> int:
        shown = 0
        for row in range(self.rowCount(index)):
            child = self.index(row, 0, index)
            shown += (self._shown_under(child) if child.data(LibraryRole.Kind) == "group"
                      else 1)
        return shown

    def filterAcceptsRow(self, source_row: int,
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        kind = index.data(LibraryRole.Kind)
        if kind == "group":
            return not self.is_filtering()
        if self._category != "all" and self._category not in (
                kind, index.data(LibraryRole.CharacterKind), index.data(LibraryRole.Edition)):
            return False
        if not self._text:
            return True
        detail = model.index(source_row, 1, source_parent).data() or ""
        return self._text in f"{index.data()}\n{detail}".casefold()
