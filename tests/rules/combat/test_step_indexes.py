"""next_step and the end-of-round checks answer from indexes the fighter map keeps
(issue 18): over whole fights of both editions, each answer equals the one worked
out from a map without indexes (a scan of every fighter), also for states asked
again after later ones (undo), so an index gone stale fails here. So does whom each
fighter would attack (targets.spread_target's index against its scan)."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import SHORT_SWORD, classic
from tests.rules.combat.test_steps import classic_melee, v08_melee
from yags_desk.rules.combat.due import (
    end_of_round_due,
    end_of_round_due_plain,
    first_end_of_round_due,
)
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    Initiative,
    Override,
    SetCondition,
)
from yags_desk.rules.combat.fighter_map import FighterMap
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import _least_hurt, nearest_enemy, next_action
from yags_desk.rules.combat.procedure_v08 import _first_to_act
from yags_desk.rules.combat.procedure_v08 import nearest_enemy as nearest_enemy_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState, replace
from yags_desk.rules.combat.steps import auto_events, fight_over, next_step
from yags_desk.rules.combat.targets import spread_target


def _plain(state: CombatState) -> CombatState:
    """``state`` with a fresh map of its fighters: every index built from scratch."""
    return replace(state, fighters=FighterMap().updated(state.fighters.values()))


KILL_SWORD = "Single weapon: Short sword"


def kill_fight() -> CombatLog:
    def man(fid: str, side: str) -> AddCombatant:
        return AddCombatant(id=fid, name=fid.capitalize(), side=side, character=classic(
            fid.capitalize(), skills={"Single weapon": 100}, weapons=(SHORT_SWORD,)))
    return CombatLog("classic", roster=[man("ann", "a"), man("bo", "b"), man("cy", "b")])


def _same_answers(state: CombatState) -> None:
    plain = _plain(state)
    due = end_of_round_due_plain(plain)
    assert end_of_round_due(state) == due
    assert first_end_of_round_due(state) == (due[0] if due else None)
    assert next_step(state) == next_step(plain)
    # Whom each fighter would attack, from the index (targets._Spread) and by a scan.
    for f in state.active():
        if state.edition == "classic":
            assert nearest_enemy(state, f) == spread_target(state, f, _least_hurt)
        else:
            assert nearest_enemy_v08(state, f.id) == spread_target(state, f, _first_to_act)


def _play(log: CombatLog, seed: int, rounds: int) -> int:
    rng = random.Random(seed)
    start, steps = log.state.round, 0
    while log.state.round < start + rounds and not fight_over(log.state):
        state = log.state
        _same_answers(state)
        for e in auto_events(state, next_step(state), rng):
            log.push(e)
        steps += 1
    return steps


@pytest.mark.parametrize("edition", ["classic", "0.8"])
@pytest.mark.parametrize("seed", [1, 7])
def test_next_step_answers_as_worked_out_from_every_fighter(edition: str, seed: int) -> None:
    log = classic_melee(4) if edition == "classic" else v08_melee(4)
    assert _play(log, seed, rounds=40) > 20
    # Undo: earlier states asked again after the later ones took the indexes on.
    for i in range(log.count, 0, -max(1, log.count // 25)):
        _same_answers(log.state_before(i))


def test_end_of_round_checks_follow_each_check_made() -> None:
    """A fatigue round (round 3) owes a check per conscious fighter: each one rolled
    leaves the list, the next step asks the next in board order."""
    log = classic_melee(4)
    rng = random.Random(3)
    seen: list[str] = []
    while log.state.round < 4 and not fight_over(log.state):
        state = log.state
        _same_answers(state)
        step = next_step(state)
        if step.kind == "end_check" and state.round == 3:
            assert step.pending is not None
            seen.append(step.pending.kind)
        for e in auto_events(state, step, rng):
            log.push(e)
    assert "fatigue" in seen


@pytest.mark.parametrize("edition", ["classic", "0.8"])
@pytest.mark.parametrize("seed", [2, 5])
def test_indexes_asked_after_several_changes_answer_as_a_scan(edition: str, seed: int) -> None:
    """The indexes take in changed fighters when asked (issue 18): replaying a fight
    and asking only every few events, so several changes of the same fighters pile
    up between two questions, gives the answers of a scan every time."""
    log = classic_melee(4) if edition == "classic" else v08_melee(4)
    _play(log, seed, rounds=12)
    rng = random.Random(seed)
    state = _plain(log.state_before(0))  # the roster, with no index yet
    asked = 0
    for i, e in enumerate(log.events):
        state = apply(state, e)
        if i > 8 and rng.random() < 0.3:
            _same_answers(state)
            asked += 1
    assert asked > 10


def test_a_killing_blow_declared_after_the_index_was_asked_is_due() -> None:
    """The end-of-round index, asked before a fighter declares a killing blow in the
    same round, lists it afterwards (RULES 1.6), as a scan does."""
    log = kill_fight()
    log.push(SetCondition(id="cy", condition="unconscious"))
    assert end_of_round_due(log.state) == end_of_round_due_plain(log.state) == []
    log.push(Declare(id="ann", action="kill_helpless", target="cy", style=KILL_SWORD))
    due = end_of_round_due(log.state)
    assert due == end_of_round_due_plain(_plain(log.state))
    assert [p.kind for p in due] == ["killing_blow"]


def test_an_initiative_changed_after_the_order_was_asked_moves_the_fighter() -> None:
    """The classic action queue, asked before the GM overrides an initiative in the
    same round, puts the fighter in its new place (RULES 1.5), as a scan does."""
    log = kill_fight()
    log.push(Declare(id="ann", action="attack", target="bo", style=KILL_SWORD))
    log.push(Declare(id="bo", action="attack", target="ann", style=KILL_SWORD))
    log.push(Initiative(id="ann", total=20))
    log.push(Initiative(id="bo", total=10))
    assert next_action(log.state) == next_action(_plain(log.state))
    assert next_action(log.state).fighter == "ann"
    log.push(Override(id="bo", field="initiative", value=30, reason="test"))
    assert next_action(log.state) == next_action(_plain(log.state))
    assert next_action(log.state).fighter == "bo"
