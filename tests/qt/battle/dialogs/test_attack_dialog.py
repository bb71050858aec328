"""The attack dialog gives the engine's event for typed dice and shows the engine's
exact odds, refreshed when the GM changes something that changes them."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.qt.battle.dialogs.fixtures import BOW, BRAWL, SWORD_SHIELD, ford, sparring
from yags_desk.qt.battle.dialogs import AttackDialog
from yags_desk.qt.battle.dialogs.common import pct_text
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import (
    AttackDiceV08,
    attack_modifiers_v08,
    resolve_attack_v08,
)
from yags_desk.rules.combat.events import Attack
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08, odds_of
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.dice import D20Roll, open_roll_from_typed
from yags_desk.rules.odds import AttackOdds


def shown(dialog: AttackDialog) -> dict[str, str]:
    v = dialog.odds_view
    out = {"hit": v.hit_label.text(), "fumble": v.fumble_label.text()}
    out.update({k: label.text() for k, label in v.odds_labels.items()
                if not label.isHidden() and k in _keys(dialog)})
    return out


def _keys(dialog: AttackDialog) -> set[str]:
    return set(dialog.setup.odds.outcomes) if dialog.setup else set()


def expected(odds: AttackOdds) -> dict[str, str]:
    out = {"hit": pct_text(odds.hit), "fumble": pct_text(odds.attack_fumble)}
    out.update({k: pct_text(p) for k, p in odds.outcomes.items()})
    return out


def make(qtbot: QtBot, state: CombatState, a: str, t: str, style: str,
         counter: bool = False) -> AttackDialog:
    dialog = AttackDialog(None, state, a, t, style, counter, random.Random(7))
    qtbot.addWidget(dialog)
    return dialog


# --- classic -----------------------------------------------------------------------


def test_classic_odds_shown_are_the_engines(qtbot: QtBot) -> None:
    state = ford().state
    dialog = make(qtbot, state, "aldric", "bandit-1", SWORD_SHIELD)
    odds = declared_attack_odds(state, "aldric")
    assert shown(dialog) == expected(odds)
    assert dialog.odds_view.hit_label.text() == "86.5%"  # 23 + 2d10! against 14 + 2d10!
    texts = [dialog.modifiers_table.item(r, 1).text()
             for r in range(dialog.modifiers_table.rowCount())]
    assert "Long sword Attk" in texts and "Heavy leather (half)" in texts


def test_classic_defence_style_refreshes_the_odds(qtbot: QtBot) -> None:
    state = ford().state
    dialog = make(qtbot, state, "aldric", "bandit-1", SWORD_SHIELD)
    before = shown(dialog)
    dialog.defence_style_combo.setCurrentIndex(dialog.defence_style_combo.findData("Brawling"))
    after = shown(dialog)
    assert after == expected(declared_attack_odds(state, "aldric", defence_style="Brawling"))
    assert after["hit"] != before["hit"]
    dialog.defending_check.setChecked(False)  # unaware: passive 15
    assert shown(dialog) == expected(declared_attack_odds(state, "aldric", defending=False))


def test_classic_shot_into_a_melee_counts_the_bystanders(qtbot: QtBot) -> None:
    state = ford().state
    dialog = make(qtbot, state, "archer-1", "aldric", BOW)
    assert not dialog.close_list.isHidden()
    dialog.set_close(("bandit-1",))
    assert shown(dialog) == expected(declared_attack_odds(state, "archer-1",
                                                          close=("bandit-1",)))
    assert dialog.odds_view.fumble_label.text() == "10.0%"  # fumble chance 3 + 2 = 5
    assert not dialog.stray_dice.isHidden()


def test_classic_typed_dice_give_the_engines_attack(qtbot: QtBot) -> None:
    state = ford().state
    dialog = make(qtbot, state, "aldric", "bandit-1", SWORD_SHIELD)
    assert not dialog.apply_button.isEnabled()
    dialog.attack_dice_edit.setText("7 10 4")
    dialog.defence_dice.edit.setText("3 5")
    dialog.damage_dice.edit.setText("6 6")
    assert dialog.apply_button.isEnabled()
    assert "hits Bandit 1: 44 against 22" in dialog.preview_label.text()
    dialog.apply_button.click()
    dice = AttackDice(open_roll_from_typed([7, 10, 4]), open_roll_from_typed([3, 5]),
                      open_roll_from_typed([6, 6]))
    assert dialog.result_event == [resolve_attack(state, "aldric", "bandit-1", SWORD_SHIELD,
                                                  dice)]
    assert dialog.result() == AttackDialog.DialogCode.Accepted


def test_a_miss_needs_no_damage_dice_but_a_hit_does(qtbot: QtBot) -> None:
    state = ford().state
    dialog = make(qtbot, state, "aldric", "bandit-1", SWORD_SHIELD)
    dialog.attack_dice_edit.setText("1 2")  # a fumble: misses
    dialog.defence_dice.edit.setText("5 5")
    assert dialog.apply_button.isEnabled()
    assert dialog.preview_event is not None and not dialog.preview_event.hit
    assert dialog.preview_event.damage_dice == ()
    dialog.attack_dice_edit.setText("9 9")
    assert not dialog.apply_button.isEnabled()
    assert "damage dice" in dialog.hint_label.text()  # guidance, not an error (issue 12)
    assert dialog.error_label.text() == ""


def test_invalid_typed_dice_are_refused_and_apply_disabled(qtbot: QtBot) -> None:
    state = ford().state
    dialog = make(qtbot, state, "aldric", "bandit-1", SWORD_SHIELD)
    dialog.roll_all()
    assert dialog.apply_button.isEnabled()
    dialog.attack_dice_edit.setText("10 4")
    assert not dialog.apply_button.isEnabled()
    assert "attack dice: missing die 3" in dialog.error_label.text()
    assert not dialog.try_accept()
    assert dialog.result_event is None


def test_strike_back_is_marked_counter(qtbot: QtBot) -> None:
    log = ford()
    state = log.state
    dialog = make(qtbot, state, "bandit-1", "aldric", "Two weapons: Short sword + Dagger",
                  counter=True)
    dialog.roll_all()
    dialog.apply_button.click()
    assert dialog.result_event is not None
    (e,) = dialog.result_event
    assert isinstance(e, Attack) and e.counter and e.attacker == "bandit-1"


def test_keyboard_r_rolls_and_enter_applies(qtbot: QtBot) -> None:
    state = ford().state
    dialog = make(qtbot, state, "aldric", "bandit-1", SWORD_SHIELD)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    dialog.attack_dice_edit.setFocus()
    qtbot.keyClick(dialog.attack_dice_edit, Qt.Key.Key_R)
    assert dialog.attack_dice.value is not None and dialog.damage_dice.value is not None
    assert dialog.attack_dice_edit.text().replace(" ", "").isdigit()
    qtbot.keyClick(dialog.attack_dice_edit, Qt.Key.Key_Return)
    assert dialog.result_event is not None


# --- 0.8 ---------------------------------------------------------------------------


def test_v08_odds_shown_are_the_engines(qtbot: QtBot) -> None:
    state = sparring().state
    dialog = make(qtbot, state, "brenna", "kestrel", "Single weapon: Broad sword")
    assert shown(dialog) == expected(declared_attack_odds_v08(state, "brenna"))
    assert not dialog.defence_dice.isHidden()  # Kestrel keeps a declared defence
    dialog.defence_style_combo.setCurrentIndex(dialog.defence_style_combo.findData(BRAWL))
    changed = odds_of(attack_modifiers_v08(state, "brenna", "kestrel", defence_style=BRAWL))
    assert shown(dialog) == expected(changed)
    assert changed.hit != declared_attack_odds_v08(state, "brenna").hit


def test_v08_typed_dice_give_the_engines_attack(qtbot: QtBot) -> None:
    state = sparring().state
    dialog = make(qtbot, state, "brenna", "kestrel", "Single weapon: Broad sword")
    dialog.attack_dice_edit.setText("21")
    assert "attack dice" in dialog.error_label.text()
    assert "21 is not a d20 face (1-20)" in dialog.error_label.text()
    assert not dialog.apply_button.isEnabled()
    dialog.attack_dice_edit.setText("18")
    dialog.defence_dice.edit.setText("4")
    dialog.damage_dice.edit.setText("15")
    dialog.ineffective_check.setChecked(True)
    assert dialog.try_accept()
    dice = AttackDiceV08(D20Roll(18), D20Roll(4), D20Roll(15))
    engine = resolve_attack_v08(state, "brenna", "kestrel", dice, ineffective=True)
    assert dialog.result_event == [engine]
    assert engine.hit and engine.ineffective and engine.damage_kind == "stuns"
