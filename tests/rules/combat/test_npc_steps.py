"""The steps Auto-resolve plays by itself (issue 18: the board works them out while
the GM reads it): for NPCs alone they are the automatic round, event for event,
with the state after each; they stop before a player's step."""

from __future__ import annotations

import random

from benchmarks.bench_combat import big_fight
from benchmarks.bench_combat_v08 import melee
from yags_desk.rules.combat.events import AddCombatant
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.npc_steps import npc_steps
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.steps import next_step
from yags_desk.storage.encounter_file import Combatant, encounter_log, new_encounter


def _start(pcs: int = 0):  # type: ignore[no-untyped-def]
    adds = big_fight(6)
    return encounter_log(new_encounter("Test", "classic", tuple(
        Combatant(id=a.id, name=a.name, side=a.side, row=a.row,
                  character=a.character.model_copy(
                      update={"kind": "pc" if i < pcs else "npc"}))
        for i, a in enumerate(adds)))).state


def test_npcs_alone_play_the_automatic_round_with_the_same_dice() -> None:
    start = _start()
    expected, end = auto_round(start, random.Random(3))
    rng = random.Random(3)
    steps = list(npc_steps(start, rng))
    assert [e for s in steps for e in s.events] == expected
    assert steps[-1].ends_round and start.round + 1 == steps[-1].states[-1].round
    state = start
    for step in steps:  # each state is its event applied to the one before
        assert len(step.states) == len(step.events)
        for event, after in zip(step.events, step.states, strict=True):
            assert apply(state, event) == after
            state = after
    assert state == end
    rolled = random.Random(3)
    auto_round(start, rolled)
    assert rng.getstate() == rolled.getstate()  # the dice moved on as much


def test_they_stop_before_a_players_step() -> None:
    start = _start(pcs=1)
    steps = list(npc_steps(start, random.Random(3)))
    assert steps and not steps[-1].ends_round
    last = steps[-1].states[-1]
    step = next_step(last)
    pc = next(f.id for f in start.fighters.values() if f.character.kind == "pc")
    assert pc in step.fighters  # the player's declaration is asked of the GM


def test_in_0_8_npcs_alone_play_auto_round_v08_with_the_same_dice() -> None:
    log = CombatLog("0.8")
    for add in melee(8).events:  # eight 0.8 fighters a side, NPCs here
        assert isinstance(add, AddCombatant)
        log.push(add.model_copy(update={
            "character": add.character.model_copy(update={"kind": "npc"})}))
    start = log.state
    expected = auto_round_v08(start, random.Random(4))
    rng = random.Random(4)
    steps = list(npc_steps(start, rng))
    assert [e for s in steps for e in s.events] == expected
    assert steps[-1].ends_round
    rolled = random.Random(4)
    auto_round_v08(start, rolled)
    assert rng.getstate() == rolled.getstate()
