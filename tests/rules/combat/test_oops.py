"""RULES 3.2 Oops! table, both editions: a d100 on every fumbled attack, with the
seed's bands (01-20 hurt oneself, 21-40 weapon damaged and act last, 41-60 -2
next action (-10 / 5), 61-70 lose the next move, 71-80 miss the next action,
81-90 torn muscle, 91-00 strike an ally in reach).

Classic: Ann (Short sword, damage 17) against Bo, soak 10; a 2d10 of 1 + 1
fumbles (RULES 1.1). 0.8: a natural 1 fumbles (RULES 2).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.rules.builders import SHORT_SWORD, classic
from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, EndRound, Initiative, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.lost import lose_action
from yags_desk.rules.combat.optional.oops import oops_band
from yags_desk.rules.combat.procedure_classic import action_order, next_action
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

# Attack 14 + 1 + 1: the dice sum 2, a fumble; damage dice 4 + 4.
FUMBLE = AttackDice(typed((1, 1)), typed((2, 2)), typed((4, 4)))


@pytest.mark.parametrize(("roll", "result"), [
    (1, "self_hurt"), (20, "self_hurt"), (21, "weapon_jarred"), (40, "weapon_jarred"),
    (41, "misjudged"), (60, "misjudged"), (61, "stumble"), (70, "stumble"),
    (71, "mishandle"), (80, "mishandle"), (81, "torn_muscle"), (90, "torn_muscle"),
    (91, "hits_ally"), (100, "hits_ally")])
def test_every_band_of_the_table(roll: int, result: str) -> None:
    assert oops_band(roll)[0] == result


def _classic(on: bool = True, ally: bool = False) -> CombatLog:
    log = classic_pair()
    if ally:
        log.push(AddCombatant(id="cy", name="Cy", side="a", character=classic(
            "Cy", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))))
    if on:
        log.push(SetOption(option="oops", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(Declare(id="bo", action="attack", target="ann", style="Single weapon: Long sword"))
    return log


def _fumble(log: CombatLog, roll: int | None) -> None:
    e = resolve_attack(log.state, "ann", "bo", SWORD, replace(FUMBLE, oops=roll))
    assert e.attack_fumble and not e.hit
    log.push(e)


def _next_round(log: CombatLog, ann_init: int = 30, bo_init: int = 10) -> None:
    if log.state.fighter("bo").declaration is not None and not log.state.fighter("bo").attacked:
        log.push(lose_action(log.state, "bo", held=True))
    log.push(EndRound())
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(Declare(id="bo", action="attack", target="ann", style="Single weapon: Long sword"))
    log.push(Initiative(id="ann", dice=(5, 5), total=ann_init))
    log.push(Initiative(id="bo", dice=(2, 2), total=bo_init))


def test_classic_01_20_hurts_the_fumbler_and_is_logged() -> None:
    log = _classic()
    _fumble(log, 10)
    assert log.state.fighter("ann").wounds == 1
    assert "Oops! (d100 10): hurts itself" in v08_setup.last_sentence(log)
    off = _classic(on=False)
    _fumble(off, 10)
    assert off.state.fighter("ann").wounds == 0
    assert "Oops" not in v08_setup.last_sentence(off)
    log.undo()
    assert log.state.fighter("ann").wounds == 0


def test_classic_missing_or_bad_oops_die_is_refused_naming_the_field() -> None:
    log = _classic()
    with pytest.raises(RulesError, match=r"dice.oops: Oops! table on fumbles \(RULES 3.2\) is on"):
        _fumble(log, None)
    with pytest.raises(RulesError, match="dice.oops: a d100 is 1 to 100"):
        _fumble(log, 0)
    assert log.state.fighter("ann").attacked is False


def test_classic_21_40_damages_the_weapon_and_the_fumbler_acts_last_next_round() -> None:
    log = _classic()
    _fumble(log, 35)
    assert ("Short sword", "damaged") in log.state.fighter("ann").weapons_state
    _next_round(log)
    # Initiative 30 against 10, yet Ann acts last.
    assert [f.id for f in action_order(log.state)] == ["bo", "ann"]
    off = _classic(on=False)
    _fumble(off, 35)
    _next_round(off)
    assert [f.id for f in action_order(off.state)] == ["ann", "bo"]


def test_classic_41_60_costs_two_on_the_next_attack() -> None:
    log = _classic()
    _fumble(log, 50)
    _next_round(log)
    dice = AttackDice(typed((3, 3)), typed((4, 4)), typed((4, 4)))
    e = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    # 14 - 2 + 6 = 18 against Bo's 11 + 8 = 19: a miss that would have hit (20).
    assert ("attack: RULES 3.2 Oops! misjudged", -2) in e.modifiers
    assert (e.attack_total, e.defence_total, e.hit) == (18, 19, False)
    off = _classic(on=False)
    _fumble(off, 50)
    _next_round(off)
    assert resolve_attack(off.state, "ann", "bo", SWORD, dice).hit


def test_classic_71_80_misses_the_next_action() -> None:
    log = _classic()
    _fumble(log, 75)
    _next_round(log)
    act = next_action(log.state)
    assert act is not None and (act.fighter, act.kind) == ("ann", "lost")
    lost = lose_action(log.state, "ann")
    assert lost.reason == "oops"
    dice = AttackDice(typed((3, 3)), typed((2, 2)), typed((4, 4)))
    with pytest.raises(RulesError, match="misses this action after an Oops!"):
        log.push(resolve_attack(log.state, "ann", "bo", SWORD, dice))
    log.push(lost)
    assert "is missed after an Oops!" in v08_setup.last_sentence(log)


def test_classic_81_90_tears_a_muscle() -> None:
    log = _classic()
    _fumble(log, 85)
    ann = log.state.fighter("ann")
    assert ann.wounds == 1 and ann.has("torn muscle")


def test_classic_91_00_strikes_an_ally_in_reach() -> None:
    log = _classic(ally=True)
    _fumble(log, 95)
    # Cy, Ann's only ally: damage 17 + 4 + 4 = 25 - soak 10 = 15 -> 3 body levels.
    assert log.state.fighter("cy").wounds == 3
    assert log.state.fighter("bo").wounds == 0
    assert ("Oops! (d100 95): strikes Cy: damage 25 − soak 10 → 3 levels."
            in v08_setup.last_sentence(log))
    alone = _classic()
    _fumble(alone, 95)
    assert alone.state.fighter("ann").has("stunned")


def _v08(on: bool = True) -> CombatLog:
    log = v08_setup.fight()
    if on:
        log.push(SetOption(option="oops", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    return log


def test_v08_01_20_is_one_wound_and_off_it_is_nothing() -> None:
    for on, wounds in ((True, 1), (False, 0)):
        log = _v08(on)
        e = resolve_attack_v08(log.state, "brenna", "orc",
                               replace(v08_setup.dice(1, 10), oops=3))
        assert e.attack_fumble
        log.push(e)
        assert log.state.fighter("brenna").wounds == wounds


def test_v08_61_70_loses_the_next_move() -> None:
    log = _v08()
    log.push(resolve_attack_v08(log.state, "brenna", "orc",
                                replace(v08_setup.dice(1, 10), oops=66)))
    log.push(lose_action(log.state, "orc", held=True))
    log.push(EndRound())
    with pytest.raises(RulesError, match="move_m: Brenna stumbled"):
        v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, move_m=3)
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)


def test_v08_21_40_makes_the_next_action_slow() -> None:
    from yags_desk.rules.combat.phase_v08 import speed
    log = _v08()
    log.push(resolve_attack_v08(log.state, "brenna", "orc",
                                replace(v08_setup.dice(1, 10), oops=22)))
    log.push(lose_action(log.state, "orc", held=True))
    log.push(EndRound())
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    assert speed(log.state, log.state.fighter("brenna")) == "slow"
