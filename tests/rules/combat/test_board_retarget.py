"""Classic automatic play with battle board rows (RULES 1.5, 3.1): when a declared
target falls mid-round, an automatic fighter turns only to a foe its strike can
reach. Before, it was re-declared on the nearest foe even five rows away, the
reach check refused that declaration, and "run the round" stopped with an error."""

from __future__ import annotations

import random

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from tests.rules.combat.test_board_rows import BOARD, SWORD
from yags_desk.rules.combat.events import AddCombatant, Attack, Declare, EndRound, SetCondition
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.steps import auto_events, next_step


def _bo_falls_cid_far() -> CombatLog:
    """Ann (row 0) and Bo (row 1) declared on each other; Cid rests five rows
    from Ann; initiative rolled; then Bo drops unconscious."""
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    log = CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", row=0, character=ann),
        AddCombatant(id="bo", name="Bo", side="b", row=1, character=bo),
        AddCombatant(id="cid", name="Cid", side="b", row=5, character=bo)])
    log.push(BOARD)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(Declare(id="bo", action="attack", target="ann", style="Single weapon: Long sword"))
    log.push(Declare(id="cid", action="rest"))
    for e in auto_events(log.state, next_step(log.state), random.Random(1)):
        log.push(e)
    log.push(SetCondition(id="bo", condition="unconscious"))
    return log


def test_stepping_does_not_turn_to_a_foe_out_of_reach() -> None:
    log = _bo_falls_cid_far()
    step = next_step(log.state)
    assert (step.fighters, step.target, step.retarget) == (("ann",), "bo", None)
    events = auto_events(log.state, step, random.Random(1))
    for e in events:
        log.push(e)  # accepted by the rules
    assert [type(e) for e in events] == [Attack]


def test_automatic_round_finishes_when_the_nearest_foe_is_out_of_reach() -> None:
    log = _bo_falls_cid_far()
    events, _state = auto_round(log.state, random.Random(2))
    assert not any(isinstance(e, Declare) and e.target == "cid" for e in events)
    assert isinstance(events[-1], EndRound)
