"""Benchmark: the encounter summary of a 50-combatant fight as a PDF (issue 6).

Twenty-five sample characters a side (the party and copies of the sample
NPCs), before the fight and after ten automatic rounds; median time of
building the HTML and writing the PDF, and the page count. Run with
``python -m benchmarks.bench_printing`` or through ``benchmarks.run``.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from yags_desk.rules.character import Character
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Combatant, Encounter, encounter_log, new_encounter
from yags_desk.storage.paths import resource_dir

__all__ = ["bench", "big_encounter"]

PER_SIDE = 25
ROUNDS = 10
REPEATS = 5


def _character(name: str) -> Character:
    path = resource_dir() / "sample_library" / "characters" / f"{name}.json"
    model = read_document(path, "character").model
    assert isinstance(model, Character)
    return model


def big_encounter(per_side: int = PER_SIDE, rounds: int = ROUNDS, seed: int = 4) -> Encounter:
    """``per_side`` fighters a side in three rows, ``rounds`` automatic rounds played."""
    town = ["aldric", "elin", "mira", "torvald", "knight", "guard", "archer"]
    raiders = ["bandit", "wolf", "berserker"]
    combatants: list[Combatant] = []
    for side, names, first_row in (("Town", town, 0), ("Raiders", raiders, 1)):
        for i in range(per_side):
            c = _character(names[i % len(names)])
            combatants.append(Combatant(id=f"{side.lower()}-{i}", name=f"{c.name} {i + 1}",
                                        side=side, row=first_row + i % 3, character=c))
    enc = new_encounter("Benchmark: the ford", "classic", tuple(combatants))
    log = encounter_log(enc)
    rng = random.Random(seed)
    for _ in range(rounds):
        for event in auto_round(log.state, rng)[0]:
            log.push(event)
    return enc.model_copy(update={"events": log.events})


def _median_ms(action: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median wall-clock and median processor time of ``repeats`` runs, in ms (the
    processor time leaves out waiting for one of a shared machine's cores)."""
    times, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times) * 1000, statistics.median(cpu) * 1000


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from yags_desk.printing import encounter_after, encounter_before
    from yags_desk.qt.printing.render import ensure_gui_app, render_pdf

    ensure_gui_app()
    enc = big_encounter()
    n = len(enc.combatants)
    out: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, build in (("before the fight", encounter_before),
                             (f"after {ROUNDS} rounds ({len(enc.events)} events)",
                              encounter_after)):
            path = Path(tmp) / "summary.pdf"
            pages = 0

            def run(build: Callable[[Encounter], str] = build, path: Path = path) -> None:
                nonlocal pages
                pages = render_pdf(build(enc), path, "a4")

            ms, cpu_ms = _median_ms(run, REPEATS)
            out.append((f"printing: {n}-combatant summary {label}, median", ms, "ms"))
            out.append((f"printing: {n}-combatant summary {label}, median processor time",
                        cpu_ms, "ms"))
            out.append((f"printing: {n}-combatant summary {label}, pages", float(pages),
                        "pages"))
    return out


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name:<70} {value:10.2f} {unit}")
