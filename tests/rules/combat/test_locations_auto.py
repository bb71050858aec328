"""Automatic fights with hit locations, Oops!, aimed attacks and limb injuries on,
both editions: every hit has its place and every fumble its Oops! result, rolled
with the rest of the dice, and a fighter's damage per place never exceeds its
damage taken."""

from __future__ import annotations

import random

import pytest

from tests.printing.samples import sample_encounter
from tests.rules.combat import v08_setup
from yags_desk.rules.combat.events import Attack, Event, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.encounter_file import encounter_log

OPTIONS = ("hit_locations", "oops", "aimed_attack", "limb_injuries")


def _check(log: CombatLog) -> list[Attack]:
    attacks = [e for e in log.events if isinstance(e, Attack)]
    for e in attacks:
        assert (e.location is not None) == e.hit
        assert (e.oops is not None) == e.attack_fumble
    for f in log.state.fighters.values():
        assert sum(n for _, n in f.location_levels) <= f.wounds + f.levels_beyond
    return attacks


@pytest.mark.parametrize("seed", range(6))
def test_classic_auto_rounds(seed: int) -> None:
    enc = sample_encounter(rounds=0, options=RulesOptions(optional=OPTIONS))
    log = encounter_log(enc)
    rng = random.Random(seed)
    for _ in range(4):
        events, _ = auto_round(log.state, rng)
        for e in events:
            log.push(e)
    assert any(a.hit for a in _check(log))


@pytest.mark.parametrize("seed", range(6))
def test_v08_auto_rounds(seed: int) -> None:
    log = v08_setup.fight(bandit=True)
    for o in OPTIONS:
        log.push(SetOption(option=o, value=True))
    rng = random.Random(seed)
    for _ in range(4):
        events: list[Event] = auto_round_v08(log.state, rng)
        for e in events:
            log.push(e)
        if len({f.side for f in log.state.active() if f.can_act}) < 2:
            break
    _check(log)
