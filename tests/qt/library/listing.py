"""What the library dock lists, for its tests."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex

__all__ = ["listed"]


def listed(model: Any) -> set[str]:
    """Every name a tree model shows, at any depth."""
    out: set[str] = set()
    todo = [QModelIndex()]
    while todo:
        parent = todo.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            out.add(str(index.data()))
            todo.append(index)
    return out
