"""The turns list of the battle view: each line's size kept in its row.

The list lays out every row again when a turn is added (its lines wrap, so rows
differ in height) and asks each row's size. :class:`TurnsList` measures a line
once, as the standard delegate measures it for the list's width, font, style and
screen, and keeps the size in the row (``Qt.ItemDataRole.SizeHintRole`` of the
:class:`~yags_desk.qt.mass.models.TurnsModel`), where the standard delegate reads
it without calling Python: a turn added costs its own line, whatever the turns
fought. When the width, font, style or screen change, every row is measured
again (sizes already measured for those options are remembered).

The list stays at its last turn while it is there (a turn added scrolls into
view), and stays put once the GM scrolls up. [decision] It follows its scroll
bar's range, set when Qt lays the rows out before drawing them, instead of
scrolling to the bottom at each turn, which laid every row out at once (0.3 ms
at 300 turns, a third of the view's own work for a turn; issue 16), and again at
each of several turns undone together.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QRect, QSize
from PySide6.QtGui import QResizeEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QListView, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from yags_desk.qt.mass.models import TurnsModel

__all__ = ["TurnsList"]

_OPTION_SETS = 4  # sets of options whose sizes are remembered (a scroll bar shown or not)
# What changes a line's size besides the width.
_REMEASURE = frozenset({QEvent.Type.FontChange, QEvent.Type.StyleChange,
                        QEvent.Type.DevicePixelRatioChange})


class TurnsList(QListView):
    """The turns fought, one wrapped line each; the rows keep their sizes."""

    def __init__(self, model: TurnsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setWordWrap(True)
        self._model = model
        self._measure = QStyledItemDelegate(self)  # the list's own delegate, as is
        self._probe = QStandardItemModel(self)  # a row holding only the line
        self._probe.appendRow(QStandardItem())
        self._style_changes = 0
        # Sizes by the options measured with, then by line.
        self._sizes: dict[tuple[Any, ...], dict[str, QSize]] = {}
        self._options: tuple[tuple[Any, ...], QStyleOptionViewItem] | None = None
        self._sized: tuple[Any, ...] | None = None  # the options the rows are sized for
        model.sizer = self.line_size
        self._at_end = True  # showing the last turn: new turns scroll into view
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.valueChanged.connect(self._scrolled)

    def _range_changed(self, _low: int, high: int) -> None:
        if self._at_end:
            self.verticalScrollBar().setValue(high)

    def _scrolled(self, value: int) -> None:
        self._at_end = value >= self.verticalScrollBar().maximum()

    def line_size(self, line: str) -> QSize:
        """``line``'s size as the standard delegate measures a row holding it, for
        the list's options now (its width: the viewport's, as the list lays out)."""
        key, option = self._current_options()
        if key != self._sized:  # the rows shown were sized for other options
            self._resize_rows()
        sizes = self._sizes.get(key)
        if sizes is None:
            if len(self._sizes) >= _OPTION_SETS:
                self._sizes.clear()
            sizes = self._sizes[key] = {}
        size = sizes.get(line)
        if size is None:
            self._probe.item(0, 0).setText(line)
            size = sizes[line] = self._measure.sizeHint(option, self._probe.index(0, 0))
        return QSize(size)

    def _current_options(self) -> tuple[tuple[Any, ...], QStyleOptionViewItem]:
        width = self.viewport().width()
        key = (width, self.font().key(), self.devicePixelRatio(), self._style_changes)
        if self._options is None or self._options[0] != key:
            option = QStyleOptionViewItem()
            self.initViewItemOption(option)
            option.rect = QRect(0, 0, width, self.viewport().height())
            self._options = (key, option)
        return self._options

    def _resize_rows(self) -> None:
        """The rows' sizes for the list's options now, if they changed."""
        key = self._current_options()[0]
        if key != self._sized:
            self._sized = key
            self._model.resize_lines()
            self.scheduleDelayedItemsLayout()  # quietly resized: lay out again

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        # A new width: the rows take their sizes for it before the list lays them
        # out again (a moment after a resize).
        self._resize_rows()
        super().resizeEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() in _REMEASURE:
            if event.type() == QEvent.Type.StyleChange:
                self._style_changes += 1  # a style sheet: same font, other sizes
            self._resize_rows()
        return super().event(event)
