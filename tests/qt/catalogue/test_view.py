"""The catalogue view: tables, filter, built-in protection, custom items, undo, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt

from yags_desk.qt.catalogue.view import CatalogueView
from yags_desk.qt.common.catalogue_model import (
    ITEM_MIME,
    KINDS,
    CatalogueTableModel,
    items_from_mime,
)
from yags_desk.qt.common.catalogue_store import CatalogueStore
from yags_desk.rules.items import Weapon
from yags_desk.storage.catalogues import load_catalogue, user_catalogue_path
from yags_desk.storage.library import Library


@pytest.fixture
def library() -> Library:
    return Library.open()


def make_view(qtbot, library: Library, edition: str = "classic") -> CatalogueView:
    store = CatalogueStore(edition, library.root)
    view = CatalogueView(store)
    qtbot.addWidget(view)
    view.resize(1200, 700)
    return view


def cell(view: CatalogueView, kind: str, name: str, header: str) -> str:
    model = view.models[kind]
    row = next(r for r in range(model.rowCount()) if model.item(r).name == name)
    col = next(i for i, c in enumerate(model.columns) if c.header == header)
    return str(model.index(row, col).data())


SPIKED_CLUB = Weapon(id="spiked-club", name="Spiked club", edition="classic", kind="melee",
                     init=3, attack=2, defence=2, damage=6, strength=11, load=2,
                     skill="single", notes="nails through a club")


@pytest.mark.parametrize("edition", ["classic", "0.8"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_catalogue_model_passes_the_model_tester(qtbot, qtmodeltester, library, edition,
                                                       kind):
    store = CatalogueStore(edition, library.root)
    view = CatalogueView(store)
    qtbot.addWidget(view)
    model = view.models[kind]
    assert model.rowCount() > 0
    qtmodeltester.check(model)
    qtmodeltester.check(view.proxies[kind])
    # Still consistent while custom items come and go (the testers stay attached).
    builtin_ids = ([i.id for i in store.catalogue.items if i.kind == kind] * 3)[:3]
    copies = view.copy_items(builtin_ids)
    view.delete_items([copies[1].id])
    view.set_filter_text(copies[0].name.split()[0])
    view.undo_stack.undo()
    view.undo_stack.undo()
    view.undo_stack.redo()
    assert isinstance(model, CatalogueTableModel)


def test_tables_show_the_rules_numbers(qtbot, library):
    view = make_view(qtbot, library)
    # RULES 1.3: Long sword +6 +5 +5 +9, Str 12, Tgh 40, Load 4, single.
    assert [cell(view, "melee", "Long sword", h) for h in
            ("Init", "Attk", "Defn", "Dmg", "Str", "Tgh", "Load", "Skill")] == \
        ["+6", "+5", "+5", "+9", "12", "40", "4", "single"]
    assert cell(view, "missile", "Bow", "Ranges") == "25/50/80/120"
    assert cell(view, "armour", "Chain mail", "Full prot") == "14"
    assert view.title() == "Catalogue (classic)"


def test_sorting_a_number_column_sorts_by_value(qtbot, library):
    view = make_view(qtbot, library)
    table = view.tables["melee"]
    init = next(i for i, c in enumerate(view.models["melee"].columns) if c.header == "Init")
    table.sortByColumn(init, Qt.SortOrder.DescendingOrder)
    # RULES 1.3: Long spear +15, Greatsword +12, then Quarterstaff and Spear +9.
    assert view.visible_names("melee")[:2] == ["Long spear", "Greatsword"]
    table.sortByColumn(init, Qt.SortOrder.AscendingOrder)
    assert view.visible_names("melee")[0] == "Fist/kick"


def test_typing_filters_rows_by_any_column(qtbot, library):
    view = make_view(qtbot, library)
    qtbot.keyClicks(view.filter_edit, "sword")
    assert sorted(view.visible_names("melee")) == ["Greatsword", "Long sword", "Short sword"]
    view.set_filter_text("two-handed heavy")  # properties column, every word must match
    assert sorted(view.visible_names("melee")) == ["Great axe", "Greatsword"]
    view.set_filter_text("brawling")  # skill column
    assert sorted(view.visible_names("melee")) == ["Dagger", "Fist/kick", "Knife"]
    assert view.tabs.tabText(0) == "Melee weapons (3 of 13)"
    view.set_filter_text("")
    assert len(view.visible_names("melee")) == 13


def test_keys_typed_in_a_table_go_to_the_filter(qtbot, library):
    view = make_view(qtbot, library)
    view.show()
    table = view.tables["melee"]
    table.setFocus()
    qtbot.keyClicks(table, "mace")
    assert view.filter_edit.text() == "mace"
    assert view.visible_names("melee") == ["Mace"]


def test_filter_matches_notes_of_custom_items(qtbot, library):
    view = make_view(qtbot, library)
    assert view.add_item(SPIKED_CLUB)
    view.set_filter_text("nails")
    assert view.visible_names("melee") == ["Spiked club"]


def test_builtin_rows_cannot_be_edited(qtbot, library):
    view = make_view(qtbot, library)
    model = view.models["melee"]
    row = model.row_of("long-sword")
    index = model.index(row, 1)
    assert not model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert model.index(row, 0).data(Qt.ItemDataRole.FontRole).italic()
    before = view.store.catalogue
    assert model.setData(index, "+20") is False
    assert view.store.catalogue is before
    assert view.edit_item_dialog("long-sword") is None
    assert "built-in" in view.message_bar.label.text()
    view.tables["melee"].doubleClicked.emit(view.proxies["melee"].mapFromSource(index))
    assert "Copy (Ctrl+D)" in view.message_bar.label.text()
    assert view.delete_items(["long-sword"]) is False
    assert view.store.catalogue is before
    assert view.undo_stack.count() == 0


def test_add_edit_in_place_and_undo(qtbot, library):
    view = make_view(qtbot, library)
    assert view.add_item(SPIKED_CLUB)
    assert view.is_modified()
    model = view.models["melee"]
    row = model.row_of("spiked-club")
    dmg = next(i for i, c in enumerate(model.columns) if c.header == "Dmg")
    assert model.flags(model.index(row, dmg)) & Qt.ItemFlag.ItemIsEditable
    with qtbot.waitSignal(model.dataChanged):
        assert model.setData(model.index(row, dmg), "+7")
    assert view.store.catalogue.get("spiked-club").damage == 7
    # A value the item model refuses changes nothing and says why.
    assert not model.setData(model.index(row, dmg), "+500")
    assert view.message_bar.label.text() == "Damage must be at most 100"
    assert view.store.catalogue.get("spiked-club").damage == 7
    view.undo_stack.undo()
    assert view.store.catalogue.get("spiked-club").damage == 6
    view.undo_stack.undo()
    assert "spiked-club" not in view.store.catalogue
    assert not view.is_modified()


def test_copy_builtin_then_edit_then_undo(qtbot, library):
    view = make_view(qtbot, library)
    view.select_items(["long-sword"])
    (copy,) = view.copy_selected()
    assert copy.id == "long-sword-copy" and copy.name == "Long sword (copy)"
    assert not view.store.catalogue.is_builtin(copy.id)
    assert [i.id for i in view.selected_items()] == ["long-sword-copy"]

    dialog = view.edit_item_dialog()
    assert dialog is not None
    dialog.widgets["attack"].setText("+7")
    dialog.widgets["name"].setText("Fine long sword")
    dialog.accept()
    edited = view.store.catalogue.get("long-sword-copy")
    assert (edited.name, edited.attack) == ("Fine long sword", 7)
    assert view.store.catalogue.get("long-sword").attack == 5  # the built-in is untouched

    view.undo_stack.undo()
    assert view.store.catalogue.get("long-sword-copy").attack == 5
    view.undo_stack.undo()
    assert "long-sword-copy" not in view.store.catalogue
    view.undo_stack.redo()
    assert view.store.catalogue.get("long-sword-copy").name == "Long sword (copy)"


def test_new_item_dialog_refuses_bad_values_at_the_field(qtbot, library):
    view = make_view(qtbot, library)
    view.set_current_kind("missile")
    dialog = view.new_item_dialog()
    qtbot.keyClicks(dialog.widgets["name"], "Heavy sling")
    assert "id" not in dialog.widgets  # made from the name, never typed
    assert dialog.item_id() == "heavy-sling"
    dialog.widgets["attack"].setText("lots")
    dialog.widgets["ranges"].setText("40/20/60/80")
    dialog.accept()
    assert dialog.problems()["attack"] == "Attack must be a whole number"
    assert dialog.result_item is None and dialog.isVisible()
    assert "heavy-sling" not in view.store.catalogue
    # The item-wide checks run once every field is readable.
    dialog.widgets["attack"].setText("+9")
    dialog.accept()
    assert list(dialog.problems()) == ["ranges"]
    assert dialog.problems()["ranges"].startswith("Ranges: the bands must not decrease")
    assert dialog.result_item is None

    dialog.widgets["ranges"].setText("20/40/60/80")
    dialog.widgets["damage"].setText("8")
    dialog.accept()
    assert dialog.problems() == {}
    item = view.store.catalogue.get("heavy-sling")
    assert (item.kind, item.attack, item.damage, item.ranges) == ("missile", 9, 8,
                                                                  (20, 40, 60, 80))


def test_delete_custom_items_and_undo(qtbot, library):
    view = make_view(qtbot, library)
    view.add_item(SPIKED_CLUB)
    view.select_items(["spiked-club"])
    assert view.delete_action.isEnabled()
    assert view.delete_selected()
    assert "spiked-club" not in view.store.catalogue
    view.undo_stack.undo()
    assert "spiked-club" in view.store.catalogue


def test_save_writes_custom_items_and_a_new_store_reads_them(qtbot, library):
    view = make_view(qtbot, library)
    view.add_item(SPIKED_CLUB)
    assert view.save()
    assert not view.is_modified()
    assert load_catalogue("classic", library.root).get("spiked-club") == SPIKED_CLUB
    assert CatalogueStore("classic", library.root).catalogue.get("spiked-club") == SPIKED_CLUB


def test_import_of_a_bad_csv_changes_nothing_and_says_why(qtbot, library, tmp_path: Path):
    view = make_view(qtbot, library)
    bad = tmp_path / "bad.csv"
    bad.write_text("name,kind,skill,attack\n"
                   "Cudgel,melee,single,3\n"
                   "Pike,melee,single,lots\n", encoding="utf-8")
    before = view.store.catalogue
    assert view.import_file(bad) is False
    assert view.store.catalogue is before
    assert view.undo_stack.count() == 0
    text = view.message_bar.label.text()
    assert "Nothing was imported" in text
    assert text.endswith("bad.csv: Row 3: Attack must be a whole number")


@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_import_then_export_round_trip(qtbot, library, tmp_path: Path, suffix: str):
    view = make_view(qtbot, library)
    good = tmp_path / "good.csv"
    good.write_text("name,kind,skill,init,attack,defence,damage,strength,load\n"
                    "Cudgel,melee,single,2,2,2,5,10,2\n", encoding="utf-8")
    assert view.import_file(good)
    cudgel = view.store.catalogue.get("cudgel")
    assert (cudgel.damage, cudgel.builtin) == (5, False)
    view.undo_stack.undo()
    assert "cudgel" not in view.store.catalogue
    view.undo_stack.redo()

    out = tmp_path / f"all{suffix}"
    assert view.export_file(out, view.store.catalogue.items)
    # Reading back an export of everything: built-ins are recognised, the custom
    # item is replaced by itself, nothing is duplicated.
    count = len(view.store.catalogue)
    assert view.import_file(out)
    assert len(view.store.catalogue) == count


def test_export_of_one_item_says_one_item(qtbot, library, tmp_path: Path):
    view = make_view(qtbot, library)
    said: list[str] = []
    view.status_message.connect(lambda text, _ms: said.append(text))
    out = tmp_path / "one.json"
    assert view.export_file(out, view.store.catalogue.items[:1])
    assert said == [f"Exported 1 item to {out}"]


def test_import_refuses_an_item_that_reuses_a_builtin_id(qtbot, library, tmp_path: Path):
    view = make_view(qtbot, library)
    f = tmp_path / "clash.csv"
    f.write_text("id,name,kind,skill,attack\naxe,Better axe,melee,single,9\n", encoding="utf-8")
    before = view.store.catalogue
    assert not view.import_file(f)
    assert view.store.catalogue is before
    assert "clash.csv: id: 'axe'" in view.message_bar.label.text()


def test_drag_carries_the_item_as_json(qtbot, library):
    view = make_view(qtbot, library, "0.8")
    model = view.models["melee"]
    row = model.row_of("bill")
    mime = model.mimeData([model.index(row, 0), model.index(row, 3)])
    assert json.loads(bytes(mime.data(ITEM_MIME).data()))["id"] == "bill"
    assert items_from_mime(mime) == ("0.8", ["bill"])


def test_a_corrupt_custom_file_opens_builtins_with_a_message(qtbot, library):
    path = user_catalogue_path("classic", library.root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    view = make_view(qtbot, library)
    assert view.store.load_error is not None
    assert "custom-classic.json:" in view.message_bar.label.text()
    assert len(view.visible_names("melee")) == 13
    view.add_item(SPIKED_CLUB)
    assert view.save() is False  # the unreadable file is not overwritten
    assert path.read_text(encoding="utf-8") == "{not json"
    assert view.is_modified()


def test_autosave_writes_a_recovery_copy_and_save_discards_it(qtbot, library):
    view = make_view(qtbot, library)
    view.add_item(SPIKED_CLUB)
    view.autosave()
    (recovery,) = library.pending_recoveries()
    # After a crash: a fresh view over the saved file restores the copy, undoably.
    fresh = make_view(qtbot, library)
    assert "spiked-club" not in fresh.store.catalogue
    assert fresh.restore_recovery(recovery)
    assert fresh.store.catalogue.get("spiked-club") == SPIKED_CLUB and fresh.is_modified()
    fresh.undo_stack.undo()
    assert "spiked-club" not in fresh.store.catalogue
    view.save()
    assert library.pending_recoveries() == []


def test_restoring_another_editions_copy_is_refused(qtbot, library):
    view = make_view(qtbot, library)
    view.add_item(SPIKED_CLUB)
    view.autosave()
    (recovery,) = library.pending_recoveries()
    other = make_view(qtbot, library, "0.8")
    before = other.store.catalogue
    assert not other.restore_recovery(recovery)
    assert other.store.catalogue is before
    assert "Edition: the copy holds classic items" in other.message_bar.label.text()


def test_title_signal_follows_the_undo_stack_and_closing_raises_nothing(qtbot, library):
    store = CatalogueStore("classic", library.root)
    view = CatalogueView(store)
    with qtbot.waitSignal(view.title_changed) as blocker:
        view.add_item(SPIKED_CLUB)
    assert blocker.args == ["Catalogue (classic)"] and view.is_modified()
    # Destroying a view with unsaved changes clears its undo stack; nothing may fail.
    view.deleteLater()
    qtbot.waitUntil(lambda: not shiboken6.isValid(view))


def test_v08_armour_through_the_dialog(qtbot, library):
    view = make_view(qtbot, library, "0.8")
    view.set_current_kind("armour")
    dialog = view.new_item_dialog()
    assert "half_protection" not in dialog.widgets  # 0.8 armour has one rating
    qtbot.keyClicks(dialog.widgets["name"], "Scale coat")
    dialog.widgets["protection"].setText("5")
    dialog.widgets["load"].setText("4.5")
    dialog.widgets["covers"].setText("torso, arms")
    dialog.accept()
    coat = view.store.catalogue.get("scale-coat")
    assert (coat.protection, coat.load, coat.covers) == (5, 4.5, ("torso", "arms"))
    assert view.visible_names("armour")[-1] == "Scale coat"

    edit = view.edit_item_dialog("scale-coat")
    assert edit is not None and "id" not in edit.widgets and edit.item_id() == "scale-coat"
    edit.widgets["protection"].setText("6")
    edit.accept()
    assert view.store.catalogue.get("scale-coat").protection == 6
    view.undo_stack.undo()
    assert view.store.catalogue.get("scale-coat").protection == 5
