"""Exact odds with the RULES 3.1 options on agree with the attack procedure over
seeded attacks (issue 14 item 5): out of range, back turned, an assist and a
counterattack, in classic; out of range and a turned back in 0.8."""

from __future__ import annotations

import random

from tests.rules.combat import v08_setup
from tests.rules.combat.test_assist_hamper import trio
from tests.rules.combat.test_board_rows import SWORD
from tests.rules.combat.test_odds_classic import assert_agrees, frequencies
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08, roll_dice_v08
from yags_desk.rules.combat.events import Declare, Override, Reaction, SetCondition, SetOption
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.optional.assist import make_assist
from yags_desk.rules.odds import attack_odds, damage_bucket

ON = ("board_rows", "back_turned", "assist_hamper", "reactions")


def test_classic_odds_with_every_rules_3_1_option_agree_with_the_engine() -> None:
    log = trio()
    for option in ON:
        log.push(SetOption(option=option, value=True))
    log.push(Override(id="bo", field="row", value=2, reason="two rows off"))
    log.push(SetCondition(id="bo", condition="back_turned"))
    log.push(Override(id="cid", field="row", value=1, reason="beside Bo"))
    log.push(make_assist(log.state, "cid", "ann", "attack", (8, 8)))  # +10
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Ann 14 + 10 (assist) against Bo 11 + 10 (out of range) - 10 (back turned).
    odds = declared_attack_odds(log.state, "ann")
    assert odds == attack_odds("classic", 24, 11, damage=17, soak=10)
    n = 5000
    assert_agrees(odds.outcomes, frequencies(log.state, "ann", n), n)
    log.push(Reaction(id="ann", target="bo", trigger="when Bo turns", extra=2))
    assert declared_attack_odds(log.state, "ann") == attack_odds("classic", 34, 11,
                                                                 damage=17, soak=10)


def test_v08_odds_with_board_rows_and_back_turned_agree_with_the_engine() -> None:
    log = v08_setup.fight(bandit=True)
    for option in ("board_rows", "back_turned"):
        log.push(SetOption(option=option, value=True))
    log.push(SetCondition(id="bandit", condition="back_turned"))
    v08_setup.declare(log, "brenna", "bandit", v08_setup.SWORD)
    v08_setup.declare(log, "bandit", "brenna", v08_setup.SWORD)
    odds = declared_attack_odds_v08(log.state, "brenna")
    rng = random.Random(7)
    n = 5000
    counts: dict[str, int] = {}
    for _ in range(n):
        e = resolve_attack_v08(log.state, "brenna", "bandit", roll_dice_v08(rng))
        assert ("defence: RULES 3.1 out of range (2 rows, reach 1)", 10) in e.modifiers
        key = "miss" if not e.hit else damage_bucket("0.8", e.damage_total - e.soak)
        counts[key] = counts.get(key, 0) + 1
    assert_agrees(odds.outcomes, {k: v / n for k, v in counts.items()}, n)
