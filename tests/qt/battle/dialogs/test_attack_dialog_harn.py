"""The attack dialog with RULES 3.3 rules in force: their modifiers are listed
with their source, and a disarm, sweep or tackle asks for no damage dice."""

from __future__ import annotations

import random

from pytestqt.qtbot import QtBot

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.qt.battle.dialogs import AttackDialog
from yags_desk.rules.combat.events import Declare, SetOption


def _rows(dialog: AttackDialog) -> list[tuple[str, str]]:
    t = dialog.modifiers_table
    return [(t.item(r, 1).text(), t.item(r, 2).text()) for r in range(t.rowCount())]


def test_classic_feint_is_listed_and_a_disarm_needs_no_damage_dice(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(SetOption(option="nonlethal", value=True))
    log.push(SetOption(option="feint", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD, nonlethal="disarm",
                     feint=2))
    dialog = AttackDialog(None, log.state, "ann", "bo", SWORD, False, random.Random(7))
    qtbot.addWidget(dialog)
    texts = [label for label, _ in _rows(dialog)]
    assert "Rules reference §3.3 disarm" in texts and "Rules reference §3.3 feint 2" in texts
    assert not any(label.startswith("Damage") for label in texts)
    assert dialog.damage_dice.isHidden()
    dialog.attack_dice_edit.setText("9 9")
    dialog.defence_dice.edit.setText("2 3")
    assert dialog.apply_button.isEnabled()
    e = dialog.preview_event
    # 14 - 3 (disarm) - 2 (feint) + 18 = 27 against 11 - 1 + 5 = 15: a hit, no damage.
    assert e is not None and (e.attack_total, e.hit, e.levels) == (27, True, 0)
    assert e.effects[0].kind == "check" and e.effects[0].target == "bo"


def test_v08_darkness_is_listed(qtbot: QtBot) -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="darkness", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    dialog = AttackDialog(None, log.state, "brenna", "orc", v08_setup.SWORD, False,
                          random.Random(7))
    qtbot.addWidget(dialog)
    assert ("Rules reference §3.3 darkness (clear sky, full moon)", "-2") in [
        (label.removeprefix("attack: "), n) for label, n in _rows(dialog)]
