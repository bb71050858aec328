"""The battle view: set-up edits refused at the field, turns fought and undone,
the chart and the report, saving in the library (issue 16 item 5)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QModelIndex, QPoint, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import QApplication, QToolTip

from yags_desk.qt.mass import view as view_module
from yags_desk.qt.mass.view import BattleView, new_battle
from yags_desk.rules.character import Character
from yags_desk.rules.quick_combat import (
    Battle,
    BattleState,
    Group,
    Side,
    resolve_turn,
    run_battle,
)
from yags_desk.rules.quick_values import quick_values
from yags_desk.storage.documents import read_document
from yags_desk.storage.library import Library

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "resources" / "sample_library"


@pytest.fixture
def library() -> Library:
    return Library.open()


def _sample_battle() -> Battle:
    model = read_document(SAMPLE / "battles" / "raid-on-the-mill.json", "battle").model
    assert isinstance(model, Battle)
    return model


def _view(qtbot: Any, library: Library, battle: Battle | None = None, seed: int = 3,
          path: Path | None = None, **kw: Any) -> BattleView:
    view = BattleView(battle or _sample_battle(), path, library, random.Random(seed), **kw)
    qtbot.addWidget(view)
    return view


def _cell(view: BattleView, side: int, row: int, column: int) -> QModelIndex:
    return view.sides[side].model.index(row, column)


def test_models_pass_the_model_tester(qtbot: Any, library: Library) -> None:
    view = _view(qtbot, library)
    testers = [QAbstractItemModelTester(m, QAbstractItemModelTester.FailureReportingMode.Fatal)
               for m in (view.sides[0].model, view.sides[1].model, view.turns_model,
                         view.pairings_model)]
    model = view.sides[1].model
    assert model.setData(_cell(view, 1, 0, 1), "20")
    view.add_group(1)
    view.remove_group(1, 3)
    view.play_turn()
    view.play_turn()
    view.undo_stack.undo()
    assert view.turns_model.rowCount() == 1 and len(testers) == 4
    view.undo_stack.undo()
    view.add_pairing("Town guards", "Wolves")
    view.remove_pairing(0)
    view.undo_stack.undo()
    assert view.pairings_model.rowCount() == 1


def test_figures_of_zero_or_less_are_refused_naming_the_group(qtbot: Any,
                                                              library: Library) -> None:
    view = _view(qtbot, library)
    before = view.battle
    model = view.sides[1].model
    for typed in ("0", "-3"):
        assert not model.setData(_cell(view, 1, 0, 1), typed)
        assert view.message.text() == (f"Figures of Bandits: needs at least 1 figure, "
                                       f"not {typed}")
    assert not model.setData(_cell(view, 1, 0, 0), "Wolves")
    assert view.message.text() == ("Group of Bandits: group name 'Wolves' is used twice "
                                   "(side 'Raiders'); group names must be unique")
    assert not model.setData(_cell(view, 1, 0, 1), "many")
    assert view.message.text() == "Figures of Bandits: 'many' is not a whole number"
    assert view.battle == before and view.undo_stack.count() == 0
    view.add_from_character(0, Character.model_validate(
        read_document(SAMPLE / "characters" / "guard.json", "character").model.model_dump()),
        0)
    assert view.last_message == "Figures of Town guard: needs at least 1 figure, not 0"
    assert view.battle == before


def test_a_leader_is_needed_for_leadership_numbers_and_a_bonus(qtbot: Any,
                                                               library: Library) -> None:
    view = _view(qtbot, library)
    raiders = view.sides[1]
    raiders.bonus.setValue(2)
    view._side_edited()
    assert view.message.text() == ("Leadership bonus of Raiders: Raiders have no leader to "
                                   "roll for it; name a leader first")
    assert raiders.bonus.value() == 0 and view.battle.sides[1].bonus == 0
    raiders.battle_skill.setValue(40)
    view._side_edited()
    assert view.message.text() == ("Leader of Raiders: give the leader a name "
                                   "(Intelligence 0, Battle 40%)")
    assert view.battle.sides[1].leader is None
    raiders.leader.setText("Black Tam")
    raiders.intelligence.setValue(11)
    raiders.battle_skill.setValue(40)
    view._side_edited()
    leader = view.battle.sides[1].leader
    assert leader is not None and (leader.name, leader.intelligence, leader.battle) == (
        "Black Tam", 11, 40)
    view.undo_stack.undo()
    assert view.battle.sides[1].leader is None and raiders.leader.text() == ""


def test_typed_numbers_replace_the_template_and_the_tooltip_says_so(qtbot: Any,
                                                                    library: Library) -> None:
    view = _view(qtbot, library)
    model = view.sides[0].model
    attack = _cell(view, 0, 1, 3)  # Guard archers' attack: the bow
    tip = model.data(attack, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Attack from Archer (Bow: Bow)") and tip.endswith("= 25")
    assert "Defence from Archer (Brawling: Knife" in model.data(
        _cell(view, 0, 1, 4), Qt.ItemDataRole.ToolTipRole)
    assert model.data(_cell(view, 0, 1, 7)) == "Archer"
    assert model.setData(attack, "20")
    assert view.battle.group("Guard archers").attack == 20
    assert model.data(attack, Qt.ItemDataRole.ToolTipRole) == "Typed by the GM"
    assert model.data(_cell(view, 0, 1, 7)) == "typed"
    view.undo_stack.undo()
    assert view.battle.group("Guard archers").attack == 25
    assert model.data(_cell(view, 0, 1, 7)) == "Archer"


def test_a_group_from_a_character_takes_its_numbers(qtbot: Any, library: Library) -> None:
    view = _view(qtbot, library, new_battle())
    knight = view.characters()["sample-knight"]
    view.add_from_character(1, knight, 5)
    group = view.battle.sides[1].groups[-1]
    assert (group.name, group.count, group.attack, group.defence, group.soak) == (
        "Knight", 5, 22, 27, 29)
    assert group.template == "sample-knight"
    view.add_from_character(1, view.characters()["sample-bandit-08"], 5)
    assert view.message.text() == ("Character: Bandit (0.8) is a 0.8 character; quick combat "
                                   "uses classic numbers (RULES 1.12)")
    assert len(view.battle.sides[1].groups) == 2


def test_turns_fight_like_the_rules_and_undo_one_by_one(qtbot: Any, library: Library) -> None:
    battle = _sample_battle()
    view = _view(qtbot, library, battle, seed=9)
    first, second = view.play_turn(), view.play_turn()
    assert first is not None and second is not None
    rng = random.Random(9)
    expected = resolve_turn(resolve_turn(BattleState.start(battle), rng).state_after, rng)
    assert dict(second.remaining) == dict(expected.remaining)
    assert view.turns_model.rowCount() == 2
    assert view.turns_model.data(view.turns_model.index(1, 0)).startswith("Turn 2: ")
    side0 = sum(second.remaining[g.name] for g in battle.sides[0].groups)
    assert view.chart.series[0] == [18, sum(first.remaining[g.name]
                                            for g in battle.sides[0].groups), side0]
    assert not view.sides[0].name.isEnabled()  # the set-up is fixed while turns stand
    view.undo_stack.undo()
    assert len(view.turns) == 1 and len(view.chart.series[0]) == 2
    view.undo_stack.undo()
    assert view.turns == [] and view.sides[0].name.isEnabled()
    assert view.chart.series == ([18], [24])
    # The sample breaks at 25%: dashed lines at 4.5 and 6 figures.
    assert view.chart.breaks == (4.5, 6.0)
    # The tooltip the GM sees on hovering the chart (written when asked for).
    spot = QPoint(5, 5)
    QApplication.sendEvent(view.chart, QHelpEvent(QEvent.Type.ToolTip, spot,
                                                  view.chart.mapToGlobal(spot)))
    assert "Raiders: 24 (breaks at 6 or fewer: dashed line)" in QToolTip.text()
    QToolTip.hideText()


def test_typed_dice_fight_the_turn_or_are_refused_whole(qtbot: Any, library: Library) -> None:
    battle = new_battle().model_copy(update={"sides": tuple(
        s.model_copy(update={"groups": [s.groups[0].model_copy(update={"count": c})]})
        for s, c in zip(new_battle().sides, (3, 2), strict=True))})
    view = _view(qtbot, library, battle)
    view.dice_mode.setCurrentIndex(1)
    view.typed.setText("7 9 2")
    assert view.play_turn() is None
    assert view.message.text() == ("Typed dice: die 4: the turn needs more d10s than the 3 "
                                   "typed; the turn was not fought")
    view.typed.setText("7 9 2 5 5 1 10 8 4")
    assert view.play_turn() is None
    assert "the turn used 8 d10s but 9 were typed" in view.message.text()
    view.typed.setText("7 9 2 5 5 1 10 8")
    turn = view.play_turn()
    assert turn is not None and dict(turn.remaining) == {"First group": 2, "Second group": 1}
    assert view.typed.text() == "" and not view.to_end.isEnabled()


def test_fight_to_the_end_matches_run_battle_and_undoes_turn_by_turn(
        qtbot: Any, library: Library) -> None:
    battle = _sample_battle()
    view = _view(qtbot, library, battle, seed=21)
    fought = view.fight_to_end()
    whole = run_battle(battle, random.Random(21))
    assert fought == len(whole.turns) == view.undo_stack.count()
    assert dict(view.state().counts) == dict(whole.remaining)
    assert not view.next_turn.isEnabled()
    assert whole.describe()[-1] in view.status.text()
    view.undo_stack.undo()
    assert len(view.turns) == fought - 1 and view.next_turn.isEnabled()


def test_a_large_battle_shows_progress_and_cancel_keeps_the_turns_fought(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(view_module, "PROGRESS_FROM", 10)
    monkeypatch.setattr(view_module, "PROGRESS_EVERY", 0)  # each turn shown, as it may be
    view = _view(qtbot, library, _sample_battle().model_copy(update={"max_turns": 20}))
    shown: list[str] = []

    def cancel_after_two(self: Any, text: str) -> None:
        shown.append(text)
        if len(shown) == 2:
            self.cancel()

    monkeypatch.setattr(view_module.QProgressDialog, "setLabelText", cancel_after_two)
    fought = view.fight_to_end()
    assert fought == 2 and len(view.turns) == 2
    assert shown[0].endswith("turn 1 of at most 20")
    assert view.last_message == "Stopped after turn 2: 2 turns fought"


def _lone_hero(max_turns: int = 20) -> Battle:
    """One figure against three, all too well armoured to fall in a turn or two."""
    def group(name: str, count: int) -> Group:
        return Group(name=name, count=count, initiative=15, attack=10, defence=30,
                     damage=5, soak=30)
    return Battle(name="Lone hero", edition="classic", max_turns=max_turns,
                  sides=(Side(name="Hero", groups=[group("Hero", 1)]),
                         Side(name="Band", groups=[group("Band", 3)])))


def test_one_figure_and_one_turn_read_singular(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(view_module, "PROGRESS_FROM", 10)
    monkeypatch.setattr(view_module, "PROGRESS_EVERY", 0)
    view = _view(qtbot, library, _lone_hero())
    assert [view.side_tabs.tabText(i) for i in (0, 1)] == ["Hero (1 figure)",
                                                           "Band (3 figures)"]
    monkeypatch.setattr(view_module.QProgressDialog, "setLabelText",
                        lambda self, _text: self.cancel())  # Cancel after the first turn
    assert view.fight_to_end() == 1
    assert view.last_message == "Stopped after turn 1: 1 turn fought"


def test_progress_is_shown_at_most_so_often(qtbot: Any, library: Library,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The first turn's progress is shown, then none until PROGRESS_EVERY has passed
    (here: never); all the turns are fought."""
    monkeypatch.setattr(view_module, "PROGRESS_FROM", 10)
    monkeypatch.setattr(view_module, "PROGRESS_EVERY", 3600)
    view = _view(qtbot, library, _sample_battle().model_copy(update={"max_turns": 20}))
    shown: list[str] = []
    monkeypatch.setattr(view_module.QProgressDialog, "setLabelText",
                        lambda _self, text: shown.append(text))
    fought = view.fight_to_end()
    assert fought >= 2 and view.state().is_over
    assert shown == ["Fighting Raid on the river mill: turn 1 of at most 20"]


def test_report_prints_the_turns_fought(qtbot: Any, library: Library) -> None:
    printed: list[str] = []
    view = _view(qtbot, library, show_report=lambda _parent, html: printed.append(html))
    view.print_report()
    assert view.message.text() == "Print report: fight at least one turn first"
    turn = view.play_turn()
    assert turn is not None
    view.print_report()
    assert len(printed) == 1 and "Raid on the river mill" in printed[0]
    assert "Stopped after 1 turn" in printed[0]
    assert turn.describe().split(": ", 1)[1][:40] in printed[0].replace("&#x27;", "'")


def test_save_writes_the_set_up_to_the_library(qtbot: Any, library: Library) -> None:
    view = _view(qtbot, library, new_battle())
    assert view.is_modified()
    view.name.setText("Bridge fight")
    view._battle_edited()
    assert view.save()
    saved = read_document(view.path, "battle").model  # type: ignore[arg-type]
    assert isinstance(saved, Battle) and saved.name == "Bridge fight"
    assert view.path is not None and view.path.parent == library.battles_dir
    assert not view.is_modified()


def test_declared_pairings_decide_who_fights_whom(qtbot: Any, library: Library) -> None:
    view = _view(qtbot, library)
    # Listing order first: guards meet bandits, archers meet berserkers, wolves join in.
    assert view.plan.text().startswith(
        "Next, turn 1: Town guards (8) against Bandits (14), d10 needed: initiative ")
    view.add_pairing("Guard archers", "Wolves")
    assert view.pairings.currentText() == "Guard archers against Wolves"
    assert "Guard archers (6) against Wolves (6)" in view.plan.text()
    turn = view.play_turn()
    assert turn is not None and (turn.pairings[0].a, turn.pairings[0].b) == (
        "Guard archers", "Wolves")
    view.undo_stack.undo()
    view.add_pairing("Guard archers", "Wolves")
    assert view.message.text() == ("Pairings: pairing 2 repeats 'Guard archers' against "
                                   "'Wolves'")
    assert len(view.battle.pairings) == 1
    view.remove_pairing(0)
    assert view.battle.pairings == [] and view.pairings_model.rowCount() == 0
    view.remove_pairing(0)
    assert view.message.text() == "Remove pairing: no pairing is declared"


def test_a_character_changed_since_is_named_in_the_tooltip(qtbot: Any, library: Library) -> None:
    battle = _sample_battle()
    guards = battle.group("Town guards")
    stale = battle.model_copy(update={"sides": (battle.sides[0].model_copy(update={
        "groups": [guards.model_copy(update={"attack": 11}), battle.sides[0].groups[1]]}),
        battle.sides[1])})
    view = _view(qtbot, library, stale)
    tip = view.sides[0].model.data(_cell(view, 0, 0, 3), Qt.ItemDataRole.ToolTipRole)
    assert tip.endswith("Town guard now gives 13; this battle keeps 11 (add the group again "
                        "to take the new numbers)")
    assert view.battle.group("Town guards").attack == 11


def test_a_leader_from_a_character_takes_intelligence_and_battle(qtbot: Any,
                                                                 library: Library) -> None:
    view = _view(qtbot, library)
    view.leader_from_character(1, view.characters()["sample-knight"])
    leader = view.battle.sides[1].leader
    assert leader is not None and (leader.name, leader.intelligence, leader.battle) == (
        "Knight", 10, 50)
    assert view.sides[1].leader.text() == "Knight" and view.sides[1].battle_skill.value() == 50
    view.leader_from_character(0, view.characters()["sample-brenna"])
    assert view.message.text() == ("Leader: Brenna Ash is a 0.8 character; quick combat "
                                   "uses classic numbers (RULES 1.12)")
    view.undo_stack.undo()
    assert view.battle.sides[1].leader is None


def test_the_plan_follows_a_group_edited_and_the_edit_undone(qtbot: Any,
                                                            library: Library) -> None:
    """The d10 each group needs (RULES 1.12 quick values) is worked out again when a
    group of the pairing changes, and back when the change is undone."""
    view = _view(qtbot, library, new_battle())

    def needs() -> str:
        first, second = view.battle.group("First group"), view.battle.group("Second group")
        a, b = quick_values(first, second), quick_values(second, first)
        return (f"d10 needed: initiative {a.initiative}/{b.initiative}, attack "
                f"{a.attack}/{b.attack}, damage {a.damage}/{b.damage}")

    before = needs()
    assert view.plan.text().endswith(before)
    sides = list(view.battle.sides)
    sides[0] = sides[0].model_copy(update={"groups": [
        sides[0].groups[0].model_copy(update={"attack": 40, "damage": 35})]})
    view.change_battle(view.battle.model_copy(update={"sides": tuple(sides)}),
                       "Attack of First group: 40")
    after = needs()
    assert after != before and view.plan.text().endswith(after)
    view.undo_stack.undo()
    assert view.plan.text().endswith(before)
