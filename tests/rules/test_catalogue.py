"""Catalogue behaviour: read-only built-ins, custom items, copies, search, loading."""

from __future__ import annotations

from typing import Any

import pytest

from yags_desk.rules.catalogue import Catalogue, catalogue_from_document
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Armour, Weapon


def classic_weapon(item_id: str, name: str, **kw: Any) -> Weapon:
    fields: dict[str, Any] = {"kind": "melee", "skill": "single", "builtin": True}
    fields.update(kw)
    return Weapon(id=item_id, name=name, edition="classic", **fields)


LONG_SWORD = classic_weapon("long-sword", "Long sword", init=6, attack=5, defence=5, damage=9,
                            strength=12, toughness=40, load=4)
GREATSWORD = classic_weapon("greatsword", "Greatsword", skill="great",
                            properties=("two-handed", "heavy"), damage=12)
SHIELD = classic_weapon("round-shield", "Round shield", kind="shield", skill="shield",
                        defence=7)
BOW = classic_weapon("bow", "Bow", kind="missile", skill="bow", ranges=(25, 50, 80, 120))
CHAIN = Armour(id="chain-mail", name="Chain mail", edition="classic", builtin=True,
               half_protection=9, half_load=4, full_protection=14, full_load=8)
BROAD_SWORD_08 = Weapon(id="broad-sword", name="Broad sword", edition="0.8", kind="melee",
                        classes=("single",), attack=5, defence=3, damage=12)

BUILTIN = (LONG_SWORD, GREATSWORD, SHIELD, BOW, CHAIN)


def custom(item_id: str = "elf-blade", name: str = "Elf blade", **kw: Any) -> Weapon:
    fields: dict[str, Any] = {"builtin": False}
    fields.update(kw)
    return classic_weapon(item_id, name, **fields)


@pytest.fixture
def cat() -> Catalogue:
    return Catalogue("classic", BUILTIN)


# ------------------------------------------------------------------------- reading


def test_items_are_builtin_then_custom(cat: Catalogue) -> None:
    mine = custom()
    cat2 = Catalogue("classic", BUILTIN, [mine])
    assert cat2.items == (*BUILTIN, mine)
    assert cat2.custom_items() == (mine,)
    assert cat.custom_items() == ()
    assert cat2.edition == "classic"
    assert len(cat2) == 6 and "elf-blade" in cat2


def test_get_and_unknown_id(cat: Catalogue) -> None:
    assert cat.get("long-sword") is LONG_SWORD
    with pytest.raises(RulesError, match=r"^id: no item 'nope' in the classic catalogue"):
        cat.get("nope")


def test_kind_filters(cat: Catalogue) -> None:
    assert cat.melee() == (LONG_SWORD, GREATSWORD)
    assert cat.missile() == (BOW,)
    assert cat.shields() == (SHIELD,)
    assert cat.armour() == (CHAIN,)
    assert cat.weapons() == (LONG_SWORD, GREATSWORD, SHIELD, BOW)
    assert cat.weapons("shield") == (SHIELD,)


def test_is_builtin(cat: Catalogue) -> None:
    cat2 = cat.add_custom(custom())
    assert cat2.is_builtin("long-sword")
    assert not cat2.is_builtin("elf-blade")
    assert not cat2.is_builtin("nope")


# -------------------------------------------------------------------------- search


def test_find_by_name_id_property_and_skill(cat: Catalogue) -> None:
    assert cat.find("SWORD") == (LONG_SWORD, GREATSWORD)
    assert cat.find("long-sw") == (LONG_SWORD,)
    assert cat.find("two-handed") == (GREATSWORD,)
    assert cat.find("bow") == (BOW,)
    assert cat.find("shield") == (SHIELD,)
    assert cat.find("great heavy") == (GREATSWORD,)  # every word must match
    assert cat.find("") == cat.items
    assert cat.find("   ") == cat.items
    assert cat.find("zweihander") == ()


def test_find_uses_08_classes() -> None:
    club = Weapon(id="club", name="Club", edition="0.8", kind="melee", builtin=True,
                  classes=("brawl", "single"), damage_type="mixed")
    cat = Catalogue("0.8", [BROAD_SWORD_08.model_copy(update={"builtin": True}), club])
    assert [i.id for i in cat.find("brawl")] == ["club"]
    assert [i.id for i in cat.find("single")] == ["broad-sword", "club"]


def test_find_includes_custom_items(cat: Catalogue) -> None:
    mine = custom(name="Elf sword")
    assert cat.add_custom(mine).find("sword") == (LONG_SWORD, GREATSWORD, mine)


# -------------------------------------------------------------- built-ins read-only


def test_builtin_cannot_be_replaced(cat: Catalogue) -> None:
    changed = LONG_SWORD.model_copy(update={"damage": 20, "builtin": False})
    with pytest.raises(RulesError, match=r"^builtin: 'Long sword' is a built-in item"):
        cat.replace_custom(changed)
    assert cat.get("long-sword").damage == 9  # type: ignore[union-attr]


def test_builtin_cannot_be_removed(cat: Catalogue) -> None:
    with pytest.raises(RulesError, match=r"^builtin: .*cannot be removed"):
        cat.remove_custom("long-sword")
    assert "long-sword" in cat


def test_builtin_list_needs_builtin_flag() -> None:
    with pytest.raises(RulesError, match=r"^builtin: built-in item 'Elf blade'"):
        Catalogue("classic", [custom()])


def test_custom_item_must_not_claim_builtin(cat: Catalogue) -> None:
    with pytest.raises(RulesError, match=r"^builtin: custom item 'Elf blade' must have "
                                         r"builtin=False"):
        cat.add_custom(custom(builtin=True))
    with pytest.raises(RulesError, match=r"^builtin:"):
        Catalogue("classic", BUILTIN, [custom(builtin=True)])


# ------------------------------------------------------------------ custom editing


def test_add_returns_new_catalogue(cat: Catalogue) -> None:
    mine = custom()
    cat2 = cat.add_custom(mine)
    assert cat2 is not cat
    assert "elf-blade" not in cat  # the original is unchanged
    assert cat2.get("elf-blade") is mine


def test_replace_custom_keeps_position(cat: Catalogue) -> None:
    a, b = custom("a", "A"), custom("b", "B")
    cat2 = cat.add_custom(a).add_custom(b)
    a2 = custom("a", "A improved", damage=3)
    cat3 = cat2.replace_custom(a2)
    assert cat3.custom_items() == (a2, b)
    assert cat2.custom_items() == (a, b)


def test_replace_unknown_custom(cat: Catalogue) -> None:
    with pytest.raises(RulesError, match=r"^id: no custom item 'elf-blade' to replace"):
        cat.replace_custom(custom())


def test_remove_custom(cat: Catalogue) -> None:
    cat2 = cat.add_custom(custom())
    cat3 = cat2.remove_custom("elf-blade")
    assert cat3.custom_items() == ()
    assert "elf-blade" in cat2
    with pytest.raises(RulesError, match=r"^id: no custom item 'elf-blade' to remove"):
        cat3.remove_custom("elf-blade")


def test_duplicate_ids_refused(cat: Catalogue) -> None:
    with pytest.raises(RulesError, match=r"^id: 'long-sword' of 'My sword' is already used "
                                         r"by 'Long sword'"):
        cat.add_custom(custom("long-sword", "My sword"))
    cat2 = cat.add_custom(custom())
    with pytest.raises(RulesError, match=r"^id: 'elf-blade'"):
        cat2.add_custom(custom(name="Other"))
    with pytest.raises(RulesError, match=r"^id:"):
        Catalogue("classic", BUILTIN, [custom(), custom(name="Twin")])
    with pytest.raises(RulesError, match=r"^id:"):
        Catalogue("classic", [*BUILTIN, LONG_SWORD])


def test_wrong_edition_refused(cat: Catalogue) -> None:
    with pytest.raises(RulesError) as info:
        cat.add_custom(BROAD_SWORD_08)
    assert str(info.value) == "edition: 'Broad sword' is a 0.8 item; this catalogue is classic"
    with pytest.raises(RulesError, match=r"^edition:"):
        Catalogue("0.8", BUILTIN)
    cat2 = cat.add_custom(custom())
    wrong = BROAD_SWORD_08.model_copy(update={"id": "elf-blade"})
    with pytest.raises(RulesError, match=r"^edition:"):
        cat2.replace_custom(wrong)


# -------------------------------------------------------------------------- copies


def test_copy_builtin_gets_unique_id_and_is_editable(cat: Catalogue) -> None:
    cat2, copy = cat.copy_builtin("long-sword")
    assert isinstance(copy, Weapon)
    assert copy.id == "long-sword-copy"
    assert copy.name == "Long sword (copy)"
    assert copy.builtin is False
    assert (copy.init, copy.attack, copy.defence, copy.damage) == (6, 5, 5, 9)
    assert cat2.custom_items() == (copy,)
    assert not cat2.is_builtin(copy.id)
    assert "long-sword-copy" not in cat

    edited = copy.model_copy(update={"damage": 11})
    cat3 = cat2.replace_custom(edited)
    assert cat3.get("long-sword-copy").damage == 11  # type: ignore[union-attr]
    cat4 = cat3.remove_custom("long-sword-copy")
    assert cat4.custom_items() == ()


def test_second_copy_gets_next_id(cat: Catalogue) -> None:
    cat2, first = cat.copy_builtin("long-sword")
    cat3, second = cat2.copy_builtin("long-sword", new_name="Dwarf sword")
    cat4, third = cat3.copy_builtin("long-sword")
    assert (first.id, second.id, third.id) == (
        "long-sword-copy", "long-sword-copy-2", "long-sword-copy-3")
    assert second.name == "Dwarf sword"
    assert len({i.id for i in cat4.items}) == len(cat4.items)


def test_copy_of_armour(cat: Catalogue) -> None:
    _, copy = cat.copy_builtin("chain-mail")
    assert isinstance(copy, Armour)
    assert (copy.id, copy.builtin, copy.full_protection) == ("chain-mail-copy", False, 14)


def test_copy_of_unknown_item(cat: Catalogue) -> None:
    with pytest.raises(RulesError, match=r"^id: no item 'nope'"):
        cat.copy_builtin("nope")


def test_copy_with_long_name_stays_valid() -> None:
    long_name = "X" * 80
    item = classic_weapon("x" * 80, long_name)
    cat2, copy = Catalogue("classic", [item]).copy_builtin(item.id)
    assert len(copy.name) <= 80 and copy.name.endswith("(copy)")
    assert len(copy.id) <= 80 and copy.id.endswith("-copy")
    assert copy in cat2.custom_items()


def test_copy_with_invalid_name_names_the_field(cat: Catalogue) -> None:
    with pytest.raises(RulesError, match=r"^name:"):
        cat.copy_builtin("long-sword", new_name="")


# ------------------------------------------------------------------------- loading


def _doc(items: list[dict[str, Any]], edition: str = "classic", **top: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "schema_version": 1,
        "kind": "catalogue",
        "data": {"edition": edition, "credit": "YAGS, Samuel Penn", "items": items},
    }
    doc.update(top)
    return doc


def _raw(item: Weapon | Armour) -> dict[str, Any]:
    return item.model_dump(mode="json")


def test_document_round_trip() -> None:
    edition, items = catalogue_from_document(_doc([_raw(i) for i in BUILTIN]))
    assert edition == "classic"
    assert items == list(BUILTIN)
    assert isinstance(items[-1], Armour)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"schema_version": 2}, r"^schema_version: 2 is newer"),
        ({"schema_version": 0}, r"^schema_version: 0 is not supported"),
        ({"kind": "character"}, r"^kind: "),
        ({"extra": 1}, r"^extra: "),
    ],
)
def test_document_envelope_errors(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        catalogue_from_document(_doc([], **change))


def test_document_missing_parts() -> None:
    with pytest.raises(RulesError, match=r"^data: Field required"):
        catalogue_from_document({"schema_version": 1, "kind": "catalogue"})
    with pytest.raises(RulesError, match=r"^data.credit: Field required"):
        catalogue_from_document({"schema_version": 1, "kind": "catalogue",
                                 "data": {"edition": "classic", "items": []}})
    with pytest.raises(RulesError, match=r"^data.edition: "):
        catalogue_from_document(_doc([], edition="1.0"))
    with pytest.raises(RulesError, match=r"^document: expected a JSON object"):
        catalogue_from_document([])  # type: ignore[arg-type]


def test_document_item_errors_name_the_field() -> None:
    bad = _raw(LONG_SWORD) | {"attack": "lots"}
    with pytest.raises(RulesError, match=r"^data\.items\.0\.attack: Input should be a valid "
                                         r"integer"):
        catalogue_from_document(_doc([bad]))
    no_skill = _raw(LONG_SWORD) | {"skill": None}
    with pytest.raises(RulesError, match=r"^data\.items\.1\.skill: a classic weapon needs"):
        catalogue_from_document(_doc([_raw(BOW), no_skill]))
    armour = _raw(CHAIN) | {"full_load": -1}
    with pytest.raises(RulesError, match=r"^data\.items\.0\.full_load: "):
        catalogue_from_document(_doc([armour]))


def test_document_wrong_edition_and_duplicates() -> None:
    with pytest.raises(RulesError, match=r"^data\.items\.0\.edition: 'Broad sword' is a 0\.8 "
                                         r"item; this catalogue is classic"):
        catalogue_from_document(_doc([_raw(BROAD_SWORD_08)]))
    with pytest.raises(RulesError, match=r"^data\.items\.1\.id: 'long-sword'"):
        catalogue_from_document(_doc([_raw(LONG_SWORD), _raw(LONG_SWORD)]))
