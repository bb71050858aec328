"""0.8 first aid and healing (reference/yags-0.8/combat/combat-wounds.yags), fixed dice.

Typical 0.8 people have Health and Intelligence 3 (Health check 12 + d20).
Default penalties (RULES 2): Light -3, Medium -6, Heavy -10, Critical -15,
Fatal -25; the older set: Light -5, Medium -10, Heavy -15, Critical and Fatal -25.
"""

from __future__ import annotations

import pytest

from tests.rules.builders import classic, v08
from yags_desk.rules.character import Character
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import (
    GameTime,
    HealingRecord,
    HealingStart,
    Override,
    Rest,
    V08Patient,
    carer_help,
    describe,
    due,
    first_aid,
    v08_carer,
    v08_first_aid,
    v08_health_check,
    v08_infection,
    v08_stun_recovery,
    v08_weekly_healing,
)

START = GameTime(day=1, hour=10)
NURSE = v08("Nurse", skills={"First aid": 4})  # Intelligence 3 x 4 = 12


def t(day: int, hour: int) -> GameTime:
    return GameTime(day=day, hour=hour)


def record(wounds: int = 0, stuns: int = 0, tended: bool = False, old: bool = False,
           patient: Character | None = None) -> HealingRecord:
    c = patient or v08("Bran", wounds=wounds, stuns=stuns)
    return HealingRecord(HealingStart(patient=c, at=START, tended=tended,
                                      old_wound_penalties=old))


def state(rec: HealingRecord) -> V08Patient:
    s = rec.state
    assert isinstance(s, V08Patient)
    return s


# --- First aid ---------------------------------------------------------------------------

def test_first_aid_target_reproduces_the_reference_example() -> None:
    # "moderate (-10) wounds and light (-5) stuns: 10 + (10 + 5) / 2 = 18" (older penalties)
    assert v08_first_aid(state(record(3, 2, old=True)), START, 5, healer=NURSE).target == 18
    # The default table: Medium -6, Light -3: 10 + 9 / 2 rounded up = 15.
    assert v08_first_aid(state(record(3, 2)), START, 5, healer=NURSE).target == 15
    assert v08_first_aid(state(record(3, 2)), START, 5, "stuns", healer=NURSE).target == 5


def test_first_aid_stabilises_and_a_good_success_heals_a_wound() -> None:
    rec = record(3, 2)
    plain = v08_first_aid(state(rec), START, 3, healer=NURSE)  # 12 + 3 = 15 against 15
    good = v08_first_aid(state(rec), START, 13, healer=NURSE)  # 25: good success
    assert (plain.success, plain.healed, good.healed) == (True, 0, 1)
    rec.push(good)
    s = state(rec)
    assert (s.wounds, s.tended, s.wounds_aided) == (2, True, True)
    assert "stabilised, one wound healed" in describe(good, rec.state_before(0), s)
    with pytest.raises(RulesError, match="already first-aided"):
        v08_first_aid(s, START, 20, healer=NURSE)


def test_first_aid_fails_below_the_target_and_on_a_natural_one() -> None:
    rec = record(3)
    miss = v08_first_aid(state(rec), START, 1, healer=classic_free_healer(30))
    assert miss.fumble and not miss.success
    rec.push(v08_first_aid(state(rec), START, 1, healer=NURSE))
    assert not state(rec).tended


def classic_free_healer(first_aid_level: int) -> Character:
    return v08("Sage", skills={"First aid": first_aid_level})


def test_stun_first_aid_heals_a_stun_per_level_of_success() -> None:
    rec = record(3, 2)  # stun target 5
    two = v08_first_aid(state(rec), START, 3, "stuns", healer=NURSE)  # 15: 1 + 10 // 10
    assert two.healed == 2
    capped = v08_first_aid(state(rec), START, 20, "stuns", healer=NURSE)  # 32: 3 levels
    assert capped.healed == 2
    rec.push(two)
    assert state(rec).stuns == 0


def test_self_aid_takes_the_patients_penalties() -> None:
    medic = v08("Bran", wounds=3, stuns=2, skills={"First aid": 4})
    e = v08_first_aid(state(record(patient=medic)), START, 10)
    assert (e.self_aid, e.penalty, e.total) == (True, -9, 12 - 9 + 10)


def test_first_aid_needs_the_skill_and_the_edition() -> None:
    with pytest.raises(RulesError, match="has no First aid skill"):
        v08_first_aid(state(record(2)), START, 10, healer=v08("Oaf"))
    with pytest.raises(RulesError, match="classic character"):
        v08_first_aid(state(record(2)), START, 10,
                      healer=classic("Mara", skills={"First aid": 100}))
    with pytest.raises(RulesError, match="not wounded"):
        v08_first_aid(state(record(0, 2)), START, 10, healer=NURSE)
    with pytest.raises(RulesError, match="no stuns"):
        v08_first_aid(state(record(2)), START, 10, "stuns", healer=NURSE)


# --- Untended wounds ---------------------------------------------------------------------

def test_other_wounds_untended_for_an_hour_check_health() -> None:
    with pytest.raises(RulesError, match=r"after an hour without aid, at day 1, 11:00"):
        v08_health_check(state(record(2)), START, 10)
    cases = {8: ("stabilised", 2), 7: ("worse", 3)}  # 12 + 8 = 20; 19 fails
    for natural, (outcome, wounds) in cases.items():
        rec = record(2)
        e = v08_health_check(state(rec), t(1, 11), natural)
        assert (e.reason, e.target, e.outcome) == ("untended", 20, outcome)
        rec.push(e)
        assert (state(rec).wounds, state(rec).tended) == (wounds, True)
        with pytest.raises(RulesError, match="no check is due"):
            v08_health_check(state(rec), t(1, 12), 10)


def test_a_fumbled_untended_check_infects_until_death() -> None:
    rec = record(3)
    rec.push(v08_health_check(state(rec), t(1, 11), 1))
    s = state(rec)
    assert (s.wounds, s.infected, s.tended) == (4, True, False)
    with pytest.raises(RulesError, match="infected; first aid cannot help"):
        v08_first_aid(s, t(1, 12), 20, healer=NURSE)
    with pytest.raises(RulesError, match=r"once a day; next at day 2, 11:00"):
        v08_infection(s, t(2, 10))
    rec.push(v08_infection(s, t(2, 11)))
    assert state(rec).wounds == 5
    last = v08_infection(state(rec), t(3, 11))
    assert last.outcome == "dead"  # [decision] reaching Fatal kills
    rec.push(last)
    assert state(rec).status == "dead"
    assert describe(last, rec.state_before(2), rec.state) == (
        "Day 3, 11:00: Bran dies of the infected wound.")


def test_untended_critical_checks_daily_then_coma_then_death() -> None:
    rec = record(5)
    with pytest.raises(RulesError, match="day 2, 10:00"):
        v08_health_check(state(rec), t(1, 20), 10)
    rec.push(v08_health_check(state(rec), t(2, 10), 8))  # 20: holds
    assert state(rec).wounds == 5
    coma = v08_health_check(state(rec), t(3, 10), 7)
    assert coma.outcome == "coma"
    rec.push(coma)
    s = state(rec)
    assert (s.wounds, s.status) == (6, "coma")
    check = next(d for d in due(s, t(4, 10)) if d.kind == "v08_health_check")
    assert check.ready and check.when == t(4, 10) and "failure: death" in check.text
    rec.push(v08_health_check(s, t(4, 10), 2))
    assert state(rec).status == "dead"


def test_first_aid_reaches_a_comatose_patient_and_stops_the_checks() -> None:
    rec = record(5)
    rec.push(v08_health_check(state(rec), t(2, 10), 1))  # fumble: Fatal, coma
    aid = v08_first_aid(state(rec), t(2, 11), 13, healer=NURSE)  # 25 against 10 + 13 = 23
    assert aid.target == 23 and aid.success
    rec.push(aid)
    with pytest.raises(RulesError, match="stable; no check is due"):
        v08_health_check(state(rec), t(3, 11), 10)


def test_untended_fatal_wounds_check_at_once_and_failure_kills() -> None:
    rec = record(6)
    e = v08_health_check(state(rec), START, 7)  # 19
    assert (e.reason, e.outcome) == ("fatal", "dead")
    rec.push(e)
    assert state(rec).status == "dead"
    assert due(state(rec), t(2, 10)) == ()


# --- Natural healing ---------------------------------------------------------------------

def test_weekly_healing_heals_one_wound_and_a_fumble_worsens() -> None:
    rec = record(3, tended=True)  # target 10 + 6 / 2 = 13
    with pytest.raises(RulesError, match=r"a week at a time; the next roll is at day 8, 10:00"):
        v08_weekly_healing(state(rec), t(8, 9), 10)
    worse = v08_weekly_healing(state(rec), t(8, 10), 1)
    assert (worse.target, worse.fumble, worse.outcome) == (13, True, "worse")
    rec.push(worse)
    assert state(rec).wounds == 4
    healed = v08_weekly_healing(state(rec), t(15, 10), 6)  # 18 against 10 + 5
    assert (healed.target, healed.outcome) == (15, "healed")
    rec.push(healed)
    assert state(rec).wounds == 3
    assert v08_weekly_healing(state(rec), t(22, 10), 2).outcome == "healed"  # 14 against 13
    critical = record(5, tended=True)  # target 10 + 15 / 2 rounded up = 18
    short = v08_weekly_healing(state(critical), t(8, 10), 5)  # 17
    assert (short.target, short.outcome) == (18, "none")
    critical.push(short)
    assert state(critical).wounds == 5


def test_weekly_fumble_while_fatal_kills() -> None:
    rec = record(6, tended=True)
    e = v08_weekly_healing(state(rec), t(8, 10), 1)
    assert e.outcome == "dead"
    rec.push(e)
    assert state(rec).status == "dead"


def test_weekly_healing_needs_stable_wounds() -> None:
    with pytest.raises(RulesError, match="not stable yet"):
        v08_weekly_healing(state(record(2)), t(30, 10), 10)


def test_carer_adds_their_first_aid_score_half_when_caring_for_oneself() -> None:
    assert v08_carer(NURSE).bonus == 4
    assert v08_carer(v08("Bran", skills={"First aid": 3}), self_care=True).bonus == 2
    with pytest.raises(RulesError, match="has no First aid skill"):
        v08_carer(v08("Oaf"))
    rec = record(2, tended=True)  # target 10 + 2 = 12
    e = v08_weekly_healing(state(rec), t(8, 10), 2, carer=v08_carer(NURSE))
    assert (e.total, e.outcome) == (12 + 4 + 2, "healed")
    assert "Nurse caring +4 → one wound healed" in describe(e, rec.state, rec.state)


def test_stuns_recover_each_morning_by_levels_of_success() -> None:
    rec = record(0, 4)  # Heavy stuns -10: target 0 + 5
    with pytest.raises(RulesError, match="day 2, 06:00"):
        v08_stun_recovery(state(rec), t(2, 5), 10)
    e = v08_stun_recovery(state(rec), t(2, 6), 4)  # 16 against 5: two levels
    assert (e.target, e.healed) == (5, 2)
    rec.push(e)
    assert state(rec).stuns == 2
    with pytest.raises(RulesError, match="day 3, 06:00"):
        v08_stun_recovery(state(rec), t(2, 20), 10)
    fumble = v08_stun_recovery(state(rec), t(3, 6), 1)
    assert fumble.healed == 0


def test_rest_clears_fatigue_and_sleep_exhaustion_by_half_health() -> None:
    rec = record(patient=v08("Bran", fatigue_short=1, fatigue_long=3))
    rec.push(Rest(at=t(1, 11), length="short"))
    assert (state(rec).fatigue_short, state(rec).fatigue_long) == (0, 3)
    rec.push(Rest(at=t(2, 6), length="night"))
    assert state(rec).fatigue_long == 1  # Health 3: two levels of exhaustion


def test_classic_and_08_entries_do_not_mix() -> None:
    rec = record(2)
    classic_rec = HealingRecord(HealingStart(patient=classic("Aldric", wounds=2), at=START))
    assert not isinstance(classic_rec.state, V08Patient)
    aid = first_aid(classic_rec.state, START, [5, 5],
                    healer=classic("Mara", skills={"First aid": 100}))
    with pytest.raises(RulesError, match="first_aid is a classic rule; Bran is a 0.8 patient"):
        rec.push(aid)
    with pytest.raises(RulesError, match="0.8 rule"):
        classic_rec.push(v08_first_aid(state(rec), START, 10, healer=NURSE))
    with pytest.raises(RulesError, match="Nurse is a 0.8 character"):
        carer_help(v08("Nurse", skills={"Chirurgery": 3}), "Chirurgery", [5, 5])
    with pytest.raises(RulesError, match="classic rule"):
        rec.push(Override(at=START, recovery_days=3, reason="x"))
