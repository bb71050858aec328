"""RULES 3.1 "Battle board rows" (issue 14 item 1): range is the difference of
rows, a melee strike reaches 1 row, a target beyond it defends at +10 (one row
out), never hit beyond twice the reach; missiles take their distance from the
rows (metres per row, 5 by default). Numbers worked by hand from RULES 1.5, 1.8,
2 and 3.1; every test also shows the outcome without the option."""

from __future__ import annotations

import pytest

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from tests.rules.combat import v08_setup
from tests.rules.combat.specials_helpers import BOW_T
from tests.rules.combat.test_missile_v08 import BOW as LONG_BOW
from tests.rules.combat.test_missile_v08 import board as v08_missile_board
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import attack_modifiers_v08, resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, MoveRow, Override, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.missile_v08 import plan_missile
from yags_desk.rules.combat.modifiers_classic import attack_modifiers
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.optional.board import out_of_range_bonus
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import attack_odds

SWORD = "Single weapon: Short sword"
BOW = "Bow: Bow"
BOARD = SetOption(option="board_rows", value=True)


def rows_pair(ann_row: int = 0, bo_row: int = 2) -> CombatLog:
    """Ann: Dexterity 10 x Single weapon 100% + Short sword 4 = attack 14, damage
    Strength 10 + 7 = 17. Bo: 10 x 100% + Long sword Defn 5 = defence 15... less the
    Long sword's Strength shortfall: 11 in all (as test_optional_hook). Soak 10.
    The archer: Bow 12 x 100% + 12 = 24."""
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    archer = classic("Archer", perception=12, skills={"Bow": 100}, weapons=(BOW_T,))
    return CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", row=ann_row, character=ann),
        AddCombatant(id="bo", name="Bo", side="b", row=bo_row, character=bo),
        AddCombatant(id="archer", name="Archer", side="a", row=0, character=archer)])


@pytest.mark.parametrize(("distance", "reach", "minimum", "bonus"), [
    (0, 1, 0, 0), (1, 1, 0, 0), (2, 1, 0, 10), (3, 1, 0, None),
    (3, 2, 0, 10), (4, 2, 0, 15), (5, 2, 0, None), (6, 3, 0, 20),
    (0, 2, 1, 10), (1, 2, 1, 0)])
def test_out_of_range_bonus(distance: int, reach: int, minimum: int, bonus: int | None) -> None:
    # RULES 3.1: +10 one row out, +15 two, +5 per further row; never beyond twice
    # the reach; rows inside the minimum range count the same.
    assert out_of_range_bonus(distance, reach, minimum) == bonus


def test_classic_strike_one_row_beyond_reach_meets_defence_plus_10() -> None:
    log = rows_pair(0, 2)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    dice = AttackDice(typed((5, 5)), typed((6, 6)), typed((5, 5)))
    # Without the option: 14 + 10 = 24 against 11 + 12 = 23, a hit.
    off = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    assert (off.attack_total, off.defence_total, off.hit) == (24, 23, True)
    log.push(BOARD)
    # Two rows apart, reach 1: one row out, Bo defends at 23 + 10 = 33 and is missed.
    on = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    assert (on.attack_total, on.defence_total, on.hit) == (24, 33, False)
    assert ("target's defence: RULES 3.1 out of range (2 rows, reach 1)", 10) in on.modifiers
    # The exact odds see the same +10: attack 14 against defence 21 + 2d10!.
    odds = declared_attack_odds(log.state, "ann")
    assert odds.hit == pytest.approx(attack_odds("classic", 14, 21, damage=17, soak=10).hit)


def test_classic_strike_within_reach_is_unchanged() -> None:
    log = rows_pair(1, 2)
    log.push(BOARD)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    e = resolve_attack(log.state, "ann", "bo", SWORD,
                       AttackDice(typed((5, 5)), typed((6, 6)), typed((5, 5))))
    assert (e.defence_total, e.hit) == (23, True)


def test_strike_beyond_twice_the_reach_is_refused_and_the_log_unchanged() -> None:
    log = rows_pair(0, 3)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))  # option off: fine
    log.push(BOARD)
    with pytest.raises(RulesError, match=r"Bo is 3 rows from Ann.*RULES 3\.1 out of range"):
        resolve_attack(log.state, "ann", "bo", SWORD,
                       AttackDice(typed((5, 5)), typed((6, 6)), typed((5, 5))))
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"^target: Ann is 3 rows from Bo"):
        log.push(Declare(id="bo", action="attack", target="ann", style="Single weapon: "
                         "Long sword"))
    assert (log.events, log.state) == before


def test_classic_missile_distance_comes_from_the_rows() -> None:
    log = rows_pair(0, 6)
    log.push(BOARD)
    # No metres typed: 6 rows x 5 m = 30 m, the Bow's medium band (26-50 m): -5.
    log.push(Declare(id="archer", action="missile", target="bo", style=BOW))
    m = attack_modifiers(log.state, "archer")
    assert m.attack == (("Medium range (30 m)", -5),)
    # Twelve metres a row: 72 m, long range (-15 attack, -5 damage).
    log.push(SetOption(option="board_metres_per_row", value=12))
    m = attack_modifiers(log.state, "archer")
    assert m.attack == (("Long range (72 m)", -15),)
    assert m.damage == (("Long range (72 m)", -5),)
    # 21 rows x 12 m = 252 m: beyond the extreme 120 m, refused (RULES 1.8).
    log.push(Override(id="bo", field="row", value=21, reason="runs"))
    with pytest.raises(RulesError, match=r"252 m is beyond the extreme range"):
        log.push(Declare(id="archer", action="missile", target="bo", style=BOW))


def test_classic_missile_without_the_option_needs_typed_metres() -> None:
    log = rows_pair(0, 6)
    with pytest.raises(RulesError, match="range_m: a missile attack needs the distance"):
        log.push(Declare(id="archer", action="missile", target="bo", style=BOW))
    log.push(Declare(id="archer", action="missile", target="bo", style=BOW, range_m=10))
    assert attack_modifiers(log.state, "archer").attack == ()  # short range: typed 10 m


def test_v08_strike_one_row_beyond_reach() -> None:
    # Brenna (row 1) strikes the Bandit (row 3): attack 21 + 10 = 31 against the
    # Bandit's defence 12 + 10 = 22 (a hit without the option); with it, 22 + 10 = 32.
    log = v08_setup.fight(bandit=True)
    v08_setup.declare(log, "brenna", "bandit", v08_setup.SWORD)
    v08_setup.declare(log, "bandit", "brenna", v08_setup.SWORD)
    off = resolve_attack_v08(log.state, "brenna", "bandit", v08_setup.dice(10, 10))
    assert (off.attack_total, off.defence_total, off.hit) == (31, 22, True)
    log.push(BOARD)
    on = resolve_attack_v08(log.state, "brenna", "bandit", v08_setup.dice(10, 10))
    assert (on.attack_total, on.defence_total, on.hit) == (31, 32, False)
    assert ("defence: RULES 3.1 out of range (2 rows, reach 1)", 10) in on.modifiers
    # The Orc stands next to Brenna (rows 1 and 2): nothing added.
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    plain = attack_modifiers_v08(log.state, "orc", "brenna")
    assert not any("RULES 3.1" in label for label, _ in plain.modifiers)


def test_v08_missile_distance_comes_from_the_rows() -> None:
    log = v08_missile_board()
    log.push(Override(id="orc", field="row", value=10, reason="far"))  # archer in row 0
    log.push(BOARD)
    log.push(SetOption(option="board_metres_per_row", value=8))
    log.push(Declare(id="archer", action="missile", target="orc", style=LONG_BOW,
                     defences=1))
    # 10 rows x 8 m = 80 m: beyond the Long bow's short 60 m, medium band.
    p = plan_missile(log.state, "archer", "orc")
    assert (p.distance, p.band) == (80, "medium")


def test_the_log_sentence_names_the_rule() -> None:
    log = rows_pair(0, 2)
    log.push(BOARD)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((9, 9)), typed((2, 2)), typed((5, 5)))))
    n = len(log.events) - 1
    text = describe(log.events[n], log.state_before(n), log.state)
    # 14 + 18 = 32 against 11 + 4 = 15, +10 out of range = 25.
    assert text.startswith("Ann hits Bo (RULES 3.1 out of range (2 rows, reach 1): defence "
                           "+10): 32 against 25;")


def test_v08_shooter_moving_rows_past_half_move_doubles_the_distance() -> None:
    # combat-missile.yags: a firer moving more than half Move (6 m for the Archer:
    # Move 12) counts the distance twice. Orc 10 rows off, the Archer moves 2 rows
    # (10 m) closer: 8 rows x 5 m = 40 m, counted as 80 m.
    log = v08_missile_board()
    log.push(Override(id="orc", field="row", value=10, reason="far"))
    log.push(BOARD)
    log.push(Declare(id="archer", action="missile", target="orc", style=LONG_BOW,
                     defences=1))
    assert (plan_missile(log.state, "archer", "orc").distance,
            plan_missile(log.state, "archer", "orc").effective) == (50, 50)
    log.push(MoveRow(id="archer", row=2))
    p = plan_missile(log.state, "archer", "orc")
    assert (p.distance, p.effective) == (40, 80)
