"""Notice when library files change outside the program (issue 13 item 4).

Another program, a file manager or a sync tool may add, remove, rename or
rewrite files in the library folders while YAGS Desk runs. :class:`LibraryWatcher`
watches those folders (and their subfolders and files) with Qt's
``QFileSystemWatcher`` and emits :attr:`changed` once a burst of changes has
settled, so the library dock re-reads the folders once, not once per file.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from yags_desk.storage.library import Library

__all__ = ["LibraryWatcher"]

SETTLE_MS = 300  # a save writes a temporary file, then renames it: one refresh for both
MAX_WATCHED_FILES = 4000  # watches are a limited resource; folders are always watched


class LibraryWatcher(QObject):
    """Emits ``changed`` after files of ``library`` change (debounced)."""

    changed = Signal()

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self._watcher: QFileSystemWatcher | None = QFileSystemWatcher(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self._settled)
        self._watcher.directoryChanged.connect(self._touched)
        self._watcher.fileChanged.connect(self._touched)
        self.rewatch()

    def _folders(self) -> list[Path]:
        lib = self.library
        roots = [lib.characters_dir, lib.encounters_dir, lib.battles_dir, lib.healing_dir,
                 lib.catalogues_dir]
        out: list[Path] = []
        for root in roots:
            if root.is_dir():
                out.append(root)
                out.extend(p for p in sorted(root.rglob("*"))
                           if p.is_dir() and not p.name.startswith("."))
        return out

    def _files(self, folders: Iterable[Path]) -> list[Path]:
        files: list[Path] = []
        for folder in folders:
            # Sorted as strings: comparing Path objects is slow (issue 18).
            files.extend(p for p in sorted(folder.glob("*.json"), key=str) if p.is_file())
            if len(files) >= MAX_WATCHED_FILES:
                return files[:MAX_WATCHED_FILES]
        return files

    def rewatch(self) -> None:
        """Watch exactly the library's folders and files as they are now."""
        if self._watcher is None:
            return
        folders = self._folders()
        wanted = {str(p) for p in (*folders, *self._files(folders))}
        current = set(self._watcher.directories()) | set(self._watcher.files())
        gone = sorted(current - wanted)
        new = sorted(wanted - current)
        if gone:
            self._watcher.removePaths(gone)
        if new:
            self._watcher.addPaths(new)

    def close(self) -> None:
        """Stop watching and give the system's watch back now (each watcher holds one
        of the few inotify instances a user may have)."""
        self._timer.stop()
        if self._watcher is not None:
            watcher, self._watcher = self._watcher, None
            shiboken6.delete(watcher)

    def watched(self) -> set[str]:
        if self._watcher is None:
            return set()
        return set(self._watcher.directories()) | set(self._watcher.files())

    def _touched(self, _path: str) -> None:
        self._timer.start()  # restarts: waits for the burst to settle

    def _settled(self) -> None:
        self.rewatch()  # new subfolders and files; a replaced file needs a new watch
        self.changed.emit()
