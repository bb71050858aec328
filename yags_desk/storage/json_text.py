"""Pretty JSON text, the same characters as ``json.dumps(value, indent=2,
ensure_ascii=False, allow_nan=False)``, written faster (issue 18).

The standard library writes indented JSON with its pure-Python encoder (its C
encoder only writes compact text), a chain of generators yielding one piece at
a time; a 200-fighter encounter's file took some 80 ms. This writes the same
text with one recursive function filling a list. Anything out of the ordinary
(a key that is not a string, a float that JSON cannot hold, a type JSON does not
know) is handed to ``json.dumps`` itself, so errors and their messages are the
standard library's.
"""

from __future__ import annotations

import json
import re
from json.encoder import encode_basestring
from typing import Any

__all__ = ["pretty_json", "pretty_json_fast"]

_INF = float("inf")


class _Unusual(Exception):
    """The value needs the standard library's encoder."""


def pretty_json(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False)``."""
    out: list[str] = []
    try:
        _write(value, out, "\n")
    except (_Unusual, RecursionError):
        return json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False)
    return "".join(out)


# What pydantic's writer may write otherwise than the standard library: floats in
# exponent form or below 1e-4 (1e16 and 0.00001 where Python writes 1e+16 and
# 1e-05) and the values JSON cannot hold (which Python refuses). A number ends its
# line in indented JSON (a string ends with its quote): an exponent is looked for
# there only, so ids like "…9e2…" do not count.
_EXPONENT = re.compile(r"[0-9][eE][-+]?[0-9]+,?$", re.MULTILINE)


def _unlike_python(text: str) -> bool:
    return ("0.0000" in text or "NaN" in text or "Infinity" in text
            or _EXPONENT.search(text) is not None)


def pretty_json_fast(value: Any) -> str:
    """:func:`pretty_json`'s text, written by pydantic (in Rust) when it is sure to
    be the same: a 200-fighter encounter in a third of the time (issue 18).

    [decision] A text that holds one of the patterns above (even inside a string),
    or that pydantic cannot write, is written by :func:`pretty_json`, so
    the characters and the errors stay the standard library's."""
    from pydantic_core import to_json  # here: pydantic loads with the first document

    try:
        text = to_json(value, indent=2, inf_nan_mode="constants").decode("utf-8")
    except ValueError:
        return pretty_json(value)
    if _unlike_python(text):
        return pretty_json(value)
    return text


def _write(o: Any, out: list[str], newline: str) -> None:
    """Append ``o``'s text; ``newline`` is a line break and the current indent."""
    if isinstance(o, str):
        out.append(encode_basestring(o))
    elif o is None:
        out.append("null")
    elif o is True:
        out.append("true")
    elif o is False:
        out.append("false")
    elif isinstance(o, int):
        out.append(int.__repr__(o))
    elif isinstance(o, float):
        if o != o or o == _INF or o == -_INF:
            raise _Unusual
        out.append(float.__repr__(o))
    elif isinstance(o, (list, tuple)):
        if not o:
            out.append("[]")
            return
        inner = newline + "  "
        out.append("[" + inner)
        first = True
        for item in o:
            if not first:
                out.append("," + inner)
            first = False
            kind = type(item)
            if kind is str:  # the usual leaves, without a call
                out.append(encode_basestring(item))
            elif kind is int:
                out.append(int.__repr__(item))
            else:
                _write(item, out, inner)
        out.append(newline + "]")
    elif isinstance(o, dict):
        if not o:
            out.append("{}")
            return
        inner = newline + "  "
        out.append("{" + inner)
        first = True
        for key, item in o.items():
            if not isinstance(key, str):
                raise _Unusual
            if not first:
                out.append("," + inner)
            first = False
            kind = type(item)
            if kind is str:  # the usual leaves, without a call
                out.append(encode_basestring(key) + ": " + encode_basestring(item))
            elif kind is int:
                out.append(encode_basestring(key) + ": " + int.__repr__(item))
            else:
                out.append(encode_basestring(key) + ": ")
                _write(item, out, inner)
        out.append(newline + "}")
    else:
        raise _Unusual
