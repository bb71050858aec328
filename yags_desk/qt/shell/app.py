"""Start-up of the desktop application: ``yags-desk`` with no command lands here.

:func:`create` builds the QApplication (Fusion, the light or dark palette, the
icon) and the main window on the user's library (made from the sample library
on first run); :func:`run` shows it, opens the files named on the command line,
offers recovery copies left by a crash and runs the event loop (closing the
window after ``quit_after_ms`` when asked: smoke tests of the installers).
The editors, dialogs and rules modules a window does not need to appear are
imported when first used.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from yags_desk import APP_NAME, __version__
from yags_desk.qt.common.settings import Settings
from yags_desk.qt.common.theme import FUSION_ARGS, apply_scheme
from yags_desk.qt.shell.main_window import MainWindow

if TYPE_CHECKING:
    from yags_desk.storage.library import Library

__all__ = ["FREEZE_AFTER_MS", "create", "freeze_start_up", "run"]

# Once the window is whole, the library checked in full (LibraryDock.CHECK_AFTER_MS)
# and the GM's first look taken: see freeze_start_up.
FREEZE_AFTER_MS = 2000


def application(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication (made if there is none yet, on the Fusion style)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    return QApplication([*(argv if argv is not None else sys.argv[:1]), *FUSION_ARGS])


def create(argv: Sequence[str] | None = None) -> tuple[QApplication, MainWindow]:
    """The application and its main window on the user's library (not shown yet).

    The window paints its frame first; right after that first paint it opens the
    library and builds the rest (:meth:`MainWindow.finish_start`, which tests and
    scripts may call at once). A library that cannot be written opens read-only
    when it can be read; when it cannot be used at all, the window's
    ``start_error`` says why and its ``start_failed`` signal is emitted.
    """
    made_here = not isinstance(QApplication.instance(), QApplication)
    app = application(argv)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("yags-desk")
    app.setDesktopFileName("yags-desk")
    settings = Settings()
    # A new application is on Fusion already; under "system" the desktop's scheme is
    # read from its palette now and checked after the first paint (theme.settle_scheme).
    apply_scheme(app, settings.scheme(), starting=made_here)
    window: MainWindow

    def open_library() -> Library:
        from yags_desk.qt.shell.library_lock import lock_library
        from yags_desk.storage.library import Library

        library = Library.open(read_only_ok=True)
        window.library_lock = lock_library(library)  # another copy running: read-only
        return library

    window = MainWindow(None, settings=settings, open_library=open_library)
    return app, window


def freeze_start_up() -> None:
    """Leave what the start made (modules, classes, the window, the library's models:
    some 60,000 objects) out of every later full garbage collection.

    [decision] A full collection walks every object Python tracks; with those it took
    about 40 ms, and one now and then lands in the middle of a big round on the board
    (issue 18). Garbage is collected first, so nothing unreachable is kept; what the
    start made and later drops is still freed by its reference count. Only a cycle
    among those objects, dropped later, would stay in memory: at most what the start
    made, once.
    """
    gc.collect()
    gc.freeze()


def _cannot_start(message: str, quit_after_ms: int | None) -> int:
    """Say why the window cannot open (terminal and a message box); the exit status."""
    print(f"{APP_NAME}: {message}", file=sys.stderr)
    application()
    box = QMessageBox(QMessageBox.Icon.Critical, f"{APP_NAME} cannot start", message)
    if quit_after_ms is not None:
        QTimer.singleShot(quit_after_ms, box.reject)
    box.exec()
    return 1


def run(argv: list[str] | None = None, *, files: Sequence[Path] = (),
        quit_after_ms: int | None = None) -> int:
    """Open YAGS Desk's window and run until it is closed; returns the exit status.

    ``files`` open in tabs once the window shows (those that cannot are named
    in one message); with ``quit_after_ms`` the window closes itself after that
    many milliseconds of running, as if the user had closed it.
    """
    from yags_desk.qt.shell.open_files import open_paths

    app, window = create(argv)
    failed: list[int] = []

    def cannot_start(message: str) -> None:
        window.hide()
        failed.append(_cannot_start(message, quit_after_ms))
        app.exit(failed[-1])

    window.start_failed.connect(cannot_start)
    window.show()

    def when_whole() -> None:
        if window.library.read_only:
            QTimer.singleShot(0, window, window.show_read_only_notice)
        if files:
            problems = open_paths(window, files)
            if problems:
                QTimer.singleShot(0, window, lambda: QMessageBox.warning(
                    window, "Cannot open", "\n".join(problems)))
        QTimer.singleShot(0, window, window.offer_recoveries)

    window.when_ready(when_whole)
    window.when_ready(lambda: QTimer.singleShot(FREEZE_AFTER_MS, window, freeze_start_up))
    if quit_after_ms is not None:
        # Counted from the whole window, so a smoke test goes through the whole start.
        # Closing ends any message box still open (Qt leaves every event loop on quit).
        window.when_ready(lambda: QTimer.singleShot(
            quit_after_ms, window, lambda: (window.close(), app.quit())))
    code = int(app.exec())
    return failed[-1] if failed else code
