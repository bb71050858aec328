"""Automatic fighters spread over the enemies: nearest row first, then the least
engaged, deterministically (issue 12 item 5: 36 bandits all went for one PC)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from tests.rules.builders import BROAD_SWORD, SHORT_SWORD, classic, v08
from yags_desk.rules.combat.events import AddCombatant, Declare, Event, Initiative
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.roster import numbered_copies
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.combat.steps import Step, auto_events, next_step

PCS = ("Aldric", "Brenna", "Corwin", "Dagny")


def _board(edition: str, bandits: int, pc_rows: tuple[int, ...] = (0, 0, 0, 0),
           bandit_row: int = 0) -> CombatLog:
    if edition == "classic":
        bandit = classic("Bandit", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
        pcs = [classic(n, skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
               for n in PCS]
    else:
        bandit = v08("Bandit", skills={"Single weapon": 3}, weapons=(BROAD_SWORD,))
        pcs = [v08(n, skills={"Single weapon": 3}, weapons=(BROAD_SWORD,)) for n in PCS]
    roster = [AddCombatant(id=n.lower(), name=n, side="party", row=row, character=c)
              for n, c, row in zip(PCS, pcs, pc_rows, strict=True)]
    roster += numbered_copies(bandit, bandits, "bandits", row=bandit_row, existing=roster)
    log = CombatLog(edition, roster=roster)
    if edition == "0.8":
        for f in log.state.active():  # everybody equal: ties go to the stable order
            log.push(Initiative(id=f.id, dice=(10,), total=20))
    return log


def _declared(events: list[Event], state: CombatState) -> Counter[str]:
    """Each bandit's first target this round (later ones turn from a fallen foe)."""
    first: dict[str, str] = {}
    for e in events:
        if isinstance(e, Declare) and state.fighter(e.id).side == "bandits" and e.target:
            first.setdefault(e.id, e.target)
    return Counter(first.values())


def _auto_declarations(state: CombatState) -> list[Event]:
    if state.edition == "classic":
        events, _ = auto_round(state, random.Random(1))
    else:
        events = auto_round_v08(state, random.Random(1))
    return [e for e in events if isinstance(e, Declare)]


@pytest.mark.parametrize("edition", ["classic", "0.8"])
def test_thirty_six_bandits_spread_over_four_pcs(edition: str) -> None:
    log = _board(edition, 36)
    declared = _auto_declarations(log.state)
    counts = _declared(declared, log.state)
    assert set(counts) == {n.lower() for n in PCS}
    assert max(counts.values()) <= math.ceil(36 / 4) + 1
    # Deterministic: the same board gives the same targets.
    assert _auto_declarations(log.state) == declared


@pytest.mark.parametrize("edition", ["classic", "0.8"])
def test_stepped_declarations_spread_the_same_way(edition: str) -> None:
    log = _board(edition, 10)
    step = next_step(log.state)
    assert step.kind == "declare"
    stepped = auto_events(log.state, step, random.Random(1))
    counts = _declared(stepped, log.state)
    assert max(counts.values()) <= math.ceil(10 / 4) + 1
    assert stepped == _auto_declarations(log.state)[:len(stepped)]
    # The board's auto-resolve declares the NPCs alone: the same spread.
    npcs = tuple(f.id for f in log.state.active() if f.side == "bandits")
    alone = auto_events(log.state, Step("declare", npcs), random.Random(1))
    assert max(_declared(alone, log.state).values()) <= math.ceil(10 / 4) + 1


@pytest.mark.parametrize("edition", ["classic", "0.8"])
def test_the_nearest_row_comes_before_spreading(edition: str) -> None:
    # Aldric stands in the bandits' row 2, the others two rows away: all go for him.
    log = _board(edition, 8, pc_rows=(2, 0, 0, 0), bandit_row=2)
    counts = _declared(_auto_declarations(log.state), log.state)
    assert counts == Counter({"aldric": 8})
