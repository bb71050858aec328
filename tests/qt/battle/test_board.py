"""The battle board driven through its actions, with dialogs answered by typed dice."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.qt.battle.helpers import engine_fight, make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from tests.rules.builders import LONG_SWORD, classic
from yags_desk.qt.battle.board import BattleBoard, fight_result
from yags_desk.qt.battle.roster_model import RosterModel
from yags_desk.rules.combat.events import AddCombatant, EndRound, SetCondition, Wound
from yags_desk.rules.combat.roster import numbered_copies
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.steps import next_step
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Combatant, Encounter, encounter_log, new_encounter
from yags_desk.storage.library import Library
from yags_desk.storage.recovery_journal import read_with_journal


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def play_rounds(board: BattleBoard, rounds: int) -> None:
    """Next until ``rounds`` are over; once the fight is over, Next round anyway."""
    for _ in range(1000):
        if board.state.round > rounds:
            return
        assert board.next_action.isEnabled()
        over = fight_result(board.state)
        (board.anyway_action if over else board.next_action).trigger()
        assert board.last_message == "", board.last_message
    raise AssertionError("the fight did not move on")


@pytest.mark.parametrize("name", ["ford-ambush.json", "sparring.json"])
def test_a_two_round_fight_through_the_board_ends_as_the_engine(
        qtbot: Any, library: Library, name: str) -> None:
    encounter = sample(library, name)
    board = make_board(qtbot, encounter, library)
    play_rounds(board, 2)
    expected = engine_fight(encounter, 2)
    assert board.log.events == expected.events
    assert board.state == expected.state and board.state.round == 3
    # Each dialog's answer (or the board's own end of round) is one undo step.
    assert board.undo_stack.count() >= len(board.log.events) // 2
    assert board.undo_stack.count() == len(board.dialogs.calls) + sum(
        isinstance(e, EndRound) for e in board.log.events)


def board_rows(board: BattleBoard) -> list[list[str]]:
    model = board.model
    return [[model.index(r, c).data() or "" for c in range(model.columnCount())]
            for r in range(model.rowCount())]


def cards(board: BattleBoard) -> dict[str, list[str]]:
    return {fid: board.card_text(fid) for fid in board.state.fighters}


def test_undo_through_the_view_restores_the_board_and_redo_replays(
        qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    rows, texts, header = board_rows(board), cards(board), board.step_label.text()
    play_rounds(board, 1)
    after = (board_rows(board), cards(board), board.state)
    assert after[0] != rows and after[1] != texts
    steps = board.undo_stack.count()
    for _ in range(steps):
        board.undo_stack.undo()
    assert board.log.events == () and board_rows(board) == rows and cards(board) == texts
    assert board.step_label.text() == header
    for _ in range(steps):
        board.undo_stack.redo()
    assert (board_rows(board), cards(board), board.state) == after


def test_save_close_and_reopen_resume_the_same_round_and_step(
        qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "sparring.json"), library)
    play_rounds(board, 1)
    while next_step(board.state).kind != "action":  # into round 2, up to its first action
        board.next_action.trigger()
    state, step, header = board.state, next_step(board.state), board.round_label.text()
    assert board.is_modified()
    assert board.save() and not board.is_modified()
    path = board.path
    assert path is not None and path.parent == library.encounters_dir
    board.close()
    model = read_document(path, "encounter").model
    assert isinstance(model, Encounter)
    again = make_board(qtbot, model, library)
    assert again.state == state and again.state.round == 2
    assert next_step(again.state) == step and again.round_label.text() == header


def test_every_event_writes_a_recovery_copy(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    copy = library.autosave_path(board.key)
    assert not copy.exists()
    board.next_action.trigger()
    saved = read_with_journal(copy).model
    assert isinstance(saved, Encounter) and saved.events == board.log.events
    board.undo_stack.undo()
    saved = read_with_journal(copy).model
    assert isinstance(saved, Encounter) and saved.events == ()


def test_a_refused_event_changes_nothing_and_says_why(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    board.next_action.trigger()
    before = (board.log.events, board.state, board.undo_stack.count(), board_rows(board))
    assert not board.clear_condition("aldric", "prone")
    assert "Aldric of Thornbury is not prone" in board.last_message
    assert board.message.text() == board.last_message
    assert (board.log.events, board.state, board.undo_stack.count(), board_rows(board)) == before


def test_a_wounded_fighter_shows_its_wound_level_and_penalty(
        qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    assert "Unhurt" in board.card_text("bandit-1")
    # Two body levels: Light, -2 (RULES 1.6).
    assert board.push_events([Wound(id="bandit-1", levels=2)])
    assert "Light −2" in board.card_text("bandit-1")
    row = board.model.row_of("bandit-1")
    assert board.model.index(row, 4).data() == "Light −2"
    other = make_board(qtbot, sample(library, "sparring.json"), library)
    fid = next(iter(other.state.fighters))
    # Three 0.8 wounds: Medium, -6 (RULES 2).
    assert other.push_events([Wound(id=fid, levels=3)])
    assert "Medium −6" in other.card_text(fid)


def test_a_cancelled_dialog_changes_nothing(qtbot: Any, library: Library) -> None:
    dialogs = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    dialogs.cancel = True
    assert not board.next()
    assert board.log.events == () and board.undo_stack.count() == 0


def _raiders_and_guards(name: str, per_side: int) -> Any:
    """A classic encounter of ``per_side`` NPC raiders (row 1) against as many guards."""
    raider = classic("Raider", kind="npc", strength=12, dexterity=12,
                     skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    adds = numbered_copies(raider, per_side, "Raiders", row=1)
    adds += numbered_copies(raider.model_copy(update={"name": "Guard"}), per_side, "Town",
                            row=0, existing=adds, base_name="Guard")
    return new_encounter(name, "classic", tuple(
        Combatant(id=a.id, name=a.name, side=a.side, row=a.row, character=a.character)
        for a in adds))


def test_two_hundred_combatants_open_and_auto_resolve_a_round(
        qtbot: Any, library: Library) -> None:
    encounter = _raiders_and_guards("Big fight", 100)
    board = make_board(qtbot, encounter, library)
    assert board.model.rowCount() == 200 and board.proxy.rowCount() == 200
    assert all(board.canvas.card_rect(c.id) is not None for c in encounter.combatants)
    board.auto_action.trigger()
    assert board.state.round == 2 and board.last_message == ""
    assert any(s.hurt for s in board.model.summaries())
    assert board.round_label.text() == "Round 2 · declarations"


def test_a_short_auto_resolved_round_is_drawn_once_at_its_end(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: a round finished within FIRST_PAINT is not redrawn midway; the board
    still shows its end (the second round's declarations, the wounds)."""
    encounter = _raiders_and_guards("Small fight", 4)
    board = make_board(qtbot, encounter, library)
    clock = iter(x * 0.02 for x in range(1_000_000))  # 20 ms a look at the clock
    monkeypatch.setattr("yags_desk.qt.battle.board.time.monotonic", lambda: next(clock))
    redraws: list[int] = []
    real_refresh = board.refresh
    monkeypatch.setattr(board, "refresh", lambda *a, **k: (
        redraws.append(board.state.round), real_refresh(*a, **k))[1])
    board.auto_action.trigger()
    assert board.state.round == 2 and board.last_message == ""
    assert redraws == [2]
    assert board.round_label.text() == "Round 2 · declarations"


def test_auto_resolve_asks_the_players_and_plays_the_npcs(qtbot: Any, library: Library) -> None:
    dialogs = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    assert board.auto_resolve()
    assert board.state.round == 2
    pcs = {f.id for f in board.state.fighters.values() if f.character.kind == "pc"}
    asked = {getattr(e, "id", getattr(e, "attacker", "")) for e in dialogs.returned}
    assert asked and asked <= pcs  # only the players' steps went to the dialogs


class WatchingDialogs(ScriptedDialogs):
    """At every dialog: what the recovery copy on disk and the board show then."""

    def __init__(self, board_of: list[BattleBoard]) -> None:
        super().__init__()
        self.board_of = board_of
        self.seen: list[tuple[str, int, int, str, str]] = []

    def _look(self, name: str) -> None:
        board = self.board_of[0]
        copy = read_with_journal(board.library.autosave_path(board.key)).model
        assert isinstance(copy, Encounter)
        lines = board.log_panel.shown_lines()
        log = board.log
        n = len(log.events)
        last = describe(log.events[-1], log.state_before(n - 1), log.state) if n else ""
        assert (lines[-1] if n else "") == last  # the log shows the latest event
        self.seen.append((name, len(encounter_log(copy).events), n,
                          board.round_label.text(), last))

    def attack(self, parent: Any, state: Any, *args: Any) -> Any:
        self._look("attack")
        return super().attack(parent, state, *args)

    def initiative(self, parent: Any, state: Any, *args: Any) -> Any:
        self._look("initiative")
        return super().initiative(parent, state, *args)


@pytest.mark.parametrize("name", ["ford-ambush.json", "sparring.json"])
def test_auto_resolve_shows_and_saves_every_step_before_a_players_dialog(
        qtbot: Any, library: Library, name: str) -> None:
    # Issue 12: the board behind a player's dialog is current, and the recovery
    # copy already holds every event, so a crash there loses nothing.
    boards: list[BattleBoard] = []
    dialogs = WatchingDialogs(boards)
    board = make_board(qtbot, sample(library, name), library, dialogs)
    boards.append(board)
    board.show()
    assert board.auto_resolve()
    assert dialogs.seen, "no player's dialog opened"
    for what, on_disk, events, header, _last in dialogs.seen:
        assert on_disk == events, (what, on_disk, events)
        assert header.startswith(f"Round {board.state.round - 1} · "), header
    # The log behind the players' attack shows the NPCs' blows struck before it.
    attacks = [s for s in dialogs.seen if s[0] == "attack"]
    assert attacks and all("actions" in s[3] for s in attacks)


class GcWatchingDialogs(ScriptedDialogs):
    """Notes, at every player's dialog, whether the garbage collector runs."""

    def __init__(self) -> None:
        super().__init__()
        self.collecting: list[bool] = []

    def attack(self, parent: Any, state: Any, *args: Any) -> Any:
        import gc

        self.collecting.append(gc.isenabled())
        return super().attack(parent, state, *args)

    def initiative(self, parent: Any, state: Any, *args: Any) -> Any:
        import gc

        self.collecting.append(gc.isenabled())
        return super().initiative(parent, state, *args)


@pytest.mark.parametrize("before", [True, False])
def test_auto_resolve_pauses_the_garbage_collector_between_npc_steps_only(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch,
        before: bool) -> None:
    # Issue 18: no cyclic collection between the NPCs' steps; it runs again while a
    # player's dialog is open and once the round ends (also when the rules refuse a
    # step), and a collector paused by someone else stays paused.
    import gc

    import yags_desk.qt.battle.board as board_module
    from yags_desk.rules.errors import RulesError

    npc_steps: list[bool] = []
    real = board_module.npc_step_events

    def watched(*args: Any, **kwargs: Any) -> Any:
        npc_steps.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(board_module, "npc_step_events", watched)
    dialogs = GcWatchingDialogs()
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library, dialogs)
    if not before:
        gc.disable()
    try:
        assert board.auto_resolve()
        assert gc.isenabled() is before
        assert npc_steps and not any(npc_steps)
        assert dialogs.collecting and set(dialogs.collecting) == {before}

        def refused(*_args: Any, **_kwargs: Any) -> Any:
            raise RulesError("refused")

        monkeypatch.setattr(board_module, "npc_step_events", refused)
        assert not board.auto_resolve()
        assert board.last_message == "refused"
        assert gc.isenabled() is before
    finally:
        gc.enable()


def test_keyboard_drives_the_round(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    board.show()
    qtbot.waitExposed(board)
    board.activateWindow()
    qtbot.waitUntil(board.isActiveWindow)
    board.canvas.setFocus()
    qtbot.keyClick(board.canvas, Qt.Key.Key_Space)
    qtbot.keyClick(board.canvas, Qt.Key.Key_N)
    assert len(board.log.events) == 2
    qtbot.keyClick(board.canvas, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert board.state.round == 2


def test_when_one_side_is_left_the_board_says_who_won_and_next_stops(
        qtbot: Any, library: Library) -> None:
    dialogs = ScriptedDialogs()
    board = make_board(qtbot, sample(library, "sparring.json"), library, dialogs)
    said: list[str] = []
    board.status_message.connect(lambda text, _ms: said.append(text))
    assert "over" not in board.step_label.text() and not board.anyway_action.isVisible()
    assert board.push_events([SetCondition(id="kestrel", condition="unconscious")])
    assert board.step_label.text().startswith("The fight is over: Brenna won.")
    assert board.round_label.text() == "Round 1 · fight over"
    events = board.log.events
    board.next_action.trigger()
    assert board.log.events == events and dialogs.returned == []
    assert said[-1].startswith("The fight is over: Brenna won.")
    assert not board.auto_resolve() and board.log.events == events
    # Next round anyway plays on, one step at a time.
    assert board.anyway_action.isEnabled()
    board.anyway_action.trigger()
    assert len(board.log.events) == len(events) + 1
    board.undo_stack.undo()
    # A newcomer on another side: the fight goes on.
    assert board.ops.add([AddCombatant(id="kes-2", name="Kestrel's friend", side="Kestrel",
                                       row=0, character=board.state.fighters["kestrel"]
                                       .character)])
    assert "over" not in board.step_label.text()
    board.next_action.trigger()
    assert len(board.log.events) > len(events) + 1


def test_undo_steps_are_named_in_words(qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    assert board.push_events([SetCondition(id="archer-1", condition="unconscious")])
    assert board.undo_stack.undoText() == "Set condition: Archer 1"


def test_first_aid_is_offered_on_a_wounded_or_stunned_08_card(
        qtbot: Any, library: Library) -> None:
    """Issue 14 item 4: first aid during a 0.8 fight (it was classic only)."""
    board = make_board(qtbot, sample(library, "sparring.json"), library)
    fid = next(iter(board.state.fighters))

    def aid_enabled() -> bool:
        menu = board.card_menu(fid)
        return next(a for a in menu.actions() if a.text() == "First aid…").isEnabled()

    assert not aid_enabled()  # unhurt
    assert board.push_events([Wound(id=fid, levels=2)])
    assert aid_enabled()


def _shown(board: BattleBoard) -> tuple[object, ...]:
    """What the GM sees of a board: labels, cards, list and its columns, log lines."""
    header = board.table.horizontalHeader()
    return (board.round_label.text(), board.step_label.text(), board.model.summaries(),
            [board.proxy.index(r, 1).data() for r in range(board.proxy.rowCount())],
            [header.sectionSize(c) for c in range(board.proxy.columnCount())],
            [board.card_text(f) for f in board.state.fighters],
            board.log_panel.shown_lines(), board.canvas.selected)


def test_mid_round_redraws_leave_the_round_s_end_as_without_them(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: Auto-resolve's redraws midway through a long round show the cards and
    the round's line but leave the log's new lines and the list's widths to the end
    of the round; after it the board shows exactly what it shows without them (every
    log line, current cards), and what a board opened on the saved fight shows."""
    encounter = _raiders_and_guards("Long fight", 12)
    import yags_desk.qt.battle.board as board_module

    def play(seconds_a_look: float) -> tuple[BattleBoard, list[tuple[bool, int, bool]]]:
        board = make_board(qtbot, encounter, library)
        board.show()
        qtbot.waitExposed(board)
        clock = iter(x * seconds_a_look for x in range(1_000_000))
        monkeypatch.setattr(board_module, "time", SimpleNamespace(
            monotonic=lambda: next(clock)))  # the board's clock only
        redraws: list[tuple[bool, int, bool]] = []
        real_refresh = board.refresh

        def refresh(progress: bool = False) -> None:
            real_refresh(progress)
            fresh = RosterModel()
            fresh.show(board.state)  # the cards as they should be now
            redraws.append((progress, board.log.count,
                            board.model.summaries() == fresh.summaries()))
        monkeypatch.setattr(board, "refresh", refresh)
        for _ in range(2):
            board.auto_action.trigger()
            QApplication.processEvents()
        return board, redraws

    quiet, quiet_redraws = play(0.0)  # never FIRST_PAINT seconds into a round
    busy, busy_redraws = play(10.0)  # every step past the time between redraws
    assert [p for p, *_ in quiet_redraws] == [False, False]
    progress = [r for r in busy_redraws if r[0]]
    assert len(progress) > 10  # a long round shows its progress...
    assert all(current for *_, current in busy_redraws)  # with the cards current
    assert len({count for _, count, _ in progress}) == len(progress)
    assert busy.log.events == quiet.log.events and busy.state.round == 3
    assert _shown(busy) == _shown(quiet)
    assert len(busy.log_panel.shown_lines()) == len(quiet.log.events) + 2  # two headings
    reopened = make_board(qtbot, busy.current_encounter(), library)
    reopened.show()
    qtbot.waitExposed(reopened)
    QApplication.processEvents()
    assert _shown(reopened)[2:] == _shown(busy)[2:]
    assert _shown(reopened)[:2] == _shown(busy)[:2]
