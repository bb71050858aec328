"""Special attacks that call for a roll of their own (RULES 1.9): disarm, break
weapon and berserk, with fixed dice, their refusals and their log sentences."""

from __future__ import annotations

import pytest

from tests.rules.builders import classic
from tests.rules.combat.specials_helpers import (
    AXE,
    CLUB,
    GREAT_AXE,
    KNIFE_T,
    SHIELD,
    SWORD,
    aldric,
    bandit,
    board,
    declare,
    dice,
    duel,
    pushed,
    roll,
    sentence,
)
from yags_desk.rules.character import Character
from yags_desk.rules.combat.attack_classic import resolve_attack
from yags_desk.rules.combat.events import ClearCondition, EndRound, Wound
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.modifiers_classic import attack_modifiers, defence_modifiers
from yags_desk.rules.combat.specials_classic import berserk_check, break_check, disarm_check
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Weapon

SS = "Single weapon: Short sword"
LS = "Single weapon: Long sword"
AX = "Single weapon: Axe"


def disarm_hit() -> CombatLog:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="disarm")
    e = pushed(log, resolve_attack(log.state, "bandit", "aldric", SS, dice((5, 6), (2, 2))))
    assert e.hit and e.damage_dice == () and e.levels == 0 and e.effects[0].kind == "check"
    return log


def test_disarm_hit_does_no_damage_and_the_opposed_roll_is_due() -> None:
    log = disarm_hit()
    assert sentence(log) == "Bandit hits Aldric (disarm): 27 against 19; disarm roll due."
    assert log.state.fighter("aldric").wounds == 0
    [p] = log.state.pending
    assert (p.id, p.kind, p.against) == ("bandit", "disarm", "aldric")
    with pytest.raises(RulesError, match="disarm roll .* must be rolled or waived"):
        log.push(EndRound())


def test_disarm_tie_goes_to_the_attacker_and_the_weapon_is_dropped() -> None:
    log = disarm_hit()
    # Bandit: Dexterity 12 × 100% + 8 = 20; Aldric: 10 × 100% + 10 = 20
    c = pushed(log, disarm_check(log.state, "bandit", roll(4, 4), roll(5, 5)))
    assert (c.total, c.target, c.passed) == (20, 20, True)
    a = log.state.fighter("aldric")
    assert a.weapon_state("Long sword") == "dropped" and a.has("disarmed")
    assert log.state.pending == ()
    assert sentence(log) == ("Bandit's disarm roll: 20 (dice 4 4) against Aldric's 20 "
                             "(dice 5 5) → Aldric drops the Long sword.")
    log.push(EndRound())
    with pytest.raises(RulesError, match=r"broken or dropped \(RULES 1\.9\)"):
        declare(log, "aldric", "bandit", LS)
    declare(log, "aldric", "bandit", "Brawling")  # fists still work
    log.push(ClearCondition(id="aldric", condition="disarmed"))  # picked it up
    declare(log, "aldric", "bandit", LS)


def test_disarm_lower_roll_or_fumble_fails() -> None:
    log = disarm_hit()
    c = disarm_check(log.state, "bandit", roll(2, 2), roll(5, 5))  # 16 against 20
    assert not c.passed and c.effects == ()
    c = disarm_check(log.state, "bandit", roll(1, 2), roll(1, 1))  # attacker fumbles
    assert c.fumble and not c.passed
    c = disarm_check(log.state, "bandit", roll(2, 2), roll(1, 1))  # defender fumbles
    assert c.passed


def test_disarm_roll_needs_a_disarm_hit() -> None:
    log = duel()
    with pytest.raises(RulesError, match=r"no disarm roll due.*RULES 1\.9"):
        disarm_check(log.state, "bandit", roll(5, 5), roll(5, 5))
    declare(log, "bandit", "aldric", SS, special="disarm")
    miss = pushed(log, resolve_attack(log.state, "bandit", "aldric", SS,
                                      dice((1, 4), (9, 9))))
    assert not miss.hit and log.state.pending == ()


def test_disarm_refused_with_a_weapon_two_sizes_smaller_or_against_bare_hands() -> None:
    knifer = classic("Knifer", skills={"Brawling": 100}, weapons=(KNIFE_T,))
    giant = classic("Giant", strength=18, skills={"Great weapon": 100}, weapons=(GREAT_AXE,))
    log = board(("knifer", knifer), ("giant", giant), ("monk", classic("Monk")))
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"two sizes smaller than Giant's \(RULES 1\.9\)"):
        declare(log, "knifer", "giant", "Brawling: Knife", special="disarm")
    with pytest.raises(RulesError, match="Monk holds no weapon to disarm"):
        declare(log, "knifer", "monk", "Brawling: Knife", special="disarm")
    assert (log.events, log.state) == before
    declare(log, "giant", "knifer", "Great weapon: Great axe", special="disarm")


def brute_breaks(weapon: Weapon = AXE) -> CombatLog:
    brute = classic("Brute", strength=16, skills={"Single weapon": 100}, weapons=(weapon,))
    log = board(("brute", brute), ("aldric", aldric(shield=SHIELD)))
    return log


def break_hit(log: CombatLog, style: str = AX) -> None:
    declare(log, "brute", "aldric", style, special="break_weapon")
    # vs 15 whatever Aldric rolls: 10 + 4 + 5 = 19
    e = pushed(log, resolve_attack(log.state, "brute", "aldric", style,
                                   dice((2, 3), (9, 9))))
    assert (e.defence_total, e.hit, e.damage_dice) == (15, True, ())


def test_break_weapon_damages_then_breaks() -> None:
    log = brute_breaks()
    break_hit(log)
    assert "break roll due" in sentence(log)
    # Strength 16 + 5 (heavy axe) + 20 = 41 against the long sword's Tgh 40: damaged
    c = pushed(log, break_check(log.state, "brute", roll(10, 9, 1)))
    assert (c.total, c.target) == (41, 40)
    assert log.state.fighter("aldric").weapon_state("Long sword") == "damaged"
    assert sentence(log) == ("Brute's break roll: 41 against 40 (Aldric) (dice 10 9 1) → "
                             "Aldric's Long sword is damaged.")
    log.push(EndRound())
    break_hit(log)
    c = break_check(log.state, "brute", roll(5, 5))  # 31: holds
    assert c.effects == () and c.outcome == "the Long sword holds"
    pushed(log, break_check(log.state, "brute", roll(10, 9, 1)))  # damaged again: broken
    assert log.state.fighter("aldric").weapon_state("Long sword") == "broken"
    log.push(EndRound())
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"broken or dropped \(RULES 1\.9\)"):
        declare(log, "aldric", "brute", LS)
    with pytest.raises(RulesError, match=r"broken or dropped \(RULES 1\.9\)"):
        resolve_attack(log.state, "aldric", "brute", LS, dice((5, 5)))
    assert (log.events, log.state) == before
    # Its defence falls back on brawling (0 + 4, at least 15): sword and shield,
    # 0% + 5 + 7 + 4 = 16, is out of reach with the sword broken.
    e = resolve_attack(log.state, "brute", "aldric", AX, dice((5, 5), (2, 2)))
    assert e.defence_total == 15 and e.defence_dice == (2, 2)


def test_twice_toughness_breaks_at_once_and_light_weapons_take_5() -> None:
    log = brute_breaks()
    break_hit(log)
    c = break_check(log.state, "brute", roll(10, 4, 10, 10, 10, 10, 5))  # 16 + 5 + 59 = 80
    assert c.total == 80 and c.effects[0].kind == "weapon_broken"
    c = break_check(log.state, "brute", roll(10, 4, 10, 10, 10, 10, 4))  # 79: only damaged
    assert c.total == 79 and c.effects[0].kind == "weapon_damaged"
    log = brute_breaks(CLUB)
    break_hit(log, "Single weapon: Club")
    c = break_check(log.state, "brute", roll(10, 9, 1))  # 16 - 5 + 20 = 31
    assert c.total == 31 and c.effects == ()


def test_break_the_shield_by_name_and_refusals() -> None:
    log = brute_breaks()
    with pytest.raises(RulesError, match="no break-weapon roll due"):
        break_check(log.state, "brute", roll(5, 5))
    break_hit(log)
    c = break_check(log.state, "brute", roll(5, 5), weapon="Round shield")  # 31 >= 30
    assert c.effects[0].name == "Round shield" and c.effects[0].kind == "weapon_damaged"
    with pytest.raises(RulesError, match="has no weapon 'Halberd'"):
        break_check(log.state, "brute", roll(5, 5), weapon="Halberd")


def ragnar(**kw: int) -> Character:
    """Stamina 16, Will 6, Berserk 125%: the source's worked example."""
    attrs = {"strength": 13, "stamina": 16, "will": 6}
    attrs.update(kw)
    return classic("Ragnar", skills={"Berserk": 125, "Single weapon": 100},
                   advantages=("Berserker",), weapons=(SWORD,), **attrs)


def test_berserk_worked_example_of_the_source() -> None:
    log = board(("ragnar", ragnar()), ("bandit", bandit()))
    declare(log, "ragnar", "bandit", LS, special="berserk")
    # Stamina 16 × 125% = 20 - Will 6 = 14, + 2d10! rolling 15 = 29
    c = pushed(log, berserk_check(log.state, "ragnar", roll(9, 6)))
    assert (c.total, c.target, c.passed) == (29, 15, True)
    r = log.state.fighter("ragnar")
    assert r.berserk_total == 29 and r.has("berserk")
    assert r.body_boxes() == (3, 3, 2, 1, 1, 1) and r.fatigue_boxes() == (3, 3, 2, 1, 1, 1)
    m = attack_modifiers(log.state, "ragnar")
    assert m.attack == m.damage == m.initiative == (("Berserk (roll 29)", 5),)
    assert defence_modifiers(log.state, "ragnar") == (("Berserk", -10),)
    assert sentence(log) == (
        "Ragnar's berserk roll: 29 against 15 (dice 9 6) → berserk: +5 attack, damage and "
        "initiative, -10 defence, 5 extra body and fatigue boxes (Hurt 2, Light 2, "
        "Medium 1).")
    e = resolve_attack(log.state, "ragnar", "bandit", LS, dice((5, 5), None, (5, 5)))
    assert (e.attack_total, e.damage_total) == (10 + 5 + 5 + 10, 13 + 9 + 5 + 10)


def test_leaving_berserk_takes_the_extra_boxes_and_their_damage() -> None:
    log = board(("ragnar", ragnar()), ("bandit", bandit()))
    log.push(berserk_check(log.state, "ragnar", roll(9, 6)))
    log.push(Wound(id="ragnar", levels=4))  # Hurt real, 2 extra Hurt, Light real
    log.push(EndRound())
    with pytest.raises(RulesError, match="berserk: no defensive fighting"):
        declare(log, "ragnar", "bandit", LS, special="defensive")
    log.push(ClearCondition(id="ragnar", condition="berserk"))
    r = log.state.fighter("ragnar")
    assert (r.wounds, r.berserk_total, r.body_boxes()) == (2, 0, (1, 1, 1, 1, 1, 1))


def test_berserk_fails_below_15_or_on_a_fumble_and_needs_the_advantage() -> None:
    log = board(("ragnar", ragnar(will=12)), ("bandit", bandit()))
    c = berserk_check(log.state, "ragnar", roll(3, 3))  # 20 - 12 + 6 = 14
    assert (c.total, c.passed, c.effects, c.outcome) == (14, False, (), "stays calm")
    log2 = board(("ragnar", ragnar()), ("bandit", bandit()))
    c = berserk_check(log2.state, "ragnar", roll(1, 2))  # 14 + 3 = 17, but fumbled
    assert c.fumble and not c.passed
    before = (log2.events, log2.state)
    with pytest.raises(RulesError, match=r"lacks the Berserker advantage.*RULES 1\.9"):
        berserk_check(log2.state, "bandit", roll(9, 9))
    with pytest.raises(RulesError, match=r"lacks the Berserker advantage.*RULES 1\.9"):
        declare(log2, "bandit", "ragnar", SS, special="berserk")
    assert (log2.events, log2.state) == before


def test_berserk_roll_takes_the_current_penalties() -> None:
    log = board(("ragnar", ragnar()), ("bandit", bandit()))
    log.push(Wound(id="ragnar", levels=2))  # Light: -2
    c = berserk_check(log.state, "ragnar", roll(9, 6))
    assert c.total == 27
