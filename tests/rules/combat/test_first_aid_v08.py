"""0.8 first aid during a fight (issue 14 item 4; RULES 2, combat-wounds.yags
"First aid"): the same die gives the same total, target and result on the
board as in the healing record, a good success heals a wound, each level of
success a stun, each is tended once, and the dying rolls stop."""

from __future__ import annotations

import pytest

from tests.rules.builders import BROAD_SWORD, v08
from yags_desk.rules.combat.events import AddCombatant
from yags_desk.rules.combat.first_aid_v08 import first_aid_patient, first_aid_v08
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import d20_from_typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.clock import GameTime
from yags_desk.rules.healing.v08_rolls import v08_first_aid


def fight(wounds: int = 3, stuns: int = 0) -> CombatLog:
    # Brenna: 3 wounds is Medium (-6, RULES 2). Sister: Intelligence 4 x First aid 3 = 12.
    brenna = v08("Brenna", skills={"Single weapon": 4}, weapons=(BROAD_SWORD,),
                 wounds=wounds, stuns=stuns)
    sister = v08("Sister", intelligence=4, skills={"First aid": 3})
    orc = v08("Orc", skills={"Brawl": 3})
    return CombatLog("0.8", roster=[
        AddCombatant(id="brenna", name="Brenna", side="party", character=brenna),
        AddCombatant(id="sister", name="Sister", side="party", character=sister),
        AddCombatant(id="orc", name="Orc", side="orcs", character=orc)])


@pytest.mark.parametrize("die,passed,healed", [(1, False, 0), (10, True, 0), (11, True, 1)])
def test_first_aid_on_wounds_numbers_from_the_rules(die: int, passed: bool, healed: int) -> None:
    log = fight()
    e = first_aid_v08(log.state, "sister", "brenna", d20_from_typed(die))
    # 12 + die against 10 + half of Medium's 6 = 13; a natural 1 fumbles; beating the
    # target by 10 (23) is a good success and heals one wound.
    assert (e.total, e.target, e.passed) == (12 + die, 13, passed)
    before = log.state
    log.push(e)
    b = log.state.fighter("brenna")
    assert (b.wounds, b.tended) == (3 - healed, passed)
    said = describe(e, before, log.state)
    assert said.startswith(f"Sister's first aid: {12 + die} against 13 (Brenna)")
    assert ("heals one" in said) == bool(healed) and ("fails" in said) == (not passed)
    if passed:
        with pytest.raises(RulesError, match="already first-aided"):
            first_aid_v08(log.state, "sister", "brenna", d20_from_typed(15))


def test_the_same_die_gives_the_same_result_as_the_healing_record() -> None:
    log = fight(wounds=4, stuns=2)
    for die in (2, 9, 14, 20):
        for treats in ("wounds", "stuns"):
            board = first_aid_v08(log.state, "sister", "brenna", d20_from_typed(die), treats)
            record = v08_first_aid(first_aid_patient(log.state, "brenna"), GameTime(day=1), die,
                                   treats, healer=log.state.fighter("sister").character)
            assert (board.total, board.target, board.passed) == (
                record.total, record.target, record.success)


def test_first_aid_on_stuns_heals_a_stun_per_level_of_success() -> None:
    log = fight(wounds=0, stuns=2)
    # Stuns 2 is Light (-3): target 0 + 2 = 2; 12 + 10 = 22 is 1 + 20 // 10 = 3 levels,
    # capped at the 2 stuns there are.
    e = first_aid_v08(log.state, "sister", "brenna", d20_from_typed(10), "stuns")
    assert (e.total, e.target, e.passed) == (22, 2, True)
    log.push(e)
    assert log.state.fighter("brenna").stuns == 0


def test_first_aid_refused_for_the_unhurt_and_from_one_who_cannot_act() -> None:
    log = fight(wounds=0)
    with pytest.raises(RulesError, match="not wounded"):
        first_aid_v08(log.state, "sister", "brenna", d20_from_typed(10))
    log = fight(wounds=6)  # Fatal: Brenna is past acting, yet may be tended
    e = first_aid_v08(log.state, "sister", "brenna", d20_from_typed(20))
    assert e.passed
