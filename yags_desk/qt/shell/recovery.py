"""The dialog offering recovery copies left behind when YAGS Desk did not close cleanly.

Each copy is listed with what it holds and when it was written; the GM ticks
some and restores them (they open as modified documents), discards them, or
decides later (they stay and are offered at the next start).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.common.icons import icon
from yags_desk.storage.documents import DocumentError
from yags_desk.storage.recovery_journal import journal_path, read_with_journal
from yags_desk.storage.wording import gm_text

__all__ = ["RecoveryDialog", "describe_recovery"]


def describe_recovery(path: Path) -> tuple[str, bool]:
    """A line for the list and whether the copy can be restored."""
    try:
        stamp = path.stat().st_mtime
        journal = journal_path(path)  # a fight's later events, appended beside it
        if journal.exists():
            stamp = max(stamp, journal.stat().st_mtime)
        when = datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")
    except OSError:
        when = "unknown time"
    try:
        document = read_with_journal(path)
    except (DocumentError, OSError) as exc:
        first = gm_text(exc).splitlines()[0] if str(exc) else "unreadable"
        if len(first) > 60:
            first = first[:59].rstrip() + "…"
        return f"{path.name}: cannot be restored ({first})", False
    name = str(getattr(document.model, "name", path.stem))
    return f"{name} ({document.kind}), saved {when}", True


class RecoveryDialog(QDialog):
    """Lists recovery copies; :attr:`choice` and :meth:`checked` say what to do."""

    def __init__(self, paths: list[Path], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work")
        self.choice = "later"  # "restore", "discard" or "later"
        intro = QLabel("YAGS Desk did not close normally last time. These recovery copies "
                       "of unsaved work were kept. Restore the ones you want: they open "
                       "with their changes still unsaved.")
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("recovery_list")
        for path in paths:
            text, restorable = describe_recovery(path)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            item.setData(Qt.ItemDataRole.UserRole + 1, restorable)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            # An unreadable copy is not ticked: it can only be discarded or kept.
            item.setCheckState(Qt.CheckState.Checked if restorable else Qt.CheckState.Unchecked)
            if not restorable:
                item.setIcon(icon("warning"))
            item.setToolTip(str(path))
            self.list.addItem(item)
        buttons = QDialogButtonBox()
        self.restore_button = QPushButton("Restore ticked")
        self.discard_button = QPushButton("Discard ticked")
        later = QPushButton("Decide later")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(later, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.clicked.connect(lambda: self._finish("restore"))
        self.discard_button.clicked.connect(lambda: self._finish("discard"))
        later.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.resize(560, 320)

    def _finish(self, choice: str) -> None:
        self.choice = choice
        self.accept()

    def checked(self) -> list[Path]:
        out = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(Path(item.data(Qt.ItemDataRole.UserRole)))
        return out
