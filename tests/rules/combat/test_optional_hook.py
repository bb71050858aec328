"""The one place optional rules change an attack's numbers (RULES 3,
``rules/combat/optional``): a provider's attack, defence, damage and soak
changes reach the resolved attack, the exact odds and the event's record in
both editions, only while its option is on. The providers here are stand-ins;
each real rule has its own tests."""

from __future__ import annotations

import pytest

from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat import optional
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import attack_modifiers_v08, resolve_attack_v08
from yags_desk.rules.combat.events import Declare, SetOption
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.optional.base import AttackKind, OptionalMods
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.odds import attack_odds

STAND_IN = OptionalMods(attack=(("RULES 3.1 test attack", 3),),
                        defence=(("RULES 3.1 test defence", -4),),
                        damage=(("RULES 3.1 test damage", 2),), soak=(("RULES 3.1 test soak", -1),))


def _provider(state: CombatState, attacker: str, defender: str, kind: AttackKind) -> OptionalMods:
    return STAND_IN


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(optional.PROVIDERS, "back_turned", _provider)


@pytest.mark.usefixtures("stand_in")
def test_classic_attack_and_odds_take_the_providers_numbers_only_while_on() -> None:
    log = classic_pair()
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Ann attack 14, damage 17; Bo defence 11 (Long sword), soak 10 (test_surprised).
    dice = AttackDice(typed((5, 5)), typed((6, 6)), typed((5, 5)))
    off = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    assert (off.attack_total, off.defence_total, off.damage_total, off.soak) == (24, 23, 27, 10)
    log.push(SetOption(option="back_turned", value=True))
    on = resolve_attack(log.state, "ann", "bo", SWORD, dice)
    # 14 + 3 + 10 = 27 against 11 - 4 + 12 = 19; damage 17 + 2 + 10 = 29 against soak 9.
    assert (on.attack_total, on.defence_total, on.damage_total, on.soak) == (27, 19, 29, 9)
    assert ("attack: RULES 3.1 test attack", 3) in on.modifiers
    assert ("target's defence: RULES 3.1 test defence", -4) in on.modifiers
    odds = declared_attack_odds(log.state, "ann")
    assert odds.hit == pytest.approx(attack_odds("classic", 17, 7, damage=19, soak=9).hit)


@pytest.mark.usefixtures("stand_in")
def test_a_standing_classic_defence_changes_against_this_attack_only() -> None:
    log = classic_pair()
    log.push(SetOption(option="back_turned", value=True))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    first = resolve_attack(log.state, "ann", "bo", SWORD,
                           AttackDice(typed((2, 2)), typed((9, 9)), typed((5, 5))))
    log.push(first)
    # Bo rolled 11 + 18 = 29 for the round; this attacker faces 29 - 4 = 25.
    again = resolve_attack(log.state, "ann", "bo", SWORD,
                           AttackDice(typed((6, 5)), None, typed((5, 5))))
    assert (again.defence_total, again.defence_standing, again.hit) == (25, True, True)


@pytest.mark.usefixtures("stand_in")
def test_v08_attack_takes_the_providers_numbers_only_while_on() -> None:
    log = v08_setup.fight()
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    before = attack_modifiers_v08(log.state, "brenna", "orc")
    log.push(SetOption(option="back_turned", value=True))
    after = attack_modifiers_v08(log.state, "brenna", "orc")
    assert after.attack == before.attack + 3 and after.damage == before.damage + 2
    assert after.soak == before.soak - 1
    assert before.defence is not None and after.defence == before.defence - 4
    assert ("defence: RULES 3.1 test defence", -4) in after.modifiers
    e = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 10, 10))
    assert ("attack: RULES 3.1 test attack", 3) in e.modifiers
