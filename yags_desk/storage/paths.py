"""Every folder YAGS Desk reads or writes, decided in one place.

Built-in resources (catalogues, the sample library, print templates) are found
the same way from a source checkout, an installed wheel and a PyInstaller
bundle. The user's library lives in the platform's data folder
(``platformdirs``) unless the environment variable ``YAGS_DESK_HOME`` names
another folder, which is how tests and portable installs keep it elsewhere.

Nothing here creates folders: callers that write (the library) do that.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from pathlib import Path

import platformdirs

__all__ = [
    "APP_AUTHOR",
    "APP_SLUG",
    "ENV_HOME",
    "LIBRARY_FOLDERS",
    "LibraryError",
    "ResourceNotFoundError",
    "autosave_dir",
    "battles_dir",
    "healing_dir",
    "catalogues_dir",
    "characters_dir",
    "config_dir",
    "data_dir",
    "encounters_dir",
    "find_resource_dir",
    "resource_dir",
    "settings_path",
    "slugify",
    "trash_dir",
]

APP_SLUG = "yags-desk"
APP_AUTHOR = "yags-desk"
ENV_HOME = "YAGS_DESK_HOME"

# The library's document folders, in the order the GUI shows them.
LIBRARY_FOLDERS = ("characters", "encounters", "catalogues", "battles", "healing")

# A folder only counts as the resources folder if it has this sub-folder, so an
# unrelated ``resources`` folder next to the package is never picked up.
_RESOURCE_MARKER = "catalogues"


class LibraryError(Exception):
    """The library folder cannot be used; ``str()`` says what is wrong and where."""

    def __init__(self, root: Path, message: str) -> None:
        super().__init__(message)
        self.root = root


class ResourceNotFoundError(FileNotFoundError):
    """The built-in resources folder is missing: the installation is broken."""


def find_resource_dir(package_dir: Path, bundle_dir: Path | None = None) -> Path:
    """The resources folder for a package installed at ``package_dir``.

    Looks, in order, in a PyInstaller bundle (``<bundle_dir>/resources``), an
    installed wheel (``<package_dir>/_resources``, see pyproject's hatch
    force-include) and a source checkout (``<package_dir>/../resources``).
    """
    candidates: list[Path] = []
    if bundle_dir is not None:
        candidates.append(bundle_dir / "resources")
    candidates.append(package_dir / "_resources")
    candidates.append(package_dir.parent / "resources")
    for candidate in candidates:
        if (candidate / _RESOURCE_MARKER).is_dir():
            return candidate
    looked = ", ".join(str(c) for c in candidates)
    raise ResourceNotFoundError(
        f"YAGS Desk cannot find its built-in resources (looked in: {looked}); "
        "the installation is incomplete, reinstall YAGS Desk"
    )


def resource_dir() -> Path:
    """The built-in resources folder of this installation."""
    bundle = getattr(sys, "_MEIPASS", None)
    package_dir = Path(__file__).resolve().parent.parent
    return find_resource_dir(package_dir, Path(bundle) if bundle else None)


def data_dir() -> Path:
    """Root of the user's library: ``$YAGS_DESK_HOME`` or the platform data folder."""
    home = os.environ.get(ENV_HOME, "").strip()
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir(APP_SLUG, APP_AUTHOR))


def config_dir() -> Path:
    """Where the desktop window keeps its settings (recent files, layout, theme).

    ``$YAGS_DESK_HOME`` when set, so a portable install or a test keeps
    everything in one folder; otherwise the platform's config folder.
    """
    home = os.environ.get(ENV_HOME, "").strip()
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_config_dir(APP_SLUG, APP_AUTHOR))


def _root(root: Path | None) -> Path:
    return data_dir() if root is None else root


def characters_dir(root: Path | None = None) -> Path:
    return _root(root) / "characters"


def encounters_dir(root: Path | None = None) -> Path:
    return _root(root) / "encounters"


def catalogues_dir(root: Path | None = None) -> Path:
    return _root(root) / "catalogues"


def battles_dir(root: Path | None = None) -> Path:
    return _root(root) / "battles"


def healing_dir(root: Path | None = None) -> Path:
    """Healing records (issue 16)."""
    return _root(root) / "healing"


def trash_dir(root: Path | None = None) -> Path:
    """Where deleted library files go (nothing is ever hard-deleted)."""
    return _root(root) / "trash"


def autosave_dir(root: Path | None = None) -> Path:
    """Crash-recovery copies of open documents."""
    return _root(root) / "autosave"


def settings_path(root: Path | None = None) -> Path:
    return _root(root) / "settings.json"


_NON_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str, fallback: str = "item", max_length: int = 40) -> str:
    """A lowercase ASCII name for files and ids: ``"Ælfric the Bold"`` -> ``"aelfric-the-bold"``."""
    folded = unicodedata.normalize("NFKD", text.replace("Æ", "Ae").replace("æ", "ae"))
    ascii_text = folded.encode("ascii", "ignore").decode("ascii").lower()
    slug = _NON_SLUG.sub("-", ascii_text).strip("-")[:max_length].strip("-")
    return slug or fallback
