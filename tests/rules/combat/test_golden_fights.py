"""Large automatic fights give exactly the events, log sentences, final state and
undo they gave before the engine was made faster (issue 18 item 2).

Each digest below was computed on the code before the speed work (and is the
same on the code of 6ef4af6, before this session's optional rules); any change in
what a GM sees (an event, a dice roll consumed differently, a sentence of the
log, a fighter's final wounds or conditions, the state after undo) changes it.
Fighters are mixed (weapons, shields, minor NPCs, rows, a removal, a minor rule
switched mid-fight) so the indexes the engine keeps are exercised.

Events, declarations and options are dumped without their default values, so a
new optional rule's field (off by default) leaves the digests alone; a change in
what the fights do does not.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from tests.rules.builders import fight_kinds
from yags_desk.rules.combat.events import AddCombatant, Event, RemoveCombatant, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.roster import numbered_copies
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.combat.steps import auto_events, fight_over, next_step
from yags_desk.rules.editions import Edition

_FIELDS = ("name", "side", "row", "minor", "wounds", "levels_beyond", "stuns",
           "fatigue_short", "fatigue_long", "initiative", "tiebreak", "conditions", "removed",
           "berserk_total", "fatal_round", "good_success", "tended", "dying_since",
           "fatigue_checks", "weapons_state", "attacked", "countered", "defence", "defended",
           "checks_done", "defending", "counter_due", "acts_normally", "rerolled")


def _state_text(s: CombatState) -> str:
    options = s.options.model_dump_json(exclude_defaults=True)
    rows = [f"{s.round} {s.last_attack} {s.pending} {options}"]
    for fid, f in s.fighters.items():
        d = f.declaration.model_dump_json(exclude_defaults=True) if f.declaration else ""
        rows.append(f"{fid} {[getattr(f, n) for n in _FIELDS]} {d} {f.dying}")
    return "\n".join(rows)


def _digest(log: CombatLog) -> str:
    h = hashlib.sha256()
    for i, e in enumerate(log.events):
        h.update(e.model_dump_json(exclude_defaults=True).encode())
        h.update(describe(e, log.state_before(i), log.state_before(i + 1)).encode())
    h.update(_state_text(log.state).encode())
    for _ in range(min(40, len(log.events))):  # undo goes back through the same states
        log.undo()
    h.update(_state_text(log.state).encode())
    return h.hexdigest()[:16]


def _roster(edition: Edition, per_side: int) -> list[AddCombatant]:
    kinds = fight_kinds(edition)
    out: list[AddCombatant] = []
    for side, first_row in (("town", 0), ("raiders", 1)):
        for i in range(per_side):
            who = kinds[(i + (side == "raiders")) % len(kinds)]
            row = first_row + i % 3
            add = numbered_copies(who, 1, side, row, existing=out,
                                  base_name=f"{who.name} {side[0]}{i}")[0]
            out.append(add.model_copy(update={"minor": i % 5 == 4}))
    return out


def _rounds(edition: Edition, per_side: int, seed: int, rounds: int) -> CombatLog:
    log = CombatLog(edition, roster=_roster(edition, per_side))
    rng = random.Random(seed)
    for n in range(rounds):
        if fight_over(log.state):
            break
        if n == 2:
            log.push(RemoveCombatant(id=next(iter(log.state.fighters))))
        if n == 3:
            option = ("minor_npcs_drop_at_critical" if edition == "classic"
                      else "v08_old_wound_penalties")
            log.push(SetOption(option=option, value=True))
        batch: list[Event] = (auto_round(log.state, rng)[0] if edition == "classic"
                              else auto_round_v08(log.state, rng))
        for e in batch:
            log.push(e)
    return log


def _stepped(edition: Edition, per_side: int, seed: int, limit: int) -> CombatLog:
    log = CombatLog(edition, roster=_roster(edition, per_side))
    rng = random.Random(seed)
    while len(log.events) < limit and not fight_over(log.state):
        for e in auto_events(log.state, next_step(log.state), rng):
            log.push(e)
    return log


def _check(make: Callable[[], CombatLog], expected: str) -> None:
    log = make()
    assert len(log.events) > 100
    assert _digest(log) == expected


def test_classic_automatic_rounds_unchanged() -> None:
    _check(lambda: _rounds("classic", 40, 18, 12), "e774fd31ed0e51d3")


def test_v08_automatic_rounds_unchanged() -> None:
    _check(lambda: _rounds("0.8", 40, 18, 12), "d90227e90ed6239c")


def test_classic_board_steps_unchanged() -> None:
    _check(lambda: _stepped("classic", 25, 5, 1500), "b2d926c7c181a717")


def test_v08_board_steps_unchanged() -> None:
    _check(lambda: _stepped("0.8", 25, 5, 1500), "1ea6b2b77317164f")
