"""Board ▸ Apply results to characters: the dialog, the files, one undo (issue 16)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from tests.qt.battle.helpers import make_board
from tests.storage.test_results import edit_aldric, fight
from yags_desk.qt.battle.results import ResultsDialog
from yags_desk.storage.library import Library
from yags_desk.storage.results import plan_results


def wounds(library: Library) -> dict[str, int]:
    return {c.name: c.wounds for _, c in library.load_characters().items
            if c.name in ("Aldric", "Varn", "Mook")}


def test_dialog_ticks_named_characters_and_leaves_minor_unticked(qtbot: Any) -> None:
    library = Library.open()
    plan = plan_results(fight(library), library, include_minor=True)
    dialog = ResultsDialog(None, plan)
    qtbot.addWidget(dialog)
    rows = [dialog.tree.topLevelItem(i) for i in range(dialog.tree.topLevelItemCount())]
    assert [r.text(0).split(" \u2014 ")[0] for r in rows] == ["Aldric", "Varn", "Mook"]
    assert [r.checkState(0) == Qt.CheckState.Checked for r in rows] == [True, True, False]
    assert "Wounds: Unhurt \u2192 Medium (-4), 3 levels" in [
        rows[0].child(i).text(0) for i in range(rows[0].childCount())]
    assert [r.name for r in dialog.chosen()] == ["Aldric", "Varn"]
    rows[2].setCheckState(0, Qt.CheckState.Checked)
    rows[0].setCheckState(0, Qt.CheckState.Unchecked)
    assert [r.name for r in dialog.chosen()] == ["Varn", "Mook"]


def test_board_action_writes_the_ticked_files_and_undo_puts_them_back(
        qtbot: Any) -> None:
    library = Library.open()
    board = make_board(qtbot, fight(library), library)
    before = {r.path: r.path.read_bytes()
              for r in plan_results(board.current_encounter(), library,
                                    include_minor=True).changes}

    def accept() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ResultsDialog)
        dialog.accept()

    QTimer.singleShot(0, accept)
    steps = board.undo_stack.count()  # the fight's own steps, rebuilt from its log
    assert board.apply_results()
    assert wounds(library) == {"Aldric": 3, "Varn": 2, "Mook": 0}
    assert board.undo_stack.count() == steps + 1
    board.undo_stack.undo()
    assert wounds(library) == {"Aldric": 0, "Varn": 0, "Mook": 0}
    assert {p: p.read_bytes() for p in before} == before
    board.undo_stack.redo()
    assert wounds(library) == {"Aldric": 3, "Varn": 2, "Mook": 0}


def test_cancel_writes_nothing(qtbot: Any) -> None:
    library = Library.open()
    board = make_board(qtbot, fight(library), library)
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())  # type: ignore[union-attr]
    steps = board.undo_stack.count()
    assert not board.apply_results()
    assert wounds(library) == {"Aldric": 0, "Varn": 0, "Mook": 0}
    assert board.undo_stack.count() == steps
    assert board.results_action in board.toolbar.actions()


def test_a_file_changed_since_the_fight_began_is_left_unticked(qtbot: Any) -> None:
    library = Library.open()
    encounter = fight(library)
    edit_aldric(library, notes="Owes the miller.")
    dialog = ResultsDialog(None, plan_results(encounter, library))
    qtbot.addWidget(dialog)
    first = dialog.tree.topLevelItem(0)
    assert first is not None and "file changed since the fight began" in first.text(0)
    assert [r.name for r in dialog.chosen()] == ["Varn"]


def _accept(heal: bool) -> None:
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, ResultsDialog)
    assert dialog.heal_box.isVisibleTo(dialog)
    dialog.heal_box.setChecked(heal)
    dialog.accept()


def test_writing_the_results_leaves_a_saved_encounter_saved(qtbot: Any) -> None:
    library = Library.open()
    board = make_board(qtbot, fight(library), library)
    assert board.save() and not board.is_modified()
    QTimer.singleShot(0, lambda: _accept(False))
    assert board.apply_results()
    # Only the character files changed: the encounter's file needs no saving.
    assert not board.is_modified()
    board.undo_stack.undo()
    assert not board.is_modified()
    board.undo_stack.redo()
    board.undo_stack.undo()
    board.undo_stack.undo()  # a step of the fight itself: the encounter changed
    assert board.is_modified()


def test_start_healing_opens_a_record_for_everyone_hurt(qtbot: Any, monkeypatch: Any) -> None:
    from tests.qt.shell.app_helpers import answer_questions, make_window
    from yags_desk.qt.healing.view import HealingView

    answer_questions(monkeypatch)
    library = Library.open()
    path = library.save_encounter(fight(library))
    window = make_window(qtbot, library)
    board = window.open_encounter(path)
    assert board is not None
    QTimer.singleShot(0, lambda: _accept(True))
    assert board.apply_results()  # type: ignore[attr-defined]
    view = window.current_document()
    assert isinstance(view, HealingView)
    # Aldric (3 levels) and Varn (2 levels, unconscious) were hurt; Mook was left out.
    assert [r.state.name for r in view.records] == ["Aldric", "Varn"]
    assert [r.state.wounds for r in view.records] == [3, 2]


def test_start_healing_unticked_opens_nothing(qtbot: Any, monkeypatch: Any) -> None:
    from tests.qt.shell.app_helpers import answer_questions, make_window

    answer_questions(monkeypatch)
    library = Library.open()
    path = library.save_encounter(fight(library))
    window = make_window(qtbot, library)
    board = window.open_encounter(path)
    QTimer.singleShot(0, lambda: _accept(False))
    assert board.apply_results()  # type: ignore[union-attr]
    assert window.current_document() is board
    assert window.tabs.count() == 1


def test_rows_made_from_one_file_start_unticked_and_two_ticked_are_refused(
        qtbot: Any) -> None:
    from tests.storage.test_results_same_file import bandits, file_of

    library = Library.open()
    dialog = ResultsDialog(None, plan_results(bandits(library, minor=False), library,
                                              include_minor=True))
    qtbot.addWidget(dialog)
    dialog.show()
    bandit = file_of(library, "Ford bandit")
    rows = [dialog.tree.topLevelItem(i) for i in range(dialog.tree.topLevelItemCount())]
    assert [r.text(0) for r in rows] == [  # type: ignore[union-attr]
        f"Aldric \u2014 {file_of(library, 'Aldric')}",
        *(f"Bandit {i} \u2014 {bandit} (several made from {bandit}: tick one)"
          for i in (1, 2, 3))]
    assert [r.name for r in dialog.chosen()] == ["Aldric"]  # the Bandits start unticked
    assert dialog.shared_label.isVisible()
    assert dialog.shared_label.text() == (
        f"Bandit 1, Bandit 2 and Bandit 3 are all made from {bandit}: it can keep the "
        "results of only one of them; tick the one it should keep.")
    rows[1].setCheckState(0, Qt.CheckState.Checked)  # type: ignore[union-attr]
    rows[3].setCheckState(0, Qt.CheckState.Checked)  # type: ignore[union-attr]
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != dialog.DialogCode.Accepted
    assert dialog.error_label.isVisible()
    assert dialog.error_label.text() == (
        f"Not written: Bandit 1 and Bandit 3 are ticked, and are both made from {bandit}; "
        "tick only the one whose results the file should keep.")
    rows[3].setCheckState(0, Qt.CheckState.Unchecked)  # type: ignore[union-attr]
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    assert [r.name for r in dialog.chosen()] == ["Aldric", "Bandit 1"]


def _edit_then_write(library: Library, notes: str,
                     seen: dict[str, object]) -> None:
    """In the open dialog: Aldric's file is saved (healing, the editor), then Write."""
    from PySide6.QtWidgets import QDialogButtonBox

    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, ResultsDialog)
    edit_aldric(library, notes=notes)
    path = next(p for p, c in library.load_characters().items if c.name == "Aldric")
    seen["edited"] = path.read_bytes()
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    seen["open"] = dialog.isVisible()
    seen["error"] = dialog.error_label.text()
    seen["after"] = path.read_bytes()
    if dialog.isVisible():
        dialog.reject()


def test_a_file_changed_while_the_dialog_is_open_is_asked_about_at_write(
        qtbot: Any, monkeypatch: Any) -> None:
    """The race of issue 16 (layout item 4): the check ran when the dialog opened, so a
    file saved meanwhile was written over without a question. No: nothing written."""
    from PySide6.QtWidgets import QMessageBox

    from tests.qt.shell.app_helpers import answer_questions

    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.No)
    library = Library.open()
    board = make_board(qtbot, fight(library), library)
    before = {p: p.read_bytes() for p in library.characters_dir.glob("*.json")}
    seen: dict[str, object] = {}
    QTimer.singleShot(0, lambda: _edit_then_write(library, "Owes the miller.", seen))
    steps = board.undo_stack.count()
    assert not board.apply_results()
    assert len(asked) == 1 and "Aldric (" in asked[0] and "Write anyway?" in asked[0]
    assert "Varn" not in asked[0]  # unchanged: not asked about
    # The dialog stayed open saying why; no file was written, Varn's neither.
    assert seen["open"] is True and "changed since this list was made" in str(seen["error"])
    assert seen["after"] == seen["edited"]
    aldric = next(p for p, c in library.load_characters().items if c.name == "Aldric")
    assert {p: p.read_bytes() for p in before if p != aldric} == {
        p: b for p, b in before.items() if p != aldric}
    assert wounds(library) == {"Aldric": 0, "Varn": 0, "Mook": 0}
    assert board.undo_stack.count() == steps


def test_yes_writes_the_fight_over_the_changed_file_keeping_the_change(
        qtbot: Any, monkeypatch: Any) -> None:
    from PySide6.QtWidgets import QMessageBox

    from tests.qt.shell.app_helpers import answer_questions

    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Yes)
    library = Library.open()
    board = make_board(qtbot, fight(library), library)
    seen: dict[str, object] = {}
    QTimer.singleShot(0, lambda: _edit_then_write(library, "Owes the miller.", seen))
    assert board.apply_results()
    assert len(asked) == 1 and seen["open"] is False
    assert wounds(library) == {"Aldric": 3, "Varn": 2, "Mook": 0}
    notes = {c.name: c.notes for _, c in library.load_characters().items}
    assert notes["Aldric"] == "Owes the miller."
    # Undo puts back the file as it was when written: with the note.
    board.undo_stack.undo()
    aldric = next(p for p, c in library.load_characters().items if c.name == "Aldric")
    assert aldric.read_bytes() == seen["edited"]
