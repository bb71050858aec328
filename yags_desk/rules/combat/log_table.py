"""The combat log as rows for export (issue 17 item 4): one row per event.

Each row has the round the event happened in, who acted, who it was aimed at,
the dice it carries, a short result and the log sentence the board shows
(:func:`~yags_desk.rules.combat.sentences.describe`). The formats built on
these rows (Markdown, CSV, JSON) live in ``yags_desk.storage.log_export``.
"""

from __future__ import annotations

from dataclasses import dataclass

from yags_desk.rules.combat.events import (
    ActionLost,
    AddCombatant,
    Attack,
    Check,
    Declare,
    EndRound,
    Event,
    Initiative,
    Override,
    SetOption,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.state import CombatState, check_name
from yags_desk.rules.errors import RulesError
from yags_desk.rules.words import counted

__all__ = ["LogRow", "log_rows"]


@dataclass(frozen=True)
class LogRow:
    number: int  # 1-based position in the log
    round: int
    kind: str  # the event's type ("attack", "check"...)
    actor: str
    target: str
    rolls: str
    result: str
    sentence: str


def _name(state: CombatState, fid: str | None) -> str:
    if not fid:
        return ""
    f = state.fighters.get(fid)
    return f.name if f is not None else fid


def _dice(label: str, dice: tuple[int, ...], total: int | None = None) -> str:
    shown = " ".join(map(str, dice))
    return f"{label} {shown}" + (f" = {total}" if total is not None else "")


def _rolls(event: Event) -> str:
    if isinstance(event, Attack):
        parts = [_dice("attack", event.attack_dice, event.attack_total)]
        if event.defence_dice:
            parts.append(_dice("defence", event.defence_dice, event.defence_total))
        if event.damage_dice:
            parts.append(_dice("damage", event.damage_dice, event.damage_total))
        return "; ".join(parts)
    if isinstance(event, Initiative) and event.dice:
        return _dice("initiative", event.dice, event.total)
    if isinstance(event, Check) and event.dice:
        parts = [_dice("roll", event.dice, event.total)]
        if event.second_dice:
            parts.append(_dice("second", event.second_dice, event.second_total))
        return "; ".join(parts)
    return ""


def _attack_result(e: Attack) -> str:
    if e.attack_fumble:
        return "fumble"
    if not e.hit:
        return f"miss ({e.attack_total} against {e.defence_total})"
    text = f"hit ({e.attack_total} against {e.defence_total})"
    if e.levels:
        text += f", {counted(e.levels, 'level')} ({e.damage_kind})"
    if e.killed:
        text += ", killed"
    if e.outcome:
        text += f", {e.outcome}"
    return text


def _result(event: Event, before: CombatState) -> str:
    if isinstance(event, Attack):
        return _attack_result(event)
    if isinstance(event, Check):
        what = check_name(event.kind, before.edition)
        return f"{what}: {event.outcome or ('passed' if event.passed else 'failed')}"
    if isinstance(event, Initiative):
        return f"initiative {event.total}"
    if isinstance(event, Declare):
        return event.action.replace("_", " ")
    if isinstance(event, ActionLost):
        return f"action lost ({event.reason})"
    if isinstance(event, Override):
        return f"{event.field.replace('_', ' ')} set to {event.value}"
    if isinstance(event, SetOption):
        return f"{event.option} = {event.value}"
    if isinstance(event, EndRound):
        return f"round {before.round} ends"
    return event.type.replace("_", " ")


def _actor_target(event: Event, before: CombatState) -> tuple[str, str]:
    if isinstance(event, AddCombatant):
        return event.name, ""
    if isinstance(event, Attack):
        return _name(before, event.attacker), _name(before, event.defender)
    if isinstance(event, Check):
        return _name(before, event.id), _name(before, event.against)
    if isinstance(event, Declare | ActionLost):
        return _name(before, event.id), _name(before, event.target)
    fid = getattr(event, "id", None)
    return _name(before, fid if isinstance(fid, str) else None), ""


def log_rows(log: CombatLog) -> list[LogRow]:
    """One row per event of ``log``, in order."""
    rows: list[LogRow] = []
    events = log.events
    for i, event in enumerate(events):
        before = log.state_before(i)
        after = log.state_before(i + 1) if i + 1 < len(events) else log.state
        try:
            sentence = describe(event, before, after)
        except (RulesError, KeyError, ValueError) as exc:  # as the board's log panel does
            sentence = f"{type(event).__name__} ({exc})"
        actor, target = _actor_target(event, before)
        rows.append(LogRow(i + 1, before.round, event.type, actor, target, _rolls(event),
                           _result(event, before), sentence))
    return rows
