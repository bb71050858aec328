"""Qt models over one character: skills, advantages, weapons, armour and derived values.

Each model holds a copy of the rows it shows and is brought up to date with
``set_character`` / ``set_derived`` after every change, emitting only the
signals of the rows that changed (:func:`~yags_desk.qt.common.list_sync.sync_rows`).
Editable models never change the character themselves: ``setData`` hands the
edit to their ``edit`` callback (the editor), which validates the whole
character and pushes an undo command, or refuses and says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import QApplication

from yags_desk.help.refs import for_screen
from yags_desk.qt.common.list_sync import sync_rows
from yags_desk.qt.common.roles import Role
from yags_desk.rules.character import Character, Skill, WornArmour
from yags_desk.rules.derived import Derived, StyleValues
from yags_desk.rules.items import Weapon
from yags_desk.rules.values import Value, signed
from yags_desk.rules.words import counted

__all__ = [
    "AdvantagesModel",
    "ArmourModel",
    "DerivedRow",
    "DerivedSummaryModel",
    "EditFn",
    "SkillsModel",
    "StylesModel",
    "WeaponsModel",
    "derived_rows",
]

AnyIndex = QModelIndex | QPersistentModelIndex
# edit(row, field, value) -> True if the character took the change.
EditFn = Callable[[int, str, Any], bool]
_NONE = "—"
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
# The roles StylesModel.data answers.
_STYLE_ROLES = frozenset(int(r) for r in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole,
    Role.VALUE, Role.OBJECT))


def _load(v: float) -> str:
    return f"{v:g}"


class _RowsModel(QAbstractTableModel):
    """A table over a Python list of rows with fixed headers."""

    headers: tuple[str, ...] = ()
    header_tips: tuple[str, ...] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        self.edit: EditFn | None = None

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.headers):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        if role == Qt.ItemDataRole.ToolTipRole and section < len(self.header_tips):
            return self.header_tips[section] or None
        return None

    def row_object(self, row: int) -> Any:
        return self._rows[row]

    def _sync(self, rows: list[Any], key: Callable[[Any], Any]) -> None:
        sync_rows(self, self._rows, rows, key=key, columns=len(self.headers))

    def _valid(self, index: AnyIndex) -> bool:
        return (index.isValid() and 0 <= index.row() < len(self._rows)
                and 0 <= index.column() < len(self.headers))


class SkillsModel(_RowsModel):
    """Skills: name, value (a percentage in classic, a level in 0.8), difficulty (classic)."""

    def __init__(self, edition: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.edition = edition
        self.fields = ("name", "value", "difficulty") if edition == "classic" else \
            ("name", "value")
        self.headers = ("Skill", "%", "Difficulty") if edition == "classic" else \
            ("Skill", "Level")

    def set_character(self, character: Character) -> None:
        self._sync(list(character.skills), key=lambda s: s.name.casefold())

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self._valid(index):
            return None
        skill: Skill = self._rows[index.row()]
        field = self.fields[index.column()]
        value = getattr(skill, field)
        if role == Qt.ItemDataRole.DisplayRole:
            if field == "value" and self.edition == "classic":
                return f"{value}%"
            return "" if value is None else str(value)
        if role == Qt.ItemDataRole.EditRole:
            return "" if value is None else value
        if role == Qt.ItemDataRole.TextAlignmentRole and field == "value":
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and field == "value":
            return ("Percentage: attribute × skill% (Rules reference §1.1)"
                    if self.edition == "classic"
                    else "Level: attribute × level (Rules reference §2)")
        if role == Role.OBJECT:
            return skill
        if role == Role.SORT:
            return value if field == "value" else str(value or "").casefold()
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsEditable)

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not self._valid(index) or self.edit is None:
            return False
        field = self.fields[index.column()]
        if field == "difficulty" and value == "":
            value = None
        if isinstance(value, str) and field == "value":
            value = value.strip().rstrip("%").strip()
        return self.edit(index.row(), field, value)


class AdvantagesModel(QAbstractListModel):
    """The character's advantages, one editable name per row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[str] = []
        self.edit: EditFn | None = None

    def set_character(self, character: Character) -> None:
        sync_rows(self, self._rows, list(character.advantages), key=lambda a: a, columns=1)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Role.OBJECT):
            return self._rows[index.row()]
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsEditable)

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or self.edit is None:
            return False
        return self.edit(index.row(), "name", str(value))


class WeaponsModel(_RowsModel):
    """Weapons carried, in sheet order (the first is the primary of two weapons)."""

    def __init__(self, edition: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.edition = edition
        self.headers = (("Weapon", "Skill", "Init", "Attk", "Defn", "Dmg", "Load")
                        if edition == "classic" else
                        ("Weapon", "Classes", "Attack", "Defence", "Damage", "Load"))

    def set_character(self, character: Character) -> None:
        self._sync(list(character.weapons), key=lambda w: w)

    def _cells(self, w: Weapon) -> tuple[str, ...]:
        if self.edition == "classic":
            return (w.name, w.skill or "", signed(w.init), signed(w.attack),
                    signed(w.defence), signed(w.damage), _load(w.load))
        return (w.name, ", ".join(w.classes), signed(w.attack), signed(w.defence),
                signed(w.damage), _load(w.load))

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self._valid(index):
            return None
        weapon: Weapon = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cells(weapon)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() >= 2:
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            first = "the primary weapon when fighting with two" if index.row() == 0 else ""
            return "; ".join(p for p in (f"{weapon.name} ({weapon.kind})", weapon.notes, first)
                             if p)
        if role == Role.OBJECT:
            return weapon
        if role == Role.ITEM_ID:
            return weapon.id
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class ArmourModel(_RowsModel):
    """Armour worn; in classic each piece is worn at half or full coverage (RULES 1.3)."""

    def __init__(self, edition: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.edition = edition
        self.headers = (("Armour", "Coverage", "Prot", "Load") if edition == "classic"
                        else ("Armour", "Covers", "Prot", "Load"))

    def set_character(self, character: Character) -> None:
        self._sync(list(character.armour), key=lambda a: a)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self._valid(index):
            return None
        worn: WornArmour = self._rows[index.row()]
        prot, load = worn.item.rating(worn.coverage)
        col = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            second = (worn.coverage or "") if self.edition == "classic" else \
                ", ".join(worn.item.covers)
            return (worn.item.name, second, str(prot), _load(load))[col]
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= 2:
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and col == 1 and self.edition == "classic":
            return "Half or full coverage (double-click to change)"
        if role == Role.OBJECT:
            return worn
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == 1 and self.edition == "classic":
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (role != Qt.ItemDataRole.EditRole or not self._valid(index) or index.column() != 1
                or self.edition != "classic" or self.edit is None):
            return False
        return self.edit(index.row(), "coverage", str(value))


class StylesModel(_RowsModel):
    """Every way the character can fight, with its numbers before dice (RULES 1.2, 2).

    Each number's tooltip (and :data:`Role.VALUE`) is how it was made.
    """

    def __init__(self, edition: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.edition = edition
        self.fields = (("label", "initiative", "attack", "defence", "damage", "damage_kind",
                        "warnings") if edition == "classic" else
                       ("label", "attack", "defence", "damage", "damage_kind", "warnings"))
        names = {"label": "Style", "initiative": "Init", "attack": "Atk",
                 "defence": "Def", "damage": "Dmg", "damage_kind": "Type",
                 "warnings": "Warnings"}
        tips = {"label": "Skill and equipment", "initiative": "Initiative",
                            "attack": "Attack", "defence": "Defence", "damage": "Damage",
                            "damage_kind": "What the damage fills: wounds, fatigue (classic), "
                            "stuns or mixed (0.8)", "warnings": "Why a number is lowered"}
        self.header_tips = tuple(tips[f] for f in self.fields)
        self.headers = tuple(names[f] for f in self.fields)

    def set_derived(self, derived: Derived) -> None:
        self._sync(list(derived.styles), key=lambda s: s.label)

    def column_of(self, field: str) -> int:
        return self.fields.index(field)

    def row_of(self, label: str) -> int:
        return next((r for r, s in enumerate(self._rows) if s.label == label), -1)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Asked some 15 times a cell while Qt fits the rows to their wrapped text:
        # roles this model never answers are turned away first, and the index is
        # checked by its row and column alone (an invalid one has row -1).
        if role not in _STYLE_ROLES:
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < len(self._rows) and 0 <= column < len(self.fields)):
            return None
        style: StyleValues = self._rows[row]
        field = self.fields[column]
        raw = getattr(style, field)
        if role == Qt.ItemDataRole.DisplayRole:
            if isinstance(raw, Value):
                return str(raw.total) if style.usable else _NONE
            if raw is None:
                return _NONE
            if field == "warnings":
                return "; ".join(raw)
            return str(raw)
        if role == Qt.ItemDataRole.ToolTipRole:
            if isinstance(raw, Value):
                return raw.explain()
            if raw is None and field == "defence":
                return "No defence is possible with this style"
            if field == "label":
                return (f"{style.label}\n{style.skill} {style.skill_value}"
                        f"{'%' if self.edition == 'classic' else ''}; "
                        f"fumble chance {style.fumble_chance}")
            if field == "warnings" and raw:
                return "\n".join(raw)
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(raw, Value | None) \
                and field not in ("label", "warnings", "damage_kind"):
            return _RIGHT
        if role == Qt.ItemDataRole.ForegroundRole and not style.usable:
            app = QApplication.instance()
            if isinstance(app, QApplication):
                return QBrush(app.palette().color(QPalette.ColorGroup.Disabled,
                                                  QPalette.ColorRole.Text))
            return None
        if role == Role.VALUE:
            return raw if isinstance(raw, Value) else None
        if role == Role.OBJECT:
            return style
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


@dataclass(frozen=True)
class DerivedRow:
    """One line of the derived summary: a label, the text shown and how it was made."""

    label: str
    text: str
    how: str
    value: Value | None = None


def _load_how(c: Character) -> str:
    lines = [f"{_load(w.load)}  {w.name}" for w in c.weapons if w.load]
    if c.shield is not None and c.shield.load:
        lines.append(f"{_load(c.shield.load)}  {c.shield.name}")
    for worn in c.armour:
        load = worn.item.rating(worn.coverage)[1]
        if load:
            cov = f" ({worn.coverage})" if worn.coverage else ""
            lines.append(f"{_load(load)}  {worn.item.name}{cov}")
    if c.other_load:
        lines.append(f"{_load(c.other_load)}  other gear")
    lines.append(f"= {_load(c.carried_load())}")
    return "\n".join(lines)


def _track(names: tuple[str, ...], filled: int) -> str:
    return " ".join(("■" if i < filled else "□") for i in range(len(names)))


def derived_rows(c: Character, d: Derived) -> list[DerivedRow]:
    """The lines of the derived panel for a character and its derived values."""
    rows = [DerivedRow("Soak", str(d.soak.total), d.soak.explain(), d.soak)]
    if d.edition == "classic":
        over = d.load - d.load_allowance
        rows += [
            DerivedRow("Load / allowance", f"{_load(d.load)} / {_load(d.load_allowance)}",
                       _load_how(c) + f"\nAllowance: Strength {_load(d.load_allowance)} "
                       "(Rules reference §1.4)"),
            DerivedRow("Load penalty", str(d.load_penalty),
                       f"-1 per full 2 points of load over the allowance; over by "
                       f"{_load(max(0.0, over))} (Rules reference §1.4)"),
            DerivedRow("Wounds", f"{d.wound_level} ({d.wound_penalty})",
                       f"{c.wounds} body levels taken\nTrack: "
                       f"{', '.join(d.body_track)}\n{_track(d.body_track, c.wounds)}"),
            DerivedRow("Fatigue", f"{d.fatigue_level} ({d.fatigue_penalty})",
                       f"{c.fatigue_short} short-term + {c.fatigue_long} long-term\nTrack: "
                       f"{', '.join(d.fatigue_track)}\n"
                       f"{_track(d.fatigue_track, c.fatigue_short + c.fatigue_long)}"),
            DerivedRow("Total penalty", str(d.total_penalty),
                       f"{d.wound_penalty}  wounds\n{signed(d.fatigue_penalty)}  fatigue\n"
                       f"{signed(d.load_penalty)}  load\n= {d.total_penalty}\n"
                       "On every roll except damage (Rules reference §1.4)"),
        ]
        if d.berserk is not None:
            rows.append(DerivedRow("Berserk roll", str(d.berserk.total), d.berserk.explain()
                                   + "\n+ 2d10!, 15 or more to go berserk "
                                   "(Rules reference §1.9)",
                                   d.berserk))
        return rows
    assert d.initiative is not None and d.move is not None and d.max_defences is not None
    rows += [
        DerivedRow("Initiative", str(d.initiative.total),
                   d.initiative.explain() + "\n+ d20, once per combat (Rules reference §2)",
                   d.initiative),
        DerivedRow("Move", str(d.move.total), d.move.explain(), d.move),
        DerivedRow("Max defences", str(d.max_defences.total), d.max_defences.explain(),
                   d.max_defences),
        DerivedRow("Load", f"{_load(d.load)} ({d.load_level})",
                   _load_how(c) + f"\nUnencumbered up to Strength {_load(d.load_allowance)}"),
        DerivedRow("Encumbrance", f"Agility {d.agility_penalty}, fatigue {d.load_penalty}",
                   "Agility penalty and penalty to rolls resisting fatigue from load "
                   "(combat-melee.yags, Encumbrance)"),
        DerivedRow("Wounds", f"{d.wound_level} ({d.wound_penalty})",
                   f"{counted(c.wounds, 'wound')} taken"),
        DerivedRow("Stuns", f"{d.stun_level} ({d.stun_penalty})",
                   f"{counted(c.stuns, 'stun')} taken"),
        DerivedRow("Total penalty", str(d.total_penalty),
                   f"{d.wound_penalty}  wounds\n{signed(d.stun_penalty)}  stuns\n"
                   f"= {d.total_penalty}"),
    ]
    return rows


class DerivedSummaryModel(_RowsModel):
    """Two columns, quantity and value; the tooltip says how each value was made."""

    headers = ("Quantity", "Value")

    def set_rows(self, rows: list[DerivedRow]) -> None:
        self._sync(rows, key=lambda r: r.label)

    def row_of(self, label: str) -> int:
        return next((r for r, row in enumerate(self._rows) if row.label == label), -1)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self._valid(index):
            return None
        row: DerivedRow = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row.label if index.column() == 0 else row.text
        if role == Qt.ItemDataRole.ToolTipRole:
            return for_screen(row.how)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 1:
            return _RIGHT
        if role == Role.VALUE:
            return row.value
        if role == Role.OBJECT:
            return row
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
