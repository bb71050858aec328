"""Classic special attacks that change the numbers of the attack (RULES 1.9), with
fixed dice: all-out, defensive fighting, ambush, piercing strike, killing blow,
subdue, aim and prepare; and the modifiers list the board shows."""

from __future__ import annotations

import pytest

from tests.rules.builders import classic
from tests.rules.combat.specials_helpers import (
    BOW_T,
    GREAT_AXE,
    aldric,
    bandit,
    board,
    declare,
    dice,
    duel,
    pushed,
    sentence,
)
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.events import (
    SPECIAL_ATTACKS,
    AddCombatant,
    Attack,
    Declare,
    EndRound,
    SetCondition,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.modifiers_classic import attack_modifiers, loses_initiative
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import RulesOptions

SS = "Single weapon: Short sword"
LS = "Single weapon: Long sword"
BOW = "Bow: Bow"


def bandit_attacks(log: CombatLog, d: AttackDice, target: str = "aldric") -> Attack:
    return pushed(log, resolve_attack(log.state, "bandit", target, SS, d))


def test_all_out_attack_plus_5_attack_and_initiative_minus_10_own_defence() -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="all_out")
    m = attack_modifiers(log.state, "bandit")
    assert m.attack == (("All-out attack", 5),) and m.initiative == (("All-out attack", 5),)
    assert m.defence == (("All-out attack", -10),) and not m.loses_initiative
    e = bandit_attacks(log, dice((5, 6), (2, 2), (6, 7)))
    assert (e.attack_total, e.defence_total) == (16 + 5 + 11, 15 + 4)
    assert e.special == "all_out" and ("attack: All-out attack", 5) in e.modifiers
    assert sentence(log).startswith("Bandit hits Aldric (all-out): 32 against 19;")
    # Aldric strikes back: the bandit's defence is 15 - 10 + 18 = 23, not 33.
    back = resolve_attack(log.state, "aldric", "bandit", LS, dice((5, 5), (9, 9), (1, 1)))
    assert back.defence_total == 23
    assert ("target's defence: All-out attack", -10) in back.modifiers


def test_defensive_fighting_plus_5_defence_minus_10_attack_and_initiative() -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="defensive")
    m = attack_modifiers(log.state, "bandit")
    assert m.attack == (("Defensive fighting", -10),)
    assert m.initiative == (("Defensive fighting", -10),)
    assert m.defence == (("Defensive fighting", 5),)
    e = bandit_attacks(log, dice((5, 6), None))
    assert e.attack_total == 16 - 10 + 11
    back = resolve_attack(log.state, "aldric", "bandit", LS, dice((5, 5), (2, 2)))
    assert back.defence_total == 15 + 5 + 4


def test_ambush_is_against_15_halves_soak_and_kills_with_two_levels() -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="ambush")
    # Aldric's defence dice are not used: an ambushed foe has no active defence.
    e = bandit_attacks(log, dice((2, 3), (9, 9), (5, 5)))
    assert (e.attack_total, e.defence_total, e.defence_dice) == (21, 15, ())
    # soak 17 halved (round down) = 8: damage 18 + 10 = 28 - 8 = 20 -> 4 levels
    assert (e.soak, e.levels, e.killed) == (8, 4, True)
    assert ("soak: Ambush: soak halved", -9) in e.modifiers
    assert log.state.fighter("aldric").dead and log.state.pending == ()
    assert sentence(log) == ("Bandit hits Aldric (ambush): 21 against 15 (no defence); "
                             "damage 28 − soak 8 = 20 → 4 levels, Serious (-7); "
                             "killed outright.")


def test_an_ambusher_cannot_defend_that_round() -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="ambush")
    e = resolve_attack(log.state, "aldric", "bandit", LS, dice((1, 4), (9, 9)))
    assert (e.defence_total, e.defence_dice, e.hit) == (15, (), True)


def test_piercing_strike_one_and_two_handed_and_armour_halved() -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="piercing")
    assert loses_initiative(log.state.fighter("bandit").declaration)
    e = bandit_attacks(log, dice((9, 9), None, (5, 5)))
    # attack 16 - 10 + 18 = 24; Aldric's armour 4 halved to 2: soak 15
    assert e.attack_total == 24 and e.soak == 15 and e.levels == 3
    assert ("own defence: Piercing strike", -5) in e.modifiers
    back = resolve_attack(log.state, "aldric", "bandit", LS, dice((5, 5), (9, 9)))
    assert back.defence_total == 15 - 5 + 18
    assert ("target's defence: Piercing strike", -5) in back.modifiers
    brute = classic("Brute", strength=16, skills={"Great weapon": 100}, weapons=(GREAT_AXE,))
    log2 = board(("brute", brute), ("aldric", aldric()))
    declare(log2, "brute", "aldric", "Great weapon: Great axe", special="piercing")
    m = attack_modifiers(log2.state, "brute")
    assert m.attack == (("Piercing strike, two-handed", -5),)


def test_piercing_leaves_base_soak_whole_when_no_armour() -> None:
    log = board(("bandit", bandit()), ("victim", classic("Victim", strength=12)))
    declare(log, "bandit", "victim", SS, special="piercing")
    assert attack_modifiers(log.state, "bandit").soak == ()


def test_killing_blow_minus_15_kills_only_with_two_levels() -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="killing_blow")
    assert loses_initiative(log.state.fighter("bandit").declaration)
    # 16 - 15 + 18 = 19 against 15; damage 18 + 3 - 17 = 4: one level, no kill
    e = bandit_attacks(log, dice((9, 9), None, (2, 1)))
    assert (e.attack_total, e.levels, e.killed) == (19, 1, False)
    assert not log.state.fighter("aldric").dead
    log = duel()
    declare(log, "bandit", "aldric", SS, special="killing_blow")
    e = bandit_attacks(log, dice((9, 9), None, (5, 5)))  # 28 - 17 = 11: 3 levels
    assert e.levels == 3 and e.killed and log.state.fighter("aldric").dead
    assert "(killing blow)" in sentence(log) and sentence(log).endswith("killed outright.")


def test_subdue_halves_the_weapon_dmg_and_tires() -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="subdue")
    m = attack_modifiers(log.state, "bandit")
    assert m.damage == (("Subdue: weapon Dmg halved", -4),) and m.subdue  # Dmg 7 -> 3
    e = bandit_attacks(log, dice((5, 6), None, (5, 5)))
    # damage 11 + 3 + 10 = 24 - 17 = 7: 2 levels of short-term fatigue, no wound
    assert (e.damage_total, e.levels, e.damage_kind) == (24, 2, "fatigue")
    a = log.state.fighter("aldric")
    assert (a.wounds, a.fatigue_short) == (0, 2)
    assert "→ 2 fatigue levels" in sentence(log)


@pytest.mark.parametrize("special", ["killing_blow", "ambush"])
def test_subdue_with_a_killing_blow_or_ambush_knocks_out(special: str) -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special=special, subdue=True)
    e = bandit_attacks(log, dice((9, 9), None, (9, 9)))
    assert e.levels >= 2 and not e.killed and e.outcome == "knocked out"
    a = log.state.fighter("aldric")
    assert a.has("unconscious") and not a.dead and a.wounds == 0
    assert "to subdue" in sentence(log, -2)


def test_aim_a_round_then_plus_quarter_perception_and_fumble_minus_2() -> None:
    archer = classic("Archer", perception=12, skills={"Bow": 100}, weapons=(BOW_T,))
    log = board(("archer", archer), ("aldric", aldric()))
    declare(log, "archer", "aldric", BOW, action="missile", special="aim", range_m=30)
    with pytest.raises(RulesError, match="aiming this round and does not attack"):
        resolve_attack(log.state, "archer", "aldric", BOW, dice((5, 5)))
    log.push(EndRound())
    assert log.state.fighter("archer").has("aimed")
    declare(log, "archer", "aldric", BOW, action="missile", range_m=30)
    m = attack_modifiers(log.state, "archer")
    assert m.attack == (("Aimed: ¼ Perception 12", 3), ("Medium range (30 m)", -5))
    assert m.fumble == (("Aimed", -2),)
    # dice 1 + 2 = 3 would fumble at 3; aimed, the fumble chance is 1
    e = resolve_attack(log.state, "archer", "aldric", BOW, dice((1, 2)))
    assert not e.attack_fumble and e.attack_total == 24 + 3 - 5 + 3 and e.hit
    log.push(EndRound())
    assert not log.state.fighter("archer").has("aimed")  # at most one round


def test_aimed_shot_may_be_a_killing_blow_and_aim_is_refused_twice_or_in_melee() -> None:
    archer = classic("Archer", perception=12, skills={"Bow": 100, "Single weapon": 100},
                     weapons=(BOW_T, aldric().weapons[0]))
    log = board(("archer", archer), ("aldric", aldric()))
    before = log.state
    with pytest.raises(RulesError, match=r"aiming needs a missile weapon.*RULES 1\.9"):
        declare(log, "archer", "aldric", LS, special="aim")
    assert log.state == before
    declare(log, "archer", "aldric", BOW, action="missile", special="aim", range_m=10)
    log.push(EndRound())
    with pytest.raises(RulesError, match="already aimed"):
        declare(log, "archer", "aldric", BOW, action="missile", special="aim", range_m=10)
    declare(log, "archer", "aldric", BOW, action="missile", special="killing_blow", range_m=10)
    m = attack_modifiers(log.state, "archer")
    assert m.attack == (("Killing blow", -15), ("Aimed: ¼ Perception 12", 3)) and m.kills


def test_prepare_no_attack_then_plus_5_melee_initiative_and_attack() -> None:
    log = duel()
    declare(log, "bandit", None, action="other", special="prepare")
    with pytest.raises(RulesError, match="preparing this round"):
        resolve_attack(log.state, "bandit", "aldric", SS, dice((5, 5)))
    log.push(EndRound())
    declare(log, "bandit", "aldric", SS)
    m = attack_modifiers(log.state, "bandit")
    assert m.attack == (("Prepared last round", 5),)
    assert m.initiative == (("Prepared last round", 5),)
    e = resolve_attack(log.state, "bandit", "aldric", SS, dice((5, 5)))
    assert e.attack_total == 16 + 5 + 10


def test_an_unconscious_aimer_gains_nothing() -> None:
    archer = classic("Archer", skills={"Bow": 100}, weapons=(BOW_T,))
    log = board(("archer", archer), ("aldric", aldric()))
    declare(log, "archer", "aldric", BOW, action="missile", special="aim", range_m=10)
    log.push(SetCondition(id="archer", condition="unconscious"))
    log.push(EndRound())
    assert not log.state.fighter("archer").has("aimed")


def test_loses_initiative_only_for_the_four_slow_specials() -> None:
    slow = {s for s in SPECIAL_ATTACKS
            if loses_initiative(Declare(id="x", target="y", special=s))}  # type: ignore[arg-type]
    assert slow == {"piercing", "disarm", "killing_blow", "break_weapon"}
    assert not loses_initiative(None)


def test_poor_conditions_raise_the_fumble_chance_in_the_modifiers() -> None:
    log = CombatLog("classic", options=RulesOptions(classic_fumble_chance=5))
    for fid, c in (("aldric", aldric()), ("bandit", bandit())):
        log.push(AddCombatant(id=fid, name=c.name, side=fid, character=c))
    declare(log, "bandit", "aldric", SS)
    assert attack_modifiers(log.state, "bandit").fumble == (("Conditions (fumble chance 5)", 2),)
    e = resolve_attack(log.state, "bandit", "aldric", SS, dice((2, 3)))
    assert e.attack_fumble  # 5 <= 5


def test_melee_only_specials_are_refused_with_a_missile() -> None:
    archer = classic("Archer", skills={"Bow": 100}, weapons=(BOW_T,))
    log = board(("archer", archer), ("aldric", aldric()))
    for special in ("all_out", "defensive", "piercing", "disarm", "break_weapon"):
        with pytest.raises(RulesError, match=r"is a melee attack \(RULES 1\.9\)"):
            declare(log, "archer", "aldric", BOW, action="missile", special=special,
                    range_m=10)
    with pytest.raises(RulesError, match="only thrown weapons"):
        declare(log, "archer", "aldric", BOW, action="missile", subdue=True, range_m=10)


def test_a_stun_lasts_through_the_next_round() -> None:
    log = board(("bandit", bandit()), ("victim", classic("Victim", strength=20)))
    # damage 18 + 2 = 20 against soak 20: stunned
    e = pushed(log, resolve_attack(log.state, "bandit", "victim", SS, dice((9, 9), None,
                                                                          (1, 1))))
    assert e.stunned
    log.push(EndRound())
    assert log.state.fighter("victim").has("stunned")
    log.push(EndRound())
    assert not log.state.fighter("victim").has("stunned")
