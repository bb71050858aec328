"""Turns fought, kept in a battle's file and rebuilt when it opens (RULES 1.12).

:func:`fought_json` gives what :attr:`Battle.fought` holds (each turn's
``to_json``); :func:`fought_turns` rebuilds the turns from it, replaying the
figure counts from the battle's start: each turn's losses must be those its
strikes killed, its remaining figures the counts before it less the losses,
and no turn may follow the end of the battle. A turn that does not fit raises
RulesError naming it, so a hand-edited file is refused rather than half read.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from yags_desk.rules.errors import RulesError
from yags_desk.rules.quick_combat import (
    InitiativeRoll,
    LeaderRoll,
    LeadershipResult,
    PairingResult,
    Strike,
    TurnResult,
)
from yags_desk.rules.quick_values import Battle, BattleState, QuickValues

__all__ = ["fought_json", "fought_turns", "with_fought"]

def fought_json(turns: Sequence[TurnResult]) -> tuple[dict[str, Any], ...]:
    return tuple(t.to_json() for t in turns)


def with_fought(battle: Battle, turns: Sequence[TurnResult]) -> Battle:
    """``battle`` holding ``turns`` as fought (for its file)."""
    return battle.model_copy(update={"fought": fought_json(turns)})


def _leadership(d: dict[str, Any]) -> LeadershipResult:
    rolls = tuple(LeaderRoll(side=str(r["side"]), leader=str(r["leader"]), base=int(r["base"]),
                             dice=tuple(int(x) for x in r["dice"]), bonus=int(r["bonus"]))
                  for r in d.get("rolls", ()))
    winner = d.get("winner")
    return LeadershipResult(outcome=d["outcome"], winner=None if winner is None else int(winner),
                            rolls=rolls, leader=str(d.get("leader", "")))


def _pairing(d: dict[str, Any]) -> PairingResult:
    ini = d.get("initiative")
    initiative = None if ini is None else InitiativeRoll(
        group=str(ini["group"]), die=int(ini["die"]), modifier=int(ini["modifier"]),
        target=int(ini["target"]), winner=str(ini["winner"]))
    strikes = tuple(Strike(
        attacker=str(s["attacker"]), defender=str(s["defender"]), figures=int(s["figures"]),
        attack_value=int(s["attack_value"]), attack_bonus=int(s["attack_bonus"]),
        attack_successes=int(s["attack_successes"]), damage_value=int(s["damage_value"]),
        damage_successes=int(s["damage_successes"]), kills=int(s["kills"]),
        attack_dice=tuple(int(x) for x in s.get("attack_dice", ())),
        damage_dice=tuple(int(x) for x in s.get("damage_dice", ()))) for s in d["strikes"])
    a, b = d["figures"]
    va, vb = (QuickValues(int(v["initiative"]), int(v["attack"]), int(v["damage"]))
              for v in d["values"])
    return PairingResult(a=str(d["a"]), b=str(d["b"]), figures=(int(a), int(b)),
                         values=(va, vb), initiative=initiative, strikes=strikes)


def _turn(state: BattleState, number: int, d: dict[str, Any]) -> TurnResult:
    where = f"turn {number + 1} of those fought"
    if state.is_over:
        raise RulesError(f"{where}: the battle was over after turn {state.turn}")
    if d.get("turn") != state.turn + 1:
        raise RulesError(f"{where}: turn {d.get('turn')!r} follows turn {state.turn}")
    try:
        leadership = _leadership(d["leadership"])
        pairings = tuple(_pairing(p) for p in d["pairings"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RulesError(f"{where}: not a turn the battle view wrote ({exc!r})") from None
    losses = dict.fromkeys(state.counts, 0)
    for pairing in pairings:
        for strike in pairing.strikes:
            if strike.defender not in losses:
                raise RulesError(f"{where}: no group named {strike.defender!r}")
            losses[strike.defender] += int(strike.kills)
    remaining = {name: max(0, count - losses[name]) for name, count in state.counts.items()}
    if d.get("losses") != losses or d.get("remaining") != remaining:
        raise RulesError(f"{where}: its losses do not add up to what its strikes killed")
    after = BattleState(state.battle, remaining, state.turn + 1)
    return TurnResult(state.turn + 1, leadership, pairings, MappingProxyType(losses),
                      after.counts, after)


def fought_turns(battle: Battle) -> list[TurnResult]:
    """The turns ``battle.fought`` holds, rebuilt from the start (RulesError if one
    does not fit)."""
    setup = battle.model_copy(update={"fought": ()})
    state = BattleState.start(setup)
    turns: list[TurnResult] = []
    for number, data in enumerate(battle.fought):
        turn = _turn(state, number, data)
        turns.append(turn)
        state = turn.state_after
    return turns
