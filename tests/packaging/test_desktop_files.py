"""The files that tie YAGS Desk into a desktop: launcher, AppStream, .yags MIME type."""

from __future__ import annotations

import configparser
import json
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from yags_desk import APP_NAME, __version__
from yags_desk.qt.shell.open_files import FILE_SUFFIX, MIME_TYPE

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(LINUX / "yags-desk.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_starts_the_program_with_the_files_given() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application" and entry["Name"] == APP_NAME
    assert entry["Exec"] == "yags-desk %F" and entry["TryExec"] == "yags-desk"
    assert entry["Terminal"] == "false"
    assert entry["Icon"] == "yags-desk"
    assert (ROOT / "resources" / "icons" / "yags-desk.svg").is_file()
    assert MIME_TYPE in entry["MimeType"].split(";")
    for key in ("Categories", "MimeType", "Keywords"):
        assert entry[key].endswith(";"), f"{key}: lists end with ';'"
    assert "Game" in entry["Categories"].split(";")


def test_mime_type_claims_yags_files_as_json() -> None:
    root = ET.parse(LINUX / "yags-desk-mime.xml").getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    (mime,) = root.findall(f"{MIME_NS}mime-type")
    assert mime.get("type") == MIME_TYPE
    assert [g.get("pattern") for g in mime.findall(f"{MIME_NS}glob")] == [f"*{FILE_SUFFIX}"]
    assert mime.find(f"{MIME_NS}sub-class-of").get("type") == "application/json"  # type: ignore[union-attr]


def test_appstream_metadata_matches_the_program() -> None:
    path = LINUX / "net.yagsdesk.YAGSDesk.metainfo.xml"
    root = ET.parse(path).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert path.name == f"{root.findtext('id')}.metainfo.xml"
    assert root.findtext("name") == APP_NAME
    assert root.findtext("launchable") == "yags-desk.desktop"
    assert (LINUX / "yags-desk.desktop").is_file()
    assert root.findtext("provides/binary") == "yags-desk"
    assert root.findtext("provides/mediatype") == MIME_TYPE
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert root.findtext("project_license") == project["license"]["text"]
    assert root.findtext("metadata_license") == "CC0-1.0"
    releases = [r.get("version") for r in root.findall("releases/release")]
    assert releases[0] == __version__, "add a <release> for the new version"


def test_macos_bundle_declares_yags_documents() -> None:
    plist = json.loads((ROOT / "packaging" / "macos" / "info_plist.json").read_text("utf-8"))
    (doc,) = plist["CFBundleDocumentTypes"]
    assert doc["CFBundleTypeExtensions"] == [FILE_SUFFIX.lstrip(".")]
    (uti,) = plist["UTExportedTypeDeclarations"]
    assert uti["UTTypeIdentifier"] in doc["LSItemContentTypes"]
    assert uti["UTTypeTagSpecification"]["public.mime-type"] == [MIME_TYPE]


def test_windows_installer_associates_yags_files() -> None:
    iss = (ROOT / "packaging" / "windows" / "yags-desk.iss").read_text("utf-8")
    assert 'Root: HKA; Subkey: "Software\\Classes\\.yags' in iss
    assert '"{app}\\yags-desk-gui.exe"" ""%1"""' in iss
    assert "#ifndef AppVersion" in iss and "/DAppVersion=" in iss  # given by the build
