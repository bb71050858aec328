"""Classic checks (RULES 1.6, 1.7, 1.10) with fixed dice, through the log."""

from __future__ import annotations

import pytest

from tests.rules.builders import SHORT_SWORD, classic
from yags_desk.rules.combat.checks_classic import (
    all_due,
    dying_due,
    first_aid,
    kill_helpless,
    resolve_check,
    waive,
)
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    EndRound,
    SetCondition,
    Wound,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import RulesOptions


def fight(stamina: int = 10, options: RulesOptions | None = None, minor: bool = False,
          **kw: int) -> CombatLog:
    log = CombatLog("classic", options=options or RulesOptions())
    log.push(AddCombatant(id="aldric", name="Aldric", side="party", character=classic(
        "Aldric", stamina=stamina, skills={"Single weapon": 100, "First aid": 100},
        weapons=(SHORT_SWORD,), **kw)))
    log.push(AddCombatant(id="bandit", name="Bandit", side="foes", minor=minor,
                          character=classic("Bandit", stamina=stamina, skills={
                              "Single weapon": 100}, weapons=(SHORT_SWORD,))))
    return log


def to_fatal(log: CombatLog, fid: str = "aldric") -> None:
    """Two blows of 3 levels: Fatal with the ordinary fumble chance 5."""
    log.push(Wound(id=fid, levels=3))
    log.push(Wound(id=fid, levels=3))


def roll(log: CombatLog, dice: tuple[int, ...], fid: str = "aldric", kind: str = "",
         **kw: bool) -> str:
    [p] = [p for p in all_due(log.state) if p.id == fid and kind in ("", p.kind)]
    log.push(resolve_check(log.state, p, typed(dice), **kw))
    n = len(log.events) - 1
    return describe(log.events[n], log.state_before(n), log.state)


def test_reaching_critical_calls_for_a_consciousness_roll() -> None:
    log = fight()
    log.push(Wound(id="aldric", levels=4))  # Serious: no roll
    assert log.state.pending == ()
    log.push(Wound(id="aldric", levels=1))  # Critical
    [p] = log.state.pending
    assert (p.kind, p.target, p.fumble_chance) == ("critical", 20, 5)
    with pytest.raises(RulesError, match="Critical consciousness roll .* before the round"):
        log.push(EndRound())
    # Stamina 10 + 6 + 4 = 20: stays conscious
    assert roll(log, (6, 4)) == ("Aldric's Critical consciousness roll: 20 against 20 "
                                 "(dice 6 4) → stays conscious.")
    assert log.state.fighter("aldric").can_act
    log.push(EndRound())


@pytest.mark.parametrize(("dice", "conscious"), [((5, 4), False), ((2, 3), False),
                                                 ((10, 9, 3), True)])
def test_critical_roll_fails_below_20_or_on_a_fumble_of_5(dice: tuple[int, ...],
                                                          conscious: bool) -> None:
    log = fight(stamina=30)  # 30 + (2, 3) = 35, but 2 + 3 = 5 fumbles
    log.push(Wound(id="aldric", levels=5))
    if dice == (5, 4):
        log = fight(stamina=10)  # 10 + 9 = 19 < 20
        log.push(Wound(id="aldric", levels=5))
    roll(log, dice)
    assert log.state.fighter("aldric").can_act is conscious


def test_minor_npc_drops_at_critical_when_the_gm_says_so() -> None:
    log = fight(options=RulesOptions(minor_npcs_drop_at_critical=True), minor=True)
    log.push(Wound(id="bandit", levels=5))
    assert log.state.pending == () and log.state.fighter("bandit").has("unconscious")
    log = fight(minor=True)  # option off: the roll as usual
    log.push(Wound(id="bandit", levels=5))
    assert [p.kind for p in log.state.pending] == ["critical"]


def test_straight_to_fatal_rolls_only_the_fatal_roll() -> None:
    log = fight()
    to_fatal(log)  # Medium -> Fatal, skipping Critical
    assert [p.kind for p in log.state.pending] == ["fatal"]
    assert log.state.pending[0].fumble_chance == 5


@pytest.mark.parametrize(("dice", "result"), [
    ((5, 4), "dies"),                       # 10 + 9 = 19 < 20
    ((6, 4), "lives, unconscious"),         # 20
    ((9, 9), "lives, unconscious"),         # 28
])
def test_fatal_roll_bands(dice: tuple[int, ...], result: str) -> None:
    log = fight()
    to_fatal(log)
    text = roll(log, dice)
    assert text.endswith(f"→ {result}.")
    a = log.state.fighter("aldric")
    assert a.dead is (result == "dies")


def test_fatal_roll_30_stays_conscious_and_fumbles_kill() -> None:
    log = fight(stamina=20)
    to_fatal(log)
    roll(log, (6, 4))  # 20 + 10 = 30
    assert log.state.fighter("aldric").can_act
    log = fight(stamina=40)
    to_fatal(log)
    roll(log, (2, 3))  # 45, but 5 is a fumble at chance 5: death
    assert log.state.fighter("aldric").dead


def test_fatal_fumble_chance_10_for_one_blow_of_six_and_plus_2_per_level_beyond() -> None:
    log = fight()
    log.push(Wound(id="aldric", levels=8))  # one blow of 8: Fatal and 2 beyond
    [p] = log.state.pending
    assert p.fumble_chance == 10 + 2 * 2
    log = fight(stamina=30)
    to_fatal(log)
    roll(log, (5, 5))  # conscious at Fatal
    log.push(Wound(id="aldric", levels=1))  # a new wound while Fatal: 1 beyond
    [p] = log.state.pending
    assert (p.kind, p.fumble_chance) == ("fatal", 5 + 2)


def test_unconscious_through_fatal_rolls_each_minute_until_tended() -> None:
    log = fight()
    to_fatal(log)
    roll(log, (6, 4))  # unconscious, dying
    [d] = dying_due(log.state)
    assert (d.target, d.fumble_chance) == (20, 4)
    log.push(resolve_check(log.state, d, typed((6, 5))))  # 21: survives the minute
    assert not log.state.fighter("aldric").dead
    # The bandit tends him: Dexterity 10 x 0% + dice vs Fatal 25
    log.push(Declare(id="bandit", action="other"))
    with pytest.raises(RulesError, match="cannot give first aid"):
        first_aid(log.state, "aldric", "bandit", typed((5, 5)))
    log.push(SetCondition(id="bandit", condition="unconscious"))
    log2 = fight()
    to_fatal(log2, "bandit")
    roll(log2, (6, 4), fid="bandit")
    e = first_aid(log2.state, "aldric", "bandit", typed((10, 1, 4)))  # 10 + 15 = 25
    assert e.passed and e.target == 25
    log2.push(e)
    assert dying_due(log2.state) == []
    log3 = fight()
    to_fatal(log3)
    roll(log3, (6, 4))
    [d] = dying_due(log3.state)
    log3.push(resolve_check(log3.state, d, typed((1, 3))))  # 4: fumble chance 4
    assert log3.state.fighter("aldric").dead


def test_conscious_fatal_fighter_rolls_at_later_round_ends_only() -> None:
    log = fight(stamina=20)
    to_fatal(log)
    roll(log, (6, 4))  # 30: conscious
    assert end_of_round_due(log.state) == []  # not in the round it happened
    log.push(EndRound())
    [p] = end_of_round_due(log.state)
    assert p.kind == "fatal_round"
    with pytest.raises(RulesError, match="end-of-round Fatal roll"):
        log.push(EndRound())
    # Lay still this round: a failure only knocks him out.
    log.push(Declare(id="aldric", action="rest"))
    text = roll(log, (3, 3))  # 26 against 20, no fumble (6 > 5)
    assert "lies still and stays conscious" in text
    log.push(EndRound())
    log.push(Declare(id="aldric", action="rest"))
    roll(log, (1, 2), kind="fatal_round")  # fumble: lying still, only unconscious
    a = log.state.fighter("aldric")
    assert a.has("unconscious") and not a.dead


def test_exerting_fatal_fighter_can_die_at_round_end() -> None:
    log = fight(stamina=20)
    to_fatal(log)
    roll(log, (6, 4))
    log.push(EndRound())
    log.push(Declare(id="aldric", action="attack", target="bandit",
                     style="Single weapon: Short sword"))
    roll(log, (1, 2))  # fumble while exerting: death
    assert log.state.fighter("aldric").dead


def test_fatigue_roll_targets() -> None:
    log = fight()
    log.push(EndRound())
    log.push(EndRound())
    text = roll(log, (3, 3))  # 10 + 6 = 16 >= 15
    assert text.endswith("→ keeps going.")
    roll(log, (2, 2), fid="bandit")  # 14 < 15: +1 short fatigue
    assert log.state.fighter("bandit").fatigue_short == 1
    log.push(Declare(id="bandit", action="rest"))
    for _ in range(3):
        log.push(EndRound())
    targets = {p.id: p.target for p in end_of_round_due(log.state)}
    assert targets == {"aldric": 20, "bandit": 15}  # the bandit rested in round 3


def test_fatigue_roll_takes_load_and_fatigue_penalties() -> None:
    log = fight(other_load=14)  # load 16 (sword 2 + 14) vs Strength 10: -3
    log.push(EndRound())
    log.push(EndRound())
    [p] = [p for p in end_of_round_due(log.state) if p.id == "aldric"]
    e = resolve_check(log.state, p, typed((4, 4)))  # 10 - 3 + 8 = 15
    assert e.total == 15 and e.passed


def test_killing_the_helpless_at_the_end_of_the_round() -> None:
    log = fight()
    with pytest.raises(RulesError, match="not helpless"):
        log.push(Declare(id="aldric", action="kill_helpless", target="bandit"))
    log.push(SetCondition(id="bandit", condition="unconscious"))
    log.push(Declare(id="aldric", action="kill_helpless", target="bandit"))
    [p] = end_of_round_due(log.state)
    assert p.kind == "killing_blow"
    log.push(kill_helpless(log.state, "aldric"))
    assert log.state.fighter("bandit").dead
    n = len(log.events) - 1
    assert describe(log.events[n], log.state_before(n), log.state) == (
        "Aldric's killing blow: kills the helpless Bandit.")
    log.push(EndRound())


def test_gm_waives_a_check_with_a_reason() -> None:
    log = fight()
    log.push(Wound(id="aldric", levels=5))
    [p] = log.state.pending
    with pytest.raises(RulesError, match="reason"):
        waive(log.state, p, " ")
    log.push(waive(log.state, p, "hero's luck"))
    log.push(EndRound())
    assert log.state.round == 2 and log.state.fighter("aldric").can_act


def test_survival_roll_penalties_are_an_option() -> None:
    log = fight(options=RulesOptions(classic_survival_penalties=True))
    log.push(Wound(id="aldric", levels=5))
    [p] = log.state.pending
    assert resolve_check(log.state, p, typed((10, 5, 5))).total == 10 - 10 + 20
    log = fight()
    log.push(Wound(id="aldric", levels=5))
    [p] = log.state.pending
    assert resolve_check(log.state, p, typed((10, 5, 5))).total == 10 + 20
