"""Printing HTML documents: PDF files, the printer and the print preview.

The documents come from :mod:`yags_desk.printing` (plain HTML, no Qt). Here a
``QTextDocument`` lays the HTML out on pages of the chosen size, table rows
are kept whole on one page (a row that would straddle a page break moves to
the next page, so no log line is ever cut), and every page gets a footer
with the document's title, its page number and the credit YAGS's licence
asks for.

Layout happens at 96 dots per inch on an off-screen image, whatever the
screen, so a PDF comes out the same on every machine; painting scales it to
the printer's resolution.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path
from typing import Literal, NamedTuple

import shiboken6
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLocale, QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextCursor,
    QTextDocument,
    QTextDocumentFragment,
    QTextFormat,
    QTextFrame,
    QTextFrameFormat,
    QTextLength,
    QTextTable,
    QTextTableCell,
    QTextTableCellFormat,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QProgressDialog, QWidget

from yags_desk import APP_NAME, CREDIT, __version__
from yags_desk.qt.printing.paginate import paginate

__all__ = [
    "PAGE_NAMES",
    "PrintCancelled",
    "Progress",
    "default_page",
    "ensure_gui_app",
    "export_pdf",
    "layout_document",
    "make_printer",
    "page_layout",
    "paint_document",
    "preview",
    "preview_dialog",
    "print_document",
    "render_pdf",
]

PageName = Literal["a4", "letter"]
PAGE_NAMES: tuple[PageName, ...] = ("a4", "letter")
_PAGE_IDS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
# Left, top, right, bottom in millimetres; the footer sits inside the bottom one's
# printable area.
MARGINS_MM = QMarginsF(15, 12, 15, 10)
LAYOUT_DPI = 96
FOOTER_GAP_PT = 4.0
FOOTER_TITLE_PT = 7.0
FOOTER_CREDIT_PT = 6.0
# Called with (pages painted, total pages); returning False cancels. (0, 0) is
# sent while the document is being laid out.
Progress = Callable[[int, int], bool | None]


class PrintCancelled(Exception):
    """The user cancelled a print or export; nothing was written."""


def ensure_gui_app() -> QGuiApplication:
    """The running application, or a new one; headless (offscreen) when there is no
    display, so the command line prints on servers too."""
    app = QGuiApplication.instance()
    if app is not None:
        assert isinstance(app, QGuiApplication)
        return app
    if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # A QApplication (not only a QGuiApplication): the window, dialogs or a test
    # that runs later in the same process need widgets, which Qt refuses to
    # create under a plain QGuiApplication.
    from PySide6.QtWidgets import QApplication

    app = QApplication([APP_NAME])
    _keep.append(app)
    return app


_keep: list[QGuiApplication] = []
_TITLE = re.compile(r"<title>(.*?)</title>", re.IGNORECASE | re.DOTALL)


def default_page(locale: QLocale | None = None) -> PageName:
    """Letter in the United States and Canada, A4 elsewhere (the locale's custom)."""
    territory = (locale or QLocale()).territory()
    if territory in (QLocale.Country.UnitedStates, QLocale.Country.Canada):
        return "letter"
    return "a4"


def page_layout(page: PageName | None = None) -> QPageLayout:
    """Portrait ``page`` (default: :func:`default_page`) with the standard margins."""
    name = page or default_page()
    if name not in _PAGE_IDS:
        raise ValueError(f"page: {name!r} is not one of {', '.join(PAGE_NAMES)}")
    return QPageLayout(QPageSize(_PAGE_IDS[name]), QPageLayout.Orientation.Portrait,
                       MARGINS_MM, QPageLayout.Unit.Millimeter)


def _layout_device() -> QImage:
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    dots_per_metre = round(LAYOUT_DPI / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    return image


def _layout(html: str, width: float, height: float) -> QTextDocument:
    # [decision] The HTML is read into a document of its own first (never laid out:
    # nothing asked it for its layout), its collapsed table borders are drawn as
    # separate ones there (see _separate_borders), and the result is inserted into
    # the document laid out for printing. Read straight into that one, the same
    # tables laid out a fifth and drew three times as slowly (issue 18).
    source = _blank_document()
    QTextCursor(source).insertHtml(html)
    _separate_borders(source)
    doc = _blank_document()
    device = _layout_device()
    doc.documentLayout().setPaintDevice(device)
    doc.setProperty("_yags_layout_device", device)  # keep it alive with the document
    # The page size first: set after the content, it laid the whole document out a
    # second time (the first at no page size), a third of a long log's layout time
    # (issue 18).
    doc.setPageSize(QSizeF(width, height))
    # Inserted into the empty document rather than set: setHtml lays the document
    # out lazily, stopping after the first two pages or so past a checkpoint, and
    # whatever later needs the rest (the page count, the last page) goes back to
    # the checkpoint before and lays out again the table that ended there, a long
    # log's whole table a second time (issue 18). An insertion into a document
    # laid out already is laid out in one pass.
    QTextCursor(doc).insertFragment(QTextDocumentFragment(source))
    return doc


def _blank_document() -> QTextDocument:
    """An empty document with the printouts' default font and no margin, its undo
    stack off: nothing undoes a printout, and recording an insertion costs time."""
    doc = QTextDocument()
    doc.setUndoRedoEnabled(False)
    doc.setDefaultFont(_font(8.5))
    doc.setDocumentMargin(0)
    return doc


def _tables(frame: QTextFrame) -> Iterator[QTextTable]:
    """Every table in ``frame``, nested ones included."""
    for child in frame.childFrames():
        yield from _tables(child)
        if isinstance(child, QTextTable):
            yield child


def _separate_borders(doc: QTextDocument) -> None:
    """Each table of ``doc`` with collapsed borders (``table.grid``, style.CSS) given
    separate borders that draw the same lines, laid out exactly as Qt lays out the
    collapsed ones: every block where it was, on the same page, every column as
    wide. A table that cannot be is left to Qt (the third point below).

    [decision] Qt works collapsed borders out edge by edge each time it lays a
    table out and each time it draws one: a page of the combat log drew three
    times as slowly as with separate borders, and laid out a fifth more slowly
    (issue 18). Every cell of a printed table has the same border on its four
    sides, so the line between two cells is the same width whichever of them
    draws it; here the upper or left cell draws it, the cell below or to the
    right has none on that side.

    How Qt 6 lays out collapsed borders (qtextdocumentlayout.cpp, layoutTable and
    layoutCell), and what stands in for each here (_separated):

    - each cell's padding grows by half the width of each of its edges: a cell
      here gets that half added to its padding, less the width of the border it
      draws on that side (a separate border is counted inside the padding);
    - the table's outer edge takes half its widest outer line, rounded to a
      whole pixel (``effectiveTopBorder`` and the rest), outside the columns and
      rows: on the right and at the bottom that space is empty, and becomes the
      table's margin; on the left Qt draws the outer line there, so the first
      column takes it in and draws the line itself (a column with a set width is
      widened by it). But percentage widths are shares of the width inside that
      edge, and a cell spanning from the first column shares its width among the
      columns it spans: a table with either gets the left edge as margin too, so
      its columns come out as wide as Qt's, and its left line is drawn a pixel to
      the right of Qt's (inside the first column, where Qt draws it just outside);
    - Qt also keeps the bottom edge free at the foot of every page the table
      reaches (layoutCell's ``pageBottomMargin``): a cell's line that would end
      in it goes to the next page, with its row if it is the row's first. A
      separated table can keep it free only through a quirk: Qt counts a table's
      top margin, not its bottom one, at the foot of a page
      (``effectiveBottomMargin``). So the top margin grows by the bottom edge
      (Qt sets that space above the first row anyway), and the first row takes
      in what is left of the top edge (mostly nothing) and draws the top line
      inside itself, a pixel lower than Qt's. That margin also counts at the top
      of later pages, where Qt starts the rows carried over without it: a header
      can give it back (next point), so a table of several rows with a bottom
      line but no header keeps Qt's collapsed borders (a character sheet's
      skills), as does one whose top edge is narrower than its bottom;
    - on a page a table continues on, Qt repeats the header rows and places the
      rows under them right below, none of the top edge above: the last header
      row here gives the top edge to the first row under it, so the header and
      the grown top margin are as tall as Qt's header alone, and those rows land
      where Qt puts them. The line under the header is then drawn a pixel
      higher than Qt's on the table's first page (still the bottom pixel row of
      the header), and the header's text a pixel lower on the pages it is
      repeated on.

    tests/qt/printing/test_borders.py holds every block of every kind of
    printout, and rows at a page's foot, to Qt's collapsed layout, exactly. Left
    over: a table Qt moves whole to the next page (the first row under its header
    would not fit) loses its top edge there with Qt, not here, so its rows land
    a pixel lower than Qt's; at the foot of a page a table goes on from, Qt draws
    no line under the last row (its side lines run on to the foot), here the row
    keeps its bottom line; and where two cells of the same line width but
    different colours meet, the line is the upper or left one's colour here, not
    always Qt's choice.
    """
    # (a cell's format in the document, where it lies in its table: _Place's
    # fields) -> its format with separate borders: the cells of all tables share a
    # few formats.
    made: dict[tuple[int, bool, bool, int, int, int, int, float], QTextTableCellFormat] = {}
    # A cell format's index -> its top, right, bottom and left lines: reading a
    # format costs more than its index, and a long table's cells share a few.
    lines: dict[int, tuple[float, float, float, float]] = {}

    def widths(cell: QTextTableCell, index: int) -> tuple[float, float, float, float]:
        found = lines.get(index)
        if found is None:
            f = cell.format().toTableCellFormat()
            found = lines[index] = (f.topBorder(), f.rightBorder(), f.bottomBorder(),
                                    f.leftBorder())
        return found

    for table in list(_tables(doc.rootFrame())):
        table_format = table.format()
        if not table_format.borderCollapse() or table_format.border():
            continue  # a border of the table's own would frame the cells: left as it is
        rows, columns = table.rows(), table.columns()
        if not rows or not columns:
            continue  # no cell, no line
        # The outer edges first: the cells' formats depend on them.
        first_row = [table.cellAt(0, c) for c in range(columns)]
        top = _half_edge(max(widths(cell, cell.tableCellFormatIndex())[0]
                             for cell in first_row))
        bottom = _half_edge(max(widths(cell, cell.tableCellFormatIndex())[2]
                                for cell in (table.cellAt(rows - 1, c)
                                             for c in range(columns))))
        # (No header cell spans into the rows under it: HTML ends a rowspan with
        # its thead.)
        header = max(min(table_format.headerRowCount(), rows - 1), 0)
        if bottom and (top < bottom or not header and rows > 1):
            continue  # laid out as Qt would only with its collapsed borders (see above)
        first_column = [table.cellAt(r, 0) for r in range(rows)]
        left = _half_edge(max(widths(cell, cell.tableCellFormatIndex())[3]
                              for cell in first_column))
        # Percentages are shares of the width inside the left edge, and a cell
        # spanning from the first column shares its width out among the columns:
        # the first column widened by the edge would change other columns' widths.
        left_inside = not any(cell.columnSpan() > 1 for cell in first_column) and not any(
            length.type() == QTextLength.Type.PercentageLength
            for length in table_format.columnWidthConstraints())
        padding = table_format.cellPadding()
        right = 0.0  # the widest line on the right
        for r in range(rows):
            c = 0
            while c < columns:
                cell = (first_column[r] if c == 0 else first_row[c] if r == 0
                        else table.cellAt(r, c))
                first = c
                c += cell.columnSpan()
                if cell.row() != r:
                    continue  # spans rows above (done there)
                last_row = r + cell.rowSpan() - 1
                index = cell.tableCellFormatIndex()
                if c == columns:
                    right = max(right, widths(cell, index)[1])
                key = (index, r > 0, first > 0, top - bottom,
                       left if left_inside else 0,
                       top if header and last_row == header - 1 else 0,
                       top if header and r == header else 0, padding)
                cell_format = made.get(key)
                if cell_format is None:
                    cell_format = made[key] = _separated(cell.format().toTableCellFormat(),
                                                         _Place(*key[1:]))
                cell.setFormat(cell_format)
        if left_inside:
            # The first column draws the left line inside itself: a set width of
            # its own grows by the edge Qt would have put outside it.
            constraints = table_format.columnWidthConstraints()
            if constraints and constraints[0].type() == QTextLength.Type.FixedLength:
                constraints[0] = QTextLength(QTextLength.Type.FixedLength,
                                             constraints[0].rawValue() + left)
                table_format.setColumnWidthConstraints(constraints)
        else:
            table_format.setLeftMargin(table_format.leftMargin() + left)
        table_format.setRightMargin(table_format.rightMargin() + _half_edge(right))
        table_format.setBottomMargin(table_format.bottomMargin() + bottom)
        # The top edge as far as the bottom one goes: Qt sets it above the first
        # row, and counts a table's top margin at the foot of its pages too.
        table_format.setTopMargin(table_format.topMargin() + bottom)
        table_format.setBorderCollapse(False)
        table_format.setCellSpacing(0)  # what collapsed borders had (they ignore it)
        table.setFormat(table_format)


def _half_edge(width: float) -> int:
    """Half a collapsed outer line of ``width`` pixels as Qt sets the table's edge
    aside for it: QFixed::fromReal(width / 2).round(), a whole pixel (half rounds
    up). Layout is at 96 dpi, so Qt's device scale is 1."""
    fixed = int(width / 2 * 64)  # QFixed::fromReal truncates to 1/64 px
    return (fixed + 32) // 64


class _Place(NamedTuple):
    """Where a cell lies in its table, as far as its separate borders go."""

    below: bool  # a row above it: its top line is that row's
    right_of: bool  # a column left of it: its left line is that column's
    top: int  # what the first row takes in of the top edge (the rest is margin), px
    left: int  # the table's left edge when the first column takes it in, or 0
    gives: int  # pixels given from the bottom of the header's last row...
    gets: int  # ...to the top of the first row under it (a border not drawn)
    padding: float  # the table's cell padding, for a side the cell sets none


def _separated(cell: QTextTableCellFormat, place: _Place) -> QTextTableCellFormat:
    """``cell``'s format with separate borders at ``place`` (see _separate_borders):
    each side's padding is Qt's collapsed one (the cell's padding and half its
    line) less the separate border it keeps, which Qt counts inside the padding."""
    # A side with no padding of its own has the table's (cellpadding), as in Qt.
    padding = place.padding
    has = cell.hasProperty
    top = cell.topPadding() if has(QTextFormat.Property.TableCellTopPadding) else padding
    right = cell.rightPadding() if has(QTextFormat.Property.TableCellRightPadding) else padding
    bottom = (cell.bottomPadding() if has(QTextFormat.Property.TableCellBottomPadding)
              else padding)
    left = cell.leftPadding() if has(QTextFormat.Property.TableCellLeftPadding) else padding
    top += cell.topBorder() / 2
    bottom -= place.gives
    if place.below:
        # The edge given back as a border not drawn, not as padding: Qt starts a
        # cell's lines carried over to the next page under its padding alone.
        cell.setTopBorder(place.gets)
        if place.gets:
            cell.setTopBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_None)
    else:
        top += place.top - cell.topBorder()  # the table's top edge, taken in
    left += cell.leftBorder() / 2
    if place.right_of:
        cell.setLeftBorder(0)
    else:
        left += place.left - cell.leftBorder()  # the left edge, if taken in
    cell.setTopPadding(top)
    cell.setLeftPadding(left)
    cell.setRightPadding(right + cell.rightBorder() / 2 - cell.rightBorder())
    cell.setBottomPadding(bottom + cell.bottomBorder() / 2 - cell.bottomBorder())
    return cell


def layout_document(html: str, width: float, height: float) -> QTextDocument:
    """``html`` laid out on pages of ``width`` x ``height`` (96 dpi pixels), with no
    table row cut and no heading stranded at a page's foot."""
    return paginate(html, lambda text: _layout(text, width, height))


def _font(points: float) -> QFont:
    """DejaVu Sans without ligatures, so "ff" in a PDF is searched and copied as two
    letters."""
    font = QFont("DejaVu Sans")
    font.setPointSizeF(points)
    font.setFeature(QFont.Tag("liga"), 0)
    return font


def _footer_fonts() -> tuple[QFont, QFont]:
    return _font(FOOTER_TITLE_PT), _font(FOOTER_CREDIT_PT)


def _footer_height(device: QPagedPaintDevice, width: float) -> float:
    title_font, credit_font = _footer_fonts()
    title = QFontMetricsF(title_font, device)
    credit = QFontMetricsF(credit_font, device)
    box = credit.boundingRect(QRectF(0, 0, width, 1e6), int(Qt.TextFlag.TextWordWrap), CREDIT)
    gap = FOOTER_GAP_PT * device.logicalDpiY() / 72
    return gap + title.height() + box.height()


def _paint_footer(painter: QPainter, device: QPagedPaintDevice, title: str, page: int,
                  pages: int, width: float, height: float) -> None:
    title_font, credit_font = _footer_fonts()
    top = height - _footer_height(device, width)
    gap = FOOTER_GAP_PT * device.logicalDpiY() / 72
    painter.save()
    painter.setPen(Qt.GlobalColor.darkGray)
    painter.drawLine(QRectF(0, top + gap / 2, width, 0).topLeft(),
                     QRectF(0, top + gap / 2, width, 0).topRight())
    painter.setPen(Qt.GlobalColor.black)
    painter.setFont(title_font)
    line = QFontMetricsF(title_font, device).height()
    painter.drawText(QRectF(0, top + gap, width * 0.8, line),
                     int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), title)
    painter.drawText(QRectF(0, top + gap, width, line),
                     int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                     f"Page {page} of {pages}")
    painter.setFont(credit_font)
    painter.drawText(QRectF(0, top + gap + line, width, height - top - gap - line),
                     int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft), CREDIT)
    painter.restore()


def _report(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None and progress(done, total) is False:
        raise PrintCancelled("printing was cancelled")


def paint_document(html: str, device: QPagedPaintDevice,
                   progress: Progress | None = None) -> int:
    """Lay ``html`` out for ``device``'s page and paint every page; the page count.

    Raises :class:`PrintCancelled` when ``progress`` returns False.
    """
    _report(progress, 0, 0)
    width, height = float(device.width()), float(device.height())
    scale = device.logicalDpiX() / LAYOUT_DPI
    body_height = height - _footer_height(device, width)
    doc = layout_document(html, width / scale, body_height / scale)
    title = _title_of(html)
    pages = doc.pageCount()
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("the printer or file could not be opened for painting")
    try:
        for index in range(pages):
            _report(progress, index, pages)
            if index:
                device.newPage()
            painter.save()
            painter.scale(scale, scale)
            _paint_page(painter, doc, index)
            painter.restore()
            _paint_footer(painter, device, title, index + 1, pages, width, height)
    finally:
        painter.end()
    _report(progress, pages, pages)
    return pages


# How far (layout pixels) a page is drawn past the right edge of its text: a table
# as wide as the page can end a pixel or two past it (Qt rounds its columns' widths
# to whole pixels), and its right border was cut off. The page's right margin,
# 15 mm, has room for it.
_CLIP_SPARE = 4.0


def _paint_page(painter: QPainter, doc: QTextDocument, index: int) -> None:
    """Page ``index`` of ``doc`` (laid out by :func:`layout_document`) at the
    painter's origin, in layout pixels."""
    page_w, page_h = doc.pageSize().width(), doc.pageSize().height()
    painter.save()
    painter.setClipRect(QRectF(0, 0, page_w + _CLIP_SPARE, page_h))
    painter.translate(0, -index * page_h)
    context = QAbstractTextDocumentLayout.PaintContext()
    # A hair inside the page: a block starting exactly at the next page's top
    # would otherwise be drawn here too, clipped but still in the PDF's text
    # (found by search, copied by select-all).
    context.clip = QRectF(0, index * page_h + 1, page_w + _CLIP_SPARE, page_h - 2)
    doc.documentLayout().draw(painter, context)
    painter.restore()


def _title_of(html: str) -> str:
    match = _TITLE.search(html)
    return unescape(match.group(1)).strip() if match else APP_NAME


def _pdf_bytes(html: str, page: PageName | None, progress: Progress | None) -> tuple[bytes, int]:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageLayout(page_layout(page))
    writer.setTitle(_title_of(html))
    writer.setCreator(f"{APP_NAME} {__version__}")
    pages = paint_document(html, writer, progress)
    del writer  # finishes the PDF
    buffer.close()
    return bytes(data.data()), pages


def render_pdf(html: str, path: str | os.PathLike[str], page: PageName | None = None,
               progress: Progress | None = None) -> int:
    """Write ``html`` as a PDF at ``path``; the page count.

    The file appears whole or not at all: the PDF is made in memory and saved
    by renaming a temporary file. Raises :class:`PrintCancelled` (nothing
    written) or OSError.
    """
    from yags_desk.storage.documents import atomic_write_bytes

    ensure_gui_app()
    pdf, pages = _pdf_bytes(html, page, progress)
    atomic_write_bytes(Path(path), pdf)
    return pages


# --- dialogs (the main window's File menu calls these) ---------------------------------


def _progress_dialog(parent: QWidget | None, label: str) -> tuple[QProgressDialog, Progress]:
    """A QProgressDialog that shows itself only when printing takes a while, and the
    progress callback that drives it (returning False once Cancel is pressed)."""
    dialog = QProgressDialog(label, "Cancel", 0, 0, parent)
    dialog.setWindowTitle(APP_NAME)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(400)

    def progress(done: int, total: int) -> bool:
        dialog.setMaximum(total)
        dialog.setValue(done)
        if total:
            dialog.setLabelText(f"{label}: page {min(done + 1, total)} of {total}")
        QGuiApplication.processEvents()
        return not dialog.wasCanceled()

    return dialog, progress


def make_printer(page: PageName | None = None) -> QPrinter:
    """A high-resolution printer set to ``page`` (default: the locale's paper)."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageLayout(page_layout(page))
    return printer


def print_document(parent: QWidget | None, html: str, page: PageName | None = None) -> bool:
    """File ▸ Print: choose a printer (QPrintDialog) and print with a progress
    dialog; False if the user cancelled."""
    printer = make_printer(page)
    printer.setDocName(_title_of(html))
    dialog = QPrintDialog(printer, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    progress_dialog, progress = _progress_dialog(parent, "Printing")
    try:
        paint_document(html, printer, progress)
    except PrintCancelled:
        return False
    finally:
        progress_dialog.close()
    return True


class PreviewDialog(QPrintPreviewDialog):
    """A print preview that keeps its printer alive as long as itself.

    Qt's dialog does not own a printer it is given, and a Python ``QPrinter``
    is freed with its last Python reference: a printer kept only through
    ``setProperty`` was freed when :func:`preview_dialog` returned, and the
    preview then painted on freed memory (a segmentation fault, issue 12).
    """

    def __init__(self, printer: QPrinter, parent: QWidget | None) -> None:
        super().__init__(printer, parent)
        self._kept_printer = printer


def preview_dialog(parent: QWidget | None, html: str,
                   page: PageName | None = None) -> PreviewDialog:
    """The print preview dialog for ``html``, not yet shown (tests look inside)."""
    printer = make_printer(page)
    printer.setDocName(_title_of(html))
    dialog = PreviewDialog(printer, parent)
    dialog.setWindowTitle(f"Print preview — {_title_of(html)}")
    dialog.paintRequested.connect(lambda target: paint_document(html, target))
    return dialog


def preview(parent: QWidget | None, html: str, page: PageName | None = None) -> int:
    """File ▸ Print Preview: shows the pages; the user can print from there."""
    dialog = preview_dialog(parent, html, page)
    try:
        return int(dialog.exec())
    finally:
        # Delete the dialog now, while its printer is certainly still alive, rather
        # than leave it to the parent window (and the printer to the collector).
        shiboken6.delete(dialog)


def export_pdf(parent: QWidget | None, html: str, suggested: str | os.PathLike[str],
               page: PageName | None = None) -> Path | None:
    """File ▸ Export PDF: ask where, write with a progress dialog; the path written,
    or None if the user cancelled or the file could not be written (said in a
    message box)."""
    name, _ = QFileDialog.getSaveFileName(parent, "Export PDF", str(suggested),
                                          "PDF files (*.pdf)")
    if not name:
        return None
    path = Path(name if name.lower().endswith(".pdf") else name + ".pdf")
    progress_dialog, progress = _progress_dialog(parent, "Writing PDF")
    try:
        render_pdf(html, path, page, progress)
    except PrintCancelled:
        return None
    except OSError as e:
        QMessageBox.warning(parent, APP_NAME, f"{path}: cannot be written ({e.strerror or e})")
        return None
    finally:
        progress_dialog.close()
    return path
