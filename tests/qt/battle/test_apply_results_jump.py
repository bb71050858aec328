"""A History click (one ``QUndoStack.setIndex``) across several Apply results steps
whose files were changed since: each step asks once, in turn, never while another
question is open; a no stops the move at that step (its files untouched, the steps
before it done), a yes goes on; the files, the stack's index and the message follow
the answers (issue 16, re-audit item 2).

The questions are answered both through the real, modal QMessageBox (the boxes'
own event loops are where the defect lived) and through the ``QMessageBox.question``
hook the other tests use."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.qt.battle.helpers import make_board
from tests.qt.shell.app_helpers import answer_questions
from tests.rules.builders import classic
from yags_desk.qt.battle.results import ResultsDialog
from yags_desk.rules.combat.events import Wound
from yags_desk.storage.encounter_file import Combatant, new_encounter
from yags_desk.storage.library import Library

YES, NO = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
NAMES = ("Aldric", "Varn", "Brin")  # wounded 1, 2 and 3 levels, one Apply results each


class Fight:
    """A board on which each of ``count`` characters was wounded and the result
    written (one Apply results step each); every file then changed by the GM."""

    def __init__(self, qtbot: Any, count: int) -> None:
        self.library = Library.open()
        self.paths: dict[str, Path] = {}
        combatants = []
        for i, name in enumerate(NAMES[:count]):
            character = classic(name)
            self.paths[name] = self.library.save_character(character)
            combatants.append(Combatant(id=f"c{i}", name=name, side="pcs", character=character))
        self.before = self.read()  # as they were before the fight
        self.board = make_board(qtbot, new_encounter("Ambush", "classic", tuple(combatants)),
                                self.library)
        self.stack = self.board.undo_stack
        self.statuses: list[str] = []
        self.board.status_message.connect(lambda text, _ms: self.statuses.append(text))
        for i, name in enumerate(NAMES[:count]):
            assert self.board.push_events([Wound(id=f"c{i}", levels=i + 1)], f"wound {name}")
            QTimer.singleShot(0, _write_all)
            assert self.board.apply_results()
            assert self.stack.undoText() == f"Apply results to {name}"
        assert self.stack.index() == 2 * count
        self.results = self.read()  # as the fight wrote them
        for name in self.paths:  # the GM's later edits
            self.edit(name)
        self.edited = self.read()

    def edit(self, name: str) -> bytes:
        character = next(c for p, c in self.library.load_characters().items
                         if p == self.paths[name])
        self.library.save_character(character.model_copy(update={"notes": "GM edit"}),
                                    self.paths[name])
        return self.paths[name].read_bytes()

    def read(self) -> dict[str, bytes]:
        return {name: path.read_bytes() for name, path in self.paths.items()}

    def wounds(self) -> dict[str, int]:
        by_path = {p: c for p, c in self.library.load_characters().items}
        return {name: by_path[path].wounds for name, path in self.paths.items()}

    def jump(self, qtbot: Any, index: int) -> None:
        """The History click, then the event loop until everything has settled."""
        self.stack.setIndex(index)
        qtbot.wait(100)


def _write_all() -> None:
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, ResultsDialog)
    dialog.heal_box.setChecked(False)
    dialog.accept()


class RealBoxes:
    """Answers the real question boxes in turn, noting how many were open at once
    and where the stack stood when each was asked."""

    def __init__(self, fight: Fight, *answers: QMessageBox.StandardButton) -> None:
        self.fight, self.answers = fight, list(answers)
        self.asked: list[str] = []
        self.most_open = 0
        self.timer = QTimer()
        self.timer.timeout.connect(self.answer)
        self.timer.start(5)

    def answer(self) -> None:
        boxes = [w for w in QApplication.topLevelWidgets()
                 if isinstance(w, QMessageBox) and w.isVisible()]
        if not boxes:
            return
        self.most_open = max(self.most_open, len(boxes))
        box = boxes[-1]
        self.asked.append(box.text())
        answer = self.answers.pop(0) if self.answers else NO
        button = box.button(answer)
        assert button is not None
        button.click()


def names_asked(asked: list[str]) -> list[str]:
    return [next(n for n in NAMES if f"\u2022 {n} (" in text) for text in asked]


def stopped(direction: str, name: str) -> str:
    return (f"{direction} stopped at \u201cApply results to {name}\u201d: "
            "the character files changed since were left as they are.")


# -- two steps, the real boxes ------------------------------------------------------------

def test_no_stops_at_the_last_step_and_asks_once(qtbot: Any) -> None:
    fight = Fight(qtbot, 2)
    boxes = RealBoxes(fight, NO, YES)  # the second answer is never wanted
    fight.jump(qtbot, 0)
    assert names_asked(boxes.asked) == ["Varn"] and boxes.most_open == 1
    assert fight.read() == fight.edited  # nothing written
    assert fight.stack.index() == 4
    assert fight.board.state.fighters["c1"].wounds == 2  # the fight's steps back too
    assert fight.board.last_message == stopped("Undo", "Varn")


def test_yes_yes_puts_back_both_files_and_undoes_the_fight(qtbot: Any) -> None:
    fight = Fight(qtbot, 2)
    boxes = RealBoxes(fight, YES, YES)
    fight.jump(qtbot, 0)
    assert names_asked(boxes.asked) == ["Varn", "Aldric"] and boxes.most_open == 1
    assert fight.read() == fight.before
    assert fight.stack.index() == 0
    assert fight.board.message.text() == ""  # no stop to tell of
    assert fight.statuses[-1] == ("Undo of \u201cApply results to Aldric\u201d put back "
                                  f"{fight.paths['Aldric'].name} over the changes made since.")


def test_yes_then_no_puts_back_the_last_step_only_and_stops_at_the_first(
        qtbot: Any) -> None:
    fight = Fight(qtbot, 2)
    boxes = RealBoxes(fight, YES, NO)
    fight.jump(qtbot, 0)
    assert names_asked(boxes.asked) == ["Varn", "Aldric"] and boxes.most_open == 1
    assert fight.read() == {"Aldric": fight.edited["Aldric"], "Varn": fight.before["Varn"]}
    assert fight.stack.index() == 2  # Aldric's step still done, Varn's wound undone
    assert fight.board.state.fighters["c1"].wounds == 0
    assert fight.board.state.fighters["c0"].wounds == 1
    assert fight.board.last_message == stopped("Undo", "Aldric")


# -- the question hook, and three steps ---------------------------------------------------

@pytest.mark.parametrize(("answers", "index", "put_back"), [
    ((NO,), 6, ()),
    ((YES, NO), 4, ("Brin",)),
    ((YES, YES, NO), 2, ("Brin", "Varn")),
    ((YES, YES, YES), 0, ("Brin", "Varn", "Aldric")),
])
def test_three_steps_each_asked_once_in_turn(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch,
        answers: tuple[QMessageBox.StandardButton, ...], index: int,
        put_back: tuple[str, ...]) -> None:
    asked = answer_questions(monkeypatch, *answers)
    fight = Fight(qtbot, 3)
    fight.jump(qtbot, 0)
    assert names_asked(asked) == ["Brin", "Varn", "Aldric"][:len(answers)]
    assert fight.stack.index() == index
    assert fight.read() == {n: fight.before[n] if n in put_back else fight.edited[n]
                            for n in NAMES}
    if NO in answers:
        assert fight.board.last_message == stopped("Undo", NAMES[2 - len(put_back)])


def test_a_redo_jump_across_three_steps_stops_where_the_gm_says_no(qtbot: Any) -> None:
    fight = Fight(qtbot, 3)
    boxes = RealBoxes(fight, YES, YES, YES)
    fight.jump(qtbot, 0)  # all put back (over the GM's edits: yes to each)
    assert fight.read() == fight.before and fight.stack.index() == 0
    for name in NAMES:  # edited again after the undo
        fight.edit(name)
    edited = fight.read()
    boxes.answers = [YES, NO, YES]
    fight.jump(qtbot, 6)
    assert names_asked(boxes.asked[3:]) == ["Aldric", "Varn"] and boxes.most_open == 1
    assert fight.stack.index() == 3  # Aldric's step and Varn's wound redone
    assert fight.wounds() == {"Aldric": 1, "Varn": 0, "Brin": 0}
    assert fight.read()["Varn"] == edited["Varn"] and fight.read()["Brin"] == edited["Brin"]
    assert fight.board.state.fighters["c1"].wounds == 2
    assert fight.board.last_message == stopped("Redo", "Varn")
    # Redone once more, with a yes: the step writes and the move goes on.
    boxes.answers = [YES, YES]
    fight.jump(qtbot, 6)
    assert names_asked(boxes.asked[5:]) == ["Varn", "Brin"] and boxes.most_open == 1
    assert fight.stack.index() == 6
    assert fight.read() == fight.results
