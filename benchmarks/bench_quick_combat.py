"""Benchmark: one quick-combat turn of 10,000 and of 100,000 figures a side (RULES 1.12).

Each figure rolls its own d10 (counts are kept, not one object per figure).
Run with ``python -m benchmarks.bench_quick_combat`` or as a script.
"""

from __future__ import annotations

import random

from benchmarks.timing import best_ms
from yags_desk.rules.quick_combat import (
    Battle,
    BattleState,
    Group,
    Leader,
    Side,
    resolve_turn,
    run_battle,
)

__all__ = ["bench", "big_battle"]

FIGURES = 10_000


def big_battle(figures: int = FIGURES) -> Battle:
    """The source's spearmen and swordsmen, ``figures`` a side, both led."""
    return Battle(
        name="Benchmark", edition="classic",
        sides=(
            Side(name="Town", leader=Leader(name="Aldo", intelligence=12, battle=50), groups=[
                Group(name="Spearmen", count=figures, initiative=20, attack=15, defence=22,
                      damage=18, soak=12)]),
            Side(name="Raiders", leader=Leader(name="Brun", intelligence=11, battle=40), groups=[
                Group(name="Swordsmen", count=figures, initiative=18, attack=20, defence=25,
                      damage=20, soak=12)]),
        ),
    )



def bench() -> list[tuple[str, float, str]]:
    """Rows of (what, milliseconds, unit note); best of several runs."""
    battle = big_battle()
    state = BattleState.start(battle)
    rng = random.Random(1)
    turn_ms = best_ms(lambda: resolve_turn(state, rng), 7)
    huge = BattleState.start(big_battle(100_000))
    huge_ms = best_ms(lambda: resolve_turn(huge, rng), 5)
    battle_ms = best_ms(lambda: run_battle(big_battle(1_000), rng), 3)
    return [
        ("quick combat: one turn, 10,000 v 10,000 (best of 7)", turn_ms, "ms"),
        ("quick combat: one turn, 100,000 v 100,000 (best of 5; goal <= 50)", huge_ms, "ms"),
        ("quick combat: whole battle, 1,000 v 1,000 (best of 3)", battle_ms, "ms"),
    ]


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name:<45} {value:10.2f} {unit}")
