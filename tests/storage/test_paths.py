"""Where YAGS Desk looks for its resources and keeps the user's library."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from yags_desk.storage import paths

REPO = Path(__file__).resolve().parents[2]


def make_resources(folder: Path) -> Path:
    (folder / "catalogues").mkdir(parents=True)
    return folder


def test_home_variable_moves_every_user_folder(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path / "lib"))
    root = tmp_path / "lib"
    assert paths.data_dir() == root
    assert paths.autosave_dir() == root / "autosave"
    assert paths.settings_path() == root / "settings.json"
    assert paths.characters_dir() == root / "characters"
    assert paths.encounters_dir() == root / "encounters"
    assert paths.catalogues_dir() == root / "catalogues"
    assert paths.battles_dir() == root / "battles"
    assert paths.trash_dir() == root / "trash"
    assert paths.config_dir() == root
    assert not root.exists()  # asking for a path creates nothing


def test_explicit_root_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path / "env"))
    assert paths.characters_dir(tmp_path / "other") == tmp_path / "other" / "characters"
    assert paths.autosave_dir(tmp_path / "other") == tmp_path / "other" / "autosave"


def test_without_home_variable_the_platform_folder_is_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.ENV_HOME, raising=False)
    expected = Path(platformdirs.user_data_dir("yags-desk", "yags-desk"))
    assert paths.data_dir() == expected
    config = Path(platformdirs.user_config_dir("yags-desk", "yags-desk"))
    assert paths.config_dir() == config
    monkeypatch.setenv(paths.ENV_HOME, "   ")  # blank counts as unset
    assert paths.data_dir() == expected
    assert paths.config_dir() == config


def test_home_variable_expands_user(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv(paths.ENV_HOME, "~/games/yags")
    assert paths.data_dir() == tmp_path / "games" / "yags"


def test_resources_of_the_source_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert paths.resource_dir() == REPO / "resources"
    assert (paths.resource_dir() / "catalogues").is_dir()


def test_resources_of_a_pyinstaller_bundle(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "bundle"
    make_resources(bundle / "resources")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert paths.resource_dir() == bundle / "resources"


def test_resources_of_an_installed_wheel(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    package = site / "yags_desk"
    make_resources(package / "_resources")
    make_resources(site / "resources")  # some other package's folder: not ours
    assert paths.find_resource_dir(package) == package / "_resources"


def test_bundle_wins_over_checkout(tmp_path: Path) -> None:
    make_resources(tmp_path / "src" / "resources")
    make_resources(tmp_path / "bundle" / "resources")
    found = paths.find_resource_dir(tmp_path / "src" / "yags_desk", tmp_path / "bundle")
    assert found == tmp_path / "bundle" / "resources"


def test_missing_resources_raise_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "resources").mkdir()  # no catalogues folder: not a resources folder
    with pytest.raises(paths.ResourceNotFoundError) as info:
        paths.find_resource_dir(tmp_path / "yags_desk", tmp_path / "bundle")
    message = str(info.value)
    assert "cannot find its built-in resources" in message
    assert str(tmp_path / "bundle" / "resources") in message
    assert str(tmp_path / "yags_desk" / "_resources") in message
    assert isinstance(info.value, FileNotFoundError)


@pytest.mark.parametrize(("text", "slug"), [
    ("Aldric", "aldric"),
    ("Ælfric the Bold", "aelfric-the-bold"),
    ("  Sir  Brân / ap Llŷr!  ", "sir-bran-ap-llyr"),
    ("../../etc/passwd", "etc-passwd"),
    ("龍", "item"),
    ("", "item"),
])
def test_slugify(text: str, slug: str) -> None:
    assert paths.slugify(text) == slug


def test_slugify_length() -> None:
    assert paths.slugify("a" * 100, max_length=40) == "a" * 40
    assert paths.slugify("ab " * 30, max_length=5) == "ab-ab"
