"""The events the engine builds without validation (events.trusted, issue 18) are
the very objects validation builds from the same values: the same fields in the
same order with values of the same types, the same fields set, no extra or
private values, the same JSON in a saved fight. Every trusted event of large
automatic fights (rounds and the board's steps, both editions) is built both
ways and compared."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from pydantic import BaseModel

from tests.rules.combat.test_golden_fights import _rounds, _stepped
from yags_desk.rules.combat import events
from yags_desk.rules.editions import Edition


def _shape(value: object) -> object:
    """The value with the type of every part, so 1 and True or a list and a tuple differ."""
    if isinstance(value, tuple):
        return (tuple, tuple(_shape(v) for v in value))
    if isinstance(value, BaseModel):
        return (type(value), _shape(tuple(value.__dict__.items())))
    return (type(value), value)


def _same(made: BaseModel, validated: BaseModel) -> None:
    assert type(made) is type(validated)
    assert list(made.__dict__) == list(validated.__dict__)
    assert _shape(made) == _shape(validated)
    assert made.__pydantic_fields_set__ == validated.__pydantic_fields_set__
    assert made.__pydantic_extra__ is None and validated.__pydantic_extra__ is None
    assert made.__pydantic_private__ is None and validated.__pydantic_private__ is None
    assert made == validated and hash(made) == hash(validated)
    assert made.model_dump_json() == validated.model_dump_json()


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """events.trusted, wherever the rules took it, building each event both ways."""
    built: dict[str, int] = {}
    original = events.trusted

    def both(cls: type[BaseModel], /, **values: Any) -> BaseModel:
        made = original(cls, **values)
        _same(made, cls(**values))
        built[cls.__name__] = built.get(cls.__name__, 0) + 1
        return made

    for name, module in list(sys.modules.items()):
        if name.startswith("yags_desk.rules") and getattr(module, "trusted", None) is original:
            monkeypatch.setattr(module, "trusted", both)
    return built


@pytest.mark.parametrize("edition", ["classic", "0.8"])
def test_trusted_events_of_automatic_rounds_are_the_validated_ones(
        checked: dict[str, int], edition: Edition) -> None:
    _rounds(edition, 30, 7, 10)
    _stepped(edition, 12, 3, 600)
    for kind in ("Declare", "Initiative", "Attack", "Check", "Effect"):
        assert checked.get(kind, 0) > 20, kind

