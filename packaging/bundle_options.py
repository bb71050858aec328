"""What goes into a YAGS Desk bundle: shared by yags_desk.spec and hello.spec.

Both PyInstaller specs (the application and the bare PySide6 hello-world the
bundle size is compared with) import this file, so the comparison is made with
the same options: the same Qt modules left out, the same plugins and
translations dropped, the same stripping. Plain Python, no PyInstaller import,
so the tests can check it.
"""

from __future__ import annotations

import importlib.metadata
import re
import shutil
import sys
from pathlib import Path

__all__ = [
    "EXCLUDED_MODULES",
    "KEPT_PLUGINS",
    "LICENSED_DISTRIBUTIONS",
    "QT_MODULES_USED",
    "STRIP",
    "collect_licences",
    "keep_entry",
    "keep_plugin",
    "restrict_qt_plugins",
]

# The Qt modules yags_desk imports (`grep -rhoE "PySide6\.Qt[A-Za-z]+" yags_desk`).
QT_MODULES_USED = ("QtCore", "QtGui", "QtWidgets", "QtPrintSupport", "QtSvg")

# Every other PySide6 module a wheel may carry, and standard-library parts the
# program never uses; PyInstaller then leaves out their hooks, plugins and libraries.
_OTHER_QT = (
    "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender",
    "QtAxContainer", "QtBluetooth", "QtCharts", "QtConcurrent", "QtDBus",
    "QtDataVisualization", "QtDesigner", "QtGraphs", "QtGraphsWidgets", "QtHelp",
    "QtHttpServer", "QtLabsStyleKit", "QtLocation", "QtMultimedia", "QtMultimediaWidgets",
    "QtNetwork", "QtNetworkAuth", "QtNfc", "QtOpenGL", "QtOpenGLWidgets", "QtPdf",
    "QtPdfWidgets", "QtPositioning", "QtQml", "QtQmlFeatures", "QtQuick", "QtQuick3D",
    "QtQuickControls2", "QtQuickTest", "QtQuickWidgets", "QtRemoteObjects", "QtScxml",
    "QtSensors", "QtSerialBus", "QtSerialPort", "QtSpatialAudio", "QtSql",
    "QtStateMachine", "QtSvgWidgets", "QtTest", "QtTextToSpeech", "QtUiTools",
    "QtWebChannel", "QtWebEngineCore", "QtWebEngineQuick", "QtWebEngineWidgets",
    "QtWebSockets", "QtWebView", "QtXml",
)
EXCLUDED_MODULES = tuple(f"PySide6.{m}" for m in _OTHER_QT) + (
    "tkinter", "_tkinter", "unittest", "pydoc", "doctest", "lib2to3", "test",
)

# [decision] Qt plugins kept (folder under plugins/ -> file name stems; None keeps the
# whole folder). Platforms: xcb for X11 and XWayland, offscreen for headless runs
# (and macOS/Windows' own: cocoa, windows). No GTK or portal theme (the window uses
# Fusion; they need libraries the bundle does not carry); no Wayland-native plugin.
KEPT_PLUGINS: dict[str, tuple[str, ...] | None] = {
    "platforms": ("libqxcb", "libqoffscreen", "libqcocoa", "qwindows", "qoffscreen",
                  "libqminimal", "qminimal"),
    "xcbglintegrations": None,
    "imageformats": ("libqsvg", "qsvg", "libqico", "qico"),
    "iconengines": None,
    "printsupport": None,
    "platforminputcontexts": ("libcomposeplatforminputcontextplugin",),
    "styles": None,
}

# [decision] strip=True (SETUP-NOTES: 141 MB -> 119 MB); symbols are of no use to a GM.
STRIP = sys.platform.startswith("linux")

# Linux and macOS wheels keep Qt under PySide6/Qt/, Windows wheels directly under PySide6/.
_PLUGIN_DIR = re.compile(r"(?:^|/)PySide6/(?:Qt/)?plugins/([^/]+)/([^/]+)$")
_TRANSLATIONS = re.compile(r"(?:^|/)PySide6/(?:Qt/)?translations/")


def keep_plugin(folder: str, name: str) -> bool:
    """True for a Qt plugin file the bundle keeps (``folder`` as under plugins/)."""
    kept = KEPT_PLUGINS.get(folder, ())
    return kept is None or name.split(".", 1)[0] in kept


def keep_entry(dest: str) -> bool:
    """False for a bundled file the program never uses (by its path in the bundle)."""
    dest = dest.replace("\\", "/")
    if _TRANSLATIONS.search(dest):
        return False  # [decision] English only: nothing installs a QTranslator
    match = _PLUGIN_DIR.search(dest)
    return match is None or keep_plugin(*match.groups())


def restrict_qt_plugins() -> None:
    """Make PyInstaller's Qt hooks collect only the kept plugins.

    Filtering the bundle afterwards is not enough: the libraries a dropped plugin
    links (GTK for the gtk3 theme, Wayland, EGLFS...) would already have been
    collected. Called by the specs, inside PyInstaller (pinned in build.sh).
    """
    from PyInstaller.utils.hooks import qt

    original = qt.QtLibraryInfo.collect_plugins
    if getattr(original, "restricted", False):
        return

    def collect_plugins(self: object, plugin_type: str) -> list[tuple[str, str]]:
        found: list[tuple[str, str]] = original(self, plugin_type)
        return [(src, dst) for src, dst in found if keep_plugin(plugin_type, Path(src).name)]

    collect_plugins.restricted = True  # type: ignore[attr-defined]
    qt.QtLibraryInfo.collect_plugins = collect_plugins


# Distributions the bundle carries, whose licences ship in its licenses/ folder.
LICENSED_DISTRIBUTIONS = ("PySide6_Essentials", "shiboken6", "pydantic", "pydantic_core",
                          "platformdirs", "typing_extensions", "annotated_types",
                          "typing_inspection")

_LICENCE_NAME = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)


def collect_licences(out: Path, texts: Path) -> list[Path]:
    """Write the licences of everything bundled into ``out``; the files written.

    For each distribution: its licence files when its wheel has them, and always
    its METADATA (which names the licence). PySide6 and Qt wheels carry no
    licence text, so the LGPL v3 / GPL texts come from ``texts``
    (packaging/licenses), as does YAGS Desk's own GPL v2; Python's licence comes
    from the interpreter that builds.
    """
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for text in sorted(texts.glob("*.txt")):
        written.append(Path(shutil.copy2(text, out / text.name)))
    for name in LICENSED_DISTRIBUTIONS:
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        folder = out / dist.metadata["Name"]
        folder.mkdir(exist_ok=True)
        for file in dist.files or ():
            if file.name == "METADATA" or _LICENCE_NAME.search(file.name):
                source = Path(str(file.locate()))
                if source.is_file():
                    target = folder / (file.name if file.name != "METADATA" else "METADATA.txt")
                    written.append(Path(shutil.copy2(source, target)))
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    python_licence = Path(sys.base_prefix) / "lib" / version / "LICENSE.txt"
    if not python_licence.is_file():
        python_licence = Path(sys.base_prefix) / "LICENSE.txt"  # Windows layout
    if python_licence.is_file():
        written.append(Path(shutil.copy2(python_licence, out / "Python-LICENSE.txt")))
    return written
