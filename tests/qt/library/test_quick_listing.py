"""The library's quick listing at start-up (issue 18): rows made from the files'
JSON without pydantic, then every file read in full, which has the last word."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from yags_desk.qt.library.dock import LibraryDock
from yags_desk.qt.library.model import scan
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def _rewrite(path: Path, change: Any) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(json.dumps(document), encoding="utf-8")


def test_quick_rows_equal_the_full_reading_for_the_whole_sample_library(
        library: Library) -> None:
    quick, full = scan(library, quick=True), scan(library)
    assert quick.entries == full.entries  # labels, details, wound levels, tooltips
    assert quick.errors == full.errors == []
    assert quick.count("pc", "npc", "template", "encounters", "battles", "healing") == 23


def test_a_healed_and_hurt_character_reads_the_same_both_ways(library: Library) -> None:
    aldric = library.characters_dir / "aldric.json"
    _rewrite(aldric, lambda d: d["data"].update(wounds=3))
    brenna = library.characters_dir / "brenna.json"
    _rewrite(brenna, lambda d: d["data"].update(dead=True))
    quick = {e.label: e.detail for e in scan(library, quick=True).entries["pc"]}
    assert quick == {e.label: e.detail for e in scan(library).entries["pc"]}
    # RULES 1.6: one box each of Hurt, Light, Medium filled: Medium (-4).
    assert quick["Aldric of Thornbury"].endswith("· Medium (-4), 3 levels")
    assert quick["Brenna Ash"].endswith("· dead")


def test_odd_files_are_read_in_full_and_named_as_before(library: Library) -> None:
    folder = library.characters_dir
    (folder / "cut-short.json").write_text('{"schema_version": 1, "kind": "chara',
                                           encoding="utf-8")
    # An older file without the fields added since: the model's defaults apply.
    old = folder / "old.json"
    document = json.loads((folder / "mira.json").read_text(encoding="utf-8"))
    for key in ("dead", "player", "wounds"):
        document["data"].pop(key, None)
    document["data"]["id"] = "old-one"
    document["data"]["name"] = "Old Mira"
    old.write_text(json.dumps(document), encoding="utf-8")
    quick, full = scan(library, quick=True), scan(library)
    assert quick.entries == full.entries
    assert "Old Mira" in [e.label for e in quick.entries["pc"]]
    assert quick.errors == full.errors
    assert any(line.startswith("characters/cut-short.json: Not valid JSON")
               for line in quick.errors)


def test_a_file_whose_values_are_wrong_is_listed_then_removed_and_named(
        qtbot: Any, library: Library) -> None:
    # Valid JSON with a current envelope, but more wounds than body boxes: only the
    # model can tell, so the quick listing shows it and the full reading removes it.
    _rewrite(library.characters_dir / "aldric.json",
             lambda d: d["data"].update(wounds=150))
    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    found: list[list[str]] = []
    dock.problems_found.connect(found.append)
    dock.refresh(quick=True)
    assert dock.checking
    assert "Aldric of Thornbury" in dock.visible_labels()
    assert found == []
    qtbot.waitUntil(lambda: not dock.checking, timeout=10_000)
    assert "Aldric of Thornbury" not in dock.visible_labels()
    assert "Mira Swiftwater" in dock.visible_labels()
    assert len(found) == 1 and found[0][0].startswith("characters/aldric.json: ")
    assert dock.problems.isVisibleTo(dock)


def test_a_full_refresh_before_the_check_makes_the_check_unneeded(
        qtbot: Any, library: Library) -> None:
    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    scans: list[object] = []
    dock.refreshed.connect(scans.append)
    dock.refresh(quick=True)
    dock.refresh()  # F5, or a save, before the check came
    assert not dock.checking
    qtbot.wait(400)
    assert len(scans) == 2  # the check did not read everything a third time


def test_names_the_models_would_trim_are_read_in_full(library: Library) -> None:
    _rewrite(library.characters_dir / "mira.json",
             lambda d: d["data"].update(name="  Mira Swiftwater "))
    quick, full = scan(library, quick=True), scan(library)
    assert quick.entries == full.entries
    assert "Mira Swiftwater" in [e.label for e in quick.entries["pc"]]


def _start(qtbot: Any) -> Any:
    from yags_desk.qt.common.settings import Settings
    from yags_desk.qt.shell.main_window import MainWindow

    window = MainWindow(None, settings=Settings(),
                        open_library=lambda: Library.open(read_only_ok=True))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.is_ready() and not window.library_dock.checking,
                    timeout=20_000)
    qtbot.wait(50)  # the message box is shown from a timer
    return window


@pytest.mark.parametrize("broken_json_too", [False, True])
def test_unreadable_files_are_told_once_across_starts_through_the_quick_listing(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch,
        broken_json_too: bool) -> None:
    from PySide6.QtWidgets import QMessageBox

    _rewrite(library.characters_dir / "aldric.json", lambda d: d["data"].update(wounds=150))
    if broken_json_too:
        (library.characters_dir / "wolf.json").write_text("{ not json", encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _p, _t, text, *_a, **_k: shown.append(text))
    for _ in range(3):
        window = _start(qtbot)
        window.close()
    assert len(shown) == 1  # one message naming every file, the first time only
    assert "aldric.json" in shown[0]
    assert ("wolf.json" in shown[0]) == broken_json_too


def test_a_change_on_disk_before_the_check_still_reports(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from yags_desk.qt.common.settings import Settings
    from yags_desk.qt.shell.main_window import MainWindow

    _rewrite(library.characters_dir / "aldric.json", lambda d: d["data"].update(wounds=150))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _p, _t, text, *_a, **_k: shown.append(text))
    window = MainWindow(None, settings=Settings(),
                        open_library=lambda: Library.open(read_only_ok=True))
    qtbot.addWidget(window)
    assert window.finish_start() and window.library_dock.checking
    window._library_changed_outside()  # the watcher, before the check came
    qtbot.waitUntil(lambda: bool(shown), timeout=5_000)
    assert "aldric.json" in shown[0]


def test_a_window_that_cannot_be_built_says_so_instead_of_hanging(qtbot: Any) -> None:
    from yags_desk.qt.common.settings import Settings
    from yags_desk.qt.shell.main_window import MainWindow

    def broken() -> Library:
        raise RuntimeError("disk on fire")

    window = MainWindow(None, settings=Settings(), open_library=broken)
    qtbot.addWidget(window)
    failed: list[str] = []
    window.start_failed.connect(failed.append)
    assert window.finish_start() is False
    assert not window.is_ready()
    assert failed == [window.start_error] and "disk on fire" in failed[0]


@pytest.mark.parametrize("shown", [True, False])
def test_the_library_is_watched_once_its_rows_are_drawn_or_soon_when_hidden(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch, shown: bool) -> None:
    from PySide6.QtCore import QEvent, QObject

    from yags_desk.qt.common.settings import Settings
    from yags_desk.qt.library import dock
    from yags_desk.qt.shell.main_window import MainWindow

    if shown:  # only the rows' paint starts watching (not the timer for a hidden window)
        monkeypatch.setattr(dock, "CHECK_AFTER_MS", 600_000)

    window = MainWindow(None, settings=Settings(),
                        open_library=lambda: Library.open(read_only_ok=True))
    qtbot.addWidget(window)
    painted: list[bool] = []

    class Rows(QObject):  # the library's rows being painted
        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                painted.append(True)
            return False

    watched_after: list[bool] = []
    watch = window._watch_library

    def watch_and_tell() -> None:
        if window.library_watcher is None:
            watched_after.append(bool(painted))
        watch()

    window._watch_library = watch_and_tell  # type: ignore[method-assign]
    if shown:
        window.show()
        qtbot.waitExposed(window)
    rows = Rows()
    assert window.finish_start()
    window.library_dock.tree.viewport().installEventFilter(rows)
    assert window.library_watcher is None  # not while the rows are being listed
    qtbot.waitUntil(lambda: window.library_watcher is not None, timeout=5_000)
    # Shown: watching starts after the rows were first painted (not before, where it
    # would delay them); hidden: it starts all the same.
    assert watched_after == [shown]


_DATA = Path(__file__).resolve().parents[2] / "storage" / "data"


def test_files_of_an_earlier_release_are_listed_quickly_and_the_same(
        library: Library, reads: list[Path]) -> None:
    # A library written by an earlier release (version 1 healing records and
    # encounters) listed its rows only after reading those files in full, which
    # imported pydantic and the healing rules first: some 450 ms more at every start.
    import shutil

    for name in ("healing-v1-after-the-ford.json", "healing-v1-come-round.json"):
        shutil.copyfile(_DATA / name, library.healing_dir / name)

    def version_1(d: dict[str, Any]) -> None:
        d["schema_version"] = 1
        d["data"]["options"] = {"hit_locations": True, "oops": False}  # the old switches

    _rewrite(library.encounters_dir / "sparring.json", version_1)
    quick = scan(library, quick=True)
    assert reads == []
    full = scan(library)
    assert quick.entries == full.entries and quick.errors == full.errors == []
    labels = [e.label for e in quick.entries["healing"]]
    assert labels.count("After the ford: Aldric") == 2  # the sample's and the old copy
    assert "Sparring in the yard" in [e.label for e in quick.entries["encounters"]]


def test_a_file_newer_than_this_release_is_still_read_in_full_and_named(
        library: Library) -> None:
    _rewrite(library.healing_dir / "after-the-ford.json",
             lambda d: d.update(schema_version=99))
    quick, full = scan(library, quick=True), scan(library)
    assert quick.entries == full.entries and quick.errors == full.errors
    assert any(line.startswith("healing/after-the-ford.json: ") for line in quick.errors)
