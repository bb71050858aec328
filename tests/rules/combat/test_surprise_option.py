"""RULES 3.2 surprise in the first round (option "surprise"): a combatant added as
surprised starts the fight with the "surprised" condition for round 1 only while
the option is on, in both editions; it then neither acts nor defends (the
condition's rules, test_surprised) and acts again from round 2."""

from __future__ import annotations

import pytest

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import LONG, SWORD
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, EndRound, Initiative
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import RulesOptions

SURPRISE = RulesOptions(optional=("surprise",))


def _classic(on: bool) -> CombatLog:
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(SHORT_SWORD,))
    bo = classic("Bo", skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    return CombatLog("classic", options=SURPRISE if on else RulesOptions(), roster=[
        AddCombatant(id="ann", name="Ann", side="a", character=ann),
        AddCombatant(id="bo", name="Bo", side="b", character=bo, surprised=True)])


@pytest.mark.parametrize("on", [True, False])
def test_classic_surprised_at_the_start_only_while_the_option_is_on(on: bool) -> None:
    log = _classic(on)
    assert log.state.fighter("bo").surprised is on
    if on:
        with pytest.raises(RulesError, match="Bo is surprised"):
            log.push(Declare(id="bo", action="attack", target="ann", style=LONG))
    else:
        log.push(Declare(id="bo", action="attack", target="ann", style=LONG))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Ann 14 + (3 + 4) = 21; Bo's dice 9 + 9 would defend at 11 + 18 = 29, but a
    # surprised Bo counts 15 (RULES 1.5) and is hit.
    e = resolve_attack(log.state, "ann", "bo", SWORD,
                       AttackDice(typed((3, 4)), typed((9, 9)), typed((5, 5))))
    assert (e.defence_total, e.hit) == ((15, True) if on else (29, False))
    log.push(EndRound())
    assert not log.state.fighter("bo").surprised  # round 2: it acts again
    log.push(Declare(id="bo", action="attack", target="ann", style=LONG))


def test_a_surprised_arrival_after_the_first_round_is_refused() -> None:
    log = _classic(True)
    log.push(EndRound())
    late = AddCombatant(id="cy", name="Cy", side="b", surprised=True,
                        character=classic("Cy", weapons=(SHORT_SWORD,)))
    with pytest.raises(RulesError, match="surprised: Cy joins in round 2"):
        log.push(late)
    assert "cy" not in log.state.fighters


@pytest.mark.parametrize("on", [True, False])
def test_v08_surprised_orc_takes_the_passive_15(on: bool) -> None:
    log = CombatLog("0.8", options=SURPRISE if on else RulesOptions(), roster=[
        v08_setup.BRENNA, v08_setup.ORC.model_copy(update={"surprised": True})])
    assert log.state.fighter("orc").surprised is on
    log.push(Initiative(id="brenna", dice=(14,), total=30))
    log.push(Initiative(id="orc", dice=(8,), total=20))
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    if not on:
        v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    # Brenna 21 + 2 = 23; the Orc's 11 + 15 = 26 would stop it, the passive 15 does not.
    e = resolve_attack_v08(log.state, "brenna", "orc",
                           v08_setup.dice(2, None if on else 15))
    assert (e.defence_total, e.hit) == ((15, True) if on else (26, False))
