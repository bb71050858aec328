"""A wrapped label that keeps its height while its text changes.

The battle view's status and next turn's plan change each turn, and their
number of lines with them (a count loses a digit, a pairing ends); a label
whose height followed them would move everything below and above it, and the
two group tables would be laid out and painted again for a line of text.
:class:`SteadyLabel` asks for the most height its texts needed at its width
since :meth:`SteadyLabel.relax` (the view relaxes it when the battle's set-up
changes), its text at the top: a shorter text leaves blank space under it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

__all__ = ["SteadyLabel"]


class SteadyLabel(QLabel):
    """A word-wrapped label, top-aligned, that does not shrink until relaxed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._tallest: dict[int, int] = {}  # by width: the most height asked

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        height = max(super().heightForWidth(width), self._tallest.get(width, 0))
        if len(self._tallest) > 8 and width not in self._tallest:  # resized a lot
            self._tallest.clear()
        self._tallest[width] = height
        return height

    def relax(self) -> None:
        """From now on as tall as the text needs (and no shorter after)."""
        if self._tallest:
            self._tallest.clear()
            self.updateGeometry()
