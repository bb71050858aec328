"""Characters and NPC templates from a spreadsheet (issue 13 item 4).

One row per character, the first non-empty row naming the columns. Commas,
semicolons and tabs all work as the separator (``csv.Sniffer`` picks the one
the file uses, so files saved by European spreadsheets, which separate with
``;``, read as well as others). The columns, in any order:

===============  ===========================================================
``name``         required
``edition``      ``classic`` or ``0.8`` (required)
``kind``         ``pc``, ``npc`` or ``template`` (default ``npc``)
``player``       the player's name, for a PC
attribute names  ``strength``, ``agility``... of the edition; missing ones
                 take the typical value (10 classic, 3 in 0.8, Size 5)
``skills``       ``Sword 50, Brawl 40`` (name then value, separated by ``,``
                 or ``|``)
``weapons``      catalogue names, separated by ``,`` or ``|``
``shield``       a catalogue name
``armour``       catalogue names, classic ones with ``:half`` or ``:full``
``notes``        free text
===============  ===========================================================

Every row is checked; when any is refused nothing is imported and the error
lists each problem as ``row 3, skills: ...``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from yags_desk.rules.character import Character, Skill, WornArmour, default_attributes
from yags_desk.rules.editions import EDITIONS, Edition, edition_rules
from yags_desk.rules.items import Armour, Weapon
from yags_desk.storage.catalogues import load_catalogue
from yags_desk.storage.csv_text import duplicated_columns, read_rows, refuse_if_any
from yags_desk.storage.documents import (
    DocumentError,
    format_validation_error,
)

__all__ = ["COLUMNS", "MAX_ROWS", "import_characters"]

BASE_COLUMNS = ("name", "edition", "kind", "player", "skills", "weapons", "shield", "armour",
                "notes")
ATTRIBUTE_COLUMNS = tuple(dict.fromkeys(a for e in EDITIONS for a in edition_rules(e).attributes))
COLUMNS = BASE_COLUMNS + ATTRIBUTE_COLUMNS
MAX_ROWS = 2000
_LIST_SPLIT = re.compile(r"\s*[,|]\s*")
_SKILL = re.compile(r"^(?P<name>.+?)\s+(?P<value>-?\d+)$")


def _items(text: str) -> list[str]:
    return [part for part in _LIST_SPLIT.split(text.strip()) if part]


_Index = dict[Edition, dict[str, Weapon | Armour]]


class _Row:
    """One spreadsheet row turned into a character, or the reasons it cannot be."""

    def __init__(self, cells: dict[str, str], catalogues: _Index) -> None:
        self.cells = cells
        self.catalogues = catalogues
        self.errors: list[str] = []

    def _lookup(self, edition: Edition, column: str, name: str) -> Weapon | Armour | None:
        item = self.catalogues[edition].get(name.casefold())
        if item is None:
            self.errors.append(f"{column}: no {name!r} in the {edition} catalogue")
        return item

    def _skills(self) -> list[Skill]:
        out: list[Skill] = []
        for part in _items(self.cells.get("skills", "")):
            m = _SKILL.match(part)
            if m is None:
                self.errors.append(f"skills: {part!r} needs a name and a number, "
                                   "such as 'Sword 50'")
                continue
            try:
                out.append(Skill(name=m["name"], value=int(m["value"])))
            except ValidationError as exc:
                self.errors.append(f"skills: {part!r}: " + format_validation_error(exc)[0])
        return out

    def character(self) -> Character | None:
        cells = self.cells
        text = cells.get("edition", "")
        edition = next((e for e in EDITIONS if e == text), None)
        if edition is None:
            self.errors.append(f"edition: must be one of {', '.join(EDITIONS)}, not "
                               f"{text!r}" if text else "edition: missing")
            return None
        attributes = default_attributes(edition)
        for name in edition_rules(edition).attributes:
            text = cells.get(name, "")
            if not text:
                continue
            try:
                attributes[name] = int(text)
            except ValueError:
                self.errors.append(f"{name}: must be a whole number, not {text!r}")
        others = [a for a in ATTRIBUTE_COLUMNS if cells.get(a)
                  and a not in edition_rules(edition).attributes]
        self.errors += [f"{a}: {edition} characters have no such attribute" for a in others]
        weapons = [self._lookup(edition, "weapons", n)
                   for n in _items(cells.get("weapons", ""))]
        shield = (self._lookup(edition, "shield", cells["shield"])
                  if cells.get("shield") else None)
        armour: list[WornArmour] = []
        for part in _items(cells.get("armour", "")):
            name, _, coverage = part.partition(":")
            item = self._lookup(edition, "armour", name.strip())
            if isinstance(item, Armour):
                try:
                    armour.append(WornArmour(item=item, coverage=coverage.strip() or None))
                except ValidationError as exc:
                    self.errors.append(f"armour: {name.strip()!r}: "
                                       + format_validation_error(exc)[0])
            elif item is not None:
                self.errors.append(f"armour: {name.strip()!r} is not armour")
        skills = self._skills()
        if isinstance(shield, Armour) or (shield is not None and shield.kind != "shield"):
            self.errors.append(f"shield: {cells['shield']!r} is not a shield")
            shield = None
        if any(isinstance(w, Armour) for w in weapons):
            self.errors.append("weapons: armour is listed among the weapons")
        if self.errors:
            return None
        data: dict[str, Any] = {
            "name": cells.get("name", ""), "edition": edition,
            "kind": cells.get("kind") or "npc", "player": cells.get("player", ""),
            "attributes": attributes, "skills": skills,
            "weapons": [w for w in weapons if w is not None], "shield": shield,
            "armour": armour, "notes": cells.get("notes", ""),
        }
        try:
            return Character.model_validate(data)
        except ValidationError as exc:
            self.errors += format_validation_error(exc)
            return None


def _catalogue_index(root: Path | None) -> _Index:
    out: _Index = {}
    for edition in EDITIONS:
        catalogue = load_catalogue(edition, root)
        out[edition] = {item.name.casefold(): item for item in catalogue.items}
    return out


def import_characters(path: Path | str, library_root: Path | None = None) -> list[Character]:
    """The characters of a CSV file (see the module's column list); all or nothing.

    Weapons and armour are looked up by name in the built-in catalogue and the
    GM's custom items of ``library_root``. Raises DocumentError listing every
    problem as ``row N, column: message``.
    """
    path = Path(path)
    numbered = read_rows(path)
    header = [h.strip().casefold() for h in numbered[0][1]]
    errors = [f"header: unknown column {h!r} (known: {', '.join(COLUMNS)})"
              for h in header if h not in COLUMNS]
    errors += duplicated_columns(header)
    errors += [f"header: column {h!r} is required" for h in ("name", "edition")
               if h not in header]
    if len(numbered) - 1 > MAX_ROWS:
        errors.append(f"file has {len(numbered) - 1} characters; the limit is {MAX_ROWS}")
    if errors:
        raise DocumentError(path, errors)
    catalogues = _catalogue_index(library_root)
    characters: list[Character] = []
    for number, cells in numbered[1:]:
        if len(cells) > len(header):
            errors.append(f"row {number}: {len(cells)} cells but only {len(header)} columns")
            continue
        row = _Row({h: c.strip() for h, c in zip(header, cells, strict=False)}, catalogues)
        character = row.character()
        errors += [f"row {number}, {line}" for line in row.errors]
        if character is not None:
            characters.append(character)
    refuse_if_any(path, errors)
    return characters

