"""The 2-minute tour: the sample fight on a battle board and a few steps explaining it.

The tour opens the sample encounter (the ford ambush from the built-in sample
library, as a new unsaved board, so the GM's own files are never touched) and
shows a small non-modal window with one step at a time: the board, declare,
initiative, attack, the log, undo. Next, Back and Close move through it; the
board stays usable all along, and closing the tour leaves it open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from yags_desk.qt.shell.window_base import WindowBase
from yags_desk.storage.paths import resource_dir

if TYPE_CHECKING:
    from yags_desk.qt.battle.board import BattleBoard

__all__ = ["STEPS", "SAMPLE_FIGHT", "Step", "Tour", "start_tour"]

SAMPLE_FIGHT = "ford-ambush.json"


@dataclass(frozen=True)
class Step:
    title: str
    text: str


STEPS: tuple[Step, ...] = (
    Step("The battle board",
         "This is a sample fight: the party against bandits at a ford. Each card is a "
         "fighter, standing in its row; the header says the round and what happens "
         "next. Nothing here is saved unless you save it."),
    Step("1. Declare",
         "Press <b>Space</b> (Next). The rules start each round with declarations: "
         "for each fighter a dialog asks the style, the target and any special attack. "
         "Enter declares."),
    Step("2. Initiative",
         "When everyone has declared, Next opens initiative: NPCs are rolled for you, "
         "players type the dice they rolled. <b>R</b> rolls whatever is missing."),
    Step("3. Attack",
         "Then each fighter acts in turn. The attack dialog lists every modifier with its "
         "source and the exact odds <i>before</i> any die is rolled. Roll or type the "
         "dice, read the result, and press Enter to apply it."),
    Step("4. The log",
         "Every confirmed step is written in the log below the cards, one sentence each, "
         "under a heading per round. Filter it by name, or copy lines with Ctrl+C."),
    Step("5. Undo",
         "Made a mistake? <b>Ctrl+Z</b> takes back the last step, Ctrl+Shift+Z puts it "
         "back. The fight is never changed behind your back."),
    Step("That's it",
         "Press <b>F1</b> in any window or dialog for its page of the manual; Help ▸ "
         "Rules reference sums up the rules. Close this tour and play on, or close "
         "the sample's tab."),
)


class Tour(QWidget):
    """The tour's small window: a step's title and text, Back, Next and Close."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Tool)
        self.setObjectName("tour")
        self.setWindowTitle("The 2-minute tour")
        self.index = 0
        self.title_label = QLabel(self)
        self.text_label = QLabel(self)
        self.text_label.setWordWrap(True)
        self.text_label.setTextFormat(Qt.TextFormat.RichText)
        self.count_label = QLabel(self)
        self.back_button = QPushButton("Back", self)
        self.next_button = QPushButton("Next", self)
        self.close_button = QPushButton("Close", self)
        self.next_button.setDefault(True)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.close_button.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label)
        buttons.addStretch(1)
        for b in (self.back_button, self.next_button, self.close_button):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title_label)
        layout.addWidget(self.text_label, 1)
        layout.addLayout(buttons)
        self.setFixedWidth(400)
        self.setMinimumHeight(190)
        self.show_step(0)

    def show_step(self, index: int) -> None:
        self.index = max(0, min(index, len(STEPS) - 1))
        step = STEPS[self.index]
        self.title_label.setText(f"<b>{step.title}</b>")
        self.text_label.setText(step.text)
        self.count_label.setText(f"{self.index + 1} of {len(STEPS)}")
        self.back_button.setEnabled(self.index > 0)
        last = self.index == len(STEPS) - 1
        self.next_button.setText("Finish" if last else "Next")

    def next(self) -> None:
        if self.index == len(STEPS) - 1:
            self.close()
        else:
            self.show_step(self.index + 1)

    def back(self) -> None:
        self.show_step(self.index - 1)


def _sample_board(window: WindowBase) -> BattleBoard | None:
    from yags_desk.qt.battle.board import BattleBoard
    from yags_desk.qt.battle.opening import battle_dialogs
    from yags_desk.rules.errors import RulesError
    from yags_desk.storage.documents import DocumentError, read_document
    from yags_desk.storage.encounter_file import Encounter

    path = resource_dir() / "sample_library" / "encounters" / SAMPLE_FIGHT
    try:
        model = read_document(path, "encounter").model
    except DocumentError as exc:
        window.statusBar().showMessage(f"The tour's sample fight cannot be read: {exc}", 10_000)
        return None
    if not isinstance(model, Encounter):
        return None
    try:
        board = BattleBoard(model, None, window.library, battle_dialogs())
    except RulesError as exc:
        window.statusBar().showMessage(f"The tour's sample fight cannot open: {exc}", 10_000)
        return None
    window.add_document(board, None)
    board.undo_stack.resetClean()
    return board


def start_tour(window: WindowBase) -> Tour | None:
    """Open the sample fight on a board and the tour beside it (None if it cannot open)."""
    board = _sample_board(window)
    if board is None:
        return None
    old = window.findChild(Tour, "tour")
    if isinstance(old, Tour):
        old.close()
        old.deleteLater()
    tour = Tour(window)
    tour.adjustSize()
    corner = window.mapToGlobal(QPoint(window.width(), window.height()))
    tour.move(max(0, corner.x() - tour.width() - 40), max(0, corner.y() - tour.height() - 60))
    tour.show()
    board.setFocus()
    return tour
