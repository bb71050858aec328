"""Messages in a GM's words, not a developer's (issue 12, item 10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFormLayout, QLabel

from yags_desk.qt.catalogue.item_dialog import ItemDialog
from yags_desk.qt.library.model import scan
from yags_desk.rules.catalogue import Catalogue
from yags_desk.storage.catalogues import load_builtin_catalogue
from yags_desk.storage.library import Library
from yags_desk.storage.wording import gm_line


@pytest.mark.parametrize(("line", "words"), [
    ("init: Input should be a valid integer, unable to parse string as an integer",
     "Initiative must be a whole number"),
    ("data.attributes.strength: Input should be a valid integer",
     "Strength must be a whole number"),
    ("data.weapons.0.attack: Input should be less than or equal to 100",
     "Weapon 1: Attack must be at most 100"),
    ("data.wounds: Input should be greater than or equal to 0", "Wounds must be at least 0"),
    ("load: Input should be a valid number, unable to parse string as a number",
     "Load must be a number"),
    ("name: String should have at least 1 character", "Name must not be empty"),
    ("data.edition: Input should be 'classic' or '0.8'", "Edition must be 'classic' or '0.8'"),
    ("ranges.3: Field required", "Range band 4 is missing"),
    ("skills.Brawling.value: Input should be greater than or equal to 0",
     "Brawling (skill) must be at least 0"),
    ("row 3, attack: Input should be a valid integer, unable to parse string as an integer",
     "Row 3: Attack must be a whole number"),
    ("not valid JSON: Expecting value (line 1, column 2)",
     "Not valid JSON: Expecting value (line 1, column 2)"),
])
def test_lines_in_gm_words(line: str, words: str) -> None:
    assert gm_line(line) == words


def classic_catalogue() -> Catalogue:
    return Catalogue("classic", load_builtin_catalogue("classic"))


def form_labels(dialog: ItemDialog) -> list[str]:
    form = dialog.findChild(QFormLayout)
    assert form is not None
    labels = []
    for row in range(form.rowCount()):
        item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        if item is not None and isinstance(item.widget(), QLabel):
            labels.append(item.widget().text())
    return labels


def test_weapon_dialog_says_initiative_must_be_a_whole_number(qtbot: Any) -> None:
    dialog = ItemDialog(classic_catalogue(), "melee")
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.widgets["name"], "Cudgel")
    dialog.widgets["init"].setText("fast")
    dialog.accept()
    assert dialog.problems() == {"init": "Initiative must be a whole number"}
    assert dialog.result_item is None


def test_weapon_dialog_shows_no_id_and_makes_it_from_the_name(qtbot: Any) -> None:
    catalogue = classic_catalogue()
    dialog = ItemDialog(catalogue, "melee")
    qtbot.addWidget(dialog)
    assert form_labels(dialog)[:2] == ["Name", "Init"]
    assert "Id" not in form_labels(dialog) and "id" not in dialog.widgets
    qtbot.keyClicks(dialog.widgets["name"], "Long sword")  # a built-in has that id
    dialog.accept()
    assert dialog.result_item is not None
    assert dialog.result_item.id == "long-sword-2"
    assert dialog.result_item.name == "Long sword"


def test_unknown_weapon_property_is_flagged_then_kept_on_a_second_ok(qtbot: Any) -> None:
    dialog = ItemDialog(classic_catalogue(), "melee")
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.widgets["name"], "Greatclub")
    dialog.widgets["properties"].setText("heavy, two handed")
    dialog.accept()
    assert dialog.problems() == {"properties": (
        "Unknown property “two handed”: the rules will not act on it. Known properties: "
        "firearm, heavy, light, natural, reload, throwable, two-handed. Press OK again to "
        "keep it.")}
    assert dialog.result_item is None
    dialog.accept()
    assert dialog.result_item is not None
    assert dialog.result_item.properties == ("heavy", "two handed")


def test_known_properties_pass_without_a_word(qtbot: Any) -> None:
    dialog = ItemDialog(classic_catalogue(), "melee")
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.widgets["name"], "Maul")
    dialog.widgets["properties"].setText("heavy, two-handed")
    dialog.accept()
    assert dialog.problems() == {}
    assert dialog.result_item is not None


def test_files_that_could_not_be_read_are_listed_in_gm_words(home: Path) -> None:
    library = Library.open(home)
    good = json.loads((library.characters_dir / "aldric.json").read_text(encoding="utf-8"))
    good["data"]["attributes"]["strength"] = "lots"
    good["data"]["weapons"][0]["init"] = "fast"
    (library.characters_dir / "broken.json").write_text(json.dumps(good), encoding="utf-8")
    errors = scan(library).errors
    assert errors == ["characters/broken.json: Strength must be a whole number",
                      "characters/broken.json: Weapon 1: Initiative must be a whole number"]
