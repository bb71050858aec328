"""The fast pretty JSON writer gives the standard library's characters exactly:
files written by YAGS Desk do not change (issue 18)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yags_desk.storage.json_text import pretty_json, pretty_json_fast

_LEAVES = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False,
           allow_infinity=False) | st.text())
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=30)


def _stdlib(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False)


@given(_VALUES)
def test_same_text_as_the_standard_library(value: Any) -> None:
    assert pretty_json(value) == _stdlib(value)
    assert pretty_json_fast(value) == _stdlib(value)


@pytest.mark.parametrize("number", [0.0, -0.0, 1e-05, 0.0001, 1e16, 1e15, 123.25, 1e-300,
                                    5e-324, 1.7976931348623157e308, 2**70, -(2**64)])
def test_numbers_pydantic_writes_otherwise_get_the_standard_librarys_text(
        number: Any) -> None:
    value = {"n": number, "list": [number, "0.00001 1e5 NaN"]}
    assert pretty_json_fast(value) == _stdlib(value)


def test_a_real_document_and_non_ascii() -> None:
    value = {"name": "Ælfric «the bold»\n", "tags": [], "notes": {}, "n": [1, 2.5, -0.0],
             "nested": [{"a": [True, False, None]}, ["x", {"é": "\u2028"}]]}
    assert pretty_json(value) == _stdlib(value)
    assert pretty_json_fast(value) == _stdlib(value)


@pytest.mark.parametrize("value", [{"x": math.nan}, {"s": "lone \ud800 surrogate"},
                                   [math.inf], {1: "key not a string"},
                                   {"when": object()}])
def test_the_unusual_gets_the_standard_librarys_answer(value: Any) -> None:
    try:
        expected: Any = _stdlib(value)
    except (TypeError, ValueError) as exc:
        with pytest.raises(type(exc), match=str(exc)[:20]):
            pretty_json(value)
        with pytest.raises(type(exc), match=str(exc)[:20]):
            pretty_json_fast(value)
    else:
        assert pretty_json(value) == expected
        assert pretty_json_fast(value) == expected


def test_pydantic_writes_the_usual_document() -> None:
    """The fast writer is used for an ordinary document (ids with "9e2" in them,
    decimals, text): not handed back to pretty_json every time."""
    from yags_desk.storage import json_text

    value = {"id": "cc8243cffe4947acac6afe9e2a028dbf", "load": [0.5, 12.25, 0.001],
             "name": "Ælfric", "n": 3, "notes": "0 e 1"}
    assert not json_text._unlike_python(json_text.pretty_json(value))
    assert json_text._unlike_python(json_text.pretty_json({"x": [1, 2e-07]}).replace(
        "2e-07", "2e-7"))
    assert pretty_json_fast(value) == _stdlib(value)
