"""Check, first aid, declare, initiative, override and condition dialogs against the
engine's own procedures, on the sample encounters."""

from __future__ import annotations

import random

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.qt.battle.dialogs.fixtures import BROAD, SWORD_SHIELD, ford, sample_log, sparring
from yags_desk.qt.battle.dialogs import (
    CheckDialog,
    ConditionDialog,
    DeclareDialog,
    FirstAidDialog,
    InitiativeDialog,
    OverrideDialog,
)
from yags_desk.rules.combat import checks_classic, checks_v08
from yags_desk.rules.combat.checks_v08 import roll_initiative_v08
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.events import Declare, Override, SetCondition, Wound
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import make_initiative
from yags_desk.rules.dice import D20Roll, OpenRoll, open_roll_from_typed


def _pick(combo: object, data: object) -> None:
    combo.setCurrentIndex(combo.findData(data))  # type: ignore[attr-defined]


# --- checks -------------------------------------------------------------------------


def _critical(log: CombatLog) -> CombatLog:
    """Bandit 1 wounded into Critical: a consciousness roll is due (RULES 1.6)."""
    for _ in range(20):
        if log.state.pending:
            return log
        log.push(Wound(id="bandit-1", levels=1))
    raise AssertionError("no check became due")


def test_classic_check_typed_dice_equal_resolve_check(qtbot: QtBot) -> None:
    state = _critical(ford()).state
    pending = state.pending[0]
    dialog = CheckDialog(None, state, pending, random.Random(1))
    qtbot.addWidget(dialog)
    assert "Stamina" in dialog.how_label.text()
    # The check is named with its citation as everywhere else on screen.
    assert dialog.check_label.text().endswith("(Rules reference §1.6)")
    assert "RULES" not in dialog.windowTitle()
    dialog.roll_dice.edit.setText("10 4 3")
    assert dialog.try_accept()
    dice = open_roll_from_typed([10, 4, 3])
    assert dialog.result_event == checks_classic.resolve_check(state, pending, dice)


def test_v08_check_typed_die_equals_resolve_check(qtbot: QtBot) -> None:
    log = sparring()
    log.push(Wound(id="kestrel", levels=6))
    state = log.state
    pending = state.pending[0]
    dialog = CheckDialog(None, state, pending, random.Random(1))
    qtbot.addWidget(dialog)
    assert "× 4" in dialog.how_label.text()
    dialog.roll_dice.edit.setText("21")
    assert not dialog.apply_button.isEnabled()
    dialog.roll_dice.edit.setText("14")
    assert dialog.try_accept()
    assert dialog.result_event == checks_v08.resolve_check(state, pending, D20Roll(14))


def test_waive_needs_a_reason(qtbot: QtBot) -> None:
    state = _critical(ford()).state
    pending = state.pending[0]
    dialog = CheckDialog(None, state, pending, random.Random(1))
    qtbot.addWidget(dialog)
    assert not dialog.waive("  ")
    assert "reason" in dialog.error_label.text()
    assert dialog.result_event is None
    assert dialog.waive("the bandit is a coward, not a corpse")
    e = dialog.result_event
    assert e is not None and e.passed and e.outcome.startswith("waived by the GM")


def test_killing_blow_is_confirmed_without_dice(qtbot: QtBot) -> None:
    log = ford()
    log.push(SetCondition(id="bandit-2", condition="unconscious"))
    log.push(Declare(id="torvald", action="kill_helpless", target="bandit-2"))
    state = log.state
    due = [p for p in end_of_round_due(state) if p.kind == "killing_blow"][0]
    dialog = CheckDialog(None, state, due, random.Random(1))
    qtbot.addWidget(dialog)
    assert dialog.roll_dice.isHidden() and dialog.apply_button.text() == "Confirm"
    assert dialog.try_accept()
    assert dialog.result_event == checks_classic.kill_helpless(state, "torvald")


def test_a_killer_that_defended_rolls_its_blow_in_the_dialog(qtbot: QtBot) -> None:
    from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack

    log = ford()
    log.push(SetCondition(id="bandit-2", condition="unconscious"))
    log.push(Declare(id="torvald", action="kill_helpless", target="bandit-2"))
    style = "Two weapons: Short sword + Dagger"
    log.push(Declare(id="bandit-1", action="attack", target="torvald", style=style))
    typed = open_roll_from_typed
    log.push(resolve_attack(log.state, "bandit-1", "torvald", style,
                            AttackDice(typed((1, 1)), typed((4, 4)), typed((5, 5)))))
    state = log.state
    due = [p for p in end_of_round_due(state) if p.kind == "killing_blow"][0]
    dialog = CheckDialog(None, state, due, random.Random(1))
    qtbot.addWidget(dialog)
    # RULES 1.6: Torvald defended, so attack and damage dice are asked for.
    assert not dialog.roll_dice.isHidden() and not dialog.second_dice.isHidden()
    assert dialog.apply_button.text() == "Apply" and "defended this round" in (
        dialog.how_label.text())
    assert not dialog.try_accept()
    dialog.roll_dice.edit.setText("3 4")
    dialog.second_dice.edit.setText("5 5")
    assert dialog.try_accept()
    assert dialog.result_event == checks_classic.kill_helpless(state, "torvald", typed((3, 4)),
                                                               typed((5, 5)))
    assert dialog.result_event is not None and dialog.result_event.second_dice == (5, 5)


def test_an_ordinary_fall_asks_the_metres(qtbot: QtBot) -> None:
    from yags_desk.rules.combat.state import Pending

    state = ford().state
    dialog = CheckDialog(None, state, Pending("aldric", "fall", 0, amount=2), random.Random(1))
    qtbot.addWidget(dialog)
    assert not dialog.metres_spin.isHidden() and dialog.metres_spin.value() == 2
    dialog.metres_spin.setValue(10)
    dialog.roll_dice.edit.setText("7 6")
    dialog.second_dice.edit.setText("3 4")
    assert dialog.try_accept()
    # RULES 1.11: 6 + 13 = 19 cancels 3 of 10 m; 14 + 7 = 21 − base soak 14 = 7 → 2 levels.
    e = dialog.result_event
    assert e is not None and e.kind == "fall" and e.outcome == (
        "7 of 10 m left: damage 21 − base soak 14 = 7 → 2 levels")


def test_first_aid_from_the_patients_side(qtbot: QtBot) -> None:
    log = ford()
    log.push(Wound(id="aldric", levels=3))
    state = log.state
    dialog = FirstAidDialog(None, state, "aldric", random.Random(1))
    qtbot.addWidget(dialog)
    healers = {dialog.healer_combo.itemData(i) for i in range(dialog.healer_combo.count())}
    assert healers == {"aldric", "torvald", "mira", "sister"}
    _pick(dialog.healer_combo, "sister")
    dialog.roll_dice.edit.setText("9 8")
    assert dialog.try_accept()
    assert dialog.result_event == checks_classic.first_aid(state, "sister", "aldric",
                                                           OpenRoll((9, 8)))


def test_first_aid_on_the_unhurt_says_so_and_levels_show_no_zero_penalty(
        qtbot: QtBot) -> None:
    """An unhurt patient: the header says "Unhurt", not "Unhurt (+0)", and the
    dialog says there is no wound to treat instead of "against – (Unhurt)"."""
    state = ford().state
    dialog = FirstAidDialog(None, state, "aldric", random.Random(1))
    qtbot.addWidget(dialog)
    assert dialog.patient_label.text().endswith(": Unhurt")
    assert dialog.how_label.text().endswith(
        "Aldric of Thornbury is Unhurt: no wound for first aid to treat.")
    hurt = ford()
    hurt.push(Wound(id="aldric", levels=3))
    again = FirstAidDialog(None, hurt.state, "aldric", random.Random(1))
    qtbot.addWidget(again)
    assert "(-" in again.patient_label.text()  # a level with a penalty keeps it



def test_v08_first_aid_treats_wounds_or_stuns_with_a_d20(qtbot: QtBot) -> None:
    """Issue 14 item 4: 0.8 first aid in a fight, the healing record's own roll."""
    from tests.rules.combat.test_first_aid_v08 import fight
    from yags_desk.rules.combat.first_aid_v08 import first_aid_v08

    state = fight(wounds=3, stuns=2).state
    dialog = FirstAidDialog(None, state, "brenna", random.Random(1))
    qtbot.addWidget(dialog)
    assert not dialog.treats_combo.isHidden()
    _pick(dialog.healer_combo, "sister")
    # Intelligence 4 x First aid 3 = 12; Medium wounds (-6) and Light stuns (-3): 10 + 5.
    assert "against 15" in dialog.how_label.text()
    _pick(dialog.treats_combo, "stuns")
    assert "against 5" in dialog.how_label.text()
    dialog.roll_dice.edit.setText("4")
    assert dialog.try_accept()
    assert dialog.result_event == first_aid_v08(state, "sister", "brenna", D20Roll(4), "stuns")
    # 12 + 4 = 16 against 5: 2 levels of success, 2 stuns healed.
    assert dialog.result_event is not None and dialog.result_event.passed


# --- declarations -------------------------------------------------------------------


def test_declare_offers_enemies_first_and_returns_the_declaration(qtbot: QtBot) -> None:
    state = sample_log("ford-ambush").state
    dialog = DeclareDialog(None, state, "aldric")
    qtbot.addWidget(dialog)
    first = [dialog.target_combo.itemData(i) for i in range(3)]
    assert first == ["bandit-1", "bandit-2", "bandit-3"]  # row 0 enemies before the archer
    _pick(dialog.style_combo, SWORD_SHIELD)
    _pick(dialog.special_combo, "all_out")
    assert dialog.try_accept()
    assert dialog.result_event == Declare(id="aldric", action="attack", target="bandit-1",
                                          style=SWORD_SHIELD, special="all_out")


def test_refused_declaration_keeps_the_dialog_open_with_the_reason(qtbot: QtBot) -> None:
    state = sample_log("ford-ambush").state
    dialog = DeclareDialog(None, state, "aldric")
    qtbot.addWidget(dialog)
    dialog.show()
    _pick(dialog.special_combo, "aim")  # aiming needs a missile (RULES 1.9)
    dialog.apply_button.click()
    assert dialog.isVisible() and dialog.result_event is None
    assert "aiming needs a missile weapon" in dialog.error_label.text()


def test_v08_declaration_limits_the_defences(qtbot: QtBot) -> None:
    log = sample_log("sparring")
    log.push(roll_initiative_v08(log.state, "brenna", D20Roll(12)))
    state = log.state
    dialog = DeclareDialog(None, state, "brenna")
    qtbot.addWidget(dialog)
    assert dialog.defences_spin.maximum() == 3  # Brenna's (Agility + Perception) / 2
    _pick(dialog.stance_combo, "defensive")
    assert dialog.defences_spin.maximum() == 4
    _pick(dialog.style_combo, BROAD)
    dialog.defences_spin.setValue(2)
    assert dialog.try_accept()
    assert dialog.result_event == Declare(id="brenna", action="attack", target="kestrel",
                                          style=BROAD, defences=2, stance="defensive")


def test_v08_declaration_before_initiative_is_refused(qtbot: QtBot) -> None:
    state = sample_log("sparring").state
    dialog = DeclareDialog(None, state, "kestrel")
    qtbot.addWidget(dialog)
    assert not dialog.try_accept()
    assert "no initiative yet" in dialog.error_label.text()


# --- initiative ---------------------------------------------------------------------


def test_classic_initiative_npcs_rolled_players_typed(qtbot: QtBot) -> None:
    state = ford().state
    ids = list(state.fighters)
    dialog = InitiativeDialog(None, state, ids, random.Random(4))
    qtbot.addWidget(dialog)
    pcs = [f for f in ids if state.fighter(f).character.kind == "pc"]
    assert all(dialog.dice_entries[f].value is None for f in pcs)
    assert all(dialog.dice_entries[f].value is not None for f in ids if f not in pcs)
    assert not dialog.apply_button.isEnabled()
    for n, f in enumerate(pcs):
        dialog.dice_entries[f].edit.setText(f"{n + 2} 5")
    assert dialog.try_accept()
    events = dialog.result_event
    assert events is not None and [e.id for e in events] == ids
    for e in events:
        dice = dialog.dice_entries[e.id].value
        assert isinstance(dice, OpenRoll)
        assert e == make_initiative(state, e.id, dice, dialog.tiebreak_spins[e.id].value())


def test_initiative_columns_say_what_they_are(qtbot: QtBot) -> None:
    # Issue 12: the "Roll-off" column was not explained anywhere.
    state = ford().state
    dialog = InitiativeDialog(None, state, list(state.fighters), random.Random(4))
    qtbot.addWidget(dialog)
    dialog.show()
    header = dialog.table.horizontalHeader()
    titles = {c: dialog.table.horizontalHeaderItem(c) for c in range(dialog.table.columnCount())}
    assert all(item.toolTip() for item in titles.values())
    tie = titles[4]
    assert tie.text() == "Tie-break (d100)"
    assert "ties" in tie.toolTip() and "Agility" in tie.toolTip()
    assert "Ties: higher Agility first, then the higher tie-break die." in " ".join(
        label.text() for label in dialog.findChildren(QLabel))
    for c, item in titles.items():
        if not dialog.table.isColumnHidden(c):
            assert header.sectionSize(c) >= header.fontMetrics().horizontalAdvance(item.text())


def test_v08_initiative_for_everyone(qtbot: QtBot) -> None:
    state = sample_log("sparring").state
    dialog = InitiativeDialog(None, state, ["brenna", "kestrel"], random.Random(4))
    qtbot.addWidget(dialog)
    dialog.dice_entries["brenna"].edit.setText("1")  # a natural 1: initiative 0
    dialog.roll_missing()
    assert dialog.try_accept()
    events = dialog.result_event
    assert events is not None and len(events) == 2
    assert events[0] == roll_initiative_v08(state, "brenna", D20Roll(1))
    assert events[0].total == 0 and events[0].natural_one


# --- override and condition ---------------------------------------------------------


def test_override_requires_a_reason(qtbot: QtBot) -> None:
    state = ford().state
    dialog = OverrideDialog(None, state, "aldric")
    qtbot.addWidget(dialog)
    assert "stuns" not in [dialog.field_combo.itemData(i)
                           for i in range(dialog.field_combo.count())]  # classic
    _pick(dialog.field_combo, "wounds")
    dialog.value_spin.setValue(2)
    assert not dialog.apply_button.isEnabled()
    assert not dialog.try_accept()
    dialog.reason_edit.setText("healed by the priestess between scenes")
    assert dialog.try_accept()
    assert dialog.result_event == Override(id="aldric", field="wounds", value=2,
                                           reason="healed by the priestess between scenes")


def test_override_beyond_the_track_is_refused(qtbot: QtBot) -> None:
    state = ford().state
    dialog = OverrideDialog(None, state, "aldric")
    qtbot.addWidget(dialog)
    _pick(dialog.field_combo, "wounds")
    dialog.value_spin.setValue(500)
    dialog.reason_edit.setText("typo test")
    assert not dialog.try_accept()
    assert "more than Aldric of Thornbury's track holds" in dialog.error_label.text()


def test_condition_for_rounds_or_until_cleared(qtbot: QtBot) -> None:
    state = sparring().state
    dialog = ConditionDialog(None, state, "kestrel")
    qtbot.addWidget(dialog)
    dialog.condition_combo.setEditText("blinded by sand")
    dialog.until_cleared_check.setChecked(False)
    assert dialog.rounds_spin.text() == "1 round"  # the unit agrees with the number
    dialog.rounds_spin.setValue(2)
    assert dialog.rounds_spin.text() == "2 rounds"
    assert dialog.try_accept()
    assert dialog.result_event == SetCondition(id="kestrel", condition="blinded by sand",
                                               rounds=2)
    again = ConditionDialog(None, state, "kestrel")
    qtbot.addWidget(again)
    again.condition_combo.setEditText("  ")
    assert not again.try_accept()
    assert again.error_label.text() == "Condition must not be empty"


def test_qt_battle_dialogs_implement_the_protocol() -> None:
    import inspect

    from yags_desk.qt.battle.dialogs import QtBattleDialogs
    from yags_desk.qt.battle.protocol import BattleDialogs

    implementation: BattleDialogs = QtBattleDialogs()  # mypy checks the signatures
    for name, method in inspect.getmembers(BattleDialogs, inspect.isfunction):
        if name.startswith("_"):
            continue
        mine = getattr(implementation, name)
        assert list(inspect.signature(mine).parameters) == list(
            inspect.signature(method).parameters)[1:], name
