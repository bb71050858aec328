"""Battles keep their fought turns (issue 16): in the file, in the recovery copy,
undoable again after reopening; old battle files (no turns) still load."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.qt.mass.test_view import SAMPLE, _sample_battle, _view
from yags_desk.qt.mass.view import BattleView
from yags_desk.rules.errors import RulesError
from yags_desk.rules.quick_combat import Battle, BattleState, resolve_turn
from yags_desk.rules.quick_turns import fought_turns
from yags_desk.storage.documents import read_document
from yags_desk.storage.library import Library


def test_saved_turns_come_back_and_undo_one_by_one(qtbot: Any) -> None:
    library = Library.open()
    view = _view(qtbot, library, _sample_battle(), seed=9)
    view.play_turn()
    second = view.play_turn()
    assert second is not None and view.is_modified()  # the turns are unsaved changes
    assert view.save() and not view.is_modified()
    path = view.path
    assert path is not None
    model = read_document(path, "battle").model
    assert isinstance(model, Battle) and len(model.fought) == 2
    reopened = _view(qtbot, library, model, path=path)
    assert not reopened.is_modified()
    assert [t.turn for t in reopened.turns] == [1, 2]
    assert dict(reopened.state().counts) == dict(second.remaining)
    assert reopened.turns_model.rowCount() == 2
    assert not reopened.sides[0].name.isEnabled()  # the set-up stays fixed
    reopened.undo_stack.undo()
    assert len(reopened.turns) == 1 and reopened.is_modified()
    reopened.undo_stack.undo()
    assert reopened.turns == [] and reopened.sides[0].name.isEnabled()


def test_the_turns_match_the_rules_from_the_same_dice() -> None:
    battle = _sample_battle()
    rng = random.Random(4)
    first = resolve_turn(BattleState.start(battle), rng)
    second = resolve_turn(first.state_after, rng)
    kept = battle.model_copy(update={"fought": (first.to_json(), second.to_json())})
    data = json.loads(kept.model_dump_json())
    again = fought_turns(Battle.model_validate(data))
    assert [t.to_json() for t in again] == [first.to_json(), second.to_json()]
    assert [t.describe() for t in again] == [first.describe(), second.describe()]


def test_turns_that_do_not_add_up_are_refused_naming_the_turn(qtbot: Any) -> None:
    battle = _sample_battle()
    turn = resolve_turn(BattleState.start(battle), random.Random(4)).to_json()
    group = next(iter(turn["remaining"]))
    turn["remaining"][group] += 1  # a hand-edited file
    bad = battle.model_copy(update={"fought": (turn,)})
    with pytest.raises(RulesError, match="turn 1 of those fought: its losses do not add up"):
        fought_turns(bad)
    view = _view(qtbot, Library.open(), bad)
    assert view.turns == []
    assert "turn 1 of those fought: its losses do not add up" in view.last_message


def test_an_old_battle_file_without_turns_loads_and_is_written_as_before(
        tmp_path: Path) -> None:
    source = SAMPLE / "battles" / "raid-on-the-mill.json"
    assert "fought" not in source.read_text(encoding="utf-8")
    model = read_document(source, "battle").model
    assert isinstance(model, Battle) and model.fought == ()
    assert "fought" not in model.model_dump_json()


def test_a_crash_keeps_the_turns_in_the_recovery_copy(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.qt.shell.app_helpers import sample_window

    window = sample_window(qtbot, monkeypatch)
    library = window.library
    [(path, _)] = [(p, b) for p, b in library.load_battles().items
                   if getattr(b, "name", "") == _sample_battle().name]
    view = window.open_battle(path)
    assert isinstance(view, BattleView)
    view.play_turn()
    view.play_turn()
    assert window.autosave_all() == 1
    [copy] = library.pending_recoveries()
    kept = copy.read_bytes()
    window.close_document(view, ask=False)  # closing drops the copy; a crash keeps it
    copy.write_bytes(kept)
    restored = window.restore_recovery(copy)
    assert isinstance(restored, BattleView)
    assert [t.turn for t in restored.turns] == [1, 2] and restored.is_modified()
    assert window.document_path(restored) == path.resolve()
    assert restored.save()
    on_disk = read_document(path, "battle").model
    assert isinstance(on_disk, Battle) and len(on_disk.fought) == 2
    assert library.pending_recoveries() == []


def test_a_battle_with_kept_turns_prints_those_turns() -> None:
    from yags_desk.printing import build

    battle = _sample_battle()
    rng = random.Random(4)
    first = resolve_turn(BattleState.start(battle), rng)
    kept = battle.model_copy(update={"fought": (first.to_json(),)})
    html = build("battle", [kept], seed=99)
    assert "1 turn" in html and "seed 99" not in html  # the kept turn, not a new fight
    assert "Stopped after 1 turn" in html
    assert first.pairings[0].describe().split(";")[0].split(" (")[0] in html
