"""RULES 3.1 "Reactions and counterattacks" (issue 14 item 1): a reaction names its
trigger, strikes out of turn (a basic melee strike, +5 per extra ability the same
event triggered; the long spear's at -5), never earns a strike back, and delays
the fighter (classic: it loses initiative next round; 0.8: its next action is
slow). Refusals name the rule and leave the log unchanged. Numbers by hand."""

from __future__ import annotations

import pytest

from tests.rules.builders import LONG_SWORD as LONG_SWORD_W
from tests.rules.builders import SHORT_SWORD, classic, classic_weapon
from tests.rules.combat import v08_setup
from tests.rules.combat.test_assist_hamper import LONG, SWORD, trio
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    EndRound,
    Initiative,
    MoveRow,
    Override,
    Reaction,
    SetCondition,
    SetOption,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional.assist import make_assist
from yags_desk.rules.combat.optional.reactions import spear_offers
from yags_desk.rules.combat.phase_v08 import speed
from yags_desk.rules.combat.procedure_classic import action_order, next_action
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

ON = SetOption(option="reactions", value=True)
LONG_SPEAR = classic_weapon("Long spear", 15, 4, 4, 10, 18, 3, "great", "two-handed")
DICE = AttackDice(typed((5, 5)), typed((9, 9)), typed((5, 5)))


def _sentence(log: CombatLog) -> str:
    n = len(log.events) - 1
    return describe(log.events[n], log.state_before(n), log.state)


def test_reaction_without_a_trigger_or_option_is_refused() -> None:
    log = trio()
    with pytest.raises(RulesError, match=r"switch on \"Reactions and counterattacks\""):
        log.push(Reaction(id="ann", target="bo", trigger="when Bo steps in"))
    log.push(ON)
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"^trigger: a reaction answers something that "
                                         r"happens; say what .* \(RULES 3\.1 reactions\)"):
        log.push(Reaction(id="ann", target="bo"))
    with pytest.raises(RulesError, match=r"^target: Cid is not an enemy of Ann"):
        log.push(Reaction(id="ann", target="cid", trigger="when Cid stumbles"))
    assert (log.events, log.state) == before


def test_counterattack_strikes_out_of_turn_at_plus_5_per_extra_and_delays() -> None:
    log = trio()
    log.push(ON)
    log.push(Reaction(id="ann", target="bo", trigger="when Bo steps in", extra=1))
    assert _sentence(log) == ("Ann reacts to Bo (when Bo steps in): counterattacks (+5); its "
                              "next action is slow (RULES 3.1 reactions).")
    # Ann 14 + 5 + 10 = 29 against Bo's 11 + 18 = 29: a hit; 24 without the extra.
    e = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    assert (e.attack_total, e.defence_total, e.hit) == (29, 29, True)
    assert ("attack: RULES 3.1 counterattack, 1 extra", 5) in e.modifiers
    log.push(e)
    ann = log.state.fighter("ann")
    assert not ann.attacked  # her own attack is still to come
    assert ann.strikes == 1  # a strike all the same (RULES 3.3 strike recovery)
    assert ann.has("delayed: reaction, round 2")
    # It never earns a strike back: Bo, declared on Ann, is not offered one.
    log.push(Declare(id="bo", action="attack", target="ann", style=LONG))
    assert log.state.last_attack is None
    # The reaction is spent: a second strike is an ordinary attack again (+0).
    again = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    assert not any("RULES 3.1" in label for label, _ in again.modifiers)


def test_reaction_makes_the_fighter_lose_initiative_next_round() -> None:
    log = trio()
    log.push(ON)
    log.push(Reaction(id="ann", target="bo", trigger="when Bo steps in"))
    log.push(EndRound())
    for fid, total in (("ann", 40), ("bo", 10), ("cid", 20)):
        log.push(Declare(id=fid, action="attack", target="ann" if fid == "bo" else "bo",
                         style=LONG if fid == "bo" else SWORD))
        log.push(Initiative(id=fid, dice=(5, 5), total=total))
    assert [f.id for f in action_order(log.state)] == ["cid", "bo", "ann"]
    step = next_action(log.state)
    assert step is not None and step.fighter == "cid"


def test_long_spear_reaction_at_minus_5() -> None:
    spear = classic("Sven", skills={"Great weapon": 100}, strength=18, weapons=(LONG_SPEAR,))
    log = trio()
    log.push(AddCombatant(id="sven", name="Sven", side="a", row=0, character=spear))
    log.push(ON)
    with pytest.raises(RulesError, match=r"^spear: Ann holds no long spear"):
        log.push(Reaction(id="ann", target="bo", trigger="Bo closes", spear=True))
    log.push(Reaction(id="sven", target="bo", trigger="Bo closes from row 3", spear=True))
    style = "Great weapon: Long spear"
    e = resolve_attack(log.state, "sven", "bo", style, DICE)
    assert ("attack: RULES 3.1 long spear reaction", -5) in e.modifiers
    log.push(SetOption(option="reactions", value=False))
    off = resolve_attack(log.state, "sven", "bo", style, DICE)
    assert off.attack_total == e.attack_total + 5


def test_v08_reaction_strikes_without_a_declaration_and_earns_no_counter() -> None:
    log = v08_setup.fight()
    log.push(ON)
    log.push(Reaction(id="brenna", target="orc", trigger="when the Orc draws"))
    # Brenna 21 + 10 = 31 against the Orc's 11 + 5 = 16: no declaration needed.
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 5))
    assert (e.attack_total, e.defence_total, e.hit) == (31, 16, True)
    log.push(e)
    assert log.state.fighter("orc").counter_due == ()
    assert not log.state.fighter("brenna").attacked
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    assert speed(log.state, log.state.fighter("brenna")) == "slow"  # delayed


def test_a_foe_closing_on_a_long_spear_is_offered_as_a_reaction() -> None:
    spear = classic("Sven", skills={"Great weapon": 100}, strength=18, weapons=(LONG_SPEAR,))
    log = trio()
    log.push(AddCombatant(id="sven", name="Sven", side="a", row=0, character=spear))
    log.push(Override(id="bo", field="row", value=2, reason="far"))
    log.push(SetOption(option="board_rows", value=True))
    move = MoveRow(id="bo", row=1)
    before = log.state
    log.push(move)
    assert spear_offers(before, log.state, move) == []  # reactions off: nothing offered
    log.undo()
    log.push(ON)
    before = log.state
    log.push(move)
    # Bo came from 2 rows away into Sven's reach: Sven may strike at -5; Ann holds
    # no long spear and is offered nothing.
    assert spear_offers(before, log.state, move) == [
        Reaction(id="sven", target="bo", spear=True, trigger="Bo closed from 2 rows")]
    step = MoveRow(id="bo", row=0)
    log.push(EndRound())
    before = log.state
    log.push(step)
    assert spear_offers(before, log.state, step) == []  # from 1 row: no trigger


def test_reactions_work_with_capitalised_ids_and_ignore_hand_typed_lookalikes() -> None:
    log = CombatLog("classic", roster=[
        AddCombatant(id="Ann", name="Ann", side="a", character=classic(
            "Ann", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))),
        AddCombatant(id="Bo", name="Bo", side="b", character=classic(
            "Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD_W,)))])
    log.push(ON)
    log.push(SetCondition(id="Ann", condition="reaction on bo soon"))  # typed by the GM
    e = resolve_attack(log.state, "Ann", "Bo", SWORD, DICE)
    assert not any("RULES 3.1" in label for label, _ in e.modifiers)
    log.push(Reaction(id="Ann", target="Bo", trigger="when Bo steps in", extra=1))
    e = resolve_attack(log.state, "Ann", "Bo", SWORD, DICE)
    assert ("attack: RULES 3.1 counterattack, 1 extra", 5) in e.modifiers
    log.push(e)
    assert not log.state.fighter("Ann").attacked  # struck as a reaction, out of turn


def test_a_counterattack_never_triggers_a_counterattack() -> None:
    log = trio()
    log.push(ON)
    log.push(Reaction(id="ann", target="bo", trigger="when Bo steps in"))
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, DICE))
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"Bo cannot counterattack Ann's counterattack: a "
                                         r"counterattack never triggers another \(RULES 3\.1"):
        log.push(Reaction(id="bo", target="ann", trigger="when Ann strikes"))
    assert (log.events, log.state) == before
    # After an ordinary attack, Bo may react again.
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, DICE))
    log.push(Reaction(id="bo", target="ann", trigger="when Ann strikes"))


def _bo_reacts_on_cid(feint: int, angry: int) -> CombatLog:
    log = trio()
    for option in ("reactions", "feint", "angry_strike"):
        log.push(SetOption(option=option, value=True))
    log.push(Declare(id="bo", action="attack", target="ann", style=LONG, feint=feint,
                     angry_strike=angry))
    log.push(Reaction(id="bo", target="cid", trigger="when Cid steps in"))
    return log


def test_reaction_strike_carries_no_declared_feint_or_angry_strike() -> None:
    # A reaction is a basic melee strike (RULES 3.1): Bo's feint 2 and angry strike
    # +1 (RULES 3.3), declared on Ann, change neither Bo's strike on Cid nor Cid's
    # defence; they still count on his declared attack on Ann.
    plain = resolve_attack(_bo_reacts_on_cid(0, 0).state, "bo", "cid", LONG, DICE)
    log = _bo_reacts_on_cid(2, 1)
    e = resolve_attack(log.state, "bo", "cid", LONG, DICE)
    assert (e.attack_total, e.defence_total, e.damage_total) == (
        plain.attack_total, plain.defence_total, plain.damage_total)
    assert not [label for label, _ in e.modifiers if "RULES 3.3" in label]
    on_ann = resolve_attack(log.state, "bo", "ann", LONG, DICE)
    assert ("attack: RULES 3.3 feint 2", -2) in on_ann.modifiers


def test_an_assist_used_by_a_reaction_strike_is_spent() -> None:
    # Cid's assist gives Ann +10 on her next attack (RULES 3.1); her reaction
    # strike on Bo uses it, so her declared attack afterwards is at +0.
    log = trio()
    log.push(ON)
    log.push(SetOption(option="assist_hamper", value=True))
    log.push(make_assist(log.state, "cid", "ann", "attack", (8, 8)))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(Reaction(id="ann", target="bo", trigger="when Bo steps in"))
    reaction = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    assert ("attack: RULES 3.1 assist (Ann)", 10) in reaction.modifiers
    log.push(reaction)
    assert not log.state.fighter("ann").has("assisted attack +10")
    declared = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    assert declared.attack_total == reaction.attack_total - 10


def test_reaction_strike_is_not_the_declared_disarm() -> None:
    # Bo declared a disarm on Ann (RULES 3.3); his reaction strike on Cid is a basic
    # melee strike (RULES 3.1): a hit does damage, and no disarm roll falls due.
    log = trio()
    for option in ("reactions", "nonlethal"):
        log.push(SetOption(option=option, value=True))
    log.push(Declare(id="bo", action="attack", target="ann", style=LONG, nonlethal="disarm"))
    log.push(Reaction(id="bo", target="cid", trigger="when Cid steps in"))
    dice = AttackDice(typed((9, 9)), typed((4, 4)), typed((5, 5)))
    e = resolve_attack(log.state, "bo", "cid", LONG, dice)
    assert e.hit and e.damage_total > 0
    assert not [x for x in e.effects if x.kind == "check"]
    on_ann = resolve_attack(log.state, "bo", "ann", LONG, dice)
    assert on_ann.hit and on_ann.outcome == "disarm: Ann's roll due"


def test_a_reaction_left_waiting_is_no_strike_once_the_option_is_off() -> None:
    # RULES 3: a switched-off option changes nothing. Brenna readied a reaction,
    # then the GM switched reactions off: a strike without a declaration is
    # refused as in any 0.8 round, and nothing is logged.
    log = v08_setup.fight()
    log.push(ON)
    log.push(Reaction(id="brenna", target="orc", trigger="when the Orc draws"))
    log.push(SetOption(option="reactions", value=False))
    before = log.events
    with pytest.raises(RulesError, match=r"Brenna declared no attack this round"):
        log.push(resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 5)))
    assert log.events == before


def test_classic_reaction_on_the_declared_target_leaves_the_special_out() -> None:
    # Ann declared an all-out attack on Bo (RULES 1.9: +5 attack). Her reaction
    # strike on Bo is a basic melee strike (RULES 3.1): made without the +5, and
    # accepted, where it used to carry the special and be refused.
    log = trio()
    log.push(ON)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD, special="all_out"))
    log.push(Reaction(id="ann", target="bo", trigger="when Bo steps in"))
    e = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    assert e.special is None and e.attack_total == 24  # 14 + 10, no +5
    log.push(e)
    assert log.events[-1] == e
    declared = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    assert declared.special == "all_out" and declared.attack_total == 29
