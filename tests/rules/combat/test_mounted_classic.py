"""Mounted fighters and falls with fixed dice (RULES 1.11)."""

from __future__ import annotations

import pytest

from tests.rules.builders import CHAIN, classic
from tests.rules.combat.specials_helpers import (
    BOW_T,
    SWORD,
    bandit,
    board,
    declare,
    dice,
    pushed,
    roll,
    sentence,
)
from yags_desk.rules.character import Character, WornArmour
from yags_desk.rules.combat.attack_classic import resolve_attack
from yags_desk.rules.combat.events import EndRound, SetCondition
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.modifiers_classic import attack_modifiers, defence_modifiers
from yags_desk.rules.combat.mounted_classic import fall_check, riding_check
from yags_desk.rules.errors import RulesError

LS = "Single weapon: Long sword"
SS = "Single weapon: Short sword"
MOUNTED = "Mounted: ¼ × Agility × Riding%"


def rider(agility: int, riding: int, **kw: object) -> Character:
    return classic("Rider", agility=agility, strength=13,
                   skills={"Single weapon": 100, "Riding": riding, "Bow": 100},
                   weapons=(SWORD, BOW_T), **kw)


def mounted(agility: int, riding: int) -> CombatLog:
    log = board(("rider", rider(agility, riding)), ("bandit", bandit()))
    log.push(SetCondition(id="rider", condition="mounted"))
    return log


def test_mounted_bonus_a_quarter_of_agility_times_riding_in_melee_only() -> None:
    log = mounted(13, 125)  # 13 × 125% / 4 = 4 (rounded down once)
    declare(log, "rider", "bandit", LS)
    m = attack_modifiers(log.state, "rider")
    assert m.attack == m.initiative == m.defence == ((MOUNTED, 4),)
    e = resolve_attack(log.state, "rider", "bandit", LS, dice((5, 5)))
    assert e.attack_total == 10 + 5 + 4 + 10
    # The bandit's sword meets the rider's defence 15 + 4; an arrow does not.
    back = resolve_attack(log.state, "bandit", "rider", SS, dice((5, 5), (2, 2)))
    assert back.defence_total == 15 + 4 + 4
    assert defence_modifiers(log.state, "rider", missile=True) == ()
    log.push(EndRound())
    declare(log, "rider", "bandit", "Bow: Bow", action="missile", range_m=10)
    assert attack_modifiers(log.state, "rider").attack == ()


def test_a_rider_at_100_percent_needs_no_riding_roll() -> None:
    log = mounted(13, 125)
    with pytest.raises(RulesError, match=r"100% or better and needs no riding roll"):
        riding_check(log.state, "rider", roll(5, 5))
    resolve_attack(log.state, "rider", "bandit", LS, dice((5, 5)))


def test_under_100_percent_the_riding_roll_comes_before_the_attack() -> None:
    log = mounted(8, 50)  # riding roll 8 × 50% = 4 + 2d10! against 10; bonus 1
    with pytest.raises(RulesError, match=r"must make the riding roll before attacking"):
        resolve_attack(log.state, "rider", "bandit", LS, dice((5, 5)))
    other = mounted(8, 50)
    other.push(riding_check(other.state, "rider", roll(3, 4)))
    attack = resolve_attack(other.state, "rider", "bandit", LS, dice((5, 5)))
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=r"riding roll before attacking \(RULES 1\.11\)"):
        log.push(attack)  # the reducer refuses it too
    assert (log.events, log.state) == before
    c = pushed(log, riding_check(log.state, "rider", roll(3, 4)))
    assert (c.total, c.target, c.passed) == (11, 10, True)
    assert sentence(log) == "Rider's riding roll: 11 against 10 (dice 3 4) → keeps control " \
                            "and may attack."
    with pytest.raises(RulesError, match="already made this round's riding roll"):
        riding_check(log.state, "rider", roll(3, 4))
    log.push(attack)


def test_a_failed_riding_roll_loses_the_attack_for_the_round() -> None:
    log = mounted(8, 50)
    c = pushed(log, riding_check(log.state, "rider", roll(2, 2)))  # 8 < 10
    assert not c.passed and not c.fumble and c.outcome == "loses this round's attack"
    with pytest.raises(RulesError, match=r"lost this round's attack .*RULES 1\.11"):
        resolve_attack(log.state, "rider", "bandit", LS, dice((5, 5)))
    log.push(EndRound())
    r = log.state.fighter("rider")
    assert not r.has("lost_attack") and r.has("mounted")
    with pytest.raises(RulesError, match="must make the riding roll"):
        resolve_attack(log.state, "rider", "bandit", LS, dice((5, 5)))


def test_a_fumbled_riding_roll_is_a_fall_that_must_be_rolled() -> None:
    log = mounted(8, 50)
    c = pushed(log, riding_check(log.state, "rider", roll(1, 1)))
    assert c.fumble and c.outcome == "falls from the mount (2 m) and loses this round's attack"
    r = log.state.fighter("rider")
    assert not r.has("mounted") and r.has("lost_attack")
    [p] = log.state.pending
    assert (p.kind, p.amount) == ("fall", 2)
    with pytest.raises(RulesError, match="falling roll .* must be rolled or waived"):
        log.push(EndRound())
    # Agility 8 × Athletics 0% + 10 = 10: two full 5s cancel both metres
    f = pushed(log, fall_check(log.state, "rider", roll(5, 5)))
    assert (f.total, f.target, f.passed, f.outcome) == (10, 10, True, "lands safely (2 m)")
    assert log.state.fighter("rider").has("prone") and log.state.pending == ()
    log.push(EndRound())


def faller() -> CombatLog:
    """Strength 13 (base soak 13) in full chain mail, which a fall ignores;
    Agility 10 × Athletics 100%."""
    c = classic("Faller", strength=13, skills={"Athletics": 100, "Swimming": 100},
                armour=(WornArmour(item=CHAIN, coverage="full"),))
    return board(("faller", c))


@pytest.mark.parametrize(("metres", "rolled", "damage", "levels", "outcome"), [
    (6, (5, 5), (3, 4), 0, "2 of 6 m left: damage 11 − base soak 13 = -2 → no harm"),
    (20, (5, 5), (3, 4), 6, "16 of 20 m left: damage 39 − base soak 13 = 26 → 6 levels"),
    # a fumble cancels nothing; 2 × 40 = 80 is capped at 50
    (40, (1, 2), (5, 5), 10, "40 of 40 m left: damage 60 − base soak 13 = 47 → 10 levels"),
])
def test_falling_damage(metres: int, rolled: tuple[int, ...], damage: tuple[int, ...],
                        levels: int, outcome: str) -> None:
    log = faller()
    c = pushed(log, fall_check(log.state, "faller", roll(*rolled), roll(*damage),
                               metres=metres))
    assert c.outcome == outcome and not c.passed
    f = log.state.fighter("faller")
    assert f.wounds + f.levels_beyond == levels and f.has("prone")


def test_fall_sentence_and_a_fatal_fall_needs_its_roll() -> None:
    log = faller()
    pushed(log, fall_check(log.state, "faller", roll(5, 5), roll(3, 4), metres=20))
    assert sentence(log) == ("Faller's falling roll: 20 against 100 (dice 5 5) → 16 of 20 m "
                             "left: damage 39 − base soak 13 = 26 → 6 levels "
                             "(damage dice 3 4).")
    assert [p.kind for p in log.state.pending] == ["fatal"]


def test_falling_into_water_uses_swimming_a_metre_per_3() -> None:
    log = faller()
    c = fall_check(log.state, "faller", roll(5, 5), metres=6, water=True)  # 20 // 3 = 6
    assert c.passed and c.target == 18
    with pytest.raises(RulesError, match=r"damage: 2 m of the fall are left; roll 2d10!"):
        fall_check(log.state, "faller", roll(5, 5), metres=6)
    with pytest.raises(RulesError, match="metres: say how far the fall is"):
        fall_check(log.state, "faller", roll(5, 5))


def test_riding_roll_refusals() -> None:
    log = board(("rider", rider(10, 50)), ("bandit", bandit()))
    with pytest.raises(RulesError, match=r"not mounted; no riding roll \(RULES 1\.11\)"):
        riding_check(log.state, "rider", roll(5, 5))
