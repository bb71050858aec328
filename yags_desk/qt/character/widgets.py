"""Pieces of the character editor: cell delegates, compact tables and the derived panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from yags_desk.qt.character.model import DerivedSummaryModel, StylesModel

__all__ = [
    "COMPACT_WIDTH",
    "ChoiceDelegate",
    "DerivedPanel",
    "NameDelegate",
    "ReflowGrid",
    "SheetScroll",
    "compact_table",
    "known_skills",
]

AnyIndex = QModelIndex | QPersistentModelIndex

# Skill names the name editor suggests: the combat styles (RULES 1.2, RULES 2) and
# skills the rules name elsewhere (RULES 1.9-1.12).
_CLASSIC_SKILLS = ("Brawling", "Single weapon", "Weapon and shield", "Two weapons",
                   "Great weapon", "Throw", "Bow", "Athletics", "Riding", "Swimming",
                   "First aid", "Chirurgery", "Berserk", "Battle")
_V08_SKILLS = ("Brawl", "Single weapon", "Weapon and shield", "Two weapons", "Great weapon",
               "Longshaft weapon", "Throw", "Bow", "Crossbow", "Athletics", "Riding",
               "Swimming", "Awareness", "Stealth", "First aid")


def known_skills(edition: str) -> tuple[str, ...]:
    return _CLASSIC_SKILLS if edition == "classic" else _V08_SKILLS


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box of fixed choices ("" shows as "(none)")."""

    def __init__(self, choices: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choices = tuple(choices)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: AnyIndex) -> QWidget:
        combo = QComboBox(parent)
        for choice in self.choices:
            combo.addItem(choice or "(none)", choice)
        return combo

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        assert isinstance(editor, QComboBox)
        value = index.data(Qt.ItemDataRole.EditRole)
        found = editor.findData(value if value is not None else "")
        editor.setCurrentIndex(max(0, found))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class NameDelegate(QStyledItemDelegate):
    """A line edit that suggests known names while typing."""

    def __init__(self, names: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.names = list(names)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: AnyIndex) -> QWidget:
        edit = QLineEdit(parent)
        completer = QCompleter(self.names, edit)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        edit.setCompleter(completer)
        return edit


# Below this sheet width the side-by-side parts of the sheet are stacked.
COMPACT_WIDTH = 640


class SheetScroll(QScrollArea):
    """The scrolling sheet; tells ``on_compact`` when it gets narrower or wider
    than :data:`COMPACT_WIDTH` (judged on the viewport, so it cannot flip-flop)."""

    def __init__(self, on_compact: Callable[[bool], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.on_compact = on_compact
        self.compact: bool | None = None
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        compact = self.viewport().width() < COMPACT_WIDTH
        if compact != self.compact:
            self.compact = compact
            self.on_compact(compact)


class ReflowGrid(QGridLayout):
    """Label and field pairs laid out ``columns`` pairs to a row (changeable)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pairs: list[tuple[QWidget, QWidget]] = []
        self.columns = 0

    def add_pair(self, label: QWidget, field: QWidget) -> None:
        self.pairs.append((label, field))

    def set_columns(self, columns: int) -> None:
        if columns == self.columns:
            return
        for label, field in self.pairs:
            self.removeWidget(label)
            self.removeWidget(field)
        for col in range(2 * max(columns, self.columns)):
            self.setColumnStretch(col, 0)
        for i, (label, field) in enumerate(self.pairs):
            row, col = divmod(i, columns)
            self.addWidget(label, row, col * 2)
            self.addWidget(field, row, col * 2 + 1)
        for col in range(columns):
            self.setColumnStretch(col * 2 + 1, 1)
        self.columns = columns


def compact_table(model: QAbstractItemModel, stretch: int = 0, rows: int = 4,
                  table: QTableView | None = None) -> QTableView:
    """A small table: no row numbers, row selection, ``stretch`` column filling the width.

    ``table`` (one from a Designer form) is set up instead of a new one."""
    table = QTableView() if table is None else table
    table.setModel(model)
    table.verticalHeader().setVisible(False)
    row_height = table.fontMetrics().height() + 8
    table.verticalHeader().setDefaultSectionSize(row_height)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setWordWrap(False)
    table.setAlternatingRowColors(True)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    header.setHighlightSections(False)
    # Column widths from the visible rows and 100 more, not every row: a sheet
    # of 1,000 weapons otherwise measures 1,000 rows per column at each layout.
    header.setResizeContentsPrecision(100)
    table.setMinimumHeight(header.sizeHint().height() + rows * row_height + 4)
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
    return table


class DerivedPanel(QWidget):
    """Soak, load, tracks (and for 0.8 initiative, Move, maximum defences) above a
    table of every fighting style; hover any number to see how it was made."""

    def __init__(self, summary: DerivedSummaryModel, styles: StylesModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary_table = compact_table(summary, stretch=0, rows=6)
        self.summary_table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents)
        self.summary_table.horizontalHeader().setVisible(False)
        self.summary_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.summary_table.setSizePolicy(QSizePolicy.Policy.Expanding,
                                         QSizePolicy.Policy.Fixed)
        self.styles_table = compact_table(styles, stretch=0, rows=5)
        self.styles_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.styles_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(styles.columnCount() - 1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(28)
        self.styles_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.styles_table.setWordWrap(True)
        # [decision] Rows are fitted to their wrapped text by _fit_styles, when the
        # styles or the table's width change, not by a ResizeToContents header: that
        # measured every row at each of Qt's layout passes, and a character with 300
        # weapons (some 300 styles) took 1.5 s to open in the editor (issue 18).
        self.setMinimumWidth(290)
        self.styles_table.setHorizontalScrollMode(
            QAbstractItemView.ScrollMode.ScrollPerPixel)
        summary.modelReset.connect(self._fit_summary)
        summary.rowsInserted.connect(self._fit_summary)
        summary.rowsRemoved.connect(self._fit_summary)
        styles.rowsInserted.connect(self._fit_styles)
        styles.rowsRemoved.connect(self._fit_styles)
        styles.dataChanged.connect(self._fit_styles)

        hint = QLabel("Hover over a number to see how it was made.")
        hint.setWordWrap(True)
        hint.setEnabled(False)
        summary_box = QGroupBox("Derived")
        box = QVBoxLayout(summary_box)
        box.addWidget(self.summary_table)
        box.addWidget(hint)
        styles_box = QGroupBox("Fighting styles (before dice)")
        box2 = QVBoxLayout(styles_box)
        box2.addWidget(self.styles_table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(summary_box)
        layout.addWidget(styles_box, 1)
        self.styles_table.viewport().installEventFilter(self)
        self._fit_summary()
        self._fit_styles()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.styles_table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_styles()
        return super().eventFilter(watched, event)

    def _fit_summary(self, *_args: object) -> None:
        table = self.summary_table
        rows = table.model().rowCount()
        height = sum(table.rowHeight(r) for r in range(rows)) + 2 * table.frameWidth()
        table.setFixedHeight(max(height, table.verticalHeader().defaultSectionSize()))

    def _fit_styles(self, *_args: object) -> None:
        table = self.styles_table
        model = table.model()
        last = model.columnCount() - 1
        warned = any(model.index(r, last).data() for r in range(model.rowCount()))
        if table.isColumnHidden(last) == warned:
            table.setColumnHidden(last, not warned)
            # The last visible column takes the spare width.
            table.horizontalHeader().setSectionResizeMode(
                last - 1, QHeaderView.ResizeMode.ResizeToContents if warned
                else QHeaderView.ResizeMode.Stretch)
        # The style names wrap; the numbers and the damage type keep their width.
        header = table.horizontalHeader()
        others = sum(max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
                     for c in range(1, last + (1 if warned else 0)))
        if warned:
            others += 80  # leave the warnings a start; they wrap and have tooltips
        wanted = table.sizeHintForColumn(0) + 8
        room = table.viewport().width() - others
        table.setColumnWidth(0, max(90, min(wanted, room)))
        table.resizeRowsToContents()
