"""Keep table rows and headings whole across page breaks in a QTextDocument.

Qt's rich-text layout moves a table row to the next page only when its
first line does not fit; a row of two lines can still be split, its second
line on the next page. For a combat log that cuts an entry in two, so after
layout each row that straddles a page break is pushed to the next page by
padding the row above it down to the page's end (what Qt does itself for a
row it moves). A heading left alone at the foot of a page moves with what
follows it. Rows taller than a page are left to split.
"""

from __future__ import annotations

from PySide6.QtGui import (
    QTextBlock,
    QTextCursor,
    QTextDocument,
    QTextFrame,
    QTextFrameFormat,
    QTextTable,
)

__all__ = ["keep_together", "straddling_rows"]

_EPSILON = 0.5


def _blocks(doc: QTextDocument, first: int, last: int) -> list[QTextBlock]:
    out = []
    block = doc.findBlock(first)
    while block.isValid() and block.position() <= last:
        out.append(block)
        block = block.next()
    return out


def _span(doc: QTextDocument, first: int, last: int) -> tuple[float, float] | None:
    """Top of the first and bottom of the last line between two positions."""
    layout = doc.documentLayout()
    top: float | None = None
    bottom: float | None = None
    for block in _blocks(doc, first, last):
        rect = layout.blockBoundingRect(block)
        lines = block.layout()
        for i in range(lines.lineCount()):
            line = lines.lineAt(i)
            y0 = rect.top() + line.y()
            y1 = y0 + line.height()
            top = y0 if top is None else min(top, y0)
            bottom = y1 if bottom is None else max(bottom, y1)
    if top is None or bottom is None:
        return None
    return top, bottom


def _row_span(doc: QTextDocument, table: QTextTable, r: int) -> tuple[float, float] | None:
    first = table.cellAt(r, 0).firstPosition()
    last = table.cellAt(r, table.columns() - 1).lastPosition()
    return _span(doc, first, last)


def _page(y: float, height: float) -> int:
    return int(y // height)


def _top_tables(frame: QTextFrame) -> list[QTextTable]:
    """Tables not nested in another table, in document order."""
    out: list[QTextTable] = []
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            out.append(child)
        else:
            out.extend(_top_tables(child))
    return out


def _straddles(span: tuple[float, float], height: float) -> bool:
    top, bottom = span
    return (_page(top, height) != _page(bottom - _EPSILON, height)
            and bottom - top < height * 0.9)


def straddling_rows(doc: QTextDocument) -> list[tuple[int, int]]:
    """(table number, row) of every row split across pages (none after keep_together)."""
    height = doc.pageSize().height()
    out = []
    for t, table in enumerate(_top_tables(doc.rootFrame())):
        for r in range(table.rows()):
            span = _row_span(doc, table, r)
            if span is not None and _straddles(span, height):
                out.append((t, r))
    return out


def _push_down(table: QTextTable, r: int, span: tuple[float, float], height: float) -> None:
    """Pad row ``r - 1`` so that row ``r`` starts on the next page."""
    need = (_page(span[0], height) + 1) * height - span[0] + 1
    for c in range(table.columns()):
        cell = table.cellAt(r - 1, c)
        fmt = cell.format().toTableCellFormat()
        fmt.setBottomPadding(fmt.bottomPadding() + need)
        cell.setFormat(fmt)


def _break_before(block: QTextBlock) -> None:
    fmt = block.blockFormat()
    fmt.setPageBreakPolicy(fmt.pageBreakPolicy()
                           | QTextFrameFormat.PageBreakFlag.PageBreak_AlwaysBefore)
    QTextCursor(block).setBlockFormat(fmt)


def _break_table(table: QTextTable) -> None:
    fmt = table.format()
    fmt.setPageBreakPolicy(fmt.pageBreakPolicy()
                           | QTextFrameFormat.PageBreakFlag.PageBreak_AlwaysBefore)
    table.setFormat(fmt)


def _outermost(table: QTextTable) -> QTextTable:
    frame: QTextFrame | None = table.parentFrame()
    while frame is not None:
        if isinstance(frame, QTextTable):
            table = frame
        frame = frame.parentFrame()
    return table


def _keep_rows(doc: QTextDocument, table: QTextTable, height: float,
               heading: QTextBlock | None) -> int:
    """Push each straddling row of ``table`` to the next page; the number pushed."""
    fixes = 0
    headers = table.format().headerRowCount()
    for r in range(headers, table.rows()):
        span = _row_span(doc, table, r)
        if span is None or not _straddles(span, height):
            continue
        fixes += 1
        if r == headers:
            # The first row goes to the next page with the header and the heading.
            if heading is not None:
                _break_before(heading)
            else:
                _break_table(table)
        else:
            _push_down(table, r, span, height)
    return fixes


def keep_together(doc: QTextDocument) -> int:
    """Move straddling rows and lonely headings to the next page; the number moved.

    One pass in document order, so a change only moves what comes after it,
    which is checked afterwards. The document must have its page size set.
    """
    height = doc.pageSize().height()
    if height <= 0:
        raise ValueError("page size: set the document's page size before keeping rows whole")
    fixes = 0
    heading: QTextBlock | None = None
    block = doc.begin()
    while block.isValid():
        table = QTextCursor(block).currentTable()
        if table is not None:
            table = _outermost(table)
            fixes += _keep_rows(doc, table, height, heading)
            heading = None
            block = doc.findBlock(table.lastPosition() + 1)
            continue
        if heading is not None:
            own = _span(doc, heading.position(), heading.position())
            here = _span(doc, block.position(), block.position())
            if own and here and _page(own[0], height) < _page(here[0], height):
                _break_before(heading)
                fixes += 1
        heading = block if block.blockFormat().headingLevel() > 0 else None
        block = block.next()
    return fixes
