"""A small 0.8 fight for the 0.8 combat tests, with its numbers worked by hand.

Brenna: Dexterity 4, Single weapon 4, Broad sword (+5 / +3 / +12, RULES 2 equipment):
attack 4 x 4 + 5 = 21, defence 16 + 3 = 19, damage Strength 3 + 12 = 15, soak 12,
Intelligence 4 (initiative 16 + d20).
Orc: Strength 4, Agility 3, Brawl 3, Dagger (+2 / +2 / +4, mixed): "Brawl: Dagger"
attack 3 x 3 + 2 = 11, defence 11, damage 4 + 4 = 8; unarmed "Brawl" 9 / 9 / 4 stuns.
Bandit: Dexterity 3, Single weapon 3, Broad sword: attack 14, defence 12, damage 15.
Everyone: Health 3 (Health checks 12 + d20), Agility + Perception 3 + 3: at most
3 defences, Move 12 (Orc 13).
"""

from __future__ import annotations

from tests.rules.builders import BROAD_SWORD, V08_DAGGER, v08
from yags_desk.rules.combat.attack_v08 import AttackDiceV08
from yags_desk.rules.combat.events import AddCombatant, Declare, Initiative
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import d20_from_typed

SWORD = "Single weapon: Broad sword"
DAGGER = "Brawl: Dagger"

BRENNA = AddCombatant(id="brenna", name="Brenna", side="party", row=1, character=v08(
    "Brenna", dexterity=4, intelligence=4, skills={"Single weapon": 4, "Brawl": 2},
    weapons=(BROAD_SWORD,)))
ORC = AddCombatant(id="orc", name="Orc", side="orcs", row=2, character=v08(
    "Orc", strength=4, skills={"Brawl": 3}, weapons=(V08_DAGGER,)))
BANDIT = AddCombatant(id="bandit", name="Bandit", side="orcs", row=3, character=v08(
    "Bandit", skills={"Single weapon": 3}, weapons=(BROAD_SWORD,)))


def fight(*, bandit: bool = False, initiative: tuple[int, int, int] = (30, 20, 15)) -> CombatLog:
    """Brenna against the Orc (and the Bandit), initiative rolled (Brenna highest)."""
    log = CombatLog("0.8")
    log.push(BRENNA)
    log.push(ORC)
    if bandit:
        log.push(BANDIT)
    log.push(Initiative(id="brenna", dice=(initiative[0] - 16,), total=initiative[0]))
    log.push(Initiative(id="orc", dice=(initiative[1] - 12,), total=initiative[1]))
    if bandit:
        log.push(Initiative(id="bandit", dice=(initiative[2] - 12,), total=initiative[2]))
    return log


def declare(log: CombatLog, fid: str, target: str, style: str, defences: int | None = 1,
            **kw: object) -> None:
    log.push(Declare(id=fid, action="attack", target=target, style=style, defences=defences,
                     **kw))  # type: ignore[arg-type]


def dice(attack: int, defence: int | None, damage: int = 10) -> AttackDiceV08:
    return AttackDiceV08(d20_from_typed(attack),
                         None if defence is None else d20_from_typed(defence),
                         d20_from_typed(damage))


def last_sentence(log: CombatLog) -> str:
    n = len(log.events) - 1
    return describe(log.events[n], log.state_before(n), log.state)
