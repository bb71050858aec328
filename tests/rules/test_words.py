"""Counts read as a GM reads them: "1 stun", "2 stuns", never "1 stuns" or "1 stun(s)"."""

from __future__ import annotations

import pytest

from tests.rules.builders import v08
from tests.rules.combat import v08_setup
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, Initiative, Stuns
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional.objects import door
from yags_desk.rules.combat.sentences import rounds_text
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.clock import days_text
from yags_desk.rules.tracks import wound_level
from yags_desk.rules.words import counted, noun


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert [counted(n, "wound") for n in (0, 1, 2)] == ["0 wounds", "1 wound", "2 wounds"]
    assert (noun(1, "die", "dice"), noun(3, "die", "dice")) == ("die", "dice")
    assert (rounds_text(1), rounds_text(2), days_text(1), days_text(7)) == (
        "1 round", "2 rounds", "1 day", "7 days")


@pytest.mark.parametrize(("blow", "words"), [(1, "a blow of 1 stun:"), (2, "a blow of 2 stuns:")])
def test_a_blow_of_stuns_in_the_combat_log(blow: int, words: str) -> None:
    log = v08_setup.fight()
    log.push(Stuns(id="brenna", levels=blow))
    assert words in v08_setup.last_sentence(log)


@pytest.mark.parametrize(("agility", "words"), [(1, "at most 1 defence "),
                                                (2, "at most 2 defences ")])
def test_the_most_defences_a_fighter_may_declare(agility: int, words: str) -> None:
    log = CombatLog("0.8")
    log.push(AddCombatant(id="a", name="Ann", side="x", row=1, character=v08(
        "Ann", agility=agility, perception=agility, skills={"Brawl": 2})))
    log.push(Initiative(id="a", dice=(5,), total=20))
    with pytest.raises(RulesError, match=words):
        log.push(Declare(id="a", action="other", defences=agility + 2))


@pytest.mark.parametrize(("dice", "words"), [((3,), "rolls 2d6; 1 die given"),
                                             ((3, 3, 3), "rolls 2d6; 3 dice given")])
def test_a_door_rolled_with_the_wrong_number_of_dice(dice: tuple[int, ...], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        door("plain_wood", 1, dice)


def test_a_sheet_wound_level() -> None:
    assert wound_level("0.8", (), 1) == "Minor, 1 wound"
    assert wound_level("0.8", (), 2).endswith(", 2 wounds")



def test_defended_against_one_attacker() -> None:
    log = v08_setup.fight()
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD, 1)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    log.push(resolve_attack_v08(log.state, "orc", "brenna", v08_setup.dice(5, 5)))
    with pytest.raises(RulesError, match="already defended against 1 attacker this round"):
        log.push(Declare(id="brenna", action="attack", target="orc", style=v08_setup.SWORD,
                         defences=0))
