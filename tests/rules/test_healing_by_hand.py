"""Healing entries made by hand for what is due (issue 16: the healing record view)."""

from __future__ import annotations

import pytest

from tests.rules.builders import classic, v08
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import GameTime, HealingRecord, HealingStart
from yags_desk.rules.healing.by_hand import make_entry

DAY1 = GameTime(day=1)


def _record(wounds: int, edition: str = "classic") -> HealingRecord:
    make = classic if edition == "classic" else v08
    return HealingRecord(HealingStart(patient=make("Aldric", skills={"First aid": 50},
                                                   wounds=wounds), at=DAY1))


def test_typed_dice_make_the_entry_the_rules_give() -> None:
    record = _record(2)  # Light
    # Self-aid: Dexterity 10 x 50% = 5, the patient's own Light penalty -2 (RULES 1.6),
    # + dice 7+6 = 16 against Light 15 (RULES 1.10).
    entry = make_entry(record.state, "first_aid", DAY1, [7, 6])
    assert (entry.total, entry.success) == (16, True)  # type: ignore[union-attr]


@pytest.mark.parametrize(("dice", "reason"), [
    ([11, 4], "11"),  # a d10 has no 11
    ([10, 4], "10"),  # a 10 owes one more die (RULES 1.1)
    (5, "at least two dice"),
])
def test_wrong_dice_are_refused_with_the_reason_and_nothing_recorded(
        dice: object, reason: str) -> None:
    record = _record(2)
    with pytest.raises(RulesError, match=reason):
        make_entry(record.state, "first_aid", DAY1, dice)  # type: ignore[arg-type]
    assert record.entries == ()


def test_a_0_8_roll_takes_one_d20() -> None:
    record = _record(2, "0.8")
    with pytest.raises(RulesError, match="type one d20"):
        make_entry(record.state, "v08_health_check", DAY1.plus(hours=1), [3, 4])
    with pytest.raises(RulesError, match="21"):
        make_entry(record.state, "v08_health_check", DAY1.plus(hours=1), 21)


def test_a_carer_who_can_add_nothing_is_named_with_the_reason() -> None:
    """Audit 16 item 9: classic needs First aid or Chirurgery (RULES 1.10), 0.8 First
    aid (combat-wounds.yags)."""
    from yags_desk.rules.healing.by_hand import carer_problem

    assert carer_problem(classic("Wolf")).startswith("Wolf has neither First aid nor "
                                                     "Chirurgery")
    assert carer_problem(classic("Elin", skills={"Chirurgery": 40})) == ""
    assert carer_problem(classic("Elin", skills={"First aid": 40})) == ""
    assert carer_problem(v08("Brand", skills={"Chirurgery": 4})).startswith(
        "Brand has no First aid")
    assert carer_problem(v08("Brand", skills={"First aid": 4})) == ""
