"""The library's listing index: what each file's row was made from, kept between runs.

The library window lists every document at start-up and then checks each one in
full (``qt/library``). With 2,000 characters that was some 0.4 s of reading
before the rows showed and as long again for the check (issue 18). The index
keeps, for every file the check found sound, the file's identity on disk
(:mod:`~yags_desk.storage.identity`) and the few values its row shows; the next
start lists and checks from it every file whose identity has not changed, and
reads only the others.

[decision] A cache, not a document: JSON read by hand here, not through
pydantic (which alone takes longer to load than the whole listing of a small
library), and never an error to the GM. An index that is missing, unreadable,
of another format, release or schema version, made for another folder, or in
any way not as this module writes it is ignored as a whole, and the files are
read as if it did not exist. Each record's values are checked again by whoever
makes rows of them (``qt/library/model``). It is written atomically, after the
check, into the library's own folder (so a portable library keeps it), never
into one opened read-only.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from yags_desk import __version__
from yags_desk.storage.documents import SCHEMA_VERSIONS, TEMP_SUFFIX, refuse_if_read_only
from yags_desk.storage.identity import StatKey

__all__ = ["FORMAT", "INDEX_NAME", "MAX_INDEX_BYTES", "IndexRecord", "index_path", "read_index",
           "write_index"]

INDEX_NAME = ".listing-index.json"
FORMAT = 1
# Larger than this (some 150,000 files' records) it is neither read nor written: a
# cache must not cost more than reading the files would.
MAX_INDEX_BYTES = 32 * 2**20

# A file's identity when it was read, its kind ("character", ...) and the values
# its row is made from (JSON: strings, numbers, booleans and lists of them).
IndexRecord = tuple[StatKey, str, Sequence[Any]]


def index_path(root: Path) -> Path:
    """Where the listing index of the library at ``root`` lives."""
    return root / INDEX_NAME


def _header(root: Path) -> dict[str, Any]:
    # [decision] FORMAT names the layout of the facts and the checks made of them
    # (qt/library/model: _model_facts, _indexed_facts); raise it with any change to
    # either. The release and each kind's schema version stand for the models: an
    # index written by another release, or before a migration, is not trusted.
    return {"format": FORMAT, "release": __version__, "root": str(root),
            "schemas": {kind: SCHEMA_VERSIONS[kind] for kind in _KINDS}}


_KINDS = ("character", "encounter", "battle", "healing")
# Read without following a symbolic link, and without waiting on a named pipe
# planted where the index should be (the window reads it while it starts).
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_BINARY", 0))


def read_index(root: Path) -> dict[str, IndexRecord]:
    """The records of the library at ``root``'s index by file (its path as a string:
    a lookup need not make a Path of each), or none at all when there is no index
    this release can take as it is (see the module): a link, a pipe or anything
    but a plain file of at most MAX_INDEX_BYTES is not read."""
    try:
        fd = os.open(index_path(root), _READ_FLAGS)
    except OSError:
        return {}
    try:
        with os.fdopen(fd, "rb") as file:
            found = os.fstat(file.fileno())
            if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_INDEX_BYTES:
                return {}
            document = json.loads(file.read(MAX_INDEX_BYTES + 1))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(document, dict) or not isinstance(document.get("files"), list):
        return {}
    header = _header(root)
    if type(document.get("format")) is not int or {
            k: document.get(k) for k in header} != header:
        return {}
    out: dict[str, IndexRecord] = {}
    for record in document["files"]:
        if not (isinstance(record, list) and len(record) == 7 and isinstance(record[0], str)
                and all(type(n) is int for n in record[1:5])
                and isinstance(record[5], str) and isinstance(record[6], list)):
            return {}
        out[record[0]] = ((record[1], record[2], record[3], record[4]), record[5], record[6])
    return out


def write_index(root: Path, records: Iterable[tuple[Path, IndexRecord]]) -> bool:
    """Replace the index of the library at ``root`` with ``records`` (atomically);
    False when they would make an index too large to be read (nothing written).
    OSError when it cannot be written, ReadOnlyError in a library opened read-only,
    ValueError for a value JSON cannot hold.

    [decision] A link in the index's place is replaced, never written through (a
    library unpacked from an archive could point it at any file), and nothing is
    forced to the disk: an index a power cut leaves unreadable is only ignored."""
    path = index_path(root)
    refuse_if_read_only(path)
    files = [[str(p), *key, kind, list(facts)] for p, (key, kind, facts) in records]
    # ASCII: a file name that is not UTF-8 (kept by Python as lone surrogates) is
    # written escaped and read back the same.
    data = json.dumps({**_header(root), "files": files}, allow_nan=False,
                      separators=(",", ":")).encode("ascii")
    if len(data) > MAX_INDEX_BYTES:
        return False
    fd, temp = tempfile.mkstemp(dir=root, prefix=f".{INDEX_NAME}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return True
