"""Reading spreadsheet text: whatever separator the file uses.

Spreadsheets in much of Europe save "CSV" with ``;`` between cells (the comma is
their decimal mark); others use ``,`` or a tab. :func:`sniff_rows` lets
``csv.Sniffer`` pick among those three from the start of the text.
"""

from __future__ import annotations

import csv
import io

__all__ = ["sniff_rows"]

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
