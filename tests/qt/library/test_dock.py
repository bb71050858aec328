"""The library dock: what a GM sees in it, searching, filtering, dragging and file operations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QMessageBox

from yags_desk.qt.library.dock import LibraryDock
from yags_desk.qt.library.model import (
    CHARACTER_MIME,
    LibraryFilterProxy,
    LibraryModel,
    LibraryRole,
    scan,
)
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


@pytest.fixture
def dock(qtbot: Any, library: Library) -> LibraryDock:
    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    dock.refresh()
    return dock


def group_labels(model: LibraryModel, parent: QModelIndex | None = None) -> list[str]:
    parent = parent if parent is not None else QModelIndex()
    return [model.index(r, 0, parent).data() for r in range(model.rowCount(parent))]


def children(model: LibraryModel, key: str) -> list[str]:
    parent = model.index_of(key)
    return [model.index(r, 0, parent).data() for r in range(model.rowCount(parent))]


def test_model_passes_qtmodeltester_empty_and_full(qtmodeltester: Any, library: Library) -> None:
    model = LibraryModel()
    qtmodeltester.check(model)
    model.update(scan(library))
    qtmodeltester.check(model)
    proxy = LibraryFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_text("a")
    qtmodeltester.check(proxy)


def test_model_answers_its_roles_and_none_else_on_every_row(dock: LibraryDock) -> None:
    """The model's quicker role dispatch (issue 18): every role of every cell."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFont, QIcon

    model = dock.model
    todo, seen = [QModelIndex()], 0
    answered = {int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.ToolTipRole),
                int(Qt.ItemDataRole.DecorationRole), int(Qt.ItemDataRole.FontRole),
                *map(int, LibraryRole)}
    while todo:
        parent = todo.pop()
        # Out of range (rows, columns, or under a details cell): no index.
        for row, column in ((-1, 0), (model.rowCount(parent), 0), (0, -1), (0, 2)):
            assert not model.index(row, column, parent).isValid()
        for row in range(model.rowCount(parent)):
            name, details = model.index(row, 0, parent), model.index(row, 1, parent)
            assert model.rowCount(details) == 0
            assert not model.index(0, 0, details).isValid()
            entry = model.entry(name)
            assert entry is not None and model.entry(details) is entry
            seen += 1
            for role in (*range(0, 64), *range(250, 400)):
                if role not in answered:
                    assert model.data(name, role) is None
                    assert model.data(details, role) is None
            assert name.data(LibraryRole.Kind) == entry.kind
            assert name.data(LibraryRole.Path) == (str(entry.path) if entry.path else "")
            assert name.data(LibraryRole.Edition) == entry.edition
            assert name.data(LibraryRole.CharacterKind) == entry.character_kind
            assert details.data(LibraryRole.Key) == entry.key
            assert name.data(Qt.ItemDataRole.ToolTipRole) == (entry.tooltip or None)
            assert details.data() == (entry.listed or entry.detail)
            is_group = entry.kind == "group"
            assert name.data().startswith(f"{entry.label} (") if is_group else (
                name.data() == entry.label)
            for cell in (name, details):  # a group's row is bold, both cells
                font = cell.data(Qt.ItemDataRole.FontRole)
                assert (isinstance(font, QFont) and font.bold()) if is_group else font is None
            decoration = name.data(Qt.ItemDataRole.DecorationRole)
            assert isinstance(decoration, QIcon) if entry.icon else decoration is None
            assert details.data(Qt.ItemDataRole.DecorationRole) is None
            todo.append(name)
    assert seen > 25  # groups and the sample library's documents


def test_sample_library_groups_and_counts(dock: LibraryDock) -> None:
    model = dock.model
    assert group_labels(model) == ["Characters (17)", "Encounters (2)", "Battles (3)",
                                   "Healing records (1)", "Catalogues (2)"]
    assert children(model, "group:encounters") == ["Ambush at the ford",
                                                    "Sparring in the yard"]
    assert group_labels(model, model.index_of("group:characters")) == [
        "Player characters (6)", "NPCs (11)", "Templates (0)"]
    assert children(model, "group:pc") == [  # sorted by name
        "Aldric of Thornbury", "Brenna Ash", "Kestrel", "Mira Swiftwater", "Sister Elin",
        "Torvald Ironhand"]
    assert {"Wolf", "Wolf (0.8)", "Bandit (0.8)", "Town guard (0.8)", "Archer (0.8)"} <= set(
        children(model, "group:npc"))
    assert children(model, "group:catalogues") == ["Classic catalogue", "0.8 catalogue"]


def test_empty_root_lists_only_groups(qtbot: Any, tmp_path: Path) -> None:
    dock = LibraryDock(Library(tmp_path / "nothing-here"))
    qtbot.addWidget(dock)
    result = dock.refresh()
    assert result.errors == []
    assert group_labels(dock.model)[0] == "Characters (0)"
    assert dock.visible_labels() == ["Classic catalogue", "0.8 catalogue"]


def test_search_filters_and_keeps_groups_of_matches(dock: LibraryDock) -> None:
    dock.set_filter("wolf")
    assert dock.visible_labels() == ["Wolf", "Wolf (0.8)"]
    dock.set_filter("WOLF")  # case does not matter
    assert dock.visible_labels() == ["Wolf", "Wolf (0.8)"]
    # The match is reachable through its groups: Characters > NPCs > Wolf.
    top = dock.proxy.index(0, 0)
    assert top.data().startswith("Characters")
    npcs = dock.proxy.index(0, 0, top)
    assert npcs.data().startswith("NPCs") and dock.proxy.index(0, 0, npcs).data() == "Wolf"
    dock.set_filter("no such name")
    assert dock.visible_labels() == [] and dock.proxy.rowCount() == 0
    dock.set_filter("")
    # characters, encounters, battles, the healing record, catalogues
    assert len(dock.visible_labels()) == 17 + 2 + 3 + 1 + 2


def test_group_counts_follow_the_filter(dock: LibraryDock) -> None:
    dock.set_filter("wolf")
    top = dock.proxy.index(0, 0)
    assert top.data() == "Characters (2 of 17)"
    assert dock.proxy.index(0, 0, top).data() == "NPCs (2 of 11)"
    dock.set_filter(category="0.8")
    labels = [dock.proxy.index(r, 0).data() for r in range(dock.proxy.rowCount())]
    assert labels == ["Characters (7 of 17)", "Encounters (1 of 2)", "Catalogues (1 of 2)"]
    dock.set_filter()
    assert dock.proxy.index(0, 0).data() == "Characters (17)"  # no filter: the plain count


def test_filter_by_kind_and_edition(dock: LibraryDock) -> None:
    dock.set_filter(category="npc")
    assert "Wolf" in dock.visible_labels() and "Aldric of Thornbury" not in dock.visible_labels()
    assert len(dock.visible_labels()) == 11
    dock.set_filter(category="0.8")
    shown = dock.visible_labels()
    assert "0.8 catalogue" in shown and "Classic catalogue" not in shown
    assert shown == ["Brenna Ash", "Kestrel", "Archer (0.8)", "Bandit (0.8)",
                     "Bandit chief (0.8)", "Town guard (0.8)", "Wolf (0.8)",
                     "Sparring in the yard", "0.8 catalogue"]
    dock.set_filter(category="battle")
    assert len(dock.visible_labels()) == 3
    with pytest.raises(ValueError, match="category"):
        dock.set_filter(category="dragons")


def test_corrupt_file_reported_once_and_the_rest_listed(qtbot: Any, library: Library) -> None:
    victim = library.characters_dir / "wolf.json"
    victim.write_text("{ not json", "utf-8")
    dock = LibraryDock(library)
    qtbot.addWidget(dock)
    reports: list[list[str]] = []
    dock.problems_found.connect(reports.append)
    dock.refresh()
    assert len(reports) == 1 and reports[0][0].startswith("characters/wolf.json: ")
    assert "Wolf" not in dock.visible_labels() and "Aldric of Thornbury" in dock.visible_labels()
    assert "1 file could not be read" in dock.problems.text()
    dock.refresh()  # the same problem is not reported a second time
    assert len(reports) == 1
    assert victim.read_text("utf-8") == "{ not json"  # never touched


def test_drag_carries_the_character_path(dock: LibraryDock) -> None:
    index = dock.model.index_of(str(dock.library.characters_dir / "wolf.json"))
    assert index.isValid() and index.data(LibraryRole.Kind) == "character"
    mime = dock.model.mimeData([index])
    assert mime.hasFormat(CHARACTER_MIME)
    path = Path(bytes(mime.data(CHARACTER_MIME).data()).decode("utf-8"))
    assert path == dock.library.characters_dir / "wolf.json"
    catalogue = dock.model.index_of("catalogue:classic")
    assert not dock.model.mimeData([catalogue]).hasFormat(CHARACTER_MIME)


def test_refresh_after_a_save_updates_rows_without_reset(dock: LibraryDock) -> None:
    resets: list[int] = []
    inserted: list[int] = []
    dock.model.modelReset.connect(lambda: resets.append(1))
    dock.model.rowsInserted.connect(lambda *_: inserted.append(1))
    wolf = dock._read_character(dock.model.entry(dock.model.index_of(
        str(dock.library.characters_dir / "wolf.json"))))
    assert wolf is not None
    renamed = wolf.model_copy(update={"name": "Dire wolf"})
    dock.library.save_character(renamed, dock.library.characters_dir / "wolf.json")
    dock.refresh()
    assert "Dire wolf" in dock.visible_labels() and "Wolf" not in dock.visible_labels()
    assert resets == [] and inserted == []


def test_refresh_keeps_folded_groups_folded(dock: LibraryDock) -> None:
    npcs = dock.proxy.mapFromSource(dock.model.index_of("group:npc"))
    pcs = dock.proxy.mapFromSource(dock.model.index_of("group:pc"))
    assert dock.tree.isExpanded(npcs)
    dock.tree.collapse(npcs)
    dock.refresh()
    assert not dock.tree.isExpanded(npcs) and dock.tree.isExpanded(pcs)


def test_duplicate_and_template_are_saved_and_selected(dock: LibraryDock) -> None:
    entry = dock.model.entry(dock.model.index_of(str(dock.library.characters_dir / "wolf.json")))
    assert entry is not None
    copy = dock.duplicate(entry)
    assert copy is not None and copy.exists()
    assert "Wolf (copy)" in children(dock.model, "group:npc")
    assert dock.current_entry() is not None and dock.current_entry().label == "Wolf (copy)"
    template = dock.make_template(entry)
    assert template is not None
    assert children(dock.model, "group:template") == ["Wolf"]
    shown = dock.tree.currentIndex()  # the new template is current and visible
    assert shown.data() == "Wolf" and dock.tree.isExpanded(shown.parent())


def test_delete_asks_and_moves_to_trash(dock: LibraryDock,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = dock.library.characters_dir / "wolf.json"
    entry = dock.model.entry(dock.model.index_of(str(path)))
    assert entry is not None
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: answers.pop(0))
    assert dock.delete(entry) is None and path.exists()  # cancelled: nothing moves
    target = dock.delete(entry)
    assert target is not None and target.parent == dock.library.trash_dir and target.exists()
    assert not path.exists() and "Wolf" not in dock.visible_labels()


def test_before_delete_hook_can_cancel(dock: LibraryDock, monkeypatch: pytest.MonkeyPatch) -> None:
    path = dock.library.characters_dir / "wolf.json"
    entry = dock.model.entry(dock.model.index_of(str(path)))
    assert entry is not None
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    asked: list[Path] = []
    dock.before_delete = lambda p: asked.append(p) or False
    assert dock.delete(entry) is None and path.exists() and asked == [path]


def test_enter_and_double_click_request_open(qtbot: Any, dock: LibraryDock) -> None:
    from PySide6.QtCore import Qt

    opened: list[Any] = []
    dock.open_requested.connect(opened.append)
    assert dock.select(str(dock.library.characters_dir / "wolf.json"))
    qtbot.keyClick(dock.tree, Qt.Key.Key_Return)
    assert [e.label for e in opened] == ["Wolf"]
    dock.tree.doubleClicked.emit(dock.tree.currentIndex())
    assert len(opened) == 2
