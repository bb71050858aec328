"""The PyInstaller spec and its shared options: what the bundle carries and leaves out."""

from __future__ import annotations

import ast
import re
import shutil
import sys
from pathlib import Path

import pytest

from yags_desk import __version__
from yags_desk.storage import paths
from yags_desk.storage.library import Library

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
sys.path.insert(0, str(PACKAGING))

import bundle_options as opts  # noqa: E402  (packaging/ is scripts, not a package)


def spec_tree(name: str = "yags_desk.spec") -> ast.Module:
    return ast.parse((PACKAGING / name).read_text("utf-8"))


def test_spec_takes_name_and_version_from_the_package() -> None:
    tree = spec_tree()
    imports = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               and node.module == "yags_desk"]
    assert imports and {a.name for a in imports[0].names} >= {"APP_NAME", "__version__"}
    bundle = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
              and getattr(node.func, "id", "") == "BUNDLE"]
    keywords = {k.arg: ast.unparse(k.value) for k in bundle[0].keywords}
    assert keywords["version"] == "__version__" and "APP_NAME" in keywords["name"]
    # No packaging file repeats the version by hand (the metainfo release is checked below).
    for path in PACKAGING.rglob("*"):
        if path.suffix in (".spec", ".sh", ".py", ".iss", ".json", ".yml"):
            assert f'"{__version__}"' not in path.read_text("utf-8"), path


def test_spec_bundles_the_resources_where_the_frozen_lookup_finds_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    datas = [ast.literal_eval(elt.elts[1]) for node in ast.walk(spec_tree())
             if isinstance(node, ast.List) for elt in node.elts
             if isinstance(elt, ast.Tuple) and len(elt.elts) == 2
             and "resources" in ast.unparse(elt.elts[0])]
    assert datas == ["resources"]
    # A bundle laid out as the spec says, with one sample character only.
    bundle = tmp_path / "_internal"
    shutil.copytree(ROOT / "resources", bundle / datas[0])
    for file in (bundle / "resources" / "sample_library" / "characters").glob("*.json"):
        if file.name != "wolf.json":
            file.unlink()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert paths.resource_dir() == bundle / "resources"
    library = Library.open(tmp_path / "user")
    assert sorted(p.name for p in library.characters_dir.glob("*.json")) == ["wolf.json"]


def test_every_qt_module_the_app_imports_is_bundled() -> None:
    used = set()
    for path in (ROOT / "yags_desk").rglob("*.py"):
        used.update(re.findall(r"PySide6\.(Qt\w+)", path.read_text("utf-8")))
    assert used <= set(opts.QT_MODULES_USED), "add the module to bundle_options.QT_MODULES_USED"
    assert not {f"PySide6.{m}" for m in opts.QT_MODULES_USED} & set(opts.EXCLUDED_MODULES)
    assert "PySide6.QtNetwork" in opts.EXCLUDED_MODULES and "tkinter" in opts.EXCLUDED_MODULES


@pytest.mark.parametrize(("dest", "kept"), [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
    ("PySide6/plugins/platforms/qwindows.dll", True),  # Windows wheels have no Qt/ level
    ("PySide6/Qt/plugins/platforms/libqwayland.so", False),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
    ("PySide6/Qt/plugins/imageformats/libqtiff.so", False),
    ("PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", True),
    ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
    ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
    ("PySide6\\translations\\qtbase_de.qm", False),
    ("PySide6/Qt/translations/qtbase_fr.qm", False),
    ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
    ("resources/sample_library/characters/aldric.json", True),
])
def test_plugins_and_translations_kept_or_dropped(dest: str, kept: bool) -> None:
    assert opts.keep_entry(dest) is kept


def test_licences_of_qt_and_the_bundled_packages_are_collected(tmp_path: Path) -> None:
    written = opts.collect_licences(tmp_path / "licenses", PACKAGING / "licenses")
    out = tmp_path / "licenses"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (out / "LGPL-3.0.txt").read_text("utf-8")
    assert "Version 2, June 1991" in (out / "GPL-2.0.txt").read_text("utf-8")
    pyside = out / "PySide6_Essentials" / "METADATA.txt"
    assert "LGPL-3.0" in pyside.read_text("utf-8")
    assert (out / "pydantic").is_dir() and (out / "platformdirs").is_dir()
    assert (out / "Python-LICENSE.txt").is_file()
    assert all(p.is_file() for p in written)


def test_hello_world_spec_uses_the_same_options() -> None:
    text = (PACKAGING / "hello" / "hello.spec").read_text("utf-8")
    main = (PACKAGING / "yags_desk.spec").read_text("utf-8")
    for needle in ("opts.restrict_qt_plugins()", "excludes=list(opts.EXCLUDED_MODULES)",
                   "opts.keep_entry(entry[0])", "strip=opts.STRIP", "upx=False"):
        assert needle in text and needle in main, needle
