"""One running copy of YAGS Desk writes to a library; a second one only reads it.

Two copies saving into the same folders would overwrite each other's work
and each other's recovery copies. The first copy to start holds a
:class:`QLockFile` in the library folder for as long as it runs; a copy that
finds the lock held opens the library read-only and says which process has
it. A lock left by a copy that died (its process is gone) is taken over.
"""

from __future__ import annotations

from PySide6.QtCore import QLockFile

from yags_desk.storage.library import Library

__all__ = ["LOCK_NAME", "lock_library"]

LOCK_NAME = ".yags-desk.lock"


def lock_library(library: Library) -> QLockFile | None:
    """Hold ``library``'s lock; None (the library set read-only, saying why) if it
    cannot be had. A library already read-only is not locked."""
    if library.read_only:
        return None
    lock = QLockFile(str(library.root / LOCK_NAME))
    # Held for the whole session: only a dead holder makes a lock stale, never its age.
    lock.setStaleLockTime(0)
    if lock.tryLock(0):
        return lock
    if lock.error() == QLockFile.LockError.LockFailedError:
        info = lock.getLockInfo()  # PySide6: (pid, hostname, appname); pid 0 if unknown
        pid, host = (info[0], info[1]) if len(info) == 3 else (0, "")
        who = f"process {pid}" + (f" on {host}" if host else "") if pid else "a process"
        library.set_read_only(
            f"Another copy of YAGS Desk ({who}) has the library {library.root} open, so "
            "this window is read-only: saving here would overwrite its work. Close the "
            "other copy, then start YAGS Desk again to make changes.")
    else:
        library.set_read_only(
            f"The library {library.root} could not be locked for this window (the lock "
            f"file {lock.fileName()} cannot be made), so it is read-only.")
    return None
