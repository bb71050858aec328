"""Reading and writing YAGS Desk files: one envelope, one set of defences.

Every file is JSON ``{"schema_version": int, "kind": str, "data": {...}}``.
Reading refuses, with ``field: message`` lines and without touching the disk,
anything that is too big, not UTF-8, not JSON, nested too deeply, holds
NaN/Infinity or numbers with absurd digit counts, repeats a key, has unknown
fields, is of the wrong kind or was written by a newer YAGS Desk. Raw-dict
migrations bring older files up to date before pydantic validates them.

Writing serialises first, writes a temporary file in the same folder, keeps
the previous file as ``<name>.bak`` and swaps the new file in with
``os.replace``; an existing file this program cannot read is never
overwritten.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yags_desk.storage.json_text import pretty_json_fast

if TYPE_CHECKING:  # pydantic loads with the first document read (not at the window's start)
    from pydantic import BaseModel, ValidationError

__all__ = [
    "CURRENT_SCHEMA_VERSION",
    "SCHEMA_VERSIONS",
    "KINDS",
    "MAX_DEPTH",
    "MAX_ERRORS",
    "MAX_FILE_BYTES",
    "MIGRATIONS",
    "Document",
    "DocumentError",
    "PreparedDocument",
    "ReadOnlyError",
    "Migration",
    "atomic_write_bytes",
    "backup_path",
    "format_validation_error",
    "is_leftover_temp",
    "model_type",
    "prepare_document",
    "quarantine",
    "read_current_data",
    "read_document",
    "read_file_bytes",
    "read_only_reason",
    "set_read_only",
    "to_json_text",
    "validate_file",
    "write_document",
    "write_target",
]

KINDS = ("character", "catalogue", "encounter", "battle", "healing")
# The version each kind is written at; each kind moves on its own, so a change
# to encounters does not make every character file "old".
SCHEMA_VERSIONS: dict[str, int] = {"character": 1, "catalogue": 1, "encounter": 2,
                                   "battle": 1, "healing": 2}
CURRENT_SCHEMA_VERSION = max(SCHEMA_VERSIONS.values())  # the newest of any kind


def current_version(kind: str) -> int:
    return SCHEMA_VERSIONS[kind]
MAX_FILE_BYTES = 20 * 2**20
MAX_DEPTH = 64
MAX_ERRORS = 50

Migration = Callable[[dict[str, Any]], dict[str, Any]]
# (kind, from_version) -> function turning that version's ``data`` object into
# the next version's. They run on the raw dict, before validation; the reader
# bumps ``schema_version`` itself. Each kind's module registers its own.
MIGRATIONS: dict[tuple[str, int], Migration] = {}

# Where each kind's pydantic model lives; imported on first use so this module
# imports before (and without) the rules modules it serves.
_KIND_MODELS: dict[str, tuple[str, str]] = {
    "character": ("yags_desk.rules.character", "Character"),
    "catalogue": ("yags_desk.storage.catalogues", "CatalogueFile"),
    "encounter": ("yags_desk.storage.encounter_file", "Encounter"),
    "battle": ("yags_desk.rules.quick_combat", "Battle"),
    "healing": ("yags_desk.storage.healing_file", "HealingFile"),
}

# Tags of tagged unions (catalogue items); left out of error paths.
_UNION_TAGS = frozenset({"Weapon", "Armour"})
_FIELD_PREFIX = re.compile(r"^([A-Za-z_]\w*(?:\.[^:\n]+)?): (.*)$", re.DOTALL)


class DocumentError(ValueError):
    """A file that cannot be read or written; ``errors`` holds ``field: message`` lines."""

    def __init__(self, path: Path | str, errors: Sequence[str]) -> None:
        self.path = Path(path)
        self.errors: list[str] = list(errors) or ["unknown problem"]
        super().__init__("\n".join(self.errors))

    def __str__(self) -> str:
        return "\n".join(self.errors)


class ReadOnlyError(PermissionError):
    """A write refused because the folder was opened read-only; ``str()`` says why."""


# Library folders this program must not write to (another copy has them, or the
# disk refuses), with the reason; write_document checks every path against them.
_READ_ONLY: dict[Path, str] = {}


def set_read_only(root: Path | str, reason: str) -> None:
    """Refuse every write under ``root`` with ``reason`` (``""`` allows writing again)."""
    key = Path(os.path.abspath(root))
    if reason:
        _READ_ONLY[key] = reason
    else:
        _READ_ONLY.pop(key, None)


def read_only_reason(path: Path | str) -> str:
    """Why ``path`` must not be written (it lies in a read-only folder), or ``""``."""
    if not _READ_ONLY:
        return ""
    candidates = {Path(os.path.abspath(path)), Path(os.path.realpath(path))}
    for root, reason in _READ_ONLY.items():
        if any(c == root or root in c.parents for c in candidates):
            return reason
    return ""


def refuse_if_read_only(path: Path | str) -> None:
    """ReadOnlyError if ``path`` lies in a folder opened read-only."""
    reason = read_only_reason(path)
    if reason:
        raise ReadOnlyError(reason)


@dataclass(frozen=True)
class Document:
    """A validated file. ``schema_version`` is the version found on disk."""

    kind: str
    schema_version: int
    model: BaseModel
    path: Path

    @property
    def migrated(self) -> bool:
        """True when the file was written by an older version and upgraded on reading."""
        return self.schema_version < current_version(self.kind)


@cache
def _envelope() -> Any:
    """The model every file's outer object must match (made at the first read)."""
    from pydantic import BaseModel, ConfigDict, Field, StrictInt

    class _Envelope(BaseModel):
        model_config = ConfigDict(extra="forbid")

        schema_version: StrictInt = Field(ge=1)
        kind: str
        data: dict[str, Any]

    return _Envelope


class _Refused(ValueError):
    """Internal: the raw text was refused; the message is the error line."""


# -- errors -----------------------------------------------------------------------------


def format_validation_error(exc: ValidationError, prefix: Iterable[str | int] = ()) -> list[str]:
    """pydantic errors as ``field.path: message`` lines, at most MAX_ERRORS of them.

    A validator message that starts with ``field: `` (the models' convention)
    has that field moved into the path.
    """
    lines: list[str] = []
    errors = exc.errors(include_url=False, include_input=False)
    for error in errors[:MAX_ERRORS]:
        path: list[str | int] = list(prefix)
        for i, part in enumerate(error["loc"]):
            if part in _UNION_TAGS and i > 0 and isinstance(error["loc"][i - 1], int):
                continue
            path.append(part)
        message = error["msg"]
        own = error["type"] in ("value_error", "assertion_error")
        if own:
            cause = error.get("ctx", {}).get("error")
            if cause is not None:
                message = str(cause)
        for part in message.splitlines() or [""]:
            line_path = list(path)
            match = _FIELD_PREFIX.match(part) if own else None
            if match:
                line_path.append(match.group(1))
                part = match.group(2)
            where = ".".join(str(p) for p in line_path) or "document"
            lines.append(f"{where}: {part}")
    if len(errors) > MAX_ERRORS:
        lines.append(f"... and {len(errors) - MAX_ERRORS} more problems")
    return lines


# -- kinds ------------------------------------------------------------------------------


def model_type(kind: str) -> type[BaseModel]:
    """The pydantic model of a kind's ``data``. ImportError if this build lacks it."""
    if kind not in _KIND_MODELS:
        raise KeyError(kind)
    module_name, attr = _KIND_MODELS[kind]
    cls = getattr(importlib.import_module(module_name), attr, None)
    from pydantic import BaseModel

    if not (isinstance(cls, type) and issubclass(cls, BaseModel)):
        raise ImportError(f"{module_name}.{attr} is not a pydantic model")
    return cls


# -- reading ----------------------------------------------------------------------------


def _size_message(size: int) -> str:
    return (f"file is {size / 2**20:.1f} MB; the limit for a YAGS Desk file is "
            f"{MAX_FILE_BYTES // 2**20} MB")


# A JSON string, or an unterminated one running to the end: always matches, so
# scanning is linear even on hostile input.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before json.loads recurses into it."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    for ch in brackets:
        if ch == "[" or ch == "{":
            depth += 1
            if depth > MAX_DEPTH:
                raise _Refused(f"the file nests lists and objects deeper than {MAX_DEPTH} "
                               "levels; a YAGS Desk file never does")
        else:
            depth -= 1


def _reject_constant(name: str) -> Any:
    raise _Refused(f"{name} is not allowed in a YAGS Desk file (numbers must be finite)")


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:40]} is too large")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"{key}: this key appears twice in the same object")
            seen.add(key)
    return result


def _check_strings(value: Any) -> None:
    """Refuse lone surrogates (from ``\\udXXX`` escapes): such text cannot be saved."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings: Iterable[str] = (item,)
        elif isinstance(item, dict):
            strings = item.keys()
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
            continue
        else:
            continue
        for s in strings:
            try:
                s.encode("utf-8")
            except UnicodeEncodeError:
                raise _Refused("text holds an unpaired \\ud800-\\udfff escape, which is not "
                               f"valid Unicode: {s[:40]!r}") from None


def _parse_bytes(raw: bytes) -> dict[str, Any]:
    """Bytes to the raw envelope dict; _Refused with one message line otherwise."""
    if len(raw) > MAX_FILE_BYTES:
        raise _Refused(_size_message(len(raw)))
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Refused(f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset "
                       f"{exc.start})") from None
    if not text.strip():
        raise _Refused("file is empty")
    # Text with no more openings than the limit cannot nest deeper: a character
    # file has some 30, and the check's two passes over the text were half of its
    # parsing (issue 18). Deeper input must be refused before json.loads recurses
    # into it (on Python 3.13 it recurses by the C stack and can overflow a small one).
    if text.count("[") + text.count("{") > MAX_DEPTH:
        _check_depth(text)
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_parse_float,
                           object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        hint = "; the file ends too early (was it cut short?)" if exc.pos >= len(
            text.rstrip()) else ""
        raise _Refused(f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
                       f"{hint}") from None
    except RecursionError:
        raise _Refused(f"the file nests deeper than {MAX_DEPTH} levels") from None
    except _Refused:
        raise
    except ValueError as exc:
        if "digits" in str(exc):
            raise _Refused("a number in the file has too many digits to be read") from None
        raise _Refused(f"not valid JSON: {exc}") from None
    if _SURROGATE_ESCAPE.search(text):
        _check_strings(value)
    if not isinstance(value, dict):
        raise _Refused("document: expected a JSON object at the top level, found "
                       f"{type(value).__name__}")
    return value


def _migrate(kind: str, version: int, data: dict[str, Any]) -> dict[str, Any]:
    target = current_version(kind)
    while version < target:
        migration = MIGRATIONS.get((kind, version))
        if migration is None:
            raise _Refused(f"schema_version: no way to upgrade a version {version} {kind} "
                           f"file to version {target}")
        try:
            data = migration(data)
        except Exception as exc:  # a migration meeting data it did not expect
            raise _Refused(f"schema_version: upgrading from version {version} failed: "
                           f"{exc}") from None
        if not isinstance(data, dict):
            raise _Refused(f"schema_version: upgrading from version {version} failed")
        version += 1
    return data


def _decode(raw: bytes, path: Path, expected_kind: str | None) -> Document:
    """Validate a file's bytes; DocumentError with every problem found."""
    try:
        value = _parse_bytes(raw)
    except _Refused as exc:
        raise DocumentError(path, [str(exc)]) from None
    version = value.get("schema_version")
    newest = SCHEMA_VERSIONS.get(str(value.get("kind")), CURRENT_SCHEMA_VERSION)
    if isinstance(version, int) and not isinstance(version, bool) and version > newest:
        raise DocumentError(path, [
            f"schema_version: file was written by a newer YAGS Desk (version {version}); "
            f"this version reads up to {newest}"])
    from pydantic import ValidationError

    try:
        envelope = _envelope().model_validate(value)
    except ValidationError as exc:
        raise DocumentError(path, format_validation_error(exc)) from None
    kind = envelope.kind
    if kind not in KINDS:
        raise DocumentError(path, [f"kind: unknown kind {kind[:40]!r} (expected one of "
                                   f"{', '.join(KINDS)})"])
    if expected_kind is not None and kind != expected_kind:
        raise DocumentError(path, [f"kind: expected {expected_kind}, found {kind}"])
    try:
        cls = model_type(kind)
    except ImportError:
        raise DocumentError(path, [f"kind: this build of YAGS Desk cannot read {kind} "
                                   "files"]) from None
    try:
        data = _migrate(kind, envelope.schema_version, envelope.data)
    except _Refused as exc:
        raise DocumentError(path, [str(exc)]) from None
    try:
        model = cls.model_validate(data)
    except ValidationError as exc:
        raise DocumentError(path, format_validation_error(exc, ("data",))) from None
    except RecursionError:
        raise DocumentError(path, ["data: nested too deeply"]) from None
    return Document(kind=kind, schema_version=envelope.schema_version, model=model, path=path)


def read_file_bytes(path: Path) -> bytes:
    """A regular file's bytes, refusing big ones before reading them.

    FileNotFoundError propagates; other failures are DocumentError.
    """
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise DocumentError(path, ["not a regular file"])
        if info.st_size > MAX_FILE_BYTES:
            raise DocumentError(path, [_size_message(info.st_size)])
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise DocumentError(path, [f"cannot read the file: {exc.strerror or exc}"]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DocumentError(path, [_size_message(os.path.getsize(path))])
    return raw


def read_document(path: Path | str, expected_kind: str | None = None) -> Document:
    """Read and validate a file. Raises DocumentError (or FileNotFoundError)."""
    path = Path(path)
    return _decode(read_file_bytes(path), path, expected_kind)


def read_current_data(path: Path | str, kind: str,
                      oldest: int | None = None) -> dict[str, Any] | None:
    """The raw ``data`` object of a file whose envelope is plainly a current ``kind``
    file, NOT validated; None for anything else, including a file that cannot be
    read (:func:`read_document` then gives the verdict and its reasons).
    ``oldest``: the oldest version also taken as it is (its data not migrated), for
    a caller whose values no migration since that version changes.

    For the library's quick listing at start-up only (issue 18): it reads JSON
    with the same limits as :func:`read_document` but never loads pydantic or
    the kinds' models, and its caller must check every value it uses.
    """
    try:
        value = _parse_bytes(read_file_bytes(Path(path)))
    except (_Refused, DocumentError, OSError):
        return None
    if value.keys() != {"schema_version", "kind", "data"} or value["kind"] != kind:
        return None
    version, data = value["schema_version"], value["data"]
    current = current_version(kind)
    first = current if oldest is None else oldest
    if type(version) is not int or not first <= version <= current:
        return None
    return data if isinstance(data, dict) else None


def validate_file(path: Path | str) -> list[str]:
    """No lines if ``path`` is a valid document of any kind, else its error lines."""
    try:
        read_document(path)
    except DocumentError as exc:
        return exc.errors
    except FileNotFoundError:
        return ["file not found"]
    except OSError as exc:
        return [f"file cannot be read: {exc.strerror or exc}"]
    return []


# -- writing ----------------------------------------------------------------------------


def to_json_text(kind: str, model: BaseModel) -> str:
    """The file text for ``model``: pretty JSON, non-ASCII kept, the model's field order.

    Written by :func:`pretty_json_fast` (issue 18: the same characters).
    """
    if kind not in KINDS:
        raise ValueError(f"kind: unknown kind {kind!r}")
    envelope = {"schema_version": current_version(kind), "kind": kind,
                "data": model.model_dump(mode="json")}
    return pretty_json_fast(envelope) + "\n"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _new_file_mode() -> int:
    """The mode a plain ``open()`` would give a new file (0666 less the umask)."""
    if os.name != "posix":
        return 0o666
    try:  # Linux says it without changing it (safe with other threads)
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # elsewhere reading the umask means setting it; put it back
    os.umask(mask)
    return 0o666 & ~mask


def _write_temp(folder: Path, name: str, data: bytes, mode: int | None = None) -> Path:
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if mode is not None and os.name == "posix":
                os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp)


def write_target(path: Path) -> Path:
    """The file a save of ``path`` really replaces: a symlink's final target.

    Saving through a link keeps the link (and whatever else points at the
    target) instead of replacing the link with a plain file.
    """
    if not os.path.islink(path):
        return path
    return Path(os.path.realpath(path))


# ``.<name>.<random>.tmp``: what _write_temp leaves behind if the program dies mid-save.
TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^\..+\.json(?:\.bak)?\.[A-Za-z0-9_]+\.tmp$")


def is_leftover_temp(name: str) -> bool:
    """True for the name of a temporary file a save makes (and removes when it ends)."""
    return bool(_TEMP_NAME.match(name))


def atomic_write_bytes(path: Path, data: bytes, previous: bytes | None = None) -> None:
    """Replace ``path`` with ``data`` atomically; keep ``previous`` as ``<name>.bak``.

    A symlink is written through (its target is replaced, the link stays). The
    new file keeps the permissions of the file it replaces (a new file gets
    the usual ones, 0666 less the umask). On any failure the old file is left
    as it was and no temporary file stays.
    """
    path = write_target(path)
    folder = path.parent
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    temps: list[Path] = []
    try:
        new = _write_temp(folder, path.name, data, mode)
        temps.append(new)
        if previous is not None:
            old = _write_temp(folder, path.name + ".bak", previous, mode)
            temps.append(old)
            os.replace(old, backup_path(path))
            temps.remove(old)
        os.replace(new, path)
        temps.remove(new)
    finally:
        for tmp in temps:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    _fsync_dir(folder)


def _check_model(kind: str, model: BaseModel) -> None:
    try:
        cls = model_type(kind)
    except KeyError:
        raise ValueError(f"kind: unknown kind {kind!r}") from None
    if not isinstance(model, cls):
        raise TypeError(f"a {kind} document holds a {cls.__name__}, not "
                        f"{type(model).__name__}")


# Kinds whose files cannot nest deeper than MAX_DEPTH, whatever they hold: their
# models contain no free-form value (a dict of anything) and no type that contains
# itself, so the text written from one needs no depth check (a 200-fighter
# encounter's recovery copy spent a third of its time there; issue 18). A test works
# each one's deepest nesting out from its schema. A battle's turns (``fought``) are
# free-form and still checked; so is every file read from disk.
_SHALLOW_KINDS = frozenset({"character", "catalogue", "encounter", "healing"})


@dataclass(frozen=True)
class PreparedDocument:
    """The bytes :func:`write_document` would write for ``model`` as ``kind``, worked
    out ahead (see :func:`prepare_document`)."""

    kind: str
    model: BaseModel
    data: bytes
    # The SHA-256 of ``data`` (hex), worked out with it: a recovery journal's header
    # names its snapshot's digest (see recovery_journal.JournalWriter).
    digest: str = ""


def _document_bytes(kind: str, model: BaseModel) -> bytes:
    """The file's bytes; _Refused, ValueError or TypeError when it cannot be written."""
    text = to_json_text(kind, model)
    data = text.encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise _Refused(f"the document would be {len(data) / 2**20:.1f} MB; the limit "
                       f"for a YAGS Desk file is {MAX_FILE_BYTES // 2**20} MB")
    if kind not in _SHALLOW_KINDS:
        _check_depth(text)
    return data


def prepare_document(kind: str, model: BaseModel) -> PreparedDocument | None:
    """``model``'s file bytes now, for :func:`write_document` to write later without
    working them out again; None when it would refuse ``model`` (it then says why).

    [decision] The battle board works its first recovery copy out while the GM
    looks at the board, not inside the first step that needs it: a 200-fighter
    encounter's text is most of that copy's cost (issue 18)."""
    _check_model(kind, model)
    try:
        data = _document_bytes(kind, model)
    except (_Refused, ValueError, TypeError):
        return None
    import hashlib  # here: OpenSSL loads with the first prepared copy, not at start-up

    return PreparedDocument(kind, model, data, hashlib.sha256(data).hexdigest())


def write_document(path: Path | str, kind: str, model: BaseModel, *,
                   checked: bool = False, prepared: PreparedDocument | None = None) -> None:
    """Save ``model`` atomically, keeping the previous file as ``<name>.bak``.

    Raises DocumentError, touching nothing, if the model cannot be serialised or
    if ``path`` exists but is not a document this version can read (move such a
    file away with :func:`quarantine` first). OSError from the disk propagates;
    ReadOnlyError (an OSError) when ``path`` is in a folder opened read-only.
    ``checked``: the caller has just read ``path`` as a document (or moved it
    away), so it is not decoded again. ``prepared``: :func:`prepare_document`'s
    answer for this very ``model`` (the same object) and ``kind``, written as it is;
    for any other model it is ignored.
    """
    path = Path(path)
    _check_model(kind, model)
    refuse_if_read_only(path)
    try:
        if prepared is not None and prepared.model is model and prepared.kind == kind:
            data = prepared.data
        else:
            data = _document_bytes(kind, model)
    except _Refused as exc:
        raise DocumentError(path, [f"not saved: {exc}"]) from None
    except (ValueError, TypeError) as exc:  # NaN, lone surrogates, unserialisable values
        raise DocumentError(path, [f"not saved: the document cannot be written as JSON "
                                   f"({exc})"]) from None
    previous: bytes | None = None
    if os.path.lexists(path):
        try:
            previous = read_file_bytes(path)
            if not checked:
                _decode(previous, path, None)
        except (DocumentError, FileNotFoundError) as exc:
            reasons = exc.errors if isinstance(exc, DocumentError) else ["it vanished"]
            raise DocumentError(path, [
                f"{path.name} was not overwritten: it is not a YAGS Desk file this "
                "version can read; move it away first", *reasons]) from None
    atomic_write_bytes(path, data, previous)


def quarantine(path: Path | str) -> Path:
    """Rename an unreadable file to ``<name>.corrupt-<timestamp>`` and return the new path."""
    path = Path(path)
    refuse_if_read_only(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    os.rename(path, target)
    return target
