"""Classic first aid and healing (RULES 1.10, 1.6 dying rolls), with fixed dice.

Expected numbers are typed in from RULES 1.10, not read from the code's tables.
"""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from tests.rules.builders import classic
from yags_desk.rules.character import Character
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import (
    ClassicPatient,
    GameTime,
    HealingRecord,
    HealingStart,
    Note,
    Override,
    Rest,
    carer_help,
    describe,
    drop_one_category,
    dying_roll,
    end_recovery,
    first_aid,
    hurt_check,
    light_check,
    recovery_roll,
    untended_fatigue,
)

DAY1 = GameTime(day=1, hour=10)
MARA = classic("Mara", skills={"First aid": 100, "Chirurgery": 100})  # Dex 10, Int 10
CATEGORY_WOUNDS = {"Hurt": 1, "Light": 2, "Medium": 3, "Serious": 4, "Critical": 5, "Fatal": 6}


def t(day: int, hour: int) -> GameTime:
    return GameTime(day=day, hour=hour)


def record(wounds: int, tended: bool = False, at: GameTime = DAY1, status: str = "awake",
           patient: Character | None = None) -> HealingRecord:
    c = patient or classic("Aldric", wounds=wounds)
    return HealingRecord(HealingStart(patient=c, at=at, tended=tended, status=status))


def state(rec: HealingRecord) -> ClassicPatient:
    s = rec.state
    assert isinstance(s, ClassicPatient)
    return s


def unchanged(rec: HealingRecord) -> tuple[object, ...]:
    return (rec.entries, rec.state)


# --- The recovery-days table, every row and column at its boundaries -----------------

TABLE = {  # RULES 1.10, typed in: 0+, 10+, 15+, 20+, 25+, 30+, 40+
    "Medium": (15, 10, 5, 3, 2, 1, 1),
    "Serious": (30, 20, 15, 10, 7, 3, 2),
    "Critical": (80, 60, 45, 30, 20, 15, 10),
    "Fatal": (None, None, 120, 80, 60, 45, 30),
}
# total -> column: the boundaries of every column, and below 0 ([decision] reads 0+).
BOUNDARIES = [(-1, 0), (0, 0), (9, 0), (10, 1), (14, 1), (15, 2), (19, 2), (20, 3), (24, 3),
              (25, 4), (29, 4), (30, 5), (39, 5), (40, 6), (57, 6)]


@pytest.mark.parametrize("category", list(TABLE))
@pytest.mark.parametrize(("total", "column"), BOUNDARIES)
def test_recovery_days_table(category: str, total: int, column: int) -> None:
    rec = record(CATEGORY_WOUNDS[category], tended=True)
    # Stamina 10 + dice 6 + 5 (no fumble, no explosion) = 21; the modifier sets the total.
    e = recovery_roll(state(rec), DAY1, [6, 5], modifier=total - 21)
    assert e.total == total and not e.fumble
    expected = TABLE[category][column]
    assert e.days == expected
    rec.push(e)
    s = state(rec)
    if expected is None:  # "coma, death"
        assert s.status == "coma" and s.period is None
        assert "coma, death" in describe(e, rec.state_before(0), s)
    else:
        assert s.period is not None and s.period.end == DAY1.plus(days=expected)


def test_recovery_roll_with_exploding_dice_reads_the_whole_total() -> None:
    rec = record(4, tended=True)  # Serious
    e = recovery_roll(state(rec), DAY1, [10, 10, 10, 2, 3])  # 10 + 35 = 45 → 40+ column
    assert (e.total, e.days) == (45, 2)


# --- Fumbles of the recovery roll: 3 Medium, 3 Serious, 4 Critical, 5 Fatal ------------

@pytest.mark.parametrize(("category", "fumbles", "holds"), [
    ("Medium", (1, 2), (2, 2)),
    ("Serious", (2, 1), (1, 3)),
    ("Critical", (2, 2), (2, 3)),
    ("Fatal", (2, 3), (3, 3)),
])
def test_recovery_fumble_chances(category: str, fumbles: tuple[int, int],
                                 holds: tuple[int, int]) -> None:
    rec = record(CATEGORY_WOUNDS[category], tended=True)
    # A large modifier keeps Fatal out of the "coma, death" columns.
    assert recovery_roll(state(rec), DAY1, list(fumbles), modifier=20).fumble
    assert not recovery_roll(state(rec), DAY1, list(holds), modifier=20).fumble


def test_fumbled_period_ends_one_body_level_worse() -> None:
    rec = record(4, tended=True)  # Serious
    roll = recovery_roll(state(rec), DAY1, [1, 2], modifier=10)  # 23 → 10 days, fumbled
    assert roll.fumble and roll.days == 10
    rec.push(roll)
    with pytest.raises(RulesError, match=r"ends at day 11, 10:00, not before"):
        end_recovery(state(rec), t(11, 9))
    end = end_recovery(state(rec), t(11, 10))
    assert end.outcome == "worse"
    rec.push(end)
    assert (state(rec).wounds, state(rec).category) == (5, "Critical")
    assert "gets worse after a fumbled recovery: Critical (-10)" in describe(
        end, rec.state_before(1), rec.state)


def test_fumbled_fatal_period_ends_in_death() -> None:
    rec = record(6, tended=True)
    roll = recovery_roll(state(rec), DAY1, [2, 3], modifier=25)  # 10 + 25 + 5 = 40 → 30 days
    assert roll.fumble and roll.days == 30
    rec.push(roll)
    rec.push(end_recovery(state(rec), t(31, 10)))
    assert state(rec).status == "dead"
    with pytest.raises(RulesError, match="is dead"):
        rec.push(Rest(at=t(31, 11), length="night"))


def test_period_end_drops_one_category_and_the_next_roll_follows() -> None:
    rec = record(5, tended=True)  # Critical
    rec.push(recovery_roll(state(rec), DAY1, [6, 5], modifier=4))  # 25 → 20 days
    with pytest.raises(RulesError, match="runs until day 21, 10:00"):
        recovery_roll(state(rec), t(2, 10), [5, 5])
    rec.push(end_recovery(state(rec), t(22, 8)))
    s = state(rec)
    assert (s.wounds, s.category, s.period) == (4, "Serious", None)
    rec.push(recovery_roll(s, t(22, 8), [5, 5]))  # 20 → 10 days for Serious
    assert state(rec).period is not None and state(rec).period.days == 10  # type: ignore[union-attr]


# --- Dropping one category on the body track -------------------------------------------

def test_drop_one_category_clears_the_worst_filled_category() -> None:
    one_each = (1, 1, 1, 1, 1, 1)
    assert [drop_one_category(one_each, w) for w in range(7)] == [0, 0, 1, 2, 3, 4, 5]
    creature = (2, 2, 2, 1, 1, 1)  # Hurt 1-2, Light 3-4, Medium 5-6, Serious 7...
    assert [drop_one_category(creature, w) for w in range(10)] == [0, 0, 0, 2, 2, 4, 4, 6,
                                                                    7, 8]


def test_a_creature_heals_a_whole_category_at_the_end_of_a_period() -> None:
    troll = classic("Troll", body_boxes=(2, 2, 3, 1, 1, 1), wounds=6)  # 2 of 3 Medium boxes
    rec = record(0, tended=True, patient=troll)
    assert state(rec).category == "Medium"
    rec.push(recovery_roll(state(rec), DAY1, [5, 5]))  # 20 → 3 days
    rec.push(end_recovery(state(rec), t(4, 10)))
    assert (state(rec).wounds, state(rec).category) == (4, "Light")


# --- First aid -------------------------------------------------------------------------

@pytest.mark.parametrize(("category", "difficulty"), [
    ("Hurt", 10), ("Light", 15), ("Medium", 15), ("Serious", 20), ("Critical", 20),
    ("Fatal", 25)])
def test_first_aid_difficulties(category: str, difficulty: int) -> None:
    rec = record(CATEGORY_WOUNDS[category])
    # Mara: Dexterity 10 x First aid 100% = 10, + dice 5 + 5 = 20 before the modifier.
    short = first_aid(state(rec), DAY1, [5, 5], healer=MARA, modifier=difficulty - 21)
    enough = first_aid(state(rec), DAY1, [5, 5], healer=MARA, modifier=difficulty - 20)
    assert (short.target, short.total, short.success) == (difficulty, difficulty - 1, False)
    assert (enough.total, enough.success) == (difficulty, True)
    rec.push(short)
    assert not state(rec).tended
    rec.push(enough)
    assert state(rec).tended
    assert f"{category} wounds: {difficulty} against {difficulty}" in describe(
        enough, rec.state_before(1), rec.state)


def test_first_aid_fumble_fails_whatever_the_total() -> None:
    rec = record(1)
    e = first_aid(state(rec), DAY1, [1, 2], healer=MARA, modifier=50)
    assert e.fumble and not e.success and e.total >= e.target


def test_first_aid_on_oneself_takes_ones_own_penalties() -> None:
    medic = classic("Aldric", wounds=4, skills={"First aid": 100})  # Serious, -7
    rec = record(0, patient=medic)
    e = first_aid(state(rec), DAY1, [8, 9])
    assert e.self_aid and (e.base, e.penalty, e.total) == (10, -7, 20)
    rec.push(e)
    assert state(rec).tended
    assert "Aldric tends their own Serious wounds" in describe(e, rec.state_before(0), rec.state)


def test_wounded_healer_takes_penalties() -> None:
    limping = classic("Mara", wounds=2, fatigue_long=3, skills={"First aid": 100})
    e = first_aid(state(record(1)), DAY1, [5, 5], healer=limping)
    assert e.penalty == -2 + -4  # Light wounds, Medium fatigue (RULES 1.4, 1.7)


def test_typed_dice_give_the_same_entry_as_rolled_dice() -> None:
    rec = record(3)
    rolled = first_aid(state(rec), DAY1, random.Random(7), healer=MARA)
    assert first_aid(state(rec), DAY1, list(rolled.dice), healer=MARA) == rolled


# --- Untended wounds -------------------------------------------------------------------

def test_untended_fatigue_over_several_hours_until_collapse() -> None:
    rec = record(2)  # Light, fatigue track of six boxes
    rec.push(untended_fatigue(state(rec), t(1, 13)))
    assert (state(rec).fatigue_long, rec.entries[-1].levels) == (3, 3)  # type: ignore[union-attr]
    rec.push(untended_fatigue(state(rec), t(1, 15)))
    assert state(rec).fatigue_long == 5 and not state(rec).collapsed
    e = untended_fatigue(state(rec), t(1, 17))  # two hours, one box left
    assert (e.hours, e.levels) == (2, 1)
    rec.push(e)
    assert state(rec).fatigue_long == 6 and state(rec).collapsed
    assert "and collapses" in describe(e, rec.state_before(2), rec.state)
    rec.push(untended_fatigue(state(rec), t(1, 19)))  # a full track takes no more
    assert state(rec).fatigue_long == 6


def test_untended_hours_must_be_counted_before_first_aid() -> None:
    rec = record(3)
    before = unchanged(rec)
    with pytest.raises(RulesError, match=r"untended for 4 hours since day 1, 10:00"):
        rec.push(first_aid(state(rec), t(1, 14), [5, 5], healer=MARA))
    assert unchanged(rec) == before
    rec.push(untended_fatigue(state(rec), t(1, 14)))
    rec.push(first_aid(state(rec), t(1, 14), [9, 9], healer=MARA))
    assert state(rec).tended and state(rec).fatigue_long == 4
    with pytest.raises(RulesError, match="tended"):
        untended_fatigue(state(rec), t(1, 20))


def test_no_untended_fatigue_for_fatal_wounds_or_within_the_hour() -> None:
    with pytest.raises(RulesError, match="Fatal wounds give none"):
        untended_fatigue(state(record(6)), t(1, 20))
    with pytest.raises(RulesError, match="no full hour"):
        untended_fatigue(state(record(2)), DAY1)
    with pytest.raises(RulesError, match="not wounded"):
        untended_fatigue(state(record(0)), t(1, 20))


def test_dying_rolls_each_minute_until_first_aid() -> None:
    rec = record(6, status="unconscious")
    survive = dying_roll(state(rec), DAY1, [5, 5])  # 10 + 10 = 20
    assert survive.success and survive.target == 20
    rec.push(survive)
    fumbled = dying_roll(state(rec), DAY1, [2, 2], modifier=20)  # fumble chance 4 (RULES 1.6)
    assert fumbled.fumble and not fumbled.success
    rec.push(first_aid(state(rec), DAY1, [9, 8], healer=MARA))  # 27 against 25
    with pytest.raises(RulesError, match="the rolls have stopped"):
        dying_roll(state(rec), DAY1, [5, 5])
    dead = record(6, status="unconscious")
    dead.push(dying_roll(state(dead), DAY1, [5, 4]))  # 19
    assert state(dead).status == "dead"
    assert describe(dead.entries[0], dead.state_before(0), dead.state).endswith("→ dies.")


def test_dying_roll_refused_for_the_awake_and_the_less_than_fatal() -> None:
    with pytest.raises(RulesError, match="is awake"):
        dying_roll(state(record(6)), DAY1, [5, 5])
    with pytest.raises(RulesError, match="only Fatal wounds"):
        dying_roll(state(record(5, status="unconscious")), DAY1, [5, 5])


# --- Hurt and Light checks ------------------------------------------------------------

def test_hurt_check_hourly() -> None:
    rec = record(1, tended=True)
    with pytest.raises(RulesError, match=r"an hour's rest comes first; the next check is at "
                                         r"day 1, 11:00"):
        hurt_check(state(rec), DAY1, [5, 5])
    fail = hurt_check(state(rec), t(1, 11), [2, 2])  # 14
    assert not fail.success
    rec.push(fail)
    assert "not yet; next check at day 1, 12:00" in describe(fail, rec.state_before(0),
                                                               rec.state)
    with pytest.raises(RulesError, match="day 1, 12:00"):
        hurt_check(state(rec), t(1, 11), [5, 5])
    rec.push(hurt_check(state(rec), t(1, 12), [3, 2]))  # 15
    assert state(rec).wounds == 0


def test_light_check_needs_a_night() -> None:
    rec = record(2, tended=True, at=t(1, 22))
    with pytest.raises(RulesError, match=r"a night's rest comes first; the next check is at "
                                         r"day 2, 06:00"):
        light_check(state(rec), t(2, 5), [5, 5])
    rec.push(light_check(state(rec), t(2, 6), [1, 3]))  # fumble
    assert state(rec).wounds == 2
    with pytest.raises(RulesError, match="day 3, 06:00"):
        light_check(state(rec), t(2, 23), [5, 5])
    rec.push(light_check(state(rec), t(3, 7), [4, 1]))  # 15: the source's "fully heal"
    assert state(rec).wounds == 0


def test_tended_after_midnight_waits_for_the_next_night() -> None:
    rec = record(2, tended=True, at=t(2, 1))
    with pytest.raises(RulesError, match="day 3, 06:00"):
        light_check(state(rec), t(2, 6), [5, 5])


def test_wrong_check_for_the_category_is_refused() -> None:
    with pytest.raises(RulesError, match="is Light, not Hurt"):
        hurt_check(state(record(2, tended=True)), t(2, 10), [5, 5])
    with pytest.raises(RulesError, match="not the recovery-days table"):
        recovery_roll(state(record(2, tended=True)), DAY1, [5, 5])
    with pytest.raises(RulesError, match="once first aid has tended"):
        recovery_roll(state(record(4)), DAY1, [5, 5])


# --- Carers ---------------------------------------------------------------------------

@pytest.mark.parametrize(("patients", "bonus"), [(1, 13), (2, 6), (3, 4)])
def test_carer_bonus_divided_among_patients(patients: int, bonus: int) -> None:
    # Intelligence 10 x Chirurgery 100% = 10, + 9 + 8 = 27; half = 13, shared, rounded down.
    c = carer_help(MARA, "Chirurgery", [9, 8], patients=patients)
    assert (c.total, c.bonus) == (27, bonus)
    rec = record(4, tended=True)
    e = recovery_roll(state(rec), DAY1, [5, 5], carer=c)
    assert e.total == 10 + 10 + bonus


def test_carer_helps_hurt_and_light_with_first_aid_any_with_chirurgery() -> None:
    aid = carer_help(classic("Odo", skills={"First aid": 50}), "First aid", [6, 6])
    assert (aid.base, aid.total, aid.bonus) == (5, 17, 8)
    rec = record(2, tended=True)
    e = light_check(state(rec), t(2, 6), [2, 2], carer=aid)  # 10 + 4 + 8 = 22
    assert e.success
    with pytest.raises(RulesError, match="helps only Hurt and Light patients.*Chirurgery"):
        recovery_roll(state(record(3, tended=True)), DAY1, [5, 5], carer=aid)


def test_carer_without_the_skill_is_refused() -> None:
    with pytest.raises(RulesError, match="Odo has no Chirurgery skill"):
        carer_help(classic("Odo", skills={"First aid": 50}), "Chirurgery", [5, 5])
    with pytest.raises(RulesError, match="does not help healing"):
        carer_help(MARA, "Cooking", [5, 5])
    with pytest.raises(RulesError, match="has no First aid skill"):
        first_aid(state(record(1)), DAY1, [5, 5], healer=classic("Odo"))


def test_fumbled_carer_roll_adds_nothing() -> None:
    assert carer_help(MARA, "Chirurgery", [1, 1]).bonus == 0


# --- Refusals and the GM's word ---------------------------------------------------------

def test_refusals_name_the_rule_and_change_nothing() -> None:
    rec = record(0)
    with pytest.raises(RulesError, match=r"first aid: Aldric is not wounded \(RULES 1.10\)"):
        first_aid(state(rec), DAY1, [5, 5], healer=MARA)
    rec = record(2, tended=True)
    rec.push(Note(at=t(2, 8), text="sleeps by the fire"))
    before = unchanged(rec)
    for bad in (
        Override(at=t(2, 9), wounds=7, reason="x"),
        Override(at=t(2, 9), stuns=2, reason="x"),
        Override(at=t(2, 9), fatigue_short=4, fatigue_long=3, reason="x"),
        Override(at=t(2, 9), recovery_days=3, reason="x"),
        Note(at=t(2, 7), text="earlier"),
        first_aid(state(record(2, at=t(2, 9))), t(2, 9), [9, 9], healer=MARA),
    ):
        with pytest.raises(RulesError) as info:
            rec.push(bad)
        assert unchanged(rec) == before, info.value
    with pytest.raises(RulesError, match="more than the 6 body-level boxes"):
        rec.push(Override(at=t(2, 9), wounds=7, reason="x"))
    with pytest.raises(RulesError, match="time cannot go backwards"):
        rec.push(Note(at=t(2, 7), text="earlier"))
    with pytest.raises(RulesError, match="already tended"):
        first_aid(state(rec), t(2, 9), [5, 5], healer=MARA)


def test_override_sets_numbers_with_a_logged_reason() -> None:
    rec = record(4, tended=True)
    rec.push(recovery_roll(state(rec), DAY1, [5, 5]))  # 20 → 10 days
    rec.push(Override(at=t(2, 10), recovery_days=5, reason="elven poultice"))
    assert state(rec).period is not None and state(rec).period.end == t(6, 10)  # type: ignore[union-attr]
    rec.push(Override(at=t(3, 10), wounds=1, fatigue_long=2, reason="healing potion"))
    s = state(rec)
    assert (s.wounds, s.fatigue_long, s.period, s.since) == (1, 2, None, t(3, 10))
    text = describe(rec.entries[-1], rec.state_before(2), rec.state)
    assert text == ("Day 3, 10:00: GM sets Aldric's wounds from 4 to 1, fatigue long from 0 "
                    "to 2: healing potion.")


def test_tampered_entries_are_refused_with_the_field() -> None:
    rec = record(4, tended=True)
    good = recovery_roll(state(rec), DAY1, [5, 5])
    data = good.model_dump()
    with pytest.raises(ValidationError, match="total"):
        type(good).model_validate({**data, "total": 30})
    with pytest.raises(ValidationError, match="days"):
        type(good).model_validate({**data, "days": 2})
    with pytest.raises(ValidationError, match="die 2"):
        type(good).model_validate({**data, "dice": (5, 11)})
    other = recovery_roll(state(record(3, tended=True)), DAY1, [5, 5])  # a Medium roll
    with pytest.raises(RulesError, match="category: the entry says Medium"):
        rec.push(other)


def test_refused_rolls_roll_no_dice() -> None:
    rec = record(6, status="unconscious")
    rec.push(dying_roll(state(rec), DAY1, [4, 4]))  # 18: dead
    rng = random.Random(5)
    before = rng.getstate()
    for roll in (lambda: first_aid(state(rec), DAY1, rng, healer=MARA),
                 lambda: dying_roll(state(rec), DAY1, rng),
                 lambda: recovery_roll(state(rec), DAY1, rng)):
        with pytest.raises(RulesError, match="Aldric is dead"):
            roll()
    assert rng.getstate() == before


def test_coma_ends_the_rolls_until_the_gm_speaks() -> None:
    rec = record(6, tended=True)
    rec.push(recovery_roll(state(rec), DAY1, [3, 4]))  # 17: 120 days, no coma
    assert state(rec).status == "awake"
    rec = record(6, tended=True)
    rec.push(recovery_roll(state(rec), DAY1, [6, 6], modifier=-10))  # 12: coma, death
    with pytest.raises(RulesError, match="in a coma that ends in death"):
        rec.push(Rest(at=t(2, 10), length="night"))
    rec.push(Override(at=t(40, 10), status="dead", reason="never woke"))
    assert state(rec).status == "dead"


def test_badly_typed_dice_are_refused_with_the_die() -> None:
    with pytest.raises(RulesError, match="a 10 explodes"):
        first_aid(state(record(1)), DAY1, [10, 3], healer=MARA)
    with pytest.raises(RulesError, match="die 2: 0 is not a d10 face"):
        hurt_check(state(record(1, tended=True)), t(1, 11), [4, 0])


def test_one_day_reads_one_day() -> None:
    """Audit 16 item 10: "1 day", not "1 days"."""
    from yags_desk.rules.healing import HealingRecord, HealingStart, describe, due, recovery_roll

    # Stamina 12, Medium (3 wounds), tended: 12 + 9+9 = 30, Medium 30+ is 1 day.
    record = HealingRecord(HealingStart(patient=classic("Aldric", stamina=12, wounds=3),
                                        at=GameTime(day=1), tended=True))
    entry = recovery_roll(record.state, GameTime(day=1), [9, 9])  # type: ignore[arg-type]
    record.push(entry)
    text = describe(entry, record.state_before(0), record.state)
    assert "\u2192 1 day, ends day 2, 00:00." in text, text
    assert "Medium: 1 day, ends" in due(record.state, GameTime(day=1))[0].text
