"""The built-in catalogues in resources/catalogues/ against RULES 1.3 and the 0.8 lists."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from yags_desk.rules.catalogue import Catalogue, catalogue_from_document
from yags_desk.rules.items import FISTS_CLASSIC, Armour, Weapon

CATALOGUES = Path(__file__).parents[2] / "resources" / "catalogues"


def _load(name: str) -> dict[str, Any]:
    with (CATALOGUES / name).open(encoding="utf-8") as f:
        doc: dict[str, Any] = json.load(f)
    return doc


@pytest.fixture(scope="module")
def classic() -> Catalogue:
    edition, items = catalogue_from_document(_load("classic.json"))
    assert edition == "classic"
    return Catalogue(edition, items)


@pytest.fixture(scope="module")
def v08() -> Catalogue:
    edition, items = catalogue_from_document(_load("0.8.json"))
    assert edition == "0.8"
    return Catalogue(edition, items)


# ---------------------------------------------------------------- classic, RULES 1.3

# id, name, init, attk, defn, dmg, str, tgh, load, skill, properties, kind
CLASSIC_MELEE = [
    ("axe", "Axe", 6, 4, 3, 9, 12, 35, 3, "single", {"heavy"}, "melee"),
    ("club", "Club", 3, 2, 3, 4, 10, 25, 2, "single", {"light"}, "melee"),
    ("dagger", "Dagger", 4, 2, 3, 3, 6, 30, 1, "brawling", {"light"}, "melee"),
    ("fist-kick", "Fist/kick", 0, 0, 0, 0, None, None, 0, "brawling", {"light"}, "melee"),
    ("great-axe", "Great axe", 8, 7, 4, 14, 24, 40, 6, "great", {"two-handed", "heavy"},
     "melee"),
    ("greatsword", "Greatsword", 12, 8, 6, 12, 24, 45, 7, "great", {"two-handed", "heavy"},
     "melee"),
    ("knife", "Knife", 2, 1, 2, 2, 4, 30, 0, "brawling", {"light"}, "melee"),
    ("long-spear", "Long spear", 15, 4, 4, 10, 18, 25, 3, "great", {"two-handed"}, "melee"),
    ("long-sword", "Long sword", 6, 5, 5, 9, 12, 40, 4, "single", set(), "melee"),
    ("mace", "Mace", 5, 3, 3, 8, 12, 40, 3, "single", set(), "melee"),
    ("quarterstaff", "Quarterstaff", 9, 5, 9, 6, 18, 30, 2, "great", {"two-handed"}, "melee"),
    ("round-shield", "Round shield", 0, 2, 7, 0, 9, 30, 3, "shield", set(), "shield"),
    ("short-sword", "Short sword", 7, 4, 3, 7, 9, 40, 2, "single", set(), "melee"),
    ("spear", "Spear", 9, 3, 2, 7, 9, 25, 2, "single", set(), "melee"),
]

# id, name, init, attk, dmg, str, tgh, load, skill, ranges, properties
CLASSIC_MISSILE = [
    ("axe-thrown", "Axe (thrown)", 3, 3, 9, 12, 35, 3, "throw", (10, 20, 30, 50), set()),
    ("bow", "Bow", 3, 12, 10, 10, 15, 2, "bow", (25, 50, 80, 120), set()),
    ("dagger-thrown", "Dagger (thrown)", 2, 3, 3, 6, 30, 1, "throw", (10, 20, 30, 50), set()),
    ("knife-thrown", "Knife (thrown)", 2, 3, 2, None, 30, 0, "throw", (5, 15, 25, 40), set()),
    ("sling", "Sling", 1, 8, 7, 7, 20, 0, "throw", (20, 40, 60, 80), {"light"}),
    ("spear-thrown", "Spear (thrown)", 7, 5, 9, 12, 25, 2, "throw", (15, 25, 35, 50), set()),
]

# id, name, half prot, half load, full prot, full load
CLASSIC_ARMOUR = [
    ("quilted-fur", "Quilted/Fur", 3, 1, 5, 2),
    ("heavy-leather", "Heavy leather", 4, 2, 6, 4),
    ("leather-metal", "Leather + metal", 6, 3, 9, 6),
    ("chain-mail", "Chain mail", 9, 4, 14, 8),
    ("ring-mail", "Ring mail", 8, 5, 13, 10),
]


@pytest.mark.parametrize("row", CLASSIC_MELEE, ids=[r[0] for r in CLASSIC_MELEE])
def test_classic_melee_row(classic: Catalogue, row: tuple[Any, ...]) -> None:
    item_id, name, init, attk, defn, dmg, strength, tgh, load, skill, props, kind = row
    item = classic.get(item_id)
    assert isinstance(item, Weapon)
    assert (item.name, item.kind, item.skill) == (name, kind, skill)
    assert (item.init, item.attack, item.defence, item.damage) == (init, attk, defn, dmg)
    assert (item.strength, item.toughness, item.load) == (strength, tgh, load)
    assert set(item.properties) == props
    assert item.ranges is None
    assert item.builtin and item.edition == "classic"
    assert item.source == "YAGS classic rules, (c) Samuel Penn"


@pytest.mark.parametrize("row", CLASSIC_MISSILE, ids=[r[0] for r in CLASSIC_MISSILE])
def test_classic_missile_row(classic: Catalogue, row: tuple[Any, ...]) -> None:
    item_id, name, init, attk, dmg, strength, tgh, load, skill, ranges, props = row
    item = classic.get(item_id)
    assert isinstance(item, Weapon)
    assert (item.name, item.kind, item.skill) == (name, "missile", skill)
    assert (item.init, item.attack, item.damage) == (init, attk, dmg)
    assert (item.strength, item.toughness, item.load) == (strength, tgh, load)
    assert item.ranges == ranges
    assert set(item.properties) == props
    assert item.builtin and item.edition == "classic"


@pytest.mark.parametrize("row", CLASSIC_ARMOUR, ids=[r[0] for r in CLASSIC_ARMOUR])
def test_classic_armour_row(classic: Catalogue, row: tuple[Any, ...]) -> None:
    item_id, name, half_prot, half_load, full_prot, full_load = row
    item = classic.get(item_id)
    assert isinstance(item, Armour)
    assert item.name == name
    assert (item.half_protection, item.half_load) == (half_prot, half_load)
    assert (item.full_protection, item.full_load) == (full_prot, full_load)
    assert item.rating("half") == (half_prot, half_load)
    assert item.rating("full") == (full_prot, full_load)


def test_classic_counts(classic: Catalogue) -> None:
    assert len(classic.melee()) + len(classic.shields()) == 14
    assert len(classic.shields()) == 1
    assert len(classic.missile()) == 6
    assert len(classic.armour()) == 5
    assert len(classic.items) == 25
    assert {i.id for i in classic.items} == {
        r[0] for r in (*CLASSIC_MELEE, *CLASSIC_MISSILE, *CLASSIC_ARMOUR)
    }


def test_classic_fist_matches_the_rules_core(classic: Catalogue) -> None:
    fist = classic.get("fist-kick")
    # Only the source line differs: the file credits the classic rules.
    assert fist.model_dump(exclude={"source"}) == FISTS_CLASSIC.model_dump(exclude={"source"})


# ------------------------------------------------------------------------ 0.8 lists


def _weapon(cat: Catalogue, item_id: str) -> Weapon:
    item = cat.get(item_id)
    assert isinstance(item, Weapon)
    return item


def test_v08_counts(v08: Catalogue) -> None:
    assert len(v08.weapons()) == 29
    assert len(v08.armour()) == 9
    assert len(v08.shields()) == 3
    assert len(v08.missile()) == 8


def test_v08_broad_sword(v08: Catalogue) -> None:
    w = _weapon(v08, "broad-sword")
    assert (w.name, w.kind, w.classes) == ("Broad sword", "melee", ("single",))
    assert (w.attack, w.defence, w.damage) == (5, 3, 12)
    assert (w.strength, w.load, w.reach) == (3, 1, 2)
    assert w.damage_type == "wounds"
    assert w.source == "YAGS 0.8 fantasy equipment lists, (c) Samuel Penn"
    assert w.builtin


def test_v08_great_sword_is_two_handed_and_heavy(v08: Catalogue) -> None:
    w = _weapon(v08, "great-sword")
    assert w.two_handed and w.has("heavy")
    assert "twohanded" not in w.properties
    assert (w.attack, w.defence, w.damage, w.strength, w.load, w.reach) == (8, 4, 16, 6, 3, 3)


def test_v08_long_bow(v08: Catalogue) -> None:
    w = _weapon(v08, "long-bow")
    assert w.kind == "missile" and w.classes == ("bow",)
    assert (w.attack, w.damage) == (2, 12)
    # short, medium, long from the source; extreme = long (no band beyond long in 0.8).
    assert w.ranges == (60, 120, 240, 240)


def test_v08_round_shield(v08: Catalogue) -> None:
    w = _weapon(v08, "round-shield")
    assert w.kind == "shield"
    assert (w.attack, w.defence, w.damage, w.bash, w.load) == (2, 5, 0, 5, 1.5)


def test_v08_unsigned_damage_is_positive(v08: Catalogue) -> None:
    assert _weapon(v08, "light-crossbow").damage == 10
    assert _weapon(v08, "heavy-crossbow").damage == 15


def test_v08_fractional_load_and_empty_reach(v08: Catalogue) -> None:
    assert _weapon(v08, "dagger").load == 0.5
    assert _weapon(v08, "knife").load == 0.25
    assert _weapon(v08, "battle-axe").reach is None


def test_v08_dual_use_spears_are_melee_with_ranges(v08: Catalogue) -> None:
    hunting = _weapon(v08, "hunting-spear")
    war = _weapon(v08, "war-spear")
    assert hunting.kind == war.kind == "melee"
    assert hunting.ranges == (10, 30, 50, 50)
    assert war.ranges == (10, 20, 30, 30)
    hand_axe = _weapon(v08, "hand-axe")
    assert hand_axe.kind == "melee" and hand_axe.has("throwable") and hand_axe.ranges is None


def test_v08_classes_are_deduplicated_in_order(v08: Catalogue) -> None:
    assert _weapon(v08, "club").classes == ("brawl", "single")
    assert _weapon(v08, "quarterstaff").classes == ("longshaft", "great")


def test_v08_damage_types(v08: Catalogue) -> None:
    for brawl_item in ("dagger", "knife", "club", "great-club"):
        assert _weapon(v08, brawl_item).damage_type == "mixed", brawl_item
    # The source marks the quarterstaff's damage as mixed itself.
    assert _weapon(v08, "quarterstaff").damage_type == "mixed"
    assert _weapon(v08, "broad-sword").damage_type == "wounds"
    assert _weapon(v08, "long-bow").damage_type == "wounds"


def test_v08_mail_hauberk(v08: Catalogue) -> None:
    a = v08.get("mail-hauberk")
    assert isinstance(a, Armour)
    assert (a.protection, a.load) == (6, 7)
    assert a.covers == ("torso", "arms", "groin", "thighs")
    assert "heavy" in a.properties and "mail" in a.properties


# ------------------------------------------------------------------ both documents


@pytest.mark.parametrize("filename", ["classic.json", "0.8.json"])
def test_document_envelope_and_credit(filename: str) -> None:
    doc = _load(filename)
    assert doc["schema_version"] == 1
    assert doc["kind"] == "catalogue"
    credit = doc["data"]["credit"]
    assert "YAGS" in credit and "Samuel Penn" in credit
    if filename == "0.8.json":
        assert "Copyright 2005-2020, Samuel Penn" in credit
        assert "attribution" in credit


@pytest.mark.parametrize("filename", ["classic.json", "0.8.json"])
def test_no_description_text(filename: str) -> None:
    for item in _load(filename)["data"]["items"]:
        assert "description" not in item and "short" not in item
        for key, value in item.items():
            if isinstance(value, str):
                assert len(value) <= 200, (item["id"], key)


@pytest.mark.parametrize("filename", ["classic.json", "0.8.json"])
def test_items_are_builtin_and_ids_unique(filename: str) -> None:
    items = _load(filename)["data"]["items"]
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    assert all(i["builtin"] is True for i in items)


@pytest.mark.parametrize("filename", ["classic.json", "0.8.json"])
def test_file_is_pretty_printed_utf8(filename: str) -> None:
    raw = (CATALOGUES / filename).read_bytes()
    text = raw.decode("utf-8")
    assert text.endswith("\n")
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


def _generator() -> Any:
    import importlib.util

    script = Path(__file__).parents[2] / "packaging" / "import_equipment.py"
    spec = importlib.util.spec_from_file_location("import_equipment", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_classic_json_is_the_generator_output() -> None:
    gen = _generator()
    expected = gen.render(gen.build_classic())
    assert (CATALOGUES / "classic.json").read_text(encoding="utf-8") == expected


def test_v08_json_is_the_generator_output() -> None:
    gen = _generator()
    source = gen.DEFAULT_EQUIPMENT_DIR
    if not (source / "fantasy-weapons.yags").exists():
        pytest.skip("YAGS 0.8 equipment lists not available")
    expected = gen.render(gen.build_v08(source))
    assert (CATALOGUES / "0.8.json").read_text(encoding="utf-8") == expected
