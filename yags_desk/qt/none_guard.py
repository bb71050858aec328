"""A guard against reference-count bugs of PySide6 6.12 on Python 3.11.

Measured here (PySide6 6.12.0, Python 3.11.7):

- many Qt methods that return nothing (``QTextDocument.setHtml``,
  ``setPageSize``, ``QPainter.save``, ``drawLine``, ``QPdfWriter.setTitle``...)
  hand back ``None`` without taking a reference to it;
- every ``emit()`` of a signal from Python (``dataChanged.emit``, any
  ``Signal`` of ours), connected or not, hands back ``True`` the same way.

Each call leaves the object one reference short; after a few thousand calls
Python frees it and aborts ("Fatal Python error: none_dealloc" or
"bool_dealloc"). A long session at the table, or one round of a big fight on the
board, gets there. From Python 3.12 ``None``, ``True`` and ``False`` are
immortal and nothing happens.

:func:`make_singletons_immortal` does for Python 3.11 what 3.12 does by design:
it adds 2**40 references to each of them once, at the import of
:mod:`yags_desk.qt`, so no count can reach zero in any session (a trillion lost
references). Extra references only keep them alive, which they always are.
"""

from __future__ import annotations

import ctypes
import sys

__all__ = ["IMMORTAL_REFERENCES", "SINGLETONS", "make_singletons_immortal"]

IMMORTAL_REFERENCES = 1 << 40
SINGLETONS: tuple[object, ...] = (None, True, False)
_done = False


def make_singletons_immortal() -> None:
    """On Python < 3.12 give ``None``, ``True`` and ``False`` a reference count
    nothing can use up (once)."""
    global _done
    if _done or sys.version_info >= (3, 12):
        return
    for singleton in SINGLETONS:
        # ob_refcnt is the first field of every object in CPython's non-debug builds.
        refcount = ctypes.c_ssize_t.from_address(id(singleton))
        refcount.value += IMMORTAL_REFERENCES
    _done = True
