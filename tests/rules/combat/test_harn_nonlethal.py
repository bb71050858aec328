"""RULES 3.3 disarm, sweep and tackle as non-lethal attacks, in both editions.

A hit does no damage; the defender then rolls (classic: attribute + 2d10!; 0.8:
attribute x 4 + d20; Dexterity to keep a weapon, Agility to keep its feet) +6,
-2 per full 5 of the attack's margin, against 20 [decision]. Failing drops the
weapon (disarm), leaves the defender prone (sweep) or both prone (tackle).
Attack penalties (seed EML -15 / -10 / -10, / 5): disarm -3, sweep -2, tackle -2.
Classic Ann attack 14 against Bo defence 11, Dexterity and Agility 10; 0.8 Brenna
attack 21 against the Orc's defence 11, Dexterity 3.
"""

from __future__ import annotations

import pytest

from tests.rules.builders import classic, classic_weapon
from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.optional.harn_nonlethal import nonlethal_check
from yags_desk.rules.combat.steps import next_step
from yags_desk.rules.dice import d20_from_typed
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

STAFF = classic_weapon("Quarterstaff", 9, 5, 9, 6, 18, 2, "great", "two-handed")


def _classic(what: str, on: bool = True) -> CombatLog:
    log = classic_pair()
    log.push(SetOption(option="nonlethal", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD, nonlethal=what))
    if not on:
        log.push(SetOption(option="nonlethal", value=False))
    return log


DICE = AttackDice(typed((9, 9)), typed((2, 3)), typed((5, 5)))


def test_classic_disarm_hit_does_no_damage_and_a_failed_roll_drops_the_weapon() -> None:
    log = _classic("disarm")
    e = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    # 14 - 3 + 18 = 29 against 11 + 5 = 16: a hit by 13, no damage.
    assert (e.attack_total, e.defence_total, e.hit) == (29, 16, True)
    assert ("attack: RULES 3.3 disarm", -3) in e.modifiers
    assert (e.levels, e.damage_total, e.damage_dice) == (0, 0, ())
    log.push(e)
    step = next_step(log.state)
    assert step.kind == "check" and step.pending is not None
    assert (step.pending.id, step.pending.kind, step.pending.amount) == ("bo", "nonlethal", 13)
    # Bo: Dexterity 10 + 6 - 2 x (13 // 5) = 12; + 7 = 19 < 20: he drops the sword.
    c = nonlethal_check(log.state, step.pending, typed((3, 4)))
    assert (c.total, c.target, c.passed, c.outcome) == (19, 20, False,
                                                        "Bo drops the Long sword")
    kept = nonlethal_check(log.state, step.pending, typed((5, 4)))
    assert (kept.total, kept.passed) == (21, True)
    log.push(c)
    bo = log.state.fighter("bo")
    assert bo.weapon_state("Long sword") == "dropped" and bo.has("disarmed")
    assert not log.state.pending


def test_classic_with_the_option_off_the_same_attack_wounds() -> None:
    e = resolve_attack(_classic("disarm", on=False).state, "ann", "bo", SWORD, DICE)
    # 14 + 18 = 32 hits; damage 17 + 10 - 10 = 17: 4 body levels.
    assert (e.attack_total, e.levels) == (32, 4)


def test_classic_sweep_needs_a_staff_and_a_failure_leaves_the_defender_prone() -> None:
    log = classic_pair()
    log.push(SetOption(option="nonlethal", value=True))
    with pytest.raises(RulesError, match="nonlethal: Ann can sweep only with a staff or "
                                         "polearm, not with Single weapon: Short sword"):
        log.push(Declare(id="ann", action="attack", target="bo", style=SWORD,
                         nonlethal="sweep"))
    log.push(AddCombatant(id="cy", name="Cy", side="a", character=classic(
        "Cy", strength=18, skills={"Great weapon": 100}, weapons=(STAFF,))))
    style = "Great weapon: Quarterstaff"
    log.push(Declare(id="cy", action="attack", target="bo", style=style, nonlethal="sweep"))
    e = resolve_attack(log.state, "cy", "bo", style,
                       AttackDice(typed((5, 5)), typed((5, 5)), typed((5, 5))))
    # 10 + 5 - 2 + 10 = 23 against 11 + 10 = 21: a hit by 2.
    assert (e.attack_total, e.defence_total, e.hit, e.levels) == (23, 21, True, 0)
    log.push(e)
    # Agility 10 + 6 + 3 = 19: prone.
    c = nonlethal_check(log.state, log.state.pending[0], typed((1, 2)))
    assert (c.total, c.passed) == (19, False)
    log.push(c)
    assert log.state.fighter("bo").has("prone") and not log.state.fighter("cy").has("prone")


def test_classic_tackle_failure_puts_both_down_and_the_odds_have_no_damage() -> None:
    log = _classic("tackle")
    odds = declared_attack_odds(log.state, "ann")
    assert set(odds.outcomes) == {"miss", "hit"}
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, DICE))
    log.push(nonlethal_check(log.state, log.state.pending[0], typed((1, 3))))
    assert log.state.fighter("bo").has("prone") and log.state.fighter("ann").has("prone")


def test_classic_refusals_name_the_field() -> None:
    log = classic_pair()
    with pytest.raises(RulesError, match=r"nonlethal: the optional rule Disarm, sweep and "
                                         r"tackle \(RULES 3.3\) is off"):
        log.push(Declare(id="ann", action="attack", target="bo", style=SWORD,
                         nonlethal="tackle"))
    log.push(SetOption(option="nonlethal", value=True))
    with pytest.raises(RulesError, match="nonlethal: a disarm is this round's special"):
        log.push(Declare(id="ann", action="attack", target="bo", style=SWORD,
                         nonlethal="disarm", special="all_out"))


def test_v08_disarm_and_tackle() -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="nonlethal", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, nonlethal="disarm")
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    assert set(declared_attack_odds_v08(log.state, "brenna").outcomes) == {"miss", "hit"}
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 5, 20))
    # 21 - 3 + 10 = 28 against 11 + 5 = 16: a hit by 12, no damage.
    assert (e.attack_total, e.defence_total, e.hit) == (28, 16, True)
    assert (e.levels, e.damage_total, e.effects[0].kind) == (0, 0, "check")
    log.push(e)
    p = log.state.pending[0]
    # The Orc: Dexterity 3 x 4 + 6 - 4 = 14; + 5 = 19 < 20: it drops the Dagger.
    c = nonlethal_check(log.state, p, d20_from_typed(5))
    assert (c.total, c.passed, c.outcome) == (19, False, "Orc drops the Dagger")
    assert nonlethal_check(log.state, p, d20_from_typed(6)).passed
    log.push(c)
    assert log.state.fighter("orc").weapon_state("Dagger") == "dropped"


def test_v08_option_off_the_same_attack_wounds() -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="nonlethal", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, nonlethal="tackle")
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    log.push(SetOption(option="nonlethal", value=False))
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 5, 20))
    # 31 against 16; damage 15 + 20 - 12 = 23: 1 + 4 = 5 wounds.
    assert (e.attack_total, e.levels) == (31, 5)


def test_v08_tackle_failure_puts_both_down() -> None:
    log = v08_setup.fight()
    log.push(SetOption(option="nonlethal", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, nonlethal="tackle")
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    log.push(resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 5, 20)))
    log.push(nonlethal_check(log.state, log.state.pending[0], d20_from_typed(1)))
    assert log.state.fighter("orc").has("prone") and log.state.fighter("brenna").has("prone")


def test_a_foe_two_size_classes_larger_cannot_be_swept() -> None:
    log = CombatLog("classic", roster=[
        AddCombatant(id="cy", name="Cy", side="a", character=classic(
            "Cy", strength=18, skills={"Great weapon": 100}, weapons=(STAFF,))),
        AddCombatant(id="ox", name="Ox", side="b", size_class="very_large",
                     character=classic("Ox", skills={"Brawling": 50}))])
    log.push(SetOption(option="nonlethal", value=True))
    with pytest.raises(RulesError, match="nonlethal: Ox is two size classes or more larger "
                                         "than Cy and cannot be swept"):
        log.push(Declare(id="cy", action="attack", target="ox",
                         style="Great weapon: Quarterstaff", nonlethal="sweep"))
    log.push(Declare(id="cy", action="attack", target="ox", style="Great weapon: Quarterstaff",
                     nonlethal="tackle"))
