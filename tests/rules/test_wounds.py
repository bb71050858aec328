"""Worked examples of RULES 1.6, 1.9 and 2 for damage, berserk and stuns."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yags_desk.rules.editions import V08_WOUND_TRACK_OLD
from yags_desk.rules.odds import damage_bucket
from yags_desk.rules.tracks import v08_stun_level
from yags_desk.rules.wounds import (
    add_stuns,
    berserk_result,
    classic_body_levels,
    classic_fatal_fumble_chance,
    split_mixed,
    v08_fatal_target,
    v08_levels,
)


@pytest.mark.parametrize("net,levels", [(-1, 0), (0, 0), (1, 1), (5, 1), (6, 2), (10, 2),
                                        (11, 3), (26, 6), (30, 6), (31, 7), (36, 8)])
def test_classic_body_levels_table(net: int, levels: int) -> None:
    assert classic_body_levels(net) == levels


@given(st.integers(-50, 200))
def test_body_levels_agree_with_the_odds_buckets(net: int) -> None:
    bucket = damage_bucket("classic", net)
    levels = classic_body_levels(net)
    if levels == 0:
        assert bucket in ("no_damage", "stunned")
    else:
        assert bucket == (str(levels) if levels <= 6 else "7+")


def test_fatal_roll_fumble_chances() -> None:
    assert classic_fatal_fumble_chance(2) == 5
    assert classic_fatal_fumble_chance(6) == 10  # one blow of 6+ levels
    assert classic_fatal_fumble_chance(3, levels_beyond=2) == 9
    # Far beyond Fatal the chance stops at 100 (every roll fumbles from 20 on);
    # found by the fight state machine: 47 levels beyond once made a Check refuse 104.
    assert classic_fatal_fumble_chance(6, levels_beyond=47) == 100


def test_berserk_worked_example() -> None:
    # RULES 1.9: 20 - 6 = 14, + 2d10! rolling 15 -> 29: berserk, 5 extra boxes
    # (Hurt 2, Light 2, Medium 1), +5 attack, damage and initiative.
    r = berserk_result(14 + 15)
    assert r.berserk and r.extra_boxes == {"Hurt": 2, "Light": 2, "Medium": 1}
    assert r.bonus == 5 and r.defence == -10


def test_berserk_needs_15() -> None:
    assert not berserk_result(14).berserk
    assert berserk_result(15).extra_box_count == 3


def test_08_damage_levels() -> None:
    assert v08_levels(11, 12) == 0
    assert v08_levels(12, 12) == 1
    assert v08_levels(16, 12) == 1
    assert v08_levels(17, 12) == 2


def test_08_stun_sequence_from_the_seed() -> None:
    # Seed 002: punched for 2 (lightly stunned), again for 2 (+1 -> 3, moderate),
    # a punch of 1 is less than half of 3 (nothing), then 5 replaces 3 (critical).
    level = 0
    seen = []
    for blow in (2, 2, 1, 5):
        level = add_stuns(level, blow)
        seen.append(level)
    assert seen == [2, 3, 3, 5]
    # The seed's prose quotes the older penalties: -5, -10, -10, -25.
    assert [v08_stun_level(s, V08_WOUND_TRACK_OLD)[1] for s in seen] == [-5, -10, -10, -25]
    # The table (default) gives -3, -6, -6, -15.
    assert [v08_stun_level(s)[1] for s in seen] == [-3, -6, -6, -15]
    assert v08_stun_level(6)[0] == "Beaten"


def test_mixed_damage_alternates_starting_with_stuns() -> None:
    assert split_mixed(3) == (2, 1)
    assert split_mixed(1) == (1, 0)
    assert split_mixed(4) == (2, 2)


def test_08_fatal_check_target_worked_example() -> None:
    # Seed 002: heavily wounded (4) taking 3 more -> 7 wounds: target 25.
    assert v08_fatal_target(4 + 3) == 25
    assert v08_fatal_target(6) == 20
