"""The board works its first recovery copy out while the GM looks at it (issue 18):
the first step then only writes it, with that step in the journal beside it. The
copy must still be exactly the fight as it stands, and an unmodified board must
still leave none behind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from yags_desk.qt.battle.board import PREPARE_AFTER_MS, BattleBoard
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.library import Library
from yags_desk.storage.recovery_journal import read_with_journal


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def looked_at(qtbot: Any, library: Library) -> BattleBoard:
    """A board on the sample ambush, open long enough for its copy to be worked out."""
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    qtbot.wait(PREPARE_AFTER_MS + 200)
    return board


def recovered(board: BattleBoard) -> Encounter:
    model = read_with_journal(board.library.autosave_path(board.key)).model
    assert isinstance(model, Encounter)
    return model


def test_the_first_step_writes_the_copy_made_ahead_and_journals_the_step(
        qtbot: Any, library: Library) -> None:
    board = looked_at(qtbot, library)
    copy = library.autosave_path(board.key)
    assert not copy.exists()  # looking at a board changes nothing on disk
    board.next_action.trigger()
    assert board.log.count > 0
    # The snapshot is the fight before the step; the step is in its journal.
    snapshot = read_document(copy, "encounter").model
    assert isinstance(snapshot, Encounter) and snapshot.events == ()
    assert recovered(board).events == board.log.events
    assert recovered(board).combatants == board.encounter.combatants


def test_a_changed_encounter_is_not_written_from_the_old_text(
        qtbot: Any, library: Library) -> None:
    board = looked_at(qtbot, library)
    renamed = board.encounter.model_copy(update={"name": "Ambush at the ford, renamed"})
    board.set_encounter(renamed)  # what a roster change does before round 1
    assert recovered(board).name == "Ambush at the ford, renamed"


def saved_after_three_steps(qtbot: Any, library: Library) -> BattleBoard:
    """A board three steps into the fight, saved, and looked at again (the next copy
    is worked out once more)."""
    board = looked_at(qtbot, library)
    for _ in range(3):
        board.next_action.trigger()
    assert board.save()
    qtbot.wait(PREPARE_AFTER_MS + 200)
    return board


def test_after_a_save_the_copy_follows_an_undo_below_it(
        qtbot: Any, library: Library) -> None:
    board = saved_after_three_steps(qtbot, library)
    board.undo_stack.undo()
    assert recovered(board).events == board.log.events
    board.next_action.trigger()
    assert recovered(board).events == board.log.events


def test_after_a_save_the_next_step_goes_beside_the_copy_made_ahead(
        qtbot: Any, library: Library) -> None:
    board = saved_after_three_steps(qtbot, library)
    saved = board.log.events
    board.next_action.trigger()
    snapshot = read_document(library.autosave_path(board.key), "encounter").model
    assert isinstance(snapshot, Encounter)
    assert snapshot.events == saved  # written ahead, at the save
    assert sum(snapshot.steps) == len(saved)  # with its undo steps, as a snapshot then
    assert recovered(board).events == board.log.events
