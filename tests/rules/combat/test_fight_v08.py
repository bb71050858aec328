"""A scripted three-round 0.8 fight replayed from its JSON log, and random sequences
of actions that never break the invariants (issue 3 item 8)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

from tests.rules.combat.machine import LogMachine
from tests.rules.combat.v08_setup import (
    BANDIT,
    BRENNA,
    DAGGER,
    ORC,
    SWORD,
    dice,
    fight,
)
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08, roll_dice_v08
from yags_desk.rules.combat.checks_v08 import resolve_check
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.events import (
    Declare,
    EndRound,
    SetCondition,
    Stuns,
    Wound,
    event_adapter,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.procedure_v08 import action_order, auto_round_v08
from yags_desk.rules.combat.round_v08 import declared_defences
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import d20_from_typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import attack_odds


def attack_decl(fid: str, target: str, style: str, defences: int,
                stance: str = "normal") -> Declare:
    return Declare(id=fid, action="attack", target=target, style=style, defences=defences,
                   stance=stance)  # type: ignore[arg-type]


def scripted() -> CombatLog:
    """Brenna (initiative 30) against the Orc (20) and the Bandit (15)."""
    log = fight(bandit=True)

    def hit(a: str, t: str, *d: int | None, counter: bool = False) -> None:
        log.push(resolve_attack_v08(log.state, a, t, dice(*d), counter=counter))  # type: ignore[arg-type]

    def roll(die: int, end_of_round: bool = False) -> None:
        p = end_of_round_due(log.state)[0] if end_of_round else log.state.pending[0]
        log.push(resolve_check(log.state, p, d20_from_typed(die)))

    # Round 1: the Orc keeps no defence; Brenna declares two (-10 to all her rolls).
    log.push(attack_decl("bandit", "brenna", SWORD, 1))
    log.push(attack_decl("orc", "brenna", DAGGER, 0))
    log.push(attack_decl("brenna", "orc", SWORD, 2))
    hit("brenna", "orc", 9, None, 4)  # 21 - 10 + 9 = 20 vs 15; 15 + 4 = 19: 2 wounds
    hit("orc", "brenna", 18, 3, 14)  # 11 - 3 + 18 = 26 vs 15; 8 + 14 = 22: 3 mixed
    hit("brenna", "orc", 17, None, 16, counter=True)  # 25 vs 15; 31: 4 wounds -> Fatal
    roll(18)  # Health 12 + 18 = 30: good success, fights on
    hit("bandit", "brenna", 6, 10, 2)  # 20 vs 19 - 10 - 3 + 10 = 16; 17: 2 wounds
    log.push(EndRound())  # no end-of-round check in the round Fatal was reached
    # Round 2: the Orc fights on, aggressive (fast).
    log.push(attack_decl("bandit", "brenna", SWORD, 1))
    log.push(attack_decl("orc", "brenna", DAGGER, 1, "aggressive"))
    log.push(attack_decl("brenna", "orc", SWORD, 1))
    hit("orc", "brenna", 20, 5, 10)
    hit("brenna", "orc", 2, 12)
    hit("bandit", "brenna", 1, 15)  # a natural 1
    roll(9, end_of_round=True)  # 21 against 20: fights on
    log.push(EndRound())
    # Round 3
    log.push(attack_decl("bandit", "brenna", SWORD, 1))
    log.push(attack_decl("orc", "brenna", DAGGER, 1, "aggressive"))
    log.push(attack_decl("brenna", "orc", SWORD, 1))
    hit("orc", "brenna", 12, 5, 10)
    hit("brenna", "orc", 15, 4, 10)  # 25 - 12 = 13: 3 wounds, 9 in all: against 35
    roll(20)  # 32: dies
    hit("bandit", "brenna", 11, 9, 1)  # passive (her defence went to the Orc); 1 wound
    log.push(EndRound())
    return log


def sentences(log: CombatLog) -> list[str]:
    return [describe(e, log.state_before(n), log.state_before(n + 1))
            for n, e in enumerate(log.events)]


def test_scripted_fight_outcome() -> None:
    log = scripted()
    brenna, orc, bandit = (log.state.fighter(x) for x in ("brenna", "orc", "bandit"))
    assert (brenna.wounds, brenna.stuns, brenna.can_act) == (4, 2, True)
    assert orc.dead and (orc.wounds, orc.levels_beyond) == (6, 3)
    assert (bandit.wounds, bandit.stuns) == (0, 0)
    assert log.state.round == 4 and log.state.pending == ()
    text = sentences(log)
    for line in (
        "Brenna attacks Orc and hits: 20 against 15 (passive); damage 19 − soak 12 = 7 → "
        "2 wounds, wounds Light (-3) [attack: Brenna's 2 defences -10].",
        "Orc attacks Brenna and hits: 26 against 15; damage 22 − soak 12 = 10 → 3 levels "
        "mixed: 2 stuns + 1 wound, wounds Minor, stuns Light (-3) [defence: Brenna's "
        "2 defences -10].",
        "Brenna counter strikes Orc and hits: 25 against 15 (passive); damage 31 − soak 12 "
        "= 19 → 4 wounds, wounds Fatal (-25) [attack: Brenna's 2 defences -10].",
        "Orc's Fatal Health check: 30 against 20 (dice 18) → good success: fights on, checking at "
        "the end of each round.",
        "Orc's end-of-round Health check: 21 against 20 (dice 9) → fights on.",
        "Bandit attacks Brenna and fumbles (d20 1).",
        "Orc's Fatal Health check: 32 against 35 (dice 20) → dies.",
    ):
        assert line in text


def test_scripted_fight_replays_from_json_to_an_identical_state() -> None:
    log = scripted()
    stored = json.dumps([event_adapter.dump_python(e, mode="json") for e in log.events])
    replayed = CombatLog("0.8")
    for data in json.loads(stored):
        replayed.push(event_adapter.validate_python(data))
    assert replayed.events == log.events
    assert replayed.state == log.state
    while replayed.can_undo:
        replayed.undo()
    assert replayed.state == CombatLog("0.8").state


def test_odds_before_the_first_blow() -> None:
    log = fight(bandit=True)
    for e in (attack_decl("bandit", "brenna", SWORD, 1), attack_decl("orc", "brenna", DAGGER, 0),
              attack_decl("brenna", "orc", SWORD, 2)):
        log.push(e)
    assert action_order(log.state) == [("normal", "brenna"), ("normal", "orc"),
                                       ("normal", "bandit")]
    # Brenna: 21 - 10 (two defences) against the Orc's passive 15.
    assert declared_attack_odds_v08(log.state, "brenna") == attack_odds(
        "0.8", 11, None, damage=15, soak=12)
    # The Orc meets her active defence 19 - 10.
    assert declared_attack_odds_v08(log.state, "orc") == attack_odds(
        "0.8", 11, 9, damage=8, soak=12)


IDS = ("brenna", "orc", "bandit")
STYLES = {"brenna": SWORD, "orc": DAGGER, "bandit": SWORD}


class FightMachine08(LogMachine):
    """Random 0.8 declarations, attacks, checks and GM events keep the invariants."""

    def __init__(self) -> None:
        super().__init__("0.8", (BRENNA, ORC, BANDIT))

    @rule(seed=st.integers(0, 10**6))
    def auto_round(self, seed: int) -> None:
        try:
            events = auto_round_v08(self.log.state, random.Random(seed))
        except RulesError:
            return  # e.g. a check the GM must settle first
        for e in events:
            self.log.push(e)

    @rule(fid=st.sampled_from(IDS), foe=st.sampled_from(IDS), defences=st.integers(0, 5),
          stance=st.sampled_from(["normal", "aggressive", "defensive", "prone"]),
          move=st.integers(0, 15))
    def declare(self, fid: str, foe: str, defences: int, stance: str, move: int) -> None:
        self._try(Declare(id=fid, action="attack", target=foe, style=STYLES[fid],
                          defences=defences, stance=stance, move_m=move))  # type: ignore[arg-type]

    @rule(a=st.sampled_from(IDS), t=st.sampled_from(IDS), seed=st.integers(0, 10**6),
          counter=st.booleans(), ineffective=st.booleans())
    def attack(self, a: str, t: str, seed: int, counter: bool, ineffective: bool) -> None:
        before = (self.log.events, self.log.state)
        try:
            e = resolve_attack_v08(self.log.state, a, t, roll_dice_v08(random.Random(seed)),
                                   counter=counter, ineffective=ineffective)
        except RulesError:
            assert (self.log.events, self.log.state) == before
            return
        self.log.push(e)  # a resolved attack is always accepted

    @rule(seed=st.integers(1, 20))
    def check(self, seed: int) -> None:
        pending = self.log.state.pending or tuple(end_of_round_due(self.log.state))
        if pending and pending[0].kind in ("fatal", "beaten", "fatal_round"):
            self.log.push(resolve_check(self.log.state, pending[0], d20_from_typed(seed)))

    @rule(fid=st.sampled_from(IDS), levels=st.integers(1, 8), stuns=st.booleans())
    def hurt(self, fid: str, levels: int, stuns: bool) -> None:
        self._try(Stuns(id=fid, levels=levels) if stuns else Wound(id=fid, levels=levels))

    @rule(fid=st.sampled_from(IDS), cond=st.sampled_from(["prone", "unconscious"]))
    def condition(self, fid: str, cond: str) -> None:
        self._try(SetCondition(id=fid, condition=cond, rounds=1))

    @rule()
    def end_round(self) -> None:
        self._try(EndRound())

    @invariant()
    def tracks_stay_on_the_scale(self) -> None:
        for f in self.log.state.fighters.values():
            assert 0 <= f.wounds <= 6 and 0 <= f.stuns <= 6 and f.levels_beyond >= 0

    @invariant()
    def defences_never_exceed_the_declared_number(self) -> None:
        for f in self.log.state.fighters.values():
            if f.can_act:
                assert len(f.defending) <= declared_defences(f)

    @invariant()
    def the_dead_never_act(self) -> None:
        for f in self.log.state.fighters.values():
            if f.dead:
                with pytest.raises(RulesError):
                    self.log.push(Declare(id=f.id, action="rest"))



TestFightMachine08 = FightMachine08.TestCase
TestFightMachine08.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
