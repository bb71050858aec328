"""A full fatigue track in a 0.8 fight: Exhausted, not unconscious (issue 16 leftover).

combat-wounds.yags (Fatigue): an Exhausted character must rest at once; core.md
(Movement, Running): once Exhausted any movement takes the whole round (no attack,
no defence) and there is no running. Classic keeps its collapse (RULES 1.7
[decision]). Everyone here has Health 3: a 0.8 fatigue track of three levels.
"""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import BROAD_SWORD, classic, v08
from tests.rules.combat.v08_setup import DAGGER, SWORD, declare, dice, fight, last_sentence
from yags_desk.rules.combat.aftermath import healing_start
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.checks_v08 import act_normally
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.events import (
    AddCombatant,
    Assist,
    Check,
    ClearCondition,
    Declare,
    EndRound,
    Fatigue,
    Initiative,
    MoveRow,
    Override,
    Reaction,
    SetOption,
    Wound,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional.actions32 import free_attack_refusal, free_attack_targets
from yags_desk.rules.combat.optional.reactions import spear_offers
from yags_desk.rules.combat.procedure_v08 import auto_round_v08, counter_strike_due
from yags_desk.rules.combat.round_v08 import ACT_NORMALLY
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.steps import auto_declaration, auto_events, next_step
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import GameTime
from yags_desk.rules.healing.patient import start_state
from yags_desk.rules.healing.sentences import condition


def refused(log: CombatLog, event: object, match: str) -> None:
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=match):
        log.push(event)  # type: ignore[arg-type]
    assert (log.events, log.state) == before


def exhausted_fight() -> CombatLog:
    """Brenna against the Orc, Brenna's three fatigue levels all taken."""
    log = fight()
    log.push(Fatigue(id="brenna", levels=2))
    log.push(Fatigue(id="brenna", levels=1, term="long"))
    return log


def test_a_full_track_exhausts_a_08_fighter_who_stays_on_her_feet() -> None:
    log = fight()
    log.push(Fatigue(id="brenna", levels=2))
    assert not log.state.fighter("brenna").exhausted
    log.push(Fatigue(id="brenna", levels=1, term="long"))
    b = log.state.fighter("brenna")
    assert b.exhausted and b.can_act and not b.has("unconscious")
    assert last_sentence(log) == ("Brenna gains 1 long-term fatigue and is exhausted: must "
                                  "rest, no attack or defence (now 2 short, 1 long).")
    # More fatigue is dropped and says nothing new; lowering the track ends it.
    log.push(Fatigue(id="brenna", levels=2))
    assert (log.state.fighter("brenna").fatigue_short, last_sentence(log)) == (
        2, "Brenna gains 2 short-term fatigue (now 2 short, 1 long).")
    log.push(Override(id="brenna", field="fatigue_short", value=1, reason="rested"))
    assert not log.state.fighter("brenna").exhausted


def test_a_full_classic_track_still_collapses() -> None:
    log = CombatLog("classic")
    log.push(AddCombatant(id="a", name="Aldric", side="x", character=classic("Aldric")))
    log.push(Fatigue(id="a", levels=9))
    a = log.state.fighter("a")
    assert a.has("unconscious") and not a.exhausted and not a.can_act


def test_the_level_taken_at_initiative_0_can_exhaust_but_is_not_offered() -> None:
    log = fight(initiative=(30, 0, 15))
    log.push(Override(id="orc", field="fatigue_short", value=2, reason="ran here"))
    # checks_v08.act_normally, which makes the event, refuses the level that fills
    # the track ([decision] in round_v08.exhausted_for_act_normally) ...
    with pytest.raises(RulesError, match="Orc would be exhausted by it .*must rest"):
        act_normally(log.state, "orc")
    # ... a fight saved before may hold it: replayed, the Orc is Exhausted.
    log.push(Fatigue(id="orc", levels=1, source=ACT_NORMALLY))
    orc = log.state.fighter("orc")
    assert orc.exhausted and not orc.has("unconscious")
    log.push(EndRound())
    refused(log, Fatigue(id="orc", levels=1, source=ACT_NORMALLY), "Orc is exhausted")


def test_an_exhausted_fighter_may_rest_move_or_wait_but_not_attack_or_defend() -> None:
    log = exhausted_fight()
    refused(log, Declare(id="brenna", action="attack", target="orc", style=SWORD),
            r"action: Brenna is exhausted \(fatigue track full\) and must rest: no attack")
    refused(log, Declare(id="brenna", action="missile", target="orc", style=SWORD),
            "Brenna is exhausted .* no missile attack")
    refused(log, Declare(id="brenna", action="rest", defences=1),
            "defences: Brenna is exhausted .* no defence this round")
    # Move 12 less 2 a fatigue level: 6; half of it is all she may move (no running).
    refused(log, Declare(id="brenna", action="move", move_m=4),
            r"move_m: .* at most half its Move \(3 m\), not 4 m")
    log.push(Declare(id="brenna", action="move", move_m=3))
    log.push(Declare(id="brenna", action="rest"))
    assert log.state.fighter("brenna").declaration is not None


def test_an_exhausted_fighter_neither_assists_nor_readies_a_reaction() -> None:
    """Assisting is the helper's action and a reaction readies a strike (RULES 3.1):
    neither is rest or a move, so the Exhausted take neither (core.md, Running)."""
    log = fight(bandit=True)
    log.push(Fatigue(id="orc", levels=3))  # the Orc's three levels
    log.push(SetOption(option="assist_hamper", value=True))
    log.push(SetOption(option="reactions", value=True))
    refused(log, Assist(id="orc", ally="bandit", roll="attack", dice=(10,), total=21),
            r"Orc is exhausted \(fatigue track full\) and must rest: no assist")
    refused(log, Reaction(id="orc", target="brenna", trigger="when Brenna steps in"),
            "Orc is exhausted .* must rest: no reaction")
    log.push(Assist(id="bandit", ally="orc", roll="defence", dice=(10,), total=19))  # others may
    log.push(Reaction(id="brenna", target="orc", trigger="when the Orc draws"))


def test_an_exhausted_fighter_is_offered_no_free_attack_nor_a_spear_reaction() -> None:
    log = fight()
    log.push(Fatigue(id="orc", levels=3))
    log.push(SetOption(option="flee_charge_defend", value=True))
    log.push(Declare(id="brenna", action="move", manoeuvre="flee"))
    assert "Orc is exhausted" in free_attack_refusal(log.state, "orc", "brenna")
    assert free_attack_targets(log.state, "orc") == []
    spear = BROAD_SWORD.model_copy(update={"name": "Long spear"})
    log.push(AddCombatant(id="sven", name="Sven", side="orcs", row=3, character=v08(
        "Sven", skills={"Single weapon": 3}, weapons=(spear,))))
    log.push(Override(id="brenna", field="row", value=5, reason="far"))
    log.push(SetOption(option="board_rows", value=True))
    log.push(SetOption(option="reactions", value=True))
    log.push(Fatigue(id="sven", levels=3))
    move = MoveRow(id="brenna", row=3)
    before = log.state
    log.push(move)
    assert spear_offers(before, log.state, move) == []  # Sven holds one but must rest
    log.undo()
    log.push(Override(id="sven", field="fatigue_short", value=0, reason="rested"))
    before = log.state
    log.push(move)
    assert [r.id for r in spear_offers(before, log.state, move)] == ["sven"]


def test_attacks_on_the_exhausted_meet_the_passive_15_and_earn_no_counter_strike() -> None:
    log = exhausted_fight()
    log.push(Declare(id="brenna", action="rest"))
    declare(log, "orc", "brenna", DAGGER, defences=0)
    e = resolve_attack_v08(log.state, "orc", "brenna", dice(15, 10))
    assert e.defence_dice == () and e.defence_total == 15
    log.push(e)
    assert not counter_strike_due(log.state, "brenna", "orc")
    assert next_step(log.state).action != "counter"
    with pytest.raises(RulesError, match="Brenna is exhausted .* no attack"):
        resolve_attack_v08(log.state, "brenna", "orc", dice(15, 10), counter=True)


def test_a_fighter_exhausted_after_declaring_loses_its_attack() -> None:
    log = fight()
    declare(log, "brenna", "orc", SWORD)
    declare(log, "orc", "brenna", DAGGER)
    log.push(Fatigue(id="brenna", levels=3))
    step = next_step(log.state)
    assert (step.kind, step.action, step.fighter) == ("action", "lost", "brenna")
    assert "Brenna is exhausted and must rest" in step.describe(log.state)
    (lost,) = auto_events(log.state, step, random.Random(1))
    log.push(lost)
    assert last_sentence(log).startswith("Brenna's attack on Orc is lost: Brenna is "
                                         "exhausted and must rest")


def test_automatic_fighters_rest_when_exhausted() -> None:
    log = exhausted_fight()
    assert auto_declaration(log.state, "brenna") == Declare(id="brenna", action="rest")
    step = next_step(log.state)
    assert step.kind == "declare"
    for e in auto_events(log.state, step, random.Random(3)):
        log.push(e)
    d = log.state.fighter("brenna").declaration
    assert d is not None and d.action == "rest"
    # The automatic round too: the Orc attacks, Brenna rests and never strikes back.
    log = exhausted_fight()
    events = auto_round_v08(log.state, random.Random(5))
    for e in events:
        log.push(e)
    rests = [e for e in events if isinstance(e, Declare) and e.id == "brenna"]
    assert [e.action for e in rests] == ["rest"]
    assert not any(getattr(e, "attacker", "") == "brenna" for e in events)


def test_exhausted_at_fatal_rolls_once_a_minute_not_each_round() -> None:
    # RULES 2: fighting on at Fatal, the check is each round; resting, once a minute.
    log = fight()
    log.push(Wound(id="brenna", levels=6))
    log.push(Check(id="brenna", kind="fatal", dice=(20,), total=32, target=20, passed=True,
                   outcome="good success: fights on"))
    log.push(Declare(id="brenna", action="rest"))
    assert [p.kind for p in end_of_round_due(log.state)] == []  # reached Fatal this round
    log.push(EndRound())
    assert [p.kind for p in end_of_round_due(log.state)] == ["fatal_round"]
    log.push(Fatigue(id="brenna", levels=3))
    b = log.state.fighter("brenna")
    assert b.exhausted and b.dying and end_of_round_due(log.state) == []


def test_an_old_file_that_cleared_the_collapse_still_replays() -> None:
    # Saved when a full 0.8 track still collapsed the fighter: the GM cleared the
    # "unconscious" the Fatigue had set. Replayed, Brenna is Exhausted and awake all
    # along; the clearing changes nothing (reducer [decision]).
    old = fight()
    events = [*old.events, Fatigue(id="brenna", levels=3),
              ClearCondition(id="brenna", condition="unconscious"), EndRound()]
    log = CombatLog("0.8", events)
    b = log.state.fighter("brenna")
    assert b.exhausted and not b.has("unconscious") and log.state.round == 2
    n = len(events) - 2
    assert describe(events[n], log.state_before(n), log.state_before(n + 1)) == (
        "Brenna is not unconscious: nothing to clear (a full fatigue track leaves a 0.8 "
        "fighter exhausted, not unconscious).")
    # A classic fight still refuses to clear what is not there.
    classic_log = CombatLog("classic")
    classic_log.push(AddCombatant(id="a", name="Aldric", side="x", character=classic("A")))
    refused(classic_log, ClearCondition(id="a", condition="unconscious"), "is not unconscious")


def test_healing_after_the_fight_says_exhausted_must_rest() -> None:
    log = exhausted_fight()
    log.push(Wound(id="brenna", levels=2))
    start = healing_start(log.state, "brenna", GameTime(day=1))
    assert start.status == "awake"
    assert condition(start_state(start)).endswith("exhausted: must rest")


def test_initiative_of_an_exhausted_fighter_is_still_rolled() -> None:
    # Exhausted before the first roll: still in the fight, so it rolls once (RULES 2).
    log = CombatLog("0.8")
    log.push(AddCombatant(id="b", name="Brenna", side="a", character=fight().state.fighter(
        "brenna").character))
    log.push(AddCombatant(id="o", name="Orc", side="b", character=fight().state.fighter(
        "orc").character))
    log.push(Fatigue(id="b", levels=3))
    assert next_step(log.state).fighters == ("b", "o")
    log.push(Initiative(id="b", dice=(10,), total=26))


def test_on_the_board_rows_an_exhausted_move_is_short_and_the_whole_round() -> None:
    # Move 12 less 2 a fatigue level: 6, half of it 3 m (core.md, Running).
    log = exhausted_fight()
    log.push(SetOption(option="board_rows", value=True))
    refused(log, MoveRow(id="brenna", row=0),
            r"row: Brenna is exhausted .* at most half its Move \(3 m\), not 5 m")
    log.push(SetOption(option="board_metres_per_row", value=2))
    log.push(Declare(id="brenna", action="move"))
    log.push(MoveRow(id="brenna", row=0))  # 2 m, and nothing else this round
    b = log.state.fighter("brenna")
    assert b.row == 0 and b.attacked


def test_an_assess_declared_before_the_track_filled_is_not_rolled() -> None:
    """RULES 3.2 assess is neither rest nor a move: a fighter exhausted after declaring
    it rests instead (combat-wounds.yags, Fatigue), so no roll is due or taken."""
    from yags_desk.rules.combat.optional.actions32 import assess_check, assess_due
    from yags_desk.rules.dice import D20Roll

    log = fight()
    log.push(SetOption(option="flee_charge_defend", value=True))
    log.push(Declare(id="brenna", action="other", manoeuvre="assess", defences=0))
    assert assess_due(log.state, "brenna")
    assess_check(log.state, "brenna", D20Roll(10))  # rolled while she still could
    log.push(Fatigue(id="brenna", levels=2))
    log.push(Fatigue(id="brenna", levels=1, term="long"))
    assert log.state.fighter("brenna").exhausted
    assert not assess_due(log.state, "brenna")
    with pytest.raises(RulesError, match="Brenna is exhausted .* must rest: no assess roll"):
        assess_check(log.state, "brenna", D20Roll(10))
