"""The classic round (RULES 1.5): initiative and its ties, the action order, the
strike back in a pair, standing up, automatic rounds and a whole scripted fight."""

from __future__ import annotations

import json
import random

import pytest

from tests.rules.builders import GREATSWORD, LONG_SWORD, SHORT_SWORD, classic
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.checks_classic import resolve_check
from yags_desk.rules.combat.effects import apply_effect
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    Effect,
    EndRound,
    SetCondition,
    event_adapter,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import (
    action_order,
    auto_round,
    make_initiative,
    next_action,
    ties,
)
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.roster import numbered_copies
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

SWORD = "Single weapon: Short sword"


def fighter(fid: str, side: str, agility: int = 10, **kw: object) -> AddCombatant:
    return AddCombatant(id=fid, name=fid.capitalize(), side=side, character=classic(
        fid.capitalize(), agility=agility, skills={"Single weapon": 100},
        weapons=(SHORT_SWORD,), **kw))


def board(*adds: AddCombatant) -> CombatLog:
    log = CombatLog("classic")
    for a in adds:
        log.push(a)
    return log


def init(log: CombatLog, fid: str, dice: tuple[int, ...], tiebreak: int = 0) -> int:
    e = make_initiative(log.state, fid, typed(dice), tiebreak)
    log.push(e)
    return e.total


def test_initiative_is_style_initiative_plus_dice() -> None:
    # Agility 12 x 100% + Short sword +7 = 19, + 5 + 3
    log = board(fighter("ann", "a", agility=12), fighter("bo", "b"))
    log.push(Declare(id="ann", target="bo", style=SWORD))
    assert init(log, "ann", (5, 3)) == 27


def test_ties_go_to_agility_then_the_roll_off() -> None:
    log = board(fighter("ann", "a", agility=10), fighter("bo", "b", agility=11),
                fighter("cy", "b", agility=10))
    # Same totals: ann 10+7+5 = 22; bo 11+7+4 = 22; cy 10+7+5 = 22
    init(log, "ann", (2, 3))
    init(log, "bo", (2, 2))
    init(log, "cy", (3, 2))
    assert [f.id for f in action_order(log.state)][0] == "bo"  # higher Agility
    assert ties(log.state) == [["ann", "cy"]]  # the roll-off is still to come
    log.push(EndRound())
    init(log, "ann", (2, 3), tiebreak=40)
    init(log, "bo", (2, 2), tiebreak=1)
    init(log, "cy", (3, 2), tiebreak=77)
    assert [f.id for f in action_order(log.state)] == ["bo", "cy", "ann"]
    assert ties(log.state) == []


def test_specials_that_lose_initiative_act_last() -> None:
    log = board(fighter("ann", "a"), fighter("bo", "b"))
    log.push(Declare(id="ann", target="bo", style=SWORD, special="killing_blow"))
    log.push(Declare(id="bo", target="ann", style=SWORD))
    init(log, "ann", (9, 9))
    init(log, "bo", (1, 2))
    assert [f.id for f in action_order(log.state)] == ["bo", "ann"]


def test_initiative_is_refused_for_the_unconscious_and_in_08() -> None:
    log = board(fighter("ann", "a"), fighter("bo", "b"))
    log.push(SetCondition(id="bo", condition="unconscious"))
    with pytest.raises(RulesError, match="unconscious and cannot act"):
        make_initiative(log.state, "bo", typed((5, 5)))


def pair() -> CombatLog:
    log = board(fighter("ann", "a", strength=12), fighter("bo", "b", strength=12))
    log.push(Declare(id="ann", target="bo", style=SWORD))
    log.push(Declare(id="bo", target="ann", style=SWORD))
    init(log, "ann", (9, 8))
    init(log, "bo", (2, 2))
    return log


def test_the_initiative_loser_strikes_back_if_still_standing() -> None:
    log = pair()
    step = next_action(log.state)
    assert step is not None and (step.fighter, step.kind) == ("ann", "attack")
    # Ann misses: 10 + 4 + 3 = 17 against Bo's 10 + 3 + 9 = 22
    log.push(resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((1, 2)), typed((4, 5)), typed((5, 5)))))
    step = next_action(log.state)
    assert step is not None and (step.fighter, step.kind, step.target) == ("bo", "counter", "ann")
    e = resolve_attack(log.state, "bo", "ann", SWORD,
                       AttackDice(typed((5, 5)), typed((5, 5)), typed((5, 5))))
    log.push(e.model_copy(update={"counter": True}))
    assert next_action(log.state) is None  # each has had its attack
    with pytest.raises(RulesError, match="already attacked"):
        log.push(resolve_attack(log.state, "bo", "ann", SWORD,
                                AttackDice(typed((5, 5)), None, typed((5, 5)))))
    log.push(EndRound())


def test_no_strike_back_from_a_fallen_loser() -> None:
    log = pair()
    # Ann hits hard: 10 + 4 + 20 = 34 vs 22; damage 12 + 7 + 30 = 49 - 12 = 37 -> 8 levels
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, AttackDice(
        typed((10, 10, 5, 5)), typed((4, 5)), typed((10, 10, 5, 5)))))
    assert [p.kind for p in log.state.pending] == ["fatal"]
    log.push(resolve_check(log.state, log.state.pending[0], typed((2, 3))))  # fumble: dies
    assert log.state.fighter("bo").dead
    assert next_action(log.state) is None


def test_prone_fighter_stands_up_instead_of_attacking() -> None:
    log = pair()
    log.push(SetCondition(id="bo", condition="prone"))
    with pytest.raises(RulesError, match="prone: standing up takes the attack action"):
        log.push(resolve_attack(log.state, "bo", "ann", SWORD,
                                AttackDice(typed((5, 5)), None, typed((5, 5)))))
    log.push(Declare(id="bo", action="stand_up"))
    log.push(resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((1, 2)), typed((4, 5)), typed((5, 5)))))
    step = next_action(log.state)
    assert step is not None and (step.fighter, step.kind) == ("bo", "stand_up")


def test_the_defence_stands_against_every_attack_of_the_round() -> None:
    log = board(fighter("ann", "a"), fighter("cy", "a"), fighter("bo", "b"))
    for fid in ("ann", "cy"):
        log.push(Declare(id=fid, target="bo", style=SWORD))
    first = resolve_attack(log.state, "ann", "bo", SWORD,
                           AttackDice(typed((5, 5)), typed((6, 6)), typed((5, 5))))
    log.push(first)
    assert first.defence_rolled and first.defence_total == 10 + 3 + 12
    second = resolve_attack(log.state, "cy", "bo", SWORD,
                            AttackDice(typed((5, 5)), typed((1, 1)), typed((5, 5))))
    assert second.defence_total == first.defence_total and not second.defence_rolled
    log.push(second)
    n = len(log.events) - 1
    assert "24 against 25 (defence of the round)" in describe(
        second, log.state_before(n), log.state)


def test_numbered_copies_continue_the_numbering() -> None:
    bandit = classic("Bandit")
    first = numbered_copies(bandit, 3, "foes")
    assert [a.name for a in first] == ["Bandit 1", "Bandit 2", "Bandit 3"]
    more = numbered_copies(bandit, 2, "foes", existing=first)
    assert [a.name for a in more] == ["Bandit 4", "Bandit 5"]
    assert len({a.id for a in [*first, *more]}) == 5
    with pytest.raises(RulesError, match="count"):
        numbered_copies(bandit, 0, "foes")


def melee(n: int) -> CombatLog:
    log = CombatLog("classic")
    hero = classic("Hero", id="hero", strength=14, dexterity=14, agility=13, stamina=14,
                   skills={"Single weapon": 125}, weapons=(LONG_SWORD,))
    brute = classic("Brute", id="brute", strength=24, skills={"Great weapon": 100},
                    weapons=(GREATSWORD,))
    log.push(AddCombatant(id="hero", name="Hero", side="party", character=hero))
    for a in numbered_copies(brute, n, "foes", row=1):
        log.push(a)
    for a in numbered_copies(classic("Bandit", id="bandit", skills={"Single weapon": 100},
                                     weapons=(SHORT_SWORD,)), n, "foes", row=0):
        log.push(a)
    return log


def test_auto_round_is_reproducible_and_replays_from_json() -> None:
    runs = []
    for _ in range(2):
        log = melee(3)
        rng = random.Random(7)
        for _ in range(4):
            events, state = auto_round(log.state, rng)
            for e in events:
                log.push(e)
            assert log.state == state
        runs.append(log)
    assert runs[0].events == runs[1].events
    text = json.dumps([event_adapter.dump_python(e, mode="json") for e in runs[0].events])
    replay = CombatLog("classic", [event_adapter.validate_python(x) for x in json.loads(text)])
    assert replay.state == runs[0].state
    assert replay.state.round == 5
    # Every event reads as a sentence.
    for i, e in enumerate(replay.events):
        assert describe(e, replay.state_before(i), replay.state_before(i + 1) if i + 1 < len(
            replay.events) else replay.state)


def test_auto_round_never_lets_the_fallen_act() -> None:
    log = melee(5)
    rng = random.Random(11)
    for _ in range(12):
        events, _ = auto_round(log.state, rng)
        for e in events:
            before = log.state
            log.push(e)
            actor = getattr(e, "attacker", None)
            if actor is not None:
                assert before.fighter(actor).can_act
    assert all(f.wounds <= f.body_capacity() for f in log.state.fighters.values())


def test_initiative_takes_the_special_attack_and_aiming_skips_the_attack() -> None:
    log = board(fighter("ann", "a"), fighter("bo", "b"))
    log.push(Declare(id="ann", target="bo", style=SWORD, special="all_out"))
    log.push(Declare(id="bo", target="ann", style=SWORD, special="defensive"))
    # Agility 10 + Short sword 7 = 17: all-out +5, defensive fighting -10 (RULES 1.9)
    assert init(log, "ann", (1, 1)) == 17 + 5 + 2
    assert init(log, "bo", (1, 1)) == 17 - 10 + 2
    log.push(EndRound())
    log.push(Declare(id="ann", target="bo", style=SWORD, special="prepare"))
    init(log, "ann", (5, 5))
    assert next_action(log.state) is None  # preparing: no attack this round
    log.push(EndRound())
    log.push(Declare(id="ann", target="bo", style=SWORD))
    assert init(log, "ann", (1, 1)) == 17 + 5 + 2  # prepared last round: +5


def test_a_berserker_attacks_the_nearest_enemy() -> None:
    near = fighter("near", "b")
    far = AddCombatant(id="far", name="Far", side="b", row=2, character=classic(
        "Far", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,)))
    log = board(fighter("bera", "a", advantages=("Berserker",)), near, far)
    log.push(Declare(id="bera", target="far", style=SWORD))  # not berserk: any target
    log.push(EndRound())
    # Berserk (RULES 1.9): only the nearest enemy, by board row, may be attacked.
    state = apply_effect(log.state, Effect(target="bera", kind="berserk", amount=20))
    with pytest.raises(RulesError, match="berserk and attacks the nearest enemy"):
        apply(state, Declare(id="bera", target="far", style=SWORD))
    assert apply(state, Declare(id="bera", target="near", style=SWORD)).fighter(
        "bera").declaration is not None
