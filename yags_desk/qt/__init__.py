"""The PySide6 application: the only package of YAGS Desk that imports Qt.

Views bind to Qt models that adapt the rules core (:mod:`yags_desk.rules`) and
storage (:mod:`yags_desk.storage`); neither of those may import Qt.
"""

from yags_desk.qt.none_guard import make_none_immortal

# Before any Qt call: PySide6 6.12 on Python 3.11 loses references to None.
make_none_immortal()
