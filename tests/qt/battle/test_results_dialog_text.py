"""Apply results: every line of the dialog read whole at its first size (issue 16,
audit item 8: the changed-file warning and its explanation ended in "…")."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem, QTreeWidgetItem

from tests.storage.test_results import edit_aldric, fight
from yags_desk.qt.battle.results import ResultsDialog
from yags_desk.storage.library import Library
from yags_desk.storage.results import plan_results


def _shown_dialog(qtbot: Any) -> tuple[ResultsDialog, Any, Any, int]:
    """The results dialog of the sample fight, Aldric's file changed since: shown, with
    its tree, the tree's font metrics and the margin the style adds to a text."""
    library = Library.open()
    encounter = fight(library)
    edit_aldric(library, notes="Owes the miller.")
    dialog = ResultsDialog(None, plan_results(encounter, library))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    tree = dialog.tree
    margin = tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
    return dialog, tree, tree.fontMetrics(), margin


def test_the_changed_file_warning_and_its_explanation_wrap_whole(qtbot: Any) -> None:
    dialog, tree, metrics, margin = _shown_dialog(qtbot)
    for _ in range(5):
        QApplication.processEvents()
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


def test_a_ticked_row_is_no_taller_than_its_wrapped_text_at_any_width(qtbot: Any) -> None:
    """A ticked row that nearly filled the width was measured with the tick box taken
    off twice: two lines tall, painted on one, an empty line under it."""
    dialog, tree, metrics, margin = _shown_dialog(qtbot)
    ticked = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    seen_one_line = seen_two_lines = False
    for width in range(360, 900, 3):  # every width the GM may drag it to, on 1366×768
        dialog.resize(width, 420)
        for _ in range(3):
            QApplication.processEvents()
        for item in ticked:
            assert item is not None
            option = QStyleOptionViewItem()
            tree.initViewItemOption(option)
            option.rect = tree.visualItemRect(item)
            tree.itemDelegate().initStyleOption(option, tree.indexFromItem(item))
            painted = tree.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText,
                                                  option, tree)
            room = painted.width() - 2 * margin
            needed = metrics.boundingRect(QRect(0, 0, room, 10_000),
                                          int(Qt.TextFlag.TextWordWrap), item.text(0))
            height = option.rect.height()
            assert needed.height() <= height < needed.height() + metrics.lineSpacing(), (
                width, item.text(0))
            seen_one_line |= needed.height() == metrics.lineSpacing()
            seen_two_lines |= needed.height() >= 2 * metrics.lineSpacing()
    assert seen_one_line and seen_two_lines  # the widths went across a row's wrapping point
