"""Printed tables draw the lines their collapsed borders ask for, with separate borders.

The printing path (render._layout) gives every table with collapsed borders
(``table.grid``, printing.style) separate borders that draw the same lines,
because Qt lays out and draws collapsed borders much more slowly (issue 18).
These tests hold the printed lines against what Qt draws for the same HTML
with its own collapsed borders.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QImage,
    QPainter,
    QTextCursor,
    QTextDocument,
    QTextFrameFormat,
    QTextTable,
    QTransform,
)

from tests.printing.samples import sample
from yags_desk.printing.npc import npc_blocks
from yags_desk.printing.style import SPACER, document, row, table
from yags_desk.qt.printing import render

SCALE = 4  # drawn at four times 96 dpi, so a one-pixel line is four rows of pixels

# A header of two rows (a cell spanning both rows, one spanning two columns), a
# header cell in a darker line than the body's, and body rows of one and two lines.
HEADER = ('<tr><th rowspan="2">Name</th><th colspan="2">Track</th><th rowspan="2">'
          "Notes</th></tr><tr><th>Wounds</th><th>Stuns</th></tr>")
BODY = "".join(row([f"Bandit {i}", str(i % 6), str(i % 4),
                    "Knocked down at the ford and bleeding, out of the fight until"
                    " someone binds the wound" if i % 3 == 0 else ""])
               for i in range(8))
HTML = document("Borders", '<table class="grid" width="100%" cellspacing="0" '
                f'cellpadding="2"><thead>{HEADER}</thead>{BODY}</table>{SPACER}'
                + table([row(["Round", "1"]), row(["Initiative", "14"])]))


def _collapsed(html: str, width: float, height: float) -> QTextDocument:
    """``html`` laid out as the printing path did before issue 18 changed it: Qt's
    own collapsed borders."""
    doc = render._blank_document()
    device = render._layout_device()
    doc.documentLayout().setPaintDevice(device)
    doc.setProperty("_device", device)
    doc.setPageSize(QSizeF(width, height))
    QTextCursor(doc).insertHtml(html)
    return doc


def _tables(doc: QTextDocument) -> list[QTextTable]:
    return list(render._tables(doc.rootFrame()))


def _drawn(doc: QTextDocument) -> QImage:
    """The first page of ``doc``, drawn at SCALE times its size in shades of grey."""
    size = doc.pageSize()
    image = QImage(int(size.width() * SCALE), int(size.height() * SCALE),
                   QImage.Format.Format_RGB32)
    image.fill(QColor(Qt.GlobalColor.white))
    painter = QPainter(image)
    painter.scale(SCALE, SCALE)
    context = QAbstractTextDocumentLayout.PaintContext()
    context.clip = QRectF(QPointF(0, 0), size)
    doc.documentLayout().draw(painter, context)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_Grayscale8)


# Pixel value -> 1 where a line is drawn (border greys, not the header's fill or white).
_DARK = bytes(1 if value < 200 else 0 for value in range(256))


def _lines(image: QImage) -> list[tuple[float, int]]:
    """Each horizontal line of ``image`` (unbroken over 16 pixels at 96 dpi): its
    middle in 96-dpi pixels and the darkest grey of its longest stretch there."""
    width, stride = image.width(), image.bytesPerLine()
    data = bytes(image.constBits())
    run = re.compile(b"\x01{%d,}" % (16 * SCALE))  # no stroke of a letter is as long
    found: dict[int, bytes] = {}  # pixel row -> its longest stretch of line
    for y in range(image.height()):
        pixels = data[y * stride:y * stride + width]
        stretches = [m.span() for m in run.finditer(pixels.translate(_DARK))]
        if stretches:
            first, last = max(stretches, key=lambda span: span[1] - span[0])
            found[y] = pixels[first:last]
    out: list[tuple[float, int]] = []
    rows = sorted(found)
    while rows:
        start = end = rows.pop(0)
        while rows and rows[0] == end + 1:
            end = rows.pop(0)
        out.append(((start + end) / 2 / SCALE, min(found[(start + end) // 2])))
    return out


def _matches(printed: list[tuple[float, int]], qt: list[tuple[float, int]],
             moved: dict[int, float] | None = None) -> None:
    """Each line where Qt draws it, in the same grey; those numbered in ``moved``
    exactly that many 96-dpi pixels lower (or further right)."""
    assert len(printed) == len(qt), (printed, qt)
    for i, ((at, grey), (qt_at, qt_grey)) in enumerate(zip(printed, qt, strict=True)):
        assert (at, grey) == (qt_at + (moved or {}).get(i, 0.0), qt_grey), (i, printed, qt)


# The grid's top line, a pixel lower (inside the header, where Qt draws it just
# above), and the line under its header, third from the top, a pixel higher (the
# header's own bottom pixel row, where Qt draws it just below): see
# render._separate_borders.
_HEADER_LINES = {0: 1.0, 2: -1.0}


def test_the_printed_grid_has_qts_collapsed_lines(qapp: object) -> None:
    width, height = 500.0, 600.0
    printed = _drawn(render._layout(HTML, width, height))
    qt = _drawn(_collapsed(HTML, width, height))
    rows = _lines(printed)
    # Both tables' top and bottom, a line between the header's two rows (under
    # "Track"), under the header and between each body row.
    assert len(rows) == (3 + 8) + (2 + 1), rows
    # Those lines where Qt draws them, but for the header's two.
    _matches(rows, _lines(qt), _HEADER_LINES)
    # Every vertical line: the tables' outer edges and each column's.
    turn = QTransform().rotate(90)
    columns = _lines(printed.transformed(turn))
    # The left edge, three lines inside the first table, one in the second, the right.
    assert len(columns) == 6, columns
    _matches(columns, _lines(qt.transformed(turn)))


def test_the_header_keeps_its_darker_line(qapp: object) -> None:
    """The line under the header is the header's (#777), not the body's (#999),
    as Qt's collapsed borders draw it: the upper cell's border wins a tie."""
    rows = _lines(_drawn(render._layout(HTML, 500.0, 600.0)))
    top, _between_header_rows, under_header, first_body_line = rows[:4]
    assert top[1] == under_header[1] == QColor("#777777").lightness()
    assert first_body_line[1] == QColor("#999999").lightness()


def test_only_inner_edges_lose_their_border(qapp: object) -> None:
    doc = QTextDocument()
    QTextCursor(doc).insertHtml(HTML)
    before = [(t.cellAt(r, c).format().toTableCellFormat()) for t in _tables(doc)
              for r in range(t.rows()) for c in range(t.columns())]
    assert all(f.topBorder() == f.leftBorder() == 1 for f in before)  # 0.6px, as Qt rounds
    render._separate_borders(doc)
    grid = _tables(doc)[0]
    assert not grid.format().borderCollapse()
    for r in range(grid.rows()):
        for c in range(grid.columns()):
            cell = grid.cellAt(r, c)
            f = cell.format().toTableCellFormat()
            if cell.row() == 2:  # under the header: the top edge given back, not drawn
                assert f.topBorder() == 1, (r, c)
                assert f.topBorderStyle() == QTextFrameFormat.BorderStyle.BorderStyle_None
            else:
                assert f.topBorder() == (1 if cell.row() == 0 else 0), (r, c)
            assert f.leftBorder() == (1 if cell.column() == 0 else 0), (r, c)
            assert f.rightBorder() == f.bottomBorder() == 1, (r, c)
    name = grid.cellAt(1, 0)  # spans both header rows: one cell, changed once
    assert name.row() == 0 and name.format().toTableCellFormat().topPadding() > 0


def test_tables_with_separate_borders_are_left_alone(qapp: object) -> None:
    """NPC blocks sit in a table of boxes spaced apart, which keeps its borders."""
    doc = QTextDocument()
    QTextCursor(doc).insertHtml(npc_blocks([sample("bandit"), sample("wolf")]))
    outer = [t for t in _tables(doc) if t.format().cellSpacing() > 0]
    assert outer
    render._separate_borders(doc)
    for t in outer:
        f = t.cellAt(0, 1).format().toTableCellFormat()
        assert f.leftBorder() > 0 and f.topBorder() > 0
    # The stat tables inside the boxes are collapsed ones, each under a header:
    # separated.
    assert not any(t.format().borderCollapse() for t in _tables(doc))


def test_a_grid_without_a_header_keeps_collapsed_borders(qapp: object) -> None:
    """Qt keeps a grid's bottom edge free at the foot of every page it reaches; a
    separated grid can give that back only from under a header, so one without a
    header is left to Qt."""
    doc = QTextDocument()
    QTextCursor(doc).insertHtml(HTML)
    grid, plain = _tables(doc)[:2]
    render._separate_borders(doc)
    assert not grid.format().borderCollapse()
    assert plain.format().borderCollapse()
    assert plain.cellAt(1, 0).format().toTableCellFormat().topBorder() > 0


def test_spacing_the_collapsed_table_ignored_stays_ignored(qapp: object) -> None:
    """Cell spacing asked of a collapsed table changes nothing on Qt's page; the
    separated table does not start spacing its cells either."""
    spaced = HTML.replace('cellspacing="0"', 'cellspacing="4"')
    assert spaced != HTML
    printed = _drawn(render._layout(spaced, 500.0, 600.0))
    qt = _drawn(_collapsed(spaced, 500.0, 600.0))
    _matches(_lines(printed), _lines(qt), _HEADER_LINES)


def test_a_table_framed_by_its_own_border_keeps_collapsed_borders(qapp: object) -> None:
    doc = QTextDocument()
    QTextCursor(doc).insertHtml(document(
        "Framed", '<table class="grid" border="1" width="100%" cellspacing="0" '
        f'cellpadding="2"><thead>{HEADER}</thead>{BODY}</table>{SPACER}'
        + table([row(["Round", "1"])], header=["Turn", "Roll"])))
    framed, plain = _tables(doc)[:2]
    assert framed.format().border() > 0 and framed.format().borderCollapse()
    render._separate_borders(doc)
    assert framed.format().borderCollapse()  # left to Qt
    assert framed.cellAt(3, 2).format().toTableCellFormat().topBorder() > 0
    assert not plain.format().borderCollapse()


def test_a_table_a_pixel_wider_than_the_page_keeps_its_right_line(qapp: object) -> None:
    """Qt rounds a table's columns to whole pixels, so a table as wide as the page
    can end a pixel or two past it: its right line is still printed."""
    width, height = 500.0, 300.0
    html = document("Wide", table([row(["Bandit", "12"]), row(["Wolf", "7"])],
                                  width=str(int(width) + 2)))
    doc = render._layout(html, width, height)
    image = QImage(int((width + 10) * SCALE), int(height * SCALE), QImage.Format.Format_RGB32)
    image.fill(QColor(Qt.GlobalColor.white))
    painter = QPainter(image)
    painter.scale(SCALE, SCALE)
    render._paint_page(painter, doc, 0)
    painter.end()
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    columns = _lines(grey.transformed(QTransform().rotate(90)))
    assert len(columns) == 3, columns  # left, between the cells, right
    assert width < columns[-1][0] < width + render._CLIP_SPARE, columns


def _every_kind() -> dict[str, str]:
    """A printout of each kind, from the sample library, both editions."""
    import random

    from tests.printing.samples import sample_encounter
    from yags_desk.printing.kinds import build
    from yags_desk.storage.documents import read_document
    from yags_desk.storage.paths import resource_dir

    library = resource_dir() / "sample_library"

    def read(folder: str, name: str, kind: str) -> object:
        return read_document(library / folder / f"{name}.json", kind).model

    eights = [read("characters", n, "character")
              for n in ("archer-08", "bandit-chief-08", "wolf-08", "guard-08")]
    return {
        "0.8 sheets": build("sheet", eights[:2]),
        "0.8 NPC blocks": build("npc", eights),
        "summary before": build("encounter-before",
                                [read("encounters", "ford-ambush", "encounter")]),
        "summary after": build("encounter-after",
                               [read("encounters", "sparring", "encounter")]),
        "party": build("party", [sample_encounter(rounds=6, seed=3)]),
        "quick combat": build("battle", [read("battles", "border-skirmish", "battle")],
                              rng=random.Random(2), seed=2),
        "healing": build("healing", [read("healing", "after-the-ford", "healing")]),
        # Rows Qt moves to the next pages under a repeated header (no row straddles
        # a page, so paginate leaves the table whole).
        "continued": document("Continued", table(
            [row([f"Bandit {i}", str(i)]) for i in range(200)], header=["Name", "Wounds"])),
    }


def test_every_kind_of_printout_lays_out_as_with_collapsed_borders(qapp: object) -> None:
    from tests.qt.printing.test_render import HEIGHT_A4, WIDTH_A4, _blocks

    for kind, html in _every_kind().items():
        printed = render._layout(html, WIDTH_A4, HEIGHT_A4)
        qt = _collapsed(html, WIDTH_A4, HEIGHT_A4)
        assert printed.pageCount() == qt.pageCount(), kind
        if kind == "continued":
            assert printed.pageCount() >= 3  # the header repeated on two pages or more
        for (text, rect), (_, qt_rect) in zip(_blocks(printed), _blocks(qt), strict=True):
            # Exactly where Qt puts it, on every page, and as wide and tall.
            assert rect == qt_rect, (kind, text, rect, qt_rect)
        # Each table's right line within what a page draws (render._paint_page).
        layout = printed.documentLayout()
        for t in _tables(printed):
            last = t.cellAt(0, t.columns() - 1)
            right = (layout.blockBoundingRect(last.firstCursorPosition().block()).right()
                     + last.format().toTableCellFormat().rightPadding()
                     + last.format().toTableCellFormat().rightBorder())
            if t.parentFrame() is printed.rootFrame():
                assert right <= WIDTH_A4 + render._CLIP_SPARE, (kind, right)


def _laid_out_as_qts(html: str, width: float, height: float) -> QTextDocument:
    """Qt's collapsed layout of ``html``, once the printed one is found the same:
    as many pages, every block on the same page, exactly where Qt puts it."""
    from tests.qt.printing.test_render import _blocks

    printed = render._layout(html, width, height)
    qt = _collapsed(html, width, height)
    assert printed.pageCount() == qt.pageCount(), height
    for (text, rect), (_, qt_rect) in zip(_blocks(printed), _blocks(qt), strict=True):
        assert rect == qt_rect, (height, text, rect, qt_rect)
    return qt


def test_a_row_ending_in_a_pages_last_pixel_moves_on_as_with_qt(qapp: object) -> None:
    """Qt's collapsed borders keep a table's bottom edge (a pixel) free at the foot
    of every page the table reaches: a row whose first line ends in the pixel above
    it goes to the next page, though it would fit on this one without that edge."""
    html = document("Foot", table([row([f"Bandit {i}", str(i % 6)]) for i in range(12)],
                                  header=["Name", "Wounds"]))
    width, k = 500.0, 7

    def top_and_end(doc: QTextDocument) -> tuple[float, float]:
        """Where row ``k``'s first line starts and ends."""
        block = _tables(doc)[0].cellAt(k, 0).firstCursorPosition().block()
        top = doc.documentLayout().blockBoundingRect(block).top()
        line = block.layout().lineAt(0)
        return top + line.y(), top + line.y() + line.height()

    end = top_and_end(_collapsed(html, width, 10_000.0))[1]  # no page break before it
    # The least room under that line Qt needs to keep the row on the first page.
    room = next(x / 2 for x in range(40)
                if top_and_end(_collapsed(html, width, end + x / 2))[0] < end)
    assert room > 1
    # Half a pixel less, and Qt moves it on; so does the printed table.
    qt = _laid_out_as_qts(html, width, end + room - 0.5)
    assert top_and_end(qt)[0] > end + room - 0.5


# Rows of one to three lines under a header, in a grid with its widths in percent,
# and a grid without a header after it.
FOOT = document("Foot", "<h2>Bandits</h2>" + table(
    [row([f"Bandit {i}", "Knocked down at the ford and bleeding, out of the fight until "
          "someone binds the wound" if i % 3 == 0 else "Down" * (i % 2)]) for i in range(24)],
    header=["Name", "Notes"], header_attrs=['width="22%"', ""])
    + table([row([f"Round {i}", str(i)]) for i in range(8)]))


def test_page_breaks_fall_where_qts_do_at_every_page_height(qapp: object) -> None:
    """On pages a pixel taller each, over two rows' height, every page break falls
    where Qt's does: one of them ends a row's first line, another a later line of
    a row, in the pixel Qt keeps free at a page's foot."""
    for height in range(230, 266):
        _laid_out_as_qts(FOOT, 500.0, float(height))


def test_a_row_under_a_header_carries_lines_over_as_with_qt(qapp: object) -> None:
    """A row too tall for what is left of a page goes on on the next one (paginate
    moves a row whole only if it fits on a page): its lines there land where Qt's
    do, the first row under a header's too."""
    html = document("Over", table(
        [row(["Bandit", "<br>".join(f"Wound {i}" for i in range(8))]), row(["Wolf", "1"])],
        header=["Name", "Wounds"]))

    def wounds(doc: QTextDocument) -> tuple[float, float]:
        """Where the third line of the wounds ends, and the cell's text."""
        block = _tables(doc)[0].cellAt(1, 1).firstCursorPosition().block()
        rect = doc.documentLayout().blockBoundingRect(block)
        third = block.layout().lineAt(2)
        return rect.top() + third.y() + third.height(), rect.bottom()

    height = wounds(_collapsed(html, 500.0, 10_000.0))[0] + 6  # room for three lines
    third, end = wounds(_laid_out_as_qts(html, 500.0, height))
    assert third < height < end  # the rest on the next page
