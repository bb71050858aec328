"""Issue 5 item 6 end to end: fights on the board in the main window through the REAL
dialogs. Each dialog's exec is replaced by a GM who types the scripted dice into the
dialog's own fields, picks the declaration in its widgets and presses Apply; the
fight must end exactly as a CombatLog fed the events the engine builds from the same
dice, and Edit ▸ Undo back to the start must restore the cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import cycle
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox, QDialog

from tests.qt.battle.scripted import CLASSIC_DICE, V08_DICE
from tests.qt.shell.app_helpers import sample_window
from yags_desk.qt.battle.board import BattleBoard, fight_result
from yags_desk.qt.battle.dialogs import AttackDialog, CheckDialog, DeclareDialog, InitiativeDialog
from yags_desk.qt.battle.dialogs.common import EventDialog
from yags_desk.qt.shell.main_window import MainWindow
from yags_desk.rules.combat import checks_classic, checks_v08
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import AttackDiceV08, resolve_attack_v08
from yags_desk.rules.combat.checks_v08 import roll_initiative_v08
from yags_desk.rules.combat.events import ClearCondition, Declare, EndRound, Event
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import make_initiative
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.combat.steps import auto_declaration, next_step
from yags_desk.rules.dice import D20Roll, OpenRoll, d20_from_typed, open_roll_from_typed
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Encounter, encounter_log

Dice = OpenRoll | D20Roll


def _pick(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered in {combo.objectName() or combo}"
    combo.setCurrentIndex(index)


@dataclass
class TypingGM:
    """Types scripted dice into whichever dialog opens and records what it did."""

    edition: str
    done: list[tuple[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._classic = cycle(CLASSIC_DICE)
        self._v08 = cycle(V08_DICE)

    def dice(self) -> tuple[str, Dice]:
        """The next roll as the GM types it, and as the engine reads it."""
        if self.edition == "classic":
            a, b = next(self._classic)
            return f"{a} {b}", open_roll_from_typed([a, b])
        n = next(self._v08)
        return str(n), d20_from_typed(n)

    def exec(self, dialog: EventDialog) -> int:
        if isinstance(dialog, DeclareDialog):
            self.declare(dialog)
        elif isinstance(dialog, InitiativeDialog):
            self.initiative(dialog)
        elif isinstance(dialog, AttackDialog):
            self.attack(dialog)
        elif isinstance(dialog, CheckDialog):
            self.check(dialog)
        else:
            raise AssertionError(f"unexpected dialog {type(dialog).__name__}")
        dialog.apply_button.click()
        assert dialog.result() == QDialog.DialogCode.Accepted, dialog.error_label.text()
        return dialog.result()

    def declare(self, dialog: DeclareDialog) -> None:
        """The engine's choice for an automatic fighter, picked in the widgets."""
        wanted = expected_declaration(dialog.state, dialog.fighter_id)
        _pick(dialog.action_combo, wanted.action)
        if wanted.target:
            _pick(dialog.target_combo, wanted.target)
        if wanted.style:
            _pick(dialog.style_combo, wanted.style)
        if wanted.defences is not None:
            dialog.defences_spin.setValue(wanted.defences)
        self.done.append(("declare", dialog.fighter_id))

    def initiative(self, dialog: InitiativeDialog) -> None:
        rolls = []
        for n, fid in enumerate(dialog.fighter_ids):
            text, dice = self.dice()
            dialog.dice_entries[fid].edit.setText(text)  # over the NPCs' own rolls
            dialog.tiebreak_spins[fid].setValue(n + 1)
            rolls.append((fid, dice, n + 1))
        self.done.append(("initiative", rolls))

    def attack(self, dialog: AttackDialog) -> None:
        typed: dict[str, Dice | None] = {}
        for name, entry in (("attack", dialog.attack_dice), ("defence", dialog.defence_dice),
                            ("damage", dialog.damage_dice), ("stray", dialog.stray_dice)):
            if entry.isHidden():
                typed[name] = None
                continue
            assert name != "stray", "no shot into a melee in these fights"
            text, dice = self.dice()
            entry.edit.setText(text)
            typed[name] = dice
        assert dialog.attack_dice_edit.text()
        self.done.append(("attack", typed))

    def check(self, dialog: CheckDialog) -> None:
        assert dialog.second_dice.isHidden(), "no two-roll check in these fights"
        dice: Dice | None = None
        if not dialog.roll_dice.isHidden():
            text, dice = self.dice()
            dialog.roll_dice.edit.setText(text)
        self.done.append(("check", dice))


def expected_declaration(state: CombatState, fid: str) -> Declare:
    d = auto_declaration(state, fid)
    if d is not None:
        return d
    return Declare(id=fid, action="wait", defences=1 if state.edition == "0.8" else None)


def engine_replay(encounter: Encounter, done: list[tuple[str, Any]], rounds: int) -> CombatLog:
    """The fight without widgets: the events the engine builds from the GM's dice."""
    log = encounter_log(encounter)
    todo = list(done)
    while log.state.round <= rounds:
        state = log.state
        step = next_step(state)
        events: list[Event]
        if step.kind == "end_round":
            events = [EndRound()]
        elif step.kind == "action" and step.action == "stand_up":
            assert step.fighter is not None
            events = [ClearCondition(id=step.fighter, condition="prone")]
        else:
            kind, what = todo.pop(0)
            if step.kind == "declare":
                assert kind == "declare" and what == step.fighter
                events = [expected_declaration(state, what)]
            elif step.kind == "initiative":
                assert kind == "initiative"
                if state.edition == "classic":
                    events = [make_initiative(state, fid, dice, tie) for fid, dice, tie in what]
                else:
                    events = [roll_initiative_v08(state, fid, dice) for fid, dice, _tie in what]
            elif step.kind == "action":
                assert kind == "attack" and step.fighter and step.target
                counter = step.action == "counter"
                if state.edition == "classic":
                    e = resolve_attack(state, step.fighter, step.target, step.style, AttackDice(
                        what["attack"], what["defence"], what["damage"]))
                    events = [e.model_copy(update={"counter": True}) if counter else e]
                else:
                    events = [resolve_attack_v08(state, step.fighter, step.target, AttackDiceV08(
                        what["attack"], what["defence"], what["damage"]), counter=counter)]
            else:
                assert kind == "check" and step.pending is not None
                p = step.pending
                if p.kind == "killing_blow":
                    events = [checks_classic.kill_helpless(state, p.id)]
                elif state.edition == "classic":
                    events = [checks_classic.resolve_check(state, p, what)]
                else:
                    events = [checks_v08.resolve_check(state, p, what)]
        for event in events:
            log.push(event)
    assert not todo, f"the board asked for more than the engine: {todo[:2]}"
    return log


@pytest.fixture
def window(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    return sample_window(qtbot, monkeypatch)  # boards get the real QtBattleDialogs


@pytest.mark.parametrize(("name", "edition"), [("ford-ambush.json", "classic"),
                                               ("sparring.json", "0.8")])
def test_a_two_round_fight_through_the_real_dialogs_ends_as_the_engine(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, name: str, edition: str) -> None:
    gm = TypingGM(edition)
    monkeypatch.setattr(EventDialog, "exec", lambda dialog: gm.exec(dialog))
    path = window.library.encounters_dir / name
    board = window.open_encounter(path)
    assert isinstance(board, BattleBoard) and board.state.edition == edition
    first_cards = {fid: board.card_text(fid) for fid in board.state.fighters}
    for _ in range(500):
        if board.state.round > 2:
            break
        # Once one side is left (the 0.8 bout may end early), play on explicitly.
        (board.anyway_action if fight_result(board.state) else board.next_action).trigger()
        assert board.last_message == "", board.last_message
    assert board.state.round == 3
    assert {kind for kind, _ in gm.done} >= {"declare", "initiative", "attack", "check"}
    encounter = read_document(path, "encounter").model
    assert isinstance(encounter, Encounter)
    expected = engine_replay(encounter, gm.done, 2)
    assert board.log.events == expected.events
    assert board.state == expected.state
    # Edit ▸ Undo (the window's action, Ctrl+Z) back to the start restores the cards.
    while window.undo_action.isEnabled():
        window.undo_action.trigger()
    assert board.log.events == ()
    assert {fid: board.card_text(fid) for fid in board.state.fighters} == first_cards
