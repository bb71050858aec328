"""Icons of the catalogue and character editor, from the bundled SVG set.

The SVGs in ``resources/icons/`` are drawn with ``currentColor``; they are
painted here in the palette's text colour, so they read on light and dark
schemes, at several sizes for crisp high-DPI rendering. A missing file falls
back to the desktop theme's icon of the given name.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from yags_desk.storage.paths import ResourceNotFoundError, resource_dir

__all__ = ["editor_icon"]

_SIZES = (16, 24, 32, 48, 64)
_CACHE: dict[tuple[str, str], QIcon] = {}


def _text_colour() -> QColor:
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app.palette().color(QPalette.ColorRole.WindowText)
    return QColor("#404040")


def editor_icon(name: str, theme: str = "") -> QIcon:
    """The bundled icon ``resources/icons/<name>.svg``, else the theme icon ``theme``."""
    colour = _text_colour().name()
    key = (name, colour)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    icon = QIcon()
    try:
        svg = (resource_dir() / "icons" / f"{name}.svg").read_text("utf-8")
    except (OSError, ResourceNotFoundError):
        svg = ""
    renderer = QSvgRenderer(QByteArray(svg.replace("currentColor", colour).encode("utf-8")))
    if svg and renderer.isValid():
        for size in _SIZES:
            pixmap = QPixmap(size, size)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            renderer.render(painter, QRectF(0, 0, size, size))
            painter.end()
            icon.addPixmap(pixmap)
    elif theme:
        icon = QIcon.fromTheme(theme)
    _CACHE[key] = icon
    return icon
