"""Board ▸ Forecast…: the fights played in slices, with Cancel, and the results
shown and printed (issue 17 item 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from tests.qt.battle.scripted import ScriptedDialogs
from tests.qt.shell.app_helpers import sample_window
from tests.rules.combat.test_forecast import standoff
from yags_desk.printing.encounter import encounter_before
from yags_desk.qt.battle import opening
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.forecast_view import ForecastDialog
from yags_desk.qt.printing.menu import job_for_window
from yags_desk.rules.combat.forecast import forecast
from yags_desk.storage.library import Library


def _wait(qtbot: Any, dialog: ForecastDialog) -> None:
    qtbot.waitUntil(lambda: dialog.job is not None and dialog.job.done, timeout=60_000)


def test_dialog_shows_the_same_forecast_as_the_engine_for_its_seed(qtbot: Any) -> None:
    encounter = sample(Library.open(), "sparring.json")
    board = make_board(qtbot, encounter)
    results: list[Any] = []
    dialog = ForecastDialog(board.state, encounter.name, board, seed=9,
                            on_result=results.append)
    qtbot.addWidget(dialog)
    dialog.runs.setValue(60)
    dialog.limit.setValue(12)
    assert dialog.start()
    _wait(qtbot, dialog)
    direct = forecast(board.state, encounter.name, 60, 9, 12)
    assert dialog.forecast is not None
    assert dialog.forecast.to_json() == direct.to_json()
    assert results == [dialog.forecast]
    rows = dialog.table_text()
    brenna = direct.win("Brenna")
    assert rows[0][:2] == ["Brenna", f"{brenna.chance:.0%}"]
    assert rows[2][0] == "Brenna Ash"
    assert rows[2][1] == direct.fate("brenna", "unhurt").text()
    assert "60 fights, seed 9" in dialog.summary.text()
    assert dialog.run_button.isEnabled()


def test_cancel_stops_between_fights_and_says_how_far_it_got(qtbot: Any) -> None:
    encounter = sample(Library.open(), "ford-ambush.json")
    board = make_board(qtbot, encounter)
    dialog = ForecastDialog(board.state, encounter.name, board, seed=1)
    qtbot.addWidget(dialog)
    dialog.runs.setValue(5000)
    assert dialog.start()
    assert dialog.job is not None
    dialog.job.progress.connect(lambda _n: dialog.cancel())  # Cancel after the first slice
    _wait(qtbot, dialog)
    done = dialog.job.result.runs
    assert 0 < done < 5000
    assert f"Stopped after {done} of 5000 runs." in dialog.messages.text()
    assert dialog.forecast is dialog.job.result


def test_a_fight_nobody_can_end_says_so_in_the_dialog(qtbot: Any) -> None:
    dialog = ForecastDialog(standoff().state, "Standoff", seed=2)
    qtbot.addWidget(dialog)
    dialog.runs.setValue(10)
    dialog.limit.setValue(4)
    assert dialog.start()
    _wait(qtbot, dialog)
    assert "no side can end this fight" in dialog.messages.text()
    assert "4.0 rounds on average" in dialog.summary.text()


def test_an_encounter_with_one_side_is_refused_in_words(qtbot: Any) -> None:
    encounter = sample(Library.open(), "sparring.json")
    lonely = encounter.model_copy(update={"combatants": encounter.combatants[:1]})
    board = make_board(qtbot, lonely)
    dialog = ForecastDialog(board.state, lonely.name, board)
    qtbot.addWidget(dialog)
    assert not dialog.start()
    assert "No forecast: the encounter needs fighters on two sides" in dialog.summary.text()
    assert dialog.job is None


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(opening, "battle_dialogs", ScriptedDialogs)
    return sample_window(qtbot, monkeypatch)


def test_board_forecast_goes_into_the_printed_summary_before_the_fight(
        qtbot: Any, window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def run_and_close(dialog: ForecastDialog) -> int:
        dialog.runs.setValue(40)
        dialog.seed.setValue(3)
        dialog.start()
        _wait(qtbot, dialog)
        return 0

    monkeypatch.setattr(ForecastDialog, "exec", run_and_close)
    board = window.open_path(window.library.encounters_dir / "sparring.json")
    assert isinstance(board, BattleBoard)
    job, _ = job_for_window(window)
    assert job is not None and job.extras == {}  # no forecast yet: nothing extra
    assert "Forecast" not in encounter_before(board.current_encounter(), **job.extras)

    board.forecast_action.trigger()
    job, _ = job_for_window(window)
    assert job is not None
    printed = job.extras["forecast"]
    assert printed.to_json() == forecast(board.state, board.encounter.name, 40, 3).to_json()
    html = encounter_before(board.current_encounter(), **job.extras)
    assert "<h2>Forecast</h2>" in html and "40 automatic fights from the start (seed 3" in html
    assert f"{printed.win('Brenna').chance:.0%}" in html

    # The fight goes on: the forecast of its start still prints before the fight.
    board.next_action.trigger()
    board.forecast_action.trigger()  # made mid-fight: not the start's forecast
    job, _ = job_for_window(window)
    assert job is not None and job.extras["forecast"] is printed
    # Another line-up: the old forecast no longer fits it.
    board.encounter = board.encounter.model_copy(
        update={"combatants": board.encounter.combatants[:1]})
    assert board.print_extras() == {}
