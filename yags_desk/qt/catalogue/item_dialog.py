"""The form to add or edit one custom weapon, shield or armour.

The fields follow the edition's equipment tables (RULES 1.3 classic, RULES 2
and the 0.8 lists). Pressing OK validates through the pydantic item models and
the catalogue's own checks; every problem is shown at its field in a GM's
words (storage.wording) and the dialog stays open, so nothing invalid is
returned. The item's id is made from its name and never shown. A property
nobody uses yet (a typo of "two-handed"?) is named under the field and needs a
second OK.

The static frame (the Name row, the line for problems that belong to no field,
the buttons, the layouts) is the Qt Designer form ``ui/item_dialog.ui``. The
other fields differ per edition and kind (:func:`fields_for`), so they are made
here from ``_FIELDS`` and added to the form's ``fields`` layout below the name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.common.editor_widgets import FieldMessage
from yags_desk.qt.forms.ui_item_dialog import Ui_ItemDialog
from yags_desk.rules.catalogue import Catalogue
from yags_desk.rules.editions import Edition
from yags_desk.rules.items import Armour, ClassicWeaponSkill, DamageType, V08WeaponClass, Weapon
from yags_desk.storage.documents import format_validation_error
from yags_desk.storage.paths import slugify
from yags_desk.storage.wording import gm_line

__all__ = ["ItemDialog", "fields_for"]

Item = Weapon | Armour
CheckFn = Callable[[Item], None]

# (field, label, widget kind, tooltip). Widget kinds: text, int, number, list,
# ranges, skill, damage_type, notes.
_F = tuple[str, str, str, str]
_NAME: _F = ("name", "Name", "text", "")
_STR: _F = ("strength", "Strength", "int", "Strength needed without penalty; empty for none")
_PROPS: _F = ("properties", "Properties", "list", "Comma-separated, e.g. light, heavy, "
              "two-handed")
_SOURCE: _F = ("source", "Source", "text", "Where the numbers come from")
_NOTES: _F = ("notes", "Notes", "notes", "")
_RANGES: _F = ("ranges", "Ranges (m)", "ranges", "Short / medium / long / extreme in metres, "
               "e.g. 25/50/80/120")
_CLASSES: _F = ("classes", "Classes", "list",
                "Comma-separated: " + ", ".join(get_args(V08WeaponClass)))


def _bonus(field: str, label: str) -> _F:
    return (field, label, "int", "")


# Properties the rules act on (RULES 1.3, 1.5, 2); those of the catalogue's items
# are known too.
RULE_PROPERTIES = ("firearm", "heavy", "light", "natural", "reload", "throwable",
                   "two-handed")

_FIELDS: dict[tuple[Edition, str], tuple[_F, ...]] = {
    ("classic", "melee"): (
        _NAME, _bonus("init", "Init"), _bonus("attack", "Attk"),
        _bonus("defence", "Defn"), _bonus("damage", "Dmg"), _STR,
        ("toughness", "Toughness", "int", "Toughness against breaking; empty for none"),
        ("load", "Load", "number", ""), ("skill", "Skill", "skill", ""), _PROPS, _SOURCE,
        _NOTES),
    ("classic", "missile"): (
        _NAME, _bonus("init", "Init"), _bonus("attack", "Attk"),
        _bonus("damage", "Dmg"), _STR, ("toughness", "Toughness", "int", ""),
        ("load", "Load", "number", ""), ("skill", "Skill", "skill", ""), _RANGES, _PROPS,
        _SOURCE, _NOTES),
    ("classic", "shield"): (
        _NAME, _bonus("init", "Init"), _bonus("attack", "Attk"),
        _bonus("defence", "Defn"), _bonus("damage", "Dmg"), _STR,
        ("toughness", "Toughness", "int", ""), ("load", "Load", "number", ""), _PROPS,
        _SOURCE, _NOTES),
    ("classic", "armour"): (
        _NAME, ("half_protection", "Half protection", "int", "Soak added, half coverage"),
        ("half_load", "Half load", "number", ""),
        ("full_protection", "Full protection", "int", "Soak added, full coverage"),
        ("full_load", "Full load", "number", ""), _PROPS, _SOURCE, _NOTES),
    ("0.8", "melee"): (
        _NAME, _bonus("attack", "Attack"), _bonus("defence", "Defence"),
        _bonus("damage", "Damage"), ("damage_type", "Damage type", "damage_type", ""), _STR,
        ("load", "Load", "number", ""), ("reach", "Reach", "int", "Empty for none"), _CLASSES,
        _PROPS, _SOURCE, _NOTES),
    ("0.8", "missile"): (
        _NAME, _bonus("attack", "Attack"), _bonus("damage", "Damage"),
        ("damage_type", "Damage type", "damage_type", ""), _STR,
        ("load", "Load", "number", ""), _RANGES, _CLASSES, _PROPS, _SOURCE, _NOTES),
    ("0.8", "shield"): (
        _NAME, _bonus("attack", "Attack"), _bonus("defence", "Defence"),
        ("bash", "Bash", "int", "Damage bonus of a shield bash; empty for none"), _STR,
        ("load", "Load", "number", ""), _CLASSES, _PROPS, _SOURCE, _NOTES),
    ("0.8", "armour"): (
        _NAME, ("protection", "Protection", "int", ""), ("load", "Load", "number", ""),
        ("covers", "Covers", "list", "Comma-separated body parts, e.g. torso, arms"), _PROPS,
        _SOURCE, _NOTES),
}

_KIND_NAMES = {"melee": "melee weapon", "missile": "missile weapon", "shield": "shield",
               "armour": "armour"}


def fields_for(edition: Edition, kind: str) -> tuple[str, ...]:
    """The item fields the dialog shows for an edition and kind."""
    return tuple(f[0] for f in _FIELDS[(edition, kind)])


def _text(value: Any, kind: str) -> str:
    if value is None:
        return ""
    if kind == "ranges":
        return "/".join(str(v) for v in value)
    if kind == "list":
        return ", ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class ItemDialog(QDialog):
    """Add (``item=None``) or edit a custom item of ``kind`` in ``catalogue``.

    On OK the validated item is in :attr:`result_item`. ``catalogue`` is used
    to pick a free id for a new item and to check the result fits (a new id
    must be unused).
    """

    def __init__(self, catalogue: Catalogue, kind: str, item: Item | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_ItemDialog()
        self.ui.setupUi(self)
        self.catalogue = catalogue
        self.edition: Edition = catalogue.edition
        self.kind = kind if item is None else item.kind
        self.original = item
        self.result_item: Item | None = None
        if item is not None and item.builtin:
            raise ValueError(f"builtin: {item.name} is a built-in item and cannot be edited")
        what = _KIND_NAMES[self.kind]
        self.setWindowTitle(f"Edit {what}" if item else f"New {what}")

        self.widgets: dict[str, QWidget] = {}
        self.messages: dict[str, FieldMessage] = {}
        self._specs = {f[0]: f for f in _FIELDS[(self.edition, self.kind)]}
        for field, label, widget_kind, tip in self._specs.values():
            named = field == "name"  # every kind's first field, in the form
            widget = self.ui.name_edit if named else self._make_widget(widget_kind)
            if tip:
                widget.setToolTip(tip)
            message = FieldMessage(widget)
            if named:
                self.ui.name_box.addWidget(message)
            else:
                holder = QWidget()
                box = QVBoxLayout(holder)
                box.setContentsMargins(0, 0, 0, 0)
                box.setSpacing(2)
                box.addWidget(widget)
                box.addWidget(message)
                self.ui.fields.addRow(label, holder)
            self.widgets[field] = widget
            self.messages[field] = message
        self.other_problems = self.ui.other_problems
        self.other_problems.hide()
        self.ui.buttons.accepted.connect(self.accept)
        self.ui.buttons.rejected.connect(self.reject)

        if item is not None:
            self._load(item)
        else:
            self._load_defaults()
        # Unknown properties the GM was told about; OK again keeps them.
        self._warned: frozenset[str] = frozenset()
        properties = self.widgets.get("properties")
        if isinstance(properties, QLineEdit):
            properties.editingFinished.connect(self._check_properties)

    # -- building -------------------------------------------------------------------

    def _make_widget(self, kind: str) -> QWidget:
        if kind == "notes":
            notes = QPlainTextEdit()
            notes.setTabChangesFocus(True)
            notes.setFixedHeight(64)
            return notes
        if kind in ("skill", "damage_type"):
            combo = QComboBox()
            choices = get_args(ClassicWeaponSkill) if kind == "skill" else get_args(DamageType)
            combo.addItems(list(choices))
            return combo
        edit = QLineEdit()
        if kind in ("int", "number"):
            edit.setPlaceholderText("—")
        return edit

    def _set(self, field: str, value: Any) -> None:
        widget = self.widgets[field]
        kind = self._specs[field][2]
        if isinstance(widget, QComboBox):
            widget.setCurrentText(str(value) if value is not None else "")
        elif isinstance(widget, QPlainTextEdit):
            widget.setPlainText(str(value or ""))
        elif isinstance(widget, QLineEdit):
            widget.setText(_text(value, kind))

    def _load(self, item: Item) -> None:
        for field in self._specs:
            self._set(field, getattr(item, field, None))

    def _load_defaults(self) -> None:
        self._set("name", "")
        for field in ("init", "attack", "defence", "damage"):
            if field in self._specs:
                self._set(field, 0)
        if "skill" in self._specs:
            self._set("skill", "throw" if self.kind == "missile" else "single")
        if "load" in self._specs:
            self._set("load", 0)
        if "source" in self._specs:
            self._set("source", "custom")
        if self.edition == "0.8" and "classes" in self._specs:
            default = {"melee": "single", "missile": "thrown", "shield": "shield"}[self.kind]
            self._set("classes", (default,))

    def item_id(self) -> str:
        """The id the item gets: an edited item keeps its own, a new one is made
        from the name (``-2``, ``-3``... when taken)."""
        if self.original is not None:
            return self.original.id
        name = self.raw_value("name")
        return self._free_id(slugify(str(name or ""), fallback="item", max_length=70))

    def known_properties(self) -> list[str]:
        """Properties the rules use or an item of this catalogue already has
        (weapons and shields, or armour, as this item is)."""
        armour = self.kind == "armour"
        known = set() if armour else set(RULE_PROPERTIES)
        for other in self.catalogue.items:
            if isinstance(other, Armour) == armour:
                known.update(other.properties)
        return sorted(known)

    def unknown_properties(self) -> list[str]:
        if "properties" not in self._specs:
            return []
        known = set(self.known_properties())
        if self.original is not None:
            known.update(self.original.properties)
        return [p for p in self.raw_value("properties") if p not in known]

    def _check_properties(self) -> bool:
        """Warn under Properties about ones not known yet; True if there are none
        the GM has not been told about."""
        unknown = self.unknown_properties()
        message = self.messages["properties"]
        if not unknown:
            message.clear_problem()
            return True
        names = ", ".join(f"“{p}”" for p in unknown)
        message.show_problem(
            f"{'Unknown properties' if len(unknown) > 1 else 'Unknown property'} {names}: "
            "the rules will not act on "
            f"{'them' if len(unknown) > 1 else 'it'}. Known properties: "
            f"{', '.join(self.known_properties())}. Press OK again to keep "
            f"{'them' if len(unknown) > 1 else 'it'}.")
        fresh = frozenset(unknown) - self._warned
        self._warned |= frozenset(unknown)
        return not fresh

    def _free_id(self, base: str) -> str:
        candidate, n = base, 2
        while candidate in self.catalogue:
            candidate = f"{base}-{n}"
            n += 1
        return candidate

    # -- values and validation ------------------------------------------------------

    def raw_value(self, field: str) -> Any:
        widget = self.widgets[field]
        kind = self._specs[field][2]
        if isinstance(widget, QComboBox):
            return widget.currentText()
        if isinstance(widget, QPlainTextEdit):
            return widget.toPlainText()
        assert isinstance(widget, QLineEdit)
        text = widget.text().strip()
        if kind == "ranges":
            parts = [p.strip() for p in text.replace(",", "/").split("/") if p.strip()]
            return parts or None
        if kind == "list":
            return [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        if kind in ("int", "number"):
            return text.lstrip("+") or None
        return text

    def data(self) -> dict[str, Any]:
        """The item as a dict for validation (fields the form does not show are kept)."""
        data: dict[str, Any] = {}
        if self.original is not None:
            data.update(self.original.model_dump())
        data.update(edition=self.edition, kind=self.kind, builtin=False)
        if self.kind == "shield" and self.edition == "classic":
            data["skill"] = "shield"
        for field in self._specs:
            value = self.raw_value(field)
            if value is None and field in ("load", "attack", "defence", "damage", "init"):
                value = 0
            data[field] = value
        data["id"] = self.item_id()
        return data

    def validate(self) -> Item | None:
        """The item the form describes, or None after showing every problem at its field."""
        for message in self.messages.values():
            message.clear_problem()
        self.other_problems.hide()
        properties_ok = self._check_properties()
        model: type[Weapon] | type[Armour] = Armour if self.kind == "armour" else Weapon
        try:
            item = model.model_validate(self.data())
        except ValidationError as exc:
            self._show_problems(format_validation_error(exc))
            return None
        try:
            if self.original is None:
                self.catalogue.add_custom(item)
            else:
                self.catalogue.replace_custom(item)
        except ValueError as exc:
            self._show_problems(str(exc).splitlines())
            return None
        if not properties_ok:
            self.widgets["properties"].setFocus()
            return None
        return item

    def problems(self) -> dict[str, str]:
        """The message shown at each field that has one."""
        found = {f: m.problem() for f, m in self.messages.items() if m.problem()}
        if not self.other_problems.isHidden():
            found["document"] = self.other_problems.text()
        return found

    def _show_problems(self, lines: list[str]) -> None:
        by_field: dict[str, list[str]] = {}
        other: list[str] = []
        for line in lines:
            where, _, _message = line.partition(": ")
            field = where.split(".")[0]
            if field == "id":  # the id comes from the name
                field = "name"
            if field in self.messages:
                by_field.setdefault(field, []).append(gm_line(line))
            else:
                other.append(gm_line(line))
        for field, messages in by_field.items():
            self.messages[field].show_problem("\n".join(messages))
        if other:
            self.other_problems.setText("\n".join(other))
            self.other_problems.show()
        first = next(iter(by_field), None)
        if first is not None:
            self.widgets[first].setFocus()

    def accept(self) -> None:
        item = self.validate()
        if item is None:
            return
        self.result_item = item
        super().accept()
