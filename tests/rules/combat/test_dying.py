"""The dying rolls come due during a fight: once a minute, 12 rounds [decision], from
the round the fighter fell (RULES 1.6 classic, RULES 2 0.8), until dead or tended."""

from __future__ import annotations

import random

import pytest

from tests.rules.combat.test_checks_classic import fight as classic_fight
from tests.rules.combat.test_checks_classic import roll, to_fatal
from tests.rules.combat.test_steps import stepped_round
from tests.rules.combat.v08_setup import fight as v08_fight
from yags_desk.rules.combat import checks_v08
from yags_desk.rules.combat.checks_classic import first_aid, resolve_check, waive
from yags_desk.rules.combat.due import end_of_round_due, next_dying_roll
from yags_desk.rules.combat.events import (
    AddCombatant,
    Check,
    ClearCondition,
    EndRound,
    Override,
    Wound,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import Pending
from yags_desk.rules.dice import d20_from_typed
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError


def dying_due(log: CombatLog) -> list[Pending]:
    return [p for p in end_of_round_due(log.state) if p.kind == "dying"]


def to_round(log: CombatLog, last: int, fid: str = "aldric") -> list[int]:
    """End rounds until round ``last`` is current; the rounds whose end asked for
    ``fid``'s dying roll (other end-of-round rolls are waived)."""
    asked: list[int] = []
    while log.state.round < last:
        for p in end_of_round_due(log.state):
            if p.kind == "dying" and p.id == fid:
                asked.append(log.state.round)
            log.push(waive(log.state, p, "not this test") if log.state.edition == "classic"
                     else Check(id=p.id, kind=p.kind, target=p.target, passed=True,
                                outcome="waived by the GM: not this test"))
        log.push(EndRound())
    return asked


def dying_classic(rounds_before: int = 0) -> CombatLog:
    """Aldric (Stamina 10) falls unconscious through a Fatal wound in round
    1 + ``rounds_before``: the Fatal roll 10 + 10 = 20 lives, unconscious."""
    log = classic_fight()
    to_round(log, 1 + rounds_before)
    to_fatal(log)
    roll(log, (6, 4))
    return log


def test_classic_fell_in_round_1_rolls_at_the_end_of_round_13_not_12() -> None:
    log = dying_classic()
    a = log.state.fighter("aldric")
    assert a.dying and a.dying_since == 1 and next_dying_roll(log.state, a) == 13
    assert to_round(log, 13) == []  # nothing at the end of rounds 1 to 12
    (p,) = dying_due(log)
    assert (p.target, p.fumble_chance) == (20, 4)  # RULES 1.6
    for other in end_of_round_due(log.state):
        if other.kind != "dying":
            log.push(waive(log.state, other, "not this test"))
    with pytest.raises(RulesError, match=r"Aldric's dying roll \(RULES 1.6\) is due at the "
                                         "end of round 13"):
        log.push(EndRound())


def test_classic_the_clock_starts_in_the_round_of_the_fall() -> None:
    log = dying_classic(rounds_before=4)  # falls in round 5
    assert log.state.fighter("aldric").dying_since == 5
    assert to_round(log, 30) == [17, 29]


def test_classic_passing_keeps_them_dying_for_another_minute() -> None:
    log = dying_classic()
    to_round(log, 13)
    log.push(resolve_check(log.state, dying_due(log)[0], typed((6, 5))))  # 21: survives
    a = log.state.fighter("aldric")
    assert a.dying and not a.dead and dying_due(log) == []
    assert next_dying_roll(log.state, a) == 25
    assert to_round(log, 26) == [25]


def test_classic_failing_kills_and_the_rolls_stop() -> None:
    log = dying_classic()
    to_round(log, 13)
    log.push(resolve_check(log.state, dying_due(log)[0], typed((5, 4))))  # 19: dies
    a = log.state.fighter("aldric")
    assert a.dead and not a.dying and a.dying_since is None
    # The card, the printout and the character file read "dead", not "dead, dying".
    assert not a.has("dying")
    assert dying_due(log) == []
    assert to_round(log, 40) == []


def test_classic_first_aid_stops_the_rolls() -> None:
    log = dying_classic()
    to_round(log, 6)
    # Aldric's companion: Dexterity 10 x First aid 100% = 10, + 15 against Fatal 25.
    log.push(AddCombatant(id="healer", name="Healer", side="party",
                          character=log.state.fighter("aldric").character))
    e = first_aid(log.state, "healer", "aldric", typed((10, 1, 4)))
    assert e.passed
    log.push(e)
    a = log.state.fighter("aldric")
    assert a.tended and not a.dying and a.dying_since is None
    assert to_round(log, 30) == []


def test_classic_a_new_fatal_roll_while_dying_keeps_the_clock() -> None:
    log = dying_classic()
    to_round(log, 4)
    log.push(Wound(id="aldric", levels=1))  # a new wound while Fatal: the Fatal roll again
    roll(log, (6, 4))  # 20: lives, unconscious, still dying
    assert log.state.fighter("aldric").dying_since == 1
    assert to_round(log, 14) == [13]


def test_classic_undo_and_replay_give_the_same_clock() -> None:
    log = dying_classic()
    to_round(log, 13)
    log.push(resolve_check(log.state, dying_due(log)[0], typed((5, 4))))  # dies
    log.undo()
    assert log.state.fighter("aldric").dying_since == 1 and len(dying_due(log)) == 1
    log.redo()
    assert log.state.fighter("aldric").dead
    log.undo()
    replayed = CombatLog("classic", events=log.events, options=log.options)
    assert replayed.state == log.state
    # Undoing back past the fall stops the clock.
    while log.state.fighter("aldric").wounds:
        log.undo()
    assert log.state.fighter("aldric").dying_since is None


def test_classic_auto_round_and_steps_both_make_the_dying_roll() -> None:
    log = dying_classic()
    auto_state = step_state = log.state
    auto_rng, step_rng = random.Random(5), random.Random(5)
    for _ in range(13):
        expected, auto_state = auto_round(auto_state, auto_rng)
        got, _steps = stepped_round(step_state, step_rng)
        assert got == expected
        step_state = auto_state
    dying = [e for e in expected if isinstance(e, Check) and e.kind == "dying"]
    assert [(e.id, e.target, e.fumble_chance) for e in dying] == [("aldric", 20, 4)]
    assert auto_state.round == 14


# -- 0.8 --------------------------------------------------------------------------------


def dying_v08() -> CombatLog:
    """Brenna (Health 3: 12 + d20) reaches Fatal in round 1; 10 gives 22: unconscious."""
    log = v08_fight()
    log.push(Wound(id="brenna", levels=6))
    log.push(checks_v08.resolve_check(log.state, log.state.pending[0], d20_from_typed(10)))
    return log


def test_v08_unconscious_at_fatal_checks_at_the_end_of_round_13() -> None:
    log = dying_v08()
    b = log.state.fighter("brenna")
    assert b.dying and b.dying_since == 1 and not b.has("dying")
    assert to_round(log, 13, "brenna") == []
    (p,) = dying_due(log)
    assert (p.id, p.target, p.fumble_chance) == ("brenna", 20, 1)  # RULES 2
    with pytest.raises(RulesError, match="Brenna's Health check of the dying"):
        log.push(EndRound())


@pytest.mark.parametrize("die,dead", [(8, False), (7, True), (1, True)])
def test_v08_the_check_of_the_dying_passes_or_kills(die: int, dead: bool) -> None:
    log = dying_v08()
    to_round(log, 13, "brenna")
    log.push(checks_v08.resolve_check(log.state, dying_due(log)[0], d20_from_typed(die)))
    b = log.state.fighter("brenna")
    assert b.dead == dead and dying_due(log) == []
    assert to_round(log, 26, "brenna") == ([] if dead else [25])


def test_v08_waking_or_healing_below_fatal_stops_the_clock() -> None:
    log = dying_v08()
    log.push(ClearCondition(id="brenna", condition="unconscious"))
    assert log.state.fighter("brenna").dying_since is None
    log = dying_v08()
    log.push(Override(id="brenna", field="wounds", value=5, reason="healed by magic"))
    assert log.state.fighter("brenna").dying_since is None
    assert to_round(log, 14, "brenna") == []


def test_v08_auto_round_makes_the_dying_check_and_replays() -> None:
    log = dying_v08()
    rng = random.Random(3)
    for _ in range(13):
        for e in auto_round_v08(log.state, rng):
            log.push(e)
    dying = [e for e in log.events if isinstance(e, Check) and e.kind == "dying"]
    assert [e.id for e in dying] == ["brenna"]
    assert CombatLog("0.8", events=log.events).state == log.state
    state = log.start
    for e in log.events:
        state = apply(state, e)
    assert state.fighter("brenna").dying_since == log.state.fighter("brenna").dying_since
