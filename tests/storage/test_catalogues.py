"""Catalogues on disk: built-in items, the GM's custom items, CSV and JSON exchange."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from yags_desk.rules.catalogue import Catalogue
from yags_desk.rules.items import Armour, Weapon
from yags_desk.storage import catalogues
from yags_desk.storage.catalogues import (
    CSV_COLUMNS,
    CatalogueFile,
    export_items,
    import_items,
    load_builtin_catalogue,
    load_catalogue,
    save_custom_items,
    user_catalogue_path,
)
from yags_desk.storage.documents import DocumentError, read_document, to_json_text

REPO = Path(__file__).resolve().parents[2]

SWORD = Weapon(id="sword", name="Sword", edition="classic", kind="melee", skill="single",
               attack=2, defence=1, damage=4, strength=8, load=1.5, builtin=True)
BOW = Weapon(id="bow", name="Short bow", edition="classic", kind="missile", skill="bow",
             damage=3, ranges=(10, 20, 40, 80), builtin=True)
MAIL = Armour(id="mail", name="Mail", edition="classic", half_protection=3, half_load=2,
              full_protection=6, full_load=5, builtin=True)
SPEAR_08 = Weapon(id="spear", name="Spear", edition="0.8", kind="melee",
                  classes=("longshaft",), reach=2, damage=5, builtin=True)

MACE = Weapon(id="mace", name="Mace", edition="classic", kind="melee", skill="single",
              attack=1, damage=5, properties=("heavy", "crushing"), notes="-1 init, =heavy")
HIDE = Armour(id="hide", name="Troll hide", edition="classic", half_protection=4,
              half_load=1, full_protection=8, full_load=3.25, covers=("torso", "arms"))


@pytest.fixture()
def resources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Fake built-in catalogues, found as a PyInstaller bundle's would be."""
    root = tmp_path / "bundle"
    folder = root / "resources" / "catalogues"
    folder.mkdir(parents=True)
    (folder / "classic.json").write_text(to_json_text("catalogue", CatalogueFile(
        edition="classic", credit="YAGS by Samuel Penn", items=(SWORD, BOW, MAIL))))
    (folder / "0.8.json").write_text(to_json_text("catalogue", CatalogueFile(
        edition="0.8", items=(SPEAR_08,))))
    monkeypatch.setattr(sys, "_MEIPASS", str(root), raising=False)
    catalogues.clear_cache()
    yield root / "resources"
    catalogues.clear_cache()


# -- built-in ---------------------------------------------------------------------------


def test_builtin_catalogue(resources: Path) -> None:
    assert load_builtin_catalogue("classic") == [SWORD, BOW, MAIL]
    assert load_builtin_catalogue("0.8") == [SPEAR_08]


def test_builtin_items_are_marked_builtin(resources: Path) -> None:
    plain = SWORD.model_copy(update={"builtin": False})
    (resources / "catalogues" / "classic.json").write_text(to_json_text(
        "catalogue", CatalogueFile(edition="classic", items=(plain,))))
    assert [i.builtin for i in load_builtin_catalogue("classic")] == [True]


def test_builtin_catalogue_is_cached(resources: Path) -> None:
    first = load_builtin_catalogue("classic")
    (resources / "catalogues" / "classic.json").unlink()
    assert load_builtin_catalogue("classic") == first
    first.clear()  # callers get their own list
    assert len(load_builtin_catalogue("classic")) == 3
    catalogues.clear_cache()
    with pytest.raises(DocumentError, match="built-in catalogue is missing"):
        load_builtin_catalogue("classic")


def test_builtin_catalogue_of_wrong_edition(resources: Path) -> None:
    (resources / "catalogues" / "0.8.json").write_text(
        (resources / "catalogues" / "classic.json").read_text())
    with pytest.raises(DocumentError, match="data.edition: the file holds classic items"):
        load_builtin_catalogue("0.8")


def test_unknown_edition_is_refused(resources: Path) -> None:
    with pytest.raises(ValueError, match="unknown edition"):
        load_builtin_catalogue("../secrets")  # type: ignore[arg-type]


SHIPPED = sorted((REPO / "resources" / "catalogues").glob("*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_catalogues_load(path: Path) -> None:
    catalogues.clear_cache()
    edition = path.stem
    items = load_builtin_catalogue(edition)  # type: ignore[arg-type]
    assert items and all(i.edition == edition and i.builtin for i in items)
    Catalogue(edition, items)  # type: ignore[arg-type]


# -- the GM's items ---------------------------------------------------------------------


def test_user_catalogue_path(home: Path, tmp_path: Path) -> None:
    assert user_catalogue_path("classic") == home / "catalogues" / "custom-classic.json"
    assert user_catalogue_path("0.8", tmp_path) == tmp_path / "catalogues" / "custom-0.8.json"


def test_no_user_file_means_no_custom_items(home: Path, resources: Path) -> None:
    catalogue = load_catalogue("classic")
    assert catalogue.custom_items() == ()
    assert catalogue.builtin_items() == (SWORD, BOW, MAIL)
    assert not home.exists()


def test_custom_items_round_trip(home: Path, resources: Path) -> None:
    builtin_file = resources / "catalogues" / "classic.json"
    builtin_before = builtin_file.read_bytes()
    catalogue = load_catalogue("classic").add_custom(MACE).add_custom(HIDE)
    catalogue, copy = catalogue.copy_builtin("sword")
    path = save_custom_items(catalogue)
    assert path == user_catalogue_path("classic")
    saved = read_document(path, "catalogue").model
    assert isinstance(saved, CatalogueFile)
    assert [i.id for i in saved.items] == ["mace", "hide", copy.id]  # only the custom items
    again = load_catalogue("classic")
    assert again.custom_items() == (MACE, HIDE, copy)
    assert again.builtin_items() == (SWORD, BOW, MAIL)
    assert builtin_file.read_bytes() == builtin_before
    assert load_catalogue("0.8").custom_items() == ()  # editions kept apart


def test_corrupt_user_catalogue_is_reported_and_not_overwritten(home: Path,
                                                                 resources: Path) -> None:
    path = user_catalogue_path("classic")
    path.parent.mkdir(parents=True)
    path.write_text('{"schema_version": 1, "kind": "catalogue", "data": {"edition": "cl')
    before = path.read_bytes()
    with pytest.raises(DocumentError, match="not valid JSON"):
        load_catalogue("classic")
    catalogue = Catalogue("classic", [SWORD, BOW, MAIL], [MACE])
    with pytest.raises(DocumentError, match="was not overwritten"):
        save_custom_items(catalogue)
    assert path.read_bytes() == before


def test_user_item_clashing_with_builtin_is_reported(home: Path, resources: Path) -> None:
    clash = MACE.model_copy(update={"id": "sword"})
    path = user_catalogue_path("classic")
    path.parent.mkdir(parents=True)
    path.write_text(to_json_text("catalogue", CatalogueFile(edition="classic", items=(clash,))))
    with pytest.raises(DocumentError) as info:
        load_catalogue("classic")
    assert info.value.path == path
    assert info.value.errors[0].startswith("id: 'sword'")


def test_catalogue_file_checks_editions_and_ids(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    data = {"edition": "classic", "items": [
        MACE.model_dump(mode="json"), SPEAR_08.model_dump(mode="json"),
        {**MACE.model_dump(mode="json"), "attack": 500}]}
    path.write_text(json.dumps({"schema_version": 1, "kind": "catalogue", "data": data}))
    with pytest.raises(DocumentError) as info:
        read_document(path)
    assert info.value.errors == ["data.items.2.attack: Input should be less than or equal to 100"]
    data["items"].pop()
    path.write_text(json.dumps({"schema_version": 1, "kind": "catalogue", "data": data}))
    with pytest.raises(DocumentError) as info:
        read_document(path)
    assert info.value.errors == ["data.items.1.edition: 'Spear' is a 0.8 item; this "
                                 "catalogue is classic"]
    data["items"] = [MACE.model_dump(mode="json")] * 2
    path.write_text(json.dumps({"schema_version": 1, "kind": "catalogue", "data": data}))
    with pytest.raises(DocumentError, match=r"data.items.1.id: 'mace' is also the id of item 0"):
        read_document(path)
    data["items"] = [{**HIDE.model_dump(mode="json"), "full_load": None}]
    path.write_text(json.dumps({"schema_version": 1, "kind": "catalogue", "data": data}))
    with pytest.raises(DocumentError) as info:
        read_document(path)
    assert info.value.errors == [
        "data.items.0.full_load: classic armour needs half and full ratings"]


# -- export and import ------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".json", ".csv", ".CSV"])
def test_export_import_round_trip(tmp_path: Path, suffix: str) -> None:
    items = [MACE, HIDE, BOW]
    path = tmp_path / f"items{suffix}"
    export_items(items, path)
    imported = import_items(path, "classic")
    assert imported == [MACE, HIDE, BOW.model_copy(update={"builtin": False})]
    assert all(not i.builtin for i in imported)


def test_csv_layout(tmp_path: Path) -> None:
    path = tmp_path / "items.csv"
    export_items([MACE, HIDE], path)
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert rows[0] == list(CSV_COLUMNS)
    mace = dict(zip(rows[0], rows[1], strict=True))
    assert mace["properties"] == "heavy;crushing"
    assert mace["notes"] == "'-1 init, =heavy"  # a spreadsheet must not run it
    assert mace["strength"] == "" and mace["half_protection"] == ""
    hide = dict(zip(rows[0], rows[2], strict=True))
    assert (hide["covers"], hide["full_load"], hide["kind"]) == ("torso;arms", "3.25", "armour")


def test_csv_written_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "hand.csv"
    path.write_text("name,kind,skill,attack,damage,properties\n"
                    "Club,melee,single,1,3, light ; crushing \n\n"
                    "Great Axe!,melee,great,0,7,two-handed\n", encoding="utf-8")
    club, axe = import_items(path, "classic")
    assert (club.id, club.edition, club.properties) == ("club", "classic",
                                                        ("light", "crushing"))
    assert axe.id == "great-axe" and axe.damage == 7


def test_csv_from_a_semicolon_spreadsheet(tmp_path: Path) -> None:
    # Spreadsheets in much of Europe separate cells with ';' (issue 13 item 4);
    # a cell holding a ';' list is then quoted.
    path = tmp_path / "european.csv"
    path.write_text("name;kind;skill;attack;damage;properties\n"
                    'Club;melee;single;1;3;"light ; crushing"\n'
                    "Great Axe!;melee;great;0;7;two-handed\n", encoding="utf-8")
    club, axe = import_items(path, "classic")
    assert (club.name, club.attack, club.damage, club.properties) == (
        "Club", 1, 3, ("light", "crushing"))
    assert (axe.id, axe.damage, axe.properties) == ("great-axe", 7, ("two-handed",))


def test_bad_csv_row_rejects_the_whole_import(tmp_path: Path) -> None:
    path = tmp_path / "items.csv"
    path.write_text("id,name,kind,skill,attack\n"
                    "club,Club,melee,single,1\n"
                    "axe,Axe,melee,single,lots\n"
                    "pick,Pick,melee,,2\n"
                    "club,Club again,melee,single,1\n"
                    "spear,Spear,melee,single,1,extra\n", encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        import_items(path, "classic")
    assert info.value.errors == [
        "row 3, attack: Input should be a valid integer, unable to parse string as an integer",
        "row 4, skill: a classic weapon needs its skill (brawling, single, ...)",
        "row 5, id: 'club' is also used in row 2",
        "row 6: 6 cells but only 5 columns",
    ]


def test_csv_header_and_edition_errors(tmp_path: Path) -> None:
    path = tmp_path / "items.csv"
    path.write_text("id,name,colour\nclub,Club,red\n", encoding="utf-8")
    with pytest.raises(DocumentError, match="header: unknown column 'colour'"):
        import_items(path, "classic")
    path.write_text("id,name,kind,classes\nclub,Club,melee,brawl\n", encoding="utf-8")
    assert import_items(path, "0.8")[0].edition == "0.8"
    path.write_text("id,name,kind,edition,classes\nclub,Club,melee,0.8,brawl\n")
    with pytest.raises(DocumentError, match="row 2, edition: 'Club' is a 0.8 item; "
                                            "importing into classic"):
        import_items(path, "classic")
    path.write_bytes(b"id,name\n\xff\xfe,x\n")
    with pytest.raises(DocumentError, match="not UTF-8"):
        import_items(path, "classic")
    path.write_text("\n\n")
    with pytest.raises(DocumentError, match="file is empty"):
        import_items(path, "classic")


def test_json_import_of_other_edition_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "items.json"
    export_items([SPEAR_08], path)
    with pytest.raises(DocumentError, match="holds 0.8 items"):
        import_items(path, "classic")


def test_export_needs_one_edition(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="one edition"):
        export_items([MACE, SPEAR_08], tmp_path / "mixed.json")
    with pytest.raises(ValueError, match="one edition"):
        export_items([], tmp_path / "empty.json")
    export_items([], tmp_path / "empty.json", edition="0.8")
    assert import_items(tmp_path / "empty.json", "0.8") == []
    assert not (tmp_path / "mixed.json").exists()


def test_csv_export_keeps_previous_file_as_bak(tmp_path: Path) -> None:
    path = tmp_path / "items.csv"
    export_items([MACE], path)
    first = path.read_bytes()
    export_items([HIDE], path)
    assert (tmp_path / "items.csv.bak").read_bytes() == first
    assert [i.id for i in import_items(path, "classic")] == ["hide"]
