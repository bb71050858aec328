"""Figures left on each side, turn by turn: a small line chart drawn with QPainter.

The lines and dots are drawn once into a picture kept with the chart (a QPixmap);
a turn added draws its own segment and dot onto it, so a turn costs the same
whatever the turns fought. The picture is drawn whole again only when what it
was drawn for changes: the chart's size, font, colours or screen, the scales,
the break lines, or a turn undone. [decision] So that the scales rarely change,
the turn axis runs to the next of 1, 2, 5, 10, 20, 50, 100… turns (at most the
battle's limit), not to the turn fought last: the lines grow along the axis and
the picture is redrawn when the axis grows (a few times in a long battle).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QToolTip, QWidget

__all__ = ["SIDE_COLOURS", "CountsChart", "turn_axis"]

# [decision] Blue and orange: told apart with the common colour blindnesses.
SIDE_COLOURS = (QColor(31, 119, 180), QColor(230, 120, 20))
_LINE, _DOT = 2.5, 2.5  # pen width of the lines, radius of the dots


def turn_axis(turns: int, max_turns: int) -> int:
    """The turns the turn axis shows: the first of 1, 2, 5, 10, 20, 50, 100… that
    holds ``turns``, but no more than the battle's ``max_turns`` (nor fewer than
    ``turns``)."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= turns:
                return max(min(step * factor, max_turns), turns, 1)
        step *= 10


class CountsChart(QWidget):
    """One line per side: its figures at the start and after each turn fought."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.names: tuple[str, str] = ("", "")
        self.series: tuple[list[int], list[int]] = ([], [])
        self.max_turns = 1
        self.breaks: tuple[float, float] = (0.0, 0.0)
        # The lines and dots drawn (see the module's note): the picture, what it
        # was drawn for, and the counts it shows per side.
        self._picture: QPixmap | None = None
        self._drawn_for: tuple[object, ...] = ()
        self._drawn: tuple[list[int], list[int]] = ([], [])
        self.setMinimumSize(240, 140)
        self.setAccessibleName("Figures left per side, turn by turn")

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(360, 180)

    def set_counts(self, names: tuple[str, str], series: tuple[list[int], list[int]],
                   max_turns: int, breaks: tuple[float, float] = (0.0, 0.0)) -> None:
        """``series[side]``: the side's figures at the start, then after each turn;
        ``breaks[side]``: the figures at or below which it breaks (a dashed line)."""
        self.names = names
        self.breaks = breaks
        self.series = (list(series[0]), list(series[1]))
        self.max_turns = max(1, max_turns)
        self.update()

    def tip(self) -> str:
        """The chart's tooltip: each side's figures turn by turn, and where it breaks.
        [decision] Written when the tooltip is asked for (``event``), not at each
        turn: it holds every turn fought, so writing it per turn made a turn's cost
        grow with the turns fought (issue 16: the turn against the CLI)."""
        tip = [f"{name}: " + " → ".join(str(n) for n in counts)
               + (f" (breaks at {int(limit)} or fewer: dashed line)" if limit else "")
               for name, counts, limit in zip(self.names, self.series, self.breaks,
                                              strict=True)]
        return "\n".join(tip)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            QToolTip.showText(event.globalPos(), self.tip(), self)
            return True
        return super().event(event)

    def axes(self) -> tuple[int, int]:
        """The figures the count axis shows (the most on a side at any turn) and the
        turns the turn axis shows (:func:`turn_axis`)."""
        top = max(self.series[0] + self.series[1] + [1])
        return top, turn_axis(len(self.series[0]) - 1, self.max_turns)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        metrics = painter.fontMetrics()
        line = metrics.height()
        top, span = self.axes()
        label_w = metrics.horizontalAdvance(str(top)) + 6
        plot = QRectF(label_w + 4, line * 1.6, self.width() - label_w - 14,
                      self.height() - line * 3.2)
        painter.drawPixmap(0, 0, self._lines(plot, top, span, text))
        painter.setPen(QPen(text, 1))
        painter.drawText(QRectF(0, plot.top() - line / 2, label_w, line),
                         Qt.AlignmentFlag.AlignRight, str(top))
        painter.drawText(QRectF(0, plot.bottom() - line / 2, label_w, line),
                         Qt.AlignmentFlag.AlignRight, "0")
        painter.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width(), line),
                         Qt.AlignmentFlag.AlignRight,
                         f"turn {span}" if self.series[0] else "")
        x = plot.left()
        for side, (name, counts) in enumerate(zip(self.names, self.series, strict=True)):
            legend = f"{name}: {counts[-1] if counts else 0}"
            painter.fillRect(QRectF(x, 4, 12, line - 4), SIDE_COLOURS[side])
            painter.setPen(QPen(text, 1))
            painter.drawText(QPointF(x + 16, line - 1), legend)
            x += metrics.horizontalAdvance(legend) + 40
        painter.end()

    def _lines(self, plot: QRectF, top: int, span: int, text: QColor) -> QPixmap:
        """The picture of the axes, break lines, lines and dots, brought up to the
        counts shown: the turns added drawn onto it, or all of it drawn anew."""
        ratio = self.devicePixelRatioF()
        drawn_for = (self.width(), self.height(), ratio, plot, top, span, self.breaks,
                     text.rgba())
        shown = min(len(self._drawn[0]), len(self.series[0]))
        if (self._picture is None or drawn_for != self._drawn_for
                or len(self.series[0]) < len(self._drawn[0])
                or any(self._drawn[side] != self.series[side][:shown] for side in (0, 1))):
            picture = QPixmap(round(self.width() * ratio), round(self.height() * ratio))
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.GlobalColor.transparent)
            self._picture, self._drawn_for, self._drawn = picture, drawn_for, ([], [])
            anew = True
        else:
            picture = self._picture
            anew = False
        if anew or len(self.series[0]) > len(self._drawn[0]):
            # The line from the last point drawn; its dot is drawn already.
            first = 0 if anew else len(self._drawn[0]) - 1
            painter = QPainter(picture)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            if anew:
                self._axes(painter, plot, top, text)
            for side, counts in enumerate(self.series):
                points = [QPointF(plot.left() + plot.width() * i / span,
                                  plot.bottom() - plot.height() * n / top)
                          for i, n in enumerate(counts[first:], first)]
                painter.setPen(QPen(SIDE_COLOURS[side], _LINE))
                if len(points) > 1:
                    painter.drawPolyline(points)
                for point in points if anew else points[1:]:
                    painter.drawEllipse(point, _DOT, _DOT)
            painter.end()
            self._drawn = (list(self.series[0]), list(self.series[1]))
        return picture

    def _axes(self, painter: QPainter, plot: QRectF, top: int, text: QColor) -> None:
        painter.setPen(QPen(text, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        for side, limit in enumerate(self.breaks):
            if limit > 0:
                y = plot.bottom() - plot.height() * limit / top
                painter.setPen(QPen(SIDE_COLOURS[side], 1, Qt.PenStyle.DashLine))
                painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
