"""Light and dark looks on the Fusion style, following the desktop unless told otherwise.

``system`` reads ``QStyleHints.colorScheme()`` and follows its changes; ``light``
and ``dark`` are the View menu's overrides. Fusion with an explicit palette
looks the same on every platform, which keeps screenshots and tests honest.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

__all__ = ["apply_scheme", "dark_palette", "effective_scheme", "light_palette"]

_R = QPalette.ColorRole
_G = QPalette.ColorGroup


def light_palette() -> QPalette:
    style = QStyleFactory.create("Fusion")
    palette = style.standardPalette() if style is not None else QPalette()
    palette.setColor(_R.Highlight, QColor("#2f6fb0"))
    palette.setColor(_R.Link, QColor("#1f5f9f"))
    return palette


def dark_palette() -> QPalette:
    p = QPalette()
    colours = {
        _R.Window: "#2b2d30", _R.WindowText: "#e6e6e6", _R.Base: "#1f2023",
        _R.AlternateBase: "#27292c", _R.ToolTipBase: "#3a3d41", _R.ToolTipText: "#f0f0f0",
        _R.PlaceholderText: "#8d9095", _R.Text: "#e6e6e6", _R.Button: "#35383c",
        _R.ButtonText: "#e6e6e6", _R.BrightText: "#ff7b72", _R.Light: "#45484d",
        _R.Midlight: "#3c3f43", _R.Mid: "#2f3235", _R.Dark: "#1a1b1d", _R.Shadow: "#101112",
        _R.Highlight: "#3d7cc4", _R.HighlightedText: "#ffffff", _R.Link: "#7fb4ec",
        _R.LinkVisited: "#b49ae6",
    }
    for role, colour in colours.items():
        p.setColor(role, QColor(colour))
    for role, colour in {_R.WindowText: "#7c7f84", _R.Text: "#7c7f84",
                         _R.ButtonText: "#7c7f84", _R.Base: "#26282b",
                         _R.Highlight: "#4a4d52"}.items():
        p.setColor(_G.Disabled, role, QColor(colour))
    return p


# Fusion outlines an empty check box in a shade of the window colour, which
# vanishes on a dark palette; give it a visible border there.
_DARK_SHEET = """
QCheckBox::indicator:unchecked, QAbstractItemView::indicator:unchecked {
    border: 1px solid #8d9095; border-radius: 2px; background: #1f2023;
    width: 12px; height: 12px;
}
"""


def effective_scheme(scheme: str) -> str:
    """``light`` or ``dark``: the override, or what the desktop asks for under ``system``."""
    if scheme in ("light", "dark"):
        return scheme
    hints = QGuiApplication.styleHints()
    return "dark" if hints.colorScheme() == Qt.ColorScheme.Dark else "light"


def apply_scheme(app: QApplication, scheme: str) -> str:
    """Fusion with the palette for ``scheme``; returns the look applied."""
    if app.style().name().lower() != "fusion":
        app.setStyle("Fusion")
    look = effective_scheme(scheme)
    app.setPalette(dark_palette() if look == "dark" else light_palette())
    app.setStyleSheet(_DARK_SHEET if look == "dark" else "")
    return look
