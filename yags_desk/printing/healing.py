"""Printed healing: a healing record, and the party's state after a fight (issue 16).

``healing_record`` prints each patient's condition now, what is due next and
when, the whole timeline in game time, and pencil boxes for the coming days.
``party_after`` prints on one page each player character of an encounter as
the fight left them: wounds, fatigue (and 0.8 stuns), and what their healing
calls for first (classic RULES 1.10, 0.8 RULES 2), from the same ``due`` list
the healing view shows, with first aid given by whoever of the party can.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from yags_desk.help.refs import cited_at_end
from yags_desk.printing.encounter_after import status
from yags_desk.printing.style import boxes, document, esc, row, table
from yags_desk.rules.character import Character
from yags_desk.rules.combat.aftermath import healing_start
from yags_desk.rules.healing import (
    Due,
    GameTime,
    HealingRecord,
    Patient,
    condition,
    describe,
    due,
)
from yags_desk.rules.healing.patient import start_state
from yags_desk.rules.values import pct
from yags_desk.rules.words import counted
from yags_desk.storage.encounter_file import Encounter, encounter_log
from yags_desk.storage.healing_file import HealingFile, patient_records

__all__ = ["COMING_DAYS", "healing_record", "party_after"]

COMING_DAYS = 7  # pencil rows printed for the days after the record's last entry


def _time(t: GameTime) -> str:
    return f"Day {t.day}, {t.hour:02d}:00"


def _due_rows(name: str, items: tuple[Due, ...]) -> list[str]:
    return [row([esc(name), esc("now" if d.ready else _time(d.when)), esc(cited_at_end(d.text))])
            for d in items]


def _numbers(p: Patient) -> str:
    stuns = f", stuns {getattr(p, 'stuns', 0)}" if p.character.edition == "0.8" else ""
    return f"wounds {p.wounds}{stuns}, fatigue {p.fatigue_short} short + {p.fatigue_long} long"


def healing_record(record: HealingFile) -> str:
    """The record as it stands: patients, what is due, the timeline, pencil boxes."""
    records = patient_records(record)
    now = max((r.state.now for r in records), key=lambda t: t.hours)
    carers = ", ".join(c.name for c in record.carers) or "none recorded"
    sub = (f"{record.edition} edition · {counted(len(records), 'patient')}"
           f" · carers: {carers} · as of {_time(now)}")
    out = [f"<h1>{esc(record.name)}</h1>", f'<p class="sub">{esc(sub)}</p>',
           "<h2>Patients now</h2>"]
    out.append(table([row([esc(r.state.name), esc(condition(r.state)), esc(_numbers(r.state))])
                      for r in records], header=["Patient", "Condition", "Numbers"]))
    out.append("<h2>Due next</h2>")
    due_rows = [line for r in records for line in _due_rows(r.state.name, due(r.state, now))]
    out.append(table(due_rows, header=["Patient", "When", "What"],
                     header_attrs=['width="15%"', 'width="14%"', ""])
               if due_rows else "<p>Nothing is due: every patient is healed or dead.</p>")
    out.append("<h2>Timeline</h2>")
    entries = sorted(((e.at.hours, p, i) for p, r in enumerate(records)
                      for i, e in enumerate(r.entries)))
    lines = [_timeline_row(records[p], i) for _, p, i in entries]
    out.append(table(lines, header=["Time", "Patient", "What happened"],
                     header_attrs=['width="14%"', 'width="15%"', ""])
               if lines else "<p>Nothing recorded yet.</p>")
    out.append(_pencil(records, now))
    return document(f"{record.name}: healing record", "".join(out))


def _timeline_row(record: HealingRecord, i: int) -> str:
    entry = record.entries[i]
    text = describe(entry, record.state_before(i), record.state_after(i))
    text = text.split(": ", 1)[1] if ": " in text else text
    return row([esc(_time(entry.at)), esc(record.state_after(i).name), esc(text)])


# Short names for the pencil rows, and how often each comes back while it is not
# yet healed: daily, weekly or once (classic RULES 1.10; 0.8 RULES 2).
_SHORT = {"first_aid": "First aid", "untended_fatigue": "Untended wounds: +1 fatigue an hour",
          "hurt_check": "Hurt check, hourly", "light_check": "Light check",
          "recovery_roll": "Recovery roll", "recovery_end": "Recovery period ends",
          "dying_roll": "Dying rolls", "v08_first_aid": "First aid",
          "v08_health_check": "Health check", "v08_weekly_healing": "Weekly healing",
          "v08_stun_recovery": "Stun recovery", "v08_infection": "Infection worsens",
          "rest": "Rest", "override": "GM decides",
          "needs_healer": "First aid: needs a carer with First aid",
          "come_round": "Comes round"}
_DAILY = ("hurt_check", "light_check", "v08_stun_recovery", "v08_infection", "v08_health_check")


def _on_day(d: Due, day: int) -> bool:
    if d.kind in _DAILY:
        return d.when.day <= day
    if d.kind == "v08_weekly_healing":
        return d.when.day <= day and (day - d.when.day) % 7 == 0
    return d.when.day == day


def _pencil(records: list[HealingRecord], now: GameTime) -> str:
    """A row per coming day and patient still healing: what falls due that day (as
    things stand now), room for the rolls, a box to tick."""
    rows = []
    healing = [r for r in records if r.state.status != "dead" and due(r.state, now)]
    for offset in range(1, COMING_DAYS + 1):
        day = now.day + offset
        for r in healing:
            today = [f"{_SHORT.get(d.kind, d.kind)} {d.when.hour:02d}:00"
                     if d.kind not in ("hurt_check", "untended_fatigue") else
                     _SHORT.get(d.kind, d.kind)
                     for d in due(r.state, now) if _on_day(d, day)]
            rows.append(row([esc(f"Day {day}"), esc(r.state.name),
                             esc("; ".join(today)) or "&nbsp;", "&nbsp;", boxes(1)]))
    if not rows:
        return ""
    return ("<h2>The coming days</h2><p>What falls due if nothing changes; write the rolls "
            "in pencil and tick when done.</p>"
            + table(rows, header=["Day", "Patient", "Due that day", "Rolls and notes", "Done"],
                    header_attrs=['width="9%"', 'width="15%"', 'width="30%"', "",
                                  'width="6%"']))


_AID = ("first_aid", "v08_first_aid")


def _aid_score(c: Character) -> int:
    """What a first aider adds before the dice: Dexterity × First aid% (classic, RULES
    1.10) or Intelligence × First aid (0.8, RULES 2)."""
    if c.edition == "classic":
        return pct(c.attr("dexterity"), c.skill("First aid"))
    return c.attr("intelligence") * c.skill("First aid")


def _first_aider(p: Patient, others: Sequence[Patient]) -> Character | None:
    """Who gives ``p`` first aid after the fight: None when ``p`` can tend themselves
    (awake, with First aid), else the other party member awake with the best First
    aid; None (the due list then says a carer is needed) when nobody is.

    [decision] "Here" is the party of the printout: the player characters of the
    fight who are alive, still there and awake as the fight left them (RULES 1.6:
    the unconscious tend nobody; a full fatigue track collapses them, RULES 1.7).
    Each patient used to be looked at alone, so the page said nobody else could give
    first aid while another party member had the skill (healing leftovers item 5).
    """
    if p.status == "awake" and p.character.skill("First aid") > 0:
        return None
    able = [q.character for q in others if q.status == "awake"
            and q.character.skill("First aid") > 0]
    return max(able, key=_aid_score, default=None)


def party_after(encounter: Encounter) -> str:
    """One page: each player character of the fight, as it left them, and what is due.

    Raises RulesError naming the event the rules refuse, if the events do not replay.
    """
    state = encounter_log(encounter).state
    at = GameTime(day=1)
    party = [f for f in state.fighters.values() if f.character.kind == "pc"]
    patients = {f.id: start_state(healing_start(state, f.id, at)) for f in party
                if not f.dead}
    rows = []
    for f in party:
        st = status(f)
        if f.dead:
            rows.append(row([esc(f.name), '<span class="dead">dead</span>', "", ""]))
            continue
        p = patients[f.id]
        healer = _first_aider(p, [q for fid, q in patients.items()
                                  if fid != f.id and not state.fighter(fid).removed])
        items = tuple(replace(d, text=d.text.replace(": ", f", by {healer.name}: ", 1))
                      if healer is not None and d.kind in _AID else d
                      for d in due(p, at, healer))
        what = "; ".join(cited_at_end(d.text) for d in items if d.ready) or (
            f"from {_time(items[0].when)}: {cited_at_end(items[0].text)}" if items
            else "nothing: unhurt")
        rows.append(row([esc(f.name), esc(st), esc(f"{condition(p)} ({_numbers(p)})"),
                         esc(what)]))
    sub = f"{encounter.edition} edition · the player characters as the fight left them"
    body = [f"<h1>{esc(encounter.name)}: the party after the fight</h1>",
            f'<p class="sub">{esc(sub)}</p>']
    # [decision] Status 14%: at 10% "unconscious" did not fit on A4 (the narrower
    # paper) and Qt broke it inside the word, "unconscio / us" (issue 16).
    body.append(table(rows, header=["Character", "Status", "Wounds and fatigue", "Due now"],
                      header_attrs=['width="15%"', 'width="14%"', 'width="28%"', ""])
                if rows else "<p>No player character took part in this fight.</p>")
    return document(f"{encounter.name}: the party after the fight", "".join(body))
