"""A 0.8 attack from declarations and typed d20s to its effects and sentence (RULES 2)."""

from __future__ import annotations

import random

import pytest

from tests.rules.combat.v08_setup import (
    BRENNA,
    DAGGER,
    ORC,
    SWORD,
    declare,
    dice,
    fight,
    last_sentence,
)
from yags_desk.rules.combat.attack_v08 import (
    attack_modifiers_v08,
    resolve_attack_v08,
    roll_dice_v08,
)
from yags_desk.rules.combat.checks_v08 import act_normally
from yags_desk.rules.combat.events import (
    Declare,
    Initiative,
    Override,
    SetCondition,
    Wound,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.procedure_v08 import counter_strike_due
from yags_desk.rules.combat.round_v08 import defence_penalty
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import attack_odds
from yags_desk.rules.options import RulesOptions


def duel(orc_defences: int | None = 1, orc_style: str = DAGGER) -> CombatLog:
    log = fight()
    declare(log, "orc", "brenna", orc_style, orc_defences)
    declare(log, "brenna", "orc", SWORD)
    return log


def test_hit_wounds_and_sentence() -> None:
    log = duel()
    # 21 + 10 = 31 against 11 + 8 = 19; damage 15 + 9 = 24 - soak 12 = 12 -> 1 + 2 = 3
    e = resolve_attack_v08(log.state, "brenna", "orc", dice(10, 8, 9))
    log.push(e)
    assert (e.attack_total, e.defence_total, e.damage_total, e.soak, e.levels) == (
        31, 19, 24, 12, 3)
    assert log.state.fighter("orc").wounds == 3
    assert last_sentence(log) == (
        "Brenna attacks Orc and hits: 31 against 19; damage 24 − soak 12 = 12 → 3 wounds, "
        "wounds Medium (-6).")


def test_damage_below_soak_does_nothing() -> None:
    log = duel()
    log.push(resolve_attack_v08(log.state, "orc", "brenna", dice(20, 1, 3)))  # 8 + 3 = 11
    assert log.state.fighter("brenna").wounds == log.state.fighter("brenna").stuns == 0
    assert last_sentence(log).endswith("= -1 → no damage.")


def test_active_defence_counts_at_least_15() -> None:
    log = duel()
    e = resolve_attack_v08(log.state, "brenna", "orc", dice(5, 2))  # 11 + 2 = 13 -> 15
    assert e.defence_dice == (2,) and e.defence_total == 15 and not e.defence_fumble


def test_natural_one_fumbles_attack_and_defence() -> None:
    log = duel()
    e = resolve_attack_v08(log.state, "brenna", "orc", dice(1, 5))
    assert e.attack_fumble and not e.hit and e.effects == ()
    log.push(e)
    assert "fumbles (d20 1)" in last_sentence(log)
    log = duel()
    e = resolve_attack_v08(log.state, "brenna", "orc", dice(2, 1))  # 23 against 15
    assert e.defence_fumble and e.defence_total == 15 and e.hit
    log.push(e)
    assert "(defence fumbled)" in last_sentence(log)


@pytest.mark.parametrize("defences,penalty", [(0, 0), (1, 0), (2, -10), (3, -20), (4, -40),
                                              (5, -60), (6, -80), (7, -100)])
def test_defence_penalty_table(defences: int, penalty: int) -> None:
    assert defence_penalty(defences) == penalty


def test_declared_defences_penalise_attacks_and_defences() -> None:
    log = fight()
    declare(log, "brenna", "orc", SWORD, 3)
    declare(log, "orc", "brenna", DAGGER)
    m = attack_modifiers_v08(log.state, "brenna", "orc")
    assert m.attack == 21 - 20 and ("attack: Brenna's 3 defences", -20) in m.modifiers
    assert attack_modifiers_v08(log.state, "orc", "brenna").defence == 19 - 20


@pytest.mark.parametrize("stance,attack,damage,defence", [
    ("normal", 21, 15, 19), ("aggressive", 26, 20, 9), ("defensive", 11, 15, 24),
    ("prone", 11, 15, 9)])
def test_stances(stance: str, attack: int, damage: int, defence: int) -> None:
    log = fight()
    declare(log, "brenna", "orc", SWORD, stance=stance)
    declare(log, "orc", "brenna", DAGGER)
    mine = attack_modifiers_v08(log.state, "brenna", "orc")
    assert (mine.attack, mine.damage) == (attack, damage)
    assert attack_modifiers_v08(log.state, "orc", "brenna").defence == defence


def test_knocked_prone_fights_prone_whatever_it_declared() -> None:
    log = fight()
    declare(log, "brenna", "orc", SWORD, stance="aggressive")
    log.push(SetCondition(id="brenna", condition="prone"))
    assert attack_modifiers_v08(log.state, "brenna", "orc").attack == 21 - 10


def test_each_defence_covers_one_attacker_later_ones_face_15() -> None:
    log = fight(bandit=True)
    declare(log, "brenna", "orc", SWORD, 1)
    declare(log, "orc", "brenna", DAGGER)
    declare(log, "bandit", "brenna", SWORD)
    log.push(resolve_attack_v08(log.state, "brenna", "orc", dice(2, 2, 1)))
    assert log.state.fighter("brenna").defending == ("orc",)
    # Brenna's one defence went to the Orc she fights: the Bandit faces passive 15.
    e = resolve_attack_v08(log.state, "bandit", "brenna", dice(5, 19, 3))
    assert e.defence_dice == () and e.defence_total == 15 and e.hit  # 14 + 5 = 19
    forged = e.model_copy(update={"defence_dice": (19,), "defence_total": 38, "hit": False})
    before = (log.events, log.state)
    with pytest.raises(RulesError, match="no declared defence left for Bandit"):
        log.push(forged)
    assert (log.events, log.state) == before
    log.push(e)
    assert "(passive)" in last_sentence(log)
    # The Bandit's 15 + 3 = 18 did 2 wounds (Light, -3). The Orc still meets her
    # active defence: 11 + 8 = 19 against 19 - 3 + 5 = 21.
    e = resolve_attack_v08(log.state, "orc", "brenna", dice(8, 5))
    assert e.defence_dice == (5,) and e.defence_total == 21 and not e.hit


def test_counter_strike_when_the_attacker_kept_no_defence() -> None:
    log = duel(orc_defences=0)
    log.push(resolve_attack_v08(log.state, "orc", "brenna", dice(10, 5, 5)))  # 21 vs 24
    assert counter_strike_due(log.state, "brenna", "orc")
    # The Orc declared no defence: the counter strike meets the passive 15.
    e = resolve_attack_v08(log.state, "brenna", "orc", dice(10, 18, 9), counter=True)
    assert e.counter and e.defence_dice == () and (e.attack_total, e.levels) == (31, 3)
    log.push(e)
    assert last_sentence(log).startswith(
        "Brenna counter strikes Orc and hits: 31 against 15 (passive); damage 24")
    assert not counter_strike_due(log.state, "brenna", "orc")
    with pytest.raises(RulesError, match="may counter strike only"):
        resolve_attack_v08(log.state, "brenna", "orc", dice(10, 18), counter=True)
    # The counter strike did not use Brenna's own declared attack.
    assert not log.state.fighter("brenna").attacked
    log.push(resolve_attack_v08(log.state, "brenna", "orc", dice(10, 18)))


def test_no_counter_strike_against_a_defended_attack_or_from_the_fallen() -> None:
    log = duel(orc_defences=1)
    log.push(resolve_attack_v08(log.state, "orc", "brenna", dice(10, 5)))
    assert not counter_strike_due(log.state, "brenna", "orc")
    with pytest.raises(RulesError, match="may counter strike only"):
        resolve_attack_v08(log.state, "brenna", "orc", dice(10, 5), counter=True)
    log = duel(orc_defences=0)
    log.push(resolve_attack_v08(log.state, "orc", "brenna", dice(10, 5)))
    log.push(SetCondition(id="brenna", condition="unconscious"))
    assert not counter_strike_due(log.state, "brenna", "orc")
    with pytest.raises(RulesError, match="unconscious and cannot attack"):
        resolve_attack_v08(log.state, "brenna", "orc", dice(10, 5), counter=True)


def test_initiative_zero_halves_skill_rolls_unless_fatigue_is_taken() -> None:
    log = duel()
    log.push(Override(id="brenna", field="initiative", value=0, reason="shock"))
    e = resolve_attack_v08(log.state, "brenna", "orc", dice(10, 8))
    assert e.attack_total == (21 + 10) // 2 and not e.hit  # 15 against 19
    log.push(e)
    assert "Brenna's attack halved at initiative 0" in last_sentence(log)
    log = duel()
    log.push(Override(id="orc", field="initiative", value=0, reason="shock"))
    e = resolve_attack_v08(log.state, "brenna", "orc", dice(10, 8))
    assert e.defence_total == 15  # (11 + 8) // 2 = 9, at least 15
    log = duel()
    log.push(Override(id="brenna", field="initiative", value=0, reason="shock"))
    log.push(act_normally(log.state, "brenna"))
    assert log.state.fighter("brenna").fatigue_short == 1
    assert resolve_attack_v08(log.state, "brenna", "orc", dice(10, 8)).attack_total == 31


def test_stun_weapons_follow_the_replace_rule() -> None:
    log = duel(orc_style="Brawl")  # unarmed: damage 4, stuns
    e = resolve_attack_v08(log.state, "orc", "brenna", dice(20, 2, 20))  # 29 vs 21; 24
    log.push(e)
    b = log.state.fighter("brenna")
    assert e.damage_kind == "stuns" and (b.stuns, b.wounds) == (3, 0)
    assert last_sentence(log).endswith("→ 3 stuns, stuns Medium (-6).")


def test_mixed_damage_alternates_first_to_stuns() -> None:
    log = duel()
    e = resolve_attack_v08(log.state, "orc", "brenna", dice(20, 2, 14))  # 8 + 14 = 22: 3
    log.push(e)
    b = log.state.fighter("brenna")
    assert (b.stuns, b.wounds) == (2, 1)
    assert "→ 3 levels mixed: 2 stuns + 1 wound" in last_sentence(log)


def test_mixed_stuns_add_up_the_sources_example() -> None:
    """combat.yags: four stuns and one level of mixed damage make five stuns
    (a blow of plain stuns that small would do nothing)."""
    log = duel()
    log.push(Override(id="brenna", field="stuns", value=4, reason="earlier brawl"))
    log.push(resolve_attack_v08(log.state, "orc", "brenna", dice(20, 2, 4)))  # 12: 1 level
    assert log.state.fighter("brenna").stuns == 5


def test_ineffective_attack_does_half_the_levels_as_stuns() -> None:
    log = duel()
    e = resolve_attack_v08(log.state, "brenna", "orc", dice(10, 8, 9), ineffective=True)
    log.push(e)
    orc = log.state.fighter("orc")
    assert e.ineffective and e.damage_kind == "stuns" and e.levels == 1
    assert (orc.wounds, orc.stuns) == (0, 1)
    assert "→ 3 levels, ineffective: 1 stun" in last_sentence(log)


def test_a_waiting_fighter_may_strike_whoever_sets_it_off() -> None:
    log = fight(bandit=True)
    log.push(Declare(id="brenna", action="wait", target="orc", note="when anyone charges"))
    e = resolve_attack_v08(log.state, "brenna", "bandit", dice(10, 5))
    log.push(e)
    assert e.style == SWORD and log.state.fighter("brenna").attacked


def test_old_wound_penalties_option_reaches_the_attack() -> None:
    log = CombatLog("0.8", options=RulesOptions(v08_old_wound_penalties=True))
    for e in fight().events:
        log.push(e)
    declare(log, "brenna", "orc", SWORD)
    log.push(Wound(id="brenna", levels=2))  # Light: -5 in the older set, -3 in the table
    assert attack_modifiers_v08(log.state, "brenna", "orc").attack == 21 - 5


def test_load_lowers_agility_and_so_the_brawl_odds() -> None:
    log = CombatLog("0.8")
    log.push(BRENNA)
    # Strength 4: load above 16 (up to 32) is medium encumbrance, Agility 3 - 1 = 2.
    log.push(ORC.model_copy(update={"character": ORC.character.model_copy(
        update={"other_load": 20})}))
    log.push(Initiative(id="brenna", dice=(14,), total=30))
    log.push(Initiative(id="orc", dice=(8,), total=20))
    declare(log, "orc", "brenna", DAGGER)
    m = attack_modifiers_v08(log.state, "orc", "brenna")
    assert m.attack == 2 * 3 + 2
    # Load above Strength also raises the fumble chance: medium is 1 + 2 = 3
    # (combat.yags Armour, [decision] in derived_v08.load_fumble).
    assert declared_attack_odds_v08(log.state, "orc") == attack_odds(
        "0.8", 8, 19, damage=8, soak=12, fumble_chance=3)


def test_refusals_name_the_rule_and_leave_the_log_unchanged() -> None:
    log = fight(bandit=True)

    def refused(attacker: str, defender: str, match: str) -> None:
        before = (log.events, log.state)
        with pytest.raises(RulesError, match=match):
            log.push(resolve_attack_v08(log.state, attacker, defender, dice(10, 5)))
        assert (log.events, log.state) == before

    refused("brenna", "orc", r"Brenna declared no attack this round.*\(RULES 2\)")
    declare(log, "brenna", "orc", SWORD)
    refused("brenna", "bandit", "declared an attack on Orc, not on Bandit")
    log.push(Wound(id="brenna", levels=6))
    refused("brenna", "orc", "Fatal Health check .* must be made before Brenna attacks")
    log.push(SetCondition(id="orc", condition="unconscious"))
    refused("orc", "brenna", "Orc is unconscious and cannot attack")


def test_declared_odds_are_the_odds_engine_with_the_same_numbers() -> None:
    log = duel()
    odds = declared_attack_odds_v08(log.state, "brenna")
    assert odds == attack_odds("0.8", 21, 11, damage=15, soak=12)
    # By hand: attack 1 misses; attack a = 2..9 hits a + 10 of 20 defence faces
    # (defence 1-4 count 15), a >= 10 always: (44 + 80 + 220) / 400.
    assert odds.hit == pytest.approx(0.86)


def test_declared_odds_halved_at_initiative_zero_by_hand() -> None:
    log = duel()
    log.push(Override(id="brenna", field="initiative", value=0, reason="shock"))
    # (21 + a) // 2 = H >= 15 needs a >= 9; then 4 + (H - 15) defence faces hit:
    # 2 x (4 + 5 + 6 + 7 + 8 + 9) = 78 of 400.
    assert declared_attack_odds_v08(log.state, "brenna").hit == pytest.approx(0.195)


@pytest.mark.parametrize("zero", [False, True])
def test_rolled_attacks_match_the_declared_odds(zero: bool) -> None:
    log = duel()
    if zero:
        log.push(Override(id="brenna", field="initiative", value=0, reason="shock"))
    odds = declared_attack_odds_v08(log.state, "brenna")
    rng = random.Random(808)
    n = 6000
    counts = dict.fromkeys(odds.outcomes, 0)
    for _ in range(n):
        e = resolve_attack_v08(log.state, "brenna", "orc", roll_dice_v08(rng))
        key = ("miss" if not e.hit else "no_damage" if not e.levels
               else "7+" if e.levels >= 7 else str(e.levels))
        counts[key] += 1
    for key, p in odds.outcomes.items():
        se = max((p * (1 - p) / n) ** 0.5, 1e-9)
        assert abs(counts[key] / n - p) < 4.5 * se + 1e-9, key
