"""Advancing a healing record in time order (rules/healing/advance.py): which roll
comes next and when, with scripted dice so each step is worked out here."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Literal

import pytest

from tests.rules.builders import classic, v08
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import GameTime, HealingRecord, HealingStart, Note, Rest
from yags_desk.rules.healing.advance import Helpers, advance

DAY1 = GameTime(day=1)


class Scripted(random.Random):
    """Gives the faces listed, in order (then fails the test if more are asked)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def _record(status: Literal["awake", "unconscious"] = "awake", **kw: Any) -> HealingRecord:
    return HealingRecord(HealingStart(patient=classic("Aldric", **kw), at=DAY1,
                                      status=status))


def test_a_failed_first_aid_is_tried_again_an_hour_later_after_the_fatigue() -> None:
    record = _record(wounds=2)  # Light, untended
    healer = classic("Elin", skills={"First aid": 50})  # 10 x 50% = 5
    # 5 + 4+4 = 13 < 15: not tended; an hour later 5 + 6+5 = 16: tended. The hour
    # untended gives +1 long-term fatigue first (RULES 1.10).
    made = advance(record, DAY1.plus(hours=1), Scripted([4, 4, 6, 5]), Helpers(healer=healer))
    assert [(e.kind, e.at.hour) for e in made] == [("first_aid", 0), ("untended_fatigue", 1),
                                                   ("first_aid", 1)]
    assert record.state.tended and record.state.fatigue_long == 1


def test_fatal_and_unconscious_alternates_first_aid_and_dying_rolls() -> None:
    record = _record(status="unconscious", wounds=6)  # Fatal (RULES 1.6)
    healer = classic("Elin", skills={"First aid": 50})
    # First aid 5 + 3+4 = 12 < 25; dying roll stamina 10 + 6+5 = 21 >= 20 survives;
    # first aid 5 + 10+9+2 = 26 >= 25: tended, the dying rolls stop (RULES 1.6, 1.10).
    # First aid that succeeds brings him round ([decision] waking.py). Then the
    # recovery table at once: 10 + 5+5 = 20, Fatal 20+ is 80 days.
    made = advance(record, DAY1, Scripted([3, 4, 6, 5, 10, 9, 2, 5, 5]),
                   Helpers(healer=healer))
    assert [e.kind for e in made] == ["first_aid", "dying_roll", "first_aid", "come_round",
                                      "recovery_roll"]
    assert record.state.tended and getattr(made[-1], "days", None) == 80


def test_nobody_to_give_first_aid_leaves_only_the_untended_fatigue() -> None:
    record = _record(wounds=3)  # Medium; Aldric has no First aid
    made = advance(record, DAY1.plus(hours=5), Scripted([]))
    assert [(e.kind, getattr(e, "hours", None)) for e in made] == [("untended_fatigue", 5)]
    assert record.state.fatigue_long == 5


def test_0_8_stuns_get_one_first_aid_then_morning_rolls() -> None:
    # Health 3, Intelligence 3, First aid 2: first aid on stuns 6 + d20 against 0 + half
    # of the Light stun penalty 3, rounded up: 2 (RULES 2, combat-wounds.yags).
    record = HealingRecord(HealingStart(patient=v08("Aldric", skills={"First aid": 2},
                                                    stuns=2), at=DAY1))
    # d20 1 fumbles: no effect, and no second try; the next morning 12 + 9 = 21
    # against 2 is 2 levels of success: both stuns heal.
    made = advance(record, GameTime(day=2, hour=6), Scripted([1, 9]))
    assert [e.kind for e in made] == ["v08_first_aid", "v08_stun_recovery"]
    assert getattr(record.state, "stuns", None) == 0


def test_advancing_backwards_is_refused() -> None:
    record = _record(wounds=1, fatigue_short=1)
    record.push(Rest(at=DAY1, length="short"))
    record.push(Note(at=DAY1.plus(hours=3), text="camp"))
    with pytest.raises(RulesError, match="before day 1, 03:00"):
        advance(record, DAY1, Scripted([]))


def test_advance_all_shares_the_carers_bonus_among_those_still_wounded() -> None:
    from yags_desk.rules.healing import HurtCheck, RecoveryRoll
    from yags_desk.rules.healing.advance import advance_all

    def tended(name: str, wounds: int) -> HealingRecord:
        return HealingRecord(HealingStart(patient=classic(name, wounds=wounds), at=DAY1,
                                          tended=True))

    # Aldric and Bren Hurt, Mira Serious, all first-aided; Elin cares for them.
    records = [tended("Aldric", 1), tended("Bren", 1), tended("Mira", 4)]
    elin = classic("Elin", skills={"First aid": 50, "Chirurgery": 40})  # Int 10
    # Day 1, 00:00, Mira's recovery roll, all three wounded: Elin's Chirurgery
    # 10 x 40% = 4 + 5+5 = 14, half 7, shared by 3: +2; Mira 10 + 2 + 5+5 = 22:
    # Serious 20+ is 10 days (RULES 1.10).
    # 01:00, Aldric's Hurt check: First aid 10 x 50% = 5 + 5+5 = 15, half 7, by 3: +2;
    # 10 + 2 + 9+9 = 30 >= 15 heals. Then Bren's: Aldric is healed, so by 2: +3.
    made = advance_all(records, DAY1.plus(hours=1), Scripted([5, 5, 5, 5,
                                                              5, 5, 9, 9, 5, 5, 9, 9]),
                       Helpers(carer=elin))
    assert [(i, e.kind) for i, e in made] == [(2, "recovery_roll"), (0, "hurt_check"),
                                              (1, "hurt_check")]
    carers = [e.carer for _, e in made if isinstance(e, (RecoveryRoll, HurtCheck))]
    assert [(c.patients, c.bonus) for c in carers if c is not None] == [(3, 2), (3, 2), (2, 3)]
    assert isinstance(made[0][1], RecoveryRoll) and made[0][1].days == 10
    assert [r.state.wounds for r in records] == [0, 0, 4]
    # A dead patient no longer counts either.
    from yags_desk.rules.healing import Override
    from yags_desk.rules.healing.advance import tending
    records[2].push(Override(at=DAY1.plus(hours=1), reason="gone", status="dead"))
    assert tending(r.state for r in records) == 1


def test_the_unconscious_give_themselves_no_first_aid() -> None:
    """An unconscious patient (as a fight can leave them, audit 16 item 1) cannot tend
    their own wounds: with nobody else there, only the dying rolls follow (RULES 1.6)."""
    from yags_desk.rules.healing import first_aid

    record = _record(status="unconscious", wounds=6, skills={"First aid": 80})  # Fatal
    with pytest.raises(RulesError, match="Aldric is unconscious and cannot tend"):
        first_aid(record.state, DAY1, [5, 5])  # type: ignore[arg-type]
    # Stamina 10 + 6+5 = 21 >= 20 survives; 10 + 2+3 = 15 < 20: dead (RULES 1.6).
    made = advance(record, DAY1, Scripted([6, 5, 2, 3]))
    assert [e.kind for e in made] == ["dying_roll", "dying_roll"]
    assert record.state.status == "dead"
