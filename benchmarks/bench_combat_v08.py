"""Benchmark: automatic 0.8 rounds and the declared-attack odds (RULES 2).

Six fighters (three a side) fight ten automatic rounds through a CombatLog; the
odds of a declared attack are what the battle board refreshes while the GM
edits a modifier. Run with ``python -m benchmarks.bench_combat_v08``.
"""

from __future__ import annotations

import random

from benchmarks.timing import best_ms
from yags_desk.rules.character import Character, Skill, default_attributes
from yags_desk.rules.combat.events import AddCombatant, Declare, Override
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.items import Weapon

__all__ = ["bench", "melee"]

ROUNDS = 10
SWORD = Weapon(id="broad-sword", name="Broad sword", edition="0.8", kind="melee", attack=5,
               defence=3, damage=12, strength=3, load=1, classes=("single",))


def _fighter(name: str) -> Character:
    attrs = default_attributes("0.8")
    attrs["dexterity"] = 4
    return Character(name=name, edition="0.8", attributes=attrs,
                     skills=(Skill(name="Single weapon", value=4),), weapons=(SWORD,))


def melee(per_side: int = 3) -> CombatLog:
    log = CombatLog("0.8")
    for side in ("a", "b"):
        for i in range(per_side):
            fid = f"{side}{i}"
            log.push(AddCombatant(id=fid, name=fid.upper(), side=side, row=i,
                                  character=_fighter(fid)))
    return log



def _fight() -> None:
    log = melee()
    rng = random.Random(1)
    for _ in range(ROUNDS):
        for e in auto_round_v08(log.state, rng):
            log.push(e)


def _odds_log(zero: bool) -> CombatLog:
    log = melee(1)
    for e in auto_round_v08(log.state, random.Random(2))[:2]:  # the two initiatives
        log.push(e)
    log.push(Declare(id="a0", action="attack", target="b0", style="Single weapon: Broad sword",
                     defences=1))
    if zero:
        log.push(Override(id="a0", field="initiative", value=0, reason="benchmark"))
    return log


def bench() -> list[tuple[str, float, str]]:
    plain, halved = _odds_log(False), _odds_log(True)
    return [
        (f"0.8 automatic melee, 6 fighters, {ROUNDS} rounds", best_ms(_fight, 3), "ms"),
        ("0.8 declared attack odds", best_ms(
            lambda: declared_attack_odds_v08(plain.state, "a0"), 50), "ms"),
        ("0.8 declared attack odds at initiative 0", best_ms(
            lambda: declared_attack_odds_v08(halved.state, "a0"), 50), "ms"),
    ]


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
