"""What the parts of the character editor ask of the part that holds them.

The editor holds the form, the form holds the equipment section; each part
reaches its holder through one of these protocols, never by importing it back,
so the files of this room import one another in one direction only
(editor → form → equipment_section → hosts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from PySide6.QtWidgets import QWidget

from yags_desk.qt.character.model import ArmourModel, WeaponsModel
from yags_desk.qt.common.editor_widgets import FieldMessage
from yags_desk.rules.character import Character
from yags_desk.rules.editions import Edition

__all__ = ["EditorHost", "FormHost", "Update"]

Update = Callable[[dict[str, Any]], None]


class EditorHost(Protocol):
    """The character editor, as its form sees it."""

    def character(self) -> Character: ...

    def change(self, text: str, update: Update, *, field: str,
               merge: str | None = None) -> bool: ...

    def duplicate(self) -> Character: ...

    def make_template(self) -> Character: ...

    def start_healing(self) -> bool: ...

    def equip(self, ids: Sequence[str]) -> bool: ...

    def refuse(self, field: str, message: str) -> bool: ...


class FormHost(Protocol):
    """The character form, as its equipment section sees it."""

    edition: Edition
    messages: dict[str, FieldMessage]
    weapons_model: WeaponsModel
    armour_model: ArmourModel

    @property
    def editor(self) -> EditorHost: ...

    @staticmethod
    def quietly(widget: QWidget, set_value: Any) -> None: ...

    def set_field(self, field: str, value: Any, text: str, merge: str | None = None) -> bool: ...

    def remove_rows(self, key: str, rows: list[int], noun: str, field: str = "") -> bool: ...
