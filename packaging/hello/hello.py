"""A bare PySide6 window: what the YAGS Desk bundle's size and start-up are compared with.

``hello [--quit-after MS]`` shows one QMainWindow with a label and closes it
after MS milliseconds, like ``yags-desk --quit-after MS``.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def main(argv: list[str]) -> int:
    quit_after = int(argv[argv.index("--quit-after") + 1]) if "--quit-after" in argv else None
    app = QApplication(argv[:1])
    window = QMainWindow()
    window.setCentralWidget(QLabel("Hello from PySide6"))
    window.show()
    if quit_after is not None:
        QTimer.singleShot(quit_after, window, lambda: (window.close(), app.quit()))
    return int(app.exec())


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
