"""Saving keeps what the GM's file system says: permissions, symlinks; crashes leave no litter."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from yags_desk.rules.character import Character, default_attributes
from yags_desk.storage.documents import read_document, write_document
from yags_desk.storage.library import Library

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions and links")


def make_character(name: str = "Aldric") -> Character:
    return Character(name=name, edition="classic", attributes=default_attributes("classic"))


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_saving_keeps_the_files_permissions(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_document(path, "character", make_character())
    os.chmod(path, 0o644)
    write_document(path, "character", make_character("Bertha"))
    assert mode(path) == 0o644
    assert mode(tmp_path / "a.json.bak") == 0o644
    os.chmod(path, 0o640)
    write_document(path, "character", make_character("Cyn"))
    assert mode(path) == 0o640


def test_a_new_file_gets_the_umask_permissions_not_0600(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_document(tmp_path / "a.json", "character", make_character())
    finally:
        os.umask(old)
    assert mode(tmp_path / "a.json") == 0o644


def test_saving_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real_dir = tmp_path / "shared"
    real_dir.mkdir()
    target = real_dir / "aldric.json"
    write_document(target, "character", make_character())
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_document(link, "character", make_character("Bertha"))
    assert link.is_symlink()
    assert os.readlink(link) == str(target)
    model = read_document(target).model
    assert isinstance(model, Character) and model.name == "Bertha"
    assert (real_dir / "aldric.json.bak").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "shared"]


def test_library_save_over_a_symlinked_character_writes_the_target(
        home: Path, tmp_path: Path) -> None:
    library = Library.open(home)
    elsewhere = tmp_path / "elsewhere.json"
    character = make_character("Linked")
    write_document(elsewhere, "character", character)
    link = library.characters_dir / "linked.json"
    link.symlink_to(elsewhere)
    path = library.save_character(character.model_copy(update={"wounds": 3}), link)
    assert path == link and link.is_symlink()
    model = read_document(elsewhere).model
    assert isinstance(model, Character) and model.wounds == 3


def test_library_start_up_removes_leftover_temporary_files(home: Path) -> None:
    library = Library.open(home)
    leftovers = [library.characters_dir / ".aldric-1234.json.k2j_x9a1.tmp",
                 library.autosave_dir / ".x-abc.json.bak.q1w2e3r4.tmp",
                 library.encounters_dir / ".fight.json.abcdefgh.tmp"]
    for path in leftovers:
        path.write_text("{", encoding="utf-8")
        os.utime(path, (1_000_000, 1_000_000))  # left by a crash long ago
    keep = [library.characters_dir / "notes.tmp",                 # not a save's name
            library.characters_dir / ".aldric.json.fresh123.tmp"]  # a save happening now
    for path in keep:
        path.write_text("x", encoding="utf-8")
    os.utime(keep[0], (1_000_000, 1_000_000))
    Library.open(home)
    assert [p for p in leftovers if os.path.lexists(p)] == []
    assert all(p.exists() for p in keep)


def test_dangling_symlink_is_named_as_unreadable(home: Path, tmp_path: Path) -> None:
    library = Library.open(home)
    link = library.characters_dir / "gone.json"
    link.symlink_to(tmp_path / "deleted.json")
    report = library.load_characters()
    problems = {e.path.name: e.errors for e in report.errors}
    assert "gone.json" in problems
    assert "link to a file that does not exist" in problems["gone.json"][0]
    assert str(tmp_path / "deleted.json") in problems["gone.json"][0]
