"""Tree rows as tall as their text wrapped to the column's width.

QTreeView measures a row without giving the delegate the column's width (Qt's
own comment: "If we want word wrapping in the items, we need to go through all
the columns and set the width of the column"), so with ``setWordWrap(True)`` a
long line still gets one line's height and ends in "…". :class:`WrapDelegate`
gives the measure the width the text will have (the column less the
indentation; the style itself takes off the tick box) and lays the rows out
again when the column's width changes.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeView

__all__ = ["WrapDelegate"]


class WrapDelegate(QStyledItemDelegate):
    """Set on ``view`` (a tree) as its item delegate: wraps and measures every row."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self._view = view
        view.setWordWrap(True)
        view.setUniformRowHeights(False)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setItemDelegate(self)
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(view.doItemsLayout)
        view.header().sectionResized.connect(lambda *_a: self._relayout.start())

    def text_width(self, option: QStyleOptionViewItem,
                   index: QModelIndex | QPersistentModelIndex) -> int:
        """The width the text of ``index`` has in its column."""
        view = self._view
        width = view.header().sectionSize(index.column())
        if index.column() == view.header().logicalIndex(0):  # the indented column
            depth, parent = 0, index.parent()
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width -= (depth + int(view.rootIsDecorated())) * view.indentation()
        # The tick box is not taken off here: Qt's style takes it off itself when it
        # measures wrapped text (QCommonStyle's viewItemSize); taken off twice, a ticked
        # row that nearly fills the width was measured two lines tall and painted on
        # one, with an empty second line under it.
        return max(width, 1)

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802 (Qt's name)
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        measured = QStyleOptionViewItem(option)
        self.initStyleOption(measured, index)
        # Qt's style wraps only for a valid rectangle: any height, the text's width.
        measured.rect = QRect(0, 0, self.text_width(measured, index), 1)
        measured.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        widget = measured.widget
        style = widget.style() if widget is not None else self._view.style()
        return style.sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, measured, QSize(),
                                      widget)
