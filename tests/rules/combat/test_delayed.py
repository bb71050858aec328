"""RULES 3.1 "delayed": a reaction, or a hamper's delay, makes the fighter's NEXT
action slow, one action only, and only while the option that set it is on.
Classic: the fighter loses initiative in the next round, not in this one (its
place this round is settled). 0.8: its action of this round if still to come,
otherwise next round's. Numbers by hand (typed dice)."""

from __future__ import annotations

from tests.rules.combat import v08_setup
from tests.rules.combat.test_assist_hamper import SWORD, trio
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import (
    Declare,
    EndRound,
    Initiative,
    Reaction,
    SetCondition,
    SetOption,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional.assist import as_hamper
from yags_desk.rules.combat.phase_v08 import speed
from yags_desk.rules.combat.procedure_classic import action_order
from yags_desk.rules.dice import open_roll_from_typed as typed

REACTIONS = SetOption(option="reactions", value=True)
HAMPER = SetOption(option="assist_hamper", value=True)


def _initiative(log: CombatLog) -> list[str]:
    """Bo 30, Cid 20, Ann 10 this round; the order action_order gives."""
    for fid, total in (("bo", 30), ("cid", 20), ("ann", 10)):
        log.push(Initiative(id=fid, dice=(5, 5), total=total))
    return [f.id for f in action_order(log.state)]


def test_classic_reaction_delays_next_round_only() -> None:
    log = trio()
    log.push(REACTIONS)
    assert _initiative(log) == ["bo", "cid", "ann"]
    log.push(Reaction(id="bo", target="ann", trigger="when Ann steps in"))
    # This round's order is settled: Bo keeps his place (it was [cid, ann, bo]).
    assert [f.id for f in action_order(log.state)] == ["bo", "cid", "ann"]
    log.push(EndRound())
    assert _initiative(log) == ["cid", "ann", "bo"]  # next round: Bo goes last
    log.push(EndRound())
    assert _initiative(log) == ["bo", "cid", "ann"]  # one round only


def test_classic_reaction_delay_stops_when_the_option_is_off() -> None:
    log = trio()
    log.push(REACTIONS)
    _initiative(log)
    log.push(Reaction(id="bo", target="ann", trigger="when Ann steps in"))
    log.push(EndRound())
    log.push(SetOption(option="reactions", value=False))
    assert _initiative(log) == ["bo", "cid", "ann"]
    # A "delayed" the GM sets by hand is the GM's ruling: it still counts.
    log.push(SetCondition(id="bo", condition="delayed", rounds=1))
    assert [f.id for f in action_order(log.state)] == ["cid", "ann", "bo"]


def test_classic_hamper_delay_is_next_round_and_needs_its_option() -> None:
    log = trio()
    log.push(HAMPER)
    assert _initiative(log) == ["bo", "cid", "ann"]
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Ann 14 + 18 = 32 against Bo 11 + 4 = 15: margin 17, a delay.
    strike = resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((9, 9)), typed((2, 2)), typed((5, 5))))
    log.push(as_hamper(log.state, strike, "delay"))
    assert [f.id for f in action_order(log.state)] == ["bo", "cid", "ann"]
    log.push(EndRound())
    assert _initiative(log) == ["cid", "ann", "bo"]
    log.push(SetOption(option="assist_hamper", value=False))
    assert [f.id for f in action_order(log.state)] == ["bo", "cid", "ann"]


def test_v08_reaction_before_acting_slows_this_action_only() -> None:
    log = v08_setup.fight()
    log.push(REACTIONS)
    log.push(Reaction(id="brenna", target="orc", trigger="when the Orc draws"))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    assert speed(log.state, log.state.fighter("brenna")) == "slow"
    log.push(EndRound())
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    assert speed(log.state, log.state.fighter("brenna")) == "normal"  # was slow again


def test_v08_reaction_after_acting_slows_next_rounds_action() -> None:
    log = v08_setup.fight()
    log.push(REACTIONS)
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    assert speed(log.state, log.state.fighter("brenna")) == "normal"
    log.push(resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(1, 20)))
    log.push(Reaction(id="brenna", target="orc", trigger="when the Orc draws"))
    log.push(EndRound())
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    assert speed(log.state, log.state.fighter("brenna")) == "slow"
    log.push(SetOption(option="reactions", value=False))
    assert speed(log.state, log.state.fighter("brenna")) == "normal"  # option off
    log.push(REACTIONS)
    log.push(resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(1, 20)))
    log.push(EndRound())
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    assert speed(log.state, log.state.fighter("brenna")) == "normal"


def test_v08_hamper_delay_slows_the_targets_next_action_only() -> None:
    log = v08_setup.fight()
    log.push(HAMPER)
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    # Brenna 21 + 20 = 41 against the Orc 11 + 1 = 12: margin 29.
    strike = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(20, 1))
    log.push(as_hamper(log.state, strike, "delay"))
    assert speed(log.state, log.state.fighter("orc")) == "slow"
    log.push(SetOption(option="assist_hamper", value=False))
    assert speed(log.state, log.state.fighter("orc")) == "normal"
    log.push(HAMPER)
    log.push(EndRound())
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    assert speed(log.state, log.state.fighter("orc")) == "normal"
