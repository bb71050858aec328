"""History you can see (issue 17 item 3): the History dock over the board's undo
stack, the history rebuilt when an encounter is reopened, the log at its end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.test_board import play_rounds
from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.shell.history import HistoryView
from yags_desk.rules.combat.events import (
    AddCombatant,
    Attack,
    Declare,
    Event,
    Initiative,
    SetOption,
)
from yags_desk.rules.combat.history import history_steps, step_text
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def reopened(qtbot: Any, library: Library, board: BattleBoard) -> BattleBoard:
    assert board.save()
    assert board.path is not None
    model = read_document(board.path, "encounter").model
    assert isinstance(model, Encounter)
    return make_board(qtbot, model, library)


def steps(board: BattleBoard) -> list[str]:
    stack = board.undo_stack
    return [stack.text(i) for i in range(stack.count())]


def test_a_reopened_encounter_lists_its_steps_and_undo_walks_back_through_them(
        qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    start = board.state
    play_rounds(board, 1)
    played, state = steps(board), board.state
    assert len(played) > 5 and "End of round 1" in played and "Initiative" in played
    assert "Aldric of Thornbury declares: attack → Bandit 1" in played
    assert any(" attacks " in text for text in played)
    again = reopened(qtbot, library, board)
    # The same steps in the same words, and the file is not modified by opening it.
    assert steps(again) == played
    assert again.undo_stack.index() == len(played) and not again.is_modified()
    assert again.state == state
    again.undo_stack.undo()
    assert again.is_modified() and len(again.log.events) < len(board.log.events)
    while again.undo_stack.canUndo():
        again.undo_stack.undo()
    assert again.log.events == () and again.state == start
    while again.undo_stack.canRedo():
        again.undo_stack.redo()
    assert again.log.events == board.log.events and again.state == state
    assert not again.is_modified()


def test_an_auto_resolved_round_reopens_with_the_same_steps(
        qtbot: Any, library: Library) -> None:
    """Auto-resolve declares for every NPC in one step: the steps saved with the
    encounter bring that back, where grouping by kind could not."""
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    assert board.auto_resolve()
    played = steps(board)
    sizes = board.step_sizes()
    assert sum(sizes) == len(board.log.events) and max(sizes) > 2
    assert any(size > 1 for size, text in zip(sizes, played, strict=True)
               if text.startswith("Declarations of Bandit"))
    again = reopened(qtbot, library, board)
    assert again.encounter.steps == sizes
    assert steps(again) == played
    # A file without its steps (written elsewhere, or before they were saved) still
    # lists every event, grouped by kind.
    plain = make_board(qtbot, again.encounter.model_copy(update={"steps": ()}), library)
    assert plain.undo_stack.count() > len(played)
    while plain.undo_stack.canUndo():
        plain.undo_stack.undo()
    assert plain.log.events == ()


@pytest.mark.parametrize("looked", [False, True])
def test_a_fight_restored_after_a_crash_lists_the_steps_as_made(
        qtbot: Any, library: Library, looked: bool) -> None:
    """The recovery copy (a snapshot written in the middle of a step, then the
    journal) keeps the undo steps: Auto-resolve's NPC declarations come back as one
    step, as on the board, not one per fighter. ``looked``: the board was open long
    enough for its first copy to be worked out ahead."""
    from yags_desk.qt.battle.board import PREPARE_AFTER_MS
    from yags_desk.storage.recovery_journal import read_with_journal

    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    if looked:
        qtbot.wait(PREPARE_AFTER_MS + 200)
    assert board.auto_resolve()
    board.next_action.trigger()
    board.undo_stack.undo()  # a new snapshot, written while the step is undone
    board.next_action.trigger()
    board.auto_resolve()
    copy = read_with_journal(library.autosave_path(board.key)).model
    assert isinstance(copy, Encounter)
    assert copy.events == board.log.events
    assert copy.steps == board.step_sizes()
    assert copy.steps != tuple(history_steps(board.log.events))  # what guessing gives
    again = make_board(qtbot, copy, library)
    assert steps(again) == steps(board)


def test_a_history_click_forward_keeps_the_steps_in_the_recovery_copy(
        qtbot: Any, library: Library) -> None:
    """A click in View ▸ History redoes several steps before the stack moves; a
    whole copy written meanwhile (a players' screen step makes one) still holds
    each step on its own. Found by review."""
    from yags_desk.storage.recovery_journal import read_with_journal

    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    for _ in range(3):
        board.next_action.trigger()
    board.players_choices.reveal_on_act(True)  # a step that is no event
    board.next_action.trigger()
    board.players_choices.reveal_on_act(False)
    top = board.undo_stack.index()
    board.undo_stack.setIndex(2)  # click back, then forward
    board.undo_stack.setIndex(top)
    copy = read_with_journal(library.autosave_path(board.key)).model
    assert isinstance(copy, Encounter)
    assert copy.events == board.log.events
    assert copy.steps == board.step_sizes() == (1, 1, 1, 1)


def test_saved_steps_are_used_while_they_fit_the_events(home: Path) -> None:
    from tests.rules.builders import classic

    add = [AddCombatant(id=f"b{i}", name=f"B{i}", side="Foes", character=classic())
           for i in range(2)]
    declares: list[Event] = [Declare(id="b0", target="b1"), Declare(id="b1", target="b0")]
    events: list[Event] = [*add, *declares, Initiative(id="b0", total=10),
                           Initiative(id="b1", total=9)]
    assert history_steps(events) == [2, 1, 1, 2]
    assert history_steps(events, (2, 2)) == [2, 2, 2]
    # Events past the saved steps (a recovery copy's journal) are grouped by kind;
    # steps that do not fit (the file was edited) are dropped from there on.
    assert history_steps(events, (1,)) == [1, 1, 1, 1, 2]
    assert history_steps(events, (2, 5)) == [2, 1, 1, 2]


def test_events_group_into_the_steps_the_dialogs_made() -> None:
    from tests.rules.builders import classic

    add = [AddCombatant(id=f"b{i}", name=f"B{i}", side="Foes", character=classic())
           for i in range(2)]
    events: list[Event] = [*add, Initiative(id="b0", total=10), Initiative(id="b1", total=9),
              SetOption(option="stun_rule", value=True),
              Declare(id="b0", target="b1"), Declare(id="b1", target="b0"),
              Declare(id="b0", target="b1", style="x")]
    assert history_steps(events) == [2, 2, 1, 1, 1, 1]
    assert sum(history_steps([])) == 0


def test_a_changed_declaration_and_its_attack_are_one_step(home: Path) -> None:
    from tests.qt.battle.helpers import engine_fight

    log = engine_fight(sample(Library.open(), "ford-ambush.json"), 1)
    at = next(i for i, e in enumerate(log.events) if isinstance(e, Attack))
    attack = log.events[at]
    assert isinstance(attack, Attack)
    redeclared = Declare(id=attack.attacker, target=attack.defender)
    other = Declare(id="someone-else", target=attack.defender)
    assert history_steps([redeclared, attack]) == [2]
    assert history_steps([other, attack]) == [1, 1]
    name = log.state.fighter(attack.attacker).name
    assert step_text([redeclared, attack], log.state_before(at)).startswith(
        f"{name} attacks ")


def test_log_opens_scrolled_to_its_latest_line(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    play_rounds(board, 2)
    again = reopened(qtbot, library, board)
    again.resize(1366, 700)
    again.show()
    qtbot.waitExposed(again)
    QApplication.processEvents()
    bar = again.log_panel.view.verticalScrollBar()
    assert bar.maximum() > 0
    assert bar.value() == bar.maximum()


def test_clicking_a_step_in_the_history_dock_goes_back_to_it(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, library: Library) -> None:
    window = sample_window(qtbot, monkeypatch)
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    window.add_document(board)
    states = [board.state]
    for _ in range(8):
        board.next_action.trigger()
        states.append(board.state)
    assert board.undo_stack.count() == 8
    window.history_dock.toggleViewAction().trigger()
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    view = window.history_dock.findChild(HistoryView, "history_view")
    assert view is not None and view.stack() is board.undo_stack
    assert view.model().rowCount() == 9  # the start and each step
    assert view.model().index(3, 0).data() == board.undo_stack.text(2)

    def click(row: int) -> None:
        view.scrollTo(view.model().index(row, 0))
        rect = view.visualRect(view.model().index(row, 0))
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         pos=QPoint(rect.center()))

    click(3)
    assert board.state == states[3] and len(board.log.events) < 8 + 8
    assert board.undo_stack.index() == 3
    click(0)
    assert board.state == states[0] and board.log.events == ()
    click(8)
    assert board.state == states[8]
    # The dock follows the document in front.
    other = make_board(qtbot, sample(library, "sparring.json"), library)
    window.add_document(other)
    assert view.stack() is other.undo_stack
