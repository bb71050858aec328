"""The board itself: board rows as bands, each fighter a card painted in its band.

Cards are painted, not built from child widgets, so 200 fighters cost 200
rectangles (only those in view are drawn). The canvas reads the
:class:`~yags_desk.qt.battle.roster_model.RosterModel` and follows its signals.
Clicking selects a card (:attr:`BoardCanvas.selection_changed`), the context
menu and double-click are passed on as signals, and characters dropped from the
library arrive in the board row under the drop (:attr:`character_dropped`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QApplication, QSizePolicy, QToolTip, QWidget

from yags_desk.qt.battle.roster_model import RosterModel
from yags_desk.qt.battle.summary import FighterSummary
from yags_desk.qt.common.mime import CHARACTER_MIME

__all__ = ["BoardCanvas", "card_lines", "card_parts", "compact_lines", "flow"]

MARGIN = 6
GAP = 6
LABEL_W = 58
COMPACT_LABEL_W = 46
COMPACT_GAP = 4
STRIPE = 5
NORMAL_LINES = 4  # under the name: three parts, one of them wrapped
LARGE_LINES = 6  # the numbers (of a fighter able to act), then the parts, with room to wrap


def _down(s: FighterSummary) -> bool:
    """Dead, unconscious or dying: the status says more than the conditions."""
    return s.status in ("dead", "unconscious") or s.status.startswith("dying")


def card_parts(s: FighterSummary) -> list[list[str]]:
    """The lines under a card's name, each as the pieces joined by " · ": wounds,
    stuns and fatigue; what the fighter does and with what; its status or
    conditions. A line too long for the card wraps between pieces (see flow)."""
    state = s.wounds
    if s.penalty and "−" not in state and "-" not in state:
        state += f" ({s.penalty:+d})".replace("-", "−")
    weapon = s.weapon.split(": ", 1)[-1] if s.weapon else ""
    doing = [s.action or weapon]
    if s.action and weapon and s.action.startswith(("attacks", "shoots")):
        doing = [s.action, weapon]
    last = s.status if _down(s) else s.conditions
    return [[x for x in (state, s.stuns, s.fatigue) if x], [x for x in doing if x],
            [last] if last else []]


def card_lines(s: FighterSummary) -> list[str]:
    """The text of a card, line by line (what the GM reads on the board)."""
    init = f"Init {s.initiative}" if s.initiative else ""
    return [s.name, init, *(" · ".join(part) for part in card_parts(s))]


def flow(parts: list[list[str]], width: int, metrics: QFontMetrics,
         lines: int) -> list[tuple[str, int]]:
    """Lay ``parts`` out in at most ``lines`` lines of ``width`` pixels: each part on
    a new line, its pieces wrapped between pieces (then between words) rather than
    cut; only what still does not fit is elided. Returns (text, part index)."""
    out: list[tuple[str, int]] = []
    for n, pieces in enumerate(parts):
        line = ""
        words = [w for piece in pieces for w in _split(piece, width, metrics)]
        for k, word in enumerate(words):
            sep = " · " if k and word[1] else " "
            candidate = f"{line}{sep}{word[0]}" if line else word[0]
            if not line or metrics.horizontalAdvance(candidate) <= width:
                line = candidate
                continue
            out.append((line + (" ·" if word[1] else ""), n))
            line = word[0]
        if line:
            out.append((line, n))
    if len(out) > lines:
        text, n = out[lines - 1]
        rest = " ".join(t for t, _ in out[lines:])
        out = [*out[:lines - 1], (metrics.elidedText(f"{text} {rest}",
                                                     Qt.TextElideMode.ElideRight, width), n)]
    return [(metrics.elidedText(t, Qt.TextElideMode.ElideRight, width), n) for t, n in out]


def _split(piece: str, width: int, metrics: QFontMetrics) -> list[tuple[str, bool]]:
    """A piece as one word when it fits ``width``, else word by word; True marks
    the first word of a piece (a " · " goes before it)."""
    if metrics.horizontalAdvance(piece) <= width or " " not in piece:
        return [(piece, True)]
    return [(w, k == 0) for k, w in enumerate(piece.split(" "))]


def compact_lines(s: FighterSummary) -> list[str]:
    """A compact card: name, initiative, and one line with the wound level and its
    penalty followed by the declared target or the fighter's status."""
    init = f"Init {s.initiative}" if s.initiative else ""
    state = s.wounds
    if s.penalty and "−" not in state and "-" not in state:
        state += f" ({s.penalty:+d})".replace("-", "−")
    if s.stuns:
        state += " · " + s.stuns.removeprefix("Stuns: ") + " stun"
    if _down(s) or s.status == "removed" or not s.action:
        doing = s.status
    elif s.action.startswith("attacks → "):
        doing = s.action.removeprefix("attacks ")
    else:
        doing = s.action.replace("shoots at →", "shoots →")
    return [s.name, init, f"{state} · {doing}" if doing else state]


class BoardCanvas(QWidget):
    """Painted cards in board-row bands over a :class:`RosterModel`."""

    selection_changed = Signal(str)
    activated = Signal(str)
    context_requested = Signal(str, QPoint)
    character_dropped = Signal(list, int)  # paths, board row
    card_moved = Signal(str, int)  # a card dragged to another band: fighter, board row

    def __init__(self, model: RosterModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board_canvas")
        self.model = model
        self.selected: str | None = None
        self.current: str | None = None  # the fighter the next step is about
        self.target: str | None = None
        self._cards: dict[str, QRect] = {}
        self._bands: list[tuple[int, QRect]] = []
        self._content_height = 0
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        font = QFont(self.font())
        self._bold = QFont(font)
        self._bold.setBold(True)
        self._small = QFont(font)
        self._small.setPointSizeF(max(7.0, font.pointSizeF() * 0.92))
        line = QFontMetrics(self._small).height()
        em = QFontMetrics(font).horizontalAdvance("M")
        bold_h = QFontMetrics(self._bold).height()
        # Normal card: the name, then NORMAL_LINES lines (card_parts, wrapped); the
        # large card, when the board has room (issue 12: 1920×1080 kept small cards),
        # is wider and adds the numbers before dice.
        self.normal_size = QSize(max(176, em * 17), bold_h + NORMAL_LINES * line + 10)
        self.large_size = QSize(max(270, em * 25), bold_h + LARGE_LINES * line + 10)
        self.large = False
        # The compact card: name and initiative, then one line (compact_lines).
        self.compact_size = QSize(max(140, em * 12), QFontMetrics(self._bold).height()
                                  + line + 8)
        self.compact_label_w = max(COMPACT_LABEL_W,
                                   QFontMetrics(self._bold).horizontalAdvance("Row 00") + 10)
        self.card_size = self.normal_size
        self.compact = False
        self._label_w = LABEL_W
        self._gap = GAP
        self._watched: QWidget | None = None
        self._placed: dict[str, int] = {}  # the row each placed card is in
        self._pressed: tuple[str, QPoint] | None = None  # a card pressed (maybe dragged)
        for signal in (model.rowsInserted, model.modelReset, model.rowsRemoved,
                       model.layoutChanged):
            signal.connect(self.relayout)
        model.dataChanged.connect(self._data_changed)

    # -- layout -------------------------------------------------------------------------

    def _available_height(self) -> int:
        """The height the cards may fill without scrolling: the scroll area's viewport
        (the parent widget), or 0 (no limit) for a canvas on its own."""
        parent = self.parentWidget()
        if parent is not self._watched:
            if self._watched is not None:
                self._watched.removeEventFilter(self)
            self._watched = parent
            if parent is not None:
                parent.installEventFilter(self)
        return parent.height() if parent is not None else 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched and event.type() == QEvent.Type.Resize:
            self.relayout()
        return False

    def _place(self, size: QSize, label_w: int, gap: int, width: int,
               rows: dict[int, list[FighterSummary]]) -> tuple[
                   dict[str, QRect], list[tuple[int, QRect]], int]:
        width = max(width, label_w + size.width() + 2 * MARGIN + gap)
        per_line = max(1, (width - label_w - 2 * MARGIN) // (size.width() + gap))
        cards: dict[str, QRect] = {}
        bands: list[tuple[int, QRect]] = []
        y = MARGIN
        cw, ch = size.width(), size.height()
        for row in sorted(rows):
            members = rows[row]
            lines = (len(members) + per_line - 1) // per_line
            band_h = lines * (ch + gap) + gap
            bands.append((row, QRect(MARGIN, y, width - 2 * MARGIN, band_h)))
            for i, s in enumerate(members):
                x = MARGIN + label_w + (i % per_line) * (cw + gap)
                top = y + gap + (i // per_line) * (ch + gap)
                cards[s.id] = QRect(x, top, cw, ch)
            y += band_h + gap
        return cards, bands, y

    @staticmethod
    def _height(size: QSize, label_w: int, gap: int, width: int,
                counts: list[int]) -> int:
        """The height :meth:`_place` reaches with ``counts`` cards per row, without
        placing each card (the compact fit tries many sizes on every change)."""
        width = max(width, label_w + size.width() + 2 * MARGIN + gap)
        per_line = max(1, (width - label_w - 2 * MARGIN) // (size.width() + gap))
        y = MARGIN
        for n in counts:
            lines = (n + per_line - 1) // per_line
            y += lines * (size.height() + gap) + gap + gap
        return y

    def _compact_fit(self, width: int, room: int,
                     rows: dict[int, list[FighterSummary]]) -> QSize:
        """The widest compact card (fewest per line, at most the normal width) with which
        every card fits ``room``; the narrowest compact card when none does."""
        usable = width - self.compact_label_w - 2 * MARGIN
        narrow = self.compact_size
        for per_line in range(1, max(1, usable // (narrow.width() + COMPACT_GAP)) + 1):
            cw = min(self.normal_size.width(), usable // per_line - COMPACT_GAP)
            if cw < narrow.width():
                break
            size = QSize(cw, narrow.height())
            counts = [len(rows[row]) for row in sorted(rows)]
            if self._height(size, self.compact_label_w, COMPACT_GAP, width, counts) <= room:
                return size
        return narrow

    def _data_changed(self, top: QModelIndex, bottom: QModelIndex, *_args: object) -> None:
        """A fighter's numbers changed: repaint; place the cards again only when one
        of the changed fighters moved or left (only those rows are looked at: one
        event changes many rows, each a signal)."""
        for r in range(top.row(), bottom.row() + 1):
            s = self.model.summary_at(r)
            if self._placed.get(s.id) != (None if s.status == "removed" else s.row):
                self.relayout()
                return
        self.update()

    def relayout(self, *_args: object) -> None:
        """Place the cards; compact cards when the normal ones would not all fit the
        visible height (issue 5: 30 combatants readable at 1366×768)."""
        self._placed = {s.id: s.row for s in self.model.summaries() if s.status != "removed"}
        rows: dict[int, list[FighterSummary]] = {}
        for s in self.model.summaries():
            if s.status != "removed":
                rows.setdefault(s.row, []).append(s)
        size = self.normal_size
        width, room = self.width(), self._available_height()
        self.compact = self.large = False
        if room:
            cards, bands, height = self._place(self.large_size, LABEL_W, GAP, width, rows)
            self.large = height <= room
        if self.large:
            size = self.large_size
        else:
            cards, bands, height = self._place(self.normal_size, LABEL_W, GAP, width, rows)
        if room and height > room:
            # [decision] Compact as soon as the normal cards would need scrolling, even
            # if the compact ones still do (200 fighters): more of the fight is in view.
            size = self._compact_fit(width, room, rows)
            cards, bands, height = self._place(size, self.compact_label_w, COMPACT_GAP,
                                               width, rows)
            self.compact = True
        self.card_size = size
        self._label_w = self.compact_label_w if self.compact else LABEL_W
        self._gap = COMPACT_GAP if self.compact else GAP
        self._cards, self._bands, self._content_height = cards, bands, height
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.relayout()

    def sizeHint(self) -> QSize:
        return QSize(LABEL_W + 3 * (self.normal_size.width() + GAP) + 2 * MARGIN,
                     max(200, self._content_height))

    def card_rect(self, fid: str) -> QRect | None:
        return self._cards.get(fid)

    def card_at(self, pos: QPoint) -> str | None:
        for fid, rect in self._cards.items():
            if rect.contains(pos):
                return fid
        return None

    def row_at(self, pos: QPoint) -> int:
        """The board row of the band under ``pos`` (below the last band: one more row)."""
        for row, rect in self._bands:
            if rect.top() <= pos.y() <= rect.bottom() + self._gap:
                return row
        if self._bands and pos.y() < self._bands[0][1].top():
            return self._bands[0][0]
        return (self._bands[-1][0] + 1) if self._bands else 0

    def bands(self) -> list[int]:
        return [row for row, _ in self._bands]

    # -- selection ----------------------------------------------------------------------

    def set_selected(self, fid: str | None) -> None:
        if fid == self.selected:
            return
        old = self.selected
        self.selected = fid
        if self.model.board_rows:
            self.update()  # every card's range to the selected one changes
        for who in (old, fid):
            rect = self._cards.get(who) if who else None
            if rect is not None:
                self.update(rect.adjusted(-3, -3, 3, 3))
        if fid is not None:
            self.selection_changed.emit(fid)

    def set_current(self, fid: str | None, target: str | None) -> None:
        self.current, self.target = fid, target
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        fid = self.card_at(event.position().toPoint())
        if fid is not None:
            self.set_selected(fid)
            if event.button() == Qt.MouseButton.LeftButton:
                self._pressed = (fid, event.position().toPoint())
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A card dragged into another band is moved there (card_moved)."""
        pressed, self._pressed = self._pressed, None
        if pressed is not None and event.button() == Qt.MouseButton.LeftButton:
            fid, start = pressed
            pos = event.position().toPoint()
            far = (pos - start).manhattanLength() >= QApplication.startDragDistance()
            row = self.row_at(pos)
            if far and self._placed.get(fid) is not None and row != self._placed[fid]:
                self.card_moved.emit(fid, row)
        super().mouseReleaseEvent(event)

    def range_text(self, fid: str) -> str:
        """"Range 2" from the selected fighter to ``fid`` (RULES 3.1, board rows on);
        "" for the selected card itself or when the option is off."""
        if not self.model.board_rows or self.selected is None or fid == self.selected:
            return ""
        me, other = self.model.summary(self.selected), self.model.summary(fid)
        if me is None or other is None:
            return ""
        return f"Range {abs(me.row - other.row)}"

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        fid = self.card_at(event.position().toPoint())
        if fid is not None:
            self.activated.emit(fid)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        fid = self.card_at(event.pos())
        if fid is None and event.reason() == QContextMenuEvent.Reason.Keyboard:
            fid = self.selected
        if fid is not None:
            self.set_selected(fid)
            self.context_requested.emit(fid, event.globalPos())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        ids = list(self._cards)
        if event.key() in (Qt.Key.Key_Right, Qt.Key.Key_Left) and ids:
            step = 1 if event.key() == Qt.Key.Key_Right else -1
            at = ids.index(self.selected) if self.selected in ids else -step
            self.set_selected(ids[(at + step) % len(ids)])
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.selected:
            self.activated.emit(self.selected)
            return
        super().keyPressEvent(event)

    # -- drops ------------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(CHARACTER_MIME):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(CHARACTER_MIME):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        mime = event.mimeData()
        if not mime.hasFormat(CHARACTER_MIME):
            event.ignore()
            return
        paths = [p for p in bytes(mime.data(CHARACTER_MIME).data()).decode("utf-8").split("\n")
                 if p.strip()]
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        self.character_dropped.emit(paths, self.row_at(event.position().toPoint()))

    # -- painting -----------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        exposed = event.rect()
        painter.fillRect(exposed, palette.color(QPalette.ColorRole.Window))
        text = palette.color(QPalette.ColorRole.WindowText)
        for row, rect in self._bands:
            if not rect.intersects(exposed):
                continue
            painter.fillRect(rect, palette.color(QPalette.ColorRole.AlternateBase))
            painter.setPen(text)
            painter.setFont(self._bold)
            painter.drawText(QRect(rect.left() + 4, rect.top() + self._gap,
                                   self._label_w - 8, 24),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
                             f"Row {row}")
        if not self._bands:
            painter.setPen(text)
            painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter),
                             "No combatants yet: add some (Ctrl+Shift+A) or drag "
                             "characters here from the library.")
        for s in self.model.summaries():
            card = self._cards.get(s.id)
            if card is not None and card.intersects(exposed):
                self._paint_card(painter, s, card, palette)
        painter.end()

    def _paint_card(self, painter: QPainter, s: FighterSummary, rect: QRect,
                    palette: QPalette) -> None:
        base = palette.color(QPalette.ColorRole.Base)
        fg = palette.color(QPalette.ColorRole.Text)
        dim = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        painter.fillRect(rect, base)
        painter.fillRect(QRect(rect.left(), rect.top(), STRIPE, rect.height()),
                         self.model.colour(s.side))
        if s.id == self.selected:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 3)
        elif s.id == self.current:
            pen = QPen(QColor("#e08a00"), 3)
        elif s.id == self.target:
            pen = QPen(QColor("#e08a00"), 1, Qt.PenStyle.DashLine)
        else:
            pen = QPen(palette.color(QPalette.ColorRole.Mid), 1)
        painter.setPen(pen)
        painter.drawRect(rect.adjusted(0, 0, -1, -1))
        name, init = s.name, (f"Init {s.initiative}" if s.initiative else "")
        reach = self.range_text(s.id)
        init = " · ".join(x for x in (reach, init) if x)
        inner = rect.adjusted(STRIPE + 5, 4 if not self.compact else 3, -5, -3)
        colour = fg if s.able else dim
        painter.setFont(self._bold)
        bold = QFontMetrics(self._bold)
        painter.setFont(self._small)
        small = QFontMetrics(self._small)
        init_w = small.horizontalAdvance(init) + 6 if init else 0
        painter.setFont(self._bold)
        painter.setPen(colour)
        head = QRect(inner.left(), inner.top(), inner.width() - init_w, bold.height())
        painter.drawText(head, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         bold.elidedText(name, Qt.TextElideMode.ElideRight, head.width()))
        painter.setFont(self._small)
        if init:
            painter.drawText(QRect(inner.right() - init_w, inner.top(), init_w, bold.height()),
                             int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                             init)
        y = inner.top() + bold.height() + 1
        hurt = QColor("#c0392b") if palette.color(QPalette.ColorRole.Base).lightness() > 128 \
            else QColor("#ff8a7a")
        for line, n in self.shown_lines(s, inner.width()):
            red = (n == 0 and s.hurt and s.able) or (n == 2 and not s.able) or (
                self.compact and not s.able)
            painter.setPen(hurt if red else colour)
            box = QRect(inner.left(), y, inner.width(), small.height())
            painter.drawText(box, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             line)
            y += small.height()

    def text_width(self) -> int:
        """The width a card's lines have (the card less its stripe and margins)."""
        return self.card_size.width() - STRIPE - 10

    def shown_lines(self, s: FighterSummary, width: int | None = None) -> list[tuple[str, int]]:
        """The lines painted under a card's name, as (text, part): the part is 0 for
        wounds, 1 for the action, 2 for the status, -1 for the numbers line. Text
        that still does not fit ends in "…" (the card's tooltip has all of it)."""
        width = self.text_width() if width is None else width
        small = QFontMetrics(self._small)
        if self.compact:
            line = compact_lines(s)[2]
            return [(small.elidedText(line, Qt.TextElideMode.ElideRight, width), 0)]
        if self.large:
            # An exhausted 0.8 fighter may only rest: attack and defence numbers
            # would offer what it cannot do (combat-wounds.yags, Fatigue).
            shows = s.numbers and s.able and s.status != "exhausted"
            numbers = [s.numbers.split(" · ")] if shows else [[]]
            return [(text, n - 1) for text, n in flow(numbers + card_parts(s), width, small,
                                                      LARGE_LINES)]
        return flow(card_parts(s), width, small, NORMAL_LINES)

    def tooltip(self, fid: str) -> str:
        """Everything about a card, what is cut included (shown on hover)."""
        s = self.model.summary(fid)
        if s is None:
            return ""
        row = self.model.row_of(fid)
        text = self.model.index(row, 1).data(Qt.ItemDataRole.ToolTipRole) or ""
        return f"{text}\n{s.numbers}" if s.numbers else str(text)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            fid = self.card_at(event.pos())
            if fid is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip(fid), self)
            return True
        return super().event(event)
