"""The PySide6 application: the only package of YAGS Desk that imports Qt.

Views bind to Qt models that adapt the rules core (:mod:`yags_desk.rules`) and
storage (:mod:`yags_desk.storage`); neither of those may import Qt.
"""
