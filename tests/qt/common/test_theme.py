"""The light and dark looks, and the start-up path's reading of the desktop's scheme."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from yags_desk.qt.common import theme
from yags_desk.qt.common.theme import (
    apply_scheme,
    dark_palette,
    effective_scheme,
    light_palette,
    palette_look,
    settle_scheme,
)

R = QPalette.ColorRole
G = QPalette.ColorGroup
ROLES = [role for role in R if role not in (R.NoRole, R.NColorRoles)]


@pytest.fixture
def app(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[QApplication]:
    """The test application, its palette put back afterwards (and no desktop palette
    read by an earlier start-up)."""
    monkeypatch.setattr(theme, "_desktop_look", None)
    palette = QPalette(qapp.palette())
    yield qapp
    qapp.setPalette(palette)
    qapp.setStyleSheet("")


def test_the_light_look_is_fusions_own_palette_with_our_blues() -> None:
    # The start-up path writes Fusion's palette out instead of asking a QStyle for it;
    # it must stay what Qt's Fusion gives, whatever Qt version is installed. (Fusion's
    # own follows a desktop that reports a dark scheme: the comparison needs light.)
    if effective_scheme("system") == "dark":
        pytest.skip("Fusion's standard palette is dark on this desktop")
    style = QStyleFactory.create("Fusion")
    assert style is not None
    expected = style.standardPalette()
    expected.setColor(R.Highlight, QColor("#2f6fb0"))
    expected.setColor(R.Link, QColor("#1f5f9f"))
    ours = light_palette()
    differ = [(group.name, role.name, ours.color(group, role).name(QColor.NameFormat.HexArgb),
               expected.color(group, role).name(QColor.NameFormat.HexArgb))
              for group in (G.Active, G.Inactive, G.Disabled) for role in ROLES
              if ours.color(group, role).rgba() != expected.color(group, role).rgba()]
    assert differ == []


def test_palette_look_tells_the_dark_palette_from_the_light() -> None:
    assert palette_look(light_palette()) == "light"
    assert palette_look(dark_palette()) == "dark"


def test_the_start_up_path_follows_the_desktops_palette_under_system(
        app: QApplication) -> None:
    # A desktop that hands Qt a dark palette gets the dark look from the first paint.
    app.setPalette(dark_palette())
    assert apply_scheme(app, "system", starting=True) == "dark"
    assert palette_look(app.palette()) == "dark"
    app.setPalette(light_palette())
    assert apply_scheme(app, "system", starting=True) == "light"
    assert palette_look(app.palette()) == "light"
    # An override wins over the desktop's palette.
    app.setPalette(dark_palette())
    assert apply_scheme(app, "light", starting=True) == "light"
    assert palette_look(app.palette()) == "light"


def test_settling_keeps_the_start_up_reading_of_a_desktop_that_reports_no_scheme(
        app: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    # A desktop that themes Qt dark (its palette) without reporting a scheme stays dark
    # after the first paint: no flip to light.
    monkeypatch.setattr(theme, "_reported_scheme", lambda: None)
    app.setPalette(dark_palette())
    assert apply_scheme(app, "system", starting=True) == "dark"
    assert settle_scheme(app, "system") == "dark"
    assert palette_look(app.palette()) == "dark"
    assert effective_scheme("system") == "dark"  # View > System later: the same


def test_settling_after_the_first_paint_follows_the_scheme_the_desktop_reports(
        app: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    # The palette said light, the desktop reports dark: the window turns dark right
    # after its first paint; and the other way round.
    for palette, reported in ((light_palette(), "dark"), (dark_palette(), "light")):
        monkeypatch.setattr(theme, "_reported_scheme", lambda r=reported: r)
        app.setPalette(palette)
        assert apply_scheme(app, "system", starting=True) == palette_look(palette)
        assert settle_scheme(app, "system") == reported
        assert palette_look(app.palette()) == reported
    # An override is kept as it is.
    app.setPalette(dark_palette())
    assert settle_scheme(app, "dark") == "dark"
    assert palette_look(app.palette()) == "dark"
    assert QGuiApplication.palette().color(R.Window) == dark_palette().color(R.Window)
