"""The Due list never offers what the record then refuses (issue 16, healing leftovers
item 2): classic untended hours still to count (RULES 1.10: +1 long-term fatigue an
hour) are recorded first, in the same step, when the GM records first aid or a rest
(due.py [decision]); the rows shown are those of the patient with the hours counted."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import classic
from yags_desk.rules.character import Character
from yags_desk.rules.healing import (
    FirstAid,
    GameTime,
    HealingRecord,
    HealingStart,
    UntendedFatigue,
    due,
)
from yags_desk.rules.healing.by_hand import make_entries
from yags_desk.rules.healing.due import NEEDS_HEALER

DAY1 = GameTime(day=1, hour=10)
MARA = classic("Mara", skills={"First aid": 100})


def _record(**kw: object) -> HealingRecord:
    return HealingRecord(HealingStart(patient=classic("Aldric", **kw), at=DAY1))


def _every_ready_row_records(rec: HealingRecord, at: GameTime,
                             healer: Character | None) -> list[str]:
    """Record each ready row offered (on a fresh copy of the record); the kinds."""
    kinds = []
    for d in due(rec.state, at, healer):
        if not d.ready or d.kind in (NEEDS_HEALER, "override"):
            continue
        copy = HealingRecord(rec.start, rec.entries)
        for entry in make_entries(copy.state, d.kind, at, random.Random(3), healer=healer,
                                  rest="night" if "night" in d.text else "short"):
            copy.push(entry)  # a RulesError here is a row offered and then refused
        kinds.append(d.kind)
    return kinds


def test_self_aid_after_four_untended_hours_counts_them_first() -> None:
    # Light (-2), First aid 100%, alone; four hours later first aid is offered and ready.
    rec = _record(wounds=2, skills={"First aid": 100})
    at = DAY1.plus(hours=4)
    rows = {d.kind: d for d in due(rec.state, at)}
    assert rows["untended_fatigue"].ready and rows["first_aid"].ready
    assert rows["first_aid"].text.endswith("the untended hours are counted first")
    # Recording it: +4 long-term fatigue (RULES 1.10), then first aid with his penalties:
    # Dexterity 10 x 100% = 10, Light -2 and four fatigue levels (Serious, -7; RULES
    # 1.7), dice 9+8: 10 - 9 + 17 = 18 against Light 15.
    entries = make_entries(rec.state, "first_aid", at, [9, 8])
    assert [type(e) for e in entries] == [UntendedFatigue, FirstAid]
    assert (entries[0].hours, entries[0].levels) == (4, 4)  # type: ignore[union-attr]
    aid = entries[1]
    assert isinstance(aid, FirstAid) and (aid.penalty, aid.total, aid.success) == (-9, 18, True)
    for e in entries:
        rec.push(e)
    assert rec.state.tended and rec.state.fatigue_long == 4


def test_hours_that_fill_the_track_turn_self_aid_into_needing_a_carer() -> None:
    # Three long-term fatigue already; three more hours fill the six boxes: he collapses
    # (RULES 1.7) and cannot tend himself, so first aid is not offered to be refused.
    rec = _record(wounds=2, fatigue_long=3, skills={"First aid": 100})
    at = DAY1.plus(hours=3)
    rows = {d.kind: d for d in due(rec.state, at)}
    assert "first_aid" not in rows
    assert "Aldric is unconscious" in rows[NEEDS_HEALER].text
    assert _every_ready_row_records(rec, at, None) == ["untended_fatigue", "rest"]


@pytest.mark.parametrize("hours", [0, 1, 5, 30])
@pytest.mark.parametrize("healer", [None, MARA])
def test_every_row_offered_is_accepted(hours: int, healer: Character | None) -> None:
    recorded = []
    for rec in (_record(wounds=2, fatigue_short=1, skills={"First aid": 100}),
                _record(wounds=4, fatigue_short=2), _record(wounds=1, fatigue_long=5)):
        recorded += _every_ready_row_records(rec, DAY1.plus(hours=hours), healer)
    assert recorded and ("first_aid" in recorded) == (healer is not None or hours < 5)
