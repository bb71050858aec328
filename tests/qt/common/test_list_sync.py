"""sync_rows: a list model reaches the new rows with minimal, consistent signals."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt

from yags_desk.qt.common.list_sync import sync_rows


class Rows(QAbstractListModel):
    def __init__(self, rows: list[tuple[str, int]]) -> None:
        super().__init__()
        self.rows = list(rows)

    def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            key, value = self.rows[index.row()]
            return f"{key}={value}"
        return None

    def update(self, new: list[tuple[str, int]]) -> None:
        sync_rows(self, self.rows, new, key=lambda r: r[0], columns=1)


A, B, C, D, E = (("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5))


@pytest.mark.parametrize(("old", "new"), [
    ([A, B, C], [A, B, C]),
    ([A, B, C], [A, ("b", 9), C]),            # one value changed: no insert or remove
    ([A, B, C], [A, B, C, D]),                # appended
    ([A, B, C], [D, A, B, C]),                # prepended
    ([A, B, C, D], [A, D]),                   # two removed in the middle
    ([A, B, C], [C, B, A]),                   # reversed
    ([A, B, C], [D, E]),                      # everything replaced
    ([], [A, B]),
    ([A, B], []),
    ([A, B, C, D, E], [("b", 0), D, A, ("e", 7)]),
])
def test_sync_rows_reaches_the_new_list(qtmodeltester, old, new):
    model = Rows(old)
    qtmodeltester.check(model)
    inserted: list[tuple[int, int]] = []
    removed: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _p, a, b: inserted.append((a, b)))
    model.rowsRemoved.connect(lambda _p, a, b: removed.append((a, b)))
    model.update(new)
    assert model.rows == new
    assert [model.index(r).data() for r in range(model.rowCount())] == \
        [f"{k}={v}" for k, v in new]
    if [k for k, _ in old] == [k for k, _ in new]:
        assert inserted == [] and removed == []


def test_a_changed_value_emits_data_changed_for_that_row_only(qtbot):
    model = Rows([A, B, C])
    with qtbot.waitSignal(model.dataChanged) as blocker:
        model.update([A, ("b", 9), C])
    first, last = blocker.args[0], blocker.args[1]
    assert (first.row(), last.row()) == (1, 1)
