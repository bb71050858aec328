"""The attack dialog asks for the RULES 3.2 hit location d100 while that option
is on, and its result (the place) is in the preview and the event."""

from __future__ import annotations

import random

from pytestqt.qtbot import QtBot

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.qt.battle.dialogs import AttackDialog
from yags_desk.rules.combat.events import Declare, SetOption


def test_classic_hit_location_entry_only_with_the_option(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    off = AttackDialog(None, log.state, "ann", "bo", SWORD, False, random.Random(7))
    qtbot.addWidget(off)
    assert off.location_dice.isHidden()
    log.push(SetOption(option="hit_locations", value=True))
    dialog = AttackDialog(None, log.state, "ann", "bo", SWORD, False, random.Random(7))
    qtbot.addWidget(dialog)
    assert not dialog.location_dice.isHidden()
    # 14 + 6 = 20 against 11 + 4 = 15: a hit; damage 17 + 8 - 10 = 15: 3 levels.
    dialog.attack_dice_edit.setText("3 3")
    dialog.defence_dice.edit.setText("2 2")
    dialog.damage_dice.edit.setText("4 4")
    assert not dialog.apply_button.isEnabled()
    assert "hit location die" in dialog.hint_label.text()
    dialog.location_dice.edit.setText("5")
    assert dialog.apply_button.isEnabled()
    e = dialog.preview_event
    assert e is not None and (e.location, e.location_roll, e.levels) == ("head", 5, 3)
    assert "Hit location: head (d100 5)." in dialog.preview_label.text()


def test_v08_hit_location_is_rolled_with_the_rest(qtbot: QtBot) -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="hit_locations", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    dialog = AttackDialog(None, log.state, "brenna", "orc", v08_setup.SWORD, False,
                          random.Random(7))
    qtbot.addWidget(dialog)
    dialog.attack_dice_edit.setText("15")
    dialog.defence_dice.edit.setText("2")
    dialog.damage_dice.edit.setText("10")
    dialog.location_dice.edit.setText("50")
    e = dialog.preview_event
    assert e is not None and e.hit and e.location == "body"


def test_classic_fumble_asks_for_the_oops_die_and_applies_it(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    off = AttackDialog(None, log.state, "ann", "bo", SWORD, False, random.Random(7))
    qtbot.addWidget(off)
    assert off.oops_dice.isHidden()
    log.push(SetOption(option="oops", value=True))
    dialog = AttackDialog(None, log.state, "ann", "bo", SWORD, False, random.Random(7))
    qtbot.addWidget(dialog)
    assert not dialog.oops_dice.isHidden()
    dialog.attack_dice_edit.setText("1 1")  # a fumble (RULES 1.1)
    dialog.defence_dice.edit.setText("2 2")
    assert not dialog.apply_button.isEnabled()
    assert "Oops! die" in dialog.hint_label.text()
    dialog.oops_dice.edit.setText("12")
    assert dialog.apply_button.isEnabled()
    e = dialog.preview_event
    assert e is not None and (e.oops, e.oops_roll) == ("self_hurt", 12)
    assert "Oops! (d100 12): hurts itself" in dialog.preview_label.text()


def test_aimed_at_the_head_needs_no_location_die(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(SetOption(option="hit_locations", value=True))
    log.push(SetOption(option="aimed_attack", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD, aimed="head"))
    dialog = AttackDialog(None, log.state, "ann", "bo", SWORD, False, random.Random(7))
    qtbot.addWidget(dialog)
    assert dialog.location_dice.isHidden()
    # 14 - 2 + 8 = 20 against 11 + 4 = 15: a hit on the head, no d100 asked.
    dialog.attack_dice_edit.setText("4 4")
    dialog.defence_dice.edit.setText("2 2")
    dialog.damage_dice.edit.setText("4 4")
    e = dialog.preview_event
    assert e is not None and (e.attack_total, e.location) == (20, "head")
    assert "Hit location: head (aimed)." in dialog.preview_label.text()
