"""A full fatigue track in a healing record (issue 16, healing leftovers item 1).

RULES 1.7 (classic): when the fatigue track is full the character collapses
unconscious [decision]; short-term fatigue clears after ten minutes' rest,
long-term after a night's sleep. waking.py [decision]: a collapsed patient does
not come round after an hour nor when first aid succeeds (the track is still
full), but at once when rest brings the track below full. 0.8 has no collapse:
combat-wounds.yags says an Exhausted character must rest.
"""

from __future__ import annotations

import pytest

from tests.rules.builders import classic, v08
from tests.rules.test_healing_advance import Scripted
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import (
    ClassicPatient,
    GameTime,
    HealingRecord,
    HealingStart,
    Override,
    Rest,
    come_round,
    condition,
    describe,
    due,
    first_aid,
    untended_fatigue,
)
from yags_desk.rules.healing.advance import advance
from yags_desk.rules.healing.by_hand import make_entry

DAY1 = GameTime(day=1, hour=10)
MARA = classic("Mara", skills={"First aid": 100})  # Dexterity 10


def _state(rec: HealingRecord) -> ClassicPatient:
    s = rec.state
    assert isinstance(s, ClassicPatient)
    return s


def test_untended_wounds_fill_the_track_and_the_patient_falls_unconscious() -> None:
    # Light (2 of six one-box levels), untended: +1 long-term fatigue an hour (RULES 1.10);
    # six hours fill the six-box fatigue track (RULES 1.7).
    rec = HealingRecord(HealingStart(patient=classic("Aldric", wounds=2), at=DAY1))
    rec.push(untended_fatigue(_state(rec), DAY1.plus(hours=5)))
    assert _state(rec).status == "awake"
    e = untended_fatigue(_state(rec), DAY1.plus(hours=6))
    rec.push(e)
    p = _state(rec)
    assert (p.fatigue_long, p.status) == (6, "unconscious")
    assert condition(p) == ("Light (-2), untended, fatigue 0 short + 6 long, unconscious "
                            "(collapsed: fatigue track full)")
    assert "gains 1 long-term fatigue and collapses unconscious" in describe(
        e, rec.state_before(1), p)
    # Nobody offers coming round while the track is full, not even hours later.
    later = DAY1.plus(hours=12)
    assert "come_round" not in {d.kind for d in due(p, later)}
    with pytest.raises(RulesError, match=r"Aldric collapsed with a full fatigue track and "
                                         r"comes round only when rest clears it"):
        make_entry(p, "come_round", later, [])


def test_first_aid_does_not_wake_the_collapsed_a_nights_sleep_does() -> None:
    rec = HealingRecord(HealingStart(patient=classic("Aldric", wounds=2), at=DAY1))
    rec.push(untended_fatigue(_state(rec), DAY1.plus(hours=6)))
    # Mara: Dexterity 10 x First aid 100% = 10 + 5+5 = 20 against Light 15: tended.
    aid = first_aid(_state(rec), DAY1.plus(hours=6), [5, 5], healer=MARA)
    rec.push(aid)
    p = _state(rec)
    assert p.tended and p.status == "unconscious" and p.wakes_at is None
    # Due: a night's sleep clears the long-term fatigue and brings him round.
    rest = [d for d in due(p, p.now) if d.kind == "rest"]
    assert len(rest) == 1 and "night's sleep" in rest[0].text
    assert "brings them round" in rest[0].text
    morning = GameTime(day=2, hour=7)
    rec.push(Rest(at=morning, length="night"))
    p = _state(rec)
    assert (p.fatigue_long, p.status, p.wakes_at) == (0, "unconscious", morning)
    ready = {d.kind: d for d in due(p, morning)}
    assert ready["come_round"].ready
    wake = come_round(p, morning)
    rec.push(wake)
    assert _state(rec).status == "awake"
    assert "their fatigue track is no longer full" in describe(wake, p, rec.state)


def test_a_character_file_with_a_full_track_starts_the_record_unconscious() -> None:
    c = classic("Aldric", wounds=1, fatigue_short=2, fatigue_long=4)
    p = HealingRecord(HealingStart(patient=c, at=DAY1, tended=True)).state
    assert isinstance(p, ClassicPatient)
    assert p.status == "unconscious" and p.collapsed and p.wakes_at is None
    # Ten minutes' rest clears the two short-term levels: 4 of 6, he comes round at once.
    texts = [d.text for d in due(p, DAY1) if d.kind == "rest"]
    assert texts == ["Short-term fatigue clears with ten minutes' rest, and Aldric comes "
                     "round (RULES 1.7)"]
    rec = HealingRecord(HealingStart(patient=c, at=DAY1, tended=True))
    rec.push(Rest(at=DAY1, length="short"))
    assert _state(rec).wakes_at == DAY1


def test_the_gm_may_still_set_a_collapsed_patient_awake() -> None:
    rec = HealingRecord(HealingStart(patient=classic("Aldric", fatigue_long=6), at=DAY1))
    rec.push(Override(at=DAY1, reason="smelling salts", status="awake"))
    assert condition(rec.state) == "unhurt, fatigue 0 short + 6 long, fatigue track full"


def test_advance_alone_collapses_sleeps_wakes_and_collapses_again() -> None:
    # Aldric, Light and untended, nobody with First aid (not even himself): six hours
    # fill the track (16:00), he lies collapsed; the night's sleep (day 2, 06:00)
    # clears it and he comes round; the wounds still untended add fatigue again.
    rec = HealingRecord(HealingStart(patient=classic("Aldric", wounds=2), at=DAY1))
    made = advance(rec, GameTime(day=2, hour=9), Scripted([]))
    assert [(e.kind, str(e.at)) for e in made] == [
        ("untended_fatigue", "day 1, 16:00"),
        ("untended_fatigue", "day 2, 06:00"),
        ("rest", "day 2, 06:00"),
        ("come_round", "day 2, 06:00"),
        ("untended_fatigue", "day 2, 09:00"),
    ]
    p = _state(rec)
    assert (p.status, p.fatigue_long) == ("awake", 3)  # 06:00 to 09:00


def test_v08_a_full_track_leaves_the_patient_awake_and_exhausted() -> None:
    # 0.8: fatigue levels are Health (3) [decision, tracks.py]; Exhausted: must rest.
    c = v08("Brenna", fatigue_long=3)
    rec = HealingRecord(HealingStart(patient=c, at=DAY1))
    assert rec.state.status == "awake"
    assert condition(rec.state) == "unwounded, fatigue 0 short + 3 long, exhausted: must rest"
    assert [d.kind for d in due(rec.state, DAY1)] == ["rest"]
