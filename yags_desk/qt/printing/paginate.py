"""Page breaks that never cut a table row or strand a heading.

Qt's rich-text layout moves a table row to the next page only when the
row's first line does not fit, so a row of two lines can still be split
across pages; for a combat log that cuts an entry in two. A heading can also
be left alone at the foot of a page.

:func:`paginate` lays the HTML out, finds the first such place in document
order and fixes it in the HTML itself: the table is split before the row
(the second part starts a new page and repeats the header), or the heading
(or the table) starts a new page. Then it lays the new HTML out again, until
nothing is left. Changing the HTML rather than the laid-out document keeps
Qt's layout consistent (formats changed after layout leave it drawing stale
pages). Rows taller than a page are left to split.

What follows a forced page break is laid out the same whatever came before
it, so a document with such breaks (one character sheet a page...) is fixed
part by part, each part laid out on its own, then laid out whole once to
check: the work grows with the pages instead of with their square (issue 18).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtGui import QTextBlock, QTextCursor, QTextDocument, QTextLength, QTextTable

__all__ = ["Issue", "find_issue", "fix_html", "paginate", "paginated_html",
           "straddling_rows"]

_EPSILON = 0.5
MAX_PASSES = 200
_TOKEN = re.compile(r"<(/?)(table|thead|tr|h[1-6])\b[^>]*>", re.IGNORECASE)
_BREAK = "page-break-before: always"
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>")
# Elements a part may not start inside of (it would leave them open).
_CONTAINERS = frozenset({"div", "table", "ul", "ol", "dl", "blockquote", "center", "pre"})
_BODY = re.compile(r"<body\b[^>]*>", re.IGNORECASE)
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)
_ROW = re.compile(r"<tr\b", re.IGNORECASE)


@dataclass(frozen=True)
class Issue:
    """What to fix: ``kind`` "row" (split table ``index`` before ``row``), "table"
    (table ``index`` starts a page) or "heading" (heading ``index`` starts a page)."""

    kind: str
    index: int
    row: int = 0


# --- measuring the laid-out document -------------------------------------------------


def _span(doc: QTextDocument, first: int, last: int) -> tuple[float, float] | None:
    """Top of the first and bottom of the last line laid out between two positions."""
    layout = doc.documentLayout()
    top: float | None = None
    bottom: float | None = None
    block = doc.findBlock(first)
    while block.isValid() and block.position() <= last:
        rect = layout.blockBoundingRect(block)
        lines = block.layout()
        for i in range(lines.lineCount()):
            line = lines.lineAt(i)
            y0 = rect.top() + line.y()
            y1 = y0 + line.height()
            top = y0 if top is None else min(top, y0)
            bottom = y1 if bottom is None else max(bottom, y1)
        block = block.next()
    if top is None or bottom is None:
        return None
    return top, bottom


def _row_span(doc: QTextDocument, table: QTextTable, r: int) -> tuple[float, float] | None:
    return _span(doc, table.cellAt(r, 0).firstPosition(),
                 table.cellAt(r, table.columns() - 1).lastPosition())


def _page(y: float, height: float) -> int:
    return int(y // height)


def _straddles(span: tuple[float, float], height: float) -> bool:
    top, bottom = span
    return (_page(top, height) != _page(bottom - _EPSILON, height)
            and bottom - top < height * 0.9)


def _table_of(doc: QTextDocument, block: QTextBlock) -> QTextTable | None:
    """The top-level table ``block`` lies in, if any.

    Written with currentFrame() and a walk that stops at the root frame:
    PySide6 6.12 loses a reference to None each time currentTable() or the
    root's parentFrame() answers "none", which crashes Python after a few
    thousand calls.
    """
    root = doc.rootFrame()
    frame = QTextCursor(block).currentFrame()
    table: QTextTable | None = None
    while frame is not None and frame != root:
        if isinstance(frame, QTextTable):
            table = frame
        frame = frame.parentFrame()
    return table


def _items(doc: QTextDocument) -> list[QTextBlock | QTextTable]:
    """Top-level blocks and tables (not nested ones) in document order."""
    out: list[QTextBlock | QTextTable] = []
    block = doc.begin()
    while block.isValid():
        table = _table_of(doc, block)
        if table is not None:
            out.append(table)
            block = doc.findBlock(table.lastPosition() + 1)
            if block.isValid() and block.position() <= table.lastPosition():
                break  # the table ends the document
            continue
        out.append(block)
        block = block.next()
    return out


def _cut_rows_one_by_one(doc: QTextDocument, table: QTextTable, first: int,
                         height: float) -> Iterator[int]:
    """The rows from ``first`` on that a page break cuts, each row looked at."""
    for r in range(first, table.rows()):
        span = _row_span(doc, table, r)
        if span is not None and _straddles(span, height):
            yield r


def straddling_rows(doc: QTextDocument) -> list[tuple[int, int]]:
    """(table number, row) of every row split across pages, each row looked at."""
    height = doc.pageSize().height()
    tables = [x for x in _items(doc) if isinstance(x, QTextTable)]
    return [(t, r) for t, table in enumerate(tables)
            for r in _cut_rows_one_by_one(doc, table, 0, height)]


# Tables with fewer rows are looked at row by row.
_BISECT_ROWS = 40


def _plain(table: QTextTable) -> bool:
    """Whether no cell of ``table`` spans rows or columns."""
    for r in range(table.rows()):
        for c in range(table.columns()):
            cell = table.cellAt(r, c)
            if cell.rowSpan() != 1 or cell.columnSpan() != 1:
                return False
    return True


def _cut_rows(doc: QTextDocument, table: QTextTable, first: int,
              height: float) -> Iterator[int]:
    """The rows from ``first`` on that a page break cuts, in order.

    In a table without merged cells Qt lays each row out below the one before,
    so the lines of one row all lie above those of the next: a row is cut by the
    break at y only if it is the last row that starts above y. So only that row
    is looked at for each page break the table crosses, found by bisection,
    instead of every row (a long log has fifty rows a page; issue 18). Other
    tables, and short ones, are looked at row by row.
    """
    rows = table.rows()
    if rows - first < _BISECT_ROWS or not _plain(table):
        yield from _cut_rows_one_by_one(doc, table, first, height)
        return
    spans: dict[int, tuple[float, float] | None] = {}

    def span(r: int) -> tuple[float, float] | None:
        if r not in spans:
            spans[r] = _row_span(doc, table, r)
        return spans[r]

    start, end = span(first), span(rows - 1)
    if start is None or end is None:
        yield from _cut_rows_one_by_one(doc, table, first, height)
        return
    done = first  # no row before this one is left to look at
    for page in range(_page(start[0], height) + 1, _page(end[1] - _EPSILON, height) + 1):
        y = page * height
        lo, hi = done, rows  # the last row starting above y, in [lo, hi)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            here = span(mid)
            if here is None:  # no line to place it by: row by row from here
                yield from _cut_rows_one_by_one(doc, table, done, height)
                return
            if here[0] < y:
                lo = mid
            else:
                hi = mid
        here = span(lo)
        if here is None:
            yield from _cut_rows_one_by_one(doc, table, done, height)
            return
        if here[0] < y:
            if _straddles(here, height):
                yield lo
            done = lo + 1
        # else no row starts above y past ``done``: the break falls between rows


def _issues(doc: QTextDocument) -> Iterator[Issue]:
    """Every row cut by a page break and heading left at a page's foot, in
    document order (worked out as they are asked for)."""
    height = doc.pageSize().height()
    if height <= 0:
        raise ValueError("page size: set the document's page size first")
    tables = headings = 0
    heading: tuple[int, QTextBlock] | None = None  # the heading just passed
    for item in _items(doc):
        first = item.firstPosition() if isinstance(item, QTextTable) else item.position()
        if heading is not None:
            own = _span(doc, heading[1].position(), heading[1].position())
            here = _span(doc, first, first)
            if own and here and _page(own[0], height) < _page(here[0], height):
                yield Issue("heading", heading[0])
            heading = None
        if isinstance(item, QTextTable):
            headers = item.format().headerRowCount()
            for r in _cut_rows(doc, item, headers, height):
                yield Issue("table", tables) if r == headers else Issue("row", tables, r)
            tables += 1
            continue
        if item.blockFormat().headingLevel() > 0:
            heading = (headings, item)
            headings += 1


def find_issue(doc: QTextDocument, skip: frozenset[Issue] = frozenset()) -> Issue | None:
    """The first row cut by a page break or heading left at a page's foot."""
    return next((issue for issue in _issues(doc) if issue not in skip), None)


# --- fixing the HTML ------------------------------------------------------------------


def _with_break(tag: str) -> str:
    """An opening tag that starts a new page."""
    if _BREAK in tag:
        return tag
    m = re.search(r'style\s*=\s*"', tag, re.IGNORECASE)
    if m:
        return tag[:m.end()] + _BREAK + "; " + tag[m.end():]
    return tag[:-1].rstrip("/") + f' style="{_BREAK}">'


def _without_break(tag: str) -> str:
    """An opening tag as it was before :func:`_with_break` gave it its break."""
    alone = f' style="{_BREAK}"'
    if alone in tag:
        return tag.replace(alone, "", 1)
    if _BREAK + "; " in tag:
        return tag.replace(_BREAK + "; ", "", 1)
    return tag.replace(_BREAK, "", 1)


@dataclass
class _Table:
    start: tuple[int, int]  # span of the opening tag
    rows: list[int]  # offsets of the rows' opening tags, header rows first
    thead: str = ""


@lru_cache(maxsize=4)
def _scan(html: str) -> tuple[tuple[_Table, ...], tuple[tuple[int, int], ...]]:
    """Top-level tables and headings (their opening tags), in document order.

    Kept for the last few documents: every issue of one layout is tried on the
    same HTML, and scanning thirty sheets' HTML once per sheet took a quarter of
    a second (issue 18).
    """
    tables: list[_Table] = []
    headings: list[tuple[int, int]] = []
    depth = 0
    thead_start: int | None = None
    for m in _TOKEN.finditer(html):
        closing, name = m.group(1), m.group(2).lower()
        if name == "table":
            if closing:
                depth -= 1
            else:
                depth += 1
                if depth == 1:
                    tables.append(_Table((m.start(), m.end()), []))
        elif name[0] == "h" and name != "thead":
            if not closing and depth == 0:  # headings inside tables are not looked at
                headings.append((m.start(), m.end()))
        elif depth == 1 and tables:
            if name == "thead":
                if closing and thead_start is not None:
                    tables[-1].thead = html[thead_start:m.end()]
                    thead_start = None
                elif not closing:
                    thead_start = m.start()
            elif name == "tr" and not closing:
                tables[-1].rows.append(m.start())
    return tuple(tables), tuple(headings)


def fix_html(html: str, issue: Issue) -> str:
    """``html`` with ``issue`` fixed by a page break (and a table split for a row)."""
    tables, headings = _scan(html)
    if issue.kind == "heading":
        start, end = headings[issue.index]
        return html[:start] + _with_break(html[start:end]) + html[end:]
    table = tables[issue.index]
    start, end = table.start
    opening = _with_break(html[start:end])
    if issue.kind == "table":
        return html[:start] + opening + html[end:]
    cut = table.rows[issue.row]
    return html[:cut] + "</table>" + opening + table.thead + html[cut:]


def _part_starts(body: str) -> list[int]:
    """Offsets in ``body`` where a top-level element starting a new page begins
    (or the containers opened just before it, with nothing else in between)."""
    starts: list[int] = []
    depth = 0
    bare_from: int | None = None  # where the containers opened with nothing in them began
    last_end = 0
    for m in _TAG.finditer(body):
        if body[last_end:m.start()].strip():
            bare_from = None  # text came before this tag
        last_end = m.end()
        closing, name = m.group(1), m.group(2).lower()
        tag = m.group(0)
        if not closing and _BREAK in tag:
            if depth == 0:
                starts.append(m.start())
            elif bare_from is not None:
                starts.append(bare_from)
            bare_from = None
        if name in _CONTAINERS:
            if closing:
                depth = max(0, depth - 1)
                bare_from = None
            else:
                if depth == 0:
                    bare_from = m.start()
                depth += 1
        elif _BREAK not in tag:
            bare_from = None
    return sorted(set(s for s in starts if s > 0))


def _fix_all(html: str, layout: Callable[[str], QTextDocument],
             doc: QTextDocument | None = None) -> tuple[str, QTextDocument]:
    """``html`` with every cut row and stranded heading fixed (or after MAX_PASSES
    fixes), and its layout.

    Issues are fixed in document order. One the HTML already answers (a heading
    that starts a page by itself, which Qt still reports) or that a fix did not
    help (a row as tall as the page) is left, and the search goes on from there
    in the same layout; only a change to the HTML lays it out again.
    """
    skip: set[Issue] = set()
    last: Issue | None = None
    doc = layout(html) if doc is None else doc  # ``doc``: ``html`` laid out already
    passes = 0
    while passes < MAX_PASSES:
        for issue in _issues(doc):
            if issue in skip:
                continue
            if issue == last:  # the fix did not help; leave it
                skip.add(issue)
                passes += 1
                continue
            fixed = fix_html(html, issue)
            if fixed == html:  # nothing to change: the same layout again
                skip.add(issue)
                last = issue
                passes += 1
                continue
            html, last = fixed, issue
            doc = layout(html)
            passes += 1
            break
        else:
            return html, doc
    return html, doc


def _break_at(html: str, issue: Issue) -> int:
    """Where the part starting a new page begins in ``html``, once ``issue`` is fixed
    in it (the heading or table with the break; the second half of a split table)."""
    tables, headings = _scan(html)
    if issue.kind == "heading":
        return headings[issue.index][0]
    return tables[issue.index + (1 if issue.kind == "row" else 0)].start[0]


def _fix_flow(body: str, head: str, tail: str, layout: Callable[[str], QTextDocument],
              *, own_break: bool, known: tuple[str, QTextDocument] | None = None) -> str:
    """``body`` (between ``head`` and ``tail``) with its issues fixed in order.

    After each fix only what follows the new page break is laid out again: what
    comes before it stays as it was laid out; of a long table, only its next pages
    (see the windows below). A part that starts with a page
    break (``own_break``) is laid out without it (on a document's first block Qt
    sets the block apart from the next) and gets it back; an issue whose fix
    would only give that first element its break is left, as it is when the
    whole document is looked at (the break is there already). ``known``: a
    document laid out already, (its HTML, its layout).
    """
    done: list[str] = []
    passes = 0
    reference = known
    per_page = _chars_per_page(known)
    while True:
        prefix = bare_prefix = ""
        rest = body
        if own_break:
            first = next((m for m in _TAG.finditer(body) if _BREAK in m.group(0)), None)
            if first is not None:
                bare = _without_break(first.group(0))
                prefix, bare_prefix = body[:first.end()], body[:first.start()] + bare
                rest = body[first.end():]
        whole = head + bare_prefix + rest + tail
        found: tuple[str, int] | None = None
        pages = _WINDOW_PAGES
        while True:
            window = None if known is not None or per_page is None else _window(
                whole, len(head) + len(bare_prefix) + per_page * pages, reference)
            if window is not None:
                doc = layout(window[0])
                if not window[1](doc):
                    # Its columns are not the whole table's: lay the rest out whole,
                    # and this part's rest from now on.
                    window = None
                    per_page = None
            if window is None:
                doc = known[1] if known is not None and known[0] == whole else layout(whole)
            known = None
            start_passes = passes
            for issue in _issues(doc):
                if passes >= MAX_PASSES:
                    break
                fixed = fix_html(whole, issue)
                part = fixed[len(head):len(fixed) - len(tail)]
                passes += 1
                if fixed == whole or not part.startswith(bare_prefix):
                    continue  # nothing to change here (see above)
                found = (prefix + part[len(bare_prefix):],
                         _break_at(fixed, issue) - len(head) - len(bare_prefix) + len(prefix))
                break
            if found is not None or window is None or passes >= MAX_PASSES:
                break
            passes = start_passes  # nothing in the window: a longer one, the same search
            pages *= 2
        if found is None:
            done.append(body)
            return "".join(done)
        body, cut = found
        done.append(body[:cut])
        body, own_break = body[cut:], True


# --- laying out only the next pages after a fix -----------------------------------------
#
# After a page-break fix, what follows the new break is laid out again to find the
# next issue. A long log's table runs on for many pages past it, and the next issue
# is usually a few pages on; so only the next pages are laid out (the table cut at a
# row, closed), doubling until an issue shows or the whole rest is laid out. Rows
# before the cut are laid out as in the whole rest when the table's columns come out
# as wide: Qt places each row below the one before, and sizes the columns over the
# rows it has. [decision] A window is used only for a table whose width is set and
# whose columns all have set widths but at most one (then a column's width can only
# grow with more rows, and the free column takes what is left), and only when its
# columns in the window are exactly those of the whole table in the first layout:
# the whole rest lies between the two, so its columns are those too (issue 18).

_WINDOW_PAGES = 5


def _chars_per_page(known: tuple[str, QTextDocument] | None) -> int | None:
    if known is None:
        return None
    pages = known[1].pageCount()
    return max(1, len(known[0]) // max(1, pages))


def _columns(doc: QTextDocument, index: int, row: int) -> list[tuple[float, float]] | None:
    """Left edge and width of each cell of row ``row`` of top-level table ``index``,
    or None when the table is not one a window may cut (see above)."""
    tables = [x for x in _items(doc) if isinstance(x, QTextTable)]
    if index >= len(tables):
        return None
    table = tables[index]
    fmt = table.format()
    if fmt.width().type() == QTextLength.Type.VariableLength or row >= table.rows():
        return None
    widths = list(fmt.columnWidthConstraints())
    free = table.columns() - len(widths) + sum(
        1 for w in widths if w.type() == QTextLength.Type.VariableLength)
    if free > 1:
        return None
    layout = doc.documentLayout()
    out = []
    for c in range(table.columns()):
        cell = table.cellAt(row, c)
        if cell.rowSpan() != 1 or cell.columnSpan() != 1:
            return None
        rect = layout.blockBoundingRect(cell.firstCursorPosition().block())
        out.append((rect.left(), rect.width()))
    return out


def _window(whole: str, target: int, reference: tuple[str, QTextDocument] | None,
            ) -> tuple[str, Callable[[QTextDocument], bool]] | None:
    """``whole`` cut at the first row at or past ``target`` of a long top-level table
    (closed there), and a check that the window's layout gives that table the
    columns it has in ``reference`` (the first layout); None where no cut fits."""
    if reference is None:
        return None
    tables, _ = _scan(whole)
    for index, table in enumerate(tables):
        if not table.rows or table.rows[-1] < target:
            continue
        if table.start[0] > target:
            return None  # the target is not inside a table
        heads = len(_ROW.findall(table.thead))
        at = max(bisect_left(table.rows, target), heads + 2)
        if at >= len(table.rows) or _open_containers(whole, table.start[0]):
            return None
        row_html = whole[table.rows[heads]:table.rows[heads + 1]]
        ref_html, ref_doc = reference
        match = _table_row(ref_html, row_html)
        if match is None:
            return None
        ref_index, ref_row = match
        cut = table.rows[at]
        end = _BODY_END.search(whole, cut)
        if end is None:
            return None
        text = whole[:cut] + "</table>" + whole[end.start():]

        wanted = _columns(ref_doc, ref_index, ref_row)
        if wanted is None:
            return None

        def same_columns(doc: QTextDocument, index: int = index, heads: int = heads,
                         wanted: list[tuple[float, float]] = wanted) -> bool:
            return _columns(doc, index, heads) == wanted

        return text, same_columns
    return None


def _open_containers(html: str, end: int) -> bool:
    """Whether an element a part may not start inside of is open at ``end``."""
    body = _BODY.search(html)
    depth = 0
    for m in _TAG.finditer(html, body.end() if body else 0, end):
        if m.group(2).lower() in _CONTAINERS:
            depth += -1 if m.group(1) else 1
    return depth > 0


def _table_row(html: str, row_html: str) -> tuple[int, int] | None:
    """(table, row) of the one row of ``html``'s top-level tables that is ``row_html``."""
    at = html.find(row_html)
    if at < 0 or html.find(row_html, at + 1) >= 0:
        return None
    tables, _ = _scan(html)
    for index, table in enumerate(tables):
        i = bisect_left(table.rows, at)
        if i < len(table.rows) and table.rows[i] == at:
            return index, i
    return None


def _fix_by_parts(html: str, layout: Callable[[str], QTextDocument],
                  doc: QTextDocument | None = None) -> str:
    """``html`` with each part between forced page breaks fixed on its own, and
    after each fix only the rest of its part laid out again (``doc``: ``html``
    laid out already)."""
    body = _BODY.search(html)
    end = _BODY_END.search(html, body.end()) if body else None
    if body is None or end is None:
        return html
    head, inner, tail = html[:body.end()], html[body.end():end.start()], html[end.start():]
    bounds = [0, *_part_starts(inner), len(inner)]
    parts = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        part = inner[a:b]
        if part.strip():
            part = _fix_flow(part, head, tail, layout, own_break=a > 0,
                             known=(html, doc) if doc is not None else None)
        parts.append(part)
    return head + "".join(parts) + tail


def _needs_changes(html: str, doc: QTextDocument) -> bool:
    """Whether some issue of ``doc`` needs the HTML changed (not just left)."""
    return any(fix_html(html, issue) != html for issue in _issues(doc))


def paginated_html(html: str,
                   layout: Callable[[str], QTextDocument]) -> tuple[str, QTextDocument]:
    """``html`` with its page breaks fixed, and the document ``layout`` makes of it."""
    doc = layout(html)
    if not _needs_changes(html, doc):
        return html, doc
    by_parts = _fix_by_parts(html, layout, doc)
    # The whole document once more: it must show nothing left to change (else
    # what is left is fixed the slow way, over the whole document).
    return _fix_all(by_parts, layout, doc if by_parts == html else None)


def paginate(html: str, layout: Callable[[str], QTextDocument]) -> QTextDocument:
    """The document ``layout`` makes of ``html`` once no row is cut and no heading
    stranded (or after MAX_PASSES fixes)."""
    return paginated_html(html, layout)[1]
