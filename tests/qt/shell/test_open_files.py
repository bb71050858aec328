"""Files named on the command line (or by the desktop, as .yags files) open in the window."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.qt.shell.open_files import open_path, open_paths

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "resources" / "sample_library"


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    return sample_window(qtbot, monkeypatch)


def titles(w: MainWindow) -> list[str]:
    return [w.tabs.tabText(i) for i in range(w.tabs.count())]


def test_a_yags_file_opens_the_character_it_holds(window: MainWindow, tmp_path: Path) -> None:
    file = tmp_path / "hero.yags"
    shutil.copy(SAMPLE / "characters" / "aldric.json", file)
    view, problem = open_path(window, file)
    assert problem is None and view is not None
    assert titles(window) == ["Aldric of Thornbury"]
    assert window.document_path(view) == file.resolve()


def test_a_catalogue_file_opens_its_editions_catalogue(window: MainWindow) -> None:
    view, problem = open_path(window, ROOT / "resources" / "catalogues" / "0.8.json")
    assert problem is None and view is not None
    assert window.tabs.count() == 1 and "0.8" in titles(window)[0]


def test_files_that_cannot_open_are_named_and_the_rest_open(window: MainWindow,
                                                            tmp_path: Path) -> None:
    broken = tmp_path / "broken.yags"
    broken.write_text('{"kind": "character", "data": ', "utf-8")
    text = broken.read_bytes()
    problems = open_paths(window, [tmp_path / "gone.yags", broken,
                                   SAMPLE / "battles" / "border-skirmish.json",
                                   SAMPLE / "encounters" / "sparring.json",
                                   SAMPLE / "characters" / "wolf.json"])
    assert len(problems) == 2
    assert "gone.yags: no such file" in problems[0]
    assert problems[1].startswith("broken.yags: ")
    # A battle opens in the battle view (issue 16 item 5).
    assert titles(window) == ["Border skirmish at the ford", "Sparring in the yard", "Wolf"]
    assert broken.read_bytes() == text  # nothing written back


_RUN_SCRIPT = """
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QMessageBox
from yags_desk.qt.shell import app as qt_app

warnings, shown, opened = [], [], []
QMessageBox.warning = lambda _p, _t, text, *_a, **_k: warnings.append(text)
real_create = qt_app.create

def create(argv=None):
    app, window = real_create(argv)
    window.document_opened.connect(lambda view: opened.append(view.title()))
    shown.append(window)
    return app, window

qt_app.create = create
code = qt_app.run(["yags-desk"], files=[Path(a) for a in sys.argv[1:]], quit_after_ms=0)
print(json.dumps({"code": code, "opened": opened, "warnings": warnings,
                  "visible": shown[0].isVisible(), "tabs": shown[0].tabs.count()}))
"""


def test_run_opens_the_files_and_quits_by_itself(home: Path) -> None:
    # In a process of its own: once run() has quit the application, Qt's timers in
    # that process stop firing, which would hang the next window's tests.
    env = dict(os.environ, YAGS_DESK_HOME=str(home), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", _RUN_SCRIPT,
                           str(SAMPLE / "characters" / "mira.json"),
                           str(home / "missing.yags")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["code"] == 0
    assert out["opened"] == ["Mira Swiftwater"]
    assert not out["visible"] and out["tabs"] == 0  # closed by --quit-after
    assert len(out["warnings"]) == 1 and "missing.yags: no such file" in out["warnings"][0]


def test_bundled_style_smoke_run_exits_zero(home: Path) -> None:
    """What packaging/smoke-debian.sh does with the bundle, here with the source tree."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "YAGS_DESK_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "yags_desk", "--quit-after", "0",
                           str(SAMPLE / "characters" / "kestrel.json")],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    # The window made the user's library from the samples before it closed.
    assert (home / "characters" / "kestrel.json").is_file()
    assert (home / "window.ini").is_file()  # saved on closing, as a user's close would
