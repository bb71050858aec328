"""Benchmark: the combat engine (issue 3).

A round of 200 combatants played automatically; replaying an encounter of
5,000 events; undo at the end of a 5,000-event log; saving and loading it.
Run with ``python -m benchmarks.bench_combat`` or through ``benchmarks.run``.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from benchmarks.timing import best_ms
from yags_desk.rules.character import Character, Skill, default_attributes
from yags_desk.rules.combat.events import AddCombatant, Event
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.roster import numbered_copies
from yags_desk.rules.items import Weapon

__all__ = ["bench", "big_fight", "long_log"]


def _fighter(name: str, strength: int, dexterity: int) -> Character:
    attrs = default_attributes("classic") | {"strength": strength, "dexterity": dexterity,
                                              "stamina": 14}
    sword = Weapon(id="long-sword", name="Long sword", edition="classic", kind="melee",
                   init=6, attack=5, defence=5, damage=9, strength=12, load=4, skill="single")
    return Character(id=name.lower(), name=name, edition="classic", attributes=attrs,
                     skills=(Skill(name="Single weapon", value=100),), weapons=(sword,))


def big_fight(per_side: int = 100) -> list[AddCombatant]:
    """Two sides of ``per_side`` fighters in three rows each."""
    out: list[AddCombatant] = []
    for side, who in (("town", _fighter("Guard", 13, 12)), ("raiders", _fighter("Raider", 12, 13))):
        for row in range(3):
            n = per_side // 3 + (1 if row < per_side % 3 else 0)
            out.extend(numbered_copies(who, n, side, row + (0 if side == "town" else 1),
                                       existing=out, base_name=f"{who.name} r{row}"))
    return out


def long_log(events: int = 5_000, seed: int = 1) -> CombatLog:
    """A classic encounter played automatically until it holds ``events`` events."""
    rng = random.Random(seed)
    log = CombatLog("classic")
    while len(log.events) < events:
        if not any(f.can_act for f in log.state.active() if f.side == "town") or not any(
                f.can_act for f in log.state.active() if f.side == "raiders") or not len(
                log.events):
            for a in big_fight(20):
                log.push(a.model_copy(update={"id": f"{a.id}-{len(log.events)}"}))
        batch, _ = auto_round(log.state, rng)
        for e in batch:
            log.push(e)
    return log



def bench() -> list[tuple[str, float, str]]:
    start = CombatLog("classic", roster=big_fight(100)).state
    rng = random.Random(3)
    round_ms = best_ms(lambda: auto_round(start, rng), 3)
    n_events = len(auto_round(start, random.Random(3))[0])

    log = long_log()
    events: list[Event] = list(log.events)
    replay_ms = best_ms(lambda: CombatLog("classic", events), 3)

    def undo_redo() -> None:
        log.undo()
        log.redo()

    undo_ms = best_ms(undo_redo, 50)

    from yags_desk.storage.documents import read_document, write_document
    from yags_desk.storage.encounter_file import encounter_log, new_encounter

    encounter = new_encounter("Benchmark", "classic").model_copy(update={"events": log.events})
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "e.json"
        save_ms = best_ms(lambda: write_document(path, "encounter", encounter), 3)
        size_kb = path.stat().st_size / 1024

        def load() -> None:
            doc = read_document(path, "encounter")
            encounter_log(doc.model)  # type: ignore[arg-type]

        load_ms = best_ms(load, 3)
    return [
        (f"combat: one automatic round, 200 combatants ({n_events} events)", round_ms, "ms"),
        (f"combat: replay an encounter of {len(events)} events", replay_ms, "ms"),
        (f"combat: undo + redo at the end of {len(events)} events", undo_ms, "ms"),
        (f"combat: save {len(events)} events ({size_kb:.0f} KB)", save_ms, "ms"),
        (f"combat: load and replay {len(events)} events", load_ms, "ms"),
    ]


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name:<60} {value:10.2f} {unit}")
