"""0.8 derived values against RULES 2 and the 0.8 reference, worked by hand."""

from __future__ import annotations

import pytest

from tests.rules.builders import (
    BROAD_SWORD,
    GREAT_SWORD,
    MAIL_HAUBERK,
    V08_DAGGER,
    V08_ROUND_SHIELD,
    v08,
    v08_weapon,
)
from yags_desk.rules.character import WornArmour
from yags_desk.rules.derived import derive
from yags_desk.rules.derived_v08 import encumbrance, strength_penalty


def test_typical_human_move_soak_initiative_defences() -> None:
    d = derive(v08())
    assert d.move is not None and d.move.total == 12  # Size 5 + Str 3 + Agi 3 + 1
    assert d.soak.total == 12
    assert d.initiative is not None and d.initiative.total == 12  # Intelligence 3 x 4
    assert d.max_defences is not None and d.max_defences.total == 3  # (3 + 3) / 2


def test_max_defences_round_up() -> None:
    d = derive(v08(agility=4, perception=3))
    assert d.max_defences is not None and d.max_defences.total == 4


def test_armour_adds_to_soak() -> None:
    d = derive(v08(strength=4, armour=(WornArmour(item=MAIL_HAUBERK),)))
    assert d.soak.total == 18


@pytest.mark.parametrize("load,level,agi", [
    (3, "unencumbered", 0), (9, "light", 0), (18, "medium", -1), (36, "heavy", -2),
    (90, "extreme", -3), (200, "extreme", -3),
])
def test_encumbrance_table(load: float, level: str, agi: int) -> None:
    assert encumbrance(load, 3)[:2] == (level, agi)


def test_encumbrance_lowers_agility_for_move_and_brawl() -> None:
    d = derive(v08(other_load=12, skills={"Brawl": 2}))
    assert d.agility_penalty == -1
    assert d.move is not None and d.move.total == 11
    assert d.style("Brawl").attack.total == 2 * 2


def test_melee_attack_uses_dexterity_and_brawl_agility() -> None:
    d = derive(v08(dexterity=4, agility=2, skills={"Single weapon": 4, "Brawl": 3},
                   weapons=(BROAD_SWORD,)))
    s = d.style("Single weapon: Broad sword")
    assert (s.attack.total, s.defence.total, s.damage.total) == (16 + 5, 16 + 3, 3 + 12)
    assert d.style("Brawl").attack.total == 6
    assert d.style("Brawl").damage_kind == "stuns"


@pytest.mark.parametrize("strength,penalty", [(3, 0), (2, -5), (1, -15), (0, -1000)])
def test_strength_requirement_steps(strength: int, penalty: int) -> None:
    assert strength_penalty(BROAD_SWORD, strength, False)[0] == penalty


def test_two_handed_adds_half_strength_round_up() -> None:
    # Str 3 two-handed counts as 5; Great weapon lowers Great sword's 6 to 4.
    assert strength_penalty(GREAT_SWORD, 3, True, 2)[0] == 0
    assert strength_penalty(GREAT_SWORD, 3, True, 0)[0] == -5


def test_too_weak_weapon_is_listed_unusable_with_reason() -> None:
    # Str 1 two-handed counts as 2; Great weapon lowers 6 to 4: two short, -15.
    d = derive(v08(strength=1, weapons=(GREAT_SWORD, BROAD_SWORD), skills={"Great weapon": 2}))
    great = d.style("Great weapon: Great sword")
    assert great.usable and great.attack.total == 3 * 2 + 8 - 15
    assert d.style("Single weapon: Broad sword").attack.total == 5 - 15  # two short of 3
    # Strength 0 is three short of the Broad sword's 3: it cannot be used at all.
    s = derive(v08(strength=0, weapons=(BROAD_SWORD,))).style("Single weapon: Broad sword")
    assert not s.usable and "too weak" in s.warnings[0]


def test_weapon_and_shield_sum_bonuses() -> None:
    d = derive(v08(dexterity=4, skills={"Weapon and shield": 4},
                   weapons=(BROAD_SWORD,), shield=V08_ROUND_SHIELD))
    s = d.style("Weapon and shield: Broad sword + Round shield")
    assert (s.attack.total, s.defence.total, s.damage.total) == (16 + 7, 16 + 8, 15)


def test_two_weapons_half_second_round_up_and_heavier_needs_one_more() -> None:
    d = derive(v08(dexterity=4, skills={"Two weapons": 3}, weapons=(BROAD_SWORD, V08_DAGGER)))
    s = d.style("Two weapons: Broad sword + Dagger")
    # Broad sword +5/+3/+12 plus half of dagger +2/+2/+4 -> +1/+1/+2; Str 3 vs 3+1: -5
    assert (s.attack.total, s.defence.total, s.damage.total) == (
        12 + 5 + 1 - 5, 12 + 3 + 1 - 5, 3 + 12 + 2)


def test_wound_and_stun_penalties_add() -> None:
    # RULES 2 table: 2 wounds Light -3, 3 stuns Medium -6
    d = derive(v08(wounds=2, stuns=3, skills={"Brawl": 2}))
    assert (d.wound_penalty, d.stun_penalty, d.total_penalty) == (-3, -6, -9)
    assert d.style("Brawl").attack.total == 6 - 9


def test_dagger_does_mixed_damage_and_appears_in_both_styles() -> None:
    d = derive(v08(weapons=(V08_DAGGER,)))
    labels = [s.label for s in d.styles]
    assert "Brawl: Dagger" in labels and "Single weapon: Dagger" in labels
    assert d.style("Brawl: Dagger").damage_kind == "mixed"


def test_missile_weapon_cannot_defend() -> None:
    bow = v08_weapon("Long bow", 2, 0, 12, 3, 1, "bow", kind="missile")
    d = derive(v08(perception=4, skills={"Bow": 3}, weapons=(bow,)))
    s = d.style("Bow: Long bow")
    # combat-missile.yags, Bows: twice Strength 3, + 12.
    assert s.defence is None and s.attack.total == 12 + 2 and s.damage.total == 2 * 3 + 12
    crossbow = v08_weapon("Light crossbow", 7, 0, 10, 2, 1, "crossbow", kind="missile")
    d = derive(v08(strength=5, skills={"Crossbow": 3}, weapons=(crossbow,)))
    assert d.style("Crossbow: Light crossbow").damage.total == 10  # flat: no Strength


def test_great_class_weapon_is_not_offered_with_a_shield() -> None:
    great_club = v08_weapon("Great club", 4, 4, 9, 2, 2, "brawl", "great", damage_type="mixed")
    d = derive(v08(weapons=(great_club, BROAD_SWORD), shield=V08_ROUND_SHIELD))
    shield_styles = [s.label for s in d.styles if s.style == "weapon_shield"]
    assert shield_styles == ["Weapon and shield: Broad sword + Round shield"]


def test_older_08_penalties_are_a_selectable_option() -> None:
    from yags_desk.rules.options import RulesOptions

    c = v08(wounds=2, stuns=3)
    old = derive(c, RulesOptions(v08_old_wound_penalties=True))
    assert (old.wound_penalty, old.stun_penalty) == (-5, -10)
    assert (derive(c).wound_penalty, derive(c).stun_penalty) == (-3, -6)


def test_survivor_past_fatal_keeps_wounds_beyond_six() -> None:
    d = derive(v08(wounds=8))
    assert (d.wound_level, d.wound_penalty) == ("Fatal", -25)
