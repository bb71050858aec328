"""Figures left on each side, turn by turn: a small line chart drawn with QPainter."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

__all__ = ["SIDE_COLOURS", "CountsChart"]

# [decision] Blue and orange: told apart with the common colour blindnesses.
SIDE_COLOURS = (QColor(31, 119, 180), QColor(230, 120, 20))


class CountsChart(QWidget):
    """One line per side: its figures at the start and after each turn fought."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.names: tuple[str, str] = ("", "")
        self.series: tuple[list[int], list[int]] = ([], [])
        self.max_turns = 1
        self.breaks: tuple[float, float] = (0.0, 0.0)
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
        tip = [f"{name}: " + " → ".join(str(n) for n in counts)
               + (f" (breaks at {int(limit)} or fewer: dashed line)" if limit else "")
               for name, counts, limit in zip(names, self.series, breaks, strict=True)]
        self.setToolTip("\n".join(tip))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        metrics = painter.fontMetrics()
        line = metrics.height()
        top = max(self.series[0] + self.series[1] + [1])
        turns = max(len(self.series[0]) - 1, 1)
        label_w = metrics.horizontalAdvance(str(top)) + 6
        plot = QRectF(label_w + 4, line * 1.6, self.width() - label_w - 14,
                      self.height() - line * 3.2)
        painter.setPen(QPen(text, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        painter.drawText(QRectF(0, plot.top() - line / 2, label_w, line),
                         Qt.AlignmentFlag.AlignRight, str(top))
        painter.drawText(QRectF(0, plot.bottom() - line / 2, label_w, line),
                         Qt.AlignmentFlag.AlignRight, "0")
        painter.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width(), line),
                         Qt.AlignmentFlag.AlignRight,
                         f"turn {len(self.series[0]) - 1}" if self.series[0] else "")
        x = plot.left()
        for side, (name, counts) in enumerate(zip(self.names, self.series, strict=True)):
            colour = SIDE_COLOURS[side]
            painter.setPen(QPen(colour, 2.5))
            points = [QPointF(plot.left() + plot.width() * i / turns,
                              plot.bottom() - plot.height() * n / top)
                      for i, n in enumerate(counts)]
            if self.breaks[side] > 0:
                y = plot.bottom() - plot.height() * self.breaks[side] / top
                painter.setPen(QPen(colour, 1, Qt.PenStyle.DashLine))
                painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
                painter.setPen(QPen(colour, 2.5))
            if len(points) > 1:
                painter.drawPolyline(points)
            for point in points:
                painter.drawEllipse(point, 2.5, 2.5)
            legend = f"{name}: {counts[-1] if counts else 0}"
            painter.fillRect(QRectF(x, 4, 12, line - 4), colour)
            painter.setPen(QPen(text, 1))
            painter.drawText(QPointF(x + 16, line - 1), legend)
            x += metrics.horizontalAdvance(legend) + 40
        painter.end()
