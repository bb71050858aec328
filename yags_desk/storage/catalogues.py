"""Weapon and armour catalogues on disk: built-in, the GM's custom items, import/export.

The built-in catalogue of an edition is ``<resources>/catalogues/<edition>.json``
(read-only, cached). The GM's own items of an edition are saved in
``<library>/catalogues/custom-<edition>.json``. Both are ``catalogue``
documents (see :mod:`yags_desk.storage.documents`). Items can also be exported
to and imported from JSON and CSV files.
"""

from __future__ import annotations

import csv
import io
import os
import typing
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    model_validator,
)

from yags_desk.rules.editions import EDITIONS, Edition
from yags_desk.rules.items import Armour, Weapon
from yags_desk.storage import paths
from yags_desk.storage.csv_text import (
    FORMULA_START,
    duplicated_columns,
    read_rows,
    refuse_if_any,
)
from yags_desk.storage.documents import (
    DocumentError,
    atomic_write_bytes,
    format_validation_error,
    read_document,
    refuse_if_read_only,
    write_document,
)

if TYPE_CHECKING:
    from yags_desk.rules.catalogue import Catalogue

__all__ = [
    "CSV_COLUMNS",
    "MAX_ITEMS",
    "CatalogueFile",
    "builtin_catalogue_path",
    "clear_cache",
    "export_items",
    "import_items",
    "load_builtin_catalogue",
    "load_catalogue",
    "load_custom_items",
    "save_custom_items",
    "user_catalogue_path",
]

MAX_ITEMS = 10_000
Item = Weapon | Armour


def _item_tag(value: Any) -> str:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return "Armour" if kind == "armour" else "Weapon"


# An item whose kind is "armour" is Armour, anything else a Weapon; the tags
# are left out of error paths by documents.format_validation_error.
_TaggedItem = Annotated[
    Annotated[Weapon, Tag("Weapon")] | Annotated[Armour, Tag("Armour")],
    Discriminator(_item_tag),
]


class CatalogueFile(BaseModel):
    """The ``data`` of a ``catalogue`` document."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    edition: Edition
    credit: str = Field(default="", max_length=2000)
    items: tuple[_TaggedItem, ...] = Field(default=(), max_length=MAX_ITEMS)

    @model_validator(mode="after")
    def _consistent(self) -> CatalogueFile:
        seen: dict[str, int] = {}
        for number, item in enumerate(self.items):
            if item.edition != self.edition:
                raise ValueError(f"items.{number}.edition: {item.name!r} is a {item.edition} "
                                 f"item; this catalogue is {self.edition}")
            if item.id in seen:
                raise ValueError(f"items.{number}.id: {item.id!r} is also the id of item "
                                 f"{seen[item.id]}")
            seen[item.id] = number
        return self


def _check_edition(edition: str) -> Edition:
    for known in EDITIONS:
        if edition == known:
            return known
    raise ValueError(f"edition: unknown edition {edition!r} (expected one of "
                     f"{', '.join(EDITIONS)})")


def _read_catalogue(path: Path, edition: Edition) -> CatalogueFile:
    model = read_document(path, "catalogue").model
    assert isinstance(model, CatalogueFile)
    if model.edition != edition:
        raise DocumentError(path, [f"data.edition: the file holds {model.edition} items; "
                                   f"expected {edition}"])
    return model


# -- built-in ---------------------------------------------------------------------------

_BUILTIN_CACHE: dict[tuple[str, Path], tuple[Item, ...]] = {}


def builtin_catalogue_path(edition: Edition) -> Path:
    return paths.resource_dir() / "catalogues" / f"{_check_edition(edition)}.json"


def clear_cache() -> None:
    """Forget the built-in catalogues read so far."""
    _BUILTIN_CACHE.clear()


def load_builtin_catalogue(edition: Edition) -> list[Weapon | Armour]:
    """The read-only items shipped with YAGS Desk for ``edition`` (all ``builtin=True``)."""
    path = builtin_catalogue_path(edition)
    key = (edition, path)
    items = _BUILTIN_CACHE.get(key)
    if items is None:
        try:
            model = _read_catalogue(path, edition)
        except FileNotFoundError:
            raise DocumentError(path, ["the built-in catalogue is missing; reinstall "
                                       "YAGS Desk"]) from None
        items = tuple(i if i.builtin else i.model_copy(update={"builtin": True})
                      for i in model.items)
        _BUILTIN_CACHE[key] = items
    return list(items)


# -- the GM's custom items --------------------------------------------------------------


def user_catalogue_path(edition: Edition, root: Path | None = None) -> Path:
    return paths.catalogues_dir(root) / f"custom-{_check_edition(edition)}.json"


def load_custom_items(edition: Edition, root: Path | None = None) -> list[Weapon | Armour]:
    """The GM's saved items of ``edition``; none if there is no file yet."""
    path = user_catalogue_path(edition, root)
    try:
        return list(_read_catalogue(path, edition).items)
    except FileNotFoundError:
        return []


def load_catalogue(edition: Edition, root: Path | None = None) -> Catalogue:
    """Built-in items followed by the GM's custom items.

    A corrupt custom file raises DocumentError (and is left as it is).
    """
    from yags_desk.rules.catalogue import Catalogue
    from yags_desk.rules.errors import RulesError

    builtin = load_builtin_catalogue(edition)
    try:
        Catalogue(edition, builtin)
    except RulesError as exc:
        raise DocumentError(builtin_catalogue_path(edition), str(exc).splitlines()) from None
    custom = load_custom_items(edition, root)
    try:
        return Catalogue(edition, builtin, custom)
    except RulesError as exc:
        raise DocumentError(user_catalogue_path(edition, root),
                            str(exc).splitlines()) from None


def save_custom_items(catalogue: Catalogue, root: Path | None = None) -> Path:
    """Save the catalogue's custom items (only those) to the user's catalogue file."""
    path = user_catalogue_path(catalogue.edition, root)
    refuse_if_read_only(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    model = CatalogueFile(edition=catalogue.edition, items=tuple(catalogue.custom_items()))
    write_document(path, "catalogue", model)
    return path


# -- export and import ------------------------------------------------------------------


def _columns() -> tuple[str, ...]:
    names: dict[str, None] = {}
    for cls in (Weapon, Armour):
        names.update(dict.fromkeys(cls.model_fields))
    return tuple(names)


CSV_COLUMNS = _columns()
_FORMULA_START = FORMULA_START


def _is_tuple_field(name: str) -> bool:
    for cls in (Weapon, Armour):
        field = cls.model_fields.get(name)
        if field is None:
            continue
        types = [field.annotation, *typing.get_args(field.annotation)]
        if any(t is tuple or typing.get_origin(t) is tuple for t in types):
            return True
    return False


_TUPLE_COLUMNS = frozenset(c for c in CSV_COLUMNS if _is_tuple_field(c))


def _cell(name: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        parts = [str(v) for v in value]
        for part in parts:
            if ";" in part:
                raise ValueError(f"{name}: {part!r} contains ';', which CSV export uses "
                                 "between values")
        text = ";".join(parts)
    elif isinstance(value, float):
        text = str(int(value)) if value.is_integer() else repr(value)
    else:
        text = str(value)
    if text.startswith(_FORMULA_START) and not isinstance(value, int | float):
        text = "'" + text
    return text


def _single_edition(items: Sequence[Item], edition: Edition | None) -> Edition:
    editions = {item.edition for item in items}
    if edition is not None:
        editions.add(edition)
    if len(editions) != 1:
        found = ", ".join(sorted(editions)) or "none"
        raise ValueError(f"edition: a catalogue file holds items of one edition (found: "
                         f"{found})")
    return editions.pop()


def export_items(items: Iterable[Weapon | Armour], path: Path | str,
                 edition: Edition | None = None) -> None:
    """Write items to ``path``: CSV if it ends in ``.csv``, else a catalogue document.

    ``edition`` is needed only for an empty JSON export. An existing JSON file
    this program cannot read is not overwritten (DocumentError).
    """
    path = Path(path)
    items = list(items)
    if path.suffix.lower() != ".csv":
        model = CatalogueFile(edition=_single_edition(items, edition), items=tuple(items))
        write_document(path, "catalogue", model)
        return
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for item in items:
        values = item.model_dump()
        writer.writerow([_cell(c, values[c]) if c in values else "" for c in CSV_COLUMNS])
    previous = path.read_bytes() if path.is_file() and (
        os.path.getsize(path) <= 20 * 2**20) else None
    atomic_write_bytes(path, out.getvalue().encode("utf-8"), previous)


def _uncell(text: str) -> str:
    text = text.strip()
    if text.startswith("'") and text[1:2] and text[1:].startswith(_FORMULA_START):
        return text[1:]
    return text


def _row_item(header: list[str], row: list[str], edition: Edition) -> Item:
    data: dict[str, Any] = {}
    for name, raw in zip(header, row, strict=False):
        text = _uncell(raw)
        if not text:
            continue
        if name in _TUPLE_COLUMNS:
            data[name] = [part.strip() for part in text.split(";") if part.strip()]
        else:
            data[name] = text
    data["builtin"] = False
    data.setdefault("edition", edition)
    if "id" not in data and "name" in data:
        data["id"] = paths.slugify(data["name"], fallback="item", max_length=70)
    cls: type[Weapon] | type[Armour] = Armour if data.get("kind") == "armour" else Weapon
    return cls.model_validate(data)


def _import_csv(path: Path, edition: Edition) -> list[Item]:
    numbered = read_rows(path)
    header = [h.strip() for h in numbered[0][1]]
    errors = [f"header: unknown column {h!r}" for h in header if h not in CSV_COLUMNS]
    errors += duplicated_columns(header)
    if len(numbered) - 1 > MAX_ITEMS:
        errors.append(f"file has {len(numbered) - 1} items; the limit is {MAX_ITEMS}")
    if errors:
        raise DocumentError(path, errors)
    items: list[Item] = []
    first_row: dict[str, int] = {}
    for number, row in numbered[1:]:
        if len(row) > len(header):
            errors.append(f"row {number}: {len(row)} cells but only {len(header)} columns")
            continue
        try:
            item = _row_item(header, row, edition)
        except ValidationError as exc:
            for line in format_validation_error(exc):
                errors.append(f"row {number}: {line[10:]}" if line.startswith("document: ")
                              else f"row {number}, {line}")
            continue
        if item.edition != edition:
            errors.append(f"row {number}, edition: {item.name!r} is a {item.edition} item; "
                          f"importing into {edition}")
        elif item.id in first_row:
            errors.append(f"row {number}, id: {item.id!r} is also used in row "
                          f"{first_row[item.id]}")
        else:
            first_row[item.id] = number
            items.append(item)
    refuse_if_any(path, errors)
    return items


def import_items(path: Path | str, edition: Edition) -> list[Weapon | Armour]:
    """Items from a CSV (``.csv``) or catalogue JSON file, all marked ``builtin=False``.

    Every row is checked; if any fails, nothing is imported and DocumentError
    lists the problems as ``row 3, attack: message`` lines.
    """
    path = Path(path)
    edition = _check_edition(edition)
    if path.suffix.lower() == ".csv":
        return _import_csv(path, edition)
    model = _read_catalogue(path, edition)
    return [i.model_copy(update={"builtin": False}) if i.builtin else i for i in model.items]
