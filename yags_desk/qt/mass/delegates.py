"""Item delegates of the battle view.

:class:`TurnLineDelegate` draws the turns list as the standard delegate does and
keeps the size of each line it measured: the list lays out every row again when
a turn is added (its lines wrap, so rows differ in height), and measuring a
long wrapped line is most of the cost of a turn after a few dozen.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QSize, Qt
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

__all__ = ["TurnLineDelegate"]

Index = QModelIndex | QPersistentModelIndex
_OPTION_SETS = 4


class TurnLineDelegate(QStyledItemDelegate):
    """The standard delegate, remembering the size of each line for the options it
    was measured with (the width it wraps at, font, screen) until the list's style
    changes: the same line with the same options measures the same, so only a new
    line, or new options, is measured."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        # Sizes by the options measured with, then by line; a few sets of options
        # at once (the list measures with and without a width).
        self._sizes: dict[tuple[Any, ...], dict[str, QSize]] = {}
        parent.installEventFilter(self)  # a new style measures anew

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.StyleChange:
            self._sizes.clear()
        return False

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if not isinstance(text, str):
            return super().sizeHint(option, index)
        # What the measure depends on besides the style, as plain values (a field
        # of the option may point into the option, which is gone after this call):
        # the width a line wraps at (none when the rectangle is not valid), the
        # font, the features (wrapping; the turns have no icon or check box) and
        # the screen.
        opt: Any = option
        rect, widget = opt.rect, opt.widget
        options = (rect.width() if rect.isValid() else -1, opt.font.key(), opt.features,
                   widget.devicePixelRatio() if widget is not None else 1.0)
        sizes = self._sizes.get(options)
        if sizes is None:
            if len(self._sizes) >= _OPTION_SETS:  # the list was resized, or its font set
                self._sizes.clear()
            sizes = self._sizes[options] = {}
        size = sizes.get(text)
        if size is None:
            size = sizes[text] = super().sizeHint(option, index)
        return QSize(size)
