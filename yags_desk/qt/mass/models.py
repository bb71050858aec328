"""Item models of the battle view: one side's groups, and the turns fought.

:class:`GroupsModel` shows and edits the groups of one side of a battle held by
the view; an edit is checked here and refused with a message naming the group
and the field, or handed to the view as a whole new battle (one undo step).
:class:`TurnsModel` lists the turns fought, one sentence each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QStandardItem, QStandardItemModel

from yags_desk.rules.quick_combat import Battle, Group, TurnResult
from yags_desk.rules.quick_template import QuickTemplate
from yags_desk.storage.wording import gm_text

__all__ = ["COLUMNS", "GroupsModel", "PairingsModel", "TurnsModel", "common_start",
           "replace_group"]

Index = QModelIndex | QPersistentModelIndex

# (field, header) per column; "From" says where the numbers came from; "Wounds"
# marks a large group (RULES 1.12), 0 for one that is not.
COLUMNS = (("name", "Group"), ("count", "Figures"), ("initiative", "Init"),
           ("attack", "Attack"), ("defence", "Defence"), ("damage", "Damage"),
           ("soak", "Soak"), ("template", "From"), ("wounds", "Wounds (large)"))
_LABELS = dict(COLUMNS)
_STATS = ("initiative", "attack", "defence", "damage", "soak")
# Made once: Qt's flag operations are slow from Python, and a repaint asks for
# every visible cell.
_FIXED = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_EDITABLE = _FIXED | Qt.ItemFlag.ItemIsEditable
_LINE = _FIXED | Qt.ItemFlag.ItemNeverHasChildren
_NUMBERS = frozenset(("count", "wounds", *_STATS))
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
# The roles GroupsModel.data answers.
_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole,
                    Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole})
LARGE_TIP = ("A large creature: the wounds each figure takes before it falls (each damage "
             "success is one wound, and the wounds on a figure still standing carry to the "
             "next turn); 0: not large, each damage success removes a figure (RULES 1.12)")


def replace_group(battle: Battle, side: int, row: int, group: Group | None) -> Battle:
    """``battle`` with one group replaced (or removed when ``group`` is None).

    Raises ValidationError when the battle would not be valid (a name used twice)."""
    sides = [s.model_dump() for s in battle.sides]
    groups = sides[side]["groups"]
    if group is None:
        del groups[row]
    elif row == len(groups):
        groups.append(group.model_dump())
    else:
        groups[row] = group.model_dump()
    data = battle.model_dump()
    data["sides"] = sides
    if group is None:  # pairings naming the removed group go with it
        gone = battle.sides[side].groups[row].name
        data["pairings"] = [p for p in data["pairings"] if gone not in (p["a"], p["b"])]
    return Battle.model_validate(data)


class GroupsModel(QAbstractTableModel):
    """The groups of side ``side`` of the view's battle."""

    # A refused edit: the message names the group and the field.
    refused = Signal(str)

    def __init__(self, battle: Callable[[], Battle], side: int,
                 change: Callable[[Battle, str], None],
                 template: Callable[[Group], QuickTemplate | None]) -> None:
        super().__init__()
        self._battle = battle
        self.side = side
        self._change = change
        self._template = template
        self.locked = False  # turns have been fought: the set-up is fixed

    def groups(self) -> list[Group]:
        return list(self._battle().sides[self.side].groups)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._battle().sides[self.side].groups)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(COLUMNS)):
            return COLUMNS[section][1]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if self.locked or COLUMNS[index.column()][0] == "template":
            return _FIXED
        return _EDITABLE

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ROLES:  # most of what a repaint asks: answered before any lookup
            return None
        groups = self._battle().sides[self.side].groups  # read only: no copy per cell
        if not index.isValid() or index.row() >= len(groups):
            return None
        group = groups[index.row()]
        field = COLUMNS[index.column()][0]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if field == "template":
                if not group.template:
                    return "typed"
                template = self._template(group)
                return template.character if template else f"{group.template} (not found)"
            return getattr(group, field)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(group, field)
        if role == Qt.ItemDataRole.TextAlignmentRole and field in _NUMBERS:
            return _RIGHT
        return None

    def _tooltip(self, group: Group, field: str) -> str | None:
        if field == "wounds":
            return LARGE_TIP
        if field not in (*_STATS, "template"):
            return None
        if not group.template:
            return "Typed by the GM" if field in _STATS else None
        template = self._template(group)
        if template is None:
            return (f"Taken from character {group.template!r}, which is no longer in the "
                    "library")
        if field == "template":
            return template.describe()
        tip = template.explain(field)
        now = template.stats()[field]
        if now != getattr(group, field):
            # The character changed since the group was made: say so, change nothing.
            tip += (f"\n\n{template.character} now gives {now}; this battle keeps "
                    f"{getattr(group, field)} (add the group again to take the new numbers)")
        return tip

    def setData(self, index: Index, value: Any,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or self.locked:
            return False
        field = COLUMNS[index.column()][0]
        if field == "template":
            return False
        group = self.groups()[index.row()]
        label = _LABELS[field]
        if field == "name":
            text = str(value).strip()
            if not text:
                self.refused.emit(f"{label}: {group.name} needs a name")
                return False
            new: Any = text
        else:
            try:
                new = int(str(value).strip())
            except ValueError:
                self.refused.emit(f"{label} of {group.name}: {value!r} is not a whole number")
                return False
            if field == "wounds" and new < 0:
                self.refused.emit(f"{label} of {group.name}: 0 (not large) or more, "
                                  f"not {new}")
                return False
            if field == "count" and new <= 0:
                # A group fights with one figure or more (RULES 1.12).
                self.refused.emit(f"{label} of {group.name}: needs at least 1 figure, "
                                  f"not {new}")
                return False
        if getattr(group, field) == new:
            return False
        update: dict[str, Any] = {field: new}
        if field in _STATS:
            update.update(template="", style="")  # now typed by the GM
        try:
            changed = Group.model_validate({**group.model_dump(), **update})
            battle = replace_group(self._battle(), self.side, index.row(), changed)
        except ValidationError as exc:
            line = gm_text(exc).splitlines()[0].removeprefix("Sides: ")
            self.refused.emit(f"{label} of {group.name}: {line}")
            return False
        self._change(battle, f"{label} of {group.name}: {new}")
        return True

    def refresh(self) -> None:
        self.beginResetModel()
        self.endResetModel()


class TurnsModel(QStandardItemModel):
    """The turns fought so far, one line each (:meth:`TurnResult.describe`).

    [decision] Held by Qt (a QStandardItemModel), not answered from Python: the
    list lays out every row again when a turn is added (its lines wrap, so rows
    differ in height) and asks each row's size; a size kept in the row
    (``Qt.ItemDataRole.SizeHintRole``, measured by ``sizer``, see
    ``turns_list.TurnsList``) is answered in C++, so a turn added costs its own
    line, not one Python call per turn fought."""

    def __init__(self) -> None:
        super().__init__(0, 1)  # one column from the start: the first turn adds a row only
        self.turns: list[TurnResult] = []
        # The size of a line as the list shows it (None: the rows keep no size
        # and the delegate measures them).
        self.sizer: Callable[[str], QSize] | None = None
        # A turn's line (TurnResult.describe); the view gives the lines it worked
        # out ahead (BattleView._line) instead of describing the turn again.
        self.line_of: Callable[[TurnResult], str] = TurnResult.describe

    def set_turns(self, turns: list[TurnResult]) -> None:
        """Show ``turns``: rows added or removed at the end when only the end changed."""
        old = len(self.turns)
        common = common_start(self.turns, turns)
        if common < old:
            self.turns = self.turns[:common]
            self.removeRows(common, old - common)
        if len(turns) > common:
            self.turns = list(turns)
            self.invisibleRootItem().appendRows([self._item(t) for t in turns[common:]])

    def _item(self, turn: TurnResult) -> QStandardItem:
        line = self.line_of(turn)
        item = QStandardItem(line)
        item.setFlags(_LINE)  # not editable, no drag and drop: as a list model's rows
        item.setToolTip("\n".join(f"{name}: {left} left"
                                   for name, left in turn.remaining.items()))
        if self.sizer is not None:
            item.setData(self.sizer(line), Qt.ItemDataRole.SizeHintRole)
        return item

    def line(self, row: int) -> str:
        return self.item(row).text()

    def resize_lines(self) -> None:
        """Each row's size measured again (``sizer``: the list's width, font or
        style changed). Quietly: the sizes are the list's layout, which it does
        again itself (it may be handling an insert when its width changes, and a
        change reported then would be one inside another)."""
        if self.sizer is None:
            return
        quiet = self.blockSignals(True)
        try:
            for row in range(self.rowCount()):
                item = self.item(row)
                item.setData(self.sizer(item.text()), Qt.ItemDataRole.SizeHintRole)
        finally:
            self.blockSignals(quiet)


def common_start(old: list[TurnResult], new: list[TurnResult]) -> int:
    """How many turns ``old`` and ``new`` share from the start. The view's turns
    change at the end only (a turn fought or undone): when the last turn both hold
    is the same, so are those before it (one look, whatever the turns fought);
    otherwise each turn is compared."""
    if old and new:
        last = min(len(old), len(new)) - 1
        if old[last] is new[last] and old[0] is new[0]:
            return last + 1
    common = 0
    while common < min(len(old), len(new)) and old[common] is new[common]:
        common += 1
    return common


class PairingsModel(QAbstractListModel):
    """The pairings the GM declared, ``a`` against ``b`` (``a`` rolls initiative)."""

    def __init__(self, battle: Callable[[], Battle]) -> None:
        super().__init__()
        self._battle = battle

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._battle().pairings)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        pairings = self._battle().pairings
        if not index.isValid() or index.row() >= len(pairings):
            return None
        pairing = pairings[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{pairing.a} against {pairing.b}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{pairing.a} and {pairing.b} fight each other while both stand; "
                    "groups left without an opponent join the fight each turn")
        return None

    def refresh(self) -> None:
        self.beginResetModel()
        self.endResetModel()
