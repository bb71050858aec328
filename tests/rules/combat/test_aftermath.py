"""After the fight: the survivor's sheet and the start of its healing record."""

from __future__ import annotations

import pytest

from tests.rules.builders import classic, v08
from yags_desk.rules.combat.aftermath import healing_start, survivor
from yags_desk.rules.combat.events import AddCombatant, Effect, Fatigue, SetCondition, Wound
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.state import FighterState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import GameTime, HealingRecord


def test_wounds_and_fatigue_carry_into_healing() -> None:
    log = CombatLog("classic", roster=[AddCombatant(id="a", name="Aldric", side="p",
                                                    character=classic("Aldric"))])
    log.push(Wound(id="a", levels=3))
    log.push(Fatigue(id="a", levels=1))
    start = healing_start(log.state, "a", GameTime(day=4, hour=18))
    assert (start.patient.wounds, start.patient.fatigue_short) == (3, 1)
    assert start.status == "awake" and not start.tended
    record = HealingRecord(start)
    assert record.state.category == "Medium"  # type: ignore[union-attr]


def test_berserk_boxes_go_before_healing() -> None:
    log = CombatLog("classic", roster=[AddCombatant(id="b", name="Bera", side="p",
                                                    character=classic("Bera"))])
    from yags_desk.rules.combat.effects import apply_effect

    state = apply_effect(log.state, Effect(target="b", kind="berserk", amount=29))
    f: FighterState = state.fighter("b")
    assert f.body_capacity() == 6 + 5
    from yags_desk.rules.combat.effects import wound

    state = wound(state, "b", 3)  # Hurt, Hurt+, Hurt+: two of them berserk boxes
    assert survivor(state, "b").wounds == 1


def test_08_wounds_past_fatal_are_kept_and_the_dead_refused() -> None:
    log = CombatLog("0.8", roster=[AddCombatant(id="k", name="Kestrel", side="p",
                                                character=v08("Kestrel"))])
    log.push(Wound(id="k", levels=7))
    log.push(SetCondition(id="k", condition="unconscious"))
    start = healing_start(log.state, "k", GameTime(day=1, hour=0))
    assert start.patient.wounds == 7 and start.status == "unconscious"
    log.push(SetCondition(id="k", condition="dead"))
    with pytest.raises(RulesError, match="dead"):
        healing_start(log.state, "k", GameTime(day=1, hour=0))


def test_log_sentences_use_the_encounters_penalty_table() -> None:
    from yags_desk.rules.combat.sentences import describe
    from yags_desk.rules.options import RulesOptions

    for old, text in ((False, "Medium (-6)"), (True, "Medium (-10)")):
        log = CombatLog("0.8", options=RulesOptions(v08_old_wound_penalties=old),
                        roster=[AddCombatant(id="k", name="K", side="p",
                                             character=v08("K"))])
        log.push(Wound(id="k", levels=3))
        assert text in describe(log.events[0], log.state_before(0), log.state)
