"""A library that cannot be written: words, not a traceback (issue 12, item 11).

Each run is a real ``python -m yags_desk`` in a subprocess. As root a chmod does
not stop writing, so the read-only runs go through ``unshare`` as an ordinary
user (or are skipped when that is not possible).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from yags_desk.storage.library import Library

ROOT = Path(__file__).resolve().parents[2]


def _as_user_prefix() -> list[str] | None:
    """The command prefix that makes a run an ordinary user, or None if not possible."""
    if os.name != "posix":
        return None
    if os.geteuid() != 0:
        return []
    unshare = shutil.which("unshare")
    if unshare is None:
        return None
    prefix = [unshare, "--user", "--map-user=65534", "--map-group=65534"]
    probe = subprocess.run([*prefix, "true"], capture_output=True, check=False)
    return prefix if probe.returncode == 0 else None


def run(home: Path, *args: str, as_user: bool = False) -> subprocess.CompletedProcess[str]:
    prefix: list[str] = []
    if as_user:
        found = _as_user_prefix()
        if found is None:
            pytest.skip("cannot run as an ordinary user here")
        prefix = found
    env = dict(os.environ, YAGS_DESK_HOME=str(home), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT))
    return subprocess.run([*prefix, sys.executable, "-m", "yags_desk", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120, check=False)


def test_home_pointing_at_a_file_is_a_message_for_the_library_command(
        tmp_path: Path) -> None:
    home = tmp_path / "notes.txt"
    home.write_text("not a folder", encoding="utf-8")
    result = run(home, "library")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == (
        f"YAGS Desk: The library location {home} (set by YAGS_DESK_HOME={home}) is a file, "
        "not a folder. Point it at a folder and start YAGS Desk again.")


def test_home_pointing_at_a_file_is_a_message_for_the_window(tmp_path: Path) -> None:
    home = tmp_path / "notes.txt"
    home.write_text("not a folder", encoding="utf-8")
    result = run(home, "--quit-after", "300")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"The library location {home}" in result.stderr
    assert "is a file, not a folder" in result.stderr


def test_library_under_a_file_names_the_file(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("x", encoding="utf-8")
    result = run(blocker / "yags", "library")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{blocker} is a file, not a folder" in result.stderr


def test_read_only_library_lists_and_says_it_is_read_only(tmp_path: Path) -> None:
    home = tmp_path / "lib"
    Library.open(home)
    for folder in [home, *[p for p in home.rglob("*") if p.is_dir()]]:
        folder.chmod(0o555)
    try:
        result = run(home, "library", as_user=True)
    finally:
        for folder in [home, *[p for p in home.rglob("*") if p.is_dir()]]:
            folder.chmod(0o755)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert f"The library folder {home}" in result.stderr
    assert "cannot be written to: permission denied" in result.stderr
    assert "It is open read-only" in result.stderr
    assert "Aldric of Thornbury" in result.stdout


def test_library_in_a_read_only_folder_cannot_be_made(tmp_path: Path) -> None:
    parent = tmp_path / "locked"
    parent.mkdir()
    parent.chmod(0o555)
    try:
        result = run(parent / "lib", "library", as_user=True)
        window = run(parent / "lib", "--quit-after", "300", as_user=True)
    finally:
        parent.chmod(0o755)
    for outcome in (result, window):
        assert outcome.returncode == 1
        assert "Traceback" not in outcome.stderr
        assert (f"The library folder {parent / 'lib'} (set by YAGS_DESK_HOME="
                f"{parent / 'lib'}) cannot be written to: permission denied for "
                f"{parent / 'lib'}.") in outcome.stderr


def test_read_only_library_without_autosave_folder_window_starts(tmp_path: Path) -> None:
    home = tmp_path / "lib"
    Library.open(home)
    (home / "autosave").rmdir()  # and it cannot be made again
    for folder in [home, *[p for p in home.rglob("*") if p.is_dir()]]:
        folder.chmod(0o555)
    try:
        result = run(home, "--quit-after", "1500", as_user=True)
    finally:
        for folder in [home, *[p for p in home.rglob("*") if p.is_dir()]]:
            folder.chmod(0o755)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
