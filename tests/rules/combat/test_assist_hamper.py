"""RULES 3.1 "Assist and hamper" (issue 14 item 1): an assist (attack roll against 15)
gives an ally within 1 row +5 on its next chosen roll, +5 more per full 15 over;
a hamper is a strike at range 1 without damage whose margin of 10+ delays the
target or costs it 5 per full 10 on one roll until the end of the next round.
Refusals name the rule and leave the log unchanged. Numbers by hand."""

from __future__ import annotations

import pytest

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from tests.rules.combat import v08_setup
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    EndRound,
    Initiative,
    Override,
    SetCondition,
    SetOption,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional.assist import (
    as_hamper,
    assist_bonus,
    hamper_penalty,
    make_assist,
)
from yags_desk.rules.combat.phase_v08 import speed
from yags_desk.rules.combat.procedure_classic import action_order
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

SWORD = "Single weapon: Short sword"
LONG = "Single weapon: Long sword"
ON = SetOption(option="assist_hamper", value=True)


def trio() -> CombatLog:
    """Ann and Cid: attack 14 (Dexterity 10 x 100% + Short sword 4), row 0.
    Bo: defence 11 (as test_optional_hook), row 1, soak 10."""
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    cid = classic("Cid", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    return CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", row=0, character=ann),
        AddCombatant(id="cid", name="Cid", side="a", row=0, character=cid),
        AddCombatant(id="bo", name="Bo", side="b", row=1, character=bo)])


def _sentence(log: CombatLog) -> str:
    n = len(log.events) - 1
    return describe(log.events[n], log.state_before(n), log.state)


@pytest.mark.parametrize(("total", "bonus"), [(14, 0), (15, 5), (29, 5), (30, 10), (45, 15)])
def test_assist_bonus(total: int, bonus: int) -> None:
    assert assist_bonus(total) == bonus


@pytest.mark.parametrize(("margin", "penalty"), [(9, 0), (10, -5), (19, -5), (20, -10)])
def test_hamper_penalty(margin: int, penalty: int) -> None:
    assert hamper_penalty(margin) == penalty


def test_classic_assist_adds_to_the_allys_next_attack_then_is_spent() -> None:
    log = trio()
    log.push(ON)
    # Cid: 14 + 8 + 8 = 30 against 15: +5, and +5 for the full 15 over: +10.
    log.push(make_assist(log.state, "cid", "ann", "attack", (8, 8)))
    assert _sentence(log) == ("Cid assists Ann: 30 (dice 8 8) against 15 → Ann's next attack "
                              "+10 (RULES 3.1 assist).")
    assert log.state.fighter("ann").has("assisted attack +10")
    assert log.state.fighter("cid").attacked  # assisting was Cid's action
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    dice = AttackDice(typed((5, 5)), typed((9, 9)), typed((5, 5)))
    # Ann 14 + 10 + 10 = 34 against Bo's 11 + 18 = 29: a hit (24 would miss).
    e = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    assert (e.attack_total, e.defence_total, e.hit) == (34, 29, True)
    assert ("attack: RULES 3.1 assist (Ann)", 10) in e.modifiers
    log.push(e)
    assert not log.state.fighter("ann").has("assisted attack +10")  # spent


def test_assist_is_nothing_while_the_option_is_off() -> None:
    log = trio()
    with pytest.raises(RulesError, match=r"switch on \"Assist and hamper\" \(RULES 3\.1\)"):
        make_assist(log.state, "cid", "ann", "attack", (8, 8))
    log.push(ON)
    log.push(make_assist(log.state, "cid", "ann", "attack", (8, 8)))
    log.push(SetOption(option="assist_hamper", value=False))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    e = resolve_attack(log.state, "ann", "bo", SWORD,
                       AttackDice(typed((5, 5)), typed((9, 9)), typed((5, 5))))
    assert (e.attack_total, e.hit) == (24, False)


def test_bad_assists_are_refused_and_the_log_unchanged() -> None:
    log = trio()
    log.push(ON)
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"^ally: Bo is an enemy of Cid; assist helps an ally "
                                         r"\(RULES 3\.1 assist\)"):
        make_assist(log.state, "cid", "bo", "attack", (8, 8))
    log.push(Override(id="ann", field="row", value=2, reason="ran ahead"))
    with pytest.raises(RulesError, match=r"^ally: Ann is 2 rows from Cid; assist reaches an "
                                         r"ally within 1 row"):
        log.push(make_assist(log.state, "cid", "ann", "attack", (8, 8)))
    log.undo()
    assert (log.events, log.state) == before


def test_a_low_assist_gives_nothing_but_spends_the_action() -> None:
    log = trio()
    log.push(ON)
    log.push(make_assist(log.state, "cid", "ann", "defence", ()))  # 14 < 15
    assert _sentence(log).endswith("→ no help (RULES 3.1 assist).")
    assert not any(n.startswith("assisted") for n, _ in log.state.fighter("ann").conditions)


def test_classic_hamper_costs_5_on_the_chosen_roll_and_does_no_damage() -> None:
    log = trio()
    log.push(ON)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(Declare(id="bo", action="attack", target="cid", style=LONG))
    # Ann 14 + 18 = 32 against Bo 11 + 4 = 15: margin 17, one full 10: -5.
    strike = resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((9, 9)), typed((2, 2)), typed((5, 5))))
    assert strike.effects  # as a plain strike it would wound
    h = as_hamper(log.state, strike, "attack")
    log.push(h)
    assert log.state.fighter("bo").wounds == 0
    assert log.state.fighter("bo").has("hampered attack -5")
    assert _sentence(log) == ("Ann hampers Bo: 32 against 15; hamper: attack -5 until the end "
                              "of next round (RULES 3.1).")
    dice = AttackDice(typed((5, 5)), typed((5, 5)), typed((5, 5)))
    on = resolve_attack(log.state, "bo", "cid", LONG, dice)
    log.push(SetOption(option="assist_hamper", value=False))
    off = resolve_attack(log.state, "bo", "cid", LONG, dice)
    assert on.attack_total == off.attack_total - 5
    assert ("attack: RULES 3.1 hamper (Bo)", -5) in on.modifiers


def test_hamper_delay_makes_the_target_act_last() -> None:
    log = trio()
    log.push(ON)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    strike = resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((9, 9)), typed((2, 2)), typed((5, 5))))
    log.push(as_hamper(log.state, strike, "delay"))
    assert log.state.fighter("bo").has("delayed: hamper, round 2")
    log.push(EndRound())
    log.push(Initiative(id="bo", dice=(10, 10), total=40))
    log.push(Initiative(id="ann", dice=(1, 1), total=5))
    # Bo rolled higher but is delayed: it loses initiative (RULES 3.1, classic).
    assert [f.id for f in action_order(log.state)][-1] == "bo"


def test_hamper_under_10_does_nothing_and_beyond_range_1_is_refused() -> None:
    log = trio()
    log.push(ON)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    weak = resolve_attack(log.state, "ann", "bo", SWORD,
                          AttackDice(typed((5, 5)), typed((2, 2)), typed((5, 5))))
    assert as_hamper(log.state, weak, "defence").effects == ()  # 24 against 15: margin 9
    log.push(Override(id="bo", field="row", value=2, reason="steps back"))
    far = resolve_attack(log.state, "ann", "bo", SWORD,
                         AttackDice(typed((9, 9)), typed((2, 2)), typed((5, 5))))
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"a hamper is a strike at range 1 \(RULES 3\.1 hamper\)"):
        log.push(as_hamper(log.state, far, "attack"))
    assert (log.events, log.state) == before


def test_v08_assist_on_defence_and_delay_makes_slow() -> None:
    # The Bandit (row 3) assists the Orc (row 2): 14 + 16 = 30: +10 defence.
    log = v08_setup.fight(bandit=True)
    log.push(ON)
    log.push(make_assist(log.state, "bandit", "orc", "defence", (16,)))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    # Brenna 21 + 9 = 30 against the Orc 11 + 10 + 10 = 31: a miss; without it 21, a hit.
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(9, 10))
    assert (e.attack_total, e.defence_total, e.hit) == (30, 31, False)
    assert ("defence: RULES 3.1 assist (Orc)", 10) in e.modifiers
    log.push(SetOption(option="assist_hamper", value=False))
    off = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(9, 10))
    assert (off.defence_total, off.hit) == (21, True)
    assert speed(log.state, log.state.fighter("orc")) == "normal"
    log.push(SetCondition(id="orc", condition="delayed", rounds=2))
    assert speed(log.state, log.state.fighter("orc")) == "slow"


def test_defence_assist_is_spent_by_an_attack_on_a_passive_ally() -> None:
    # [decision] Cid's assist (14 + 10 = 24: +5) raises surprised Ann's passive 15
    # to 20 for the next attack on her, rolled or passive, and only that one.
    log = trio()
    log.push(ON)
    log.push(SetCondition(id="ann", condition="surprised", rounds=1))
    log.push(make_assist(log.state, "cid", "ann", "defence", (5, 5)))
    dice = AttackDice(typed((5, 5)), None, typed((5, 5)))
    first = resolve_attack(log.state, "bo", "ann", LONG, dice)
    assert (first.defence_total, first.defence_dice) == (20, ())
    log.push(first)
    assert not any(n.startswith("assisted") for n, _ in log.state.fighter("ann").conditions)
    again = resolve_attack(log.state, "bo", "ann", LONG, dice)
    assert again.defence_total == 15


def test_v08_defence_assist_is_spent_by_an_attack_on_a_passive_ally() -> None:
    # The Bandit's assist (14 + 16 = 30: +10) raises the Orc's passive 15 to 25.
    log = v08_setup.fight(bandit=True)
    log.push(ON)
    log.push(make_assist(log.state, "bandit", "orc", "defence", (16,)))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER, defences=0)
    first = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(1, None))
    assert first.defence_total == 25
    log.push(first)
    assert not any(n.startswith("assisted") for n, _ in log.state.fighter("orc").conditions)
    log.push(EndRound())  # the assist would have lasted this next round too
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER, defences=0)
    again = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(1, None))
    assert again.defence_total == 15
