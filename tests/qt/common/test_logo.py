"""The start page's logo is drawn without Qt's SVG icon plug-in (issue 18: it is
in the window's first paint) and looks exactly as the application icon does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QLabel

from tests.qt.shell.app_helpers import make_window
from yags_desk.qt.common.icons import APP_ICON, icon, logo_pixmap
from yags_desk.storage.library import Library


def test_the_logo_is_the_application_icon_pixel_for_pixel(qapp: Any) -> None:
    for side in (32, 80):
        drawn = logo_pixmap(side)
        expected = icon(APP_ICON).pixmap(side, side)
        assert drawn.size() == expected.size()
        assert not drawn.toImage().isNull()
        assert drawn.toImage() == expected.toImage()


def test_the_start_page_shows_the_application_icon(qtbot: Any, home: Path) -> None:
    window = make_window(qtbot, Library.open())
    shown = [label.pixmap() for label in window.start_page.findChildren(QLabel)
             if not label.pixmap().isNull()]
    expected = icon(APP_ICON).pixmap(80, 80).toImage()
    assert [p.toImage() == expected for p in shown] == [True]
