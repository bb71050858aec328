"""RULES 1.6: the helpless die without a roll to a killer who did nothing else that
round; a killer that also defended must roll attack and damage (issue 14 item 4)."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import SHORT_SWORD, classic
from tests.rules.combat.test_steps import stepped_round
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.checks_classic import kill_helpless
from yags_desk.rules.combat.events import AddCombatant, Check, Declare, SetCondition
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

SWORD = "Single weapon: Short sword"


def fight() -> CombatLog:
    # Ann: Dexterity 10 x Single weapon 100% + Short sword 4 = attack 14; damage
    # Strength 10 + 7 = 17. Cy lies unconscious: soak = Strength 10 (RULES 1.4).
    def man(fid: str, side: str) -> AddCombatant:
        return AddCombatant(id=fid, name=fid.capitalize(), side=side, character=classic(
            fid.capitalize(), skills={"Single weapon": 100}, weapons=(SHORT_SWORD,)))
    log = CombatLog("classic", roster=[man("ann", "a"), man("bo", "b"), man("cy", "b")])
    log.push(SetCondition(id="cy", condition="unconscious"))
    log.push(Declare(id="ann", action="kill_helpless", target="cy", style=SWORD))
    return log


def bo_attacks_ann(log: CombatLog) -> None:
    log.push(Declare(id="bo", action="attack", target="ann", style=SWORD))
    # Bo 14 + 2 misses Ann's defence 13 + (4 + 4) = 21: Ann has defended.
    log.push(resolve_attack(log.state, "bo", "ann", SWORD,
                            AttackDice(typed((1, 1)), typed((4, 4)), typed((5, 5)))))
    assert log.state.fighter("ann").defended


def test_a_killer_that_did_nothing_else_kills_without_a_roll() -> None:
    log = fight()
    log.push(kill_helpless(log.state, "ann"))
    assert log.state.fighter("cy").dead


def test_a_killer_that_defended_must_roll_and_may_only_wound() -> None:
    log = fight()
    bo_attacks_ann(log)
    with pytest.raises(RulesError, match="Ann defended this round"):
        kill_helpless(log.state, "ann")
    # Attack 14 + (3 + 4) = 21 against the helpless 15: a hit. Damage 17 + (5 + 5)
    # = 27 − soak 10 = 17 → 4 body levels (RULES 1.6), not death.
    e = kill_helpless(log.state, "ann", typed((3, 4)), typed((5, 5)))
    assert (e.total, e.target, e.second_total, e.passed) == (21, 15, 27, True)
    before = log.state
    log.push(e)
    cy = log.state.fighter("cy")
    assert not cy.dead and cy.wounds == 4
    assert describe(e, before, log.state) == (
        "Ann's killing blow: 21 against 15 (Cy) (dice 3 4) → had to roll, having defended: "
        "damage 27 − soak 10 = 17 → 4 levels (damage dice 5 5).")


def test_a_killer_that_defended_and_fumbles_misses() -> None:
    log = fight()
    bo_attacks_ann(log)
    e = kill_helpless(log.state, "ann", typed((1, 2)), typed((9, 9)))  # 1 + 2 <= 3
    assert e.fumble and not e.passed and e.effects == ()
    log.push(e)
    assert not log.state.fighter("cy").dead and log.state.fighter("cy").wounds == 0


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_automatic_and_stepped_rounds_roll_the_same_killing_blow(seed: int) -> None:
    log = fight()
    expected, _ = auto_round(log.state, random.Random(seed))
    got, _steps = stepped_round(log.state, random.Random(seed))
    assert got == expected
    kill = [e for e in expected if isinstance(e, Check) and e.kind == "killing_blow"]
    # Bo (declared by the automatic round) attacked Ann, so Ann defended and rolled.
    assert len(kill) == 1 and kill[0].dice and kill[0].target == 15
