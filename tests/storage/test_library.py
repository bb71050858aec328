"""The library folders: first run, loading with damaged files, saving, trash, autosave."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from yags_desk.rules.character import Character, default_attributes
from yags_desk.rules.combat.events import EndRound
from yags_desk.storage import paths
from yags_desk.storage.documents import DocumentError, read_document, to_json_text
from yags_desk.storage.encounter_file import Combatant, new_encounter
from yags_desk.storage.library import MARKER_NAME, Library


@pytest.fixture()
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake installation's resources (found as a PyInstaller bundle would be)."""
    root = tmp_path / "bundle"
    (root / "resources" / "catalogues").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(root), raising=False)
    return root / "resources"


def make_character(name: str = "Aldric", **changes: Any) -> Character:
    return Character(name=name, edition="classic", attributes=default_attributes("classic"),
                     **changes)


def add_sample(resources: Path) -> dict[str, bytes]:
    sample = resources / "sample_library"
    files = {
        "characters/aldric.json": to_json_text("character", make_character("Aldric")),
        "characters/brenna.json": to_json_text("character", make_character("Brenna")),
        "encounters/bridge.json": to_json_text("encounter", new_encounter("Bridge", "classic")),
    }
    for name, text in files.items():
        (sample / name).parent.mkdir(parents=True, exist_ok=True)
        (sample / name).write_text(text, encoding="utf-8")
    (sample / "characters" / "README.txt").write_text("not a document")
    return {name: text.encode() for name, text in files.items()}


# -- first run --------------------------------------------------------------------------


def test_first_run_copies_the_sample_library(home: Path, bundle: Path) -> None:
    sample = add_sample(bundle)
    library = Library.open()
    assert library.root == home
    for name, data in sample.items():
        assert (home / name).read_bytes() == data
    assert not (home / "characters" / "README.txt").exists()
    assert (home / MARKER_NAME).is_file()
    for folder in ("characters", "encounters", "battles", "catalogues", "autosave"):
        assert (home / folder).is_dir()
    names = sorted(c.name for _, c in library.load_characters().items)
    assert names == ["Aldric", "Brenna"]
    assert [e.name for _, e in library.load_encounters().items] == ["Bridge"]


def test_sample_is_copied_only_once(home: Path, bundle: Path) -> None:
    add_sample(bundle)
    library = Library.open()
    library.delete(home / "characters" / "aldric.json")
    Library.open()
    assert not (home / "characters" / "aldric.json").exists()


def test_first_run_never_replaces_existing_files(home: Path, bundle: Path) -> None:
    add_sample(bundle)
    mine = home / "characters" / "aldric.json"
    mine.parent.mkdir(parents=True)
    mine.write_text(to_json_text("character", make_character("My own Aldric")))
    before = mine.read_bytes()
    Library.open()
    assert mine.read_bytes() == before
    assert (home / "characters" / "brenna.json").is_file()


def test_first_run_with_empty_or_missing_sample(home: Path, bundle: Path) -> None:
    library = Library.open()  # no sample_library folder at all
    assert library.load_characters().items == []
    assert (home / MARKER_NAME).is_file()
    (bundle / "sample_library" / "characters").mkdir(parents=True)  # folders, no files yet
    other = Library.open(home.parent / "second")
    assert other.load_characters().items == []
    assert (other.root / MARKER_NAME).is_file()


def test_open_with_explicit_root(tmp_path: Path, home: Path, bundle: Path) -> None:
    add_sample(bundle)
    library = Library.open(tmp_path / "elsewhere")
    assert library.root == tmp_path / "elsewhere"
    assert len(library.load_characters().items) == 2
    assert not home.exists()


SHIPPED_SAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "sample_library").glob("*/*.json"))


@pytest.mark.parametrize("path", SHIPPED_SAMPLES,
                         ids=[f"{p.parent.name}/{p.name}" for p in SHIPPED_SAMPLES])
def test_shipped_sample_files_are_valid(path: Path) -> None:
    kinds = {"characters": "character", "encounters": "encounter", "battles": "battle",
             "healing": "healing"}
    if path.parent.name == "battles":
        pytest.importorskip("yags_desk.rules.quick_combat")
    assert read_document(path, kinds[path.parent.name]).path == path


# -- loading ----------------------------------------------------------------------------


def test_corrupt_character_is_reported_and_others_load(home: Path, bundle: Path) -> None:
    library = Library.open()
    good = [library.save_character(make_character(n)) for n in ("Aldric", "Brenna", "Cedd")]
    bad = home / "characters" / "broken.json"
    bad.write_bytes(good[1].read_bytes()[:100])
    wrong = home / "characters" / "wrong.json"
    wrong.write_text(to_json_text("encounter", new_encounter("Ambush", "classic")))
    report = library.load_characters()
    assert sorted(c.name for _, c in report.items) == ["Aldric", "Brenna", "Cedd"]
    assert sorted(p for p, _ in report.items) == sorted(good)
    assert sorted(e.path.name for e in report.errors) == ["broken.json", "wrong.json"]
    by_name = {e.path.name: e for e in report.errors}
    assert "not valid JSON" in str(by_name["broken.json"])
    assert str(by_name["wrong.json"]) == "kind: expected character, found encounter"
    assert bad.read_bytes() == good[1].read_bytes()[:100]  # loading changes nothing


def test_load_ignores_backups_and_temporary_files(home: Path, bundle: Path) -> None:
    library = Library.open()
    path = library.save_character(make_character())
    library.save_character(make_character("Renamed"), path)
    (home / "characters" / ".x.json.123.tmp").write_text("junk")
    report = library.load_characters()
    assert [c.name for _, c in report.items] == ["Renamed"]
    assert report.errors == []


def test_encounters_load_with_errors(home: Path, bundle: Path) -> None:
    library = Library.open()
    hero = make_character()
    encounter = new_encounter("Bridge", "classic", (
        Combatant(name="Aldric", side="players", character=hero),))
    path = library.save_encounter(encounter)
    assert path.parent == home / "encounters"
    (home / "encounters" / "bad.json").write_text("{}")
    report = library.load_encounters()
    assert report.items == [(path, encounter)]
    assert [e.path.name for e in report.errors] == ["bad.json"]


def test_battles_load(home: Path, bundle: Path) -> None:
    quick = pytest.importorskip("yags_desk.rules.quick_combat")
    library = Library.open()
    group = {"name": "Spears", "count": 20, "initiative": 5, "attack": 5, "defence": 5,
             "damage": 5, "soak": 5}
    battle = quick.Battle.model_validate({
        "name": "Ford", "edition": "classic",
        "sides": [{"name": "Saxons", "groups": [group]},
                  {"name": "Danes", "groups": [{**group, "name": "Axes"}]}]})
    path = library.save_battle(battle)
    (home / "battles" / "bad.json").write_text("[")
    report = library.load_battles()
    assert report.items == [(path, battle)]
    assert [e.path.name for e in report.errors] == ["bad.json"]


# -- saving -----------------------------------------------------------------------------


def test_save_character_names_file_from_name_and_id(home: Path, bundle: Path) -> None:
    library = Library.open()
    hero = make_character("Aldric of Wessex", id="1a2b3c4d5e6f")
    path = library.save_character(hero)
    assert path == home / "characters" / "aldric-of-wessex-1a2b3c4d.json"
    assert read_document(path).model == hero
    renamed = hero.model_copy(update={"name": "Aldric the Old"})
    assert library.save_character(renamed, path) == path  # an existing path is kept
    assert read_document(path).model == renamed
    assert library.save_character(renamed) == path  # same id: found, same file
    assert len(list((home / "characters").glob("*.json"))) == 1
    assert (home / "characters" / "aldric-of-wessex-1a2b3c4d.json.bak").is_file()


def test_ids_with_a_common_prefix_do_not_overwrite_each_other(home: Path,
                                                              bundle: Path) -> None:
    library = Library.open()
    first = library.save_character(make_character("Guard", id="guard_npc_1"))
    second = library.save_character(make_character("Guard", id="guard_npc_2"))
    assert first != second
    assert {c.id for _, c in library.load_characters().items} == {"guard_npc_1", "guard_npc_2"}


def test_delete_moves_to_trash(home: Path, bundle: Path) -> None:
    library = Library.open()
    path = library.save_character(make_character())
    library.save_character(make_character("Aldric II"), path)  # makes a .bak
    data = path.read_bytes()
    trashed = library.delete(path)
    assert not path.exists() and not Path(str(path) + ".bak").exists()
    assert trashed.parent == home / "trash"
    assert trashed.read_bytes() == data
    assert Path(str(trashed) + ".bak").is_file()
    assert library.load_characters().items == []
    again = library.save_character(make_character("Aldric II"), path)
    second = library.delete(again)  # same name in the trash: both kept
    assert second != trashed and trashed.is_file() and second.is_file()
    with pytest.raises(FileNotFoundError):
        library.delete(path)


def test_duplicate_character(home: Path) -> None:
    hero = make_character("Aldric", wounds=2)
    copy = Library.duplicate_character(hero)
    assert copy.name == "Aldric (copy)" and copy.id != hero.id
    assert copy.model_copy(update={"id": hero.id, "name": hero.name}) == hero
    assert Library.duplicate_character(hero, "Twin").name == "Twin"
    long = Library.duplicate_character(make_character("x" * 100))
    assert long.name.endswith(" (copy)") and len(long.name) == 100


def test_make_template(home: Path) -> None:
    hero = make_character("Aldric", kind="pc", wounds=3, fatigue_short=1, fatigue_long=1,
                          player="Jo")
    template = Library.make_template(hero)
    assert template.kind == "template"
    assert (template.wounds, template.stuns, template.fatigue_short,
            template.fatigue_long) == (0, 0, 0, 0)
    assert template.id != hero.id
    assert template.attributes == hero.attributes and template.name == hero.name
    v08 = Character(name="Brenna", edition="0.8", attributes=default_attributes("0.8"),
                    wounds=4, stuns=5)
    assert (Library.make_template(v08).wounds, Library.make_template(v08).stuns) == (0, 0)


# -- autosave ---------------------------------------------------------------------------


def test_autosave_and_recovery(home: Path, bundle: Path) -> None:
    library = Library.open()
    assert library.pending_recoveries() == []
    encounter = new_encounter("Bridge", "classic")
    path = library.autosave(encounter.id, "encounter", encounter)
    assert path.parent == paths.autosave_dir()
    assert library.pending_recoveries() == [path]
    assert read_document(path, "encounter").model == encounter
    later = encounter.model_copy(update={"events": (EndRound(),)})
    assert library.autosave(encounter.id, "encounter", later) == path
    assert read_document(path).model == later
    other = library.autosave("../../weird key/ä", "character", make_character())
    assert other.parent == paths.autosave_dir()
    os.utime(path, ns=(1, 1))
    assert library.pending_recoveries() == [other, path]  # newest first
    library.discard_recovery(path)
    assert not path.exists() and not Path(str(path) + ".bak").exists()
    assert library.pending_recoveries() == [other]


def test_a_new_recovery_copy_reads_the_old_one_once(home: Path, bundle: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The old copy is checked once before it is replaced, and kept as .bak (a
    200-fighter board's snapshot after an undo decoded it twice, issue 18); a copy
    this very library wrote, unchanged since, is not decoded at all."""
    from yags_desk.storage import documents

    library = Library.open()
    encounter = new_encounter("Bridge", "classic")
    path = library.autosave(encounter.id, "encounter", encounter)
    old = path.read_bytes()
    decoded: list[Path] = []
    real = documents._decode

    def counting(raw: bytes, where: Path, kind: str | None) -> Any:
        decoded.append(where)
        return real(raw, where, kind)

    monkeypatch.setattr(documents, "_decode", counting)
    later = encounter.model_copy(update={"events": (EndRound(),)})
    library.autosave(encounter.id, "encounter", later)
    assert decoded == []  # its own copy
    assert Path(str(path) + ".bak").read_bytes() == old
    assert read_document(path).model == later
    decoded.clear()
    again = Library.open()  # another session finds the copy: it is checked, once
    assert again.autosave(encounter.id, "encounter", encounter) == path
    assert decoded == [path]
    assert read_document(library.autosave_path(encounter.id)).model == encounter


def test_a_recovery_copy_changed_by_someone_else_is_checked_again(
        home: Path, bundle: Path) -> None:
    library = Library.open()
    path = library.autosave("key", "character", make_character())
    assert path is not None
    path.write_text("{garbage")  # not the copy the library wrote
    library.autosave("key", "character", make_character("Other"))
    assert read_document(path).model.name == "Other"  # type: ignore[attr-defined]
    corrupt = [p for p in path.parent.iterdir() if ".corrupt-" in p.name]
    assert len(corrupt) == 1 and corrupt[0].read_text() == "{garbage"


def test_the_recovery_path_is_worked_out_once_per_key(home: Path, bundle: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The board asks for it after every event (issue 18); the same path each time."""
    library = Library.open()
    first = library.autosave_path("enc-1")
    slugs: list[str] = []
    real = paths.slugify
    monkeypatch.setattr(paths, "slugify", lambda *a: slugs.append(a[0]) or real(*a))
    assert [library.autosave_path("enc-1") for _ in range(3)] == [first] * 3
    assert slugs == []
    assert library.autosave_path("enc-2") != first and slugs == ["enc-2"]


def test_corrupt_autosave_is_set_aside(home: Path, bundle: Path) -> None:
    library = Library.open()
    path = library.autosave_path("key")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{garbage")
    library.autosave("key", "character", make_character())
    assert read_document(path).kind == "character"
    corrupt = [p for p in path.parent.iterdir() if ".corrupt-" in p.name]
    assert len(corrupt) == 1 and corrupt[0].read_text() == "{garbage"


def test_discard_recovery_only_in_autosave_folder(home: Path, bundle: Path) -> None:
    library = Library.open()
    path = library.save_character(make_character())
    with pytest.raises(ValueError, match="not an autosave file"):
        library.discard_recovery(path)
    assert path.exists()


def test_save_errors_are_document_errors(home: Path, bundle: Path) -> None:
    library = Library.open()
    path = home / "characters" / "x.json"
    path.write_text(json.dumps({"schema_version": 9, "kind": "character", "data": {}}))
    with pytest.raises(DocumentError, match="newer YAGS Desk"):
        library.save_character(make_character(), path)
