"""The attack dialog does not move its dice fields as messages come and go, and
guidance is a hint, not an error (issue 12 item 8)."""

from __future__ import annotations

import random
import re

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QStyle, QWidget
from pytestqt.qtbot import QtBot

from tests.qt.battle.dialogs.fixtures import SWORD_SHIELD, ford
from yags_desk.qt.battle.dialogs import AttackDialog
from yags_desk.qt.battle.dialogs.common import error_colour


def shown_dialog(qtbot: QtBot) -> AttackDialog:
    dialog = AttackDialog(None, ford().state, "aldric", "bandit-1", SWORD_SHIELD, False,
                          random.Random(7))
    qtbot.addWidget(dialog)
    dialog.resize(940, 680)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def geometry(dialog: AttackDialog) -> list[QRect]:
    QApplication.processEvents()
    widgets: list[QWidget] = []
    for entry in dialog.dice_entries:
        widgets += [entry.edit, entry.roll_button]
    return [QRect(w.mapTo(dialog, QPoint(0, 0)), w.size()) for w in widgets]


def test_the_dice_fields_stay_put_with_and_without_an_error(qtbot: QtBot) -> None:
    dialog = shown_dialog(qtbot)
    calm = geometry(dialog)
    dialog.attack_dice_edit.setText("3 x")  # a wrong die: an error line appears
    assert "attack dice: die 2: 'x' is not a whole number" in dialog.error_label.text()
    assert dialog.error_label.isVisible()
    assert geometry(dialog) == calm
    dialog.defence_dice.edit.setText("5 x")  # two errors at once
    assert geometry(dialog) == calm
    dialog.attack_dice_edit.setText("3 4")
    dialog.defence_dice.edit.setText("5 5")  # the error goes, a hint comes
    assert not dialog.error_label.isVisible()
    assert geometry(dialog) == calm
    dialog.attack_dice_edit.clear()
    assert geometry(dialog) == calm


def _colour(label: QWidget) -> str:
    found = re.search(r"color:\s*(#[0-9a-fA-F]{6})", label.styleSheet())
    assert found is not None
    return found.group(1).lower()


def test_guidance_is_a_hint_not_an_error(qtbot: QtBot) -> None:
    dialog = shown_dialog(qtbot)
    # 28 + 7 against 14 + 10: a hit, and the damage is still to come.
    dialog.attack_dice_edit.setText("3 4")
    dialog.defence_dice.edit.setText("5 5")
    assert dialog.hint_label.isVisible()
    assert dialog.hint_label.text() == "damage dice: the attack hits; roll or type the damage"
    assert dialog.error_label.text() == "" and not dialog.error_label.isVisible()
    assert not dialog.apply_button.isEnabled()
    assert dialog.hint_label.property("messageRole") == "hint"
    assert dialog.error_label.property("messageRole") == "error"
    assert _colour(dialog.hint_label) != _colour(dialog.error_label) == error_colour().lower()
    # A real mistake replaces the hint with an error.
    dialog.attack_dice_edit.setText("3 x")
    assert dialog.error_label.isVisible() and not dialog.hint_label.isVisible()
    # The damage given: neither line speaks, Apply is offered.
    dialog.attack_dice_edit.setText("3 4")
    dialog.damage_dice.edit.setText("6 6")
    assert not dialog.hint_label.isVisible() and not dialog.error_label.isVisible()
    assert dialog.apply_button.isEnabled()


def test_every_source_reads_whole_at_the_default_size(qtbot: QtBot) -> None:
    """Aldric's defender fights with two weapons: that source is longer than the column
    and used to end in "…"; it wraps within its row now."""
    dialog = AttackDialog(None, ford().state, "aldric", "bandit-1", SWORD_SHIELD, False,
                          random.Random(7))
    qtbot.addWidget(dialog)
    dialog.show()  # at the size the dialog gives itself, which fits a 1366×768 screen
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    assert dialog.width() <= 1366 and dialog.height() <= 768
    table = dialog.modifiers_table
    metrics = table.fontMetrics()
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
    room = table.columnWidth(1) - 2 * margin
    sources = [table.item(row, 1).text() for row in range(table.rowCount())]
    long = "Two weapons: Short sword + Dagger: Dexterity 12 × Two weapons 75%"
    assert long in sources and metrics.horizontalAdvance(long) > room
    for row, text in enumerate(sources):
        font = table.item(row, 1).font()
        needed = QFontMetrics(font).boundingRect(QRect(0, 0, room, 10_000),
                                                 int(Qt.TextFlag.TextWordWrap), text)
        assert needed.width() <= room, text
        assert table.rowHeight(row) >= needed.height(), text
