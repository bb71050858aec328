"""Two-weapon styles stay few for a large arsenal (RULES 1.2, RULES 2; issue 12 item 14)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tests.rules.builders import (
    DAGGER,
    LONG_SWORD,
    ROUND_SHIELD,
    SHORT_SWORD,
    classic,
    classic_weapon,
    v08,
    v08_weapon,
)
from yags_desk.rules.derived import derive
from yags_desk.rules.items import Weapon


def _classic_arsenal(n: int) -> tuple[Weapon, ...]:
    # Weak clubs, so the swords added afterwards are the best weapons.
    return tuple(classic_weapon(f"Club {i}", 1, 1, 1, 1, 10, 0, "single") for i in range(n))


def _v08_arsenal(n: int) -> tuple[Weapon, ...]:
    return tuple(v08_weapon(f"Club {i}", 1, 1, 1, 1, 0, "single") for i in range(n))


def _two_weapon_labels(c: object) -> list[str]:
    return [s.label for s in derive(c).styles if s.style == "two_weapons"]  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [100, 1000])
def test_classic_arsenal_offers_few_pairs_and_the_picked_one(n: int) -> None:
    weapons = (*_classic_arsenal(n), SHORT_SWORD, LONG_SWORD)
    c = classic(strength=12, skills={"Two weapons": 50}, weapons=weapons,
                two_weapon_pairs=(("Club 7", "Club 3"),))
    labels = _two_weapon_labels(c)
    # Pairs among the four best weapons (6) and the GM's one pair, not n*(n+1)/2.
    assert len(labels) <= 6 + 1
    assert "Two weapons: Club 7 + Club 3" in labels
    # The best two (the swords) are always paired, primary as listed first.
    assert "Two weapons: Short sword + Long sword" in labels


@pytest.mark.parametrize("n", [100, 1000])
def test_v08_arsenal_offers_few_pairs_and_the_picked_one(n: int) -> None:
    sword = v08_weapon("Broad sword", 5, 3, 12, 0, 1, "single")
    axe = v08_weapon("Axe", 4, 2, 10, 0, 1, "single")
    c = v08(skills={"Two weapons": 3}, weapons=(*_v08_arsenal(n), sword, axe),
            two_weapon_pairs=(("Club 1", "Club 2"),))
    labels = _two_weapon_labels(c)
    assert len(labels) <= 6 + 1
    assert "Two weapons: Club 1 + Club 2" in labels
    assert "Two weapons: Broad sword + Axe" in labels


def test_small_arsenal_still_gets_every_pair_and_the_shield() -> None:
    c = classic(strength=12, skills={"Two weapons": 50},
                weapons=(SHORT_SWORD, LONG_SWORD, DAGGER), shield=ROUND_SHIELD)
    labels = _two_weapon_labels(c)
    assert sorted(labels) == sorted([
        "Two weapons: Short sword + Long sword", "Two weapons: Short sword + Dagger",
        "Two weapons: Long sword + Dagger", "Two weapons: Short sword + Round shield",
        "Two weapons: Long sword + Round shield", "Two weapons: Dagger + Round shield"])


def test_picked_pair_of_two_copies_and_a_stale_pair() -> None:
    c = classic(strength=12, skills={"Two weapons": 50},
                weapons=(*_classic_arsenal(10), DAGGER, DAGGER),
                two_weapon_pairs=(("Dagger", "Dagger"), ("Axe", "Dagger")))
    labels = _two_weapon_labels(c)
    assert labels.count("Two weapons: Dagger + Dagger") == 1
    # The character carries no axe: that pair is not offered.
    assert not [x for x in labels if "Axe" in x]


def test_picked_pairs_are_stored_and_checked() -> None:
    c = classic(two_weapon_pairs=(("Dagger", "Knife"),))
    again = type(c).model_validate(c.model_dump(mode="json"))
    assert again.two_weapon_pairs == (("Dagger", "Knife"),)
    assert classic().two_weapon_pairs == ()
    with pytest.raises(ValidationError, match="at most 20 two-weapon pairs"):
        classic(two_weapon_pairs=tuple(("A", "B") for _ in range(21)))
    with pytest.raises(ValidationError, match="1 to 80 characters"):
        classic(two_weapon_pairs=(("", "B"),))


def test_a_declared_pair_beyond_the_best_weapons_is_picked_and_fights() -> None:
    # Fights saved when every pair was offered declare pairs the sheet no longer
    # offers by itself; declaring one picks it (issue 12 item 14, replay of old files).
    from yags_desk.rules.combat.events import AddCombatant, Declare
    from yags_desk.rules.combat.log import CombatLog

    weapons = (*_classic_arsenal(6), SHORT_SWORD, LONG_SWORD)
    c = classic(strength=12, skills={"Two weapons": 50, "Sword": 50}, weapons=weapons)
    label = "Two weapons: Club 1 + Club 4"
    assert label not in _two_weapon_labels(c)
    foe = classic("Foe", skills={"Sword": 40}, weapons=(LONG_SWORD,))
    log = CombatLog("classic", roster=[
        AddCombatant(id="a", name="A", side="x", character=c),
        AddCombatant(id="b", name="B", side="y", character=foe)])
    log.push(Declare(id="a", action="attack", target="b", style=label))
    fighter = log.state.fighter("a")
    assert fighter.declaration is not None and fighter.declaration.style == label
    assert ("Club 1", "Club 4") in fighter.character.two_weapon_pairs
    assert label in [s.label for s in fighter.derived(log.state.options).styles]
    again = CombatLog("classic", log.events, roster=[
        AddCombatant(id="a", name="A", side="x", character=c),
        AddCombatant(id="b", name="B", side="y", character=foe)])
    assert again.state == log.state  # the saved fight replays
