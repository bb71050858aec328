"""RULES 3.3 limb injuries (with RULES 3.2 hit locations), both editions: one blow
of 4 body levels (classic) or 4 wounds (0.8, [decision]) to an arm or a leg
disables it; the main arm drops its weapon, a leg puts the fighter prone.

Classic: Ann damage 17 (Short sword) against Bo, soak 10, Long sword; RULES 1.6:
16-20 past soak is 4 levels, 11-15 is 3. 0.8: Brenna damage 15 against the Orc,
soak 12; RULES 2: 1 + (damage - soak) // 5 wounds.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import Declare, Initiative, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.lost import lose_action
from yags_desk.rules.combat.procedure_classic import next_action
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError


def _classic(on: bool = True) -> CombatLog:
    log = classic_pair()
    log.push(SetOption(option="hit_locations", value=True))
    if on:
        log.push(SetOption(option="limb_injuries", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(Declare(id="bo", action="attack", target="ann", style="Single weapon: Long sword"))
    return log


def _blow(damage: tuple[int, int], location: int) -> AttackDice:
    # 14 + 6 = 20 against Bo's 11 + 4 = 15: a hit.
    return AttackDice(typed((3, 3)), typed((2, 2)), typed(damage), location=location)


def test_classic_four_levels_to_the_main_arm_drop_the_weapon() -> None:
    log = _classic()
    # 17 + 5 + 4 = 26 - 10 = 16 past soak: 4 body levels, on the main arm (25-44).
    e = resolve_attack(log.state, "ann", "bo", SWORD, _blow((5, 4), 30))
    assert (e.levels, e.location) == (4, "main_arm")
    log.push(e)
    bo = log.state.fighter("bo")
    assert bo.has("disabled main arm") and ("Long sword", "dropped") in bo.weapons_state
    assert "limb injury: Bo's main arm is disabled and drops Long sword" in (
        v08_setup.last_sentence(log))
    off = _classic(on=False)
    off.push(resolve_attack(off.state, "ann", "bo", SWORD, _blow((5, 4), 30)))
    assert not off.state.fighter("bo").has("disabled main arm")
    assert off.state.fighter("bo").weapons_state == ()


def test_classic_three_levels_do_not_disable_and_a_leg_puts_down() -> None:
    log = _classic()
    # 17 + 4 + 4 = 25 - 10 = 15: 3 levels, not enough.
    e = resolve_attack(log.state, "ann", "bo", SWORD, _blow((4, 4), 85))
    log.push(e)
    assert not log.state.fighter("bo").has("disabled left leg")
    log = _classic()
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, _blow((5, 4), 85)))
    bo = log.state.fighter("bo")
    assert bo.has("disabled left leg") and bo.has("prone")


def test_classic_a_blow_to_the_body_disables_nothing() -> None:
    log = _classic()
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, _blow((9, 9), 50)))
    assert not any(n.startswith("disabled") for n, _ in log.state.fighter("bo").conditions)


def _v08(on: bool = True) -> CombatLog:
    log = v08_setup.fight()
    log.push(SetOption(option="hit_locations", value=True))
    if on:
        log.push(SetOption(option="limb_injuries", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    return log


def test_v08_four_wounds_to_a_leg_put_the_orc_down() -> None:
    log = _v08()
    # 21 + 15 = 36 against 11 + 5 = 16: a hit; 15 + 20 = 35 - 12 = 23: 1 + 4 = 5 wounds.
    e = resolve_attack_v08(log.state, "brenna", "orc",
                           replace(v08_setup.dice(15, 5, 20), location=95))
    wounds = sum(x.amount for x in e.effects if x.kind == "wounds" and x.target == "orc")
    assert (wounds, e.location) == (5, "right_leg")
    log.push(e)
    orc = log.state.fighter("orc")
    assert orc.has("disabled right leg") and orc.has("prone")
    off = _v08(on=False)
    off.push(resolve_attack_v08(off.state, "brenna", "orc",
                                replace(v08_setup.dice(15, 5, 20), location=95)))
    assert not off.state.fighter("orc").has("prone")


def test_v08_three_wounds_do_not_disable() -> None:
    log = _v08()
    # 15 + 10 = 25 - 12 = 13: 1 + 2 = 3 wounds.
    e = resolve_attack_v08(log.state, "brenna", "orc",
                           replace(v08_setup.dice(15, 5, 10), location=95))
    assert e.levels == 3
    log.push(e)
    assert not log.state.fighter("orc").has("disabled right leg")


def test_classic_the_disabled_arm_loses_its_attack_this_round() -> None:
    log = _classic()
    log.push(Initiative(id="ann", dice=(5, 5), total=30))
    log.push(Initiative(id="bo", dice=(2, 2), total=10))
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, _blow((5, 4), 30)))
    # Bo's sword is on the ground: no strike back, and its own attack is lost.
    act = next_action(log.state)
    assert act is not None and (act.fighter, act.kind) == ("bo", "lost")
    lost = lose_action(log.state, "bo")
    assert lost.reason == "weapon"
    log.push(lost)
    assert next_action(log.state) is None


def test_v08_a_dropped_dagger_no_longer_strikes() -> None:
    log = _v08()
    # 5 wounds on the main arm (25-44): the Orc drops its dagger.
    log.push(resolve_attack_v08(log.state, "brenna", "orc",
                                replace(v08_setup.dice(15, 5, 20), location=30)))
    orc = log.state.fighter("orc")
    assert orc.has("disabled main arm") and ("Dagger", "dropped") in orc.weapons_state
    with pytest.raises(RulesError, match="style: Orc's weapon for Brawl: Dagger is dropped"):
        resolve_attack_v08(log.state, "orc", "brenna", v08_setup.dice(10, 10))
    assert lose_action(log.state, "orc").reason == "weapon"


def test_classic_off_arm_blow_after_the_main_weapon_was_dropped() -> None:
    # Bo's Long sword is already on the ground (a disarm, an Oops!, a main-arm
    # injury) while his declaration still names its style. Four levels to his off
    # arm (10-24) disable it; working out what that hand holds must not fail on
    # the dropped sword ("weapon ... is broken or dropped" stopped the attack).
    log = _classic()
    bo = log.state.fighter("bo")
    state = log.state._with(replace(bo, weapons_state=(("Long sword", "dropped"),)))
    e = resolve_attack(state, "ann", "bo", SWORD, _blow((5, 4), 12))
    assert (e.levels, e.location) == (4, "off_arm")
    assert any(x.kind == "condition" and x.name == "disabled off arm" for x in e.effects)
