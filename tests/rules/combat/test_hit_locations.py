"""RULES 3.2 hit locations, both editions: every hit takes a d100 (01-09 head,
10-24 off arm, 25-44 main arm, 45-79 body, 80-89 left leg, 90-00 right leg),
kept on the Attack event and added up per place on the struck fighter.

Classic: Ann attack 14, damage 17 (Short sword) against Bo, defence 15, soak 10
(test_surprised.classic_pair). 0.8: Brenna attack 21, damage 15 against the
Orc's dagger defence 11, soak 12 (v08_setup); Bo's defence is 11 before dice.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import Declare, SetOption
from yags_desk.rules.combat.optional.dice import with_option_dice
from yags_desk.rules.combat.optional.locations import location_of
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

# Attack 14 + 3 + 3 = 20 against Bo's 11 + 2 + 2 = 15: a hit; damage
# 17 + 4 + 4 = 25 - soak 10 = 15 -> 3 body levels (RULES 1.6).
HIT = AttackDice(typed((3, 3)), typed((2, 2)), typed((4, 4)))


@pytest.mark.parametrize(("roll", "place"), [
    (1, "head"), (9, "head"), (10, "off_arm"), (24, "off_arm"), (25, "main_arm"),
    (44, "main_arm"), (45, "body"), (79, "body"), (80, "left_leg"), (89, "left_leg"),
    (90, "right_leg"), (100, "right_leg")])
def test_every_band_of_the_table(roll: int, place: str) -> None:
    assert location_of(roll) == place




def test_classic_hit_lands_on_the_rolled_place_and_is_counted_there() -> None:
    log = classic_pair()
    log.push(SetOption(option="hit_locations", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    e = resolve_attack(log.state, "ann", "bo", SWORD, replace(HIT, location=31))
    assert (e.hit, e.levels, e.location, e.location_roll) == (True, 3, "main_arm", 31)
    log.push(e)
    assert log.state.fighter("bo").location_levels == (("main_arm", 3),)
    assert v08_setup.last_sentence(log).endswith(" Hit location: main arm (d100 31).")
    log.undo()
    assert log.state.fighter("bo").location_levels == ()


def test_classic_option_off_records_no_place() -> None:
    log = classic_pair()
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    e = resolve_attack(log.state, "ann", "bo", SWORD, replace(HIT, location=31))
    log.push(e)
    assert (e.location, e.location_roll) == (None, None)
    assert log.state.fighter("bo").location_levels == ()
    assert "Hit location" not in v08_setup.last_sentence(log)


def test_classic_missing_or_bad_d100_is_refused_naming_the_field() -> None:
    log = classic_pair()
    log.push(SetOption(option="hit_locations", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    with pytest.raises(RulesError, match=r"dice.location: Hit locations \(RULES 3.2\) is on"):
        resolve_attack(log.state, "ann", "bo", SWORD, HIT)
    with pytest.raises(RulesError, match="dice.location: a d100 is 1 to 100"):
        resolve_attack(log.state, "ann", "bo", SWORD, replace(HIT, location=101))
    # A miss needs no location: attack 14 + 2 + 2 = 18 against 11 + 9 + 9 = 29.
    miss = AttackDice(typed((2, 2)), typed((9, 9)), typed((4, 4)))
    assert resolve_attack(log.state, "ann", "bo", SWORD, miss).location is None
    n = len(log.events)
    bad = resolve_attack(log.state, "ann", "bo", SWORD, replace(HIT, location=5))
    with pytest.raises(RulesError, match="location: the place does not match"):
        log.push(bad.model_copy(update={"location": "body"}))
    assert len(log.events) == n


def test_v08_hit_lands_on_the_rolled_place_and_is_counted_there() -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="hit_locations", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    dice = replace(v08_setup.dice(5, 10), location=95)
    e = resolve_attack_v08(log.state, "brenna", "orc", dice)
    # 21 + 5 = 26 against 11 + 10 = 21: a hit, on the right leg (90-00).
    assert (e.hit, e.location, e.location_roll) == (True, "right_leg", 95)
    log.push(e)
    wounds = sum(x.amount for x in e.effects if x.kind == "wounds")
    assert wounds > 0
    assert log.state.fighter("orc").location_levels == (("right_leg", wounds),)
    assert "Hit location: right leg (d100 95)." in v08_setup.last_sentence(log)
    with pytest.raises(RulesError, match="dice.location"):
        resolve_attack_v08(log.state, "orc", "brenna", v08_setup.dice(20, 1))


def test_v08_option_off_records_no_place() -> None:
    log = v08_setup.fight()
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    e = resolve_attack_v08(log.state, "brenna", "orc",
                           replace(v08_setup.dice(5, 10), location=95))
    assert e.location is None


def test_rolled_dice_get_the_d100_only_while_the_option_is_on() -> None:
    log = classic_pair()
    assert with_option_dice(log.state, random.Random(1), HIT).location is None
    log.push(SetOption(option="hit_locations", value=True))
    rolled = with_option_dice(log.state, random.Random(1), HIT)
    assert rolled.location == random.Random(1).randint(1, 100)
    assert with_option_dice(log.state, random.Random(1), replace(HIT, location=7)).location == 7
