"""The rules core of YAGS Desk: pure Python, no Qt, no file access.

Every random number comes from a ``random.Random`` passed in or from dice typed
in by the GM. Section numbers in docstrings refer to ``shared/RULES.md``.
"""
