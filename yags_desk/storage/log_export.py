"""Export a fight's log as Markdown, CSV or JSON (issue 17 item 4).

- Markdown: the log sentences under a heading per round, for a campaign diary.
- CSV: one row per event (:data:`CSV_COLUMNS`), for a spreadsheet.
- JSON: the starting roster and the events themselves; :func:`replay` turns the
  file back into the fight (the same state as the encounter it came from).

Every export goes through :func:`~yags_desk.storage.documents.atomic_write_bytes`:
a folder that cannot be written gives an :class:`ExportError` saying why, and
no file (nor a temporary one) is left behind.
"""

from __future__ import annotations

import csv
import errno
import io
import json
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from yags_desk.rules.combat.events import AddCombatant, event_adapter
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.log_table import log_rows
from yags_desk.rules.options import RulesOptions
from yags_desk.rules.words import counted
from yags_desk.storage.csv_text import guard_formula
from yags_desk.storage.documents import atomic_write_bytes, format_validation_error
from yags_desk.storage.encounter_file import Encounter, encounter_log

__all__ = ["CSV_COLUMNS", "FORMATS", "JSON_FORMAT", "ExportError", "LogFormat", "export_log",
           "format_for_path", "log_csv", "log_json", "log_markdown", "replay", "why_not_written"]

LogFormat = Literal["md", "csv", "json"]
FORMATS: dict[str, str] = {"md": "Markdown", "csv": "CSV", "json": "JSON"}
SUFFIXES: dict[str, LogFormat] = {".md": "md", ".markdown": "md", ".csv": "csv", ".json": "json"}
CSV_COLUMNS = ("number", "round", "event", "actor", "target", "rolls", "result", "log")
JSON_FORMAT = "yags-desk-combat-log"


class ExportError(ValueError):
    """An export that could not be written; the message says why in plain words."""


def format_for_path(path: Path | str, default: LogFormat = "md") -> LogFormat:
    """The format a file name asks for by its ending (``.md``, ``.csv``, ``.json``)."""
    return SUFFIXES.get(Path(path).suffix.lower(), default)


_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#|"})


def log_markdown(encounter: Encounter, log: CombatLog | None = None) -> str:
    """The log sentences under a heading for each round."""
    log = log if log is not None else encounter_log(encounter)
    lines = [f"# {encounter.name.translate(_MD_SPECIAL)}", "",
             f"{encounter.edition} edition, {counted(len(log.events), 'event')}."]
    shown_round: int | None = None
    for row in log_rows(log):
        if row.round != shown_round:
            lines += ["", f"## Round {row.round}", ""]
            shown_round = row.round
        lines.append(f"- {row.sentence.translate(_MD_SPECIAL)}")
    if not log.events:
        lines += ["", "_Nothing has happened yet._"]
    return "\n".join(lines) + "\n"


def log_csv(encounter: Encounter, log: CombatLog | None = None) -> str:
    """One row per event under a header row of :data:`CSV_COLUMNS`."""
    log = log if log is not None else encounter_log(encounter)
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for r in log_rows(log):
        writer.writerow([r.number, r.round, r.kind, guard_formula(r.actor),
                         guard_formula(r.target), r.rolls, guard_formula(r.result),
                         guard_formula(r.sentence)])
    return out.getvalue()


def log_json(encounter: Encounter) -> str:
    """The roster and the events, enough to replay the fight (:func:`replay`)."""
    data = {
        "format": JSON_FORMAT,
        "version": 1,
        "encounter": encounter.name,
        "edition": encounter.edition,
        "options": encounter.options.model_dump(mode="json"),
        "roster": [c.as_event().model_dump(mode="json") for c in encounter.combatants],
        "events": [event_adapter.dump_python(e, mode="json") for e in encounter.events],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def replay(text: str) -> CombatLog:
    """The fight a JSON export holds; ValueError with ``field: problem`` lines if the
    text is not such an export, RulesError if the rules refuse one of its events."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON ({e.msg}, line {e.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise ValueError(f"format: not a combat log exported by YAGS Desk "
                         f"(expected {JSON_FORMAT!r})")
    try:
        options = RulesOptions.model_validate(data.get("options", {}))
        roster = [AddCombatant.model_validate(a) for a in data.get("roster", [])]
        events = [event_adapter.validate_python(e) for e in data.get("events", [])]
    except ValidationError as e:
        raise ValueError("\n".join(format_validation_error(e))) from None
    edition = data.get("edition")
    if edition not in ("classic", "0.8"):
        raise ValueError(f"edition: {edition!r} is not classic or 0.8")
    return CombatLog(edition, events, options, roster=roster)


def why_not_written(path: Path, error: OSError) -> str:
    """An OSError from writing ``path`` in a GM's words."""
    folder = path.parent
    code = error.errno
    if code == errno.ENOENT:
        return f"the folder {folder} does not exist"
    if code == errno.ENOTDIR:
        return f"{folder} is not a folder"
    if code in (errno.EACCES, errno.EPERM):
        return f"you may not write in the folder {folder}"
    if code == errno.EROFS:
        return f"the folder {folder} is on a read-only disk"
    if code == errno.ENOSPC:
        return "the disk is full"
    if code == errno.EISDIR:
        return f"{path} is a folder"
    return error.strerror or str(error)


def _text(encounter: Encounter, fmt: LogFormat) -> str:
    if fmt == "json":
        return log_json(encounter)
    if fmt == "csv":
        return log_csv(encounter)
    return log_markdown(encounter)


def export_log(encounter: Encounter, path: Path | str, fmt: LogFormat | None = None) -> Path:
    """Write the encounter's log to ``path`` in ``fmt`` (default: by the file's
    ending, else Markdown). Raises ExportError naming why nothing was written;
    RulesError if the encounter's events do not replay."""
    path = Path(path)
    fmt = fmt or format_for_path(path)
    data = _text(encounter, fmt).encode("utf-8")
    if path.is_dir():
        raise ExportError(f"Nothing written: {path} is a folder; give a file name")
    try:
        atomic_write_bytes(path, data)
    except OSError as e:
        raise ExportError(f"Nothing written to {path.name}: {why_not_written(path, e)}") from e
    return path
