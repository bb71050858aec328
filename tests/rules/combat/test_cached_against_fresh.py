"""What the round keeps between questions answers as a fresh look would (issue 18).

A fighter's cached flags (dead, can act, acts, dying, body capacity) are handed on
to its next version unless a field they are worked out from changes
(``FighterState._CACHE_INPUTS``, a hand-kept list), and the target, end-of-round
and action-queue indexes catch up on changed fighters when asked. Random fights in
both editions (board steps, whole rounds, a GM's wounds, conditions, overrides,
option switches, removals and additions, undo and redo, a branch off a state)
compare every answer with the same state rebuilt from new fighter objects and a
new fighter map, which has nothing cached. A new flag that reads a field the list
misses, or an index that misses a change, fails here.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.rules.builders import BOW, DAGGER, classic, fight_kinds
from tests.rules.combat.test_step_indexes import shortcut_differences
from yags_desk.rules.character import Character
from yags_desk.rules.combat import events as ev
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.fighter_map import FighterMap
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.option_change import GM_SETTINGS
from yags_desk.rules.combat.procedure_classic import auto_round, next_action
from yags_desk.rules.combat.procedure_classic import nearest_enemy as nearest_classic
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.procedure_v08 import nearest_enemy as nearest_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.roster import numbered_copies
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.combat.steps import auto_events, fight_over, next_step
from yags_desk.rules.derived import derive
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES

SPECIALS = ("aim", "all_out", "defensive", "disarm", "prepare", "killing_blow", "subdue",
            "berserk", "berserk")
CONDITIONS = ("prone", "unconscious", "dead", "surprised", "stunned", "prepared", "mounted",
              "helpless", "dying", "oops: acts last", "delayed (by the GM)", "broken")


def _kinds(edition: Edition) -> list[Character]:
    """The golden fights' kinds, and an archer in classic (missiles, ranges)."""
    kinds = fight_kinds(edition)
    if edition == "classic":
        kinds.append(classic("Archer", skills={"Bow": 90, "Brawling": 50},
                             weapons=(BOW, DAGGER)))
    return kinds


def _roster(edition: Edition, per_side: int, r: random.Random) -> list[ev.AddCombatant]:
    out: list[ev.AddCombatant] = []
    kinds = _kinds(edition)
    for side, first_row in (("town", 0), ("raiders", 1)):
        for i in range(per_side):
            who = kinds[r.randrange(len(kinds))]
            out.extend(numbered_copies(who, 1, side, first_row + r.randrange(3), existing=out,
                                       base_name=f"{who.name} {side[0]}{i}"))
    return out


def _gm_event(state: CombatState, edition: Edition, r: random.Random, n: int) -> ev.Event:
    """Something a GM may do at any moment."""
    fid = r.choice(list(state.fighters))
    k = r.choice([*range(13), 10, 10, 11])
    if k == 0:
        return ev.Wound(id=fid, levels=r.randint(1, 3))
    if k == 1:
        return (ev.Stuns(id=fid, levels=r.randint(1, 3)) if edition == "0.8"
                else ev.Fatigue(id=fid, levels=r.randint(1, 2)))
    if k == 2:
        return ev.SetCondition(id=fid, condition=r.choice(CONDITIONS),
                               rounds=r.choice([None, 1, 2]))
    if k == 3:
        held = state.fighters[fid].conditions
        return ev.ClearCondition(id=fid, condition=r.choice(held)[0] if held
                                 else r.choice(CONDITIONS))
    if k == 4:
        field = r.choice(["wounds", "wounds", "stuns", "fatigue_short", "initiative", "row"])
        return ev.Override(id=fid, field=field, value=r.randint(0, 9), reason="GM")
    if k == 5:
        option = r.choice([*OPTIONAL_RULES, *GM_SETTINGS[edition]])
        numbers = ("classic_fumble_chance", "board_metres_per_row", "board_rows_per_move")
        value = r.randint(1, 6) if option in numbers else r.choice([True, False])
        return ev.SetOption(option=option, value=value)
    if k == 6:
        return ev.RemoveCombatant(id=fid)
    if k == 7:
        return ev.AddCombatant(id=f"x{n}", name=f"X{n}", side=r.choice(["town", "raiders"]),
                               row=r.randrange(4), character=r.choice(_kinds(edition)))
    if k in (8, 9):  # a declaration, with a special now and then (berserk among them)
        fighter = state.fighters[fid]
        try:
            styles = [s.label for s in fighter.derived(state.options).styles]
        except RulesError:
            styles = []
        action = r.choice(["attack", "attack", "missile", "wait", "stand_up", "rest"])
        special = (r.choice([*SPECIALS, None, None, None]) if edition == "classic" else None)
        return ev.Declare(id=fid, action=action, target=r.choice(list(state.fighters)),
                          style=r.choice(styles) if styles else "", special=special,
                          defences=r.randint(0, 2) if edition == "0.8" else None,
                          range_m=r.randint(1, 60) if action == "missile" else None)
    if k == 10:  # a berserk roll's result (RULES 1.9): more boxes, or calm again
        kind = "calm" if state.fighters[fid].berserk_total else "berserk"
        return ev.Check(id=fid, kind="berserk", effects=(
            ev.Effect(target=fid, kind=kind, amount=r.randint(15, 40)),))
    if k == 11:  # an unconscious fighter's wounds set by hand: dying at Fatal (0.8)
        dying = [f.id for f in state.fighters.values() if f.dying]
        if dying and r.random() < 0.5:  # or first aid that stops the dying (RULES 1.10)
            tended = r.choice(dying)
            return ev.Check(id=tended, kind="first_aid", effects=(
                ev.Effect(target=tended, kind="first_aid"),))
        down = [f.id for f in state.fighters.values() if f.has("unconscious")]
        if not down:
            return ev.SetCondition(id=fid, condition="unconscious")
        return ev.Override(id=r.choice(down), field="wounds", value=r.randint(4, 8),
                           reason="GM")
    return ev.Override(id=fid, field="initiative", value=r.randint(0, 30), reason="GM")


def _fresh(state: CombatState) -> CombatState:
    """The same state from brand-new fighter objects and a brand-new map: nothing cached."""
    fighters = {fid: dataclasses.replace(f) for fid, f in state.fighters.items()}
    return dataclasses.replace(state, fighters=FighterMap.of(fighters))


def _answer(ask: object) -> str:
    try:
        return repr(ask() if callable(ask) else ask)
    except RulesError as exc:
        return f"refused: {exc}"


def _differences(state: CombatState, where: str) -> list[str]:
    fresh = _fresh(state)
    # next_step's shortcuts against the rules they stand for (test_step_indexes).
    found = [f"{where}: {d}" for d in shortcut_differences(state)]
    for fid, f in state.fighters.items():
        g = fresh.fighters[fid]
        kept = (f.dead, f.can_act, f.acts, f.dying, f.body_capacity())
        anew = (g.dead, g.can_act, g.acts, g.dying, g.body_capacity())
        if kept != anew:
            found.append(f"{where}: {fid} flags {kept} against {anew}")
        derived = _answer(lambda f=f: f.derived(state.options))
        if derived != _answer(lambda g=g: derive(g.current_character(), state.options)):
            found.append(f"{where}: {fid} derived values")
    for name, ask in (("next step", next_step), ("end-of-round checks", end_of_round_due)):
        if _answer(lambda a=ask: a(state)) != _answer(lambda a=ask: a(fresh)):
            found.append(f"{where}: {name}")
    if state.edition == "classic":
        if _answer(lambda: next_action(state)) != _answer(lambda: next_action(fresh)):
            found.append(f"{where}: next action")
        for fid, f in state.fighters.items():
            kept_foe = _answer(lambda f=f: getattr(nearest_classic(state, f), "id", None))
            new_foe = _answer(lambda fid=fid: getattr(
                nearest_classic(fresh, fresh.fighters[fid]), "id", None))
            if kept_foe != new_foe:
                found.append(f"{where}: {fid} nearest enemy")
    else:
        for fid in state.fighters:
            if (_answer(lambda fid=fid: getattr(nearest_v08(state, fid), "id", None))
                    != _answer(lambda fid=fid: getattr(nearest_v08(fresh, fid), "id", None))):
                found.append(f"{where}: {fid} nearest enemy")
    return found


@pytest.mark.parametrize("edition", ["classic", "0.8"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_what_a_fight_keeps_answers_as_a_fresh_look(edition: Edition, seed: int) -> None:
    r = random.Random(seed * 7919 + (edition == "0.8"))  # the test's choices
    dice = random.Random(seed)
    log = CombatLog(edition, roster=_roster(edition, r.randint(4, 10), r))
    for option in OPTIONAL_RULES:
        if r.random() < 0.3:
            try:
                log.push(ev.SetOption(option=option, value=True))
            except RulesError:
                pass
    found: list[str] = []
    for n in range(60):
        k = r.random()
        try:
            if fight_over(log.state):
                log.push(ev.AddCombatant(id=f"y{n}", name=f"Y{n}",
                                         side=r.choice(["town", "raiders"]), row=0,
                                         character=r.choice(_kinds(edition))))
            if k < 0.45:  # the board's next step, as Auto-resolve plays it
                state = log.state
                for event in auto_events(state, next_step(state), dice):
                    log.push(event)
            elif k < 0.55:  # a whole automatic round
                state = log.state
                made = (auto_round(state, dice)[0] if edition == "classic"
                        else auto_round_v08(state, dice))
                for event in made:
                    log.push(event)
            elif k < 0.8:
                log.push(_gm_event(log.state, edition, r, n))
            elif k < 0.9:
                undone = r.randint(1, 4)
                for _ in range(undone):
                    if log.can_undo:
                        log.undo()
                for _ in range(r.randint(0, undone)):
                    if log.can_redo:
                        log.redo()
            else:  # a branch: the same state carries on another way too
                branch = apply(log.state, _gm_event(log.state, edition, r, n))
                for _ in range(2):
                    for event in auto_events(branch, next_step(branch), random.Random(n)):
                        branch = apply(branch, event)
                found += _differences(branch, f"step {n}, branch")
        except RulesError:
            pass  # refused: nothing changed
        found += _differences(log.state, f"step {n}")
    assert found == []
