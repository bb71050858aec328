"""0.8 missile attacks with typed d20s (RULES 2; reference/yags-0.8/combat/combat-missile.yags).

Archer: Perception 4, Bow 3, Long bow (+2 attack, +12 damage, ranges 60 / 120 /
240 m, increment 20 m): attack 4 x 3 + 2 = 14, damage 2 x Strength 3 + 12 = 18
(Bows: twice Strength).
Thrower: Perception 3, Throw 3, Javelin (+5 / +5, reach 2, ranges 3 / 6 / 9 m
x Strength 3 = 9 / 18 / 27 m, increment 15 m): attack 14, damage 8.
Orc (v08_setup): dodge = Brawl, Agility 3 x Brawl 3 = 9; soak 12; Move 13, so
its combat move is 6 m. Brenna: dodge Agility 3 x Brawl 2 = 6, soak 12.
"""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import classic, v08
from tests.rules.combat.v08_setup import DAGGER, SWORD, declare, dice, fight, last_sentence
from yags_desk.rules.combat.attack_v08 import (
    AttackDiceV08,
    attack_modifiers_v08,
    resolve_attack_v08,
    roll_dice_v08,
)
from yags_desk.rules.combat.events import AddCombatant, Declare, Initiative, SetCondition
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.missile_v08 import increment_penalty
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.phase_v08 import speed
from yags_desk.rules.dice import d20_from_typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Weapon

BOW = "Bow: Long bow"
JAVELIN = "Throw: Javelin"
CROSSBOW = "Crossbow: Light crossbow"
LONG_BOW = Weapon(id="long-bow", name="Long bow", edition="0.8", kind="missile", attack=2,
                  damage=12, strength=3, load=1, reach=0, classes=("bow",),
                  ranges=(60, 120, 240, 240), increment=20, properties=("missile", "impaling"))
JAVELIN_W = Weapon(id="javelin", name="Javelin", edition="0.8", kind="missile", attack=5,
                   damage=5, strength=2, load=0.25, reach=2, classes=("thrown",),
                   ranges=(3, 6, 9, 9), increment=15, strength_ranges=True,
                   properties=("missile", "impaling", "light"))
LIGHT_CROSSBOW = Weapon(id="light-crossbow", name="Light crossbow", edition="0.8",
                        kind="missile", attack=7, damage=10, strength=2, load=1, reach=0,
                        classes=("crossbow",), ranges=(15, 30, 60, 60), increment=10,
                        properties=("missile", "impaling", "reload"))


def board(melee: bool = True) -> CombatLog:
    """Brenna and the Orc fight each other; the Archer and the Thrower shoot."""
    log = fight()
    log.push(AddCombatant(id="archer", name="Archer", side="party", character=v08(
        "Archer", perception=4, skills={"Bow": 3, "Crossbow": 3},
        weapons=(LONG_BOW, LIGHT_CROSSBOW))))
    log.push(AddCombatant(id="thrower", name="Thrower", side="party", character=v08(
        "Thrower", skills={"Throw": 3}, weapons=(JAVELIN_W,))))
    log.push(Initiative(id="archer", dice=(5,), total=17))
    log.push(Initiative(id="thrower", dice=(5,), total=17))
    if melee:
        declare(log, "orc", "brenna", DAGGER)
        declare(log, "brenna", "orc", SWORD)
    return log


def shoot(log: CombatLog, fid: str = "archer", style: str = BOW, range_m: int = 30,
          target: str = "orc", **kw: object) -> None:
    log.push(Declare(id=fid, action="missile", target=target, style=style, range_m=range_m,
                     **kw))  # type: ignore[arg-type]


def test_short_range_shot_halves_a_dodge_and_adds_the_distance() -> None:
    log = board()
    shoot(log, range_m=30)
    # 14 + 10 = 24 against the Orc's dodge 9 + 10 = 19, halved 9, at least 15,
    # +5 for 30 m (one increment of 20 m beyond the first); damage 18 + 6 - 12.
    log.push(resolve_attack_v08(log.state, "archer", "orc", dice(10, 10, 6)))
    e = log.events[-1]
    assert (e.missile, e.range_band, e.attack_total, e.defence_total, e.levels) == (
        True, "short", 24, 20, 3)
    assert log.state.fighter("orc").wounds == 3
    assert last_sentence(log) == (
        "Archer shoots at Orc (short range) and hits: 24 against 20; damage 24 − soak 12 "
        "= 12 → 3 wounds, wounds Medium (-6) [difficulty: 30 m effective, increment 20 m "
        "+5; Orc's defence halved against a projectile at short range].")


def test_increment_penalty_follows_the_bow_example() -> None:
    # combat-missile.yags: increment 10 m: none up to 10 m, +5 up to 20 m, +10 up to 30 m.
    assert [increment_penalty(d, 10) for d in (0, 10, 11, 20, 21, 30, 31)] == [
        0, 0, 5, 5, 10, 10, 15]


def test_medium_range_loses_the_bonus_and_damage_and_fumbles_on_3() -> None:
    log = board()
    shoot(log, range_m=100)
    m = attack_modifiers_v08(log.state, "archer", "orc")
    # attack 14 - 2, damage 18 - 5, fumble chance 3, 100 m: +5 x 4; no halving.
    assert (m.attack, m.damage, m.fumble_chance, m.difficulty, m.defence_halved) == (
        12, 13, 3, 20, False)
    e = resolve_attack_v08(log.state, "archer", "orc", dice(3, 10, 9))
    assert e.attack_fumble and not e.hit
    # 12 + 20 = 32 against 9 + 10 = 19 + 20 = 39
    e = resolve_attack_v08(log.state, "archer", "orc", dice(20, 10, 9))
    assert (e.attack_total, e.defence_total, e.hit) == (32, 39, False)


def test_long_range_fumbles_on_10_but_thrown_weapons_do_not() -> None:
    log = board()
    shoot(log, range_m=200)
    assert attack_modifiers_v08(log.state, "archer", "orc").fumble_chance == 10
    shoot(log, "thrower", JAVELIN, range_m=20)  # long: 18 < 20 <= 27 (9 x Strength 3)
    m = attack_modifiers_v08(log.state, "thrower", "orc")
    assert (m.range_band, m.fumble_chance, m.attack, m.damage) == ("long", 1, 9, -2)


def test_beyond_long_range_is_refused_and_the_log_is_unchanged() -> None:
    log = board()
    before = (len(log.events), log.state)
    with pytest.raises(RulesError, match=r"241 m is beyond the long range of 240 m.*"
                       r"combat-missile.yags, Range Band"):
        shoot(log, range_m=241)
    with pytest.raises(RulesError, match="beyond the long range of 27 m"):
        shoot(log, "thrower", JAVELIN, range_m=28)  # 9 m x Strength 3
    with pytest.raises(RulesError, match="needs the distance"):
        log.push(Declare(id="archer", action="missile", target="orc", style=BOW))
    with pytest.raises(RulesError, match="normal stance"):
        shoot(log, stance="aggressive")
    with pytest.raises(RulesError, match="not a missile style"):
        log.push(Declare(id="brenna", action="missile", target="orc", style=SWORD,
                         range_m=2))
    with pytest.raises(RulesError, match="declare a missile attack"):
        log.push(Declare(id="archer", action="attack", target="orc", style=BOW))
    with pytest.raises(RulesError, match="always a snap shot"):
        shoot(log, shot="careful", close=("brenna",))
    assert (len(log.events), log.state) == before


def test_snap_and_careful_shots_change_distance_and_speed() -> None:
    log = board()
    shoot(log, range_m=30, shot="snap")  # 60 m effective: +10, fast
    assert attack_modifiers_v08(log.state, "archer", "orc").difficulty == 10
    assert speed(log.state, log.state.fighter("archer")) == "fast"
    shoot(log, range_m=30, shot="careful")  # 15 m effective: +0, slow
    assert attack_modifiers_v08(log.state, "archer", "orc").difficulty == 0
    assert speed(log.state, log.state.fighter("archer")) == "slow"
    shoot(log, range_m=30)
    assert speed(log.state, log.state.fighter("archer")) == "normal"
    shoot(log, style=CROSSBOW, range_m=10, shot="snap")  # must be reloaded: slow
    assert speed(log.state, log.state.fighter("archer")) == "slow"
    assert "snap shot" in last_sentence(log)


def test_reach_impairs_and_cripples_a_javelin_close_up() -> None:
    log = board()
    # 5 m: within the Orc's combat move (6 m), reach 2 = the Move band: impaired,
    # no +5 attack bonus, full defence (thrown: never halved anyway).
    shoot(log, "thrower", JAVELIN, range_m=5)
    m = attack_modifiers_v08(log.state, "thrower", "orc")
    assert (m.attack, m.attack_halved, m.defence) == (9, False, 9)
    assert speed(log.state, log.state.fighter("thrower")) == "normal"
    # 2 m: the Melee band: crippled: slow and the attack roll halved.
    shoot(log, "thrower", JAVELIN, range_m=2)
    m = attack_modifiers_v08(log.state, "thrower", "orc")
    assert (m.attack, m.attack_halved) == (9, True)
    assert speed(log.state, log.state.fighter("thrower")) == "slow"
    e = resolve_attack_v08(log.state, "thrower", "orc", dice(20, 1, 10))
    assert (e.attack_total, e.defence_total, e.defence_fumble) == ((9 + 20) // 2, 15, True)
    # 12 m: beyond the Move band, short range (9 < 12? no: medium), bonus lost anyway.
    shoot(log, "thrower", JAVELIN, range_m=12)
    assert attack_modifiers_v08(log.state, "thrower", "orc").range_band == "medium"


def test_bow_in_melee_range_gets_no_halving_of_the_defence() -> None:
    log = board()
    shoot(log, range_m=3)  # within 3 m: in melee with the shooter
    m = attack_modifiers_v08(log.state, "archer", "orc")
    assert (m.defence_halved, m.attack_halved, m.attack) == (False, False, 14)


def test_size_prone_target_and_passive_defence() -> None:
    log = CombatLog("0.8")
    log.push(AddCombatant(id="archer", name="Archer", side="a", character=v08(
        "Archer", perception=4, skills={"Bow": 3}, weapons=(LONG_BOW,))))
    log.push(AddCombatant(id="ogre", name="Ogre", side="b", character=v08("Ogre", size=7)))
    log.push(Initiative(id="archer", dice=(5,), total=17))
    log.push(Initiative(id="ogre", dice=(5,), total=17))
    log.push(Declare(id="ogre", action="rest", defences=0))
    shoot(log, target="ogre", range_m=30)
    m = attack_modifiers_v08(log.state, "archer", "ogre")
    # Size 7 against 5: 15 - 3 x 2 = 9, +5 distance; no defence left: passive.
    assert (m.defence, m.defence_floor, m.difficulty) == (None, 9, 5)
    e = resolve_attack_v08(log.state, "archer", "ogre", dice(2, None, 10))
    log.push(e)
    assert (e.attack_total, e.defence_total, e.hit) == (16, 14, True)
    assert "hits: 16 against 14 (passive)" in last_sentence(log)
    log.push(SetCondition(id="ogre", condition="prone"))
    assert attack_modifiers_v08(log.state, "archer", "ogre").difficulty == 15


def test_firing_into_melee_raises_the_fumble_and_strays() -> None:
    log = board()
    shoot(log, range_m=10, close=("brenna",))
    m = attack_modifiers_v08(log.state, "archer", "orc")
    assert m.fumble_chance == 1 + 5  # +5 per other person in the melee
    assert speed(log.state, log.state.fighter("archer")) == "fast"  # always a snap shot
    assert last_sentence(log) == ("Archer will attack Orc with Bow: Long bow at 10 m, into "
                                  "the melee with Brenna.")
    fumbled = AttackDiceV08(d20_from_typed(4), d20_from_typed(10), d20_from_typed(9))
    with pytest.raises(RulesError, match="say which of the 2 people"):
        resolve_attack_v08(log.state, "archer", "orc", fumbled)
    # The stray die picks Brenna (2): 14 + 4 = 18 against her dodge 6 + 10 = 16,
    # halved 8, at least 15 (20 m effective: +0); damage 18 + 6 - 12 = 12: 3 wounds.
    e = resolve_attack_v08(log.state, "archer", "orc", AttackDiceV08(
        d20_from_typed(4), d20_from_typed(10), d20_from_typed(6), stray=2))
    log.push(e)
    assert (e.defender, e.declared_target, e.hit, e.levels) == ("brenna", "orc", True, 3)
    assert log.state.fighter("brenna").wounds == 3
    assert last_sentence(log).startswith(
        "Archer's shot at Orc (short range) fumbles (d20 4) into the melee and flies at "
        "Brenna, and hits: 18 against 15; damage 24 − soak 12 = 12 → 3 wounds")


def test_a_missile_fumble_without_a_melee_misses_and_earns_no_counter_strike() -> None:
    log = board()
    shoot(log, range_m=30)
    log.push(resolve_attack_v08(log.state, "archer", "orc", dice(1, 10)))
    assert last_sentence(log).startswith("Archer shoots at Orc (short range) and fumbles")
    assert log.state.fighter("orc").counter_due == ()


def test_classic_refuses_snap_shots() -> None:
    log = CombatLog("classic")
    log.push(AddCombatant(id="a", name="A", side="a", character=classic("A")))
    log.push(AddCombatant(id="b", name="B", side="b", character=classic("B")))
    with pytest.raises(RulesError, match="0.8 rules"):
        log.push(Declare(id="a", action="attack", target="b", style="Brawling", shot="snap"))


@pytest.mark.parametrize(("range_m", "shot"), [(30, "normal"), (100, "normal"),
                                                (2, "normal"), (10, "snap")])
def test_odds_equal_the_resolution_over_every_face(range_m: int, shot: str) -> None:
    log = board()
    style = JAVELIN if range_m == 2 else BOW
    fid = "thrower" if range_m == 2 else "archer"
    shoot(log, fid, style, range_m=range_m, shot=shot)
    odds = declared_attack_odds_v08(log.state, fid)
    faces = range(1, 21)
    hits = sum(resolve_attack_v08(log.state, fid, "orc", dice(a, d)).hit
               for a in faces for d in faces)
    assert odds.hit == pytest.approx(hits / 400)
    # And against seeded dice: the frequency is close to the odds.
    rng = random.Random(8)
    n = 2000
    seen = sum(resolve_attack_v08(log.state, fid, "orc", roll_dice_v08(rng)).hit
               for _ in range(n))
    assert abs(seen / n - odds.hit) < 0.04


def test_an_automatic_round_shoots_the_declared_missile_in_its_phase() -> None:
    from yags_desk.rules.combat.procedure_v08 import action_order, auto_round_v08
    log = board()
    shoot(log, range_m=30, shot="careful")
    assert action_order(log.state)[-1] == ("slow", "archer")
    events = auto_round_v08(log.state, random.Random(3))
    shots = [e for e in events if getattr(e, "attacker", None) == "archer"]
    assert len(shots) == 1 and shots[0].missile and shots[0].range_band == "short"
    for e in events:
        log.push(e)
    assert log.state.round == 2


def test_odds_of_a_shot_into_melee_count_the_stray_that_finds_the_target() -> None:
    log = board()
    shoot(log, range_m=10, close=("brenna",))
    odds = declared_attack_odds_v08(log.state, "archer")
    faces = range(1, 21)
    on_orc = sum(
        (e := resolve_attack_v08(log.state, "archer", "orc", AttackDiceV08(
            d20_from_typed(a), d20_from_typed(d), d20_from_typed(10), stray=s))).hit
        and e.defender == "orc"
        for a in faces for d in faces for s in (1, 2))
    assert odds.hit == pytest.approx(on_orc / 800)
    assert odds.attack_fumble == pytest.approx(6 / 20)


def test_a_stray_shot_meets_the_armour_of_the_one_it_hits() -> None:
    """Issue 14 item 4: the stray shot's soak is that of the person it flies at,
    armour against the missile included (armour_v08: mail halved against impaling)."""
    from yags_desk.rules.character import WornArmour
    from yags_desk.rules.items import Armour

    mail = Armour(id="mail", name="Mail shirt", edition="0.8", protection=6, load=4,
                  properties=("mail",))
    log = board()
    brenna = log.state.fighter("brenna")
    armoured = brenna.character.model_copy(update={"armour": (WornArmour(item=mail),)})
    log.push(AddCombatant(id="guard", name="Guard", side="party", character=armoured))
    log.push(Initiative(id="guard", dice=(5,), total=16))
    shoot(log, range_m=10, close=("guard",))
    e = resolve_attack_v08(log.state, "archer", "orc", AttackDiceV08(
        d20_from_typed(4), d20_from_typed(10), d20_from_typed(6), stray=2))
    # Soak 12 + mail 6 = 18, the mail halved against the impaling arrow: 12 + 3 = 15;
    # damage 18 + 6 = 24 - 15 = 9: 1 + 9 // 5 = 2 wounds (RULES 2).
    assert (e.defender, e.hit, e.soak, e.levels) == ("guard", True, 15, 2)
    assert any("Mail shirt halved against impaling" in label for label, _ in e.modifiers)
