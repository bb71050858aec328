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

import sys
from _ctypes import _SimpleCData

__all__ = ["IMMORTAL_REFERENCES", "SINGLETONS", "make_singletons_immortal"]

IMMORTAL_REFERENCES = 1 << 40
SINGLETONS: tuple[object, ...] = (None, True, False)
_done = False


class _RefCount(_SimpleCData):  # type: ignore[type-arg]
    """A ``Py_ssize_t`` in memory: ``ctypes.c_ssize_t`` from ctypes' core module.

    [decision] Not ``import ctypes``: that package costs some 2 ms of the window's
    first paint (issue 18), for one field. ``q`` (8 bytes) on 64-bit builds, else
    ``i`` (4 bytes), as ``Py_ssize_t`` is there.
    """

    _type_ = "q" if sys.maxsize > 2**32 else "i"


def make_singletons_immortal() -> None:
    """On Python < 3.12 give ``None``, ``True`` and ``False`` a reference count
    nothing can use up (once)."""
    global _done
    if _done or sys.version_info >= (3, 12):
        return
    for singleton in SINGLETONS:
        # ob_refcnt is the first field of every object in CPython's non-debug builds.
        refcount = _RefCount.from_address(id(singleton))
        refcount.value += IMMORTAL_REFERENCES
    _done = True
