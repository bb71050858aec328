"""The declare dialog's RULES 3.3 choices: an angry strike's damage and a feint's X
are offered only while their options are on, capped as the rules say, and reach
the declaration; a refused choice keeps the dialog open with the engine's reason."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.qt.battle.dialogs import DeclareDialog
from yags_desk.rules.combat.events import Declare, SetOption


def _pick(combo: object, data: object) -> None:
    combo.setCurrentIndex(combo.findData(data))  # type: ignore[attr-defined]


def test_choices_are_hidden_while_the_options_are_off(qtbot: QtBot) -> None:
    dialog = DeclareDialog(None, classic_pair().state, "ann")
    qtbot.addWidget(dialog)
    assert dialog.harn.angry_spin is None and dialog.harn.feint_spin is None
    assert dialog.try_accept()
    assert dialog.result_event is not None and dialog.result_event.angry_strike == 0


def test_classic_angry_strike_and_feint_reach_the_declaration(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(SetOption(option="angry_strike", value=True))
    log.push(SetOption(option="feint", value=True))
    dialog = DeclareDialog(None, log.state, "ann")
    qtbot.addWidget(dialog)
    _pick(dialog.style_combo, SWORD)
    angry, feint = dialog.harn.angry_spin, dialog.harn.feint_spin
    assert angry is not None and feint is not None
    # Single weapon 100% / 25 = at most +4 damage (RULES 3.3).
    assert angry.maximum() == 4 and "at most +4 (Single weapon 100% / 25)" in angry.toolTip()
    angry.setValue(2)
    feint.setValue(4)
    assert dialog.try_accept()
    e = dialog.result_event
    assert e is not None and (e.angry_strike, e.feint) == (2, 4)


def test_a_refused_feint_keeps_the_dialog_open_with_the_reason(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(SetOption(option="feint", value=True))
    dialog = DeclareDialog(None, log.state, "ann")
    qtbot.addWidget(dialog)
    _pick(dialog.style_combo, SWORD)
    assert dialog.harn.feint_spin is not None
    dialog.harn.feint_spin.setValue(20)  # attack 14 - 20 is below 1
    assert not dialog.try_accept()
    assert "feint: Ann's attack 14" in dialog.error_label.text()


def test_a_missile_or_a_rest_declares_neither(qtbot: QtBot) -> None:
    log = classic_pair()
    log.push(SetOption(option="angry_strike", value=True))
    dialog = DeclareDialog(None, log.state, "ann")
    qtbot.addWidget(dialog)
    assert dialog.harn.angry_spin is not None
    _pick(dialog.style_combo, SWORD)
    dialog.harn.angry_spin.setValue(3)
    _pick(dialog.action_combo, "rest")
    assert not dialog.harn.angry_spin.isEnabled() and dialog.harn.angry_spin.value() == 0
    assert dialog.try_accept()
    assert dialog.result_event is not None and dialog.result_event.angry_strike == 0


def test_v08_cap_is_the_skill_level_and_a_redeclaration_keeps_it(qtbot: QtBot) -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="angry_strike", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, angry_strike=3)
    dialog = DeclareDialog(None, log.state, "brenna")
    qtbot.addWidget(dialog)
    assert dialog.harn.angry_spin is not None
    assert dialog.harn.angry_spin.maximum() == 4  # Single weapon 4
    assert dialog.harn.angry_spin.value() == 3
    assert dialog.try_accept()
    assert isinstance(dialog.result_event, Declare) and dialog.result_event.angry_strike == 3


def test_nonlethal_choice_reaches_the_declaration_and_its_roll_is_made_in_the_check_dialog(
        qtbot: QtBot) -> None:
    import random

    from yags_desk.qt.battle.dialogs import CheckDialog
    from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
    from yags_desk.rules.dice import open_roll_from_typed as typed

    log = classic_pair()
    assert DeclareDialog(None, log.state, "ann").harn.nonlethal_combo is None
    log.push(SetOption(option="nonlethal", value=True))
    dialog = DeclareDialog(None, log.state, "ann")
    qtbot.addWidget(dialog)
    _pick(dialog.style_combo, SWORD)
    assert dialog.harn.nonlethal_combo is not None
    _pick(dialog.harn.nonlethal_combo, "disarm")
    assert dialog.try_accept()
    assert dialog.result_event is not None and dialog.result_event.nonlethal == "disarm"
    log.push(dialog.result_event)
    log.push(resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((9, 9)), typed((2, 3)), typed((5, 5)))))
    check = CheckDialog(None, log.state, log.state.pending[0], random.Random(1))
    qtbot.addWidget(check)
    # Bo: Dexterity 10 + 6 - 4 (won by 13) = 12, + 2d10! against 20 (RULES 3.3).
    assert "= 12, + 2d10!, against 20; failing, Bo drops its weapon" in check.how_label.text()
    check.roll_dice.edit.setText("3 4")
    assert check.try_accept()
    assert check.result_event is not None and check.result_event.outcome == (
        "Bo drops the Long sword")
