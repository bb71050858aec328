#!/usr/bin/env python3
"""Build the built-in catalogues in ``resources/catalogues/`` (build time only).

    python packaging/import_equipment.py [EQUIPMENT_DIR] [--out DIR] [--check]

- ``0.8.json`` is read from Samuel Penn's YAGS 0.8 fantasy equipment lists
  (``fantasy-weapons.yags`` and ``fantasy-armour.yags`` in EQUIPMENT_DIR,
  default ``../shared/reference/yags-0.8/equipment`` relative to the
  repository root). Only names and numbers are taken, never description text.
- ``classic.json`` is generated from the Python tables below, typed in from
  the tables of RULES.md section 1.3 (the authority for the classic edition).

Every item is validated with ``yags_desk.rules.items`` before writing. The
output is pretty-printed, UTF-8, with items in a fixed order, so running the
script twice gives identical files. ``--check`` compares instead of writing
(exit status 1 if a committed file is stale).

Reading the 0.8 XML
-------------------
Weapons (namespace ``https://yags-rpg.net/xml/yags`` inside each ``<item>``):

- ``<combat>``: ``attack``, ``defence`` (missing → 0), ``damage`` (a number
  without a sign such as ``10`` is +10), ``bash`` (shields only).
- ``strength``, ``load`` (a float such as 0.5), ``reach`` (empty → None).
- ``<class>`` elements, deduplicated in order → ``classes``.
- ``<properties>`` children → ``properties`` by element name, ``twohanded``
  written ``two-handed``.
- kind: ``shield`` if a class is ``shield``; ``missile`` if every class is
  thrown/bow/crossbow; otherwise ``melee``. Melee items with a ``<range>``
  (hunting spear, war spear) keep their ``ranges`` so they can be thrown.

Range mapping. A 0.8 ``<range>`` element has the children ``increment``,
``short``, ``medium`` and ``long`` (metres); a weapon cannot hit beyond its
long range (reference/yags-0.8/combat/combat-missile.yags, "Range Band").
They map to the model's (short, medium, long, extreme) as
short → short, medium → medium, long → long.
[decision] The source has no extreme band, so extreme = long: the extreme
band is empty and anything past long range stays impossible. The increment
(the accuracy step of the to-hit difficulty) goes to ``increment`` and the
source's ``strength="true"`` flag on some ranges (thrown weapons whose ranges
depend on the thrower's Strength) to ``strength_ranges``; both are also kept
readable in the item's ``notes`` ("range increment 15 m"); the numbers
themselves are stored as the source gives them.

[decision] Properties that carry a value (``<reload>10</reload>``,
``<vitals score="2"/>``) keep only their element name in ``properties``; the
value goes into ``notes`` ("reload 10"), so the flags stay plain names.

[decision] Damage type (field ``damage_type``): the source's own ``type``
attribute on ``<damage>`` wins (``mixed``; ``split`` is the source's word for
damage split between stuns and wounds, i.e. ``mixed``). Without it, items of
the ``brawl`` class do ``mixed`` damage (knives and clubs do mixed damage,
RULES 2 / seed 002) and everything else does ``wounds``.

Armour: ``protection``, ``load``, ``covers`` (element names) and
``properties`` as for weapons.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_EQUIPMENT_DIR = REPO_ROOT / ".." / "shared" / "reference" / "yags-0.8" / "equipment"
DEFAULT_OUT_DIR = REPO_ROOT / "resources" / "catalogues"

NS_ITEM = "https://yags-rpg.net/xml"
NS_YAGS = "https://yags-rpg.net/xml/yags"

SCHEMA_VERSION = 1

V08_SOURCE = "YAGS 0.8 fantasy equipment lists, (c) Samuel Penn"
V08_CREDIT = (
    "Weapon and armour statistics (names and numbers only) from the fantasy "
    "equipment lists of YAGS (Yet Another Game System) 0.8 by Samuel Penn. "
    "Copyright 2005-2020, Samuel Penn, sam@notasnark.net. "
    "Redistribution and use with or without modification are permitted provided "
    "that the following conditions are met: 1) Redistributions of any source code "
    "(e.g. XML) must retain the above copyright notice and this list of conditions. "
    "2) Redistributions in binary/printed forms must include copyright attribution."
)

CLASSIC_SOURCE = "YAGS classic rules, (c) Samuel Penn"
CLASSIC_CREDIT = (
    "Weapon and armour statistics from the combat rules of YAGS (Yet Another Game "
    "System) classic by Samuel Penn, typed in from the tables of the YAGS Desk rules "
    "specification (RULES.md 1.3). YAGS is free content by Samuel Penn, released "
    "under the GNU General Public License version 2; credit YAGS and Samuel Penn "
    "when redistributing."
)

MISSILE_CLASSES = frozenset({"thrown", "bow", "crossbow"})
PROPERTY_NAMES = {"twohanded": "two-handed"}
SPLIT_DAMAGE_TYPES = {"split": "mixed", "mixed": "mixed", "stun": "stuns",
                      "stuns": "stuns", "wound": "wounds", "wounds": "wounds"}
KIND_ORDER = {"melee": 0, "missile": 1, "shield": 2, "armour": 3}


def slug(name: str) -> str:
    """``"Broad sword"`` → ``"broad-sword"``, ``"Fist/kick"`` → ``"fist-kick"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


# --------------------------------------------------------------------------- 0.8


def _y(tag: str) -> str:
    return f"{{{NS_YAGS}}}{tag}"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text(elem: ET.Element | None) -> str:
    return (elem.text or "").strip() if elem is not None else ""


def _int(text: str, what: str, item: str) -> int:
    try:
        return int(text)  # int() accepts "+5", "-2" and "10"
    except ValueError:
        raise SystemExit(f"{item}: {what} {text!r} is not a whole number") from None


def _opt_int(text: str, what: str, item: str) -> int | None:
    return _int(text, what, item) if text else None


def _number(text: str, what: str, item: str) -> int | float:
    try:
        value = float(text)
    except ValueError:
        raise SystemExit(f"{item}: {what} {text!r} is not a number") from None
    return int(value) if value.is_integer() else value


def _properties(parent: ET.Element | None) -> tuple[list[str], list[str]]:
    """(property names, "name value" notes for valued properties)."""
    names: list[str] = []
    notes: list[str] = []
    if parent is None:
        return names, notes
    for child in parent:
        name = PROPERTY_NAMES.get(_local(child.tag), _local(child.tag))
        if name not in names:
            names.append(name)
        value = child.get("score") or _text(child)
        if value:
            notes.append(f"{name} {value}")
    return names, notes


def _items(path: Path) -> Iterable[ET.Element]:
    root = ET.parse(path).getroot()
    if root.tag != f"{{{NS_ITEM}}}equipment":
        raise SystemExit(f"{path}: not a YAGS equipment list (root {root.tag})")
    return root.iter(f"{{{NS_ITEM}}}item")


def read_v08_weapons(path: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in _items(path):
        name = item.get("name", "").strip()
        weapon = item.find(_y("weapon"))
        if weapon is None:
            continue
        combat = weapon.find(_y("combat"))
        if combat is None:
            raise SystemExit(f"{name}: no <combat> element")
        classes: list[str] = []
        for elem in weapon.findall(_y("class")):
            cls = _text(elem)
            if cls not in classes:
                classes.append(cls)
        damage_elem = combat.find(_y("damage"))
        notes: list[str] = []

        kind = "melee"
        if "shield" in classes:
            kind = "shield"
        elif classes and set(classes) <= MISSILE_CLASSES:
            kind = "missile"

        source_type = damage_elem.get("type") if damage_elem is not None else None
        if source_type is not None:
            if source_type not in SPLIT_DAMAGE_TYPES:
                raise SystemExit(f"{name}: unknown damage type {source_type!r}")
            damage_type = SPLIT_DAMAGE_TYPES[source_type]
        else:
            damage_type = "mixed" if "brawl" in classes else "wounds"

        record: dict[str, Any] = {
            "id": slug(name),
            "name": name,
            "edition": "0.8",
            "builtin": True,
            "source": V08_SOURCE,
            "kind": kind,
            "attack": _int(_text(combat.find(_y("attack"))) or "0", "attack", name),
            "defence": _int(_text(combat.find(_y("defence"))) or "0", "defence", name),
            "damage": _int(_text(damage_elem) or "0", "damage", name),
            "damage_type": damage_type,
            "strength": _opt_int(_text(weapon.find(_y("strength"))), "strength", name),
            "load": _number(_text(weapon.find(_y("load"))) or "0", "load", name),
            "reach": None,
            "classes": classes,
        }
        reach = _text(weapon.find(_y("reach")))
        if reach:
            record["reach"] = _int(reach, "reach", name)
        bash = _text(combat.find(_y("bash")))
        if bash:
            record["bash"] = _int(bash, "bash", name)

        range_elem = combat.find(_y("range"))
        if range_elem is not None:
            bands = [
                _int(_text(range_elem.find(_y(band))), f"{band} range", name)
                for band in ("short", "medium", "long")
            ]
            # short, medium, long as given; extreme = long ([decision], see above).
            record["ranges"] = [*bands, bands[-1]]
            increment = _text(range_elem.find(_y("increment")))
            if increment:
                record["increment"] = _int(increment, "increment", name)
                notes.append(f"range increment {record['increment']} m")
            if range_elem.get("strength") == "true":
                record["strength_ranges"] = True
                notes.append("ranges marked Strength-based in the source")

        properties, value_notes = _properties(weapon.find(_y("properties")))
        record["properties"] = properties
        notes.extend(value_notes)
        if notes:
            record["notes"] = "; ".join(notes)
        out.append(record)
    return out


def read_v08_armour(path: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in _items(path):
        name = item.get("name", "").strip()
        armour = item.find(_y("armour"))
        if armour is None:
            continue
        covers_elem = armour.find(_y("covers"))
        covers = [] if covers_elem is None else [_local(c.tag) for c in covers_elem]
        properties, notes = _properties(armour.find(_y("properties")))
        record: dict[str, Any] = {
            "id": slug(name),
            "name": name,
            "edition": "0.8",
            "builtin": True,
            "source": V08_SOURCE,
            "kind": "armour",
            "protection": _int(_text(armour.find(_y("protection"))), "protection", name),
            "load": _number(_text(armour.find(_y("load"))), "load", name),
            "covers": list(dict.fromkeys(covers)),
            "properties": properties,
        }
        if notes:
            record["notes"] = "; ".join(notes)
        out.append(record)
    return out


def build_v08(equipment_dir: Path) -> dict[str, Any]:
    items = read_v08_weapons(equipment_dir / "fantasy-weapons.yags")
    items += read_v08_armour(equipment_dir / "fantasy-armour.yags")
    return _document("0.8", V08_CREDIT, items)


# ----------------------------------------------------------------------- classic

# RULES 1.3 melee table. None stands for the table's "—".
# name, init, attack, defence, damage, strength, toughness, load, skill, notes
CLASSIC_MELEE: list[tuple[str, int, int, int, int, int | None, int | None, int | None, str,
                          tuple[str, ...]]] = [
    ("Axe", 6, 4, 3, 9, 12, 35, 3, "single", ("heavy",)),
    ("Club", 3, 2, 3, 4, 10, 25, 2, "single", ("light",)),
    ("Dagger", 4, 2, 3, 3, 6, 30, 1, "brawling", ("light",)),
    ("Fist/kick", 0, 0, 0, 0, None, None, None, "brawling", ("light",)),
    ("Great axe", 8, 7, 4, 14, 24, 40, 6, "great", ("two-handed", "heavy")),
    ("Greatsword", 12, 8, 6, 12, 24, 45, 7, "great", ("two-handed", "heavy")),
    ("Knife", 2, 1, 2, 2, 4, 30, 0, "brawling", ("light",)),
    ("Long spear", 15, 4, 4, 10, 18, 25, 3, "great", ("two-handed",)),
    ("Long sword", 6, 5, 5, 9, 12, 40, 4, "single", ()),
    ("Mace", 5, 3, 3, 8, 12, 40, 3, "single", ()),
    ("Quarterstaff", 9, 5, 9, 6, 18, 30, 2, "great", ("two-handed",)),
    ("Round shield", 0, 2, 7, 0, 9, 30, 3, "shield", ()),
    ("Short sword", 7, 4, 3, 7, 9, 40, 2, "single", ()),
    ("Spear", 9, 3, 2, 7, 9, 25, 2, "single", ()),
]

# RULES 1.3 missile table: name, init, attack, damage, strength, toughness, load,
# skill, ranges (short/medium/long/extreme metres), properties.
# The Sling's load "0 (L)" is load 0 and the property light.
CLASSIC_MISSILE: list[tuple[str, int, int, int, int | None, int | None, int | None, str,
                            tuple[int, int, int, int], tuple[str, ...]]] = [
    ("Axe", 3, 3, 9, 12, 35, 3, "throw", (10, 20, 30, 50), ()),
    ("Bow", 3, 12, 10, 10, 15, 2, "bow", (25, 50, 80, 120), ()),
    ("Dagger", 2, 3, 3, 6, 30, 1, "throw", (10, 20, 30, 50), ()),
    ("Knife", 2, 3, 2, None, 30, None, "throw", (5, 15, 25, 40), ()),
    ("Sling", 1, 8, 7, 7, 20, 0, "throw", (20, 40, 60, 80), ("light",)),
    ("Spear", 7, 5, 9, 12, 25, 2, "throw", (15, 25, 35, 50), ()),
]

# RULES 1.3 armour table: name, half prot, half load, full prot, full load.
CLASSIC_ARMOUR: list[tuple[str, int, int, int, int]] = [
    ("Quilted/Fur", 3, 1, 5, 2),
    ("Heavy leather", 4, 2, 6, 4),
    ("Leather + metal", 6, 3, 9, 6),
    ("Chain mail", 9, 4, 14, 8),
    ("Ring mail", 8, 5, 13, 10),
]

# Missile names that share a melee weapon's name get "(thrown)" and an id
# ending in "-thrown", so both can live in one catalogue.
_MELEE_NAMES = {row[0] for row in CLASSIC_MELEE}


def _classic_common(name: str, kind: str) -> dict[str, Any]:
    return {"id": slug(name), "name": name, "edition": "classic", "builtin": True,
            "source": CLASSIC_SOURCE, "kind": kind}


def classic_items() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for name, init, attk, defn, dmg, strength, tgh, load, skill, notes in CLASSIC_MELEE:
        record = _classic_common(name, "shield" if skill == "shield" else "melee")
        record.update(init=init, attack=attk, defence=defn, damage=dmg, strength=strength,
                      toughness=tgh, load=load or 0, skill=skill, properties=list(notes))
        items.append(record)
    for name, init, attk, dmg, strength, tgh, load, skill, ranges, props in CLASSIC_MISSILE:
        shown = f"{name} (thrown)" if name in _MELEE_NAMES else name
        record = _classic_common(shown, "missile")
        record.update(init=init, attack=attk, defence=0, damage=dmg, strength=strength,
                      toughness=tgh, load=load or 0, skill=skill, properties=list(props),
                      ranges=list(ranges))
        items.append(record)
    for name, half_prot, half_load, full_prot, full_load in CLASSIC_ARMOUR:
        record = _classic_common(name, "armour")
        record.update(half_protection=half_prot, half_load=half_load,
                      full_protection=full_prot, full_load=full_load)
        items.append(record)
    return items


def build_classic() -> dict[str, Any]:
    return _document("classic", CLASSIC_CREDIT, classic_items())


# ------------------------------------------------------------------------ output


def _validate(items: Sequence[dict[str, Any]]) -> None:
    """Check every record against the app's own item models."""
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    from yags_desk.rules.items import Armour, Weapon

    seen: set[str] = set()
    for record in items:
        model = Armour if record["kind"] == "armour" else Weapon
        model.model_validate(record)
        if record["id"] in seen:
            raise SystemExit(f"duplicate id {record['id']!r}")
        seen.add(record["id"])
        for key, value in record.items():
            if isinstance(value, str) and len(value) > 200:
                raise SystemExit(
                    f"{record['id']}.{key}: text too long, descriptions are not copied"
                )


def _document(edition: str, credit: str, items: list[dict[str, Any]]) -> dict[str, Any]:
    _validate(items)
    items = sorted(items, key=lambda r: (KIND_ORDER[r["kind"]], r["name"].casefold(), r["id"]))
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "catalogue",
        "data": {"edition": edition, "credit": credit, "items": items},
    }


def render(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("equipment_dir", nargs="?", type=Path, default=DEFAULT_EQUIPMENT_DIR,
                        help="folder with fantasy-weapons.yags and fantasy-armour.yags")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT_DIR,
                        help="output folder (default resources/catalogues)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files in --out instead of writing")
    args = parser.parse_args(argv)

    outputs = {
        "0.8.json": render(build_v08(args.equipment_dir)),
        "classic.json": render(build_classic()),
    }
    stale = []
    for filename, text in outputs.items():
        target = args.out / filename
        if args.check:
            current = target.read_text(encoding="utf-8") if target.exists() else None
            if current != text:
                stale.append(filename)
        else:
            args.out.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {target}")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
