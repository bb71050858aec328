"""RULES 3.3 darkness (an encounter level set by SetDarkness, undoable) and size
class (damage past soak times the target's factor), in both editions.

Classic: Ann attack 14 (Short sword), damage 17; Bo (Long sword) defence 11,
soak 10. 0.8: Brenna attack 21, damage 15 (Broad sword); the Orc's Dagger
defence 11, soak 12. Darkness (seed EML penalties / 5): clear -2/-4/-8, cloudy
-4/-6/-10, overcast -8/-10/-14 for full/half/new moon, on attack and defence.
"""

from __future__ import annotations

import pytest

from tests.rules.builders import classic, classic_weapon, v08, v08_weapon
from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    Initiative,
    SetDarkness,
    SetOption,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.plan_classic import plan_attack
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import open_2d10_total_distribution

SPEAR = classic_weapon("Spear", 9, 3, 2, 7, 9, 2, "single")


def test_classic_darkness_lowers_attack_and_defence_and_turns_a_hit_into_a_miss() -> None:
    log = classic_pair()
    log.push(SetOption(option="darkness", value=True))
    log.push(SetDarkness(level="cloudy_half", reason="clouds over the moon"))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    dice = AttackDice(typed((3, 3)), typed((2, 2)), typed((4, 4)))
    on = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    # cloudy, half moon -6: 14 - 6 + 6 = 14 against 11 - 6 + 4 = 9, at least 15: a miss.
    assert (on.attack_total, on.defence_total, on.hit) == (14, 15, False)
    assert ("attack: RULES 3.3 darkness (cloudy sky, half moon)", -6) in on.modifiers
    assert ("target's defence: RULES 3.3 darkness (cloudy sky, half moon)", -6) in on.modifiers
    log.push(SetOption(option="darkness", value=False))
    off = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    assert (off.attack_total, off.defence_total, off.hit) == (20, 15, True)


def test_darkness_is_logged_undone_and_refused_while_the_option_is_off() -> None:
    log = classic_pair()
    with pytest.raises(RulesError, match=r"level: the optional rule Darkness \(RULES 3.3\) "
                                         "is off"):
        log.push(SetDarkness(level="overcast_new"))
    log.push(SetOption(option="darkness", value=True))
    log.push(SetDarkness(level="overcast_new", reason="storm"))
    assert log.state.darkness == "overcast_new"
    assert v08_setup.last_sentence(log) == ("From round 1: overcast sky, new moon, -14 to "
                                            "fight (was clear sky, full moon) (storm).")
    with pytest.raises(RulesError, match="level: it is already overcast sky, new moon"):
        log.push(SetDarkness(level="overcast_new"))
    log.undo()
    assert log.state.darkness == "clear_full"
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # The mildest level until the GM sets one: clear sky, full moon, -2 each side.
    p = plan_attack(log.state, "ann", "bo", SWORD)
    assert (p.attack, p.defence_value) == (12, 9)
    log.push(SetOption(option="darkness", value=False))
    p = plan_attack(log.state, "ann", "bo", SWORD)
    assert (p.attack, p.defence_value) == (14, 11)


def test_classic_thrusting_weapon_has_its_attack_bonus_halved_in_the_dark() -> None:
    log = classic_pair()
    log.push(AddCombatant(id="cy", name="Cy", side="a", character=classic(
        "Cy", skills={"Single weapon": 100}, weapons=(SPEAR,))))
    log.push(SetOption(option="darkness", value=True))
    log.push(Declare(id="cy", action="attack", target="bo", style="Single weapon: Spear"))
    e = resolve_attack(log.state, "cy", "bo", "Single weapon: Spear",
                       AttackDice(typed((5, 5)), typed((5, 5)), typed((4, 4))))
    # Spear Attk +3 halved (round down) to +1: -2; clear sky, full moon -2.
    # 10 + 3 - 2 - 2 + 10 = 19 against 11 - 2 + 10 = 19: a hit.
    assert ("attack: RULES 3.3 darkness: Spear thrusts, attack bonus halved", -2) in e.modifiers
    assert (e.attack_total, e.defence_total, e.hit) == (19, 19, True)


def test_v08_darkness_lowers_attack_and_defence() -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="darkness", value=True))
    log.push(SetDarkness(level="overcast_new"))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    on = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(5, 10))
    # -14: 21 - 14 + 5 = 12 against 11 - 14 + 10 = 7, at least 15: a miss.
    assert (on.attack_total, on.defence_total, on.hit) == (12, 15, False)
    log.push(SetOption(option="darkness", value=False))
    off = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(5, 10))
    assert (off.attack_total, off.defence_total, off.hit) == (26, 21, True)


def test_v08_thrusting_long_spear_is_halved_in_the_dark() -> None:
    spear = v08_weapon("Long spear", 4, 2, 10, 3, 2, "longshaft",
                       props=("two-handed", "thrusting"))
    log = v08_setup.fight()
    log.push(AddCombatant(id="sp", name="Spearman", side="party", character=v08(
        "Spearman", skills={"Longshaft": 3}, weapons=(spear,))))
    log.push(Initiative(id="sp", dice=(5,), total=17))
    log.push(SetOption(option="darkness", value=True))
    style = next(s.label for s in log.state.fighter("sp").derived().styles
                 if "Long spear" in s.label)
    log.push(Declare(id="sp", action="attack", target="orc", style=style))
    e = resolve_attack_v08(log.state, "sp", "orc", v08_setup.dice(10, 10))
    assert ("attack: RULES 3.3 darkness: Long spear thrusts, attack bonus halved",
            -2) in e.modifiers


def _classic_sized(size: str) -> CombatLog:
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(classic_weapon(
        "Short sword", 7, 4, 3, 7, 9, 2, "single"),))
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(classic_weapon(
        "Long sword", 6, 5, 5, 9, 12, 4, "single"),))
    log = CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", character=ann),
        AddCombatant(id="bo", name="Bo", side="b", character=bo, size_class=size)])  # type: ignore[arg-type]
    log.push(SetOption(option="size_class", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    return log


@pytest.mark.parametrize(("size", "damage_dice", "levels", "plain"), [
    # 17 + 14 = 31 - 10 = 21 past soak; large x0.9 = 18.9 -> 19: 4 levels, not 5.
    ("large", (7, 7), 4, 5),
    # 17 + 5 = 22 - 10 = 12; monstrous x0.7 = 8.4 -> 8: 2 levels, not 3.
    ("monstrous", (2, 3), 2, 3),
    # 17 + 5 = 22 - 10 = 12; tiny x1.3 = 15.6 -> 16: 4 levels, not 3.
    ("tiny", (2, 3), 4, 3),
])
def test_classic_size_class_scales_damage_past_soak(
        size: str, damage_dice: tuple[int, int], levels: int, plain: int) -> None:
    log = _classic_sized(size)
    dice = AttackDice(typed((9, 9)), typed((1, 2)), typed(damage_dice))
    on = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    assert on.levels == levels
    assert on.outcome.startswith(f"RULES 3.3 size class {size.replace('_', ' ')}")
    log.push(SetOption(option="size_class", value=False))
    assert resolve_attack(log.state, "ann", "bo", SWORD, dice).levels == plain


def test_classic_odds_count_the_size_class() -> None:
    log = _classic_sized("large")
    odds = declared_attack_odds(log.state, "ann")
    # Net 7 + t; 4 levels when round(0.9 x (7 + t)) is 16-20: 7 + t in 18-22, t 11-15.
    dist = open_2d10_total_distribution()
    assert odds.outcomes["4"] == pytest.approx(odds.hit * sum(dist.get(t, 0.0)
                                                              for t in range(11, 16)))
    log.push(SetOption(option="size_class", value=False))
    plain = declared_attack_odds(log.state, "ann")
    assert plain.outcomes["4"] == pytest.approx(plain.hit * sum(dist.get(t, 0.0)
                                                                for t in range(9, 14)))


def _v08_sized(size: str) -> CombatLog:
    log = CombatLog("0.8")
    log.push(v08_setup.BRENNA)
    log.push(v08_setup.ORC.model_copy(update={"size_class": size}))
    log.push(Initiative(id="brenna", dice=(14,), total=30))
    log.push(Initiative(id="orc", dice=(8,), total=20))
    log.push(SetOption(option="size_class", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    return log


def test_v08_size_class_scales_damage_past_soak_and_the_odds_follow() -> None:
    log = _v08_sized("large")
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(15, 2, 17))
    # 15 + 17 = 32 - 12 = 20 past soak; x0.9 = 18: 1 + 18 // 5 = 4 wounds, not 5.
    assert (e.damage_total, e.levels) == (32, 4)
    assert "size class: damage past Orc's soak ×0.9 (large)" in e.outcome
    odds = declared_attack_odds_v08(log.state, "brenna")
    # 5 wounds need round(0.9 x (3 + f)) of 20-24: 3 + f of 22-23, faces 19 and 20.
    assert odds.outcomes["5"] == pytest.approx(odds.hit * 2 / 20)
    log.push(SetOption(option="size_class", value=False))
    assert resolve_attack_v08(log.state, "brenna", "orc",
                              v08_setup.dice(15, 2, 17)).levels == 5
    plain = declared_attack_odds_v08(log.state, "brenna")
    assert plain.outcomes["5"] == pytest.approx(plain.hit * 4 / 20)


def test_v08_tiny_target_takes_more() -> None:
    log = _v08_sized("tiny")
    # 15 + 12 = 27 - 12 = 15; x1.3 = 19.5 -> 20 (halves up): 1 + 4 = 5 wounds, not 4.
    assert resolve_attack_v08(log.state, "brenna", "orc",
                              v08_setup.dice(15, 2, 12)).levels == 5
