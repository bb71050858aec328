"""RULES 3.2 advantage (option "advantage"): a counter per fighter, +2 attack and
+2 defence per point, gained and lost from what happens in the fight, in both
editions. Every scenario is checked with the option off too, where the counters
stay at 0 and the numbers come out differently."""

from __future__ import annotations

import pytest

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import attack_modifiers_v08, resolve_attack_v08
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    EndRound,
    SetCondition,
    SetOption,
    StartingAdvantage,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional.advantage import starting_total
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

ADV = "RULES 3.2 advantage"
# Classic pair (test_surprised): Ann attack 14 with the Short sword, damage 17;
# Bo defence 11 with the Long sword, soak 10.
HIT = AttackDice(typed((6, 6)), typed((2, 2)), typed((1, 1)))  # 14+12=26 vs 11+4=15
MISS = AttackDice(typed((2, 2)), typed((6, 6)), typed((1, 1)))  # 14+4=18 vs 11+12=23


def _classic(on: bool) -> CombatLog:
    log = classic_pair()
    if on:
        log.push(SetOption(option="advantage", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    return log


def _adv(log: CombatLog) -> dict[str, int]:
    return {f.id: f.advantage for f in log.state.fighters.values()}


@pytest.mark.parametrize("on", [True, False])
def test_classic_winning_an_attack_gives_one_point_worth_plus_two(on: bool) -> None:
    log = _classic(on)
    e = resolve_attack(log.state, "ann", "bo", SWORD, HIT)
    assert (e.attack_total, e.defence_total, e.hit) == (26, 15, True)
    log.push(e)
    assert _adv(log) == ({"ann": 1, "bo": 0} if on else {"ann": 0, "bo": 0})
    if on:
        assert "Advantage (RULES 3.2): Ann 0 → 1." in describe(
            e, log.state_before(len(log.events) - 1), log.state)
    log.push(EndRound())
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Round 2, same dice: 14 + 12 = 26, +2 for one point of advantage.
    again = resolve_attack(log.state, "ann", "bo", SWORD, HIT)
    assert again.attack_total == (28 if on else 26)
    assert ((f"attack: {ADV} +1 (Ann)", 2) in again.modifiers) is on
    log.undo()
    log.undo()
    log.undo()
    assert _adv(log) == {"ann": 0, "bo": 0}  # undo takes the point back


@pytest.mark.parametrize("on", [True, False])
def test_classic_defence_won_gains_and_a_wound_loses_everything(on: bool) -> None:
    log = _classic(on)
    if on:
        log.push(StartingAdvantage(side="b", circumstances=("terrain_1", "threat_1")))
    # Bo starts with 1 + 1 = 2 points: defence 11 + 4 + 4 against 14 + 4.
    e = resolve_attack(log.state, "ann", "bo", SWORD, MISS)
    assert e.defence_total == (27 if on else 23) and not e.hit
    assert ((f"target's defence: {ADV} +2 (Bo)", 4) in e.modifiers) is on
    log.push(e)
    assert _adv(log)["bo"] == (3 if on else 0)  # won the defence it rolled
    log.push(EndRound())
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # 14 + (9 + 9) = 32 against 11 + 6 + (1 + 1) = 19: a hit, and Bo is wounded.
    hit = resolve_attack(log.state, "ann", "bo", SWORD,
                         AttackDice(typed((9, 9)), typed((1, 1)), typed((1, 1))))
    assert hit.hit and hit.levels > 0
    log.push(hit)
    assert _adv(log) == ({"ann": 1, "bo": 0} if on else {"ann": 0, "bo": 0})


@pytest.mark.parametrize("on", [True, False])
def test_classic_surprised_foe_and_unopposed_wound_each_give_one(on: bool) -> None:
    log = classic_pair()
    if on:
        log.push(SetOption(option="advantage", value=True))
    log.push(SetCondition(id="bo", condition="surprised", rounds=1))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    e = resolve_attack(log.state, "ann", "bo", SWORD, HIT)
    assert e.defence_dice == () and e.levels > 0
    log.push(e)
    # +1 for attacking a surprised foe, +1 for wounding without an opposed roll.
    assert _adv(log)["ann"] == (2 if on else 0)


@pytest.mark.parametrize(("kind", "minor", "gain"), [("pc", False, 2), ("npc", False, 1),
                                                     ("npc", True, 0)])
def test_classic_defeating_a_foe_gives_by_its_importance(kind: str, minor: bool,
                                                         gain: int) -> None:
    log = _roster_with(kind, minor)  # Bo's kind and importance (RULES 1.6 minor NPC)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, HIT))  # +1: won the attack
    assert _adv(log)["ann"] == 1
    log.push(SetCondition(id="bo", condition="unconscious"))  # the blow's aftermath
    assert _adv(log)["ann"] == 1 + gain


def test_classic_defeating_a_surprised_foe_counts_too() -> None:
    # RULES 3.2: a foe defeated while surprised is defeated all the same; the
    # surprise (which stops it acting this round) is no reason to withhold the point.
    log = _roster_with("npc", False)
    log.push(SetCondition(id="bo", condition="surprised", rounds=1))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, HIT))
    assert _adv(log)["ann"] == 2  # +1 surprised foe, +1 wound without an opposed roll
    log.push(SetCondition(id="bo", condition="unconscious"))
    assert _adv(log)["ann"] == 3  # +1 for defeating an NPC
    log.push(SetCondition(id="bo", condition="dead"))
    assert _adv(log)["ann"] == 3  # defeated once: dying afterwards adds nothing


def _roster_with(kind: str, minor: bool) -> CombatLog:
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    bo = bo.model_copy(update={"kind": kind})
    log = CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", character=ann),
        AddCombatant(id="bo", name="Bo", side="b", character=bo, minor=minor)])
    log.push(SetOption(option="advantage", value=True))
    return log


def test_starting_advantage_table_and_its_refusals() -> None:
    assert starting_total(("manoeuvrability", "outnumbering_3", "surprise", "terrain_2",
                           "threat_5")) == 2 + 3 + 2 + 2 + 5
    log = _classic(False)
    with pytest.raises(RulesError, match="Advantage counters .* is off"):
        log.push(StartingAdvantage(side="a", circumstances=("surprise",)))
    log.push(SetOption(option="advantage", value=True))
    with pytest.raises(RulesError, match="circumstances: choose one outnumbering line"):
        log.push(StartingAdvantage(side="a", circumstances=("outnumbering_1",
                                                            "outnumbering_2")))
    with pytest.raises(RulesError, match="side: no combatant is on side 'z'"):
        log.push(StartingAdvantage(side="z", circumstances=("surprise",)))
    log.push(StartingAdvantage(side="a", circumstances=("surprise", "outnumbering_2")))
    assert _adv(log) == {"ann": 4, "bo": 0}


@pytest.mark.parametrize("on", [True, False])
def test_v08_winning_an_attack_gives_plus_two_on_the_next(on: bool) -> None:
    log = v08_setup.fight()
    if on:
        log.push(SetOption(option="advantage", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    before = attack_modifiers_v08(log.state, "brenna", "orc")
    # Brenna 21 + 15 = 36 against the Orc's rolled defence 11 + 2 = 13: a hit.
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(15, 2, 10))
    assert e.hit
    log.push(e)
    assert log.state.fighter("brenna").advantage == (1 if on else 0)
    after = attack_modifiers_v08(log.state, "brenna", "orc")
    assert after.attack == before.attack + (2 if on else 0)
    assert (("attack: RULES 3.2 advantage +1 (Brenna)", 2) in after.modifiers) is on
