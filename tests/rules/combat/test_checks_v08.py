"""0.8 Health checks: Fatal, Beaten, the end-of-round check and dying (RULES 2)."""

from __future__ import annotations

import pytest

from tests.rules.builders import v08
from tests.rules.combat.v08_setup import fight, last_sentence
from yags_desk.rules.combat.checks_v08 import resolve_check
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.events import AddCombatant, EndRound, Stuns, Wound
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.state import Pending
from yags_desk.rules.dice import d20_from_typed
from yags_desk.rules.errors import RulesError


def fatal(log: CombatLog, levels: int = 6) -> Pending:
    log.push(Wound(id="brenna", levels=levels))
    (p,) = log.state.pending
    return p


def check(log: CombatLog, p: Pending, die: int) -> None:
    log.push(resolve_check(log.state, p, d20_from_typed(die)))


@pytest.mark.parametrize("die,dead,unconscious,fights_on", [
    (7, True, False, False),    # 12 + 7 = 19 < 20: dies
    (8, False, True, False),    # 20: unconscious
    (17, False, True, False),   # 29: beats 20 by 9 only
    (18, False, False, True),   # 30: good success, fights on
])
def test_fatal_check_outcomes(die: int, dead: bool, unconscious: bool, fights_on: bool) -> None:
    log = fight()
    p = fatal(log)
    assert (p.kind, p.target, p.fumble_chance) == ("fatal", 20, 1)
    check(log, p, die)
    b = log.state.fighter("brenna")
    assert (b.dead, b.has("unconscious"), b.good_success) == (dead, unconscious, fights_on)
    assert b.can_act == fights_on and log.state.pending == ()


def test_fatal_target_rises_5_per_wound_beyond_six_and_sentence() -> None:
    log = fight()
    p = fatal(log, 8)
    assert p.target == 30
    check(log, p, 18)  # 30 against 30: success, not good
    assert last_sentence(log) == ("Brenna's Fatal Health check: 30 against 30 (dice 18) → falls "
                                  "unconscious.")


def test_natural_one_fails_whatever_the_total() -> None:
    log = CombatLog("0.8")
    log.push(AddCombatant(id="brenna", name="Brenna", side="a", character=v08(health=10)))
    check(log, fatal(log), 1)  # 40 + 1 against 20, but a natural 1
    assert log.state.fighter("brenna").dead
    assert "fumbled: dies" in last_sentence(log)


def test_good_success_checks_at_the_end_of_each_later_round() -> None:
    log = fight()
    check(log, fatal(log), 18)
    assert "good success: fights on" in last_sentence(log)
    assert end_of_round_due(log.state) == []  # not in the round Fatal was reached
    log.push(EndRound())
    (due,) = end_of_round_due(log.state)
    assert (due.kind, due.target) == ("fatal_round", 20)
    with pytest.raises(RulesError, match="end-of-round Health check .* is due"):
        log.push(EndRound())
    check(log, due, 8)  # 20: fights on
    assert log.state.fighter("brenna").good_success
    log.push(EndRound())
    check(log, end_of_round_due(log.state)[0], 7)  # 19: dies (combat-wounds.yags)
    assert log.state.fighter("brenna").dead


def test_a_new_wound_while_fighting_on_calls_for_a_new_check() -> None:
    log = fight()
    check(log, fatal(log), 18)
    log.push(Wound(id="brenna", levels=1))
    (p,) = log.state.pending
    assert p.kind == "fatal" and p.target == 25
    assert not log.state.fighter("brenna").good_success


def test_round_cannot_end_with_a_check_pending() -> None:
    log = fight()
    fatal(log)
    before = (log.events, log.state)
    with pytest.raises(RulesError, match="Brenna's Fatal Health check .* must be rolled or waived"):
        log.push(EndRound())
    assert (log.events, log.state) == before


@pytest.mark.parametrize("die,standing", [(7, False), (8, True)])
def test_beaten_check_failure_is_unconscious_not_death(die: int, standing: bool) -> None:
    log = fight()
    log.push(Stuns(id="brenna", levels=6))
    (p,) = log.state.pending
    assert (p.kind, p.target) == ("beaten", 20)
    check(log, p, die)
    b = log.state.fighter("brenna")
    assert b.can_act == standing and not b.dead and b.has("unconscious") != standing


def test_beaten_and_standing_checks_each_round_and_only_falls_unconscious() -> None:
    log = fight()
    log.push(Stuns(id="brenna", levels=6))
    check(log, log.state.pending[0], 8)
    log.push(EndRound())
    check(log, end_of_round_due(log.state)[0], 2)  # 14 against 20
    b = log.state.fighter("brenna")
    assert b.has("unconscious") and not b.dead
    assert last_sentence(log).endswith("→ falls unconscious.")


def test_dying_check_once_a_minute_for_the_unconscious_at_fatal() -> None:
    log = fight()
    check(log, fatal(log), 10)  # unconscious
    dying = Pending("brenna", "dying", 20, 1)
    check(log, dying, 8)
    assert not log.state.fighter("brenna").dead
    check(log, dying, 7)
    assert log.state.fighter("brenna").dead
    with pytest.raises(RulesError, match="not lying unconscious at Fatal"):
        resolve_check(fight().state, dying, d20_from_typed(10))


def test_a_check_that_is_not_due_is_refused() -> None:
    with pytest.raises(RulesError, match="Fatal Health check .* is not due now"):
        resolve_check(fight().state, Pending("brenna", "fatal", 20, 1), d20_from_typed(10))
    with pytest.raises(RulesError, match="classic"):
        resolve_check(CombatLog("classic").state, Pending("x", "fatal"), d20_from_typed(10))
