"""The state's own replace() (issue 18: faster than dataclasses.replace) gives the
same fighter as dataclasses.replace, and never carries over a flag worked out
for the fighter it copies."""

from __future__ import annotations

import dataclasses

import pytest

from tests.rules.builders import LONG_SWORD, classic
from yags_desk.rules.combat.state import FighterState, replace


def _fighter() -> FighterState:
    return FighterState("ann", "Ann", "party", 1, classic("Ann", weapons=(LONG_SWORD,)))


def test_a_fighter_killed_by_replace_is_dead_though_the_copy_was_alive() -> None:
    f = _fighter()
    assert f.can_act and not f.dead and f.acts  # worked out and kept on f
    g = replace(f, conditions=(("dead", None),))
    assert g.dead and not g.can_act and not g.acts
    assert not f.dead


def test_same_fighter_as_dataclasses_replace_and_defaults_read_back() -> None:
    f = _fighter()
    changes = {"wounds": 2, "initiative": 17, "attacked": True, "conditions": (("prone", 1),)}
    mine, theirs = replace(f, **changes), dataclasses.replace(f, **changes)
    assert mine == theirs and repr(mine) == repr(theirs)
    back = replace(mine, wounds=0, initiative=None, attacked=False, conditions=())
    assert back == f and repr(back) == repr(f)
    assert back.wounds == 0 and back.initiative is None and back.attacked is False


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="wuonds"):
        replace(_fighter(), wuonds=1)
