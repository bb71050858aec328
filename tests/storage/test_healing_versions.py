"""The healing file's schema version (issue 16, healing leftovers item 4).

Version 2 added the ``come_round`` entry and each patient's ``wrote``. Two real
version 1 files: the sample record as first shipped (neither), and one written by
the build that added both while still writing version 1. Both load (upgraded on
reading, saved at version 2); a file of a version newer than this build knows is
refused with the version named.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from yags_desk.cli import main
from yags_desk.storage.documents import (
    DocumentError,
    current_version,
    read_document,
    write_document,
)
from yags_desk.storage.healing_file import HealingFile
from yags_desk.storage.migrate import migrate_folder

DATA = Path(__file__).parent / "data"
V1_FILES = ("healing-v1-after-the-ford.json", "healing-v1-come-round.json")


def test_the_healing_file_is_at_version_2() -> None:
    assert current_version("healing") == 2


@pytest.mark.parametrize("name", V1_FILES)
def test_a_version_1_file_loads_and_is_saved_at_version_2(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    assert json.loads(path.read_text("utf-8"))["schema_version"] == 1
    doc = read_document(path, "healing")
    assert doc.schema_version == 1 and doc.migrated
    record = doc.model
    assert isinstance(record, HealingFile)
    raw = json.loads(path.read_text("utf-8"))["data"]
    kinds = [[e["kind"] for e in p["healing"]["entries"]] for p in raw["patients"]]
    assert [[e.kind for e in p.healing.entries] for p in record.patients] == kinds
    assert [p.wrote for p in record.patients] == [p.get("wrote", "") for p in raw["patients"]]
    write_document(path, "healing", record)
    again = read_document(path, "healing")
    assert again.schema_version == 2 and not again.migrated and again.model == record


def test_the_come_round_file_keeps_its_entries_and_digest() -> None:
    record = read_document(DATA / "healing-v1-come-round.json", "healing").model
    assert isinstance(record, HealingFile)
    [patient] = record.patients
    assert [e.kind for e in patient.healing.entries] == ["untended_fatigue", "come_round",
                                                         "first_aid", "recovery_roll"]
    assert patient.wrote == "0" * 64 + "@1700000000000000000"


def test_migrate_upgrades_version_1_records(tmp_path: Path) -> None:
    for name in V1_FILES:
        shutil.copy(DATA / name, tmp_path / name)
    outcomes = migrate_folder(tmp_path)
    assert [(o.path.name, o.status, o.detail.split(";")[0]) for o in outcomes] == [
        (name, "upgraded", "healing 1 -> 2") for name in V1_FILES]
    assert all(json.loads((tmp_path / n).read_text("utf-8"))["schema_version"] == 2
               for n in V1_FILES)


def test_a_newer_file_is_refused_naming_its_version(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    value = json.loads((DATA / "healing-v1-come-round.json").read_text("utf-8"))
    value["schema_version"] = 3
    path = tmp_path / "from-the-future.json"
    text = json.dumps(value, indent=2)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DocumentError) as caught:
        read_document(path, "healing")
    assert caught.value.errors == [
        "schema_version: file was written by a newer YAGS Desk (version 3); this version "
        "reads up to 2"]
    assert main(["validate", str(path)]) != 0
    assert "(version 3); this version reads up to 2" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == text  # left as it was
