"""Killed in the middle of a fight, the program loses at most the event being
written (issue 12 item 2): every step, Auto-resolve's included, reaches the
recovery copy and the events appended beside it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.library import Library
from yags_desk.storage.recovery_journal import read_with_journal

ROOT = Path(__file__).resolve().parents[3]

# Run in a child process: open the sample fight, Auto-resolve, and die abruptly
# (os._exit: no clean-up, no Python exit handlers) once KILL_AT events are in the log.
CHILD = """
import os, random, sys
import yags_desk.qt  # noqa
from PySide6.QtWidgets import QApplication
from tests.qt.battle.helpers import sample
from tests.qt.battle.scripted import ScriptedDialogs
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.storage.library import Library

kill_at = int(sys.argv[1])
app = QApplication([])
library = Library.open()
encounter = sample(library, sys.argv[2])
if sys.argv[3] == "npcs":  # nobody's dialog: Auto-resolve plays every step itself
    encounter = encounter.model_copy(update={"combatants": tuple(
        c.model_copy(update={"character": c.character.model_copy(update={"kind": "npc"})})
        for c in encounter.combatants)})
board = BattleBoard(encounter, None, library, ScriptedDialogs(), random.Random(5))
real_push = board.push_events

def push(events, text="", **more):
    done = real_push(events, text, **more)
    if len(board.log.events) >= kill_at:
        print(len(board.log.events), flush=True)
        os._exit(9)
    return done

board.push_events = push
for _ in range(20):
    board.auto_resolve()
print("fight ended first", flush=True)
"""


@pytest.mark.parametrize(("name", "kill_at", "who"), [("ford-ambush.json", 25, "players"),
                                                      ("ford-ambush.json", 40, "npcs"),
                                                      ("ford-ambush.json", 70, "npcs"),
                                                      ("sparring.json", 9, "npcs")])
def test_a_kill_during_auto_resolve_loses_at_most_one_event(
        home: Path, name: str, kill_at: int, who: str) -> None:
    run = subprocess.run([sys.executable, "-c", CHILD, str(kill_at), name, who], cwd=ROOT,
                         env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 9, run.stdout + run.stderr[-3000:]
    events_at_death = int(run.stdout.split()[0])
    library = Library.open()
    (copy,) = library.pending_recoveries()
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter)
    assert events_at_death - len(model.events) <= 1, (events_at_death, len(model.events))


def test_every_auto_resolve_step_is_in_the_recovery_copy(qtbot: Any, home: Path) -> None:
    library = Library.open()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    copy = library.autosave_path(board.key)
    behind: list[int] = []
    real = board._show_progress

    def show_progress(force: bool = False) -> None:
        real(force)
        model = read_with_journal(copy).model
        assert isinstance(model, Encounter)
        behind.append(len(board.log.events) - len(model.events))

    board._show_progress = show_progress  # type: ignore[method-assign]
    assert board.auto_resolve()
    assert len(behind) > 10 and set(behind) == {0}
    board.undo_stack.undo()  # an undo takes a new snapshot: the copy shrinks with the log
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == board.log.events


def test_events_after_a_save_are_in_a_new_recovery_copy(qtbot: Any, home: Path) -> None:
    library = Library.open()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    board.next_action.trigger()
    board.next_action.trigger()
    assert board.save()
    assert library.pending_recoveries() == []  # saved: nothing to recover
    board.next_action.trigger()
    (copy,) = library.pending_recoveries()  # the step after the save is recoverable
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == board.log.events


def test_the_journal_kept_open_follows_undo_save_and_a_second_board(
        qtbot: Any, home: Path) -> None:
    """The board's journal stays open through a fight (issue 18): after an undo (a
    new snapshot), after a save (the copy discarded), after the board closed and
    beside a second board's fight, the copy read back is each board's log."""
    library = Library.open()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    other = make_board(qtbot, sample(library, "sparring.json"), library)
    copy, other_copy = library.autosave_path(board.key), library.autosave_path(other.key)
    assert copy != other_copy

    def recovered(path: Path) -> tuple[object, ...]:
        model = read_with_journal(path).model
        assert isinstance(model, Encounter)
        return model.events

    for _ in range(4):
        board.next_action.trigger()
        other.next_action.trigger()
    assert recovered(copy) == board.log.events and recovered(other_copy) == other.log.events
    board.undo_stack.undo()
    board.undo_stack.undo()
    for _ in range(3):
        board.next_action.trigger()
    assert recovered(copy) == board.log.events and len(board.log.events) > 4
    assert board.save()
    board.next_action.trigger()
    other.next_action.trigger()
    assert recovered(copy) == board.log.events and recovered(other_copy) == other.log.events
    board.close()
    other.next_action.trigger()
    assert recovered(other_copy) == other.log.events
    board.next_action.trigger()  # a closed board that is shown again still records
    assert recovered(copy) == board.log.events
