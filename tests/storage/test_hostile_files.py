"""Damaged and hostile files: a clear message, and the file left exactly as it was.

Every case checks that reading names the problem, that the bytes on disk are
unchanged afterwards, and that a later save refuses to overwrite the file.
"""

from __future__ import annotations

import builtins
import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yags_desk.rules.character import Character, default_attributes
from yags_desk.storage.documents import (
    DocumentError,
    read_document,
    to_json_text,
    validate_file,
    write_document,
)


def character() -> Character:
    return Character(name="Aldric", edition="classic", attributes=default_attributes("classic"))


def good_text() -> str:
    return to_json_text("character", character())


def with_data(change: Callable[[dict[str, Any]], None]) -> bytes:
    value = json.loads(good_text())
    change(value)
    return json.dumps(value, indent=2).encode()


def set_in(*keys: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        target = doc
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return change


def replaced(old: str, new: str) -> bytes:
    text = good_text()
    assert old in text
    return text.replace(old, new, 1).encode()


def nested(depth: int) -> bytes:
    head = '{"schema_version": 1, "kind": "character", "data": {"notes": '
    return (head + "[" * depth + "]" * depth + "}}").encode()


def fingerprint(path: Path) -> tuple[int, int, str]:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(2**20), b""):
            digest.update(block)
    info = path.stat()
    return info.st_size, info.st_mtime_ns, digest.hexdigest()


CASES: dict[str, tuple[Callable[[], bytes], str]] = {
    "truncated": (lambda: good_text()[: len(good_text()) // 2].encode(),
                  "not valid JSON: "),
    "empty": (lambda: b"", "file is empty"),
    "not utf8": (lambda: good_text().replace("Aldric", "Ald\udcffric", 1).encode(
        "utf-8", "surrogateescape"), "file is not UTF-8 text (byte 0xff"),
    "utf16": (lambda: good_text().encode("utf-16"), "file is not UTF-8 text"),
    "deep nesting": (lambda: nested(100_000), "deeper than 64 levels"),
    "nesting just too deep": (lambda: nested(63), "deeper than 64 levels"),
    "huge integer literal": (lambda: replaced('"strength": 10', '"strength": 1' + "0" * 5000),
                             "a number in the file has too many digits"),
    "number beyond field limit": (
        lambda: replaced('"wounds": 0', '"wounds": 1' + "0" * 30),
        "data.wounds: Input should be less than or equal to 200"),
    "float overflow": (lambda: replaced('"other_load": 0.0', '"other_load": 1e999'),
                       "the number 1e999 is too large"),
    "NaN": (lambda: replaced('"other_load": 0.0', '"other_load": NaN'),
            "NaN is not allowed"),
    "Infinity": (lambda: replaced('"other_load": 0.0', '"other_load": -Infinity'),
                 "-Infinity is not allowed"),
    "wrong type": (lambda: with_data(set_in("data", "attributes", "strength", value="strong")),
                   "data.attributes.strength: Input should be a valid integer"),
    "wrong type nested": (lambda: with_data(set_in("data", "skills", value=[{"name": "Sword",
                                                                               "value": []}])),
                          "data.skills.0.value: Input should be a valid integer"),
    "unknown data field": (lambda: with_data(set_in("data", "colour", value="red")),
                           "data.colour: Extra inputs are not permitted"),
    "unknown envelope field": (lambda: with_data(set_in("comment", value="hi")),
                               "comment: Extra inputs are not permitted"),
    "missing kind": (lambda: with_data(lambda d: d.pop("kind")), "kind: Field required"),
    "unknown kind": (lambda: with_data(set_in("kind", value="spell")),
                     "kind: unknown kind 'spell'"),
    "wrong kind": (lambda: with_data(set_in("kind", value="encounter")),
                   "kind: expected character, found encounter"),
    "newer schema": (lambda: with_data(set_in("schema_version", value=7)),
                     "schema_version: file was written by a newer YAGS Desk (version 7); "
                     "this version reads up to 1"),
    "schema not int": (lambda: with_data(set_in("schema_version", value="1")),
                       "schema_version: Input should be a valid integer"),
    "schema bool": (lambda: with_data(set_in("schema_version", value=True)),
                    "schema_version: Input should be a valid integer"),
    "schema zero": (lambda: with_data(set_in("schema_version", value=0)),
                    "schema_version: Input should be greater than or equal to 1"),
    "data not object": (lambda: with_data(set_in("data", value=[1, 2])),
                        "data: Input should be a valid dictionary"),
    "top level list": (lambda: b"[1, 2, 3]", "expected a JSON object at the top level"),
    "duplicate key": (lambda: replaced('"name": "Aldric"', '"name": "Aldric", "name": "Bob"'),
                      "name: this key appears twice"),
    "lone surrogate": (lambda: replaced('"notes": ""', '"notes": "\\ud800"'),
                       "unpaired"),
    "wrong edition": (lambda: with_data(set_in("data", "edition", value="1.0")),
                      "data.edition: Input should be 'classic' or '0.8'"),
    "attributes of other edition": (lambda: with_data(set_in("data", "edition", value="0.8")),
                                    "is not an attribute of the 0.8 edition"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_file_is_refused_and_left_untouched(tmp_path: Path, name: str) -> None:
    make, expected = CASES[name]
    path = tmp_path / "hostile.json"
    path.write_bytes(make())
    before = fingerprint(path)
    time.sleep(0.01)
    with pytest.raises(DocumentError) as info:
        read_document(path, "character")
    assert info.value.path == path
    assert any(expected in line for line in info.value.errors), info.value.errors
    assert validate_file(path)
    with pytest.raises(DocumentError, match="was not overwritten"):
        write_document(path, "character", character())
    assert fingerprint(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hostile.json"]


def test_hundred_megabyte_file_is_refused_before_reading(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(100 * 2**20)
    before = fingerprint(path)

    def no_open(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the file was opened")

    with monkeypatch.context() as m:
        m.setattr(builtins, "open", no_open)
        with pytest.raises(DocumentError) as info:
            read_document(path)
    assert info.value.errors == ["file is 100.0 MB; the limit for a YAGS Desk file is 20 MB"]
    with pytest.raises(DocumentError, match="was not overwritten"):
        write_document(path, "character", character())
    assert fingerprint(path) == before


def test_truncated_file_says_where(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(good_text()[:60])
    [line] = validate_file(path)
    assert "(line " in line and "column " in line and "ends too early" in line


def test_nesting_at_the_limit_reaches_validation(tmp_path: Path) -> None:
    # 2 levels of envelope and data, 62 of lists: 64 in all, parsed and then
    # refused by the model (notes must be text), not by the depth check.
    path = tmp_path / "deep.json"
    path.write_bytes(nested(62))
    errors = validate_file(path)
    assert "data.notes: Input should be a valid string" in errors
    assert not any("deeper" in line for line in errors)


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(replaced('"notes": ""', '"notes": "' + "[{" * 1000 + '\\"]"'))
    assert read_document(path).model.notes == "[{" * 1000 + '"]'  # type: ignore[attr-defined]


def test_directory_is_not_a_document(tmp_path: Path) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert validate_file(folder) == ["not a regular file"]
    with pytest.raises(DocumentError, match="was not overwritten"):
        write_document(folder, "character", character())


def test_unterminated_string_full_of_quotes_is_quick(tmp_path: Path) -> None:
    # A naive string-skipping regular expression takes quadratic time on this.
    path = tmp_path / "quotes.json"
    path.write_bytes(b'{"a": "' + b'\\"' * 2_000_000)
    start = time.perf_counter()
    [line] = validate_file(path)
    assert "not valid JSON" in line
    assert time.perf_counter() - start < 10


GOOD_BYTES = good_text().encode()


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.binary(max_size=400),
    st.tuples(st.integers(0, len(GOOD_BYTES)), st.integers(0, len(GOOD_BYTES)),
              st.binary(max_size=8)).map(
        lambda t: GOOD_BYTES[:t[0]] + t[2] + GOOD_BYTES[t[1]:]),
))
def test_any_bytes_give_document_error_or_a_document(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    try:
        doc = read_document(path)
    except DocumentError as exc:
        assert exc.errors and all(isinstance(line, str) and line for line in exc.errors)
        assert path.read_bytes() == data
        with pytest.raises(DocumentError):
            write_document(path, "character", character())
    else:
        assert doc.kind == "character"
    assert path.read_bytes() == data


def _deepest(node: Any, defs: dict[str, Any], seen: frozenset[str] = frozenset()) -> float:
    """The deepest nesting of lists and objects a value of the JSON schema ``node``
    can have; infinite for a free-form value or a type that contains itself."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return float("inf") if name in seen else _deepest(defs[name], defs, seen | {name})
    for key in ("anyOf", "oneOf", "allOf"):
        if key in node:
            return max(_deepest(n, defs, seen) for n in node[key])
    kinds = node.get("type")
    kinds = set(kinds) if isinstance(kinds, list) else {kinds}
    if kinds == {None} and "enum" not in node and "const" not in node:
        return float("inf")  # anything at all
    deepest = 0.0
    if "object" in kinds:
        extra = node.get("additionalProperties", "properties" not in node)
        if extra is True:
            return float("inf")
        inner = [_deepest(n, defs, seen) for n in node.get("properties", {}).values()]
        if isinstance(extra, dict):
            inner.append(_deepest(extra, defs, seen))
        deepest = max(deepest, 1 + max(inner, default=0))
    if "array" in kinds:
        items = [*node.get("prefixItems", []), *([node["items"]] if "items" in node else [])]
        if not items:
            return float("inf")
        deepest = max(deepest, 1 + max(_deepest(n, defs, seen) for n in items))
    return deepest


def test_the_kinds_written_without_a_depth_check_cannot_nest_too_deep() -> None:
    # Issue 18: a document written from one of these kinds is not scanned for its
    # depth; their schemas say it cannot exceed MAX_DEPTH (with the envelope).
    from yags_desk.storage.documents import _SHALLOW_KINDS, KINDS, MAX_DEPTH, model_type

    for kind in KINDS:
        schema = model_type(kind).model_json_schema(mode="serialization")
        deepest = 1 + _deepest(schema, schema.get("$defs", {}))
        if kind in _SHALLOW_KINDS:
            assert deepest <= MAX_DEPTH, kind
        else:
            assert deepest > MAX_DEPTH, kind  # so it must still be checked


def test_a_deep_battle_is_still_refused_when_written(tmp_path: Path) -> None:
    from yags_desk.storage.documents import _SHALLOW_KINDS, model_type

    assert "battle" not in _SHALLOW_KINDS
    battle = model_type("battle").model_construct(fought=({"x": nested_value(70)},))
    with pytest.raises(DocumentError, match="deeper than 64 levels"):
        write_document(tmp_path / "deep.json", "battle", battle)
    assert not list(tmp_path.iterdir())


def nested_value(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("kind", ["encounter", "character"])
def test_a_deep_file_on_disk_is_refused_whatever_its_kind(tmp_path: Path, kind: str) -> None:
    # The depth check skipped when writing a shallow kind is never skipped in reading.
    path = tmp_path / "deep.json"
    head = '{"schema_version": 1, "kind": "' + kind + '", "data": {"name": '
    path.write_bytes((head + "[" * 100 + "]" * 100 + "}}").encode())
    with pytest.raises(DocumentError) as info:
        read_document(path, kind)
    assert any("deeper than 64 levels" in line for line in info.value.errors)
