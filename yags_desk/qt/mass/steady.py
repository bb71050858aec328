"""Wrapped labels, one under the other, whose column keeps its height while
their texts change.

The battle view's status and next turn's plan change each turn, and their
number of lines with them (a count loses a digit, a pairing ends, the outcome
comes when the plan goes); a column whose height followed them would move
everything around it, and the two group tables would be laid out and painted
again for a line of text. :class:`SteadyLabels` asks for the most height its
labels needed at its width since :meth:`SteadyLabels.relax` (the view relaxes it
when the battle's set-up changes): a shorter text leaves blank space at the
bottom of the column, a longer one takes it back first.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

__all__ = ["SteadyLabels"]

_WIDTHS = 8  # widths whose tallest height is remembered (the view resized)


class _SteadyColumn(QVBoxLayout):
    """A column asking for the most height it was asked at each width (the layout
    above reads a widget's height for its width from the widget's layout)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.tallest: dict[int, int] = {}  # by width: the most height asked

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        height = max(super().heightForWidth(width), self.tallest.get(width, 0))
        if len(self.tallest) >= _WIDTHS and width not in self.tallest:
            self.tallest.clear()
        self.tallest[width] = height
        return height


class SteadyLabels(QWidget):
    """Word-wrapped labels in a column that does not shrink until relaxed."""

    def __init__(self, labels: tuple[QLabel, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._column = _SteadyColumn(self)
        self._column.setContentsMargins(0, 0, 0, 0)
        for label in labels:
            label.setWordWrap(True)
            self._column.addWidget(label)
        self._column.addStretch(1)  # the blank space at the bottom

    def relax(self) -> None:
        """From now on as tall as the texts need (and no shorter after)."""
        if self._column.tallest:
            self._column.tallest.clear()
            self._column.invalidate()
            self.updateGeometry()
