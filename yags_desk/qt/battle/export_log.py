"""File ▸ Export log…: the board's fight as Markdown, CSV or JSON (issue 17 item 4).

:func:`ask_export_path` asks where (the file type chosen in the dialog gives
the ending when the name has none); :func:`export_board_log` writes through
``storage.log_export`` and says on the board why nothing was written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QFileDialog, QWidget

from yags_desk.rules.errors import RulesError
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.log_export import SUFFIXES, ExportError, LogFormat, export_log

__all__ = ["FILTERS", "ExportHost", "ask_export_path", "export_board_log", "with_suffix"]

# The file dialog's types, in the order shown; the first is the default.
FILTERS: dict[str, LogFormat] = {
    "Markdown, the log sentences by round (*.md)": "md",
    "CSV, one row per event (*.csv)": "csv",
    "JSON, the events (they replay to the same fight) (*.json)": "json",
}


class ExportHost(Protocol):
    def current_encounter(self) -> Encounter: ...
    def refuse(self, message: str) -> None: ...
    def report(self, message: str) -> None: ...


def with_suffix(path: Path, fmt: LogFormat) -> Path:
    """``path`` with the format's ending added when it has none of ours."""
    if path.suffix.lower() in SUFFIXES:
        return path
    return path.with_name(path.name + "." + fmt)


def ask_export_path(parent: QWidget, suggested: Path) -> tuple[Path, LogFormat] | None:
    """Where to write and in which format; None when the GM cancels."""
    name, chosen = QFileDialog.getSaveFileName(parent, "Export log", str(suggested),
                                               ";;".join(FILTERS))
    if not name:
        return None
    path = Path(name)
    fmt = SUFFIXES.get(path.suffix.lower(), FILTERS.get(chosen, "md"))
    return with_suffix(path, fmt), fmt


def export_board_log(host: ExportHost, path: Path, fmt: LogFormat) -> bool:
    """Write the log; on the board, a message saying why when nothing was written."""
    encounter = host.current_encounter()
    try:
        export_log(encounter, path, fmt)
    except ExportError as exc:
        host.refuse(f"Could not export the log. {exc}.")
        return False
    except RulesError as exc:
        host.refuse(f"Could not export the log: the fight does not replay ({exc}).")
        return False
    host.report(f"Exported the log of {encounter.name} to {path}")
    return True
