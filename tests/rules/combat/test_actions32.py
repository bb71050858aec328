"""RULES 3.2 charge, defend, flee and assess (option "flee_charge_defend"), in both
editions: the numbers change only while the option is on, and a declaration of
one of them is refused while it is off."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import attack_modifiers_v08, resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.optional.actions32 import assess_check, free_attack_targets
from yags_desk.rules.combat.optional.actions32_attack import resolve_free_attack
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import d20_from_typed
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import attack_odds

ON = SetOption(option="flee_charge_defend", value=True)
# Classic pair (test_surprised): Ann attack 14 (Short sword), damage 17; Bo defence 11
# with the Long sword, soak 10.
DICE = AttackDice(typed((5, 5)), typed((6, 6)), typed((1, 1)))  # 14+10=24 vs 11+12=23


def test_classic_charge_adds_two_to_the_attack_and_the_odds() -> None:
    log = classic_pair()
    charge = Declare(id="ann", action="attack", target="bo", style=SWORD, manoeuvre="charge")
    before = len(log.events)
    with pytest.raises(RulesError, match="manoeuvre: the optional rule Flee, charge"):
        log.push(charge)  # off: refused, nothing changes
    assert len(log.events) == before
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    plain = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    log.push(ON)
    log.push(charge)
    charged = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    assert (plain.attack_total, charged.attack_total) == (24, 26)
    assert ("attack: RULES 3.2 charge +2", 2) in charged.modifiers
    odds = declared_attack_odds(log.state, "ann")
    assert odds.hit == pytest.approx(attack_odds("classic", 16, 11, damage=17, soak=10).hit)


def test_a_charge_is_an_attack_and_defend_is_not() -> None:
    log = classic_pair()
    log.push(ON)
    with pytest.raises(RulesError, match="manoeuvre: charge is .* declare the action "
                                         "\u201cattack\u201d"):
        log.push(Declare(id="ann", action="move", manoeuvre="charge"))
    with pytest.raises(RulesError, match="manoeuvre: defend"):
        log.push(Declare(id="ann", action="attack", target="bo", style=SWORD,
                         manoeuvre="defend"))


@pytest.mark.parametrize("on", [True, False])
def test_classic_defend_adds_four_to_the_defence(on: bool) -> None:
    log = classic_pair()
    if on:
        log.push(ON)
    log.push(Declare(id="bo", action="other", manoeuvre="defend" if on else None))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    e = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    # 24 against 11 + 12 (+4 defending): a hit by one without it, a miss with it.
    assert (e.defence_total, e.hit) == ((27, False) if on else (23, True))


def _flee_log(on: bool) -> CombatLog:
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    cy = classic("Cy", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    log = CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", row=1, character=ann),
        AddCombatant(id="bo", name="Bo", side="b", row=2, character=bo),
        AddCombatant(id="cy", name="Cy", side="a", row=4, character=cy)])
    if on:
        log.push(ON)
    return log


def test_classic_flee_gives_each_enemy_in_reach_one_free_attack_at_plus_four() -> None:
    log = _flee_log(True)
    log.push(Declare(id="bo", action="move", manoeuvre="flee"))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Ann (row 1) is in reach of Bo (row 2); Cy (row 4) is not.
    assert free_attack_targets(log.state, "ann") == ["bo"]
    assert free_attack_targets(log.state, "cy") == []
    with pytest.raises(RulesError, match=r"Cy \(row 4\) is not within reach"):
        resolve_free_attack(log.state, "cy", "bo", DICE)
    free = resolve_free_attack(log.state, "ann", "bo", DICE)
    # 14 + 4 + 10 = 28 against 11 + 12 = 23.
    assert (free.free, free.attack_total, free.defence_total) == (True, 28, 23)
    assert ("attack: RULES 3.2 flee: Bo turns to run", 4) in free.modifiers
    log.push(free)
    n = len(log.events)
    said = describe(free, log.state_before(n - 1), log.state)
    assert said.startswith("Free attack on a fleeing foe (RULES 3.2): Ann hits Bo")
    assert describe(log.events[1], log.state_before(1), log.state_before(2)) == (
        "Bo moves (fleeing).")
    with pytest.raises(RulesError, match="already struck at the fleeing Bo"):
        resolve_free_attack(log.state, "ann", "bo", DICE)
    # Ann's own declared attack is still hers to make this round.
    assert not log.state.fighter("ann").attacked
    assert log.state.fighter("ann").strikes == 1  # RULES 3.3 strike recovery counts it
    log.push(resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((5, 5)), None, typed((1, 1)))))
    assert log.state.fighter("ann").attacked
    assert log.state.fighter("ann").strikes == 2


def test_classic_flee_is_refused_and_gives_nothing_while_the_option_is_off() -> None:
    log = _flee_log(False)
    with pytest.raises(RulesError, match="manoeuvre: the optional rule"):
        log.push(Declare(id="bo", action="move", manoeuvre="flee"))
    log.push(Declare(id="bo", action="move"))
    assert free_attack_targets(log.state, "ann") == []
    with pytest.raises(RulesError, match="free attack: the optional rule .* is off"):
        resolve_free_attack(log.state, "ann", "bo", DICE, SWORD)


@pytest.mark.parametrize("advantage", [True, False])
def test_classic_assess_feeds_advantage(advantage: bool) -> None:
    ann = classic("Ann", skills={"Single weapon": 100, "Tactics": 50}, weapons=(SHORT_SWORD,))
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    log = CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", character=ann),
        AddCombatant(id="bo", name="Bo", side="b", character=bo)])
    log.push(ON)
    if advantage:
        log.push(SetOption(option="advantage", value=True))
    log.push(Declare(id="ann", action="other", manoeuvre="assess"))
    # Perception 10 x Tactics 50% = 5; + (4 + 5) = 14 < 15: fails.
    fail = assess_check(log.state, "ann", typed((4, 5)))
    assert (fail.total, fail.target, fail.passed) == (14, 15, False)
    # 5 + (10 + 6 + 4) = 25: beats 15 by 10, a good success (+3).
    good = assess_check(log.state, "ann", typed((10, 6, 4)))
    assert (good.total, good.passed) == (25, True) and "good success" in good.outcome
    log.push(good)
    assert log.state.fighter("ann").advantage == (3 if advantage else 0)
    with pytest.raises(RulesError, match="already made this round's assess roll"):
        assess_check(log.state, "ann", typed((5, 5)))
    # Bo did not declare one.
    with pytest.raises(RulesError, match="Bo did not declare an assess action"):
        assess_check(log.state, "bo", typed((5, 5)))


@pytest.mark.parametrize("on", [True, False])
def test_v08_charge_defend_and_flee(on: bool) -> None:
    log = v08_setup.fight()
    if on:
        log.push(ON)
    kw: dict[str, Any] = {"manoeuvre": "charge"} if on else {}
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, **kw)
    log.push(Declare(id="orc", action="other", defences=1,
                     manoeuvre="defend" if on else None))
    m = attack_modifiers_v08(log.state, "brenna", "orc")
    # Brenna attack 21 (+2 charging); the Orc's defence 11 (+4 defending).
    assert m.attack == (23 if on else 21)
    assert m.defence == (15 if on else 11)
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(5, 10))
    assert (e.attack_total, e.defence_total) == ((28, 25) if on else (26, 21))


def test_v08_free_attack_on_a_fleeing_orc() -> None:
    log = v08_setup.fight()
    log.push(ON)
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    log.push(Declare(id="orc", action="move", defences=1, manoeuvre="flee"))
    free = resolve_free_attack(log.state, "brenna", "orc", v08_setup.dice(5, 10))
    # Brenna 21 + 4 + 5 = 30 against the Orc's 11 + 10 = 21.
    assert (free.attack_total, free.defence_total, free.hit) == (30, 21, True)
    log.push(free)
    assert not log.state.fighter("brenna").attacked
    assert log.state.fighter("orc").wounds > 0
    # 0.8 assess: Perception 3 x Tactics 0 + d20 against 20.
    log2 = v08_setup.fight()
    log2.push(ON)
    log2.push(Declare(id="orc", action="other", defences=1, manoeuvre="assess"))
    c = assess_check(log2.state, "orc", d20_from_typed(19))
    assert (c.total, c.target, c.passed) == (19, 20, False)


def test_classic_odds_with_charge_defend_and_advantage_equal_the_engine() -> None:
    from tests.rules.combat.test_odds_classic import assert_agrees, frequencies
    from yags_desk.rules.combat.events import StartingAdvantage
    log = classic_pair()
    log.push(ON)
    log.push(SetOption(option="advantage", value=True))
    log.push(StartingAdvantage(side="a", circumstances=("threat_1",)))  # Ann +1: +2
    log.push(Declare(id="bo", action="other", manoeuvre="defend"))  # Bo +4 defence
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD, manoeuvre="charge"))
    odds = declared_attack_odds(log.state, "ann")
    # Ann 14 + 2 (charge) + 2 (advantage) = 18 against Bo's 11 + 4 = 15.
    assert odds == attack_odds("classic", 18, 15, damage=17, soak=10)
    n = 3000
    assert_agrees(odds.outcomes, frequencies(log.state, "ann", n), n)
