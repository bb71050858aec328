"""Bring a list-backed Qt model from one list to another without a reset.

Models here hold a Python list of rows. When the core object they adapt is
replaced (an edit, undo, redo), :func:`sync_rows` works out which rows were
removed, inserted or changed and emits exactly those signals, so views keep
their selection, scroll position and open editors.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from difflib import SequenceMatcher
from typing import TypeVar

from PySide6.QtCore import QAbstractItemModel, QModelIndex

__all__ = ["sync_rows"]

T = TypeVar("T")


def sync_rows(
    model: QAbstractItemModel,
    rows: list[T],
    new: Sequence[T],
    key: Callable[[T], Hashable],
    *,
    columns: int,
) -> None:
    """Change ``rows`` (the model's own list, edited in place) into ``new``.

    Rows are matched by ``key``; matched rows whose value changed, and
    equal-length replaced runs, get ``dataChanged``; the rest are removed and
    inserted with the begin/end calls Qt expects.
    """
    old_keys = [key(r) for r in rows]
    new_keys = [key(r) for r in new]
    if old_keys == new_keys:
        _changed_runs(model, rows, new, 0, columns)
        return
    matcher = SequenceMatcher(a=old_keys, b=new_keys, autojunk=False)
    offset = 0  # how far rows after the current point have moved
    parent = QModelIndex()
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        start = i1 + offset
        if tag == "equal":
            _changed_runs(model, rows, new[j1:j2], start, columns)
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            rows[start:start + (i2 - i1)] = new[j1:j2]
            _emit_changed(model, start, start + (i2 - i1) - 1, columns)
            continue
        if i2 > i1:
            model.beginRemoveRows(parent, start, start + (i2 - i1) - 1)
            del rows[start:start + (i2 - i1)]
            model.endRemoveRows()
        if j2 > j1:
            model.beginInsertRows(parent, start, start + (j2 - j1) - 1)
            rows[start:start] = new[j1:j2]
            model.endInsertRows()
        offset += (j2 - j1) - (i2 - i1)


def _changed_runs(model: QAbstractItemModel, rows: list[T], new: Sequence[T], start: int,
                  columns: int) -> None:
    """Put ``new`` over ``rows[start:]`` (same keys) and emit one dataChanged per
    run of rows whose value changed."""
    run_start = -1
    for i, b in enumerate(new):
        changed = rows[start + i] != b
        if changed:
            rows[start + i] = b
            if run_start < 0:
                run_start = i
        elif run_start >= 0:
            _emit_changed(model, start + run_start, start + i - 1, columns)
            run_start = -1
    if run_start >= 0:
        _emit_changed(model, start + run_start, start + len(new) - 1, columns)


def _emit_changed(model: QAbstractItemModel, first: int, last: int, columns: int) -> None:
    if columns <= 0 or last < first:
        return
    model.dataChanged.emit(model.index(first, 0), model.index(last, columns - 1))
