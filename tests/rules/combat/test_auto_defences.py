"""An automatic 0.8 attack declares no defence for a fighter who may declare none
((Agility + Perception) / 2 rounded up is 0, RULES 2): declaring the usual one
was refused, and Auto-resolve stopped on that fighter (found by a random fight
with extreme characters, session 12)."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import BROAD_SWORD, v08
from yags_desk.rules.combat.events import AddCombatant
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.steps import auto_events, next_step


def _log() -> CombatLog:
    blank = v08("Blank", {"Single weapon": 4}, agility=0, perception=0,
                weapons=(BROAD_SWORD,))
    guard = v08("Guard", {"Single weapon": 4}, weapons=(BROAD_SWORD,))
    return CombatLog("0.8", roster=[
        AddCombatant(id="blank", name="Blank", side="a", row=0, character=blank),
        AddCombatant(id="guard", name="Guard", side="b", row=0, character=guard)])


def test_the_round_declares_no_defence_for_a_fighter_allowed_none() -> None:
    log = _log()
    assert log.state.fighter("blank").derived(log.state.options).max_defences.total == 0
    for event in auto_round_v08(log.state, random.Random(1)):
        log.push(event)
    declared = {e.id: e.defences for e in log.events if type(e).__name__ == "Declare"}
    assert declared == {"blank": 0, "guard": 1}


@pytest.mark.parametrize("seed", range(3))
def test_the_boards_steps_declare_the_same(seed: int) -> None:
    log = _log()
    rng = random.Random(seed)
    declared: dict[str, int | None] = {}
    for _ in range(40):
        events = auto_events(log.state, next_step(log.state), rng)
        for event in events:
            if type(event).__name__ == "Declare":
                declared.setdefault(event.id, event.defences)  # type: ignore[attr-defined]
            log.push(event)
        if len(declared) == 2:
            break
    assert declared == {"blank": 0, "guard": 1}
