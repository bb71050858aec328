"""0.8 rules the core used to leave out (issue 14 item 4), each in a scripted
fight with typed d20s; the numbers are worked out here from RULES 2 and
``reference/yags-0.8/combat/combat-melee.yags``.

Giant: Strength 4, Dexterity 3, Great weapon 3, Great sword (+8 / +4 / +16,
Strength 6, two-handed, heavy). Two hands make its Strength count as 4 + 2 = 6
and the Great weapon skill lowers the need to 4: no penalty.
Attack 3 x 3 + 8 = 17; damage twice Strength 2 x 4 + 16 = 24.
The Orc (soak 12, Agility 3, Brawl 3, dagger) declares no defence against it,
so it faces the passive 15.
"""

from __future__ import annotations

from tests.rules.builders import GREAT_SWORD, V08_DAGGER, v08
from tests.rules.combat.v08_setup import dice
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, Initiative
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08

GREAT = "Great weapon: Great sword"


def giant_fight(orc_character: object = None) -> CombatLog:
    log = CombatLog("0.8")
    log.push(AddCombatant(id="giant", name="Giant", side="party", row=1, character=v08(
        "Giant", strength=4, dexterity=3, skills={"Great weapon": 3},
        weapons=(GREAT_SWORD,))))
    log.push(AddCombatant(id="orc", name="Orc", side="orcs", row=2, character=(
        orc_character or v08("Orc", skills={"Brawl": 3}, weapons=(V08_DAGGER,)))))
    log.push(Initiative(id="giant", dice=(10,), total=22))
    log.push(Initiative(id="orc", dice=(5,), total=17))
    log.push(Declare(id="orc", action="attack", target="giant", style="Brawl: Dagger",
                     defences=0))
    log.push(Declare(id="giant", action="attack", target="orc", style=GREAT, defences=1))
    return log


def test_two_handed_weapon_adds_twice_strength_to_damage() -> None:
    log = giant_fight()
    style = log.state.fighter("giant").derived(log.state.options).style(GREAT)
    assert style.damage.total == 2 * 4 + 16
    # 17 + 10 = 27 against the passive 15; damage 24 + 5 = 29 - 12 = 17 -> 1 + 3 = 4
    e = resolve_attack_v08(log.state, "giant", "orc", dice(10, None, 5))
    assert (e.attack_total, e.defence_total, e.damage_total, e.soak, e.levels) == (
        27, 15, 29, 12, 4)
    log.push(e)
    assert log.state.fighter("orc").wounds == 4


def test_odds_of_a_two_handed_blow_count_twice_strength() -> None:
    odds = declared_attack_odds_v08(giant_fight().state, "giant")
    # Every face but the fumbling 1 hits (17 + 2 >= 15). Net damage 12 + d20:
    # 13-14 -> 3 levels, 15-19 -> 4, 20-24 -> 5, 25-29 -> 6, 30-32 -> 7+.
    hit = 19 / 20
    expected = {"3": 2, "4": 5, "5": 5, "6": 5, "7+": 3}
    for key, faces in expected.items():
        assert abs(odds.outcomes[key] - hit * faces / 20) < 1e-9, key
    assert odds.outcomes["2"] == 0
