"""A guard against a reference-count bug of PySide6 6.12 on Python 3.11.

Measured here (PySide6 6.12.0, Python 3.11.7): many Qt methods that return
nothing (``QTextDocument.setHtml``, ``setPageSize``, ``QPainter.save``,
``drawLine``, ``QPdfWriter.setTitle``...) hand back ``None`` without taking a
reference to it. Each call leaves ``None`` one reference short; after about
five thousand calls Python frees ``None`` and aborts ("Fatal Python error:
none_dealloc"). From Python 3.12 ``None`` is immortal and nothing happens.

:func:`make_none_immortal` does for Python 3.11 what 3.12 does by design: it
adds 2**40 references to ``None`` once, at the import of :mod:`yags_desk.qt`,
so the count cannot reach zero in any session (a trillion lost references).
Extra references only keep ``None`` alive, which it always is.
"""

from __future__ import annotations

import ctypes
import sys

__all__ = ["IMMORTAL_REFERENCES", "make_none_immortal"]

IMMORTAL_REFERENCES = 1 << 40
_done = False


def make_none_immortal() -> None:
    """On Python < 3.12 give ``None`` a reference count nothing can use up (once)."""
    global _done
    if _done or sys.version_info >= (3, 12):
        return
    # ob_refcnt is the first field of every object in CPython's non-debug builds.
    refcount = ctypes.c_ssize_t.from_address(id(None))
    refcount.value += IMMORTAL_REFERENCES
    _done = True
