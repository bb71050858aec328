"""Events appended beside an encounter's recovery copy, so that a crash in the
middle of a fight loses at most the event being written (issue 12 item 2).

Rewriting the whole recovery copy after every event costs more the longer the
fight runs (every event of the log is written again). Instead the board writes
the whole copy now and then (a *snapshot*: when the fight opens, after an undo,
every :data:`COMPACT_AFTER` events) and, after each new event, appends one line
to ``<copy>.events``: ``{"i": <its number in the log>, "event": {...}}``. The
append is one small write whatever the fight's length, and the line is handed to
the system at once, so it survives the program being killed. The first line of
each undo step also says how many events the step holds (``"step": <n>``), so a
restored fight's history lists the steps as they were made.

:func:`read_with_journal` reads the snapshot and adds the journal's events that
follow it, in order, stopping at the first line that is cut short (the crash
came while it was written), out of order, refused by the event schema, or
refused by the rules when the fight is replayed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yags_desk.rules.errors import RulesError
from yags_desk.storage.documents import (
    MAX_FILE_BYTES,
    Document,
    read_document,
)

if TYPE_CHECKING:  # pydantic loads with the first document read
    from pydantic import BaseModel

__all__ = ["COMPACT_AFTER", "JournalWriter", "discard_journal", "journal_path",
           "read_with_journal", "snapshot_signature"]

COMPACT_AFTER = 2000  # journal lines before the board writes a new snapshot


def journal_path(snapshot: Path) -> Path:
    return snapshot.with_name(snapshot.name + ".events")


def _digest(data: bytes) -> str:
    import hashlib  # here: OpenSSL loads with the first journal, not at start-up

    return hashlib.sha256(data).hexdigest()


def snapshot_signature(path: Path | str) -> tuple[int, ...] | None:
    """What tells the file at ``path`` (followed through a link) from one written or
    changed since: device, inode, size, modification and change times (None: no
    file)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


class JournalWriter:
    """The journal of one recovery copy, kept open from one append to the next.

    [decision] A big round appends some 250 times: opening and closing the file and
    working its path out again each time cost more than the write (issue 18). Each
    append is still one ``os.write`` of whole lines, handed to the system at once,
    so a crash loses at most the event being written. Before it writes, the writer
    checks that the file it holds is still the journal at its path (not removed or
    replaced: a new snapshot discards the journal) and that the snapshot is still
    there, and opens the journal afresh otherwise, as a new append would.
    """

    def __init__(self, snapshot: Path,
                 known: tuple[tuple[int, ...], str] | None = None) -> None:
        """``known``: the snapshot's signature when it was written and its digest (see
        Library.autosave), taken for the header while the snapshot is still so."""
        self.snapshot = snapshot
        self._known = known
        self.path = journal_path(snapshot)
        self._snapshot_name = os.fspath(snapshot)
        self._name = os.fspath(self.path)
        self._fd: int | None = None
        self._file_id: tuple[int, int] | None = None  # (device, inode) of the open file

    def append(self, first: int, events: Sequence[BaseModel],
               steps: Sequence[int] = ()) -> Path:
        """Append ``events`` (numbered ``first``, ``first + 1``... in the log) to the
        journal of the snapshot; the journal's path. ``steps``: how many of them each
        undo step holds, in order (all of them, or none said). FileNotFoundError
        when the snapshot is gone (saved and discarded): the caller writes a new one."""
        starts: dict[int, int] = {}
        if sum(steps) == len(events) and all(size >= 1 for size in steps):
            at = 0
            for size in steps:
                starts[at] = size
                at += size
        lines = b"".join(
            (b'{"i":%d,"step":%d,"event":%s}\n' % (first + n, starts[n], _event_json(e))
             if n in starts else b'{"i":%d,"event":%s}\n' % (first + n, _event_json(e)))
            for n, e in enumerate(events))  # before the file: errors touch nothing
        fd = self._fd
        if fd is not None and not self._still_there():
            self.close()
            fd = None
        if fd is None:
            fd, lines = self._open(lines)
        try:
            view = memoryview(lines)
            while view:
                view = view[os.write(fd, view):]
        except BaseException:
            self.close()  # the next append looks at the file afresh
            raise
        return self.path

    def _still_there(self) -> bool:
        """The open file is the journal at its path, and the snapshot exists."""
        try:
            found = os.stat(self._name)
        except OSError:
            return False
        return ((found.st_dev, found.st_ino) == self._file_id
                and os.path.exists(self._snapshot_name))

    def _open(self, lines: bytes) -> tuple[int, bytes]:
        """Open the journal (made, with its header, when there is none); the file and
        the bytes to write. FileNotFoundError when the snapshot is gone."""
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self._name, flags)
        except FileNotFoundError:
            header = json.dumps({"snapshot": self._snapshot_digest()}) + "\n"
            lines = header.encode() + lines
            fd = os.open(self._name, flags | os.O_CREAT, 0o666)
        else:
            if not os.path.exists(self._snapshot_name):
                os.close(fd)
                raise FileNotFoundError(2, "the recovery copy is gone", self._snapshot_name)
        found = os.fstat(fd)
        self._fd, self._file_id = fd, (found.st_dev, found.st_ino)
        return fd, lines

    def _snapshot_digest(self) -> str:
        """The snapshot's digest: the one known, while the snapshot is still the file
        it was worked out for; else read and worked out (FileNotFoundError: no
        snapshot)."""
        known = self._known
        if known is not None and snapshot_signature(self._snapshot_name) == known[0]:
            return known[1]
        return _digest(self.snapshot.read_bytes())

    def close(self) -> None:
        fd, self._fd, self._file_id = self._fd, None, None
        if fd is not None:
            os.close(fd)


def _event_json(event: BaseModel) -> bytes:
    """The event's JSON, as compact as json.dumps(separators=(",", ":")) writes it;
    ValueError for a value JSON cannot hold (NaN), as json.dumps(allow_nan=False)."""
    kind = type(event)
    plain = _PLAIN.get(kind)
    if plain is None:
        plain = _PLAIN[kind] = _holds_no_float(kind)
    if plain:
        # [decision] An event whose schema holds no float (every event a round makes)
        # is written by its own pydantic serializer, straight from the model: the
        # same bytes as its values' JSON below (the writer and the order of the
        # fields are the same; only NaN and infinities, which need a float, are
        # written otherwise), at a third of the cost (issue 18: a round of a big
        # fight appends some 650 events).
        return kind.__pydantic_serializer__.to_json(event)
    # pydantic_core's writer, imported at the first event and kept: an import
    # statement here ran PySide's import hook at every event (a round of a big fight
    # appends some 450), and a module-level one would load it before the window shows.
    to_json = _to_json or _load_to_json()
    values = event.model_dump(mode="json")
    # Plain values, not the model: a model's own settings would write NaN as null.
    text = to_json(values, inf_nan_mode="constants")
    if b"NaN" in text or b"Infinity" in text:  # the standard library's answer
        return json.dumps(values, ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False).encode()
    return text


# Event class -> whether its schema holds no value that may be a float (_holds_no_float).
_PLAIN: dict[type, bool] = {}
# The kinds of schema node that hold no float, whatever they hold (a number field
# of any other kind, a free-form value, a custom validator or serializer: not plain).
_PLAIN_NODES = frozenset({"model", "model-fields", "model-field", "default", "nullable",
                          "literal", "str", "int", "bool", "tuple", "list", "union",
                          "tagged-union", "definitions", "definition-ref"})


def _holds_no_float(kind: type) -> bool:
    """Whether every node of ``kind``'s pydantic schema is one of _PLAIN_NODES."""
    schema = getattr(kind, "__pydantic_core_schema__", None)
    if schema is None or not hasattr(kind, "__pydantic_serializer__"):
        return False
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "serialization" in node:
                return False
            what = node.get("type")
            if isinstance(what, str) and what not in _PLAIN_NODES:
                return False
            stack.extend(node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend(node)
    return True


_to_json: Callable[..., bytes] | None = None


def _load_to_json() -> Callable[..., bytes]:
    global _to_json
    from pydantic_core import to_json

    _to_json = to_json
    return to_json


def discard_journal(snapshot: Path) -> None:
    try:
        journal_path(snapshot).unlink()
    except FileNotFoundError:
        pass


def _journal_events(path: Path, snapshot: bytes, start: int
                    ) -> tuple[list[Any], list[int] | None]:
    """The raw events of the journal ``path`` that continue the ``snapshot`` (its
    bytes) of a log of ``start`` events (none from a journal of another snapshot),
    and the undo steps they make (None unless every one of them is in a step the
    journal names; a step cut short by the crash keeps the events it has)."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return [], None
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return [], None
    # Lines end at "\n" only: str.splitlines() also breaks at U+2028, U+2029 and
    # U+0085, which the lines keep raw inside their strings (text pasted into a
    # note), and would drop that event and every later one as cut short.
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    try:
        header = json.loads(lines[0]) if lines else None
    except ValueError:
        return [], None
    if not isinstance(header, dict) or header.get("snapshot") != _digest(snapshot):
        return [], None
    found: list[Any] = []
    steps: list[int] | None = []
    owed = 0  # events the step begun last still holds
    for line in lines[1:]:
        try:
            record = json.loads(line)
        except ValueError:
            break  # cut short by the crash
        number = record.get("i") if isinstance(record, dict) else None
        if not isinstance(number, int) or isinstance(number, bool):
            break
        if number < start + len(found):
            continue  # already in the snapshot (written after these lines)
        if number != start + len(found) or "event" not in record:
            break
        found.append(record["event"])
        if steps is None:
            continue
        size = record.get("step")
        if isinstance(size, int) and not isinstance(size, bool) and size >= 1 and not owed:
            steps.append(size)  # a step begins here
            owed = size
        elif "step" in record or not owed:  # a step inside another, or in none
            steps = None  # (an older journal names none)
            continue
        owed -= 1
    if steps and owed:
        steps[-1] -= owed  # the crash came inside that step
    return found, steps


def _first_steps(steps: list[int], count: int) -> list[int]:
    """The steps holding the first ``count`` events of ``steps`` (the last one cut)."""
    out: list[int] = []
    for size in steps:
        if count <= 0:
            break
        out.append(min(size, count))
        count -= size
    return out


def read_with_journal(path: Path | str) -> Document:
    """The recovery copy at ``path`` with the journal's later events added (an
    encounter); any other document as :func:`read_document` reads it."""
    path = Path(path)
    document = read_document(path)
    if document.kind != "encounter":
        return document
    # Here, not at the top: the encounter model loads the combat engine, which
    # the window's start (this module is on its import path) does without.
    from pydantic import ValidationError

    from yags_desk.storage.encounter_file import Encounter, encounter_log

    model = document.model
    assert isinstance(model, Encounter)
    try:
        snapshot = path.read_bytes()
    except OSError:
        return document
    extra, steps = _journal_events(journal_path(path), snapshot, len(model.events))
    if not extra:
        return document
    data = model.model_dump(mode="json")
    base = list(data["events"])
    grouped = steps is not None and sum(model.steps) == len(base)
    # Keep the longest run of journal events the schema and the rules accept.
    for keep in range(len(extra), 0, -1):
        data["events"] = base + extra[:keep]
        if grouped:
            assert steps is not None
            data["steps"] = [*model.steps, *_first_steps(steps, keep)]
        try:
            merged = Encounter.model_validate(data)
            encounter_log(merged)
        except (ValidationError, RulesError):
            continue
        return Document(kind=document.kind, schema_version=document.schema_version,
                        model=merged, path=path)
    return document
