"""Undo commands and import merging of the catalogue view.

A catalogue is an immutable value, so one command type serves every change:
it holds the catalogue before and after and swaps them in the shared store.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from yags_desk.rules.catalogue import Catalogue
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Armour, Weapon

__all__ = ["CatalogueCommand", "CatalogueTarget", "merge_imported"]

Item = Weapon | Armour


class _Store(Protocol):
    def set_catalogue(self, catalogue: Catalogue) -> None: ...


class CatalogueTarget(Protocol):
    """What a command changes: the view's shared store, and the rows to select
    after (the catalogue view is one; the command never imports it back)."""

    @property
    def store(self) -> _Store: ...

    def select_items(self, ids: Sequence[str]) -> None: ...


class CatalogueCommand(QUndoCommand):
    """Swap the store's catalogue from ``before`` to ``after`` (and back on undo)."""

    def __init__(self, view: CatalogueTarget, before: Catalogue, after: Catalogue, text: str,
                 select: Sequence[str] = ()) -> None:
        super().__init__(text)
        self.view = view
        self.before = before
        self.after = after
        self.select = tuple(select)

    def redo(self) -> None:
        self.view.store.set_catalogue(self.after)
        self.view.select_items(self.select)

    def undo(self) -> None:
        self.view.store.set_catalogue(self.before)


def merge_imported(catalogue: Catalogue, items: Sequence[Item]) -> tuple[Catalogue, int, int, int]:
    """Add imported items: (new catalogue, added, replaced, skipped).

    [decision] An item whose id is a custom item's replaces it (re-importing an
    export updates it); an item equal to a built-in one (a built-in exported
    and read back) is skipped; any other item with a built-in's id is refused
    with a RulesError, and then nothing is imported.
    """
    added = replaced = skipped = 0
    for item in items:
        if catalogue.is_builtin(item.id):
            builtin = catalogue.get(item.id)
            if builtin.model_dump(exclude={"builtin"}) == item.model_dump(exclude={"builtin"}):
                skipped += 1
                continue
            raise RulesError(f"id: {item.id!r} ({item.name}) is the id of the built-in "
                             f"{builtin.name}; give the imported item another id")
        if item.id in catalogue:
            catalogue = catalogue.replace_custom(item)
            replaced += 1
        else:
            catalogue = catalogue.add_custom(item)
            added += 1
    return catalogue, added, replaced, skipped
