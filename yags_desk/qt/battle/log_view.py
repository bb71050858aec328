"""The readable combat log: one sentence per event, a heading for each round.

:class:`LogModel` follows a :class:`CombatLog` (rows are appended after new
events and removed after undo; the whole list is rebuilt only when the log is
replaced); each row keeps its line's size, which Qt's own delegate reads when
the list lays the lines out (issue 18). :class:`LogPanel` filters by text and by
fighter and copies the selected lines (all shown lines when none is selected)
with Ctrl+C.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import (
    QEvent,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    QSortFilterProxyModel,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QGuiApplication,
    QKeySequence,
    QShortcut,
    QStandardItem,
    QStandardItemModel,
    QTextLayout,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from yags_desk.rules.combat.events import EndRound, Event
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.errors import RulesError

__all__ = ["LogLine", "LogModel", "LogPanel", "event_fighters"]

Index = QModelIndex | QPersistentModelIndex


class LogLine(NamedTuple):
    """A line of the log: its text, the fighters it names, whether it heads a round.
    [decision] A named tuple, not a frozen dataclass: made three times faster, for
    each of a big round's 650 lines (issue 18)."""

    text: str
    fighters: frozenset[str] = frozenset()
    heading: bool = False


_NAMING = ("id", "attacker", "defender", "against", "effects")
# Event class -> which of _NAMING but "effects" it has, and whether it has effects:
# asking a pydantic event for a field it lacks goes through its slow __getattr__
# (a fifth of a big round's log lines).
_NAMED_BY: dict[type, tuple[tuple[str, ...], bool]] = {}


def event_fighters(event: Event) -> frozenset[str]:
    """Every fighter an event names (actor, target, those its effects touch)."""
    kind = type(event)
    named = _NAMED_BY.get(kind)
    if named is None:
        fields = getattr(kind, "model_fields", {})
        names = tuple(n for n in _NAMING if n in fields or hasattr(kind, n))
        named = _NAMED_BY[kind] = (tuple(n for n in names if n != "effects"),
                                   "effects" in names)
    names, effects = named
    ids: set[str] = set()
    for name in names:
        value = getattr(event, name, None)
        if isinstance(value, str):
            ids.add(value)
    if effects:
        for effect in getattr(event, "effects", None) or ():
            ids.add(effect.target)
    return frozenset(ids)


def _heading(round_: int) -> LogLine:
    return LogLine(f"— Round {round_} —", heading=True)


_ENDS_ROUND: dict[type, bool] = {}  # event class -> whether it ends a round
_new_tuple = tuple.__new__


def _ends_round(event: Event) -> bool:
    """Whether ``event`` ends a round (isinstance, asked once per class)."""
    ends = _ENDS_ROUND.get(type(event))
    if ends is None:
        ends = _ENDS_ROUND[type(event)] = isinstance(event, EndRound)
    return ends


# A line's height depends only on its text, the font and the width it wraps in.
_SIZES_KEPT = 20_000
# As an int: PySide takes it faster than the enum (a fifth of storing a size).
_SIZE_HINT = int(Qt.ItemDataRole.SizeHintRole.value)
# A log line's flags, as a QAbstractListModel gave them (it is never edited or dragged).
_FLAGS = (Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
          | Qt.ItemFlag.ItemNeverHasChildren)


class _LineSizes(QStyledItemDelegate):
    """Each line's size as the standard delegate measures it, measured once per
    width and font. Not the list's delegate (it keeps Qt's own): the list reads
    each line's size from its row (LogModel), where it is stored when the line
    is added and again when the list's width, font or style change (_LogList).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # (width, font key) -> text -> its size there.
        self._sizes: dict[tuple[int, str], dict[str, QSize]] = {}
        self._count = 0  # sizes kept in _sizes, all widths and fonts
        # font key -> text -> (the narrowest and widest widths the text breaks into
        # the same lines at, its size there): see sizes.
        self._same: dict[str, dict[str, tuple[int, int, QSize]]] = {}
        self._kept = _SIZES_KEPT  # sizes kept before those of other widths go
        self.measured = 0  # lines sized (measured or _one_line; the rest came from the cache)
        # The last font asked about and its key: QFont.key() builds a string.
        self._font: QFont | None = None
        self._font_key = ""
        # (width, font key, heading) -> the option measuring such lines: see measure.
        self._prepared: dict[tuple[int, str, bool],
                             tuple[QStyleOptionViewItem, QLocale]] = {}
        # (width, font key, heading) -> what sizes one-line text (see _one_line).
        self._fits: dict[tuple[int, str, bool], _Fit | None] = {}
        # (font key, heading) -> the characters seen and which of them the font
        # draws alone: see _Drawn, _one_line.
        self._drawn: dict[tuple[str, bool], _Drawn] = {}

    def forget(self) -> None:
        """Drop every size kept (a style sheet: the same fonts and widths, other sizes)."""
        self._sizes.clear()
        self._count = 0
        self._same.clear()
        self._prepared.clear()
        self._fits.clear()
        self._drawn.clear()
        self._kept = _SIZES_KEPT

    def size(self, option: QStyleOptionViewItem, line: LogLine) -> QSize:
        """``line``'s size in a list laying its lines out with ``option`` (its width:
        ``option.rect``'s)."""
        return self.sizes(option, (line,))[0]

    def sizes(self, option: QStyleOptionViewItem, lines: Sequence[LogLine]) -> list[QSize]:
        """The size of each of ``lines`` (as ``size``). [decision] Lines are sized
        together: what the width and font decide is looked up once for them all,
        and a line of text the font draws that surely fits is sized right here,
        its size a copy of that of any line as wide (a big round's 650 new lines
        cost twice as much sized one by one, issue 18)."""
        font = option.font
        if self._font is None or font != self._font:
            self._font, self._font_key = QFont(font), font.key()
        width, font_key = option.rect.width(), self._font_key
        known = self._sizes.get((width, font_key))
        if known is None:
            known = self._sizes[(width, font_key)] = {}
        same = self._same.get(font_key)
        if same is None:
            same = self._same[font_key] = {}
        fit_key = (width, font_key, False)
        fit = self._fits.get(fit_key, _UNKNOWN)
        if fit is _UNKNOWN:
            fit = self._fit_for(option, False, fit_key)
        if fit is not None:
            limit, height, margins, boxes = fit.limit, fit.height, fit.margins, fit.boxes
            advance, drawn = fit.metrics.horizontalAdvance, fit.drawn
            all_plain, overhangs = drawn.plain.issuperset, drawn.overhangs
            # Text of printable ASCII alone is drawn by the font when all of it is
            # (two string tests instead of looking up each character).
            ascii_plain = _ASCII <= drawn.plain
        out = []
        added = measured = 0
        for line in lines:
            text = line.text
            size = known.get(text)
            if size is None:
                # Lines are broken greedily: a text laid out at one width keeps the
                # same lines (and size) at any narrower width its widest line still
                # fits in. The log narrows by a scroll bar's width when it first
                # overflows, and measured every line a second time for it (issue 18).
                kept = same.get(text)
                if kept is not None and kept[0] <= width <= kept[1]:
                    size = kept[2]
                else:
                    # _one_line's answer for the usual line: text the font draws,
                    # ending in no space, with room to spare.
                    box = 0
                    if (fit is not None and not line.heading and text
                            and (ascii_plain and text.isascii() and text.isprintable()
                                 or all_plain(text))
                            and not text[-1].isspace()):
                        overhang = overhangs.get(text[-1])
                        if overhang is None:
                            overhang = drawn.overhang(text[-1])
                        drawn_width = advance(text) + overhang
                        if drawn_width <= limit:
                            box = math.ceil(drawn_width) + margins
                            size = boxes.get(box)
                            if size is None:
                                size = boxes[box] = QSize(box, height)
                    if size is None:
                        size = self._size_of(option, line)
                        box = size.width()
                    measured += 1
                    same[text] = (box, width, size)
                known[text] = size
                added += 1
            out.append(size)
        self.measured += measured
        self._count += added
        if self._count > self._kept:
            # Forget the sizes of other widths and fonts only: a log longer than the
            # limit would otherwise measure every line again each time it is sized.
            self._sizes = {(width, font_key): known}
            self._same = {font_key: same}
            self._count = len(known)
            self._kept = max(_SIZES_KEPT, 2 * self._count)
        return out

    def _size_of(self, option: QStyleOptionViewItem, line: LogLine) -> QSize:
        """``line``'s size worked out afresh: by _one_line if it surely takes one
        line, else measured."""
        fit_key = (option.rect.width(), self._font_key, line.heading)
        fit = self._fits.get(fit_key, _UNKNOWN)
        if fit is _UNKNOWN:
            fit = self._fit_for(option, line.heading, fit_key)
        size = None if fit is None else _one_line(fit, line.text)
        return self.measure(option, line) if size is None else size

    def _fit_for(self, option: QStyleOptionViewItem, heading: bool,
                 key: tuple[int, str, bool]) -> _Fit | None:
        """How lines (or headings) laid out with ``option`` that surely take one
        line are sized (_Fit); None when the style does not size a line of one-line
        text as its text's width plus its margins (then every line is measured).
        Kept under ``key`` (size's)."""
        opt, _locale = self._option_for(option, heading)
        fit: _Fit | None = None
        if opt.features & _WRAP and not opt.features & _NOT_TEXT_ONLY and opt.rect.isValid():
            widget = opt.widget
            style = widget.style() if widget is not None else QApplication.style()
            margin = style.pixelMetric(_FOCUS_MARGIN, opt, widget) + 1
            drawn = self._drawn.get((opt.font.key(), heading))
            if drawn is None:
                drawn = self._drawn[(opt.font.key(), heading)] = _Drawn(opt.font)
            metrics = drawn.metrics
            sample = self.measure(option, LogLine(_SAMPLE, heading=heading))
            overhang = drawn.overhang(_SAMPLE[-1])
            margins = sample.width() - math.ceil(metrics.horizontalAdvance(_SAMPLE) + overhang)
            em = metrics.height()
            limit = opt.rect.width() - 2 * margin - em / 4 - 2
            if (margins == 2 * margin and limit > 0
                    and all(metrics.inFontUcs4(ord(ch)) for ch in _SAMPLE)):
                fit = _Fit(limit, sample.height(), margins, metrics, drawn, {})
        if len(self._fits) >= 16:
            self._fits.clear()
        self._fits[key] = fit
        return fit

    def measure(self, option: QStyleOptionViewItem, line: LogLine) -> QSize:
        """What QStyledItemDelegate.sizeHint answers for a row showing ``line``
        (its text, and a heading's bold font: LogModel), without a row to ask."""
        opt, locale = self._option_for(option, line.heading)
        opt.text = self.displayText(line.text, locale)
        widget = opt.widget  # its style asked each time: a style sheet replaces it
        style = widget.style() if widget is not None else QApplication.style()
        return style.sizeFromContents(_ITEM, opt, _NO_SIZE, widget)

    def _option_for(self, option: QStyleOptionViewItem, heading: bool
                    ) -> tuple[QStyleOptionViewItem, QLocale]:
        """``option`` as the standard delegate completes it for a line or a heading
        (all but the text), made once per width and font: copying and completing it
        for each line was half a line's measuring (issue 18)."""
        font = option.font
        font_key = (self._font_key if self._font is not None and font == self._font
                    else font.key())
        key = (option.rect.width(), font_key, heading)
        prepared = self._prepared.get(key)
        if prepared is None:
            opt = QStyleOptionViewItem(option)
            if heading:
                opt.font = _heading_font().resolve(font)
                opt.fontMetrics = QFontMetrics(opt.font)
            opt.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
            if len(self._prepared) >= 8:
                self._prepared.clear()
            prepared = self._prepared[key] = (opt, opt.locale)
        return prepared


_ITEM = QStyle.ContentsType.CT_ItemViewItem
_FOCUS_MARGIN = QStyle.PixelMetric.PM_FocusFrameHMargin
_WRAP = QStyleOptionViewItem.ViewItemFeature.WrapText
_NOT_TEXT_ONLY = (QStyleOptionViewItem.ViewItemFeature.HasDecoration
                  | QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator)
# Characters a text layout treats otherwise than their width says (besides the
# controls): line and paragraph separators, the soft hyphen.
_SPECIAL = frozenset({0xAD, 0x2028, 0x2029})
# The printable ASCII characters (what str.isascii and str.isprintable accept together).
_ASCII = frozenset(map(chr, range(0x20, 0x7F)))
# The text whose measured size shows how the style sizes a line (_LineSizes._fit_for).
_SAMPLE = "Sample 0123456789: sizes a line."
_UNKNOWN: Any = object()


class _Drawn:
    """What a font draws, as a text layout sees it: the characters it draws alone
    and how far their glyphs reach past their width at the end of a line."""

    def __init__(self, font: QFont) -> None:
        self.font = QFont(font)
        self.metrics = QFontMetricsF(self.font)
        self.seen: set[str] = set()
        # The characters the font draws alone, which a layout treats by their width.
        self.plain: set[str] = set()
        # Character -> how far its glyph reaches past its width (0 or more) when it
        # ends a line: see overhang.
        self.overhangs: dict[str, float] = {}
        self.learn(_ASCII)

    def learn(self, text: Iterable[str]) -> None:
        """Note the characters of ``text`` not seen yet."""
        metrics = self.metrics
        for ch in set(text).difference(self.seen):
            self.seen.add(ch)
            code = ord(ch)
            if (code >= 0x20 and not 0x7F <= code <= 0x9F and code not in _SPECIAL
                    and metrics.inFontUcs4(code)):
                self.plain.add(ch)

    def overhang(self, ch: str) -> float:
        """How far the glyph of ``ch`` reaches past its width at the end of a line,
        as a text layout (the style's) measures it. [decision] Not the font metrics'
        rightBearing: for some characters of some fonts (an em dash in DejaVu Sans
        Mono) it answers 0 where the layout finds a pixel (issue 18)."""
        layout = QTextLayout(ch, self.font)
        layout.beginLayout()
        line = layout.createLine()
        line.setLineWidth(1_000_000)
        layout.endLayout()
        reach = self.overhangs[ch] = max(0.0, line.naturalTextWidth() - line.horizontalAdvance())
        return reach


class _Fit(NamedTuple):
    """How _LineSizes sizes one-line text at a width and font: see _fit_for."""

    limit: float  # the widest text (and last glyph's overhang) surely on one line
    height: int  # a line's height
    margins: int  # what the style adds to a text's width
    metrics: QFontMetricsF
    drawn: _Drawn
    boxes: dict[int, QSize]  # line width -> its size (one per width, shared)


_AS_NEEDED = Qt.ScrollBarPolicy.ScrollBarAsNeeded
_NO_SIZE = QSize()


def _one_line(fit: _Fit, text: str) -> QSize | None:
    """The size of a line of ``text`` when it surely takes one line (laid out with
    ``fit``, see _LineSizes._fit_for), worked out from the text's width (None:
    measure it). [decision] Laying a line out to measure it cost
    twice as much as its width alone, and almost every log line fits on one line
    (issue 18); the size is the same: the height of one line of its font (the
    style measured once, see _fit_for) and the width the style gives a line of
    that text width. Only text the font itself draws (a fallback font may be
    taller) and that ends in no space (the style leaves trailing spaces out)
    is sized so, with room to spare (the last glyph's overhang)."""
    drawn = fit.drawn
    if not drawn.plain.issuperset(text):  # characters not seen yet, or unusual ones
        drawn.learn(text)
        if not drawn.plain.issuperset(text):
            return None
    if not text or text[-1].isspace():
        return None
    overhang = drawn.overhangs.get(text[-1])
    if overhang is None:
        overhang = drawn.overhang(text[-1])
    # A line is as wide as its text, and the last glyph's overhang past it.
    width = fit.metrics.horizontalAdvance(text) + overhang
    if width > fit.limit:
        return None
    box = math.ceil(width) + fit.margins
    size = fit.boxes.get(box)
    if size is None:
        size = fit.boxes[box] = QSize(box, fit.height)
    return size


_HEADING_FONT: QFont | None = None


def _heading_font() -> QFont:
    global _HEADING_FONT
    if _HEADING_FONT is None:
        _HEADING_FONT = QFont()
        _HEADING_FONT.setBold(True)
    return QFont(_HEADING_FONT)


class LogModel(QStandardItemModel):
    """The log's lines, one row each.

    [decision] Held by Qt (a QStandardItemModel), not answered from Python: the
    list lays out every line again after each round and asks each its size;
    each row keeps its text (also its tooltip), a heading's bold font and, once
    the list has measured it (size_lines, before it lays the rows out), its size
    (``Qt.ItemDataRole.SizeHintRole``), which Qt's own delegate reads without
    calling Python: a layout pass cost Python for every line of the fight
    (issue 18). ``_lines`` keeps the LogLine of each row (the filters read it).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lines: list[LogLine] = []
        self._ends: list[int] = []  # number of lines after each event
        self._log: CombatLog | None = None
        # Lines prepared for the events after those shown, with each event (prepare).
        self._ready: deque[tuple[Event, list[LogLine]]] = deque()
        self.unsized = 0  # the first row without a size (those after it have none)
        self._plain = QStandardItem()  # the row of a line, and of a heading (_items)
        self._plain.setFlags(_FLAGS)
        self._bold = self._plain.clone()
        self._bold.setFont(_heading_font())

    def _lines_of(self, log: CombatLog, start: int, stop: int
                  ) -> list[tuple[Event, list[LogLine]]]:
        """Each event from ``start`` to ``stop`` (excluded) with its lines: a heading
        first at the start of a round, then its sentence."""
        out: list[tuple[Event, list[LogLine]]] = []
        if start >= stop:
            return out
        event_at, state_before, ends_round = log.event, log.state_before, _ENDS_ROUND.get
        before = state_before(start)
        new_round = start == 0 or _ends_round(event_at(start - 1))
        for i in range(start, stop):
            event = event_at(i)
            after = state_before(i + 1)
            try:
                text = describe(event, before, after)
            except (RulesError, KeyError, ValueError) as exc:  # a sentence never stops the board
                text = f"{type(event).__name__} ({exc})"
            # LogLine(text, fighters) without its constructor's Python frame.
            line = _new_tuple(LogLine, (text, event_fighters(event), False))
            out.append((event, [_heading(before.round), line] if new_round else [line]))
            ends = ends_round(type(event))
            new_round = _ends_round(event) if ends is None else ends
            before = after
        return out

    def prepare(self, log: CombatLog) -> None:
        """Work out the lines of the events not shown yet, without showing them (a
        batch of steps shows them at its end, follow): the log still holds their
        states whole now, while a round of a big fight lets the first of them go and
        follow would work them out again (issue 18)."""
        if self._log is not log:
            return
        shown, ready = len(self._ends), self._ready
        n = log.count
        while ready and n < shown + len(ready):  # undone: keep those still in the log
            ready.pop()
        ready.extend(self._lines_of(log, shown + len(ready), n))

    def _new_lines(self, log: CombatLog, i: int) -> list[LogLine]:
        """The lines of event ``i`` (the first not shown, or the one after the last
        asked for): those prepared for it if it is still the same event."""
        ready = self._ready
        if ready:
            event, lines = ready.popleft()
            if event is log.event(i):
                return lines
            ready.clear()  # the log changed under them: none of them holds
        return self._lines_of(log, i, i + 1)[0][1]

    def _items(self, lines: list[LogLine]) -> list[QStandardItem]:
        """A row for each line: a copy of the row of a line (or of a heading), its
        flags and font set once (setting them on each row took as long as the rest
        of making it)."""
        plain, bold = self._plain.clone, self._bold.clone
        items = []
        for line in lines:
            item = bold() if line.heading else plain()
            item.setText(line.text)
            item.setToolTip(line.text)
            items.append(item)
        return items

    def follow(self, log: CombatLog) -> None:
        """Show ``log``: append or drop lines at the end when it only grew or shrank."""
        n = log.count
        same = self._log is log
        shown = len(self._ends)
        root = self.invisibleRootItem()
        if not same:
            self.beginResetModel()
            self._log, self._lines, self._ends = log, [], []
            self._ready.clear()
            for _event, lines in self._lines_of(log, 0, n):
                self._lines.extend(lines)
                self._ends.append(len(self._lines))
            self.unsized = 0
            quiet = self.blockSignals(True)  # one reset, not a removal and an insertion
            try:
                self.setRowCount(0)
                root.appendRows(self._items(self._lines))
            finally:
                self.blockSignals(quiet)
            self.endResetModel()
            return
        if n < shown:
            self._ready.clear()
            keep = self._ends[n - 1] if n else 0
            self.removeRows(keep, len(self._lines) - keep)
            self.unsized = min(self.unsized, keep)
            del self._lines[keep:]
            del self._ends[n:]
        elif n > shown:
            new: list[LogLine] = []
            ends: list[int] = []
            for i in range(shown, n):
                new.extend(self._new_lines(log, i))
                ends.append(len(self._lines) + len(new))
            self._ready.clear()  # every event is shown now
            self._lines.extend(new)  # first: the filter reads them as the rows come
            self._ends.extend(ends)
            root.appendRows(self._items(new))

    def size_lines(self, sizes: _LineSizes, option: QStyleOptionViewItem,
                   start: int = 0) -> None:
        """The sizes of the rows from ``start`` on, as ``sizes`` measures their lines
        with ``option`` (the list's). Quietly: the list asks just before it lays the
        rows out (_LogList.doItemsLayout), and the filter keeps no sizes."""
        item, lines = self.item, self._lines
        quiet = self.blockSignals(True)
        try:
            for row, size in enumerate(sizes.sizes(option, lines[start:]), start):
                item(row).setData(size, _SIZE_HINT)
        finally:
            self.blockSignals(quiet)
        self.unsized = len(lines)

    def lines(self) -> list[LogLine]:
        return list(self._lines)


class _LogFilter(QSortFilterProxyModel):
    def __init__(self, model: LogModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.fighter = ""
        self._model = model
        self.setSourceModel(model)

    def set_filter(self, text: str, fighter: str) -> None:
        self.beginFilterChange()
        self.text, self.fighter = text.strip().casefold(), fighter
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    @property
    def shows_all(self) -> bool:
        """No filter: row r of this model is row r of the log's."""
        return not self.text and not self.fighter

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        # Asked for the lines added and when a filter changes, not when the list
        # lays its lines out.
        if self.shows_all:
            return True  # every line (a big round inserts some 650 at once, issue 18)
        lines = self._model._lines
        if source_parent.isValid() or not 0 <= source_row < len(lines):
            return True
        line = lines[source_row]
        if line.heading:
            return not self.text  # [decision] round headings stay unless text is searched
        if self.fighter and self.fighter not in line.fighters:
            return False
        return not self.text or self.text in line.text.casefold()


# What changes a line's size besides the width and the font.
_RESTYLE = frozenset({QEvent.Type.StyleChange, QEvent.Type.DevicePixelRatioChange})


class _LogList(QListView):
    """The log's list, with Qt's own delegate: each line's size is kept in its row
    (LogModel). Before each layout pass the lines not measured yet are (``sizes``),
    and every row is when the width, font or style changed since: the pass itself
    asks Python nothing per line (it cost 4-9 ms at 650 lines, 15-36 ms at 2,900,
    issue 18)."""

    def __init__(self, model: LogModel, sizes: _LineSizes,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model, self._sizes = model, sizes
        self._restyled = 0  # style changes seen: the same font and width, other sizes
        self._options: tuple[tuple[Any, ...], QStyleOptionViewItem] | None = None
        self._sized: tuple[Any, ...] | None = None  # the options the rows are sized for

    def _current_options(self) -> tuple[tuple[Any, ...], QStyleOptionViewItem]:
        """The options the list lays its lines out with now (its width: the
        viewport's), made again only when they change."""
        viewport = self.viewport()
        width = viewport.width()
        key = (width, self.font().key(), self.devicePixelRatio(), self._restyled)
        if self._options is None or self._options[0] != key:
            option = QStyleOptionViewItem()
            self.initViewItemOption(option)
            # A valid rectangle: the style wraps text only in one.
            option.rect = QRect(0, 0, width, max(1, viewport.height()))
            self._options = (key, option)
        return self._options

    def doItemsLayout(self) -> None:  # noqa: N802
        # Once per pass (after lines are added or removed, a resize, a new font or
        # style), at the width the lines are laid out at: after a big batch shows
        # the scroll bar (LogPanel._make_room), not before.
        key, option = self._current_options()
        model = self._model
        start = model.unsized if key == self._sized else 0
        self._sized = key
        if start < len(model._lines):
            model.size_lines(self._sizes, option, start)
        super().doItemsLayout()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() in _RESTYLE:
            self._restyled += 1
            self._sizes.forget()
            self.scheduleDelayedItemsLayout()  # measured again then
        super().changeEvent(event)


class LogPanel(QWidget):
    """The log with its text filter and fighter filter."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LogModel(self)
        self.proxy = _LogFilter(self.model, self)
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("log_filter")
        self.filter_edit.setPlaceholderText("Filter the log…")
        self.filter_edit.setClearButtonEnabled(True)
        self.fighter_combo = QComboBox()
        self.fighter_combo.setObjectName("log_fighter")
        self.fighter_combo.addItem("Everyone", "")
        self.fighter_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.sizes = _LineSizes(self)
        self.view = _LogList(self.model, self.sizes)
        self.view.setObjectName("combat_log")
        self.view.setModel(self.proxy)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setWordWrap(True)
        self.view.setUniformItemSizes(False)
        self.view.setAlternatingRowColors(True)
        self.filter_edit.textChanged.connect(self._refilter)
        self.fighter_combo.currentIndexChanged.connect(self._refilter)
        copy = QShortcut(QKeySequence(QKeySequence.StandardKey.Copy), self.view)
        copy.setContext(Qt.ShortcutContext.WidgetShortcut)
        copy.activated.connect(self.copy)
        # New lines scroll the log to its end once per pass of the event loop,
        # however many were added (each scroll lays out every line).
        self._scroll_due = False
        self.model.rowsInserted.connect(self._scroll_soon)
        # The log opens at its latest line and stays there while lines are laid out
        # (word wrap measures them late); once the GM scrolls up, it stays put.
        self._at_end = True
        bar = self.view.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.valueChanged.connect(self._scrolled)
        self.model.modelReset.connect(self._to_end)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.fighter_combo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)

    def _scroll_soon(self, *_args: object) -> None:
        self._make_room()
        if not self._scroll_due:
            self._scroll_due = True
            QTimer.singleShot(0, self, self._scroll_to_end)

    def _make_room(self) -> None:
        """Show the scroll bar now when the lines shown can no longer fit, before the
        list lays them out: otherwise it lays every line out at the full width, finds
        they overflow, shows the bar and lays them all out again at the narrower width
        (a big round's first 650 lines, issue 18). Only the bar's showing comes
        earlier: the layout then sets its range (and hides it again if wrong)."""
        view = self.view
        bar = view.verticalScrollBar()
        if (bar.maximum() > bar.minimum() or not view.isVisible()
                or view.verticalScrollBarPolicy() != _AS_NEEDED):
            return
        # Every line is at least a line of text high.
        if self.proxy.rowCount() * view.fontMetrics().height() <= view.viewport().height():
            return
        bar.setRange(0, 1)
        view.setVerticalScrollBarPolicy(_AS_NEEDED)  # the bar is shown (or not) now

    def _scroll_to_end(self) -> None:
        self._scroll_due = False
        self.view.scrollToBottom()

    def follow(self, log: CombatLog) -> None:
        self.model.follow(log)
        fighters = [(f.name, f.id) for f in log.state.fighters.values()]
        known = [(self.fighter_combo.itemText(i), self.fighter_combo.itemData(i))
                 for i in range(1, self.fighter_combo.count())]
        if fighters != known:
            current = self.fighter_combo.currentData()
            self.fighter_combo.blockSignals(True)
            while self.fighter_combo.count() > 1:
                self.fighter_combo.removeItem(1)
            for name, fid in fighters:
                self.fighter_combo.addItem(name, fid)
            at = self.fighter_combo.findData(current)
            self.fighter_combo.setCurrentIndex(max(0, at))
            self.fighter_combo.blockSignals(False)
            self._refilter()

    def _to_end(self) -> None:
        self._at_end = True
        self.view.scrollToBottom()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._at_end:
            self.view.verticalScrollBar().setValue(high)

    def _scrolled(self, value: int) -> None:
        self._at_end = value >= self.view.verticalScrollBar().maximum()

    def _refilter(self, *_args: object) -> None:
        self.proxy.set_filter(self.filter_edit.text(), self.fighter_combo.currentData() or "")

    def shown_lines(self) -> list[str]:
        return [self.proxy.index(r, 0).data() for r in range(self.proxy.rowCount())]

    def copy(self) -> str:
        """Copy the selected lines (every shown line if none is selected)."""
        rows = sorted(i.row() for i in self.view.selectionModel().selectedRows())
        lines = ([self.proxy.index(r, 0).data() for r in rows] if rows
                 else self.shown_lines())
        text = "\n".join(lines)
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(text)
        return text
