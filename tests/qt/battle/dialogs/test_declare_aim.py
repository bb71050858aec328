"""The declare dialog offers RULES 3.3 aimed attacks only while that option is
on, disabled with the reason while hit locations are off, and the choice
reaches the declaration (both editions)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.qt.battle.dialogs import DeclareDialog
from yags_desk.rules.combat.events import SetOption


def test_not_offered_while_the_option_is_off(qtbot: QtBot) -> None:
    dialog = DeclareDialog(None, classic_pair().state, "ann")
    qtbot.addWidget(dialog)
    assert dialog.aim.aim_combo is None


def test_disabled_with_the_reason_while_hit_locations_are_off(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(SetOption(option="aimed_attack", value=True))
    dialog = DeclareDialog(None, log.state, "ann")
    qtbot.addWidget(dialog)
    combo = dialog.aim.aim_combo
    assert combo is not None and not combo.isEnabled()
    assert "needs Hit locations (RULES 3.2)" in combo.toolTip()


def test_classic_aim_reaches_the_declaration(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(SetOption(option="hit_locations", value=True))
    log.push(SetOption(option="aimed_attack", value=True))
    dialog = DeclareDialog(None, log.state, "ann")
    qtbot.addWidget(dialog)
    dialog.style_combo.setCurrentIndex(dialog.style_combo.findData(SWORD))
    combo = dialog.aim.aim_combo
    assert combo is not None and combo.isEnabled()
    combo.setCurrentIndex(combo.findData("main_arm"))
    assert combo.currentText() == "The main arm (-5)"
    assert dialog.try_accept()
    assert dialog.result_event is not None and dialog.result_event.aimed == "main_arm"


def test_v08_aim_reaches_the_declaration(qtbot: QtBot) -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="hit_locations", value=True))
    log.push(SetOption(option="aimed_attack", value=True))
    dialog = DeclareDialog(None, log.state, "brenna")
    qtbot.addWidget(dialog)
    combo = dialog.aim.aim_combo
    assert combo is not None
    combo.setCurrentIndex(combo.findData("head"))
    assert dialog.try_accept()
    assert dialog.result_event is not None and dialog.result_event.aimed == "head"
