"""Custom item-data roles shared by every Qt model of YAGS Desk.

Views and proxies ask models for these besides the standard
``Qt.ItemDataRole`` ones. Keep them in this one module so two models never
give the same number two meanings.
"""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import Qt

__all__ = ["Role"]

_BASE = int(Qt.ItemDataRole.UserRole)


class Role(IntEnum):
    """Roles beyond ``Qt.ItemDataRole``; pass ``int(Role.X)`` or ``Role.X`` to ``data()``."""

    # The catalogue item's id (str) of a row.
    ITEM_ID = _BASE + 1
    # The core object behind a row: a Weapon, Armour, Skill, StyleValues...
    OBJECT = _BASE + 2
    # True for a built-in (read-only) catalogue row.
    BUILTIN = _BASE + 3
    # A value that sorts correctly (numbers as numbers, text folded).
    SORT = _BASE + 4
    # Lower-case text of every column of the row, for type-to-filter.
    SEARCH_TEXT = _BASE + 5
    # The rules Value of a derived number (its .explain() is the tooltip).
    VALUE = _BASE + 6
    # The item's kind: melee, missile, shield or armour.
    KIND = _BASE + 7
    # The battle board: the fighter id (str) of a row of the roster.
    FIGHTER_ID = _BASE + 8
    # The battle board: the fighter's side colour (QColor).
    SIDE_COLOUR = _BASE + 9
