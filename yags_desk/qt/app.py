"""Start-up of the desktop application: ``yags-desk`` with no command lands here.

:func:`create` builds the QApplication (Fusion, the light or dark palette, the
icon) and the main window on the user's library (made from the sample library
on first run); :func:`run` shows it, offers recovery copies left by a crash and
runs the event loop. The editors, dialogs and rules modules a window does not
need to appear are imported when first used.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from yags_desk import APP_NAME, __version__
from yags_desk.qt.icons import APP_ICON, icon
from yags_desk.qt.main_window import MainWindow
from yags_desk.qt.settings import Settings
from yags_desk.qt.theme import apply_scheme
from yags_desk.storage.library import Library

__all__ = ["create", "run"]


def create(argv: Sequence[str] | None = None) -> tuple[QApplication, MainWindow]:
    """The application and its main window on the user's library (not shown yet)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("yags-desk")
    app.setDesktopFileName("yags-desk")
    settings = Settings()
    apply_scheme(app, settings.scheme())
    app.setWindowIcon(icon(APP_ICON))
    window = MainWindow(Library.open(), settings=settings)
    return app, window


def run(argv: list[str] | None = None) -> int:
    """Open YAGS Desk's window and run until it is closed; returns the exit status."""
    app, window = create(argv)
    window.show()
    QTimer.singleShot(0, window, window.offer_recoveries)
    return int(app.exec())
