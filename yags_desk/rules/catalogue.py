"""The weapon and armour catalogue of one edition (RULES 1.3, 2).

A :class:`Catalogue` holds the read-only built-in items of an edition followed
by the GM's own (custom) items. It is a value: every edit returns a new
catalogue, so an undo stack can keep the old one. It reads no files; the
storage layer builds it from the built-in JSON (via
:func:`catalogue_from_document`) and the GM's saved custom items.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Armour, Weapon

__all__ = [
    "CATALOGUE_SCHEMA_VERSION",
    "Catalogue",
    "CatalogueItem",
    "catalogue_from_document",
]

CatalogueItem = Weapon | Armour
WeaponKind = Literal["melee", "missile", "shield"]

CATALOGUE_SCHEMA_VERSION = 1
_ID_MAX = 80  # same limit as the item models
_NAME_MAX = 80


def _describe(item: CatalogueItem) -> str:
    return f"{item.name!r}"


class Catalogue:
    """Built-in items (read-only) then custom items of one edition.

    Rules enforced here, each failing with a :class:`RulesError` whose message
    starts with the field concerned:

    - every item belongs to the catalogue's edition (``edition: ...``);
    - ids are unique across built-in and custom items (``id: ...``);
    - built-in items have ``builtin=True`` and cannot be replaced or removed,
      custom items have ``builtin=False`` (``builtin: ...``).
    """

    __slots__ = ("_builtin", "_custom", "_edition", "_index")

    def __init__(
        self,
        edition: Edition,
        builtin: Sequence[Weapon | Armour],
        custom: Sequence[Weapon | Armour] = (),
    ) -> None:
        self._edition: Edition = edition
        self._builtin: tuple[CatalogueItem, ...] = tuple(builtin)
        self._custom: tuple[CatalogueItem, ...] = tuple(custom)
        index: dict[str, CatalogueItem] = {}
        for item in self._builtin:
            self._check_item(item, builtin=True)
            self._check_new_id(item, index)
            index[item.id] = item
        for item in self._custom:
            self._check_item(item, builtin=False)
            self._check_new_id(item, index)
            index[item.id] = item
        self._index = index

    # -- checks ---------------------------------------------------------------

    def _check_item(self, item: CatalogueItem, *, builtin: bool) -> None:
        if not isinstance(item, (Weapon, Armour)):
            raise RulesError(f"kind: {item!r} is not a weapon, shield or armour")
        if item.edition != self._edition:
            raise RulesError(
                f"edition: {_describe(item)} is a {item.edition} item; "
                f"this catalogue is {self._edition}"
            )
        if builtin and not item.builtin:
            raise RulesError(f"builtin: built-in item {_describe(item)} must have builtin=True")
        if not builtin and item.builtin:
            raise RulesError(
                f"builtin: custom item {_describe(item)} must have builtin=False "
                "(copy a built-in item to change it)"
            )

    @staticmethod
    def _check_new_id(item: CatalogueItem, index: Mapping[str, CatalogueItem]) -> None:
        other = index.get(item.id)
        if other is not None:
            raise RulesError(
                f"id: {item.id!r} of {_describe(item)} is already used by {_describe(other)}"
            )

    def _readonly_error(self, item: CatalogueItem, action: str) -> RulesError:
        return RulesError(
            f"builtin: {_describe(item)} is a built-in item and cannot be {action}; "
            "copy it to make an editable version"
        )

    # -- reading --------------------------------------------------------------

    @property
    def edition(self) -> Edition:
        return self._edition

    @property
    def items(self) -> tuple[CatalogueItem, ...]:
        """Built-in items first, then custom items, each in their given order."""
        return self._builtin + self._custom

    def builtin_items(self) -> tuple[CatalogueItem, ...]:
        return self._builtin

    def custom_items(self) -> tuple[CatalogueItem, ...]:
        """The GM's own items, in order: what storage saves."""
        return self._custom

    def __len__(self) -> int:
        return len(self._index)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._index

    def __repr__(self) -> str:
        return (
            f"Catalogue(edition={self._edition!r}, builtin={len(self._builtin)} items, "
            f"custom={len(self._custom)} items)"
        )

    def get(self, item_id: str) -> CatalogueItem:
        try:
            return self._index[item_id]
        except KeyError:
            raise RulesError(
                f"id: no item {item_id!r} in the {self._edition} catalogue"
            ) from None

    def is_builtin(self, item_id: str) -> bool:
        """True for a built-in (read-only) item; False for custom or unknown ids."""
        item = self._index.get(item_id)
        return item is not None and item.builtin

    def weapons(self, kind: WeaponKind | None = None) -> tuple[Weapon, ...]:
        """Weapons and shields, optionally only those of one kind."""
        return tuple(
            item for item in self.items
            if isinstance(item, Weapon) and (kind is None or item.kind == kind)
        )

    def melee(self) -> tuple[Weapon, ...]:
        return self.weapons("melee")

    def missile(self) -> tuple[Weapon, ...]:
        return self.weapons("missile")

    def shields(self) -> tuple[Weapon, ...]:
        return self.weapons("shield")

    def armour(self) -> tuple[Armour, ...]:
        return tuple(item for item in self.items if isinstance(item, Armour))

    def find(self, text: str) -> tuple[CatalogueItem, ...]:
        """Items matching every word of ``text`` (case-insensitive substrings).

        A word matches the name, the id, a property, a 0.8 class or the
        classic skill. Empty text matches everything.
        """
        words = text.casefold().split()
        return tuple(
            item for item in self.items
            if all(any(word in field for field in _search_fields(item)) for word in words)
        )

    # -- editing (each returns a new catalogue) -------------------------------

    def _with_custom(self, custom: Iterable[CatalogueItem]) -> Catalogue:
        return Catalogue(self._edition, self._builtin, tuple(custom))

    def add_custom(self, item: Weapon | Armour) -> Catalogue:
        self._check_item(item, builtin=False)
        self._check_new_id(item, self._index)
        return self._with_custom((*self._custom, item))

    def replace_custom(self, item: Weapon | Armour) -> Catalogue:
        """Put ``item`` in place of the custom item with the same id."""
        current = self._index.get(item.id)
        if current is None:
            raise RulesError(f"id: no custom item {item.id!r} to replace")
        if current.builtin:
            raise self._readonly_error(current, "replaced")
        self._check_item(item, builtin=False)
        return self._with_custom(item if c.id == item.id else c for c in self._custom)

    def remove_custom(self, item_id: str) -> Catalogue:
        current = self._index.get(item_id)
        if current is None:
            raise RulesError(f"id: no custom item {item_id!r} to remove")
        if current.builtin:
            raise self._readonly_error(current, "removed")
        return self._with_custom(c for c in self._custom if c.id != item_id)

    def copy_builtin(
        self, item_id: str, new_name: str | None = None
    ) -> tuple[Catalogue, CatalogueItem]:
        """Add an editable copy of an item (usually a built-in one).

        The copy gets a fresh id (``long-sword-copy``, ``long-sword-copy-2``,
        ...), ``builtin=False`` and the name ``"<name> (copy)"`` unless
        ``new_name`` is given. Returns the new catalogue and the copy.
        """
        original = self.get(item_id)
        name = new_name if new_name is not None else _copy_name(original.name)
        data: dict[str, Any] = original.model_dump()
        data.update(id=self._fresh_copy_id(original.id), name=name, builtin=False)
        copy = _validate_item(data, loc=())
        return self.add_custom(copy), copy

    def _fresh_copy_id(self, item_id: str) -> str:
        n = 1
        while True:
            suffix = "-copy" if n == 1 else f"-copy-{n}"
            candidate = item_id[: _ID_MAX - len(suffix)] + suffix
            if candidate not in self._index:
                return candidate
            n += 1


def _copy_name(name: str) -> str:
    suffix = " (copy)"
    if len(name) + len(suffix) > _NAME_MAX:
        name = name[: _NAME_MAX - len(suffix)].rstrip()
    return name + suffix


def _search_fields(item: CatalogueItem) -> list[str]:
    fields = [item.name.casefold(), item.id, *(p.casefold() for p in item.properties)]
    if isinstance(item, Weapon):
        fields.extend(item.classes)
        if item.skill is not None:
            fields.append(item.skill)
    return fields


# -- loading the built-in documents ---------------------------------------------------


class _Envelope(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int
    kind: Literal["catalogue"]
    data: dict[str, Any]


class _CatalogueData(BaseModel):
    model_config = ConfigDict(extra="forbid")

    edition: Edition
    credit: str
    items: list[dict[str, Any]]


_FIELD_PREFIX = re.compile(r"^([a-z_]+): (.*)$", re.DOTALL)


def _format_errors(exc: ValidationError, loc: tuple[str | int, ...]) -> str:
    """pydantic errors as ``field.path: message`` lines.

    A model-level error whose message already starts with ``field: `` (as the
    item models' checks do) has that field moved into the path.
    """
    lines = []
    for error in exc.errors():
        path = [*loc, *error["loc"]]
        message = error["msg"]
        if error["type"] == "value_error":
            message = str(error.get("ctx", {}).get("error", message))
            match = _FIELD_PREFIX.match(message)
            if match:
                path.append(match.group(1))
                message = match.group(2)
        where = ".".join(str(part) for part in path) or "document"
        lines.append(f"{where}: {message}")
    return "\n".join(lines)


def _validate_item(raw: Mapping[str, Any], loc: tuple[str | int, ...]) -> CatalogueItem:
    model: type[Weapon] | type[Armour] = Armour if raw.get("kind") == "armour" else Weapon
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise RulesError(_format_errors(exc, loc)) from None


def catalogue_from_document(doc: Mapping[str, Any]) -> tuple[Edition, list[Weapon | Armour]]:
    """Validate a built-in catalogue document and return its edition and items.

    The document is ``{"schema_version": 1, "kind": "catalogue", "data":
    {"edition", "credit", "items": [...]}}``; an item whose ``kind`` is
    ``"armour"`` is an :class:`Armour`, any other a :class:`Weapon`. Problems
    raise :class:`RulesError` with one ``field.path: message`` line each.
    """
    if not isinstance(doc, Mapping):
        raise RulesError(f"document: expected a JSON object, got {type(doc).__name__}")
    try:
        envelope = _Envelope.model_validate(dict(doc))
    except ValidationError as exc:
        raise RulesError(_format_errors(exc, ())) from None
    if envelope.schema_version != CATALOGUE_SCHEMA_VERSION:
        newer = envelope.schema_version > CATALOGUE_SCHEMA_VERSION
        raise RulesError(
            f"schema_version: {envelope.schema_version} is "
            f"{'newer than this program reads' if newer else 'not supported'} "
            f"(expected {CATALOGUE_SCHEMA_VERSION})"
        )
    try:
        data = _CatalogueData.model_validate(envelope.data)
    except ValidationError as exc:
        raise RulesError(_format_errors(exc, ("data",))) from None

    items: list[Weapon | Armour] = []
    seen: dict[str, CatalogueItem] = {}
    for number, raw in enumerate(data.items):
        loc: tuple[str | int, ...] = ("data", "items", number)
        item = _validate_item(raw, loc)
        where = ".".join(str(part) for part in loc)
        if item.edition != data.edition:
            raise RulesError(
                f"{where}.edition: {_describe(item)} is a {item.edition} item; "
                f"this catalogue is {data.edition}"
            )
        if item.id in seen:
            raise RulesError(
                f"{where}.id: {item.id!r} of {_describe(item)} is already used by "
                f"{_describe(seen[item.id])}"
            )
        seen[item.id] = item
        items.append(item)
    return data.edition, items
