"""A 0.8 fighter whose fatigue track fills is shown Exhausted, not unconscious: on
the board's card and list, in the declare dialog, and in the encounter summary's
conditions column (combat-wounds.yags, Fatigue; core.md, Running; issue 16 leftover)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from yags_desk.printing.encounter_after import encounter_after
from yags_desk.qt.battle.dialogs.declare import DeclareDialog
from yags_desk.qt.battle.roster_model import COLUMNS
from yags_desk.rules.combat.events import Fatigue
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def test_the_board_shows_an_exhausted_fighter_awake_and_bound_to_rest(
        qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "sparring.json"), library)
    brenna = board.state.fighter("brenna")
    full = brenna.fatigue_capacity()
    assert board.push_events([Fatigue(id="brenna", levels=full)])
    card = " / ".join(board.card_text("brenna"))
    assert "exhausted: must rest" in card and "unconscious" not in card
    summary = board.model.summary("brenna")
    assert summary is not None
    assert board.model.cell_text(summary, COLUMNS.index("Status")) == "exhausted"
    # The declare dialog offers rest and no defence.
    dialog = DeclareDialog(board, board.state, "brenna")
    qtbot.addWidget(dialog)
    assert dialog.action_combo.currentData() == "rest"
    assert dialog.defences_spin.maximum() == 0
    assert "exhausted: must rest" in dialog.who_label.text()
    # The encounter summary's conditions column says the same.
    doc = encounter_after(board.current_encounter())
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", doc, re.S)]
    assert "exhausted: must rest" in cells
    assert "unconscious" not in " ".join(cells)


def test_a_large_card_shows_no_attack_or_defence_for_an_exhausted_fighter(
        qtbot: Any, library: Library) -> None:
    # A card with room shows Attack, Defence and Soak; an exhausted fighter may only
    # rest, so its card must not offer numbers it cannot use (its opponent's still does).
    board = make_board(qtbot, sample(library, "sparring.json"), library)
    board.resize(1920, 960)
    board.show()
    qtbot.waitExposed(board)
    assert board.canvas.large
    brenna = board.state.fighter("brenna")
    assert board.push_events([Fatigue(id="brenna", levels=brenna.fatigue_capacity())])

    def shown(fid: str) -> str:
        s = board.model.summary(fid)
        assert s is not None
        return " ".join(text for text, _part in board.canvas.shown_lines(s))

    other = next(fid for fid in board.state.fighters if fid != "brenna")
    assert "Attack" in shown(other) and "Defence" in shown(other)
    assert "exhausted: must rest" in shown("brenna")
    assert "Attack" not in shown("brenna") and "Defence" not in shown("brenna")
