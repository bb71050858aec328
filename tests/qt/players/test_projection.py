"""What the players' screen may show (issue 17 item 1), through its projection:
never a hidden NPC, never a name the GM kept secret, never a number but the round."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.qt.battle.helpers import engine_fight, sample
from yags_desk.qt.players.projection import STATES, PlayerRow, project, who_acted
from yags_desk.rules.combat.events import Override, Wound
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.state import CombatState
from yags_desk.storage.encounter_file import Encounter, PlayersScreen
from yags_desk.storage.library import Library


@pytest.fixture
def ambush(home: Path) -> Encounter:
    return sample(Library.open(), "ford-ambush.json")


def states(log: CombatLog) -> list[CombatState]:
    return [log.state_before(i) for i in range(len(log.events))] + [log.state]


def npcs(state: CombatState) -> dict[str, str]:
    return {f.id: f.name for f in state.fighters.values() if f.character.kind != "pc"}


def names(rows: tuple[PlayerRow, ...]) -> list[str]:
    return [r.name for r in rows]


def test_hidden_npcs_never_appear_in_a_whole_fight(ambush: Encounter) -> None:
    log = engine_fight(ambush, 3)
    hidden = npcs(log.state)
    assert len(hidden) >= 4
    pcs = {f.name for f in log.state.fighters.values() if f.character.kind == "pc"}
    screen = PlayersScreen(revealed=("bandit-1",))
    for state in states(log):
        view = project(state, screen, who_acted(log.events))
        text = " ".join(view.texts())
        for fid, name in hidden.items():
            if fid != "bandit-1":
                assert name not in text
        assert set(names(view.rows)) <= pcs | {hidden["bandit-1"]}
        assert {f.name for f in state.active() if f.character.kind == "pc"} <= set(
            names(view.rows))
        assert all(r.state in STATES for r in view.rows)


def test_no_number_of_the_fight_reaches_the_players(ambush: Encounter) -> None:
    log = engine_fight(ambush, 3)
    everyone = npcs(log.state)
    # Every NPC shown, under names without digits ("Bandit", "?").
    screen = PlayersScreen(revealed=tuple(everyone))
    for fid in everyone:
        screen = screen.with_name(fid, "?" if fid.startswith("archer") else "Bandit")
    seen_hurt = False
    for state in states(log):
        view = project(state, screen)
        assert len(view.rows) == len(state.active())
        for text in view.texts():
            if text != f"Round {state.round}":
                assert not re.search(r"\d", text), text
        for name in everyone.values():
            assert name not in " ".join(view.texts())
        seen_hurt |= any(r.state not in ("Unhurt", "Dead", "Down") for r in view.rows)
    assert seen_hurt  # the fight hurt someone, and it was said in words


def test_an_npc_shows_itself_when_it_first_acts_only_if_the_gm_says_so(
        ambush: Encounter) -> None:
    log = engine_fight(ambush, 1)
    acted = who_acted(log.events)
    npc_acted = sorted(acted & set(npcs(log.state)))
    assert npc_acted
    name = log.state.fighter(npc_acted[0]).name
    assert name not in names(project(log.state, PlayersScreen(), acted).rows)
    on = PlayersScreen(reveal_on_act=True)
    assert name in names(project(log.state, on, acted).rows)
    # Before anyone acted, nobody is revealed by acting.
    assert not set(npcs(log.start)) & set(names(project(log.start, on, set()).rows))


def test_the_fighter_acting_now_is_highlighted_unless_hidden(ambush: Encounter) -> None:
    log = engine_fight(ambush, 1)
    from yags_desk.rules.combat.steps import next_step

    everyone = PlayersScreen(revealed=tuple(npcs(log.state)))
    nobody = PlayersScreen()
    seen_npc_turn = seen_pc_turn = False
    for state in states(log):
        step = next_step(state)
        if step.kind != "action" or step.fighter is None:
            assert not any(r.acting for r in project(state, everyone).rows)
            continue
        actor = state.fighter(step.fighter)
        shown = [r.name for r in project(state, everyone).rows if r.acting]
        assert shown == [actor.name]
        hidden = [r.name for r in project(state, nobody).rows if r.acting]
        if actor.character.kind == "pc":
            seen_pc_turn = True
            assert hidden == [actor.name]
        else:
            seen_npc_turn = True
            assert hidden == []
    assert seen_npc_turn and seen_pc_turn


def test_wounds_read_as_rough_words(ambush: Encounter) -> None:
    from yags_desk.storage.encounter_file import encounter_log

    log = encounter_log(ambush)
    screen = PlayersScreen(revealed=("bandit-1", "bandit-2"))

    def state_of(name: str) -> str:
        return next(r.state for r in project(log.state, screen).rows if r.name == name)

    assert state_of("Bandit 1") == "Unhurt"
    log.push(Wound(id="bandit-1", levels=2))  # Light (RULES 1.6)
    assert state_of("Bandit 1") == "Wounded"
    log.push(Wound(id="bandit-1", levels=2))  # Serious (4 levels)
    assert state_of("Bandit 1") == "Badly wounded"
    log.push(Override(id="bandit-2", field="wounds", value=6, reason="test"))
    assert state_of("Bandit 2") in ("Near death", "Down", "Dead")
