"""The healing record: a worked case across sessions, undo and redo, what is due, and
a hypothesis machine for the invariants (issue 3, part 4)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from pydantic import ValidationError

from tests.rules.builders import classic, v08
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import (
    ClassicPatient,
    Entry,
    GameTime,
    HealingRecord,
    HealingStart,
    HurtCheck,
    Note,
    Override,
    Patient,
    Rest,
    V08Patient,
    carer_help,
    describe,
    due,
    dying_roll,
    end_recovery,
    first_aid,
    hurt_check,
    light_check,
    recovery_roll,
    untended_fatigue,
    v08_carer,
    v08_first_aid,
    v08_health_check,
    v08_infection,
    v08_stun_recovery,
    v08_weekly_healing,
)

MARA = classic("Mara", skills={"First aid": 100, "Chirurgery": 100})
NURSE = v08("Nurse", skills={"First aid": 4})


def t(day: int, hour: int) -> GameTime:
    return GameTime(day=day, hour=hour)


def cp(rec: HealingRecord) -> ClassicPatient:
    assert isinstance(rec.state, ClassicPatient)
    return rec.state


def save(rec: HealingRecord) -> str:
    return json.dumps(rec.to_json())


def log(rec: HealingRecord) -> list[str]:
    return [describe(e, rec.state_before(i), rec.state_after(i))
            for i, e in enumerate(rec.entries)]


def test_worked_case_across_three_sessions() -> None:
    """Aldric ends a fight Serious on day 3 at 14:00 and heals over two weeks."""
    start = HealingStart(patient=classic("Aldric", wounds=4), at=t(3, 14))
    rec = HealingRecord(start)
    # Session 1: two hours pass before Mara reaches him.
    rec.push(untended_fatigue(cp(rec), t(3, 16)))
    rec.push(first_aid(cp(rec), t(3, 16), [6, 5], healer=MARA))  # 10 + 11 = 21 against 20
    care = carer_help(MARA, "Chirurgery", [7, 6], patients=2)  # 23: half 11, shared: 5
    rec.push(recovery_roll(cp(rec), t(3, 17), [4, 4], carer=care))  # 10 + 8 + 5 = 23
    rec.push(Rest(at=t(4, 7), length="night"))
    assert (cp(rec).fatigue_long, cp(rec).period.days) == (0, 10)  # type: ignore[union-attr]
    [item] = due(cp(rec), t(4, 8))
    assert (item.kind, item.ready) == ("recovery_end", False)
    assert item.text == "Recovery from Serious: 10 days, ends day 13, 17:00 (RULES 1.10)"

    # Session 2: loaded from the saved file.
    rec = HealingRecord.from_json(json.loads(save(rec)))
    assert due(cp(rec), t(13, 17))[0].ready
    rec.push(end_recovery(cp(rec), t(13, 18)))
    assert cp(rec).category == "Medium"
    rec.push(recovery_roll(cp(rec), t(13, 18), [9, 9]))  # 28: 2 days

    # Session 3.
    rec = HealingRecord.from_json(json.loads(save(rec)))
    rec.push(end_recovery(cp(rec), t(15, 18)))
    assert cp(rec).category == "Light"
    assert due(cp(rec), t(15, 19))[0].text.startswith("Light check due at day 16, 06:00")
    rec.push(light_check(cp(rec), t(16, 6), [2, 1]))  # fumbled
    rec.push(light_check(cp(rec), t(17, 6), [3, 4]))  # 17
    assert cp(rec).wounds == 0 and due(cp(rec), t(17, 7)) == ()
    assert log(rec) == [
        "Day 3, 16:00: 2 hours untended: Aldric gains 2 long-term fatigue (now 0 short, 2 long).",
        "Day 3, 16:00: Mara gives first aid to Aldric's Serious wounds: 21 against 20 "
        "(dice 6 5) → tended.",
        "Day 3, 17:00: Recovery roll for Aldric's Serious wounds: 23 (dice 4 4), Mara's "
        "Chirurgery 23, half shared by 2: +5 → 10 days, ends day 13, 17:00.",
        "Day 4, 07:00: Aldric takes a night's sleep: Serious (-7), tended.",
        "Day 13, 18:00: Aldric's recovery from Serious ends: Medium (-4), tended.",
        "Day 13, 18:00: Recovery roll for Aldric's Medium wounds: 28 (dice 9 9) → 2 days, "
        "ends day 15, 18:00.",
        "Day 15, 18:00: Aldric's recovery from Medium ends: Light (-2), tended.",
        "Day 16, 06:00: Light check for Aldric: 13 against 15 (dice 2 1, fumbled) → not yet; "
        "next check at day 17, 06:00.",
        "Day 17, 06:00: Light check for Aldric: 17 against 15 (dice 3 4) → healed.",
    ]
    again = HealingRecord.from_json(json.loads(save(rec)))
    assert again.state == rec.state and again.entries == rec.entries


def test_08_case_saved_and_loaded() -> None:
    rec = HealingRecord(HealingStart(patient=v08("Bran", wounds=3, stuns=3), at=t(1, 20)))
    rec.push(v08_first_aid(rec.state, t(1, 20), 9, healer=NURSE))  # type: ignore[arg-type]
    rec.push(v08_first_aid(rec.state, t(1, 20), 6, "stuns",  # type: ignore[arg-type]
                           healer=NURSE))
    rec.push(v08_stun_recovery(rec.state, t(2, 6), 10))  # type: ignore[arg-type]
    rec.push(v08_weekly_healing(rec.state, t(8, 20), 10,  # type: ignore[arg-type]
                                carer=v08_carer(NURSE)))
    loaded = HealingRecord.from_json(json.loads(save(rec)))
    assert loaded.state == rec.state
    s = loaded.state
    assert isinstance(s, V08Patient) and (s.wounds, s.stuns, s.tended) == (2, 0, True)


def test_undo_everything_returns_the_start_and_redo_replays() -> None:
    rec = HealingRecord(HealingStart(patient=classic("Aldric", wounds=1), at=t(1, 9)))
    start = rec.state
    rec.push(first_aid(cp(rec), t(1, 9), [5, 5], healer=MARA))
    rec.push(hurt_check(cp(rec), t(1, 10), [9, 9]))
    healed = rec.state
    assert isinstance(rec.undo(), HurtCheck)
    assert rec.state.wounds == 1
    rec.undo()
    assert rec.state == start and not rec.can_undo
    with pytest.raises(RulesError, match="nothing to undo"):
        rec.undo()
    rec.redo()
    rec.redo()
    assert rec.state == healed and not rec.can_redo
    rec.undo()
    rec.push(Note(at=t(1, 10), text="rests"))
    assert not rec.can_redo
    with pytest.raises(RulesError, match="nothing to redo"):
        rec.redo()


def test_a_bad_file_names_the_entry() -> None:
    rec = HealingRecord(HealingStart(patient=classic("Aldric", wounds=4), at=t(1, 9)))
    rec.push(first_aid(cp(rec), t(1, 9), [9, 9], healer=MARA))
    rec.push(recovery_roll(cp(rec), t(1, 9), [2, 1]))  # fumbled: worse at the end
    rec.push(end_recovery(cp(rec), t(31, 9)))
    raw = rec.to_json()
    raw["entries"][2]["outcome"] = "healed"
    with pytest.raises(RulesError, match=r"entries\.2: outcome: the entry says healed, the "
                                         r"rules give worse"):
        HealingRecord.from_json(raw)
    raw["entries"][1]["total"] = 40
    with pytest.raises(ValidationError, match="total"):
        HealingRecord.from_json(raw)
    raw["entries"][0]["kind"] = "miracle"
    with pytest.raises(ValidationError):
        HealingRecord.from_json(raw)


def test_due_for_an_untended_patient() -> None:
    rec = HealingRecord(HealingStart(patient=classic("Aldric", wounds=6), at=t(1, 9),
                                     status="unconscious"))
    texts = [d.text for d in due(cp(rec), t(1, 9), MARA)]
    assert texts == [
        "First aid for Fatal wounds: Dexterity × First aid% + 2d10! against 25 (RULES 1.10)",
        "Unconscious at Fatal: stamina + 2d10! 20+ (fumble 4) each minute, or death, until "
        "first aid succeeds (RULES 1.6)",
    ]
    light = HealingRecord(HealingStart(patient=classic("Odo", wounds=2), at=t(1, 9)))
    kinds = {d.kind: d for d in due(cp(light), t(1, 12))}
    assert kinds["untended_fatigue"].text.startswith("Untended wounds: +3 long-term fatigue")


# --- Hypothesis: random entries never break the tracks; undo returns the start -----------

CLASSIC_ACTIONS: dict[str, Callable[[ClassicPatient, GameTime, random.Random], Entry]] = {
    "first aid": lambda p, at, r: first_aid(p, at, r, healer=MARA),
    "self aid": lambda p, at, r: first_aid(p, at, r),
    "untended": lambda p, at, r: untended_fatigue(p, at),
    "hurt": lambda p, at, r: hurt_check(p, at, r),
    "light": lambda p, at, r: light_check(p, at, r, carer=carer_help(MARA, "First aid", r)),
    "recovery": lambda p, at, r: recovery_roll(p, at, r, carer=carer_help(MARA, "Chirurgery",
                                                                          r, patients=2)),
    "end": lambda p, at, r: end_recovery(p, at),
    "dying": lambda p, at, r: dying_roll(p, at, r),
    "rest": lambda p, at, r: Rest(at=at, length=r.choice(["short", "night"])),
}
V08_ACTIONS: dict[str, Callable[[V08Patient, GameTime, random.Random], Entry]] = {
    "first aid": lambda p, at, r: v08_first_aid(p, at, r, healer=NURSE),
    "stun aid": lambda p, at, r: v08_first_aid(p, at, r, "stuns", healer=NURSE),
    "check": lambda p, at, r: v08_health_check(p, at, r),
    "weekly": lambda p, at, r: v08_weekly_healing(p, at, r, carer=v08_carer(NURSE)),
    "stuns": lambda p, at, r: v08_stun_recovery(p, at, r),
    "infection": lambda p, at, r: v08_infection(p, at),
    "rest": lambda p, at, r: Rest(at=at, length=r.choice(["short", "night"])),
}

# What a due item's kind calls for, as an action name above.
DUE_ACTIONS = {"first_aid": "first aid", "untended_fatigue": "untended", "hurt_check": "hurt",
               "light_check": "light", "recovery_roll": "recovery", "recovery_end": "end",
               "dying_roll": "dying", "rest": "rest", "v08_first_aid": "first aid",
               "v08_health_check": "check", "v08_weekly_healing": "weekly",
               "v08_stun_recovery": "stuns", "v08_infection": "infection"}


class HealingMachine(RuleBasedStateMachine):
    """Random valid and invalid entries for a patient of either edition."""

    def __init__(self) -> None:
        super().__init__()
        self.rec: HealingRecord | None = None
        self.time = t(1, 8)

    @initialize(edition=st.sampled_from(["classic", "0.8"]), wounds=st.integers(0, 11),
                stuns=st.integers(0, 6), tended=st.booleans(), unconscious=st.booleans(),
                boxes=st.sampled_from([(1, 1, 1, 1, 1, 1), (2, 2, 3, 1, 1, 2)]))
    def start(self, edition: str, wounds: int, stuns: int, tended: bool, unconscious: bool,
              boxes: tuple[int, int, int, int, int, int]) -> None:
        if edition == "classic":
            c = classic("Pat", wounds=min(wounds, sum(boxes)), body_boxes=boxes)
        else:
            c = v08("Pat", wounds=min(wounds, 7), stuns=stuns)
        self.rec = HealingRecord(HealingStart(patient=c, at=self.time, tended=tended,
                                              status="unconscious" if unconscious else "awake"))
        self.first = self.rec.state
        self.high = max(c.wounds, 6)

    def _push(self, make: Callable[[], Entry]) -> None:
        assert self.rec is not None
        before = (self.rec.entries, self.rec.state)
        try:
            self.rec.push(make())
        except RulesError:
            assert (self.rec.entries, self.rec.state) == before

    @rule(hours=st.sampled_from([0, 1, 3, 9, 24, 24 * 7, 24 * 40]))
    def wait(self, hours: int) -> None:
        self.time = self.time.plus(hours=hours)

    @rule()
    def wait_for_the_next_due(self) -> None:
        assert self.rec is not None
        later = [d.when for d in due(self.rec.state, self.time) if not d.ready]
        if later:
            self.time = min(later, key=lambda w: w.hours)

    @rule(action=st.sampled_from(sorted(set(CLASSIC_ACTIONS) | set(V08_ACTIONS))),
          seed=st.integers(0, 2**32))
    def act(self, action: str, seed: int) -> None:
        assert self.rec is not None
        p, r = self.rec.state, random.Random(seed)
        if isinstance(p, ClassicPatient) and action in CLASSIC_ACTIONS:
            c_action = CLASSIC_ACTIONS[action]
            self._push(lambda: c_action(p, self.time, r))
        elif isinstance(p, V08Patient) and action in V08_ACTIONS:
            v_action = V08_ACTIONS[action]
            self._push(lambda: v_action(p, self.time, r))

    @rule(pick=st.integers(0, 5), seed=st.integers(0, 2**32))
    def follow_the_due_list(self, pick: int, seed: int) -> None:
        """Do one of the things due now, as a GM following the record would."""
        assert self.rec is not None
        ready = [d for d in due(self.rec.state, self.time) if d.ready and d.kind in DUE_ACTIONS]
        if ready:
            item = ready[pick % len(ready)]
            action = DUE_ACTIONS[item.kind]
            if item.kind == "v08_first_aid" and "stuns" in item.text:
                action = "stun aid"
            self.act(action, seed)

    @rule(wounds=st.none() | st.integers(0, 12), fatigue=st.none() | st.integers(0, 7),
          tended=st.none() | st.booleans(), infected=st.none() | st.booleans())
    def override(self, wounds: int | None, fatigue: int | None, tended: bool | None,
                 infected: bool | None) -> None:
        if wounds is None and fatigue is None and tended is None and infected is None:
            return
        self._push(lambda: Override(at=self.time, wounds=wounds, fatigue_long=fatigue,
                                    tended=tended, infected=infected, reason="GM"))

    @rule()
    def undo(self) -> None:
        assert self.rec is not None
        if self.rec.can_undo:
            self.rec.undo()
            self.time = max(self.time, self.rec.state.now)

    @invariant()
    def tracks_hold(self) -> None:
        if self.rec is None:
            return
        p: Patient = self.rec.state
        assert p.fatigue_short >= 0 and p.fatigue_long >= 0
        assert p.fatigue_short + p.fatigue_long <= p.fatigue_capacity
        if isinstance(p, ClassicPatient):
            assert 0 <= p.wounds <= p.capacity
        else:
            assert 0 <= p.wounds <= max(self.high, 12) and 0 <= p.stuns <= 6
        for d in due(p, self.time):
            assert d.text

    def teardown(self) -> None:
        if self.rec is None:
            return
        replayed = HealingRecord.from_json(json.loads(save(self.rec)))
        assert replayed.state == self.rec.state
        assert len(log(self.rec)) == len(self.rec.entries)
        while self.rec.can_undo:
            self.rec.undo()
        assert self.rec.state == self.first


HealingMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=40,
                                            deadline=None)
test_healing_machine = HealingMachine.TestCase
