"""Benchmark: an automatic round in the rules core at every size (issue 18).

Times are processor time (benchmarks.timing.best_cpu_ms), best of several runs.

The first automatic round of a fight of 200 fighters in each edition (goal
30 ms), and how the time per fighter grows from 100 to 800 fighters (goal: at
most x1.3, near linear). Then the third round of the same fights, the first in
which every conscious classic fighter rolls for fatigue at the end (RULES 1.7):
a round whose end of round grew with the square of the fighters until session 15.
Run with ``python -m benchmarks.bench_rounds`` or through ``benchmarks.run``.
"""

from __future__ import annotations

import random

from benchmarks.bench_combat import big_fight
from benchmarks.timing import best_cpu_ms
from yags_desk.rules.character import Character, Skill, default_attributes
from yags_desk.rules.combat.events import AddCombatant, Event
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.roster import numbered_copies
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.items import Weapon

__all__ = ["bench", "big_fight_v08", "round_ms"]

SIZES = (100, 200, 400, 800)
SWORD = Weapon(id="broad-sword", name="Broad sword", edition="0.8", kind="melee", attack=5,
               defence=3, damage=12, strength=3, load=1, classes=("single",))


def _fighter_v08(name: str, dexterity: int) -> Character:
    attrs = default_attributes("0.8") | {"dexterity": dexterity}
    return Character(id=name.lower(), name=name, edition="0.8", attributes=attrs,
                     skills=(Skill(name="Single weapon", value=4),), weapons=(SWORD,))


def big_fight_v08(per_side: int = 100) -> list[AddCombatant]:
    """Two 0.8 sides of ``per_side`` fighters in three rows each."""
    out: list[AddCombatant] = []
    for side, who in (("town", _fighter_v08("Guard", 4)), ("raiders", _fighter_v08("Raider", 3))):
        for row in range(3):
            n = per_side // 3 + (1 if row < per_side % 3 else 0)
            out.extend(numbered_copies(who, n, side, row + (0 if side == "town" else 1),
                                       existing=out, base_name=f"{who.name} r{row}"))
    return out


def _start(edition: str, fighters: int) -> CombatState:
    if edition == "classic":
        return CombatLog("classic", roster=big_fight(fighters // 2)).state
    return CombatLog("0.8", roster=big_fight_v08(fighters // 2)).state


def round_ms(edition: str, fighters: int, repeats: int = 3) -> tuple[float, int]:
    """Best time of the first automatic round of ``fighters``, and its events."""
    start = _start(edition, fighters)
    if edition == "classic":
        n = len(auto_round(start, random.Random(3))[0])
        return best_cpu_ms(lambda: auto_round(start, random.Random(3)), repeats), n
    n = len(auto_round_v08(start, random.Random(3)))
    return best_cpu_ms(lambda: auto_round_v08(start, random.Random(3)), repeats), n


def _round(edition: str, state: CombatState, rng: random.Random) -> list[Event]:
    if edition == "classic":
        return auto_round(state, rng)[0]
    return auto_round_v08(state, rng)


def third_round_ms(edition: str, fighters: int, repeats: int = 3) -> tuple[float, int]:
    """Best time of the third automatic round of ``fighters`` (the first two played
    untimed), and its events."""
    state = _start(edition, fighters)
    for seed in (3, 4):
        for e in _round(edition, state, random.Random(seed)):
            state = apply(state, e)
    n = len(_round(edition, state, random.Random(5)))
    return best_cpu_ms(lambda: _round(edition, state, random.Random(5)), repeats), n


def bench() -> list[tuple[str, float, str]]:
    out: list[tuple[str, float, str]] = []
    for edition in ("classic", "0.8"):
        per_fighter: dict[int, float] = {}
        for size in SIZES:
            ms, events = round_ms(edition, size, 5 if size <= 400 else 3)
            per_fighter[size] = ms / size
            if size == 200:
                out.append((f"{edition} automatic round, 200 fighters ({events} events; "
                            "goal 30 ms)", ms, "ms"))
                out.append((f"{edition} automatic round, 200 fighters, against the goal",
                            ms / 30, "x"))
            out.append((f"{edition} automatic round, {size} fighters, per fighter",
                        per_fighter[size] * 1000, "us"))
        out.append((f"{edition} round growth per fighter 100 -> 800 (goal x1.3)",
                    per_fighter[800] / per_fighter[100], "x"))
        third: dict[int, float] = {}
        for size in (100, 200, 800):
            ms, events = third_round_ms(edition, size)
            third[size] = ms / size
            if size == 200:
                out.append((f"{edition} third automatic round (fatigue), 200 fighters "
                            f"({events} events)", ms, "ms"))
        out.append((f"{edition} third round growth per fighter 100 -> 800",
                    third[800] / third[100], "x"))
    return out


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}", flush=True)
