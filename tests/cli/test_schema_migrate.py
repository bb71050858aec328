"""``yags-desk schema KIND`` and ``yags-desk migrate DIR`` (issue 13 item 4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from yags_desk.cli import main
from yags_desk.storage.documents import read_document

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "sample_library"
SCHEMAS = ROOT / "resources" / "schemas"
KINDS = ("character", "catalogue", "encounter", "battle", "healing")


def _schema(kind: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["schema", kind]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("kind", KINDS)
def test_the_committed_schemas_are_what_the_command_prints(
        kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", kind]) == 0
    printed = capsys.readouterr().out
    committed = (SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8")
    assert printed == committed, f"regenerate: yags-desk schema {kind} > {SCHEMAS.name}/..."


@pytest.mark.parametrize(("kind", "folder"), [("character", "characters"),
                                              ("encounter", "encounters"),
                                              ("battle", "battles")])
def test_every_sample_file_is_valid_under_its_schema(
        kind: str, folder: str, capsys: pytest.CaptureFixture[str]) -> None:
    schema = _schema(kind, capsys)
    files = sorted((SAMPLES / folder).rglob("*.json"))
    assert files
    for path in files:
        jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema)


def test_the_schema_refuses_what_the_program_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    schema = _schema("character", capsys)
    doc = json.loads((SAMPLES / "characters" / "aldric.json").read_text(encoding="utf-8"))
    doc["kind"] = "encounter"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, schema)
    doc["kind"] = "character"
    doc["schema_version"] = 99
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, schema)


def test_an_unknown_kind_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["schema", "wolf"])
    assert exit_.value.code == 2
    assert "invalid choice: 'wolf'" in capsys.readouterr().err


# --- migrate ---------------------------------------------------------------------------


def _old_encounter(folder: Path) -> Path:
    """The ford ambush as version 1 wrote it (options were a dict of switches)."""
    doc = json.loads((SAMPLES / "encounters" / "ford-ambush.json").read_text(encoding="utf-8"))
    doc["schema_version"] = 1
    doc["data"]["options"] = {"hit_locations": False}
    path = folder / "encounters" / "ford-ambush.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _folder(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    root = tmp_path / "old-library"
    old = _old_encounter(root)
    current = root / "characters" / "wolf.json"
    current.parent.mkdir()
    shutil.copy(SAMPLES / "characters" / "wolf.json", current)
    junk = root / "notes.json"
    junk.write_text("{not json", encoding="utf-8")
    return root, old, current, junk


def test_migrate_upgrades_old_files_in_place_with_a_backup(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, old, current, junk = _folder(tmp_path)
    old_bytes, current_bytes = old.read_bytes(), current.read_bytes()
    assert main(["migrate", str(root)]) == 1  # one file could not be read
    out, err = capsys.readouterr()
    assert "encounters/ford-ambush.json: upgraded (encounter 1 -> 2; the old file is " \
           "ford-ambush.json.bak)" in out
    assert "characters/wolf.json: current (character 1)" in out
    assert "notes.json: refused (" in out
    assert out.rstrip().endswith("3 files: 1 upgraded, 1 already current, 1 not readable")
    document = read_document(old)
    assert document.schema_version == 2 and not document.migrated
    assert (old.parent / "ford-ambush.json.bak").read_bytes() == old_bytes
    assert current.read_bytes() == current_bytes
    assert not (current.parent / "wolf.json.bak").exists()
    assert junk.read_text(encoding="utf-8") == "{not json"


def test_migrate_dry_run_writes_nothing(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    root, old, _current, junk = _folder(tmp_path)
    junk.unlink()
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert main(["migrate", str(root), "--dry-run", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(Path(f["file"]).name, f["status"]) for f in report["files"]] == [
        ("wolf.json", "current"), ("ford-ambush.json", "upgraded")]
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    assert read_document(old).schema_version == 1


def test_migrate_names_a_missing_folder(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate", str(tmp_path / "nowhere")]) == 1
    assert capsys.readouterr().err.strip() == f"{tmp_path / 'nowhere'}: no such folder"
