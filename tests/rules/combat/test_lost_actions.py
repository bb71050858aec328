"""A declared attack whose target fell before the attacker acted is logged as lost
(RULES 1.5, RULES 2), in automatic and stepped rounds alike (issue 12 item 5)."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import SHORT_SWORD, classic
from tests.rules.combat.v08_setup import BRENNA, ORC
from tests.rules.combat.v08_setup import SWORD as V08_SWORD
from yags_desk.rules.combat.events import (
    ActionLost,
    AddCombatant,
    Attack,
    Declare,
    Event,
    Initiative,
    RemoveCombatant,
    SetCondition,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round, make_initiative
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.combat.steps import auto_events, next_step
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

SWORD = "Single weapon: Short sword"


def _classic_log() -> CombatLog:
    def fighter(fid: str, name: str, side: str) -> AddCombatant:
        return AddCombatant(id=fid, name=name, side=side, character=classic(
            name, strength=12, skills={"Single weapon": 100}, weapons=(SHORT_SWORD,)))
    log = CombatLog("classic", roster=[fighter("bandit3", "Bandit 3", "bandits"),
                                       fighter("torvald", "Torvald", "party"),
                                       fighter("ulla", "Ulla", "party")])
    log.push(Declare(id="bandit3", target="torvald", style=SWORD))
    log.push(Declare(id="torvald", action="wait"))
    log.push(Declare(id="ulla", action="wait"))
    log.push(make_initiative(log.state, "bandit3", typed((9, 8))))
    return log


def _stepped(state: CombatState, rng: random.Random) -> list[Event]:
    out: list[Event] = []
    while True:
        step = next_step(state)
        for e in auto_events(state, step, rng):
            state = apply(state, e)
            out.append(e)
        if step.kind == "end_round":
            return out


def _sentences(state: CombatState, events: list[Event]) -> list[str]:
    out = []
    for e in events:
        after = apply(state, e)
        out.append(describe(e, state, after))
        state = after
    return out


@pytest.mark.parametrize(("fall", "why"), [
    (SetCondition(id="torvald", condition="dead"), "Torvald is dead"),
    (RemoveCombatant(id="torvald"), "Torvald is no longer in the fight"),
])
def test_classic_attack_on_a_fallen_target_is_logged_as_lost(fall: Event, why: str) -> None:
    log = _classic_log()
    log.push(fall)
    step = next_step(log.state)
    assert (step.kind, step.action, step.fighter, step.target) == (
        "action", "lost", "bandit3", "torvald")
    assert step.describe(log.state) == f"Bandit 3's attack on Torvald is lost: {why}"
    auto, _ = auto_round(log.state, random.Random(5))
    stepped = _stepped(log.state, random.Random(5))
    assert auto == stepped
    lost = [e for e in auto if isinstance(e, ActionLost)]
    assert len(lost) == 1 and not any(isinstance(e, Attack) for e in auto)
    assert f"Bandit 3's attack on Torvald is lost: {why}." in _sentences(log.state, auto)


def test_v08_attack_on_an_unconscious_target_is_logged_as_lost() -> None:
    log = CombatLog("0.8", roster=[BRENNA, ORC])
    log.push(Initiative(id="brenna", dice=(14,), total=30))
    log.push(Initiative(id="orc", dice=(8,), total=20))
    log.push(Declare(id="orc", action="attack", target="brenna", style="Brawl: Dagger",
                     defences=1))
    log.push(Declare(id="brenna", action="attack", target="orc", style=V08_SWORD,
                     defences=1))
    log.push(SetCondition(id="orc", condition="unconscious"))
    auto = auto_round_v08(log.state, random.Random(3))
    assert auto == _stepped(log.state, random.Random(3))
    assert [e.reason for e in auto if isinstance(e, ActionLost)] == ["unconscious"]
    assert "Brenna's attack on Orc is lost: Orc is unconscious." in _sentences(log.state, auto)


def test_a_lost_action_spends_the_round_and_needs_a_fallen_target() -> None:
    log = _classic_log()
    from yags_desk.rules.combat.lost import lose_action

    with pytest.raises(RulesError, match="still stands"):
        lose_action(log.state, "bandit3")
    log.push(SetCondition(id="torvald", condition="dead"))
    log.push(lose_action(log.state, "bandit3"))
    assert log.state.fighter("bandit3").attacked
    with pytest.raises(RulesError, match="already acted"):
        log.push(lose_action(log.state, "bandit3"))
