"""A guard against a reference-count bug of PySide6 6.12 on Python 3.11.

Measured here (PySide6 6.12.0, Python 3.11.7): many Qt methods that return
nothing (``QTextDocument.setHtml``, ``setPageSize``, ``QPainter.save``,
``scale``, ``drawLine``, ``QPdfWriter.setTitle``...) hand back ``None``
without taking a reference to it, and ``currentTable()`` or the root
frame's ``parentFrame()`` do the same when they answer "none". Each call
leaves ``None`` one reference short; after some thousands Python frees
``None`` and aborts ("Fatal Python error: none_dealloc"), usually at exit.
From Python 3.12 ``None`` is immortal and nothing happens.

:func:`keep_none_alive` gives back, after a block of Qt calls, the
references the block lost, and a few more. Giving back too many is
harmless (``None`` is never freed); too few is what crashes.
"""

from __future__ import annotations

import ctypes
import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["keep_none_alive"]

_IMMORTAL_NONE = sys.version_info >= (3, 12)
# The count at the end is taken while the with-statement's exit call holds a
# few references of its own (its three None arguments and their names), so it
# reads a few high; this many more are given back. Extra references only keep
# None alive, which it is anyway.
_SLACK = 16


@contextmanager
def keep_none_alive() -> Iterator[None]:
    """Run the block; afterwards restore any references to ``None`` it lost."""
    if _IMMORTAL_NONE:
        yield
        return
    before = sys.getrefcount(None)
    try:
        yield
    finally:
        gc.collect()  # Qt objects left in reference cycles die now, inside the guard
        lost = before - sys.getrefcount(None) + _SLACK
        if lost > 0:
            none = ctypes.py_object(None)
            incref = ctypes.pythonapi.Py_IncRef
            for _ in range(lost):
                incref(none)
