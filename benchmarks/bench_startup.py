"""How long YAGS Desk takes from process start to a painted window, against bare PySide6.

Run: ``.venv/bin/python benchmarks/bench_startup.py``. Each measurement starts a
fresh Python process (offscreen Qt). The child reports ``painted`` once its
main window has received its first paint event, and (YAGS Desk only) ``listed``
once the library dock holds the sample library's rows, and ``drawn`` once the
library's list has been painted with the rest of the window (what the GM sees;
no goal, for information; without the probe's own cost, see ``YAGS``); the
clock stops at each line.
The library is a temporary ``YAGS_DESK_HOME`` holding the sample library (made
once before timing, and opened once by a whole start that writes its listing
index, so the numbers are for an ordinary start, not the first run). Bytecode is
cached as in an install (in a temporary
``PYTHONPYCACHEPREFIX``, written by an untimed start, even when
``PYTHONDONTWRITEBYTECODE`` is set here), so the numbers do not include
compiling YAGS Desk's sources on every start. The real library and settings
are never touched. A last row starts on the sample library as an earlier
release wrote it (version 1 healing records and encounters), which a GM who
upgrades has. For scale, a plain PySide6 program (``PLAIN``: no YAGS Desk code)
lists the same library's files the simplest way, a sorted tree in a dock, after
its first paint: what listing costs PySide itself, against the same bare window
(no goal; issue 18's notes).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from yags_desk.storage.identity import RACY_NS

__all__ = ["bench", "index_library"]

RUNS = 7
ROOT = Path(__file__).resolve().parents[1]

# Both children wait for the first paint event of their main window the same way.
_PAINTED = """
from PySide6.QtCore import QEvent, QObject
class _Painted(QObject):
    def __init__(self, watched):
        super().__init__()
        self.seen = False
        watched.installEventFilter(self)
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            self.seen = True
        return False
_probe = _Painted(window)
window.resize(1366, 768)
window.show()
while not _probe.seen:
    app.processEvents()
import time as _time
print("painted", _time.process_time(), flush=True)
"""

BARE = """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
""" + _PAINTED

YAGS_LISTED = """
from yags_desk.qt.shell.app import create
app, window = create(["yags-desk"])
""" + _PAINTED + """
while not window.is_ready() or not window.library_dock.last_scan.entries:
    app.processEvents()
print("listed", _time.process_time(), flush=True)
"""

YAGS = YAGS_LISTED + """
# The probe's own cost is left out: asked for viewport(), PySide builds every QWidget
# class it has not built yet to find the viewport's type (some 11 ms), which the
# window itself never asks for while it starts.
_probe_cpu, _probe_wall = _time.process_time(), _time.perf_counter()
_viewport = window.library_dock.tree.viewport()
_probe_cpu = _time.process_time() - _probe_cpu
_probe_wall = _time.perf_counter() - _probe_wall
_list_probe = _Painted(_viewport)
_deadline = _time.monotonic() + 30
while not _list_probe.seen and _time.monotonic() < _deadline:
    app.processEvents()
if _list_probe.seen:
    print("drawn", _time.process_time() - _probe_cpu, _probe_wall, flush=True)
"""

# The floor for the "listed" goal: a bare window that, after its first paint, reads
# the same files with json and lists them in a dock's sorted tree with a filter line
# (the Qt classes and enums any such list needs), and nothing else: no icons, no
# menus, no checks of the files.
PLAIN = BARE + """
import json, os
from pathlib import Path
from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QDockWidget, QLineEdit, QTreeView, QVBoxLayout, QWidget
home = Path(os.environ["YAGS_DESK_HOME"])
model = QStandardItemModel(0, 2)
model.setHorizontalHeaderLabels(["Name", "Kind"])
for folder in ("characters", "encounters", "battles", "healing", "catalogues"):
    for path in sorted((home / folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8")).get("data", {})
        model.appendRow([QStandardItem(str(data.get("name") or path.stem)),
                         QStandardItem(folder)])
proxy = QSortFilterProxyModel()
proxy.setSourceModel(model)
proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
body = QWidget()
layout = QVBoxLayout(body)
layout.addWidget(QLineEdit())
tree = QTreeView()
tree.setModel(proxy)
tree.setSortingEnabled(True)
layout.addWidget(tree)
dock = QDockWidget("Library")
dock.setWidget(body)
window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
print("listed", _time.process_time(), flush=True)
"""

# A whole start, on until the check after the listing is done (it writes the
# library's listing index).
CHECKED = """
from yags_desk.qt.shell.app import create
app, window = create(["yags-desk"])
window.show()
window.finish_start()
while window.library_dock.checking:
    app.processEvents()
"""


def index_library(*envs: dict[str, str]) -> None:
    """Give the libraries of ``envs`` (each a child's environment, its library made)
    the listing index a GM's library has (storage.listing_index): files become
    trustworthy two seconds after they were written (identity.settled), then a
    whole start writes it."""
    time.sleep(RACY_NS / 1e9 + 0.2)
    for env in envs:
        subprocess.run([sys.executable, "-c", CHECKED], env=env, cwd=ROOT, check=True,
                       capture_output=True)


def _times(code: str, env: dict[str, str], cpu: list[float] | None = None) -> list[float]:
    """Seconds from start to each line the child prints (and, in ``cpu``, the
    child's processor time at each line: steadier on a loaded machine). A third
    field on a line is time the child spent probing, left out of that line's time."""
    start = time.perf_counter()
    stamps: list[float] = []
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT) as child:
        assert child.stdout is not None
        for line in child.stdout:
            fields = line.split()
            probing = float(fields[2]) if len(fields) > 2 else 0.0
            stamps.append(time.perf_counter() - start - probing)
            if cpu is not None:
                cpu.append(float(fields[1]))
        child.wait(timeout=60)
    if not stamps:
        raise RuntimeError(f"the child did not paint its window (exit {child.returncode})")
    return stamps


def _as_earlier_release(home: Path) -> None:
    """The sample library in ``home`` as an earlier release wrote it: its healing
    records and encounters at version 1 (encounters then kept no options)."""
    for folder, options in (("healing", False), ("encounters", True)):
        for path in (home / folder).glob("*.json"):
            document = json.loads(path.read_text(encoding="utf-8"))
            document["schema_version"] = 1
            if options:
                document["data"]["options"] = {}
            path.write_text(json.dumps(document, indent=2), encoding="utf-8")


def bench() -> list[tuple[str, float, str]]:
    """Rows of (what, value, unit): medians of :data:`RUNS` starts of each kind."""
    with tempfile.TemporaryDirectory(prefix="yags-bench-start-") as home, \
            tempfile.TemporaryDirectory(prefix="yags-bench-old-") as old_home, \
            tempfile.TemporaryDirectory(prefix="yags-bench-pyc-") as pycache:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YAGS_DESK_HOME=home,
                   PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=pycache)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        old_env = dict(env, YAGS_DESK_HOME=old_home)
        # First run: copy the sample library in, so timed runs are ordinary starts.
        for e in (env, old_env):
            subprocess.run([sys.executable, "-c", "from yags_desk.storage.library import "
                            "Library; Library.open()"], env=e, cwd=ROOT, check=True)
        _as_earlier_release(Path(old_home))
        index_library(env, old_env)  # as a GM's library, indexed by an earlier start
        _times(YAGS, env)  # writes the bytecode of everything a start imports
        _times(YAGS, old_env)
        _times(BARE, env)
        _times(PLAIN, env)
        cpu_old_listed: list[float] = []
        bare: list[float] = []
        painted: list[float] = []
        listed: list[float] = []
        drawn: list[float] = []
        cpu_drawn: list[float] = []
        cpu_bare: list[float] = []
        cpu_painted: list[float] = []
        cpu_listed: list[float] = []
        cpu_plain: list[float] = []
        for _ in range(RUNS):  # interleaved, so both see the same machine load
            seen: list[float] = []
            bare.append(_times(BARE, env, seen)[0])
            cpu_bare.append(seen[0])
            seen = []
            stamps = _times(YAGS, env, seen)
            if len(stamps) < 3:
                raise RuntimeError("the library's list was never painted")
            first, last, whole = stamps[:3]
            painted.append(first)
            listed.append(last)
            drawn.append(whole)
            cpu_painted.append(seen[0])
            cpu_listed.append(seen[1])
            cpu_drawn.append(seen[2])
            seen = []
            _times(YAGS, old_env, seen)
            cpu_old_listed.append(seen[1])
            seen = []
            _times(PLAIN, env, seen)
            cpu_plain.append(seen[1])
    bare_ms = statistics.median(bare) * 1000
    painted_ms = statistics.median(painted) * 1000
    listed_ms = statistics.median(listed) * 1000
    drawn_ms = statistics.median(drawn) * 1000
    cpu_bare_ms, cpu_painted_ms, cpu_listed_ms, cpu_drawn_ms = (
        statistics.median(times) * 1000
        for times in (cpu_bare, cpu_painted, cpu_listed, cpu_drawn))
    return [
        (f"start-up to a painted bare PySide6 QMainWindow (median of {RUNS})", bare_ms, "ms"),
        (f"start-up to YAGS Desk's window painted (median of {RUNS})", painted_ms, "ms"),
        (f"start-up to the sample library listed (median of {RUNS})", listed_ms, "ms"),
        ("first paint of YAGS Desk vs bare PySide6 (goal <= 1.2)", painted_ms / bare_ms, "x"),
        ("sample library listed vs bare PySide6 (goal <= 1.5)", listed_ms / bare_ms, "x"),
        ("processor time to a painted bare QMainWindow (median)", cpu_bare_ms, "ms"),
        ("processor time to YAGS Desk's window painted (median)", cpu_painted_ms, "ms"),
        ("processor time to the sample library listed (median)", cpu_listed_ms, "ms"),
        ("first paint vs bare, processor time (goal <= 1.2)", cpu_painted_ms / cpu_bare_ms, "x"),
        ("library listed vs bare, processor time (goal <= 1.5)", cpu_listed_ms / cpu_bare_ms,
         "x"),
        (f"start-up to the whole window drawn, library list painted (median of {RUNS})",
         drawn_ms, "ms"),
        ("whole window drawn vs bare, processor time (no goal)", cpu_drawn_ms / cpu_bare_ms,
         "x"),
        ("library written by an earlier release listed vs bare, processor time",
         statistics.median(cpu_old_listed) * 1000 / cpu_bare_ms, "x"),
        ("plain PySide6 listing the same files in a dock vs bare, processor time (no goal)",
         statistics.median(cpu_plain) * 1000 / cpu_bare_ms, "x"),
    ]


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
