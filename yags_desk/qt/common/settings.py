"""The window's own settings: recent files, window layout and colour scheme.

They live in an INI file in :func:`yags_desk.storage.paths.config_dir` (the
platform's config folder, or ``$YAGS_DESK_HOME``), never in the registry or a
path Qt chooses, so tests and portable installs keep everything together.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from yags_desk.storage import paths

__all__ = ["MAX_RECENT", "PAGES", "SCHEMES", "SETTINGS_NAME", "Settings"]

SETTINGS_NAME = "window.ini"
MAX_RECENT = 10
# Colour schemes offered in View > Colour scheme.
SCHEMES = ("system", "light", "dark")
# Paper for printing: the locale's custom, or A4 or Letter whatever the locale.
PAGES = ("system", "a4", "letter")


class Settings:
    """A typed wrapper over one :class:`QSettings` INI file."""

    def __init__(self, folder: Path | None = None) -> None:
        folder = paths.config_dir() if folder is None else folder
        self.path = folder / SETTINGS_NAME
        self._qs = QSettings(str(self.path), QSettings.Format.IniFormat)

    def sync(self) -> None:
        """Write pending changes to disk (the folder is created if needed)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:  # a folder that cannot be made: the settings last this run only
            return
        self._qs.sync()

    # -- recent files ---------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        """Recently opened files, most recent first (at most :data:`MAX_RECENT`)."""
        value = self._qs.value("recent/files", [])
        if isinstance(value, str):  # QSettings gives one item back as a plain string
            value = [value]
        if not isinstance(value, list):
            return []
        out: list[Path] = []
        for item in value:
            if isinstance(item, str) and item and Path(item) not in out:
                out.append(Path(item))
        return out[:MAX_RECENT]

    def add_recent(self, path: Path) -> None:
        path = Path(path).resolve()
        files = [path] + [p for p in self.recent_files() if p != path]
        self._set_recent(files)

    def remove_recent(self, path: Path) -> None:
        path = Path(path)
        self._set_recent([p for p in self.recent_files() if p != path])

    def clear_recent(self) -> None:
        self._set_recent([])

    def _set_recent(self, files: list[Path]) -> None:
        self._qs.setValue("recent/files", [str(p) for p in files[:MAX_RECENT]])
        self.sync()

    # -- library problems -------------------------------------------------------

    def reported_problems(self) -> list[str]:
        """The unreadable library files the GM was last told about (relative names)."""
        value = self._qs.value("library/reported_problems", [])
        if isinstance(value, str):
            value = [value]
        return sorted(v for v in value if isinstance(v, str) and v) if isinstance(
            value, list) else []

    def set_reported_problems(self, files: list[str]) -> None:
        self._qs.setValue("library/reported_problems", sorted(files))
        self.sync()

    # -- window layout --------------------------------------------------------------

    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    def save_layout(self, geometry: QByteArray, state: QByteArray) -> None:
        self._qs.setValue("window/geometry", geometry)
        self._qs.setValue("window/state", state)
        self.sync()

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._qs.value(key)
        if isinstance(value, QByteArray) and not value.isEmpty():
            return value
        if isinstance(value, bytes) and value:
            return QByteArray(value)
        return None

    # -- colour scheme --------------------------------------------------------------

    def scheme(self) -> str:
        """``system`` (follow the desktop), ``light`` or ``dark``."""
        value = self._qs.value("view/scheme", "system")
        return value if value in SCHEMES else "system"

    def set_scheme(self, scheme: str) -> None:
        if scheme not in SCHEMES:
            raise ValueError(f"scheme: '{scheme}' is not one of {', '.join(SCHEMES)}")
        self._qs.setValue("view/scheme", scheme)
        self.sync()

    # -- printing ---------------------------------------------------------------------

    def page(self) -> str:
        """``system`` (the locale's paper), ``a4`` or ``letter``."""
        value = self._qs.value("print/page", "system")
        return value if value in PAGES else "system"

    def set_page(self, page: str) -> None:
        if page not in PAGES:
            raise ValueError(f"page: '{page}' is not one of {', '.join(PAGES)}")
        self._qs.setValue("print/page", page)
        self.sync()

    def print_folder(self) -> Path:
        """Where the last PDF was exported (the home folder at first)."""
        value = self._qs.value("print/folder", "")
        folder = Path(value) if isinstance(value, str) and value else Path.home()
        return folder if folder.is_dir() else Path.home()

    def set_print_folder(self, folder: Path) -> None:
        self._qs.setValue("print/folder", str(folder))
        self.sync()

    # -- battle board -----------------------------------------------------------------

    def wide_board(self) -> bool:
        """View ▸ Wide board: hide the docks while a battle board is in front (default on)."""
        value = self._qs.value("view/wide_board", True)
        if isinstance(value, str):  # the INI file gives booleans back as text
            return value.strip().lower() not in ("false", "0", "no", "off")
        return bool(value)

    def set_wide_board(self, on: bool) -> None:
        self._qs.setValue("view/wide_board", bool(on))
        self.sync()

    # -- players' screen ----------------------------------------------------------------

    def players_screen(self) -> tuple[str, bool]:
        """View ▸ Players' screen: the name of the screen it was last on ("" at
        first) and whether it filled that screen (F11)."""
        name = self._qs.value("players/screen", "")
        full = self._qs.value("players/full_screen", False)
        if isinstance(full, str):
            full = full.strip().lower() in ("true", "1", "yes", "on")
        return (name if isinstance(name, str) else "", bool(full))

    def set_players_screen(self, name: str, full_screen: bool) -> None:
        self._qs.setValue("players/screen", name)
        self._qs.setValue("players/full_screen", bool(full_screen))
        self.sync()
