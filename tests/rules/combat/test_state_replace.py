"""The state's own replace() (issue 18: faster than dataclasses.replace) gives the
same fighter as dataclasses.replace, and carries over a flag worked out for the
fighter it copies only when the new fighter would work out the same."""

from __future__ import annotations

import dataclasses

import pytest

from tests.rules.builders import LONG_SWORD, classic, v08
from yags_desk.rules.combat.state import FighterState, cleared, replace
from yags_desk.rules.combat.things import Thing
from yags_desk.rules.derived import derive
from yags_desk.rules.options import DEFAULT_OPTIONS


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


_FLAGS = tuple(FighterState._CACHE_INPUTS)


def _variants() -> list[FighterState]:
    """Fighters of both editions in the states the flags tell apart."""
    out: list[FighterState] = []
    for c in (classic("Ann", weapons=(LONG_SWORD,)), v08("Bea")):
        f = FighterState("x", c.name, "party", 1, c)
        out += [f, replace(f, conditions=(("dying", None),), wounds=9),
                replace(f, conditions=(("unconscious", None),), wounds=6),
                replace(f, conditions=(("surprised", 1), ("prone", None))),
                replace(f, berserk_total=25, wounds=3)]
    return out


_CHANGES: list[dict[str, object]] = [
    {"conditions": ()}, {"conditions": (("dead", None),)},
    {"conditions": (("unconscious", None),)}, {"conditions": (("surprised", 1),)},
    {"conditions": (("dying", None),)}, {"removed": True}, {"tended": True},
    {"wounds": 0}, {"wounds": 6}, {"wounds": 12}, {"berserk_total": 0},
    {"berserk_total": 30}, {"character": v08("Cid")},
    {"character": classic("Dee", stamina=20)},
    {"thing": Thing(kind="other", soak_blunt=5, soak_edge=5, damage_points=10)},
    # fields no flag reads: every flag is handed on
    {"initiative": 12}, {"attacked": True}, {"row": 3}, {"stuns": 4},
    {"fatigue_short": 2}, {"declaration": None}, {"checks_done": ("fatigue",)},
]


@pytest.mark.parametrize("changes", _CHANGES, ids=lambda c: "-".join(c))
def test_flags_handed_on_by_replace_are_those_a_new_fighter_works_out(
        changes: dict[str, object]) -> None:
    """replace() keeps a cached flag when none of its _CACHE_INPUTS changes: the
    flag must then be the one the new fighter would work out afresh."""
    for f in _variants():
        for name in _FLAGS:
            getattr(f, name)  # worked out and cached on f
        mine, fresh = replace(f, **changes), dataclasses.replace(f, **changes)
        for name in _FLAGS:
            assert getattr(mine, name) == getattr(fresh, name), (name, f, changes)


_ROUND_FIELDS = frozenset({"declaration", "attacked", "initiative", "tiebreak", "strikes",
                           "checks_done", "defence", "defended"})


@pytest.mark.parametrize("changes", [{}, {"conditions": (("prone", 1),)},
                                     {"conditions": (), "fatigue_checks": 0}])
def test_cleared_is_replace_with_the_fields_at_their_defaults(
        changes: dict[str, object]) -> None:
    """cleared() (the end of a round) gives the fighter replace() gives with those
    fields set to their defaults, down to what its __dict__ holds and keeps cached."""
    for f in _variants():
        acted = replace(f, attacked=True, initiative=14, tiebreak=3, strikes=2,
                        checks_done=("fatigue",), defence=22, defended=True, fatigue_checks=2)
        for name in _FLAGS:
            getattr(acted, name)
        defaults = {n: FighterState.__dataclass_fields__[n].default for n in _ROUND_FIELDS}
        mine = cleared(acted, _ROUND_FIELDS, **changes)
        theirs = replace(acted, **defaults, **changes)
        assert mine == theirs == dataclasses.replace(acted, **defaults, **changes)
        assert mine.__dict__ == theirs.__dict__
        for name in _FLAGS:
            assert getattr(mine, name) == getattr(dataclasses.replace(mine), name)


@pytest.mark.parametrize("changes", _CHANGES, ids=lambda c: "-".join(c))
def test_derived_numbers_handed_on_by_replace_are_those_of_the_new_fighter(
        changes: dict[str, object]) -> None:
    """derived() keeps its answers on the fighter for the next versions replace()
    makes while its numbers stay: they must be those worked out afresh."""
    for f in _variants():
        if f.character.edition != getattr(changes.get("character"), "edition",
                                          f.character.edition):
            continue  # a character of the other edition never joins this fighter
        f.derived()  # worked out and kept on f
        mine = replace(f, **changes)
        assert mine.derived() == derive(mine.current_character(), DEFAULT_OPTIONS)
