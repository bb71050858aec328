"""The PySide6 application: the only package of YAGS Desk that imports Qt.

Views bind to Qt models that adapt the rules core (:mod:`yags_desk.rules`) and
storage (:mod:`yags_desk.storage`); neither of those may import Qt.

One room per thing a user sees, each a package whose docstring says what it
shows and what it may import: ``shell`` (the window, menus, start page, tour),
``library``, ``character``, ``catalogue``, ``dice``, ``battle``, ``printing``;
and what they all may use: ``common`` (contracts, roles, icons, settings),
``help`` (the help window, F1, rules links) and ``forms`` (the Designer forms).
Rooms never import one another, and none imports the shell (import-linter's
contracts in pyproject.toml hold this).
"""

from yags_desk.qt.feature_check import install as _quicker_feature_check
from yags_desk.qt.none_guard import make_singletons_immortal

# Before any Qt call: PySide6 6.12 on Python 3.11 loses references to None and True.
make_singletons_immortal()
# Before the modules of the window are imported: PySide reads each one's source
# after its import (see feature_check; issue 18).
_quicker_feature_check()
