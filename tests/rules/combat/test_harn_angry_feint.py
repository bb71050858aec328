"""RULES 3.3 angry strike and feint, declared with their X, in both editions.

Numbers: classic Ann (Short sword, Single weapon 100%) attack 14, damage 17
against Bo (Long sword) defence 11, soak 10 (test_surprised.classic_pair); 0.8
Brenna (Broad sword, Single weapon 4) attack 21, damage 15 against the Orc's
Dagger defence 11, soak 12 (v08_setup). Angry strike: -2 attack per +1 damage,
at most skill% / 25 (classic: 100 / 25 = 4) or the skill level (0.8: 4). Feint:
attacker -X, defender -X/2 rounded down.
"""

from __future__ import annotations

import pytest

from tests.rules.builders import BOW, classic, v08, v08_weapon
from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, Initiative, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import attack_odds


def _classic_with(option: str, **decl: int) -> CombatLog:
    log = classic_pair()
    log.push(SetOption(option=option, value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD, **decl))
    return log


def _v08_with(option: str, **decl: int) -> CombatLog:
    log = v08_setup.fight()
    log.push(SetOption(option=option, value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, **decl)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    return log


def test_classic_angry_strike_trades_attack_for_damage_and_off_it_does_not() -> None:
    log = _classic_with("angry_strike", angry_strike=2)
    dice = AttackDice(typed((5, 5)), typed((3, 2)), typed((4, 4)))
    on = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    # 14 - 4 + 10 = 20 against 11 + 5 = 16: a hit; damage 17 + 2 + 8 = 27 - 10 = 17
    # -> 4 body levels (RULES 1.6).
    assert (on.attack_total, on.defence_total, on.hit) == (20, 16, True)
    assert (on.damage_total, on.levels) == (27, 4)
    assert ("attack: RULES 3.3 angry strike +2 damage", -4) in on.modifiers
    assert ("damage: RULES 3.3 angry strike", 2) in on.modifiers
    odds = declared_attack_odds(log.state, "ann")
    assert odds.hit == pytest.approx(attack_odds("classic", 10, 11, damage=19, soak=10).hit)
    log.push(SetOption(option="angry_strike", value=False))
    off = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    # Ignored: 24 to hit, damage 25 - 10 = 15 -> 3 levels.
    assert (off.attack_total, off.damage_total, off.levels) == (24, 25, 3)


def test_v08_angry_strike_trades_attack_for_damage() -> None:
    log = _v08_with("angry_strike", angry_strike=3)
    on = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 10, 10))
    # 21 - 6 + 10 = 25 against 11 + 10 = 21; damage 15 + 3 + 10 = 28 - 12 = 16
    # -> 1 + 16 // 5 = 4 wounds (RULES 2).
    assert (on.attack_total, on.defence_total, on.hit) == (25, 21, True)
    assert (on.damage_total, on.levels) == (28, 4)
    odds = declared_attack_odds_v08(log.state, "brenna")
    assert odds.hit == pytest.approx(attack_odds("0.8", 15, 11, damage=18, soak=12).hit)
    log.push(SetOption(option="angry_strike", value=False))
    off = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 10, 10))
    assert (off.attack_total, off.damage_total, off.levels) == (31, 25, 3)


def test_classic_feint_lowers_both_and_turns_a_hit_into_a_miss() -> None:
    log = _classic_with("feint", feint=6)
    dice = AttackDice(typed((5, 5)), typed((6, 6)), typed((4, 4)))
    on = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    # 14 - 6 + 10 = 18 against 11 - 3 + 12 = 20: a miss.
    assert (on.attack_total, on.defence_total, on.hit) == (18, 20, False)
    assert ("attack: RULES 3.3 feint 6", -6) in on.modifiers
    assert ("target's defence: RULES 3.3 feint by Ann", -3) in on.modifiers
    odds = declared_attack_odds(log.state, "ann")
    assert odds.hit == pytest.approx(attack_odds("classic", 8, 8, damage=17, soak=10).hit)
    log.push(SetOption(option="feint", value=False))
    off = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    # Ignored: 24 against 23, a hit.
    assert (off.attack_total, off.defence_total, off.hit) == (24, 23, True)


def test_v08_feint_lowers_both_and_turns_a_hit_into_a_miss() -> None:
    log = _v08_with("feint", feint=5)
    on = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(3, 12))
    # 21 - 5 + 3 = 19 against 11 - 2 + 12 = 21: a miss (5 // 2 = 2).
    assert (on.attack_total, on.defence_total, on.hit) == (19, 21, False)
    assert ("defence: RULES 3.3 feint by Brenna", -2) in on.modifiers
    log.push(SetOption(option="feint", value=False))
    off = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(3, 12))
    assert (off.attack_total, off.defence_total, off.hit) == (24, 23, True)


@pytest.mark.parametrize(("options", "decl", "message"), [
    ((), {"angry_strike": 1}, "angry_strike: the optional rule Angry strike (RULES 3.3) is off"),
    ((), {"feint": 2}, "feint: the optional rule Feint (RULES 3.3) is off"),
    (("angry_strike",), {"angry_strike": 5},
     "angry_strike: Ann may add at most +4 damage with Single weapon: Short sword "
     "(Single weapon 100% / 25), not +5 (RULES 3.3)"),
    (("feint",), {"feint": 14}, "feint: Ann's attack 14 with Single weapon: Short sword "
     "would drop to 0; it must stay at least 1 (RULES 3.3)"),
    (("feint", "angry_strike"), {"feint": 8, "angry_strike": 3},
     "angry_strike and feint: Ann's attack 14"),
])
def test_classic_bad_declarations_are_refused_naming_the_field(
        options: tuple[str, ...], decl: dict[str, int], message: str) -> None:
    log = classic_pair()
    for o in options:
        log.push(SetOption(option=o, value=True))
    before = len(log.events)
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("+", r"\+")):
        log.push(Declare(id="ann", action="attack", target="bo", style=SWORD, **decl))
    assert len(log.events) == before and log.state.fighter("ann").declaration is None


def test_v08_cap_is_the_skill_level_and_flails_cannot_feint() -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="angry_strike", value=True))
    log.push(SetOption(option="feint", value=True))
    with pytest.raises(RulesError, match=r"at most \+4 damage .*\(Single weapon 4\)"):
        v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, angry_strike=5)
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, angry_strike=4)
    flail = v08_weapon("War flail", 4, 0, 14, 4, 2, "single", props=("crushing", "chain"))
    log.push(AddCombatant(id="fl", name="Flailer", side="orcs", character=v08(
        "Flailer", skills={"Single weapon": 3}, weapons=(flail,))))
    log.push(Initiative(id="fl", dice=(5,), total=17))
    with pytest.raises(RulesError, match="feint: Flailer's War flail is a flexible weapon"):
        log.push(Declare(id="fl", action="attack", target="brenna",
                         style="Single weapon: War flail", feint=2))


def test_missiles_are_neither_angry_strikes_nor_feints() -> None:
    log = classic_pair()
    log.push(SetOption(option="feint", value=True))
    log.push(AddCombatant(id="archer", name="Archer", side="a", character=classic(
        "Archer", skills={"Bow": 100}, weapons=(BOW,))))
    with pytest.raises(RulesError, match="feint: only a melee attack can be a feint"):
        log.push(Declare(id="archer", action="missile", target="bo", style="Bow: Bow",
                         range_m=5, feint=2))


def test_the_log_says_what_was_declared() -> None:
    log = classic_pair()
    log.push(SetOption(option="angry_strike", value=True))
    log.push(SetOption(option="feint", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD, angry_strike=1,
                     feint=2))
    assert v08_setup.last_sentence(log) == ("Ann will attack Bo with Single weapon: Short "
                                            "sword (angry strike +1 damage, feint 2).")
