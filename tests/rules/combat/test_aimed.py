"""RULES 3.3 aimed attacks (needs RULES 3.2 hit locations), both editions: head
-2, an arm -3, the body 0, a leg -2, choosing the side -2 more; the blow lands
on the place aimed at instead of the d100's.

Classic: Ann attack 14 against Bo, defence 11 (+ 2d10!). 0.8: Brenna attack 21
against the Orc's dagger defence 11 (+ d20).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import Declare, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

# 14 + 3 + 3 = 20 against Bo's 11 + 2 + 2 = 15.
DICE = AttackDice(typed((3, 3)), typed((2, 2)), typed((4, 4)))


def _classic(aimed: str | None, *, locations: bool = True, aim: bool = True) -> CombatLog:
    log = classic_pair()
    if locations:
        log.push(SetOption(option="hit_locations", value=True))
    if aim:
        log.push(SetOption(option="aimed_attack", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD,
                     aimed=aimed))  # type: ignore[arg-type]
    return log


@pytest.mark.parametrize(("aimed", "penalty", "roll", "place"), [
    ("head", -2, None, "head"),
    ("body", 0, None, "body"),
    ("arm", -3, 30, "off_arm"),      # the side from the d100: 01-50 off arm
    ("arm", -3, 80, "main_arm"),     # 51-00 main arm (the d100 alone says left leg)
    ("main_arm", -5, None, "main_arm"),
    ("leg", -2, 10, "left_leg"),
    ("right_leg", -4, None, "right_leg"),
])
def test_classic_aimed_blow_costs_its_penalty_and_lands_there(
        aimed: str, penalty: int, roll: int | None, place: str) -> None:
    log = _classic(aimed)
    e = resolve_attack(log.state, "ann", "bo", SWORD, replace(DICE, location=roll))
    assert e.attack_total == 20 + penalty
    if penalty:
        assert e.modifiers[0][1] == penalty and "RULES 3.3 aimed at" in e.modifiers[0][0]
    assert e.hit and e.location == place
    log.push(e)
    assert log.state.fighter("bo").location_levels[0][0] == place


def test_classic_aimed_head_ignores_the_d100_and_the_odds_count_the_penalty() -> None:
    log = _classic("head")
    plain = _classic(None)
    assert declared_attack_odds(log.state, "ann").hit < declared_attack_odds(
        plain.state, "ann").hit
    e = resolve_attack(log.state, "ann", "bo", SWORD, replace(DICE, location=60))
    assert (e.location, e.location_roll) == ("head", None)
    log.push(e)
    assert v08_setup.last_sentence(log).endswith("Hit location: head (aimed).")
    # Not aimed, the d100 60 puts the same blow on the body.
    assert resolve_attack(plain.state, "ann", "bo", SWORD,
                          replace(DICE, location=60)).location == "body"


def test_aiming_is_refused_without_hit_locations_or_without_its_option() -> None:
    with pytest.raises(RulesError, match=r"aimed: an aimed attack needs Hit locations "
                                         r"\(RULES 3.2\)"):
        _classic("head", locations=False)
    with pytest.raises(RulesError, match=r"aimed: the optional rule Aimed attacks "
                                         r"\(RULES 3.3\) is off"):
        _classic("head", aim=False)
    log = classic_pair()
    log.push(SetOption(option="hit_locations", value=True))
    log.push(SetOption(option="aimed_attack", value=True))
    with pytest.raises(RulesError, match="aimed: only a declared attack"):
        log.push(Declare(id="ann", action="rest", aimed="head"))
    assert log.state.fighter("ann").declaration is None


def test_v08_aimed_arm_side_chosen() -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="hit_locations", value=True))
    log.push(SetOption(option="aimed_attack", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, aimed="off_arm")
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 10))
    # 21 - 5 + 10 = 26 against 11 + 10 = 21: a hit on the off arm, no d100 needed.
    assert ("attack: RULES 3.3 aimed at the off arm", -5) in e.modifiers
    assert (e.attack_total, e.hit, e.location) == (26, True, "off_arm")
    off = v08_setup.fight()
    off.push(SetOption(option="hit_locations", value=True))
    v08_setup.declare(off, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(off, "orc", "brenna", v08_setup.DAGGER)
    plain = resolve_attack_v08(off.state, "brenna", "orc",
                               replace(v08_setup.dice(10, 10), location=50))
    assert (plain.attack_total, plain.location) == (31, "body")
