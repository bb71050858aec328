"""Coming round (rules/healing/waking.py; re-audit 16 item 1): an unconscious patient
out of danger wakes an hour after falling unconscious, or at once when first aid
succeeds ([decision]: RULES 1.6, 1.7 and 2 do not say how long it lasts); the
dying do not; first aid nobody there can give is listed as needing a carer."""

from __future__ import annotations

import pytest

from tests.rules.builders import classic, v08
from tests.rules.test_healing_advance import Scripted
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import (
    FirstAid,
    GameTime,
    HealingRecord,
    HealingStart,
    RecoveryRoll,
    V08FirstAid,
    condition,
    describe,
    due,
)
from yags_desk.rules.healing.advance import Helpers, advance
from yags_desk.rules.healing.by_hand import make_entry

DAY1 = GameTime(day=1)
HOUR1 = DAY1.plus(hours=1)


def _unconscious(patient: object) -> HealingRecord:
    return HealingRecord(HealingStart(patient=patient, at=DAY1, status="unconscious"))


def test_classic_knocked_out_with_nobody_comes_round_and_tends_himself() -> None:
    # Medium (3 of six one-box levels, -4), unconscious, not dying (RULES 1.6).
    record = _unconscious(classic("Aldric", wounds=3, skills={"First aid": 100}))
    p = record.state
    kinds = {d.kind: d for d in due(p, DAY1)}
    # Unconscious, he cannot tend himself: not offered, it says a carer is needed.
    assert "first_aid" not in kinds
    assert "needs a carer with First aid: Aldric is unconscious" in kinds["needs_healer"].text
    assert kinds["come_round"].when == HOUR1 and not kinds["come_round"].ready
    with pytest.raises(RulesError, match=r"come round: Aldric comes round at day 1, 01:00"):
        make_entry(p, "come_round", DAY1, [])
    # An hour on: +1 long-term fatigue untended (RULES 1.10); he comes round; first aid
    # Dexterity 10 x 100% = 10, Medium -4 (one fatigue level is Hurt, 0) + 5+5 = 16
    # against Medium 15: tended; recovery roll stamina 10 + 3+2 = 15: Medium 5 days.
    made = advance(record, HOUR1, Scripted([5, 5, 3, 2]))
    assert [e.kind for e in made] == ["untended_fatigue", "come_round", "first_aid",
                                      "recovery_roll"]
    aid, roll = made[2], made[3]
    assert isinstance(aid, FirstAid) and aid.self_aid and aid.total == 16
    assert isinstance(roll, RecoveryRoll) and roll.days == 5
    s = record.state
    assert s.status == "awake" and s.tended and s.fatigue_long == 1
    assert "unconscious" not in condition(s)
    sentence = describe(made[1], record.state_before(1), record.state_after(1))
    assert sentence == ("Day 1, 01:00: Aldric comes round: out of danger, an hour after "
                        "falling unconscious (the rules do not say how long it lasts; YAGS "
                        "Desk takes an hour); Medium (-4), untended, fatigue 0 short + 1 long.")


def test_classic_coming_round_is_never_refused_once_due() -> None:
    """The Due table offers it from its time; the untended hours (RULES 1.10) may
    still wait to be counted: waking changes no fatigue."""
    record = _unconscious(classic("Torvald", wounds=5))
    at = DAY1.plus(hours=3)
    [row] = [d for d in due(record.state, at) if d.kind == "come_round"]
    assert row.ready
    record.push(make_entry(record.state, "come_round", at, []))
    assert record.state.status == "awake"
    assert record.state.fatigue_long == 0  # the 3 hours are still to be counted
    assert {"untended_fatigue", "needs_healer"} <= {d.kind for d in due(record.state, at)}


def test_classic_without_first_aid_says_a_carer_is_needed_once_awake() -> None:
    record = _unconscious(classic("Torvald", wounds=5))  # Critical, no First aid
    advance(record, HOUR1, Scripted([]))
    assert record.state.status == "awake"
    kinds = {d.kind: d.text for d in due(record.state, HOUR1)}
    assert "first_aid" not in kinds
    assert "Torvald has no First aid to tend their own wounds" in kinds["needs_healer"]
    # With a healer there, first aid is offered.
    elin = classic("Elin", skills={"First aid": 100})
    assert "first_aid" in {d.kind for d in due(record.state, HOUR1, elin)}


def test_classic_first_aid_from_a_carer_brings_the_patient_round_at_once() -> None:
    record = _unconscious(classic("Aldric", wounds=3))
    elin = classic("Elin", skills={"First aid": 100})
    # Elin 10 + 3+3 = 16 against Medium 15 (RULES 1.10): tended and awake at once;
    # then the recovery roll (10 + 5+5 = 20: 3 days).
    made = advance(record, DAY1, Scripted([3, 3, 5, 5]), Helpers(healer=elin))
    assert [e.kind for e in made] == ["first_aid", "come_round", "recovery_roll"]
    assert isinstance(made[2], RecoveryRoll) and made[2].days == 3
    assert describe(made[1], record.state_before(1), record.state_after(1)).startswith(
        "Day 1, 00:00: Aldric comes round: first aid succeeded;")
    assert record.state.status == "awake"


def test_classic_dying_never_comes_round_by_itself() -> None:
    record = _unconscious(classic("Aldric", wounds=6))  # Fatal: dying (RULES 1.6)
    p = record.state
    assert p.wakes_at is None
    assert "come_round" not in {d.kind for d in due(p, DAY1.plus(days=3))}
    with pytest.raises(RulesError, match="dying of a Fatal wound"):
        make_entry(p, "come_round", DAY1.plus(days=3), [])


def test_08_knocked_out_with_nobody_comes_round_and_tends_herself() -> None:
    # Heavy (4 wounds, -10), unconscious, not dying (RULES 2).
    record = _unconscious(v08("Brenna", wounds=4, skills={"First aid": 3}))
    kinds = {d.kind: d for d in due(record.state, DAY1)}
    assert "v08_first_aid" not in kinds and "needs_healer" in kinds
    assert kinds["come_round"].when == HOUR1
    # An hour on she comes round, then first aid: Intelligence 3 x 3 = 9, Heavy -10,
    # + d20 20 = 19 against 10 + half of 10 = 15 (combat-wounds.yags): stable, so the
    # untended-wound check due then is not needed.
    made = advance(record, HOUR1, Scripted([20]))
    assert [e.kind for e in made] == ["come_round", "v08_first_aid"]
    aid = made[1]
    assert isinstance(aid, V08FirstAid) and aid.total == 19 and aid.target == 15
    assert record.state.status == "awake" and record.state.tended


def test_08_fatal_dying_does_not_come_round_until_first_aid() -> None:
    record = _unconscious(v08("Brand", wounds=6))
    assert "come_round" not in {d.kind for d in due(record.state, HOUR1)}
    mara = v08("Mara", skills={"First aid": 10})
    # Mara 3 x 10 = 30 + d20 10 = 40 against 10 + half of 25 = 23: stabilised, awake.
    made = advance(record, DAY1, Scripted([10]), Helpers(healer=mara))
    assert [e.kind for e in made][:2] == ["v08_first_aid", "come_round"]
    assert record.state.status == "awake"
