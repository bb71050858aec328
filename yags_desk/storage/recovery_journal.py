"""Events appended beside an encounter's recovery copy, so that a crash in the
middle of a fight loses at most the event being written (issue 12 item 2).

Rewriting the whole recovery copy after every event costs more the longer the
fight runs (every event of the log is written again). Instead the board writes
the whole copy now and then (a *snapshot*: when the fight opens, after an undo,
every :data:`COMPACT_AFTER` events) and, after each new event, appends one line
to ``<copy>.events``: ``{"i": <its number in the log>, "event": {...}}``. The
append is one small write whatever the fight's length, and the line is handed to
the system at once, so it survives the program being killed.

:func:`read_with_journal` reads the snapshot and adds the journal's events that
follow it, in order, stopping at the first line that is cut short (the crash
came while it was written), out of order, refused by the event schema, or
refused by the rules when the fight is replayed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
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

__all__ = ["COMPACT_AFTER", "append_events", "discard_journal", "journal_path",
           "read_with_journal"]

COMPACT_AFTER = 2000  # journal lines before the board writes a new snapshot


def journal_path(snapshot: Path) -> Path:
    return snapshot.with_name(snapshot.name + ".events")


def _digest(data: bytes) -> str:
    import hashlib  # here: OpenSSL loads with the first journal, not at start-up

    return hashlib.sha256(data).hexdigest()


def append_events(snapshot: Path, first: int, events: Sequence[BaseModel]) -> Path:
    """Append ``events`` (numbered ``first``, ``first + 1``... in the log) to the
    journal of ``snapshot``; the journal's path. FileNotFoundError when the
    snapshot is gone (saved and discarded): the caller writes a new one.

    [decision] One ``os.write`` of the lines' bytes, each event written by pydantic
    (the same values as json.dumps of its model_dump): the board appends after
    every step, and opening a text file and the standard library's encoder took
    most of a small append's time (issue 18). The bytes are in the system's hands
    when it returns, as a flushed file's were."""
    path = journal_path(snapshot)
    lines = b"".join(b'{"i":%d,"event":%s}\n' % (first + n, _event_json(e))
                     for n, e in enumerate(events))  # before the file: errors touch nothing
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        header = json.dumps({"snapshot": _digest(snapshot.read_bytes())}) + "\n"
        lines = header.encode() + lines
        fd = os.open(path, flags | os.O_CREAT, 0o666)
    else:
        if not os.path.exists(snapshot):
            os.close(fd)
            raise FileNotFoundError(2, "the recovery copy is gone", str(snapshot))
    try:
        view = memoryview(lines)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
    return path


def _event_json(event: BaseModel) -> bytes:
    """The event's JSON, as compact as json.dumps(separators=(",", ":")) writes it;
    ValueError for a value JSON cannot hold (NaN), as json.dumps(allow_nan=False)."""
    from pydantic_core import to_json

    values = event.model_dump(mode="json")
    # Plain values, not the model: a model's own settings would write NaN as null.
    text = to_json(values, inf_nan_mode="constants")
    if b"NaN" in text or b"Infinity" in text:  # the standard library's answer
        return json.dumps(values, ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False).encode()
    return text


def discard_journal(snapshot: Path) -> None:
    try:
        journal_path(snapshot).unlink()
    except FileNotFoundError:
        pass


def _journal_events(path: Path, snapshot: bytes, start: int) -> list[Any]:
    """The raw events of the journal ``path`` that continue the ``snapshot`` (its
    bytes) of a log of ``start`` events; none from a journal of another snapshot."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return []
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    lines = text.splitlines()
    try:
        header = json.loads(lines[0]) if lines else None
    except ValueError:
        return []
    if not isinstance(header, dict) or header.get("snapshot") != _digest(snapshot):
        return []
    found: list[Any] = []
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
    return found


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
    extra = _journal_events(journal_path(path), snapshot, len(model.events))
    if not extra:
        return document
    data = model.model_dump(mode="json")
    base = list(data["events"])
    # Keep the longest run of journal events the schema and the rules accept.
    for keep in range(len(extra), 0, -1):
        data["events"] = base + extra[:keep]
        try:
            merged = Encounter.model_validate(data)
            encounter_log(merged)
        except (ValidationError, RulesError):
            continue
        return Document(kind=document.kind, schema_version=document.schema_version,
                        model=merged, path=path)
    return document
