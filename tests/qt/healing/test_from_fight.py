"""Healing started from a finished fight starts from the fight's end state (issue 16,
audit item 1): who lies unconscious and dying, who was given first aid on the
board, and the encounter's 0.8 penalty table (RULES 1.6, 1.10, 2)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tests.qt.shell.app_helpers import answer_questions, make_window
from tests.rules.builders import classic, v08
from yags_desk.qt.battle.results import ResultsDialog
from yags_desk.qt.healing.view import HealingView
from yags_desk.rules.combat.events import Check, Effect, SetCondition, Wound
from yags_desk.rules.healing import due
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.encounter_file import Combatant, Encounter, new_encounter
from yags_desk.storage.library import Library


def _accept_with_healing() -> None:
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, ResultsDialog)
    dialog.heal_box.setChecked(True)
    dialog.accept()


def _heal_after(qtbot: Any, monkeypatch: Any, library: Library,
                encounter: Encounter) -> HealingView:
    answer_questions(monkeypatch)
    window = make_window(qtbot, library)
    board = window.open_encounter(library.save_encounter(encounter))
    assert board is not None
    QTimer.singleShot(0, _accept_with_healing)
    assert board.apply_results()  # type: ignore[attr-defined]
    view = window.current_document()
    assert isinstance(view, HealingView)
    return view


def test_classic_the_dying_stay_dying_and_the_tended_stay_tended(
        qtbot: Any, monkeypatch: Any) -> None:
    library = Library.open()
    aldric, torvald = classic("Aldric"), classic("Torvald")
    library.save_character(aldric)
    library.save_character(torvald)
    encounter = new_encounter("Ford", "classic", (
        Combatant(id="a", name="Aldric", side="pcs", character=aldric),
        Combatant(id="t", name="Torvald", side="pcs", character=torvald)))
    encounter = encounter.model_copy(update={"events": (
        # Six levels: Fatal with one box a category; the Fatal roll left him dying.
        Wound(id="a", levels=6), SetCondition(id="a", condition="unconscious"),
        SetCondition(id="a", condition="dying"),
        # Three levels (Medium), first aid given on the board.
        Wound(id="t", levels=3),
        Check(id="t", kind="first_aid", effects=(Effect(target="t", kind="first_aid"),)))})
    view = _heal_after(qtbot, monkeypatch, library, encounter)
    a, t = (r.state for r in view.records)
    assert (a.name, a.status, a.tended, a.category) == ("Aldric", "unconscious", False, "Fatal")
    # RULES 1.6: unconscious at Fatal and untended, a stamina roll each minute.
    assert "dying_roll" in [d.kind for d in due(a, a.now)]
    assert (t.name, t.status, t.tended, t.category) == ("Torvald", "awake", True, "Medium")
    # RULES 1.10: tended, so no first aid again and no hourly fatigue; the recovery roll.
    assert [d.kind for d in due(t, t.now)] == ["recovery_roll"]
    rows = [view.due_model.item(i)[1].kind for i in range(view.due_model.rowCount())]
    # Aldric's first aid only, and with Nobody to give it (he is unconscious), shown
    # as needing a carer rather than offered (RULES 1.6, 1.10).
    assert "dying_roll" in rows and rows.count("needs_healer") == 1
    assert "first_aid" not in rows


def test_08_the_encounters_older_penalties_set_the_first_aid_target(
        qtbot: Any, monkeypatch: Any) -> None:
    library = Library.open()
    brenna = v08("Brenna")
    library.save_character(brenna)
    encounter = new_encounter("Old penalties", "0.8", (
        Combatant(id="b", name="Brenna", side="pcs", character=brenna),),
        options=RulesOptions(v08_old_wound_penalties=True))
    encounter = encounter.model_copy(update={"events": (Wound(id="b", levels=3),)})
    view = _heal_after(qtbot, monkeypatch, library, encounter)
    (record,) = view.records
    assert record.start.old_wound_penalties
    # Medium wounds: -10 on the older table, so first aid is against 10 + 10/2 = 15
    # (the new table's -6 would give 13; RULES 2, combat-wounds.yags).
    texts = [view.due_model.item(i)[1].text for i in range(view.due_model.rowCount())]
    assert any("First aid on the wounds" in t and "against 15" in t for t in texts), texts
    assert "Medium (-10)" in view.heading.text()


def test_08_first_aid_on_the_board_stabilises_the_wounds(
        qtbot: Any, monkeypatch: Any) -> None:
    library = Library.open()
    brenna = v08("Brenna")
    library.save_character(brenna)
    encounter = new_encounter("Aided", "0.8", (
        Combatant(id="b", name="Brenna", side="pcs", character=brenna),))
    encounter = encounter.model_copy(update={"events": (
        Wound(id="b", levels=3),
        Check(id="b", kind="first_aid", effects=(Effect(target="b", kind="first_aid"),)))})
    view = _heal_after(qtbot, monkeypatch, library, encounter)
    (record,) = view.records
    kinds = [d.kind for d in due(record.state, record.state.now)]
    assert record.state.tended and "v08_first_aid" not in kinds
    assert "v08_weekly_healing" in kinds
