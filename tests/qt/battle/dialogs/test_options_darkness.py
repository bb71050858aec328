"""Rules options…: the RULES 3.3 darkness level. It is chosen while the Darkness
rule is ticked and becomes a SetDarkness event after the switches, so the board
pushes it with them as one undo step and the engine applies its penalty."""

from __future__ import annotations

from typing import Any

from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.qt.battle.dialogs.options import RulesOptionsDialog
from yags_desk.rules.combat.events import Declare, SetDarkness, SetOption
from yags_desk.rules.combat.plan_classic import plan_attack
from yags_desk.rules.combat.reducer import apply


def _pick(combo: Any, data: object) -> None:
    combo.setCurrentIndex(combo.findData(data))


def test_darkness_level_follows_the_switch_and_its_penalty_applies(qtbot: Any) -> None:
    log = classic_pair()
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    dialog = RulesOptionsDialog(None, log.state)
    qtbot.addWidget(dialog)
    assert not dialog.darkness_combo.isEnabled()
    dialog.rule_boxes["darkness"].setChecked(True)
    assert dialog.darkness_combo.isEnabled()
    _pick(dialog.darkness_combo, "overcast_half")
    dialog.reason_edit.setText("clouds")
    assert dialog.try_accept()
    events = dialog.result_event
    assert events == [SetOption(option="darkness", value=True, reason="clouds"),
                      SetDarkness(level="overcast_half", reason="clouds")]
    state = log.state
    for e in events:
        state = apply(state, e)
    # Overcast, half moon: -10 on Ann's attack 14 and on Bo's defence 11.
    p = plan_attack(state, "ann", "bo", SWORD)
    assert (p.attack, p.defence_value) == (4, 1)


def test_an_unticked_darkness_sends_no_level(qtbot: Any) -> None:
    log = classic_pair()
    log.push(SetOption(option="darkness", value=True))
    dialog = RulesOptionsDialog(None, log.state)
    qtbot.addWidget(dialog)
    _pick(dialog.darkness_combo, "clear_new")
    dialog.rule_boxes["darkness"].setChecked(False)
    assert dialog.try_accept()
    assert dialog.result_event == [SetOption(option="darkness", value=False)]


def test_classic_says_why_strike_recovery_never_comes_up(qtbot: Any) -> None:
    from tests.rules.combat import v08_setup

    dialog = RulesOptionsDialog(None, classic_pair().state)
    qtbot.addWidget(dialog)
    assert "strike recovery never comes up" in dialog.rule_boxes["dodging"].toolTip()
    v08 = RulesOptionsDialog(None, v08_setup.fight().state)
    qtbot.addWidget(v08)
    assert v08.rule_boxes["dodging"].toolTip() == ""
