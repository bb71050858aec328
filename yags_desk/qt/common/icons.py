"""Icons from the bundled set in ``resources/icons``, painted in the palette's colours.

The drawings use ``currentColor``; :class:`PaletteSvgEngine` substitutes the
palette's text colour when it paints, at the size asked for, so icons stay
crisp on high-DPI screens and follow a switch between light and dark. A name
with no bundled file falls back to the desktop theme (``QIcon.fromTheme``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QIconEngine, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from yags_desk.storage import paths

__all__ = ["APP_ICON", "PaletteSvgEngine", "icon", "icon_names", "icons_dir", "logo_pixmap"]

APP_ICON = "yags-desk"

# Freedesktop theme names used when a bundled drawing is missing.
_THEME_NAMES = {
    "new": "document-new", "open": "document-open", "save": "document-save",
    "save-all": "document-save-all", "close": "window-close", "quit": "application-exit",
    "undo": "edit-undo", "redo": "edit-redo", "print": "document-print",
    "about": "help-about", "search": "edit-find", "folder": "folder",
    "duplicate": "edit-copy", "delete": "edit-delete", "refresh": "view-refresh",
    "warning": "dialog-warning", "clear": "edit-clear",
}


@cache
def icons_dir() -> Path | None:
    """The bundled icons' folder (looked for once: the installation does not move
    while it runs, and the window asks for some 40 icons as it is built)."""
    try:
        return paths.resource_dir() / "icons"
    except paths.ResourceNotFoundError:
        return None


def icon_names() -> list[str]:
    """Names of every bundled icon."""
    folder = icons_dir()
    return sorted(p.stem for p in folder.glob("*.svg")) if folder else []


class PaletteSvgEngine(QIconEngine):
    """Paints an SVG whose ``currentColor`` becomes the palette colour for the icon mode."""

    def __init__(self, svg: bytes) -> None:
        super().__init__()
        self._svg = svg
        self._renderers: dict[str, QSvgRenderer] = {}

    @staticmethod
    def _colour(mode: QIcon.Mode) -> QColor:
        palette = QGuiApplication.palette()
        if mode == QIcon.Mode.Disabled:
            return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
        if mode == QIcon.Mode.Selected:
            return palette.color(QPalette.ColorRole.HighlightedText)
        return palette.color(QPalette.ColorRole.WindowText)

    def _renderer(self, mode: QIcon.Mode) -> QSvgRenderer:
        name = self._colour(mode).name()
        renderer = self._renderers.get(name)
        if renderer is None:
            data = self._svg.replace(b"currentColor", name.encode("ascii"))
            renderer = QSvgRenderer(QByteArray(data))
            self._renderers[name] = renderer
        return renderer

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode,
              state: QIcon.State) -> None:
        side = min(rect.width(), rect.height())
        square = QRect(0, 0, side, side)
        square.moveCenter(rect.center())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._renderer(mode).render(painter, square)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        pixmap = QPixmap(size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, QRect(QPoint(0, 0), size), mode, state)
        painter.end()
        return pixmap

    def clone(self) -> QIconEngine:
        return PaletteSvgEngine(self._svg)


@cache
def _bundled(name: str) -> QIcon | None:
    folder = icons_dir()
    if folder is None:
        return None
    file = folder / f"{name}.svg"
    if not file.is_file():
        return None
    if name == APP_ICON:  # the application icon keeps its own colours
        return QIcon(str(file))
    return QIcon(PaletteSvgEngine(file.read_bytes()))


def logo_pixmap(side: int) -> QPixmap:
    """The application icon drawn ``side`` pixels square (for the screen's pixel
    ratio), as ``icon(APP_ICON).pixmap(side, side)`` draws it, without loading
    Qt's SVG icon plug-in: the start page shows it in the window's first paint."""
    folder = icons_dir()
    file = folder / f"{APP_ICON}.svg" if folder is not None else None
    if file is None or not file.is_file():
        return icon(APP_ICON).pixmap(side, side)
    app = QGuiApplication.instance()
    ratio = app.devicePixelRatio() if isinstance(app, QGuiApplication) else 1.0
    pixels = round(side * ratio)
    pixmap = QPixmap(pixels, pixels)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    QSvgRenderer(str(file)).render(painter)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


def icon(name: str, theme: str = "") -> QIcon:
    """The bundled icon ``name``, else the desktop theme's ``theme`` (or the
    freedesktop name known for ``name``), else an empty icon."""
    found = _bundled(name)
    if found is not None:
        return found
    return QIcon.fromTheme(theme or _THEME_NAMES.get(name, name))
