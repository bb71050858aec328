"""The 0.8 round: initiative once per combat, declaration and action order (RULES 2)."""

from __future__ import annotations

import json
import random

import pytest

from tests.rules.combat.v08_setup import (
    BANDIT,
    BRENNA,
    DAGGER,
    ORC,
    SWORD,
    declare,
    dice,
    fight,
    last_sentence,
)
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.checks_v08 import act_normally, roll_initiative_v08
from yags_desk.rules.combat.events import (
    Attack,
    Declare,
    EndRound,
    Fatigue,
    Initiative,
    Override,
    SetCondition,
    event_adapter,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_v08 import (
    action_order,
    auto_round_v08,
    declaration_order,
)
from yags_desk.rules.combat.round_v08 import ACT_NORMALLY
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import d20_from_typed
from yags_desk.rules.errors import RulesError


def unrolled() -> CombatLog:
    log = CombatLog("0.8")
    log.push(BRENNA)
    log.push(ORC)
    return log


def refused(log: CombatLog, event: object, match: str) -> None:
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=match):
        log.push(event)  # type: ignore[arg-type]
    assert (log.events, log.state) == before


def test_initiative_is_intelligence_times_4_plus_d20_once_per_combat() -> None:
    log = unrolled()
    log.push(roll_initiative_v08(log.state, "brenna", d20_from_typed(14)))
    assert log.state.fighter("brenna").initiative == 16 + 14
    assert last_sentence(log) == "Brenna rolls initiative: 30 (d20 14)."
    with pytest.raises(RulesError, match="rolled once per combat"):
        roll_initiative_v08(log.state, "brenna", d20_from_typed(20))
    refused(log, Initiative(id="brenna", dice=(20,), total=36), "rolled once per combat")
    log.push(EndRound())
    assert log.state.fighter("brenna").initiative == 30


def test_natural_one_sets_initiative_to_zero() -> None:
    log = unrolled()
    e = roll_initiative_v08(log.state, "brenna", d20_from_typed(1))
    assert (e.total, e.natural_one) == (0, True)
    log.push(e)
    assert last_sentence(log) == ("Brenna rolls initiative: a natural 1 (d20 1) sets it to 0 "
                                  "(skill rolls halved, actions slow).")
    refused(unrolled(), Initiative(id="orc", dice=(1,), total=13, natural_one=True),
            "natural 1 sets Orc's initiative to 0")


def test_reroll_takes_the_round_and_is_halved_from_zero() -> None:
    log = unrolled()
    log.push(roll_initiative_v08(log.state, "brenna", d20_from_typed(1)))
    refused(log, Declare(id="brenna", action="reroll_initiative", defences=1),
            "takes the whole round, with no movement, attack or defence")
    log.push(Declare(id="brenna", action="reroll_initiative"))
    e = roll_initiative_v08(log.state, "brenna", d20_from_typed(10))
    assert e.total == (16 + 10) // 2
    log.push(e)
    assert last_sentence(log) == ("Brenna re-rolls initiative: 13 (d20 10) (halved from "
                                  "initiative 0).")
    refused(log, Initiative(id="brenna", dice=(10,), total=13), "already re-rolled")
    log.push(EndRound())
    refused(log, Initiative(id="brenna", dice=(10,), total=26), "rolled once per combat")


def test_fatigue_level_to_act_normally_at_zero() -> None:
    log = unrolled()
    log.push(roll_initiative_v08(log.state, "orc", d20_from_typed(9)))
    with pytest.raises(RulesError, match="initiative is 21, not 0"):
        act_normally(log.state, "orc")
    log.push(roll_initiative_v08(log.state, "brenna", d20_from_typed(1)))
    log.push(Declare(id="brenna", action="reroll_initiative"))
    log.push(act_normally(log.state, "brenna"))
    assert last_sentence(log) == ("Brenna gains 1 short-term fatigue to act normally at "
                                  "initiative 0 (now 1 short, 0 long).")
    refused(log, Fatigue(id="brenna", levels=1, source=ACT_NORMALLY), "already acts normally")
    log.push(roll_initiative_v08(log.state, "brenna", d20_from_typed(10)))
    assert log.state.fighter("brenna").initiative == 26  # not halved
    log.push(EndRound())
    assert not log.state.fighter("brenna").acts_normally


def test_declaring_needs_initiative_and_respects_the_limits() -> None:
    log = unrolled()
    refused(log, Declare(id="brenna", action="attack", target="orc", style=SWORD),
            "no initiative yet")
    log = fight()
    refused(log, Declare(id="orc", action="attack", target="brenna", style=DAGGER, defences=4),
            r"at most 3 defences .*\(RULES 2\)")
    log.push(Declare(id="orc", action="attack", target="brenna", style=DAGGER, defences=4,
                     stance="defensive"))
    # Orc's Move is 5 + 4 + 3 + 1 = 13.
    refused(log, Declare(id="orc", action="attack", target="brenna", style=DAGGER, move_m=14),
            "more than Move 13, leaves no attack")
    refused(log, Declare(id="orc", action="kill_helpless", target="brenna"),
            "classic rule")
    log.push(SetCondition(id="brenna", condition="unconscious"))
    refused(log, Declare(id="brenna", action="rest"), "unconscious and cannot act")


def test_defences_already_used_cannot_be_declared_away() -> None:
    log = fight(bandit=True)
    declare(log, "brenna", "orc", SWORD, 2)
    declare(log, "orc", "brenna", DAGGER)
    declare(log, "bandit", "brenna", SWORD)
    log.push(resolve_attack_v08(log.state, "orc", "brenna", dice(5, 5)))
    log.push(resolve_attack_v08(log.state, "bandit", "brenna", dice(5, 5)))
    assert log.state.fighter("brenna").defending == ("orc", "bandit")
    refused(log, Declare(id="brenna", action="attack", target="orc", style=SWORD, defences=1),
            "already defended against 2 attackers this round")


def test_declarations_go_up_initiative_and_ties_go_to_intelligence() -> None:
    log = fight(bandit=True)  # Brenna 30, Orc 20, Bandit 15
    assert declaration_order(log.state) == ["bandit", "orc", "brenna"]
    log.push(Override(id="brenna", field="initiative", value=20, reason="tie test"))
    # Brenna (Intelligence 4) beats the Orc (3) on a tie: she declares after him.
    assert declaration_order(log.state) == ["bandit", "orc", "brenna"]
    log.push(Override(id="orc", field="initiative", value=25, reason="tie test"))
    assert declaration_order(log.state) == ["bandit", "brenna", "orc"]


def test_fast_normal_slow_each_in_decreasing_initiative() -> None:
    log = fight(bandit=True)
    declare(log, "bandit", "brenna", SWORD, stance="aggressive")  # fast
    declare(log, "orc", "brenna", DAGGER)  # normal
    declare(log, "brenna", "orc", SWORD, stance="defensive")  # slow
    assert action_order(log.state) == [("fast", "bandit"), ("normal", "orc"),
                                       ("slow", "brenna")]
    # Moving past half Move (13 // 2 = 6) leaves only a slow attack; a wait comes last;
    # a fighter at initiative 0 is slow even when aggressive; resting is no action.
    declare(log, "orc", "brenna", DAGGER, move_m=7)
    log.push(Declare(id="brenna", action="wait", target="orc"))
    assert action_order(log.state) == [("fast", "bandit"), ("slow", "orc"),
                                       ("wait", "brenna")]
    log.push(Override(id="bandit", field="initiative", value=0, reason="shock"))
    log.push(Declare(id="brenna", action="rest"))
    assert action_order(log.state) == [("slow", "orc"), ("slow", "bandit")]
    log.push(act_normally(log.state, "bandit"))
    assert action_order(log.state)[0] == ("fast", "bandit")


def test_prone_fighters_act_slow() -> None:
    log = fight()
    declare(log, "brenna", "orc", SWORD, stance="aggressive")
    log.push(SetCondition(id="brenna", condition="prone"))
    assert action_order(log.state) == [("slow", "brenna")]


def test_order_needs_everyone_to_have_rolled() -> None:
    with pytest.raises(RulesError, match="Brenna has no initiative yet"):
        declaration_order(unrolled().state)


def test_auto_rounds_replay_from_json_to_the_same_state() -> None:
    log = CombatLog("0.8")
    for e in (BRENNA, ORC, BANDIT):
        log.push(e)
    rng = random.Random(8)
    for _ in range(6):
        for e in auto_round_v08(log.state, rng):
            log.push(e)
        assert log.state.pending == () and all(
            f.declaration is None for f in log.state.fighters.values())
    assert log.state.round == 7
    assert any(isinstance(e, Attack) for e in log.events)
    for n, e in enumerate(log.events):
        assert describe(e, log.state_before(n), log.state_before(n + 1)).endswith(".")
    stored = json.dumps([event_adapter.dump_python(e, mode="json") for e in log.events])
    replayed = CombatLog("0.8", [event_adapter.validate_python(d) for d in json.loads(stored)])
    assert replayed.state == log.state


def test_auto_round_is_refused_for_classic() -> None:
    with pytest.raises(RulesError, match="0.8 round procedure"):
        auto_round_v08(CombatLog("classic").state, random.Random(1))
