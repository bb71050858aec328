"""Classic missile combat with fixed dice (RULES 1.8): range bands, unaware and
aware targets (dodge or shield block), shots into a melee that go astray."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import classic
from tests.rules.combat.specials_helpers import (
    BOW_T,
    SHIELD,
    THROWN_AXE,
    aldric,
    bandit,
    board,
    declare,
    dice,
    pushed,
    sentence,
)
from yags_desk.rules.combat.attack_classic import resolve_attack, roll_dice
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.modifiers_classic import attack_modifiers, range_band
from yags_desk.rules.derived import derive
from yags_desk.rules.errors import RulesError

BOW = "Bow: Bow"
SS = "Single weapon: Short sword"


def range_fight() -> CombatLog:
    """Archer: Bow attack 12 × 100% + 12 = 24, damage 10 + 10 = 20. Aldric carries a
    round shield: block 10 × 100% + 7 = 17, dodge 10 × 50% = 5."""
    archer = classic("Archer", perception=12, skills={"Bow": 100}, weapons=(BOW_T,))
    knight = aldric(shield=SHIELD, skills={"Single weapon": 100, "Weapon and shield": 100,
                                           "Brawling": 50})
    return board(("archer", archer), ("aldric", knight), ("bandit", bandit()),
                 ("monk", classic("Monk")))


@pytest.mark.parametrize(("metres", "band"), [
    (0, "short"), (25, "short"), (26, "medium"), (50, "medium"), (51, "long"), (80, "long"),
    (81, "extreme"), (120, "extreme")])
def test_range_bands_of_the_bow(metres: int, band: str) -> None:
    bow = derive(classic("Archer", skills={"Bow": 100}, weapons=(BOW_T,))).style(BOW)
    assert range_band(bow, metres) == band


@pytest.mark.parametrize(("metres", "attack", "damage"), [
    (20, (), ()),
    (40, (("Medium range (40 m)", -5),), ()),
    (60, (("Long range (60 m)", -15),), (("Long range (60 m)", -5),)),
    (100, (("Extreme range (100 m)", -30),), (("Extreme range (100 m)", -10),))])
def test_range_modifiers_to_attack_and_damage(metres: int, attack: tuple[object, ...],
                                              damage: tuple[object, ...]) -> None:
    log = range_fight()
    declare(log, "archer", "aldric", BOW, action="missile", range_m=metres)
    m = attack_modifiers(log.state, "archer")
    assert (m.attack, m.damage) == (attack, damage)


def test_extreme_range_shot_at_an_unaware_target() -> None:
    log = range_fight()
    declare(log, "archer", "aldric", BOW, action="missile", range_m=100)
    e = pushed(log, resolve_attack(log.state, "archer", "aldric", BOW,
                                   dice((10, 9, 4), None, (10, 5, 3))))
    # 24 - 30 + 23 = 17 against 15; damage 20 - 10 + 18 = 28 - soak 17 = 11
    assert (e.attack_total, e.defence_total, e.damage_total, e.levels) == (17, 15, 28, 3)
    assert e.missile and e.range_band == "extreme"
    assert sentence(log).startswith("Archer hits Aldric (extreme range): 17 against 15 "
                                    "(no defence); damage 28 − soak 17 = 11 → 3 levels")


def test_beyond_extreme_range_is_refused_and_the_log_unchanged() -> None:
    log = range_fight()
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"121 m is beyond the extreme range of 120 m.*1\.8"):
        declare(log, "archer", "aldric", BOW, action="missile", range_m=121)
    assert (log.events, log.state) == before


def test_aware_target_blocks_with_the_shield_or_dodges() -> None:
    log = range_fight()
    declare(log, "archer", "aldric", BOW, action="missile", range_m=10)
    e = resolve_attack(log.state, "archer", "aldric", BOW, dice((5, 5), (3, 4)))
    assert e.defence_total == 17 + 7 and e.defence_dice == (3, 4)  # the better: shield
    assert not e.defence_rolled  # a missile defence is not the round's melee defence
    e = resolve_attack(log.state, "archer", "aldric", BOW, dice((5, 5), (3, 4)),
                       defence_style="Brawling dodge")
    assert e.defence_total == 15  # 5 + 7 = 12, at least 15
    with pytest.raises(RulesError, match=r"only dodge or block a missile.*RULES 1\.8"):
        resolve_attack(log.state, "archer", "aldric", BOW, dice((5, 5), (3, 4)),
                       defence_style="Single weapon: Long sword")


def test_the_round_melee_defence_does_not_stop_arrows() -> None:
    log = range_fight()
    pushed(log, resolve_attack(log.state, "bandit", "aldric", SS, dice((1, 4), (9, 9))))
    # sword and shield: 10 × 100% + 5 + 7 = 22, + 18
    assert log.state.fighter("aldric").defence == 22 + 18
    declare(log, "archer", "aldric", BOW, action="missile", range_m=10)
    e = resolve_attack(log.state, "archer", "aldric", BOW, dice((5, 5), (2, 2)))
    assert e.defence_total == 17 + 4 and e.hit


def test_fumbled_shot_into_a_melee_hits_a_bystander_the_roll_would_hit() -> None:
    log = range_fight()
    declare(log, "archer", "aldric", BOW, action="missile", range_m=10)
    close = ("bandit", "monk")
    m = attack_modifiers(log.state, "archer", close=2)
    assert m.fumble == (("Into a melee: 2 others close to the target", 4),)
    # 3 + 4 = 7 fumbles at 3 + 2 × 2 = 7; the stray die picks the second: Monk
    e = pushed(log, resolve_attack(log.state, "archer", "aldric", BOW,
                                   dice((3, 4), (9, 9), (5, 5), stray=2), close=close))
    assert (e.defender, e.declared_target, e.attack_fumble, e.hit) == (
        "monk", "aldric", True, True)
    # 24 + 7 = 31 against 15; damage 30 - Monk's soak 10 = 20: 4 levels
    assert (e.attack_total, e.defence_total, e.levels) == (31, 15, 4)
    assert log.state.fighter("monk").wounds == 4 and log.state.fighter("aldric").wounds == 0
    assert sentence(log) == ("Archer's shot at Aldric (short range) fumbles into the melee "
                             "and hits Monk: 31 against 15; damage 30 − soak 10 = 20 → 4 levels, "
                             "Serious (-7).")


def test_a_stray_shot_too_weak_to_hit_misses_and_a_fumble_needs_the_pick() -> None:
    log = range_fight()
    declare(log, "archer", "aldric", BOW, action="missile", range_m=100)
    e = pushed(log, resolve_attack(log.state, "archer", "aldric", BOW,
                                   dice((3, 4), None, stray=1), close=("bandit", "monk")))
    assert (e.defender, e.hit, e.attack_total) == ("bandit", False, 24 - 30 + 7)
    assert sentence(log) == ("Archer's shot at Aldric (extreme range) fumbles into the melee "
                             "and misses Bandit: 1 against 15.")
    with pytest.raises(RulesError, match=r"stray: the shot fumbled.*2 people.*RULES 1\.8"):
        resolve_attack(log.state, "archer", "aldric", BOW, dice((3, 4)),
                       close=("bandit", "monk"))
    with pytest.raises(RulesError, match="close: Aldric is the shooter or the target"):
        resolve_attack(log.state, "archer", "aldric", BOW, dice((5, 5)), close=("aldric",))


def test_someone_wrestling_the_target_adds_5_and_the_stray_die_is_rolled() -> None:
    log = range_fight()
    declare(log, "archer", "aldric", BOW, action="missile", range_m=10)
    m = attack_modifiers(log.state, "archer", close=1, wrestled=True)
    assert m.total("fumble") == 2 + 5
    picks = {roll_dice(random.Random(seed), close=2).stray for seed in range(40)}
    assert picks == {1, 2}
    assert roll_dice(random.Random(1)).stray is None


def test_no_defence_with_a_thrown_weapon_and_thrown_weapons_may_subdue() -> None:
    thrower = classic("Thrower", skills={"Throw": 100, "Brawling": 100},
                      weapons=(THROWN_AXE,), strength=12)
    d = derive(thrower)
    assert d.style("Throw: Throwing axe").defence is None
    log = board(("thrower", thrower), ("bandit", bandit()))
    # Attacked in melee, the thrower defends with brawling (Agility 10 × 100%).
    e = resolve_attack(log.state, "bandit", "thrower", SS, dice((5, 5), (2, 2)))
    assert e.defence_total == 15 and e.defence_dice == (2, 2)
    declare(log, "thrower", "bandit", "Throw: Throwing axe", action="missile", range_m=5,
            subdue=True)
    m = attack_modifiers(log.state, "thrower")
    assert m.subdue and m.damage == (("Subdue: weapon Dmg halved", -5),)  # Dmg 9 -> 4
