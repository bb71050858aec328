"""Reading spreadsheet text: whatever separator the file uses.

Spreadsheets in much of Europe save "CSV" with ``;`` between cells (the comma is
their decimal mark); others use ``,`` or a tab. :func:`sniff_rows` lets
``csv.Sniffer`` pick among those three from the start of the text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

from yags_desk.storage.documents import MAX_ERRORS, DocumentError, read_file_bytes

__all__ = ["FORMULA_START", "duplicated_columns", "guard_formula", "read_rows",
           "refuse_if_any", "sniff_rows"]

# Cells a spreadsheet would run as a formula get a leading apostrophe on export.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def guard_formula(text: str) -> str:
    """``text`` for a CSV cell, with an apostrophe before a would-be formula."""
    return "'" + text if text.startswith(FORMULA_START) else text

_SAMPLE = 64 * 1024


def sniff_rows(text: str) -> list[list[str]]:
    """The rows of ``text``, separated by ``,``, ``;`` or a tab as the file does
    (a file the sniffer cannot place, such as a single column, reads as commas).
    Raises csv.Error for text that is not CSV at all."""
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:_SAMPLE], ",;\t")
    except csv.Error:
        dialect = csv.excel
    return list(csv.reader(io.StringIO(text, newline=""), dialect))


def read_rows(path: Path) -> list[tuple[int, list[str]]]:
    """The non-empty rows of the CSV file ``path`` with their line numbers (1 = the
    first), the header first. DocumentError for a file that is not UTF-8, not
    CSV, or empty."""
    raw = read_file_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentError(path, [f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x} at "
                                   f"offset {exc.start}); save it as 'CSV UTF-8'"]) from None
    try:
        rows = sniff_rows(text)
    except csv.Error as exc:
        raise DocumentError(path, [f"not a valid CSV file: {exc}"]) from None
    numbered = [(n, row) for n, row in enumerate(rows, start=1) if any(c.strip() for c in row)]
    if not numbered:
        raise DocumentError(path, ["file is empty"])
    return numbered


def duplicated_columns(header: Sequence[str]) -> list[str]:
    return [f"header: column {h!r} appears twice" for h in sorted(set(header))
            if list(header).count(h) > 1]


def refuse_if_any(path: Path, errors: Sequence[str]) -> None:
    """DocumentError listing ``errors`` (at most MAX_ERRORS, then how many more)."""
    if errors:
        extra = len(errors) - MAX_ERRORS
        raise DocumentError(path, [*errors[:MAX_ERRORS]] + (
            [f"... and {extra} more problems"] if extra > 0 else []))
