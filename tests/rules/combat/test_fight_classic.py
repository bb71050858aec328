"""A whole classic fight driven step by step as the battle board will drive it,
with every die typed in by the GM, then replayed from its saved log."""

from __future__ import annotations

import json
from collections.abc import Iterator

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.checks_classic import all_due, kill_helpless, resolve_check
from yags_desk.rules.combat.events import (
    AddCombatant,
    ClearCondition,
    Declare,
    EndRound,
    event_adapter,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import make_initiative, next_action
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import OpenRoll
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.storage.documents import read_document, write_document
from yags_desk.storage.encounter_file import encounter_log, new_encounter

ALDRIC = classic("Aldric", id="aldric", strength=13, dexterity=14, agility=12, stamina=14,
                 skills={"Single weapon": 125}, weapons=(LONG_SWORD,))
BANDIT = classic("Bandit", id="bandit", strength=11, dexterity=12,
                 skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
LONG = "Single weapon: Long sword"
SHORT = "Single weapon: Short sword"


def dice(*rolls: tuple[int, ...]) -> Iterator[OpenRoll]:
    return iter(typed(r) for r in rolls)


def play_actions(log: CombatLog, rolls: Iterator[OpenRoll]) -> None:
    """Every action of the round in order, then every check it calls for."""
    while (step := next_action(log.state)) is not None:
        assert step.target is not None
        t = log.state.fighter(step.target)
        defending = t.can_act and t.defence is None
        e = resolve_attack(log.state, step.fighter, step.target, step.style, AttackDice(
            next(rolls), next(rolls) if defending else None, next(rolls)))
        if step.kind == "counter":
            e = e.model_copy(update={"counter": True})
        log.push(e)
        while log.state.pending:
            log.push(resolve_check(log.state, log.state.pending[0], next(rolls)))


def scripted_fight() -> CombatLog:
    log = CombatLog("classic", roster=[
        AddCombatant(id="aldric", name="Aldric", side="party", character=ALDRIC),
        AddCombatant(id="bandit-1", name="Bandit 1", side="bandits", character=BANDIT),
        AddCombatant(id="bandit-2", name="Bandit 2", side="bandits", character=BANDIT)])
    # Round 1: Aldric attacks all-out; both bandits go for him.
    log.push(Declare(id="aldric", target="bandit-1", style=LONG, special="all_out"))
    log.push(Declare(id="bandit-1", target="aldric", style=SHORT))
    log.push(Declare(id="bandit-2", target="aldric", style=SHORT))
    for fid, roll in (("aldric", (6, 5)), ("bandit-1", (4, 4)), ("bandit-2", (3, 3))):
        log.push(make_initiative(log.state, fid, typed(roll)))
    play_actions(log, dice(
        (7, 6), (3, 2), (8, 5),   # Aldric on Bandit 1: attack, defence, damage
        (5, 5),                   # Bandit 1's Critical roll (knocked down: no strike back)
        (9, 9), (4, 4), (2, 2),   # Bandit 2 on Aldric: attack, Aldric's defence, damage
    ))
    log.push(EndRound())
    # Round 2: Bandit 1 gets up; Aldric tries a killing blow on him, Bandit 2 attacks.
    log.push(Declare(id="aldric", target="bandit-1", style=LONG, special="killing_blow"))
    log.push(Declare(id="bandit-1", action="stand_up"))
    log.push(Declare(id="bandit-2", target="aldric", style=SHORT))
    for fid, roll in (("aldric", (9, 8)), ("bandit-1", (2, 5)), ("bandit-2", (5, 4))):
        log.push(make_initiative(log.state, fid, typed(roll)))
    log.push(ClearCondition(id="bandit-1", condition="prone"))  # standing is his action
    play_actions(log, dice(
        (6, 7), (3, 3), (4, 5),   # Bandit 2 on Aldric: attack, defence, damage
        (6, 6),                   # Aldric's Critical roll
        (10, 8, 2), (2, 2), (5, 6),  # Aldric's killing blow, acting last
    ))
    log.push(EndRound())
    # Round 3: Aldric against Bandit 2; the end of round 3 calls for fatigue rolls.
    log.push(Declare(id="aldric", target="bandit-2", style=LONG))
    log.push(Declare(id="bandit-2", target="aldric", style=SHORT))
    for fid, roll in (("aldric", (3, 4)), ("bandit-2", (8, 8))):
        log.push(make_initiative(log.state, fid, typed(roll)))
    play_actions(log, dice(
        (2, 6), (7, 3), (4, 4),   # Bandit 2 on Aldric: he goes down, no strike back
        (9, 2),                   # Aldric's Fatal roll
    ))
    rolls = dice((6, 3))          # Bandit 2's fatigue roll at the end of round 3
    for due in all_due(log.state):
        if due.kind == "killing_blow":
            log.push(kill_helpless(log.state, due.id))
        else:
            log.push(resolve_check(log.state, due, next(rolls)))
    log.push(EndRound())
    return log


def test_round_one_numbers_follow_the_rules() -> None:
    log = scripted_fight()
    first = log.events[3 + 3]  # after three declarations and three initiatives
    # Aldric: Dexterity 14 x 125% = 17 + Long sword 5 + all-out 5 = 27, + 13 = 40
    assert first.attack_total == 40  # type: ignore[union-attr]
    # Bandit 1 defends: 12 x 100% + Short sword 3 = 15, + 5 = 20
    assert first.defence_total == 20  # type: ignore[union-attr]
    # Damage 13 + 9 = 22 + 13 = 35 against soak 11: 24 -> 5 levels (RULES 1.6)
    assert (first.damage_total, first.soak, first.levels) == (35, 11, 5)  # type: ignore[union-attr]
    texts = [describe(e, log.state_before(i), log.state_before(i + 1)
                      if i + 1 < len(log.events) else log.state)
             for i, e in enumerate(log.events)]
    assert texts[6] == ("Aldric hits Bandit 1 (all-out): 40 against 20; damage 35 − soak 11 "
                        "= 24 → 5 levels, Critical (-10); knocked down.")
    assert texts[7].startswith("Bandit 1's Critical consciousness roll: 20 against 20")
    # Knocked down, Bandit 1 cannot strike back; Bandit 2 meets Aldric's all-out
    # defence: 17 + 5 - 10 = 12, + 8 = 20 (RULES 1.9).
    assert texts[8] == ("Bandit 2 hits Aldric: 34 against 20; damage 22 − soak 13 = 9 → "
                        "2 levels, Light (-2).")


def test_the_fight_ends_as_the_rules_say() -> None:
    log = scripted_fight()
    state = log.state
    aldric, b1, b2 = (state.fighter(x) for x in ("aldric", "bandit-1", "bandit-2"))
    assert state.round == 4
    # The killing blow did 5 levels (2+ kills, RULES 1.9); Bandit 1 is dead.
    assert b1.dead
    # Aldric: 2 + 3 + 3 levels = Fatal and 2 beyond; 25 on the Fatal roll: alive,
    # unconscious, and dying each minute until tended (RULES 1.6).
    assert (aldric.wounds, aldric.levels_beyond) == (6, 2)
    assert aldric.has("unconscious") and aldric.has("dying") and not aldric.dead
    # Bandit 2 passed the fatigue roll at the end of round 3 (RULES 1.7).
    assert b2.can_act and b2.fatigue_short == 0 and b2.fatigue_checks == 1


def test_the_fight_replays_from_json_and_from_a_saved_encounter(tmp_path) -> None:  # type: ignore[no-untyped-def]
    log = scripted_fight()
    text = json.dumps([event_adapter.dump_python(e, mode="json") for e in log.events])
    replay = CombatLog("classic", [event_adapter.validate_python(x) for x in json.loads(text)],
                       roster=[AddCombatant(id="aldric", name="Aldric", side="party",
                                            character=ALDRIC),
                               AddCombatant(id="bandit-1", name="Bandit 1", side="bandits",
                                            character=BANDIT),
                               AddCombatant(id="bandit-2", name="Bandit 2", side="bandits",
                                            character=BANDIT)])
    assert replay.state == log.state
    from yags_desk.storage.encounter_file import Combatant

    encounter = new_encounter("Ford ambush", "classic", combatants=(
        Combatant(id="aldric", name="Aldric", side="party", character=ALDRIC),
        Combatant(id="bandit-1", name="Bandit 1", side="bandits", character=BANDIT),
        Combatant(id="bandit-2", name="Bandit 2", side="bandits", character=BANDIT),
    )).model_copy(update={"events": log.events})
    path = tmp_path / "ford.json"
    write_document(path, "encounter", encounter)
    loaded = encounter_log(read_document(path, "encounter").model)  # type: ignore[arg-type]
    assert loaded.state == log.state
    while loaded.can_undo:
        loaded.undo()
    assert loaded.state == loaded.start
