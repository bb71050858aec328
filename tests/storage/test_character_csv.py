"""Characters and NPC templates from a spreadsheet file, comma or semicolon
separated (issue 13 item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from yags_desk.rules.derived import derive
from yags_desk.storage.character_csv import import_characters
from yags_desk.storage.documents import DocumentError

COMMA = ("name,edition,kind,strength,agility,skills,weapons,shield,armour,notes\n"
         'Bandit chief,classic,npc,13,12,"Sword 50, Brawl 40",Long sword,Round shield,'
         'Heavy leather:full,"Scar, left cheek"\n'
         "Kestrel,0.8,template,4,,Broad sword 6,Broad sword,,,\n")


def _write(tmp_path: Path, text: str, name: str = "people.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_comma_separated_characters_with_catalogue_gear(tmp_path: Path) -> None:
    chief, kestrel = import_characters(_write(tmp_path, COMMA))
    assert (chief.name, chief.edition, chief.kind) == ("Bandit chief", "classic", "npc")
    assert chief.attributes["strength"] == 13 and chief.attributes["agility"] == 12
    assert chief.attributes["will"] == 10  # not given: the typical value (RULES 1.1)
    assert [(s.name, s.value) for s in chief.skills] == [("Sword", 50), ("Brawl", 40)]
    assert [w.name for w in chief.weapons] == ["Long sword"]
    assert chief.shield is not None and chief.shield.name == "Round shield"
    assert [(a.item.name, a.coverage) for a in chief.armour] == [("Heavy leather", "full")]
    assert chief.notes == "Scar, left cheek"
    assert (kestrel.edition, kestrel.kind, kestrel.attributes["size"]) == ("0.8", "template", 5)
    assert derive(chief).soak.total > derive(chief.model_copy(update={"armour": ()})).soak.total


def test_semicolon_separated_file_from_a_european_spreadsheet(tmp_path: Path) -> None:
    text = ("Name;Edition;Kind;Strength;Skills;Weapons\n"
            "Bandit 1;classic;npc;12;Sword 45 | Brawl 30;Short sword | Dagger\n"
            "Bandit 2;classic;npc;11;Sword 40;Club\n")
    first, second = import_characters(_write(tmp_path, text))
    assert first.name == "Bandit 1" and first.attributes["strength"] == 12
    assert [w.name for w in first.weapons] == ["Short sword", "Dagger"]
    assert [s.value for s in first.skills] == [45, 30]
    assert second.name == "Bandit 2" and [w.name for w in second.weapons] == ["Club"]


def test_every_problem_is_named_and_nothing_is_imported(tmp_path: Path) -> None:
    text = ("name,edition,strength,skills,weapons,size\n"
            "Wolf,classic,strong,Bite,Fang blade,\n"
            "Nobody,1.0,,,,\n"
            "Orc,classic,,,,4\n")
    with pytest.raises(DocumentError) as refused:
        import_characters(_write(tmp_path, text))
    assert refused.value.errors == [
        "row 2, strength: must be a whole number, not 'strong'",
        "row 2, weapons: no 'Fang blade' in the classic catalogue",
        "row 2, skills: 'Bite' needs a name and a number, such as 'Sword 50'",
        "row 3, edition: must be one of classic, 0.8, not '1.0'",
        "row 4, size: classic characters have no such attribute",
    ]


def test_unknown_and_missing_columns_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DocumentError) as refused:
        import_characters(_write(tmp_path, "name;hit points\nWolf;12\n"))
    errors = refused.value.errors
    assert errors[0].startswith("header: unknown column 'hit points' (known: name, edition,")
    assert errors[1:] == ["header: column 'edition' is required"]


def test_classic_armour_needs_its_coverage(tmp_path: Path) -> None:
    text = "name,edition,armour\nGuard,classic,Chain mail\n"
    with pytest.raises(DocumentError) as refused:
        import_characters(_write(tmp_path, text))
    assert len(refused.value.errors) == 1
    assert refused.value.errors[0].startswith("row 2, armour: 'Chain mail': ")
    assert "half" in refused.value.errors[0] and "full" in refused.value.errors[0]
