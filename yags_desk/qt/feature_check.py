"""A quicker answer to PySide6's question "does this module use PySide?" (issue 18).

PySide6 (6.12 here) replaces ``__import__`` to support ``from __feature__ import
snake_case``; after every import of a new module it asks whether that module
uses PySide (``PySide6.support.feature._mod_uses_pyside``), by reading the module's
source through :func:`inspect.getsource` (``linecache``: the file read, decoded and
split into lines) and looking for the word ``PySide6``. Some 80 modules are
imported after PySide6 on the way to the library listed: that cost some 7 ms of
the window's first paint and 20 ms of the library listed (processor time,
measured alternately; bare PySide6 paints its window in about 150 ms).

:func:`install` gives PySide the same answer by reading the source file's bytes
(a module imported from its ``.py`` file decodes, and an ASCII word is the same
bytes in every encoding Python accepts for source); anything else (no ``.py``
file, a file that cannot be read) is asked of PySide's own check, unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

__all__ = ["install", "uses_pyside"]

_pyside_check: Callable[[ModuleType], bool] | None = None


def uses_pyside(module: ModuleType) -> bool:
    """PySide's answer for ``module``: does its source name ``PySide6``?"""
    source = getattr(module, "__file__", None)
    if isinstance(source, str) and source.endswith(".py"):
        try:
            with open(source, "rb") as file:
                return b"PySide6" in file.read()
        except OSError:
            pass
    assert _pyside_check is not None  # installed before it can be called
    return _pyside_check(module)


def install() -> bool:
    """Answer PySide's question with :func:`uses_pyside` (once); False when this
    PySide6 does not ask it (then nothing is changed)."""
    global _pyside_check
    if _pyside_check is not None:
        return True
    import PySide6  # noqa: F401 (loads PySide's import hook and its feature module)

    feature = sys.modules.get("PySide6.support.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(check):
        return False
    _pyside_check = check
    # [decision] PySide's own module attribute is replaced (feature_imported looks it
    # up at each call): the same answer, without inspect and linecache (issue 18).
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True
