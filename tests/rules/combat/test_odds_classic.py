"""Exact odds of a declared classic attack agree with the attack procedure and
change with the special attack, range, the round's defence and the fighter's
current wounds, fatigue and load (issue 3 item 7; RULES 1.4, 1.5, 1.8, 1.9)."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import classic
from tests.rules.combat.specials_helpers import (
    BOW_T,
    aldric,
    bandit,
    board,
    declare,
    dice,
    duel,
    pushed,
)
from yags_desk.rules.combat.attack_classic import resolve_attack, roll_dice
from yags_desk.rules.combat.events import AddCombatant, Attack, EndRound, Fatigue, Wound
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import attack_odds, damage_bucket
from yags_desk.rules.options import RulesOptions

SS = "Single weapon: Short sword"
BOW = "Bow: Bow"


def frequencies(state: CombatState, attacker: str, n: int, *, close: tuple[str, ...] = (),
                defending: bool = True) -> dict[str, float]:
    """Outcome frequencies over ``n`` seeded resolutions of the declared attack,
    counting a shot that went astray as a miss of the target."""
    d = state.fighter(attacker).declaration
    assert d is not None and d.target is not None
    rng = random.Random(20261121)
    counts: dict[str, int] = {}
    for _ in range(n):
        e = resolve_attack(state, attacker, d.target, d.style,
                           roll_dice(rng, defending, close=len(close)), close=close)
        key = ("miss" if not e.hit or e.defender != d.target
               else damage_bucket("classic", e.damage_total - e.soak))
        counts[key] = counts.get(key, 0) + 1
    return {k: v / n for k, v in counts.items()}


def assert_agrees(exact: dict[str, float], seen: dict[str, float], n: int) -> None:
    for key, p in exact.items():
        se = max((p * (1 - p) / n) ** 0.5, 1 / n)
        assert abs(seen.get(key, 0.0) - p) < 4.5 * se + 1e-9, (key, p, seen.get(key))


def test_melee_all_out_odds_equal_the_frequency_of_resolved_attacks() -> None:
    log = duel()
    declare(log, "bandit", "aldric", SS, special="all_out")
    odds = declared_attack_odds(log.state, "bandit")
    # attack 16 + 5 against Aldric's defence 15; damage 18 against soak 17
    assert odds == attack_odds("classic", 21, 15, damage=18, soak=17)
    n = 6000
    assert_agrees(odds.outcomes, frequencies(log.state, "bandit", n), n)


def test_aimed_long_shot_into_a_melee_odds_equal_the_frequency() -> None:
    archer = classic("Archer", perception=12, skills={"Bow": 100}, weapons=(BOW_T,))
    log = board(("archer", archer), ("aldric", aldric()), ("bandit", bandit()),
                ("monk", classic("Monk")))
    declare(log, "archer", "aldric", BOW, action="missile", special="aim", range_m=60)
    log.push(EndRound())
    declare(log, "archer", "aldric", BOW, action="missile", range_m=60)
    close = ("bandit", "monk")
    odds = declared_attack_odds(log.state, "archer", close=close, defending=False)
    # 24 + 3 aimed - 15 long; fumble 3 - 2 aimed + 4 into the melee; damage 20 - 5
    assert odds == attack_odds("classic", 12, None, damage=15, soak=17, fumble_chance=5)
    n = 6000
    assert_agrees(odds.outcomes,
                  frequencies(log.state, "archer", n, close=close, defending=False), n)


def test_specials_move_the_odds_the_way_the_rules_say() -> None:
    hit: dict[str | None, float] = {}
    for special in (None, "all_out", "defensive", "killing_blow", "ambush"):
        log = duel()
        declare(log, "bandit", "aldric", SS, special=special)
        hit[special] = declared_attack_odds(log.state, "bandit").hit
    assert hit["all_out"] > hit[None] > hit["defensive"] > hit["killing_blow"]
    # Ambush: against 15 with no defence roll; attack 16 + 2d10! always reaches 15
    # unless it fumbles.
    assert hit["ambush"] == pytest.approx(1 - 0.03)
    log = duel()
    declare(log, "bandit", "aldric", SS, special="ambush")
    odds = declared_attack_odds(log.state, "bandit")
    assert odds == attack_odds("classic", 16, None, damage=18, soak=8)
    log = duel()
    declare(log, "bandit", "aldric", SS, special="disarm")
    assert set(declared_attack_odds(log.state, "bandit").outcomes) == {"miss", "hit"}


def test_the_targets_round_defence_once_rolled_is_a_fixed_number() -> None:
    log = board(("aldric", aldric()), ("bandit", bandit()), ("bandit-2", bandit()))
    e = pushed(log, resolve_attack(log.state, "bandit", "aldric", SS, dice((1, 4), (9, 9))))
    assert isinstance(e, Attack) and log.state.fighter("aldric").defence == 33
    declare(log, "bandit-2", "aldric", SS)
    odds = declared_attack_odds(log.state, "bandit-2")
    # P(16 + 2d10! >= 33) is P(16 - 18 + 2d10! >= 15)
    assert odds == attack_odds("classic", 16 + 15 - 33, None, damage=18, soak=17)
    assert odds.hit < declared_attack_odds(duel_with_declared(), "bandit").hit


def duel_with_declared() -> CombatState:
    log = duel()
    declare(log, "bandit", "aldric", SS)
    return log.state


@pytest.mark.parametrize("hurt", ["wounds", "fatigue", "load"])
def test_attack_and_odds_use_the_current_wounds_fatigue_and_load(hurt: str) -> None:
    c = bandit(other_load=13) if hurt == "load" else bandit()  # load 15 over Str 11: -2
    log = board(("aldric", aldric()), ("bandit", c))
    if hurt == "wounds":
        log.push(Wound(id="bandit", levels=2))  # Light: -2
    elif hurt == "fatigue":
        log.push(Fatigue(id="bandit", levels=2))  # Light: -2
    declare(log, "bandit", "aldric", SS)
    assert declared_attack_odds(log.state, "bandit") == attack_odds(
        "classic", 16 - 2, 15, damage=18, soak=17)
    e = resolve_attack(log.state, "bandit", "aldric", SS, dice((5, 5)))
    assert e.attack_total == 16 - 2 + 10


def test_options_fumble_chance_reaches_the_odds() -> None:
    log = CombatLog("classic", options=RulesOptions(classic_fumble_chance=5))
    for fid, c in (("aldric", aldric()), ("bandit", bandit())):
        log.push(AddCombatant(id=fid, name=c.name, side=fid, character=c))
    declare(log, "bandit", "aldric", SS)
    odds = declared_attack_odds(log.state, "bandit")
    assert odds.attack_fumble == pytest.approx(0.10)  # base dice summing to 5 or less
    assert odds == attack_odds("classic", 16, 15, damage=18, soak=17, fumble_chance=5,
                               defence_fumble_chance=5)


def test_odds_need_a_declared_attack() -> None:
    log = duel()
    with pytest.raises(RulesError, match="declared no attack"):
        declared_attack_odds(log.state, "bandit")
    declare(log, "bandit", None, action="other", special="prepare")
    with pytest.raises(RulesError, match=r"does not attack this round: preparing"):
        declared_attack_odds(log.state, "bandit")
