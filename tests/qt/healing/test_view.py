"""The healing record view (issue 16): due rolls typed or rolled, undo, the files."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.qt.shell.app_helpers import sample_window
from tests.rules.builders import classic, v08
from yags_desk.qt.healing.view import HealingView
from yags_desk.qt.library.model import scan
from yags_desk.rules.character import Character
from yags_desk.rules.healing import GameTime, Note
from yags_desk.storage.documents import read_document
from yags_desk.storage.healing_file import new_healing_file, patient_records
from yags_desk.storage.library import Library


def _wounds(path: Path) -> int:
    model = read_document(path, "character").model
    assert isinstance(model, Character)
    return model.wounds


@pytest.fixture
def setup(qtbot: Any) -> tuple[HealingView, Path, Path]:
    library = Library.open()
    # Stamina 10; one box a category: 4 wounds is Serious, 2 is Light (RULES 1.6).
    aldric, bren = classic("Aldric", wounds=4), classic("Bren", wounds=2)
    elin = classic("Elin", skills={"First aid": 50, "Chirurgery": 40})  # Int, Dex 10
    pa, pb = library.save_character(aldric), library.save_character(bren)
    library.save_character(elin)
    view = HealingView(new_healing_file("After the ford", [(pa, aldric), (pb, bren)]), None,
                       library)
    qtbot.addWidget(view)
    view.carer.setCurrentIndex(view.carer.findText("Elin"))
    return view, pa, pb


def test_the_models_pass_the_model_tester(qtmodeltester: Any,
                                          setup: tuple[HealingView, Path, Path]) -> None:
    view, _, _ = setup
    qtmodeltester.check(view.due_model)
    qtmodeltester.check(view.timeline)
    view.rng = random.Random(1)
    view.move_time(days=3)
    assert view.roll_all_due() > 0
    qtmodeltester.check(view.due_model)
    qtmodeltester.check(view.timeline)


def test_typed_rolls_follow_the_rules_and_the_files_follow_the_record(
        setup: tuple[HealingView, Path, Path]) -> None:
    view, aldric, _ = setup
    assert not view.carer_dice.isHidden() and view.carer_dice.isWindow() is False
    assert view.select_due("first_aid", "Serious")
    # Elin gives first aid: Dexterity 10 x 50% = 5 + dice 3+10+2 = 20 against 20 (RULES 1.10).
    view.dice.setText("3 10 2")
    assert view.record_selected(), view.last_message
    assert view.timeline.rowCount() == 1
    assert "20 against 20" in view.timeline.index(0, 2).data() and "→ tended" in \
        view.timeline.index(0, 2).data()
    assert view.select_due("recovery_roll")
    # Carer: Chirurgery 10 x 40% = 4 + dice 5+2 = 11; half is 5, shared by the two
    # patients: 2. Aldric: stamina 10 + 2 + dice 8+8 = 28: Serious 25+ is 7 days.
    view.dice.setText("8 8")
    view.carer_dice.setText("5 2")
    assert view.record_selected(), view.last_message
    text = view.timeline.index(1, 2).data()
    assert "28" in text and "half shared by 2: +2" in text and "7 days, ends day 8, 00:00" in text
    assert _wounds(aldric) == 4  # nothing heals before the period ends
    view.move_time(days=7)
    assert view.select_due("recovery_end")
    assert view.record_selected(), view.last_message
    assert _wounds(aldric) == 3  # Serious -> Medium, written at once
    view.undo_stack.undo()
    assert _wounds(aldric) == 4 and view.timeline.rowCount() == 2
    view.undo_stack.redo()
    assert _wounds(aldric) == 3 and view.timeline.rowCount() == 3


def test_a_roll_with_wrong_dice_is_refused_with_the_reason(
        setup: tuple[HealingView, Path, Path]) -> None:
    view, aldric, _ = setup
    before = aldric.read_bytes()
    assert view.select_due("first_aid", "Serious")
    view.dice.setText("11 4")
    assert not view.record_selected()
    assert view.last_message == "dice: die 1: 11 is not a d10 face (1-10)"
    assert view.message.text() == view.last_message
    view.dice.setText("10 4")  # a 10 owes one more die (RULES 1.1)
    assert not view.record_selected()
    assert view.last_message.startswith("dice:")
    assert view.timeline.rowCount() == 0 and view.undo_stack.count() == 0
    assert aldric.read_bytes() == before


def test_roll_all_due_is_one_undo_step_for_every_patient(
        setup: tuple[HealingView, Path, Path]) -> None:
    view, aldric, bren = setup
    before = {p: p.read_bytes() for p in (aldric, bren)}
    view.rng = random.Random(1)
    view.move_time(days=10)
    made = view.roll_all_due()
    assert made == view.timeline.rowCount() > 2
    patients = {view.timeline.index(r, 1).data() for r in range(made)}
    assert patients == {"Aldric", "Bren"}
    assert [_wounds(aldric), _wounds(bren)] == [r.state.wounds for r in view.records]
    assert [_wounds(aldric), _wounds(bren)] != [4, 2]
    assert view.undo_stack.count() == 1
    view.undo_stack.undo()
    assert {p: p.read_bytes() for p in (aldric, bren)} == before


def test_start_healing_from_the_library_saves_and_reopens_the_record(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    library = window.library
    aldric = next(p for p, c in library.load_characters().items if c.name.startswith("Aldric"))
    window.library_dock.select(str(aldric))
    entries = window.library_dock.selected_entries()
    window.library_dock.healing_requested.emit(entries)
    view = window.current_document()
    assert isinstance(view, HealingView)
    assert [r.state.name for r in view.records] == ["Aldric of Thornbury"]
    # Saved in the library as it starts (healing leftovers item 3: yags-desk heal
    # finds it), so nothing is unsaved yet.
    assert not view.is_modified()
    [(path, record)] = [(p, r) for p, r in library.load_healing_records().items
                        if not r.id.startswith("sample-")]
    assert view.path == path and window.document_path(view) == path.resolve()
    assert window.save_document(view)
    assert record.name == "Healing: Aldric of Thornbury"
    window.close_document(view, ask=False)
    [entry] = [e for e in scan(library).entries["healing"] if e.path == path]
    assert entry.label == "Healing: Aldric of Thornbury" and "to day 1" in entry.detail
    reopened = window.open_entry(entry)
    assert isinstance(reopened, HealingView)
    assert reopened.path == path and not reopened.is_modified()


def test_the_record_in_front_prints_as_a_healing_record(
        setup: tuple[HealingView, Path, Path]) -> None:
    from yags_desk.printing import build
    from yags_desk.qt.printing.menu import PrintJob

    view, _, _ = setup
    assert view.select_due("first_aid", "Serious")
    view.dice.setText("3 10 2")
    assert view.record_selected()
    job = PrintJob(tuple(view.printable()), view.title())
    assert job.kinds() == ["healing"]
    html = build("healing", list(job.models))
    assert "Elin gives first aid to Aldric" in html and "The coming days" in html


def test_start_healing_from_the_character_editor(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from yags_desk.qt.character.editor import CharacterEditor

    window = sample_window(qtbot, monkeypatch)
    path = next(p for p, c in window.library.load_characters().items
                if c.name.startswith("Brenna"))
    editor = window.open_character(path)
    assert isinstance(editor, CharacterEditor)
    editor.form.healing_button.click()
    view = window.current_document()
    assert isinstance(view, HealingView)
    assert [r.state.name for r in view.records] == ["Brenna Ash"]
    assert view.record.edition == "0.8" and view.dice.placeholderText().endswith("1-20")
    assert view.carer_dice.isHidden()  # a 0.8 carer adds their score, not a roll
    # A character with unsaved changes is refused: the record writes into its file.
    window.tabs.setCurrentWidget(editor)
    editor.form.set_field("player", "Someone else", "Change player")
    assert editor.is_modified()
    assert not editor.start_healing()
    assert "Save Brenna Ash first" in editor.form.message_bar.text()
    assert window.tabs.count() == 2


def test_an_unsaved_record_is_recovered_after_a_crash(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from yags_desk.qt.shell.recovery import describe_recovery

    window = sample_window(qtbot, monkeypatch)
    library = window.library
    path = library.save_character(classic("Aldric", skills={"First aid": 50}, wounds=1))
    view = window._start_healing_for_file(path)
    assert isinstance(view, HealingView)
    assert view.select_due("first_aid")
    view.dice.setText("6 5")  # 5 + 11 = 16 against Hurt 10 (RULES 1.10)
    assert view.record_selected(), view.last_message
    assert window.autosave_all() == 1
    [copy] = library.pending_recoveries()
    assert describe_recovery(copy)[0].startswith("Healing: Aldric (healing)")
    kept = copy.read_bytes()
    window.close_document(view, ask=False)  # closing drops the copy; a crash keeps it
    copy.write_bytes(kept)
    restored = window.restore_recovery(copy)
    assert isinstance(restored, HealingView) and restored.is_modified()
    assert [e.kind for e in restored.records[0].entries] == ["first_aid"]


def test_picking_a_roll_due_later_moves_the_game_time_to_it(
        setup: tuple[HealingView, Path, Path]) -> None:
    view, _, _ = setup
    view.dice.setText("6 5")  # Elin: 5 + 11 = 16 against Light 15
    assert view.select_due("first_aid", "Light") and view.record_selected()
    assert view.game_time() == GameTime(day=1)
    assert view.select_due("light_check")  # after a night's rest (RULES 1.10)
    assert view.game_time() == GameTime(day=2, hour=6)
    _, item = view.due_model.item(view.due_view.currentIndex().row())
    assert item.kind == "light_check" and item.ready


def test_start_healing_refuses_the_dead_with_the_reason(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = sample_window(qtbot, monkeypatch)
    path = window.library.save_character(classic("Aldric", wounds=6, dead=True))
    tabs = window.tabs.count()
    assert window._start_healing_for_file(path) is None
    assert window.tabs.count() == tabs
    assert window.statusBar().currentMessage() == (
        "Start healing: Aldric is dead (so the character file says); the dead do not heal")


def test_the_dead_are_not_offered_as_carers(qtbot: Any) -> None:
    library = Library.open()
    aldric = classic("Aldric", wounds=2)
    path = library.save_character(aldric)
    library.save_character(classic("Elin", skills={"First aid": 50}))
    library.save_character(classic("Old Tom", skills={"First aid": 80}, dead=True))
    view = HealingView(new_healing_file("Healing", [(path, aldric)]), None, library)
    qtbot.addWidget(view)
    offered = [view.carer.itemText(i) for i in range(view.carer.count())]
    assert "Elin" in offered and "Old Tom" not in offered


def test_the_carers_bonus_is_shared_by_the_patients_still_wounded(qtbot: Any) -> None:
    """Audit 16 item 6 (RULES 1.10): once two of three patients are healed, the
    carer's bonus goes to the third alone."""
    library = Library.open()
    patients = [classic("Aldric", wounds=1), classic("Torvald", wounds=1),
                classic("Mira", wounds=4)]  # Hurt, Hurt, Serious
    paths = [library.save_character(c) for c in patients]
    library.save_character(classic("Elin", skills={"First aid": 50, "Chirurgery": 40}))
    view = HealingView(new_healing_file("Three", list(zip(paths, patients, strict=True))),
                       None, library)
    qtbot.addWidget(view)
    view.carer.setCurrentIndex(view.carer.findText("Elin"))
    for p in (0, 1, 2):  # Elin's first aid: 10 x 50% = 5 + 9+9 = 23, enough for all
        assert view.select_due("first_aid", patient=p)
        view.dice.setText("9 9")
        assert view.record_selected(), view.last_message
    view.move_time(hours=1)
    # Aldric's Hurt check, all three wounded: First aid 5 + 5+5 = 15, half 7, by 3: +2.
    # Torvald's, Aldric healed: by 2: +3. Each 10 + bonus + 9+9 >= 15 heals.
    for p, shared in ((0, "half shared by 3: +2"), (1, "half shared by 2: +3")):
        assert view.select_due("hurt_check", patient=p)
        view.dice.setText("9 9")
        view.carer_dice.setText("5 5")
        assert view.record_selected(), view.last_message
        text = view.timeline.index(view.timeline.rowCount() - 1, 2).data()
        assert shared in text, text
    assert [r.state.wounds for r in view.records] == [0, 0, 4]
    # Mira alone: Chirurgery 10 x 40% = 4 + 5+5 = 14, half 7, all hers: +7;
    # 10 + 7 + 5+5 = 27: Serious 25+ is 7 days (RULES 1.10), not 10 (shared by 3: +2).
    assert view.select_due("recovery_roll", patient=2)
    view.dice.setText("5 5")
    view.carer_dice.setText("5 5")
    assert view.record_selected(), view.last_message
    text = view.timeline.index(view.timeline.rowCount() - 1, 2).data()
    assert "shared" not in text and "+7" in text and "7 days" in text, text


def test_every_step_writes_the_recovery_copy_at_once(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit 16 item 4: a step writes the character files at once, so the record's
    recovery copy follows it at once too (no waiting for the timer): a crash right
    after "Roll all due" can be restored with its rolls."""
    from yags_desk.storage.healing_file import HealingFile

    window = sample_window(qtbot, monkeypatch)
    library = window.library
    path = library.save_character(classic("Aldric", skills={"First aid": 50}, wounds=1))
    view = window._start_healing_for_file(path)
    assert isinstance(view, HealingView)
    assert library.pending_recoveries() == []

    def copied() -> list[str]:
        [copy] = library.pending_recoveries()
        model = read_document(copy, "healing").model
        assert isinstance(model, HealingFile)
        return [e.kind for e in model.patients[0].healing.entries]

    view.rng = random.Random(3)
    view.move_time(days=1)
    made = view.roll_all_due()
    assert made >= 2 and _wounds(path) == 0  # first aid, the Hurt check(s): healed on file
    assert copied() == [e.kind for e in view.records[0].entries] and len(copied()) == made
    view.undo_stack.undo()  # the files go back, and so does the record: as saved
    # when it started (healing leftovers item 3), so no copy is left
    assert _wounds(path) == 1 and library.pending_recoveries() == []
    view.undo_stack.redo()
    assert len(copied()) == made
    # Saved: the copy goes; an undo writes one; redone back to the saved state, the
    # record is as its file, so none is left.
    assert view.save() and library.pending_recoveries() == []
    view.undo_stack.undo()
    assert copied() == []
    view.undo_stack.redo()
    assert not view.is_modified() and library.pending_recoveries() == []


def test_undo_asks_before_writing_over_a_file_changed_since(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit 16 item 3: another fight leaves Aldric at 5 wounds on file; undo in the
    healing record asks before writing its own 2 back, and No keeps the file."""
    from PySide6.QtWidgets import QMessageBox

    from tests.qt.shell.app_helpers import answer_questions

    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.No,
                             QMessageBox.StandardButton.Yes)
    library = Library.open()
    aldric = classic("Aldric", wounds=2, notes="Owes the miller.")
    path = library.save_character(aldric)
    library.save_character(classic("Elin", skills={"First aid": 50}))
    view = HealingView(new_healing_file("Aldric", [(path, aldric)]), None, library)
    qtbot.addWidget(view)
    view.carer.setCurrentIndex(view.carer.findText("Elin"))
    assert view.select_due("first_aid")
    view.dice.setText("6 6")  # Elin: 5 + 12 = 17 against Light 15 (RULES 1.10)
    assert view.record_selected(), view.last_message
    assert asked == []  # the file held what the record expected: no question
    now = read_document(path, "character").model
    assert isinstance(now, Character)
    library.save_character(now.model_copy(update={"wounds": 5}), path)  # another fight
    view.undo_stack.undo()
    assert len(asked) == 1 and "Aldric (" + path.name + ")" in asked[0]
    assert "wounds 5 (the record left 2)" in asked[0]
    assert _wounds(path) == 5  # No: kept
    assert "Aldric" in view.last_message and path.name in view.last_message
    assert "not written" in view.last_message
    assert view.records[0].entries == ()  # the record itself was undone
    view.undo_stack.redo()  # the same change: No stands, not asked again (re-audit 5)
    assert len(asked) == 1 and _wounds(path) == 5
    library.save_character(now.model_copy(update={"wounds": 4}), path)  # changed again
    view.undo_stack.undo()  # a new change: asked again; Yes writes the record's 2
    assert len(asked) == 2 and "wounds 4" in asked[1] and _wounds(path) == 2
    view.undo_stack.redo()  # the file holds what the record left: no question
    assert len(asked) == 2 and _wounds(path) == 2
    assert read_document(path, "character").model.notes == "Owes the miller."  # type: ignore[union-attr]
    view.undo_stack.undo()  # the file holds what the record left: no question
    assert len(asked) == 2 and _wounds(path) == 2


def test_choices_that_would_do_nothing_are_refused_with_the_reason(qtbot: Any) -> None:
    """Audit 16 item 9: a carer with no healing skill, dice that Roll all due would
    not use, dice for an entry that uses none: each is refused, saying why, and
    nothing is recorded."""
    library = Library.open()
    aldric = classic("Aldric", wounds=2, skills={"First aid": 50})  # Light, untended
    path = library.save_character(aldric)
    library.save_character(classic("Wolf", skills={"Brawling": 80}))
    library.save_character(classic("Elin", skills={"First aid": 50}))
    view = HealingView(new_healing_file("Aldric", [(path, aldric)]), None, library)
    qtbot.addWidget(view)
    # The carer list shows Wolf, marked and not to be picked (RULES 1.10).
    wolf = view.carer.findText("Wolf (no First aid or Chirurgery)")
    assert wolf > 0 and not view.carer.model().item(wolf).isEnabled()  # type: ignore[attr-defined]
    assert "neither First aid nor Chirurgery" in view.carer.itemData(
        wolf, Qt.ItemDataRole.ToolTipRole)
    view.carer.setCurrentIndex(wolf)  # as a record naming Wolf would open
    assert view.select_due("first_aid")
    view.dice.setText("6 6")
    assert not view.record_selected()
    assert view.last_message.startswith("Carer: Wolf has neither First aid nor Chirurgery")
    view.dice.clear()
    assert view.roll_all_due() == 0 and "Wolf" in view.last_message
    assert view.records[0].entries == ()
    view.carer.setCurrentIndex(view.carer.findText("Elin"))
    # The carer's dice typed for first aid, which takes no carer's roll.
    assert view.select_due("first_aid")
    view.dice.setText("6 6")
    view.carer_dice.setText("5 5")
    assert not view.record_selected()
    assert "carer's dice: first aid takes no carer's roll" in view.last_message
    view.carer_dice.clear()
    # Roll all due never ignores the dice typed.
    view.move_time(hours=2)
    assert view.roll_all_due() == 0
    assert "Roll all due rolls every die itself" in view.last_message
    assert "6 6" in view.last_message and view.records[0].entries == ()
    # Dice typed for untended-wound fatigue, which uses none.
    assert view.select_due("untended_fatigue")
    assert not view.record_selected()
    assert "untended fatigue for Aldric uses no dice" in view.last_message
    assert view.records[0].entries == () and view.dice.text() == "6 6"
    view.dice.clear()
    assert view.record_selected(), view.last_message  # +2 long-term fatigue (RULES 1.10)
    assert view.records[0].state.fatigue_long == 2


def test_start_healing_on_two_editions_opens_a_record_for_each(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit 16 item 9: never drop one edition silently (a record holds one)."""
    from yags_desk.qt.shell.healing import start_healing
    from yags_desk.storage.healing_file import HealingFile

    window = sample_window(qtbot, monkeypatch)
    library = window.library
    aldric, brand = classic("Aldric", wounds=2), v08("Brand", wounds=3)
    pa, pb = library.save_character(aldric), library.save_character(brand)
    tabs = window.tabs.count()
    view = start_healing(window, [(pa, aldric), (pb, brand)])
    assert isinstance(view, HealingView) and window.tabs.count() == tabs + 2
    records = [window.tabs.widget(i) for i in range(tabs, tabs + 2)]
    assert [(r.record.edition, [p.name for p in r.record.patients]) for r in records
            if isinstance(r, HealingView) and isinstance(r.record, HealingFile)] == [
        ("classic", ["Aldric"]), ("0.8", ["Brand"])]
    message = window.statusBar().currentMessage()
    assert "one healing record for each edition" in message
    assert "classic: Aldric" in message and "0.8: Brand" in message


def test_the_due_table_never_offers_first_aid_nobody_can_give(qtbot: Any) -> None:
    """Re-audit 16 item 1: Torvald, knocked out at Critical with no First aid and
    Nobody as carer: first aid is shown as needing a carer, not offered; he comes
    round an hour later ([decision] waking.py) and the heading says so."""
    from yags_desk.rules.healing import HealingStart

    library = Library.open()
    torvald = classic("Torvald", wounds=5)  # Critical, -10 (RULES 1.6)
    path = library.save_character(torvald)
    library.save_character(classic("Elin", skills={"First aid": 50}))
    start = HealingStart(patient=torvald, at=GameTime(day=1), status="unconscious")
    view = HealingView(new_healing_file("Torvald", [(path, start)]), None, library)
    qtbot.addWidget(view)
    rows = {view.due_model.item(r)[1].kind: r for r in range(view.due_model.rowCount())}
    assert "first_aid" not in rows and not view.select_due("first_aid")
    needs = view.due_model.index(rows["needs_healer"], 2)
    assert "needs a carer with First aid" in needs.data()
    assert not view.due_model.flags(needs) & Qt.ItemFlag.ItemIsSelectable
    assert "come_round" in rows
    view.carer.setCurrentIndex(view.carer.findText("Elin"))
    assert view.select_due("first_aid")  # Elin can give it
    view.carer.setCurrentIndex(0)  # Nobody
    view.move_time(hours=1)
    assert view.roll_all_due() >= 2  # +1 fatigue untended, and he comes round
    assert view.records[0].state.status == "awake"
    assert "unconscious" not in view.heading.text()
    assert any("Torvald comes round: out of danger" in view.timeline.index(r, 2).data()
               for r in range(view.timeline.rowCount()))


def test_a_record_the_window_saved_after_writing_the_file_is_continued_by_the_cli(
        setup: tuple[HealingView, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """Re-audit 16 item 3: the window's record keeps what it wrote into Bren's file,
    so ``yags-desk heal`` goes on with it; a file the record never wrote, or one
    something else wrote since, gets a new record instead."""
    import json

    from yags_desk.cli import main
    from yags_desk.storage.documents import write_document

    view, aldric, bren = setup
    view.carer.setCurrentIndex(0)  # Nobody: the wounds stay untended
    view.move_time(hours=2)
    assert view.select_due("untended_fatigue", patient=1)
    assert view.record_selected(), view.last_message  # Bren +2 long-term (RULES 1.10)
    assert view.record.patients[1].wrote and not view.record.patients[0].wrote
    assert view.save() and view.path is not None
    assert main(["heal", str(bren), "--days", "1", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] == str(view.path) and out["from"] == "day 1, 02:00"
    # Aldric's file, which the record never wrote: a new record.
    assert main(["heal", str(aldric), "--days", "1", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] is None and "was not the last to write" in out["not_continued"]
    # Something else writing Bren's file now (a new fight): a new record.
    model = read_document(bren, "character").model
    write_document(bren, "character", model.model_copy(update={"wounds": 3}))
    assert main(["heal", str(bren), "--days", "1", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] is None and "was not the last to write" in out["not_continued"]


def test_no_to_a_changed_file_is_not_asked_again_for_the_same_change(
        setup: tuple[HealingView, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-audit 16 item 5: after No for Aldric's file, later steps (and a History
    click across them) keep it without asking again; a new change is asked about."""
    from PySide6.QtWidgets import QMessageBox

    from yags_desk.storage.documents import write_document

    view, aldric, _ = setup
    asked: list[str] = []

    def no(_parent: object, _title: str, text: str, *_a: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", no)
    view.carer.setCurrentIndex(0)  # Nobody: each hour untended is +1 fatigue (RULES 1.10)
    for _ in range(3):
        view.move_time(hours=1)
        assert view.roll_all_due() == 2, view.last_message
    assert view.undo_stack.count() == 3
    model = read_document(aldric, "character").model
    write_document(aldric, "character", model.model_copy(update={"wounds": 5}))  # a fight
    view.undo_stack.setIndex(0)  # History: back three steps at once
    assert len(asked) == 1 and "Aldric" in asked[0] and "wounds 5" in asked[0]
    assert _wounds(aldric) == 5  # kept, as answered
    assert "not written" in view.last_message
    view.undo_stack.setIndex(2)  # forward again: the same change, not asked again
    assert len(asked) == 1 and _wounds(aldric) == 5
    write_document(aldric, "character", model.model_copy(update={"wounds": 6}))  # again
    view.undo_stack.setIndex(3)
    assert len(asked) == 2 and "wounds 6" in asked[1]


def test_saving_over_a_record_file_changed_on_disk_asks_first(
        setup: tuple[HealingView, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-audit 16 item 4: the record file changed on disk since the tab saved it
    (yags-desk heal continued it): Save asks; No leaves the file as it is."""
    from PySide6.QtWidgets import QMessageBox

    from yags_desk.storage.healing_file import with_records

    view, _, _ = setup
    assert view.save() and view.path is not None
    # Something else writes the record file: an entry added to Bren's record.
    other = patient_records(view.current_record())
    other[1].push(Note(at=GameTime(day=2), text="from yags-desk heal"))
    view.library.save_healing_record(with_records(view.current_record(), other), view.path)
    theirs = view.path.read_bytes()
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    asked: list[str] = []

    def answer(_parent: object, _title: str, text: str, *_a: object) -> object:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", answer)
    assert view.select_due("first_aid", "Serious")
    assert view.record_selected(), view.last_message
    assert not view.save()
    assert len(asked) == 1 and view.path.name in asked[0]
    assert view.path.read_bytes() == theirs and view.is_modified()
    assert "Not saved" in view.last_message and "changed on disk" in view.last_message
    assert view.save() and len(asked) == 2  # Yes: saved over it
    assert view.path.read_bytes() != theirs and not view.is_modified()
    assert view.save() and len(asked) == 2  # unchanged since: no question


def test_first_aid_hours_after_the_fight_records_the_untended_hours_with_it(
        setup: tuple[HealingView, Path, Path]) -> None:
    # Healing leftovers item 2: the Due table offered first aid while untended hours
    # were still to count, then refused it. Now recording it counts them first (+3
    # long-term fatigue for three hours, RULES 1.10), in the same undo step.
    view, _, bren = setup
    view.move_time(hours=3)
    assert view.select_due("first_aid", "Light")
    # Elin: Dexterity 10 x First aid 50% = 5 + dice 6+5 = 16 against Light 15: tended.
    view.dice.setText("6 5")
    assert view.record_selected(), view.last_message
    texts = [view.timeline.index(r, 2).data() for r in range(view.timeline.rowCount())]
    assert len(texts) == 2 and "3 hours untended: Bren gains 3 long-term fatigue" in texts[0]
    assert "16 against 15" in texts[1] and "→ tended" in texts[1]
    assert view.undo_stack.count() == 1
    view.undo_stack.undo()
    assert view.timeline.rowCount() == 0


def test_heal_continues_a_record_started_in_the_window_until_the_file_changes(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Healing leftovers item 3: a record started in the window from Aldric's file as
    it is, with no step taken yet, is saved in the library and counts as in step with
    the file, so ``yags-desk heal`` continues it; once something else writes the file,
    heal starts a new record and says why."""
    import json

    from yags_desk.cli import main
    from yags_desk.storage.healing_write import file_digest

    window = sample_window(qtbot, monkeypatch)
    library = window.library
    path = library.save_character(classic("Aldric", wounds=3))  # Medium (RULES 1.6)
    view = window._start_healing_for_file(path)
    assert isinstance(view, HealingView) and view.path is not None
    saved = read_document(view.path, "healing").model
    assert saved.patients[0].wrote == file_digest(path)
    assert main(["heal", str(path), "--days", "1", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] == str(view.path) and out["not_continued"] is None
    # Another fight leaves him Serious on file: heal starts afresh, saying why.
    path2 = library.save_character(classic("Bren", wounds=2))
    view2 = window._start_healing_for_file(path2)
    assert isinstance(view2, HealingView) and view2.path is not None
    bren = read_document(path2, "character").model
    library.save_character(bren.model_copy(update={"wounds": 4}), path2)
    assert main(["heal", str(path2), "--days", "1", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["continued"] is None
    assert f"({view2.path}) was not the last to write {path2}" in out["not_continued"]
