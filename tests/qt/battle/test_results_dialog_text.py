"""Apply results: every line of the dialog read whole at its first size (issue 16,
audit item 8: the changed-file warning and its explanation ended in "…")."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QStyle, QTreeWidgetItem

from tests.storage.test_results import edit_aldric, fight
from yags_desk.qt.battle.results import ResultsDialog
from yags_desk.storage.library import Library
from yags_desk.storage.results import plan_results


def test_the_changed_file_warning_and_its_explanation_wrap_whole(qtbot: Any) -> None:
    library = Library.open()
    encounter = fight(library)
    edit_aldric(library, notes="Owes the miller.")
    dialog = ResultsDialog(None, plan_results(encounter, library))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for _ in range(5):
        QApplication.processEvents()
    tree = dialog.tree
    metrics = tree.fontMetrics()
    margin = tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
    warning = tree.topLevelItem(0)
    assert warning is not None
    assert "file changed since the fight began: tick to write over it" in warning.text(0)
    rows: list[QTreeWidgetItem] = []
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        assert top is not None
        rows += [top, *(top.child(j) for j in range(top.childCount()))]
    explanation = warning.child(0)
    assert "was changed since the fight began" in explanation.text(0)
    for item in rows:
        text = item.text(0)
        rect = tree.visualItemRect(item)
        room = rect.width() - 2 * margin
        if item.parent() is None:  # the tick box takes its part
            room -= tree.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) + 2 * margin
        # The row is as tall as its text wrapped to the room it has.
        needed = metrics.boundingRect(QRect(0, 0, room, 10_000),
                                      int(Qt.TextFlag.TextWordWrap), text)
        assert needed.width() <= room and rect.height() >= needed.height(), text
        assert rect.right() <= tree.viewport().width()
    # The two long lines do not fit one line at this size: they take two or more.
    for item in (warning, explanation):
        assert tree.visualItemRect(item).height() >= 2 * metrics.lineSpacing()
    assert warning.toolTip(0) == warning.text(0)
