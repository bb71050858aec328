"""Issue 5 item 5: a round driven from the keyboard alone through the real dialogs:
Space on the board opens the step's dialog, R rolls what is missing, Enter applies."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from tests.qt.battle.helpers import make_board, sample
from yags_desk.qt.battle.dialogs import AttackDialog, DeclareDialog, QtBattleDialogs
from yags_desk.qt.battle.dialogs.common import EventDialog
from yags_desk.rules.combat.events import Attack
from yags_desk.rules.combat.steps import next_step
from yags_desk.storage.library import Library


class KeyboardGM:
    """exec() replaced by show + key clicks: R (not in a declaration), then Enter."""

    def __init__(self, qtbot: Any) -> None:
        self.qtbot = qtbot
        self.seen: list[EventDialog] = []

    def exec(self, dialog: EventDialog) -> int:
        self.seen.append(dialog)
        dialog.show()
        self.qtbot.waitExposed(dialog)
        dialog.activateWindow()
        self.qtbot.waitUntil(dialog.isActiveWindow)
        focus = QApplication.focusWidget() or dialog
        assert focus.window() is dialog  # the dialog has the keyboard
        if not isinstance(dialog, DeclareDialog):  # R would pick "Rest" in its action list
            self.qtbot.keyClick(focus, Qt.Key.Key_R)
        self.qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)
        assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error_label.text()
        dialog.hide()
        return dialog.result()


def test_space_r_enter_drive_a_whole_round_through_the_real_dialogs(
        qtbot: Any, home: Path, monkeypatch: Any) -> None:
    library = Library.open()
    gm = KeyboardGM(qtbot)
    monkeypatch.setattr(EventDialog, "exec", lambda dialog: gm.exec(dialog))
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, QtBattleDialogs())
    board.rng = random.Random(11)
    board.show()
    qtbot.waitExposed(board)

    def space() -> None:
        board.activateWindow()
        qtbot.waitUntil(board.isActiveWindow)
        board.canvas.setFocus()
        qtbot.keyClick(board.canvas, Qt.Key.Key_Space)

    # Up to the first attack: declarations (Enter takes the prefilled choice), then the
    # initiative table (R rolls the players' dice too, Enter applies).
    for _ in range(50):
        if next_step(board.state).kind == "action":
            break
        space()
    step = next_step(board.state)
    assert step.kind == "action" and step.fighter and step.target
    count = len(board.log.events)
    space()  # one attack step: Space, R, Enter
    dialog = gm.seen[-1]
    assert isinstance(dialog, AttackDialog)
    attack = board.log.events[-1]
    assert len(board.log.events) == count + 1 and isinstance(attack, Attack)
    assert (attack.attacker, attack.defender) == (step.fighter, step.target)
    assert [attack] == dialog.result_event  # exactly what the dialog showed
    assert attack.attack_dice == dialog.attack_dice.value.dice  # type: ignore[union-attr]
    # The rest of the round, still by keyboard alone.
    for _ in range(100):
        if board.state.round == 2:
            break
        space()
    assert board.state.round == 2 and board.last_message == ""
    assert {type(d).__name__ for d in gm.seen} >= {"DeclareDialog", "InitiativeDialog",
                                                   "AttackDialog"}
