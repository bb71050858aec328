"""The document envelope: round trips, atomic saves, backups, migrations, validation."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from yags_desk.rules.character import Character, Skill, WornArmour, default_attributes
from yags_desk.rules.combat.events import EndRound, Initiative, SetCondition, SetOption, Wound
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Armour, Weapon
from yags_desk.rules.options import RulesOptions
from yags_desk.storage import documents
from yags_desk.storage.documents import (
    DocumentError,
    quarantine,
    read_document,
    to_json_text,
    validate_file,
    write_document,
)
from yags_desk.storage.encounter_file import Combatant, Encounter, encounter_log, new_encounter

SWORD = Weapon(id="sword", name="Sword", edition="classic", kind="melee", skill="single",
               attack=2, defence=1, damage=4, strength=8, load=1.5, properties=("impaling",))
MAIL = Armour(id="mail", name="Mail", edition="classic", half_protection=3, half_load=2,
              full_protection=6, full_load=5)


def make_character(name: str = "Aldric", **changes: Any) -> Character:
    return Character(name=name, edition="classic", attributes=default_attributes("classic"),
                     **changes)


def full_character() -> Character:
    return make_character(
        "Æthelflæd the Bold", player="Jo", kind="npc",
        skills=(Skill(name="Sword", value=45), Skill(name="Climb", value=20)),
        advantages=("Tough",), weapons=(SWORD,), armour=(WornArmour(item=MAIL, coverage="full"),),
        other_load=2.5, wounds=2, notes="Line one\nLine «two»")


def envelope(path: Path) -> dict[str, Any]:
    value = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(value, dict)
    return value


# -- round trips ------------------------------------------------------------------------


def test_character_round_trip(tmp_path: Path) -> None:
    character = full_character()
    path = tmp_path / "a.json"
    write_document(path, "character", character)
    doc = read_document(path, "character")
    assert doc.model == character
    assert (doc.kind, doc.schema_version, doc.path, doc.migrated) == (
        "character", 1, path, False)


def test_v08_character_round_trip(tmp_path: Path) -> None:
    character = Character(name="Brenna", edition="0.8", attributes=default_attributes("0.8"),
                          wounds=3, stuns=2)
    path = tmp_path / "b.json"
    write_document(path, "character", character)
    assert read_document(path).model == character


def test_json_text_is_pretty_utf8_in_model_order() -> None:
    text = to_json_text("character", full_character())
    assert "Æthelflæd" in text and "\\u" not in text
    assert text.startswith('{\n  "schema_version": 1,\n  "kind": "character",\n  "data": {')
    data = json.loads(text)["data"]
    assert list(data) == list(Character.model_fields)
    assert text.endswith("}\n")


def test_saved_file_is_utf8_bytes(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_document(path, "character", full_character())
    assert "Æthelflæd".encode() in path.read_bytes()


# -- atomic save ------------------------------------------------------------------------


def test_save_keeps_previous_version_as_bak(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_document(path, "character", make_character("First"))
    first = path.read_bytes()
    write_document(path, "character", make_character("Second"))
    bak = tmp_path / "a.json.bak"
    assert bak.read_bytes() == first
    second = path.read_bytes()
    write_document(path, "character", make_character("Third"))
    assert bak.read_bytes() == second  # the older .bak is replaced
    assert envelope(path)["data"]["name"] == "Third"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "a.json.bak"]


def test_first_save_makes_no_bak(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_document(path, "character", make_character())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


@pytest.mark.parametrize("failing_call", [1, 2])
def test_crash_mid_save_leaves_old_file_intact(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing_call: int) -> None:
    path = tmp_path / "a.json"
    write_document(path, "character", make_character("Old"))
    before = path.read_bytes()
    real_replace = os.replace
    calls = 0

    def crashing_replace(src: Any, dst: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == failing_call:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crashing_replace)
    with pytest.raises(OSError, match="No space left"):
        write_document(path, "character", make_character("New"))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert read_document(path, "character").model.name == "Old"  # type: ignore[attr-defined]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_unserialisable_model_touches_nothing(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_document(path, "character", make_character())
    before = path.read_bytes()
    broken = make_character().model_copy(update={"other_load": float("nan")})
    with pytest.raises(DocumentError, match="not saved"):
        write_document(path, "character", broken)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


def test_write_refuses_model_of_another_kind(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="Character"):
        write_document(tmp_path / "a.json", "encounter", make_character())
    with pytest.raises(ValueError, match="unknown kind"):
        write_document(tmp_path / "a.json", "spell", make_character())
    assert not list(tmp_path.iterdir())


def test_write_refuses_to_overwrite_corrupt_file_until_quarantined(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b'{"schema_version": 1, "kind": "char')
    with pytest.raises(DocumentError) as info:
        write_document(path, "character", make_character())
    assert "was not overwritten" in str(info.value)
    assert any("not valid JSON" in line for line in info.value.errors)
    assert path.read_bytes() == b'{"schema_version": 1, "kind": "char'
    moved = quarantine(path)
    assert moved.name.startswith("a.json.corrupt-")
    assert moved.read_bytes() == b'{"schema_version": 1, "kind": "char'
    write_document(path, "character", make_character())
    assert read_document(path).kind == "character"
    assert quarantine(path) != moved  # a second quarantine gets its own name


def test_overwriting_a_valid_document_of_another_kind_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_document(path, "encounter", new_encounter("Ambush", "classic"))
    write_document(path, "character", make_character())
    assert read_document(path).kind == "character"
    assert read_document(tmp_path / "a.json.bak").kind == "encounter"


# -- errors -----------------------------------------------------------------------------


def test_document_error_prints_field_lines(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    data = make_character().model_dump(mode="json")
    data["attributes"]["strength"] = "strong"
    data["wounds"] = -1
    path.write_text(json.dumps({"schema_version": 1, "kind": "character", "data": data}))
    with pytest.raises(DocumentError) as info:
        read_document(path)
    assert info.value.path == path
    assert info.value.errors == [
        "data.attributes.strength: Input should be a valid integer, unable to parse string "
        "as an integer",
        "data.wounds: Input should be greater than or equal to 0",
    ]
    assert str(info.value) == "\n".join(info.value.errors)
    assert isinstance(info.value, ValueError)


def test_model_validator_message_names_its_field(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    data = make_character().model_dump(mode="json")
    data["attributes"]["strength"] = 400
    path.write_text(json.dumps({"schema_version": 1, "kind": "character", "data": data}))
    assert validate_file(path) == [
        "data.attributes.strength: must be between 0 and 100, not 400"]


def test_many_errors_are_capped(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    data = {f"field{i}": i for i in range(200)}
    path.write_text(json.dumps({"schema_version": 1, "kind": "character", "data": data}))
    errors = validate_file(path)
    assert len(errors) == documents.MAX_ERRORS + 1
    assert errors[-1].startswith("... and ")


def test_validate_file(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    write_document(good, "character", make_character())
    assert validate_file(good) == []
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": 1, "kind": "character", "data": {}}')
    errors = validate_file(bad)
    assert "data.name: Field required" in errors
    assert "data.edition: Field required" in errors
    assert validate_file(tmp_path / "missing.json") == ["file not found"]


def test_missing_file_raises_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_document(tmp_path / "missing.json")


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"\xef\xbb\xbf" + to_json_text("character", make_character()).encode())
    assert read_document(path).kind == "character"


# -- migrations -------------------------------------------------------------------------


def test_migration_runs_on_raw_dict_before_validation(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.json"
    data = make_character("Old Name").model_dump(mode="json")
    data["fullname"] = data.pop("name")  # version 1 of this fake history called it fullname
    path.write_text(json.dumps({"schema_version": 1, "kind": "character", "data": data}))
    assert validate_file(path)  # as it stands, version 1 of the model rejects it
    seen: list[dict[str, Any]] = []

    def rename(raw: dict[str, Any]) -> dict[str, Any]:
        seen.append(dict(raw))
        raw = dict(raw)
        raw["name"] = raw.pop("fullname")
        return raw

    monkeypatch.setitem(documents.SCHEMA_VERSIONS, "character", 2)
    monkeypatch.setitem(documents.MIGRATIONS, ("character", 1), rename)
    before = path.read_bytes()
    doc = read_document(path, "character")
    assert doc.model.name == "Old Name"  # type: ignore[attr-defined]
    assert doc.schema_version == 1 and doc.migrated
    assert seen and "fullname" in seen[0]
    assert path.read_bytes() == before  # reading never rewrites the file
    write_document(path, "character", doc.model)
    assert envelope(path)["schema_version"] == 2


def test_migrations_chain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"schema_version": 1, "kind": "character", "data": {}}))
    monkeypatch.setitem(documents.SCHEMA_VERSIONS, "character", 3)
    monkeypatch.setitem(documents.MIGRATIONS, ("character", 1),
                        lambda d: {**d, "name": "Step"})
    monkeypatch.setitem(documents.MIGRATIONS, ("character", 2),
                        lambda d: {**d, "name": d["name"] + " two", "edition": "classic",
                                   "attributes": default_attributes("classic")})
    assert read_document(path).model.name == "Step two"  # type: ignore[attr-defined]


def test_missing_or_failing_migration_is_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"schema_version": 1, "kind": "character", "data": {}}))
    monkeypatch.setitem(documents.SCHEMA_VERSIONS, "character", 2)
    assert validate_file(path) == [
        "schema_version: no way to upgrade a version 1 character file to version 2"]

    def broken(raw: dict[str, Any]) -> dict[str, Any]:
        return {"name": raw["fullname"]}

    monkeypatch.setitem(documents.MIGRATIONS, ("character", 1), broken)
    [line] = validate_file(path)
    assert line.startswith("schema_version: upgrading from version 1 failed")


# -- encounters -------------------------------------------------------------------------


def make_encounter(**changes: Any) -> Encounter:
    combatants = (Combatant(name="Aldric", side="players", row=0, character=make_character()),
                  Combatant(name="Orc", side="foes", row=1,
                            character=make_character("Orc", kind="npc")))
    base = new_encounter("Bridge fight", "classic", combatants)
    return base.model_copy(update=changes)


def test_encounter_round_trip(tmp_path: Path) -> None:
    base = make_encounter()
    aldric = base.combatants[0].id
    encounter = base.model_copy(update=dict(
        options=RulesOptions(optional=("hit_locations",), classic_fumble_chance=4),
        events=(Initiative(id=aldric, dice=(3, 10, 4), total=31),
                Wound(id=aldric, levels=2, source="arrow"))))
    path = tmp_path / "e.json"
    write_document(path, "encounter", encounter)
    loaded = read_document(path, "encounter").model
    assert loaded == encounter
    state = encounter_log(loaded).state  # type: ignore[arg-type]
    assert state.fighter(aldric).wounds == 2 and state.options.classic_fumble_chance == 4


def test_version_1_encounter_is_upgraded(tmp_path: Path) -> None:
    data = make_encounter().model_dump(mode="json")
    data.pop("notes")
    data["options"] = {"hit_locations": True, "oops": False}
    data["events"] = [{"type": "wound", "id": data["combatants"][0]["id"], "levels": 1}]
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"schema_version": 1, "kind": "encounter", "data": data}))
    doc = read_document(path, "encounter")
    assert doc.migrated and doc.model.options.optional == ("hit_locations",)  # type: ignore[attr-defined]
    data["options"] = {"called-shots": True}
    path.write_text(json.dumps({"schema_version": 1, "kind": "encounter", "data": data}))
    [line] = validate_file(path)
    assert "unknown optional rule 'called-shots'" in line


def test_encounter_with_a_refused_event_names_it() -> None:
    base = make_encounter()
    aldric = base.combatants[0].id
    encounter = base.model_copy(update={"events": (SetCondition(id=aldric, condition="dead"),
                                                   Initiative(id=aldric, total=20))})
    with pytest.raises(RulesError, match=r"events\.1: Aldric is dead and cannot act"):
        encounter_log(encounter)


def test_encounter_combatant_of_other_edition_is_refused() -> None:
    v08 = Character(name="Brenna", edition="0.8", attributes=default_attributes("0.8"))
    data = make_encounter().model_dump(mode="json")
    data["combatants"].append({"name": "Brenna", "side": "foes", "row": 0,
                               "character": v08.model_dump(mode="json")})
    with pytest.raises(ValidationError) as info:
        Encounter.model_validate(data)
    lines = documents.format_validation_error(info.value, ("data",))
    assert lines == ["data.combatants.2.character.edition: 'Brenna' is a 0.8 character; "
                     "this encounter is classic"]


def test_encounter_limits() -> None:
    data = make_encounter().model_dump(mode="json")
    with pytest.raises(ValidationError, match="row"):
        Encounter.model_validate({**data, "combatants": [
            {**data["combatants"][0], "row": 100}]})
    with pytest.raises(ValidationError, match="ISO 8601"):
        Encounter.model_validate({**data, "created": "last Tuesday"})
    end = {"type": "end_round"}
    with pytest.raises(ValidationError, match="at most 100000"):
        Encounter.model_validate({**data, "events": [end] * 100_001})
    assert len(Encounter.model_validate({**data, "events": [end] * 100_000}).events) == 100_000
    with pytest.raises(ValidationError, match="used by two"):
        Encounter.model_validate({**data, "combatants": [data["combatants"][0]] * 2})
    with pytest.raises(ValidationError, match="Extra inputs"):
        Encounter.model_validate({**data, "map": "x"})


def test_encounter_keeps_options_changed_mid_fight(tmp_path: Path) -> None:
    """Issue 14: the file keeps the starting options and the changes as events; an
    unknown option in a saved change is refused with the event and field named."""
    encounter = make_encounter(events=(
        EndRound(), SetOption(option="hit_locations", value=True, reason="players asked")))
    path = tmp_path / "e.json"
    write_document(path, "encounter", encounter)
    loaded = read_document(path, "encounter").model
    assert loaded.options.optional == ()  # type: ignore[attr-defined]
    assert encounter_log(loaded).state.options.optional == ("hit_locations",)  # type: ignore[arg-type]
    data = json.loads(path.read_text())
    data["data"]["events"][1]["option"] = "called_shots"
    path.write_text(json.dumps(data))
    with pytest.raises(RulesError, match="events.1: option: unknown option 'called_shots'"):
        encounter_log(read_document(path, "encounter").model)  # type: ignore[arg-type]


def _python_text(kind: str, model: Any) -> str:
    from yags_desk.storage.documents import current_version
    from yags_desk.storage.json_text import pretty_json

    return pretty_json({"schema_version": current_version(kind), "kind": kind,
                        "data": model.model_dump(mode="json")}) + "\n"


def test_file_text_is_the_standard_librarys_pretty_json(home: Path) -> None:
    """to_json_text (pydantic's writer) gives the characters json.dumps(indent=2)
    gives, for every sample document and for floats the two write differently."""
    from yags_desk.storage.documents import to_json_text
    from yags_desk.storage.library import Library

    library = Library.open()
    files = sorted(library.root.rglob("*.json"))
    assert len(files) > 5
    for path in files:
        document = read_document(path)
        assert to_json_text(document.kind, document.model) == _python_text(
            document.kind, document.model), path
    for load in (0.0, 0.5, 1e-05, 0.0001, 123.25, 9999.5, 1e-07, 3.3333333333333335):
        character = make_character().model_copy(update={"other_load": load})
        assert to_json_text("character", character) == _python_text("character", character)
    odd = make_character("Nanny \u2028 \x01 \u00e9 1e5 \U0001f600")
    assert to_json_text("character", odd) == _python_text("character", odd)


def test_a_prepared_document_is_written_as_a_fresh_one_would_be(tmp_path: Path) -> None:
    # The board works its recovery copy's text out ahead (issue 18): the file must be
    # byte for byte what writing the model then would have made.
    model = full_character()
    prepared = documents.prepare_document("character", model)
    assert prepared is not None
    write_document(tmp_path / "ahead.json", "character", model, prepared=prepared)
    write_document(tmp_path / "fresh.json", "character", model)
    assert (tmp_path / "ahead.json").read_bytes() == (tmp_path / "fresh.json").read_bytes()
    # Text prepared for another model (even an equal one) is not taken for this one.
    other = make_character("Beatrix")
    write_document(tmp_path / "other.json", "character", other, prepared=prepared)
    assert read_document(tmp_path / "other.json", "character").model == other


def test_a_model_that_cannot_be_written_is_not_prepared(tmp_path: Path) -> None:
    bad = make_character().model_copy(update={"name": "bad \ud800 surrogate"})
    assert documents.prepare_document("character", bad) is None
    with pytest.raises(DocumentError, match="not saved"):
        write_document(tmp_path / "bad.json", "character", bad)
    assert not (tmp_path / "bad.json").exists()
