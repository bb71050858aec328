"""Light and dark looks on the Fusion style, following the desktop unless told otherwise.

``system`` reads ``QStyleHints.colorScheme()`` and follows its changes; ``light``
and ``dark`` are the View menu's overrides. Fusion with an explicit palette
looks the same on every platform, which keeps screenshots and tests honest.

Before the window's first paint nothing here touches Qt's ``Qt`` namespace or a
``QStyle`` (PySide builds each whole, as Python enums, on first use: some 30 and
15 ms of a start, issue 18): the start-up path asks for Fusion when it makes
the application (:data:`FUSION_ARGS`), the light palette is Fusion's own written
out (a test compares it with Qt's), and under ``system`` the desktop's scheme is
first read from the palette it gives Qt, then checked against
``QStyleHints.colorScheme()`` right after the first paint (:func:`settle_scheme`).
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

__all__ = ["FUSION_ARGS", "apply_scheme", "dark_palette", "effective_scheme",
           "light_palette", "palette_look", "settle_scheme"]

_R = QPalette.ColorRole
_G = QPalette.ColorGroup

# Qt's command-line option for the style, given to a new QApplication: Fusion
# without making a QStyle wrapper in Python.
FUSION_ARGS = ("-style", "fusion")

# Fusion's standard palette (Qt 6): role -> (active and inactive, disabled).
_FUSION = {
    "WindowText": ("#000000", "#bebebe"), "Button": ("#efefef", "#efefef"),
    "Light": ("#ffffff", "#ffffff"), "Midlight": ("#cacaca", "#cacaca"),
    "Dark": ("#9f9f9f", "#bebebe"), "Mid": ("#b8b8b8", "#b8b8b8"),
    "Text": ("#000000", "#bebebe"), "BrightText": ("#ffffff", "#ffffff"),
    "ButtonText": ("#000000", "#bebebe"), "Base": ("#ffffff", "#efefef"),
    "Window": ("#efefef", "#efefef"), "Shadow": ("#767676", "#b1b1b1"),
    "Highlight": ("#308cc6", "#919191"), "HighlightedText": ("#ffffff", "#ffffff"),
    "Link": ("#0000ff", "#0000ff"), "LinkVisited": ("#ff00ff", "#ff00ff"),
    "AlternateBase": ("#f7f7f7", "#f7f7f7"), "ToolTipBase": ("#ffffdc", "#ffffdc"),
    "ToolTipText": ("#000000", "#000000"), "PlaceholderText": ("#80000000", "#80000000"),
    "Accent": ("#308cc6", "#919191"),
}


def light_palette() -> QPalette:
    """Fusion's standard palette with our highlight and link blues."""
    palette = QPalette()
    for name, (active, disabled) in _FUSION.items():
        role: QPalette.ColorRole = getattr(_R, name)
        colour = QColor(active)
        palette.setColor(_G.Active, role, colour)
        palette.setColor(_G.Inactive, role, colour)
        palette.setColor(_G.Disabled, role, QColor(disabled))
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


# The look of the palette the desktop gave Qt, read by the start-up path before any
# of ours replaced it (see apply_scheme); None until then.
_desktop_look: str | None = None


def _reported_scheme() -> str | None:
    """``light`` or ``dark`` as the desktop reports it to Qt; None when it does not."""
    from PySide6.QtCore import Qt  # built on first use: after the first paint

    scheme = QGuiApplication.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return "dark"
    return "light" if scheme == Qt.ColorScheme.Light else None


def effective_scheme(scheme: str) -> str:
    """``light`` or ``dark``: the override, or what the desktop asks for under
    ``system``: the scheme it reports, else the look of the palette it gave Qt at
    start-up (a desktop that themes Qt without reporting a scheme), else light."""
    if scheme in ("light", "dark"):
        return scheme
    return _reported_scheme() or _desktop_look or "light"


def palette_look(palette: QPalette) -> str:
    """``dark`` when ``palette`` writes light text on a darker window, else ``light``."""
    text = palette.color(_G.Active, _R.WindowText).lightness()
    return "dark" if text > palette.color(_G.Active, _R.Window).lightness() else "light"


def apply_scheme(app: QApplication, scheme: str, *, starting: bool = False) -> str:
    """Fusion with the palette for ``scheme``; returns the look applied.

    ``starting``: the start-up path, before the first paint. The application was
    made with :data:`FUSION_ARGS`, and under ``system`` the look follows the
    palette the desktop gives Qt, before any of ours; :func:`settle_scheme` then
    checks it against the desktop's colour scheme.
    """
    global _desktop_look
    if not starting and app.style().name().lower() != "fusion":
        app.setStyle("Fusion")
    if starting:  # the desktop's own palette, before ours replaces it
        _desktop_look = desktop = palette_look(QGuiApplication.palette())
        look = effective_scheme(scheme) if scheme in ("light", "dark") else desktop
    else:
        look = effective_scheme(scheme)
    app.setPalette(dark_palette() if look == "dark" else light_palette())
    app.setStyleSheet(_DARK_SHEET if look == "dark" else "")
    return look


def settle_scheme(app: QApplication, scheme: str) -> str:
    """After the first paint: the look ``scheme`` asks for, applied again if the
    start-up path's reading of the desktop (see :func:`apply_scheme`) was wrong,
    which can only be when the desktop reports a scheme its palette does not show."""
    look = effective_scheme(scheme)
    if look != palette_look(app.palette()):
        apply_scheme(app, scheme)
    return look
