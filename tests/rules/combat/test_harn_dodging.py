"""RULES 3.3 dodging (-4 on the first attack after a dodge; seed EML -20 / 5) and
strike recovery (a second strike in a round counts the lower of the weapon's
attack and defence bonuses), in both editions.

[decision] a dodge is an active defence with an unarmed style: classic
Brawling, 0.8 Brawl.
"""

from __future__ import annotations

from tests.rules.builders import classic
from tests.rules.combat import v08_setup
from tests.rules.combat.test_assist_hamper import SWORD as TRIO_SWORD
from tests.rules.combat.test_assist_hamper import trio
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    EndRound,
    Initiative,
    Reaction,
    SetOption,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional.assist import as_hamper, make_assist
from yags_desk.rules.dice import open_roll_from_typed as typed

BRAWL = "Brawling"
DICE = AttackDice(typed((5, 5)), typed((9, 9)), typed((5, 5)))


def _classic_dodger(on: bool) -> CombatLog:
    log = classic_pair()
    # Cat: Agility 10 x Brawling 120% = 12 to attack and defend (RULES 1.2).
    log.push(AddCombatant(id="cat", name="Cat", side="b", character=classic(
        "Cat", skills={"Brawling": 120})))
    if on:
        log.push(SetOption(option="dodging", value=True))
    log.push(Declare(id="ann", action="attack", target="cat", style=SWORD))
    log.push(Declare(id="cat", action="attack", target="ann", style=BRAWL))
    log.push(Initiative(id="ann", dice=(9, 9), total=40))
    log.push(Initiative(id="cat", dice=(1, 2), total=10))
    return log


def _classic_round(on: bool) -> tuple[int, tuple[tuple[str, int], ...], bool]:
    log = _classic_dodger(on)
    log.push(resolve_attack(log.state, "ann", "cat", SWORD,
                            AttackDice(typed((2, 2)), typed((5, 5)), typed((5, 5)))))
    dodged = log.state.fighter("cat").has("dodged")
    back = resolve_attack(log.state, "cat", "ann", BRAWL,
                          AttackDice(typed((5, 5)), typed((5, 5)), typed((5, 5))))
    back = back.model_copy(update={"counter": True})
    log.push(back)
    assert not log.state.fighter("cat").has("dodged")  # spent on that attack
    return back.attack_total, back.modifiers, dodged


def test_classic_attack_after_a_dodge_is_at_minus_4_and_not_without_the_option() -> None:
    total, mods, dodged = _classic_round(True)
    # Cat dodged Ann's attack with Brawling; striking back: 12 - 4 + 10 = 18.
    assert dodged and total == 18
    assert ("attack: RULES 3.3 dodged: first attack after a dodge", -4) in mods
    total, mods, dodged = _classic_round(False)
    assert not dodged and total == 22


def test_classic_weapon_defence_is_no_dodge() -> None:
    log = classic_pair()
    log.push(SetOption(option="dodging", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(resolve_attack(log.state, "ann", "bo", SWORD,
                            AttackDice(typed((2, 2)), typed((5, 5)), typed((5, 5)))))
    assert not log.state.fighter("bo").has("dodged")  # Bo parried with his Long sword


def _v08_dodger(on: bool) -> CombatLog:
    log = v08_setup.fight()
    if on:
        log.push(SetOption(option="dodging", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    # The Orc fights unarmed: Brawl, Agility 3 x 3 = 9 to attack and defend.
    v08_setup.declare(log, "orc", "brenna", "Brawl")
    return log


def test_v08_attack_after_a_dodge_is_at_minus_4() -> None:
    for on, expected in ((True, 9 - 4 + 10), (False, 9 + 10)):
        log = _v08_dodger(on)
        log.push(resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(2, 20, 2)))  # a miss
        assert log.state.fighter("orc").has("dodged") is on
        e = resolve_attack_v08(log.state, "orc", "brenna", v08_setup.dice(10, 10, 2))
        assert e.attack_total == expected
        log.push(e)
        assert not log.state.fighter("orc").has("dodged")


def _v08_counter(on: bool) -> int:
    log = v08_setup.fight()
    if on:
        log.push(SetOption(option="dodging", value=True))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, defences=1)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER, defences=0)
    log.push(resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(2, None, 2)))
    log.push(resolve_attack_v08(log.state, "orc", "brenna", v08_setup.dice(2, 2, 2)))
    # The Orc kept no defence for Brenna: she counter strikes, her second strike.
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, None, 2),
                           counter=True)
    if on:
        assert ("attack: RULES 3.3 strike recovery: Broad sword attack +5 counts as its "
                "defence +3", -2) in e.modifiers
    return e.attack_total


def test_v08_second_strike_in_a_round_uses_the_lower_bonus() -> None:
    # Broad sword +5 attack, +3 defence: 21 - 2 + 10 = 29 instead of 31.
    assert _v08_counter(True) == 29
    assert _v08_counter(False) == 31


RECOVERY_CLASSIC = ("attack: RULES 3.3 strike recovery: Short sword attack +4 counts as its "
                    "defence +3", -1)


def _classic_trio_on() -> CombatLog:
    log = trio()
    for option in ("dodging", "reactions", "assist_hamper"):
        log.push(SetOption(option=option, value=True))
    return log


def test_classic_first_strike_after_an_assist_keeps_the_full_bonus() -> None:
    # Cid's assist is his action but no strike: his reaction strike on Bo is his
    # first strike of the round, at Short sword +4 (14 + 10 = 24, not 23).
    log = _classic_trio_on()
    log.push(make_assist(log.state, "cid", "ann", "attack", (5, 5)))
    log.push(Reaction(id="cid", target="bo", trigger="when Bo steps in"))
    e = resolve_attack(log.state, "cid", "bo", TRIO_SWORD, DICE)
    assert RECOVERY_CLASSIC not in e.modifiers
    assert e.attack_total == 24


def test_classic_reaction_strike_then_own_attack_is_a_second_strike() -> None:
    log = _classic_trio_on()
    log.push(Declare(id="ann", action="attack", target="bo", style=TRIO_SWORD))
    log.push(Reaction(id="ann", target="bo", trigger="when Bo steps in"))
    log.push(resolve_attack(log.state, "ann", "bo", TRIO_SWORD, DICE))
    second = resolve_attack(log.state, "ann", "bo", TRIO_SWORD, DICE)
    assert RECOVERY_CLASSIC in second.modifiers
    assert second.attack_total == 23  # 14 - 1 + 10
    log.undo()  # the count follows the events: undone, the strike is a first again
    assert RECOVERY_CLASSIC not in resolve_attack(log.state, "ann", "bo", TRIO_SWORD,
                                                  DICE).modifiers
    log.redo()
    log.push(EndRound())  # a new round: counted afresh
    log.push(Declare(id="ann", action="attack", target="bo", style=TRIO_SWORD))
    assert RECOVERY_CLASSIC not in resolve_attack(log.state, "ann", "bo", TRIO_SWORD,
                                                  DICE).modifiers


def test_v08_reaction_strike_after_an_assist_is_a_first_strike() -> None:
    # The Bandit assists the Orc (its action), then reacts to Brenna: its Broad
    # sword strike is its first of the round, 14 + 10 = 24 (not 22).
    log = v08_setup.fight(bandit=True)
    for option in ("dodging", "reactions", "assist_hamper"):
        log.push(SetOption(option=option, value=True))
    log.push(make_assist(log.state, "bandit", "orc", "defence", (1,)))
    log.push(Reaction(id="bandit", target="brenna", trigger="when Brenna swings"))
    e = resolve_attack_v08(log.state, "bandit", "brenna", v08_setup.dice(10, 10))
    assert not any("strike recovery" in label for label, _ in e.modifiers)
    assert e.attack_total == 24


def test_classic_hamper_sets_and_spends_a_dodge() -> None:
    log = _classic_dodger(True)
    log.push(SetOption(option="assist_hamper", value=True))
    # Ann's hamper: 14 + 4 = 18 against Cat's Brawling 12 + 10 = 22, dodged.
    strike = resolve_attack(log.state, "ann", "cat", SWORD,
                            AttackDice(typed((2, 2)), typed((5, 5)), typed((5, 5))))
    log.push(as_hamper(log.state, strike, "attack"))
    assert log.state.fighter("cat").has("dodged")
    # Cat's hamper back is its first attack after the dodge: 12 - 4 + 10 = 18.
    back = resolve_attack(log.state, "cat", "ann", BRAWL,
                          AttackDice(typed((5, 5)), typed((5, 5)), typed((5, 5))))
    hamper = as_hamper(log.state, back.model_copy(update={"counter": True}), "defence")
    assert ("attack: RULES 3.3 dodged: first attack after a dodge", -4) in hamper.modifiers
    assert hamper.attack_total == 18
    log.push(hamper)
    assert not log.state.fighter("cat").has("dodged")  # spent by the hamper
