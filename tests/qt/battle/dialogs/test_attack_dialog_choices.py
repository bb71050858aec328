"""The attack dialog's situational modifier and its retarget / hold choice when the
declared target is down (issue 12 item 4), driven through the dialog's own widgets."""

from __future__ import annotations

import random

from pytestqt.qtbot import QtBot

from tests.qt.battle.dialogs.fixtures import SWORD_SHIELD, ford, sparring
from tests.qt.battle.dialogs.test_attack_dialog import expected, shown
from yags_desk.qt.battle.dialogs import AttackDialog
from yags_desk.rules.combat.events import ActionLost, Attack, Declare, SetCondition
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.state import CombatState

BROAD = "Single weapon: Broad sword"


def make(qtbot: QtBot, state: CombatState, a: str, t: str, style: str) -> AttackDialog:
    dialog = AttackDialog(None, state, a, t, style, False, random.Random(7))
    qtbot.addWidget(dialog)
    return dialog


def table_rows(dialog: AttackDialog) -> list[tuple[str, str]]:
    t = dialog.modifiers_table
    return [(t.item(r, 1).text(), t.item(r, 2).text()) for r in range(t.rowCount())]


def test_classic_situational_modifier_changes_the_odds_and_is_logged(qtbot: QtBot) -> None:
    log = ford()
    state = log.state
    dialog = make(qtbot, state, "aldric", "bandit-1", SWORD_SHIELD)
    plain = shown(dialog)
    dialog.situational_spin.setValue(5)
    dialog.situational_reason.setText("uphill")
    label = "Situational (GM): uphill"
    assert shown(dialog) == expected(declared_attack_odds(state, "aldric",
                                                          situational=(label, 5)))
    assert shown(dialog) != plain
    assert (label, "+5") in table_rows(dialog)
    dialog.attack_dice_edit.setText("3 4")
    dialog.defence_dice.edit.setText("5 5")
    dialog.damage_dice.edit.setText("6 6")
    assert dialog.try_accept()
    assert dialog.result_event is not None
    (e,) = dialog.result_event
    assert isinstance(e, Attack) and ("attack: " + label, 5) in e.modifiers
    assert e.attack_total == 23 + 5 + 7  # Aldric's 23, the GM's +5, the dice
    after = log.push(e)
    assert "situational +5: uphill" in describe(e, state, after)


def test_v08_situational_modifier_changes_the_odds(qtbot: QtBot) -> None:
    state = sparring().state
    dialog = make(qtbot, state, "brenna", "kestrel", BROAD)
    dialog.situational_spin.setValue(-10)
    assert shown(dialog) == expected(declared_attack_odds_v08(
        state, "brenna", situational=("Situational (GM)", -10)))
    assert ("Situational (GM)", "-10") in table_rows(dialog)
    dialog.attack_dice_edit.setText("12")
    dialog.defence_dice.edit.setText("4")
    dialog.damage_dice.edit.setText("9")
    assert dialog.try_accept() and dialog.result_event is not None
    (e,) = dialog.result_event
    assert isinstance(e, Attack) and ("attack: Situational (GM)", -10) in e.modifiers


def _bandit_one_dead() -> CombatLog:
    log = ford()
    log.push(SetCondition(id="bandit-1", condition="dead"))
    return log


def test_a_dead_target_offers_another_and_the_attack_turns_on_it(qtbot: QtBot) -> None:
    log = _bandit_one_dead()
    dialog = make(qtbot, log.state, "aldric", "bandit-1", SWORD_SHIELD)
    assert not dialog.down_label.isHidden() and not dialog.target_combo.isHidden()
    assert dialog.down_label.text() == ("Bandit 1 is dead: choose another target or hold "
                                        "the action.")
    ids = [dialog.target_combo.itemData(i) for i in range(dialog.target_combo.count())]
    assert "bandit-1" not in ids and {"bandit-2", "bandit-3", "archer-1"} <= set(ids)
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData("bandit-3"))
    assert "Bandit 3" in dialog.defender_label.text()
    dialog.roll_all()
    assert dialog.try_accept() and dialog.result_event is not None
    redeclare, attack = dialog.result_event
    assert isinstance(redeclare, Declare) and redeclare.target == "bandit-3"
    assert isinstance(attack, Attack) and attack.defender == "bandit-3"
    for e in dialog.result_event:
        log.push(e)
    assert log.state.fighter("aldric").attacked


def test_holding_the_action_logs_it(qtbot: QtBot) -> None:
    log = _bandit_one_dead()
    state = log.state
    dialog = make(qtbot, state, "aldric", "bandit-1", SWORD_SHIELD)
    dialog.hold_button.click()
    assert dialog.result_event is not None
    (lost,) = dialog.result_event
    assert isinstance(lost, ActionLost) and lost.reason == "dead"
    after = log.push(lost)
    assert describe(lost, state, after) == ("Aldric of Thornbury's attack on Bandit 1 is "
                                            "lost: Bandit 1 is dead.")


def test_a_fallen_target_may_still_be_struck_or_the_action_held(qtbot: QtBot) -> None:
    log = sparring()
    log.push(SetCondition(id="kestrel", condition="unconscious"))
    dialog = make(qtbot, log.state, "brenna", "kestrel", BROAD)
    # Nobody else stands: the helpless Kestrel is the only choice (RULES 2), or hold.
    assert [dialog.target_combo.itemText(i) for i in range(dialog.target_combo.count())] == [
        "Kestrel (unconscious)"]
    dialog.hold_button.click()
    assert dialog.result_event is not None
    (lost,) = dialog.result_event
    assert isinstance(lost, ActionLost) and lost.reason == "unconscious"


def test_nobody_left_to_attack_leaves_only_hold(qtbot: QtBot) -> None:
    log = sparring()
    log.push(SetCondition(id="kestrel", condition="dead"))
    dialog = make(qtbot, log.state, "brenna", "kestrel", BROAD)
    assert dialog.down_label.text() == ("Kestrel is dead and nobody else can be attacked: "
                                        "hold the action.")
    dialog.roll_all()
    assert not dialog.apply_button.isEnabled() and not dialog.try_accept()
    dialog.hold_button.click()
    assert dialog.result_event is not None
    (lost,) = dialog.result_event
    assert isinstance(lost, ActionLost) and lost.reason == "dead"
    assert dialog.error_label.text() == ""  # said once, above the target, not as an error


def test_v08_an_unconscious_target_turns_the_attack_on_the_next_enemy(qtbot: QtBot) -> None:
    from tests.rules.combat.v08_setup import SWORD, fight

    log = fight(bandit=True)
    log.push(Declare(id="brenna", action="attack", target="orc", style=SWORD, defences=1))
    log.push(SetCondition(id="orc", condition="unconscious"))
    dialog = make(qtbot, log.state, "brenna", "orc", SWORD)
    assert dialog.target_combo.currentData() == "bandit"  # the one still standing
    dialog.roll_all()
    assert dialog.try_accept() and dialog.result_event is not None
    redeclare, attack = dialog.result_event
    assert isinstance(redeclare, Declare) and redeclare.target == "bandit"
    assert isinstance(attack, Attack) and attack.defender == "bandit"
    for e in dialog.result_event:
        log.push(e)  # the 0.8 engine takes the attack on the newly declared target
