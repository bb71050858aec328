"""The "surprised" condition (issue 14 item 4): for as long as it lasts the fighter
takes no action and has no active defence, in both editions. Classic: the 15 of
RULES 1.5 for the unaware; 0.8: the passive 15 of RULES 2. Automatic and stepped
rounds and the exact odds all follow it."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from tests.rules.combat import v08_setup
from tests.rules.combat.test_steps import stepped_round
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Attack, Declare, EndRound, SetCondition
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.steps import Step, initiative_needed, next_step
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import attack_odds

SWORD = "Single weapon: Short sword"
LONG = "Single weapon: Long sword"


def classic_pair() -> CombatLog:
    # Ann: Dexterity 10 x Single weapon 100% + Short sword Attk 4 = attack 14,
    # damage Strength 10 + 7 = 17.
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    # Bo: Dexterity 10 x 100% + Long sword Defn 5 = defence 15; soak = Strength 10.
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    return CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", character=ann),
        AddCombatant(id="bo", name="Bo", side="b", character=bo)])


def test_classic_surprised_defender_counts_15_and_the_odds_agree() -> None:
    log = classic_pair()
    log.push(SetCondition(id="bo", condition="surprised", rounds=1))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Attack 14 + (3 + 4) = 21. Bo's defence dice 9 + 9 would make 15 + 18 = 33 and
    # the attack would miss; surprised, Bo counts 15 (RULES 1.5) and is hit.
    dice = AttackDice(typed((3, 4)), typed((9, 9)), typed((5, 5)))
    e = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    assert (e.attack_total, e.defence_total, e.defence_dice, e.hit) == (21, 15, (), True)
    # Damage 17 + 10 = 27 - soak 10 = 17 -> 4 body levels (RULES 1.6).
    assert (e.damage_total, e.soak, e.levels) == (27, 10, 4)
    # The odds are those of attack 14 against a plain 15: 2d10! >= 1 always hits
    # unless fumbled (two dice summing to 3 or less: 3 of 100).
    odds = declared_attack_odds(log.state, "ann")
    assert odds.hit == pytest.approx(attack_odds("classic", 14, None, damage=17, soak=10).hit)
    assert odds.hit == pytest.approx(0.97)


def test_classic_surprised_fighter_neither_declares_nor_rolls_nor_attacks() -> None:
    log = classic_pair()
    log.push(SetCondition(id="bo", condition="surprised", rounds=1))
    assert next_step(log.state) == Step("declare", ("ann",))
    with pytest.raises(RulesError, match="Bo is surprised"):
        log.push(Declare(id="bo", action="attack", target="ann", style=LONG))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    assert initiative_needed(log.state) == ["ann"]
    assert next_step(log.state) == Step("initiative", ("ann",))
    with pytest.raises(RulesError, match="surprised"):
        resolve_attack(log.state, "bo", "ann", LONG,
                       AttackDice(typed((5, 5)), typed((5, 5)), typed((5, 5))))


def test_classic_surprised_fighter_does_not_strike_back_and_acts_next_round() -> None:
    log = classic_pair()
    log.push(SetCondition(id="bo", condition="surprised", rounds=1))
    events, state = auto_round(log.state, random.Random(4))
    attacks = [e for e in events if isinstance(e, Attack)]
    # Only Ann attacks, and Bo never rolls a defence (RULES 1.5 strike back: none).
    assert [(a.attacker, a.defence_total, a.defence_dice) for a in attacks] == [
        ("ann", 15, ())]
    assert state.round == 2 and not state.fighter("bo").has("surprised")
    if state.fighter("bo").can_act:
        assert next_step(state) == Step("declare", ("ann", "bo"))


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_stepped_and_automatic_rounds_agree_with_a_surprised_fighter(seed: int) -> None:
    log = classic_pair()
    log.push(SetCondition(id="bo", condition="surprised", rounds=1))
    expected, _ = auto_round(log.state, random.Random(seed))
    got, _steps = stepped_round(log.state, random.Random(seed))
    assert got == expected
    assert not any(isinstance(e, Declare) and e.id == "bo" for e in got)


def test_v08_surprised_defender_faces_the_passive_15_and_does_not_counter() -> None:
    log = v08_setup.fight()
    log.push(SetCondition(id="orc", condition="surprised", rounds=1))
    # Declarations: only Brenna (the Orc rolled its initiative, once per combat).
    assert next_step(log.state) == Step("declare", ("brenna",))
    with pytest.raises(RulesError, match="Orc is surprised"):
        v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    # Brenna keeps no defence for the Orc: it would be owed a counter strike (RULES 2).
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, defences=0)
    # Attack 21 + 5 = 26. Active, the Orc's defence 11 + 20 = 31 would stop it;
    # surprised it faces the passive 15 and is hit: damage 15 + 10 = 25 - soak 12
    # -> 1 + 13 // 5 = 3 wounds (RULES 2).
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(5, 20))
    assert (e.attack_total, e.defence_total, e.defence_dice, e.hit, e.levels) == (
        26, 15, (), True, 3)
    # Odds: 21 + d20 >= 15 unless the natural 1 fumbles: 19 in 20.
    assert declared_attack_odds_v08(log.state, "brenna").hit == pytest.approx(0.95)
    log.push(e)
    # No counter strike from the surprised Orc: the next step is the end of round.
    assert next_step(log.state).kind == "end_round"


def test_v08_automatic_and_stepped_rounds_agree_with_a_surprised_fighter() -> None:
    log = v08_setup.fight()
    log.push(SetCondition(id="orc", condition="surprised", rounds=1))
    expected = auto_round_v08(log.state, random.Random(6))
    got, _steps = stepped_round(log.state, random.Random(6))
    assert got == expected
    assert [e.attacker for e in expected if isinstance(e, Attack)] == ["brenna"]
    state = log.state
    for e in expected:
        state = apply(state, e)
    assert isinstance(expected[-1], EndRound) and not state.fighter("orc").has("surprised")


def test_classic_resting_fighter_does_not_defend_actively() -> None:
    log = classic_pair()
    log.push(Declare(id="bo", action="rest"))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # RULES 1.7: resting is no attack and no defence; RULES 1.5: not defending = 15.
    # Attack 14 + 7 = 21 hits although Bo's dice 9 + 9 would have made 33.
    e = resolve_attack(log.state, "ann", "bo", SWORD,
                       AttackDice(typed((3, 4)), typed((9, 9)), typed((5, 5))))
    assert (e.attack_total, e.defence_total, e.defence_dice, e.hit) == (21, 15, (), True)
    assert declared_attack_odds(log.state, "ann").hit == pytest.approx(0.97)
    log.push(e)
    # Bo rested without defending: the round still counts as rest (RULES 1.7).
    assert not log.state.fighter("bo").defended
