"""The declare dialog's RULES 3.2 manoeuvres (charge, defend, flee, assess): offered
only while their option is on, they set the action they go with and reach the
declaration; the attack dialog lists their modifiers with their source."""

from __future__ import annotations

import random

from pytestqt.qtbot import QtBot

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.qt.battle.dialogs import AttackDialog, DeclareDialog
from yags_desk.rules.combat.events import Declare, SetOption

ON = SetOption(option="flee_charge_defend", value=True)


def _rows(dialog: AttackDialog) -> list[tuple[str, str]]:
    t = dialog.modifiers_table
    out = []
    for r in range(t.rowCount()):
        label, amount = t.item(r, 1), t.item(r, 2)
        assert label is not None and amount is not None
        out.append((label.text(), amount.text()))
    return out


def test_no_manoeuvre_while_the_option_is_off(qtbot: QtBot) -> None:
    dialog = DeclareDialog(None, classic_pair().state, "ann")
    qtbot.addWidget(dialog)
    assert dialog.manoeuvre.combo is None
    assert dialog.try_accept()
    assert dialog.result_event is not None and dialog.result_event.manoeuvre is None


def test_classic_defend_sets_the_action_and_reaches_the_declaration(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(ON)
    dialog = DeclareDialog(None, log.state, "bo")
    qtbot.addWidget(dialog)
    combo = dialog.manoeuvre.combo
    assert combo is not None
    combo.setCurrentIndex(combo.findData("defend"))
    assert dialog.action_combo.currentData() == "other"
    assert dialog.try_accept()
    e = dialog.result_event
    assert e is not None and (e.action, e.manoeuvre) == ("other", "defend")


def test_v08_charge_is_listed_in_the_attack_dialog(qtbot: QtBot) -> None:
    log = v08_setup.fight()
    log.push(ON)
    dialog = DeclareDialog(None, log.state, "brenna")
    qtbot.addWidget(dialog)
    combo = dialog.manoeuvre.combo
    assert combo is not None
    combo.setCurrentIndex(combo.findData("charge"))
    dialog.style_combo.setCurrentIndex(dialog.style_combo.findData(v08_setup.SWORD))
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData("orc"))
    assert dialog.try_accept()
    declared = dialog.result_event
    assert declared is not None and declared.manoeuvre == "charge"
    log.push(declared)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    attack = AttackDialog(None, log.state, "brenna", "orc", v08_setup.SWORD, False,
                          random.Random(7))
    qtbot.addWidget(attack)
    assert ("Rules reference §3.2 charge +2", "+2") in [
        (label.removeprefix("attack: "), n) for label, n in _rows(attack)]


def test_classic_defend_is_listed_against_the_attack(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(ON)
    log.push(Declare(id="bo", action="other", manoeuvre="defend"))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    attack = AttackDialog(None, log.state, "ann", "bo", SWORD, False, random.Random(7))
    qtbot.addWidget(attack)
    texts = [label for label, _ in _rows(attack)]
    assert any("§3.2 defend: Bo guards" in t for t in texts), texts
