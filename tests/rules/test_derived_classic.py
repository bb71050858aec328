"""Classic derived values against RULES 1.2-1.4 and 1.9, worked by hand."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tests.rules.builders import (
    BOW,
    CHAIN,
    DAGGER,
    GREATSWORD,
    KNIFE,
    LONG_SWORD,
    ROUND_SHIELD,
    SHORT_SWORD,
    classic,
    classic_weapon,
)
from yags_desk.rules.character import WornArmour
from yags_desk.rules.derived import derive
from yags_desk.rules.derived_classic import base_soak, load_penalty
from yags_desk.rules.values import pct


def test_products_round_down_once_after_multiplying() -> None:
    # RULES 1.1: agility 13 x 125% = 16
    assert pct(13, 125) == 16
    assert pct(7, 50) == 3


@pytest.mark.parametrize("strength,soak", [
    (10, 10), (25, 25), (26, 25), (29, 25), (30, 26), (34, 26), (35, 27), (39, 27), (40, 28),
])
def test_base_soak_above_25(strength: int, soak: int) -> None:
    assert base_soak(strength) == soak


@pytest.mark.parametrize("load,penalty", [(10, 0), (11, 0), (12, -1), (13, -1), (14, -2),
                                          (21, -5)])
def test_load_penalty_per_full_two_points_over_strength(load: float, penalty: int) -> None:
    assert load_penalty(load, 10) == penalty


def test_soak_adds_armour_protection_half_or_full() -> None:
    half = derive(classic(strength=14, armour=(WornArmour(item=CHAIN, coverage="half"),)))
    full = derive(classic(strength=14, armour=(WornArmour(item=CHAIN, coverage="full"),)))
    assert (half.soak.total, full.soak.total) == (23, 28)
    assert "Chain mail (half)" in half.soak.explain()


def test_single_weapon_long_sword_typical_fighter() -> None:
    d = derive(classic(strength=12, skills={"Single weapon": 100}, weapons=(LONG_SWORD,)))
    s = d.style("Single weapon: Long sword")
    # Init = Agility x skill% + Init; Attack/Defence = Dexterity x skill% + bonus;
    # Damage = Strength + Dmg (RULES 1.2).
    assert (s.initiative.total, s.attack.total, s.defence.total, s.damage.total) == (
        16, 15, 15, 21)


def test_strength_below_requirement_costs_two_per_point_on_all_four() -> None:
    d = derive(classic(strength=10, skills={"Single weapon": 100}, weapons=(LONG_SWORD,)))
    s = d.style("Single weapon: Long sword")
    assert (s.initiative.total, s.attack.total, s.defence.total, s.damage.total) == (
        12, 11, 11, 15)
    assert "Strength 10 below 12" in s.attack.explain()


def test_great_weapon_counts_strength_one_and_a_half_against_requirement() -> None:
    ok = derive(classic(strength=16, skills={"Great weapon": 100}, weapons=(GREATSWORD,)))
    weak = derive(classic(strength=15, skills={"Great weapon": 100}, weapons=(GREATSWORD,)))
    s_ok = ok.style("Great weapon: Greatsword")
    s_weak = weak.style("Great weapon: Greatsword")
    assert s_ok.attack.total == 10 + 8  # 16 x 1.5 = 24 meets Str 24
    assert s_weak.attack.total == 10 + 8 - 4  # 15 x 1.5 = 22: two short
    assert "Strength 15 ×1.5 = 22 below 24" in s_weak.attack.explain()
    # Strength x1.5 counts only against the requirement; damage uses real Strength.
    assert s_ok.damage.total == 16 + 12


def test_weapon_and_shield_add_into_one_set() -> None:
    d = derive(classic(strength=12, skills={"Weapon and shield": 100},
                       weapons=(LONG_SWORD,), shield=ROUND_SHIELD))
    s = d.style("Weapon and shield: Long sword + Round shield")
    assert (s.initiative.total, s.attack.total, s.defence.total, s.damage.total) == (
        16, 17, 22, 21)


def test_two_weapons_adds_half_of_secondary_rounded_up() -> None:
    d = derive(classic(strength=12, skills={"Two weapons": 100},
                       weapons=(SHORT_SWORD, DAGGER)))
    s = d.style("Two weapons: Short sword + Dagger")
    # Dagger +4/+2/+3/+3 halved, rounding up: +2/+1/+2/+2
    assert (s.initiative.total, s.attack.total, s.defence.total, s.damage.total) == (
        10 + 7 + 2, 10 + 4 + 1, 10 + 3 + 2, 12 + 7 + 2)
    assert s.fumble_chance == 3


def test_shield_as_second_weapon_is_halved_and_raises_fumble_chance() -> None:
    d = derive(classic(strength=12, skills={"Two weapons": 100},
                       weapons=(SHORT_SWORD,), shield=ROUND_SHIELD))
    s = d.style("Two weapons: Short sword + Round shield")
    assert s.defence.total == 10 + 3 + 4  # half of +7, round up
    assert s.fumble_chance == 6


def test_no_two_weapon_style_without_the_skill() -> None:
    d = derive(classic(weapons=(SHORT_SWORD, DAGGER)))
    assert not [s for s in d.styles if s.style == "two_weapons"]


def test_brawling_fists_do_fatigue_and_knife_does_wounds_with_dexterity() -> None:
    d = derive(classic(agility=10, dexterity=14, skills={"Brawling": 100}, weapons=(KNIFE,)))
    fists = d.style("Brawling")
    knife = d.style("Brawling: Knife")
    assert fists.damage_kind == "fatigue" and fists.attack.total == 10
    assert knife.damage_kind == "wounds"
    assert knife.attack.total == 14 + 1  # Dexterity may replace Agility with a knife
    assert knife.initiative.total == 10 + 2  # initiative stays Agility


def test_single_weapon_may_defend_with_brawling_when_better() -> None:
    d = derive(classic(agility=16, dexterity=10, strength=12,
                       skills={"Single weapon": 50, "Brawling": 100}, weapons=(LONG_SWORD,)))
    s = d.style("Single weapon: Long sword")
    assert s.defence.total == 16 + 5  # Agility x Brawling% + Defn beats 5 + 5
    assert s.attack.total == 5 + 5


def test_wound_fatigue_and_load_penalties_add_and_skip_damage() -> None:
    base = classic(strength=12, skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    hurt = base.model_copy(update={"wounds": 3, "fatigue_short": 2, "other_load": 14})
    d = derive(hurt)
    # 3 body levels: Medium (-4); 2 fatigue: Light (-2); load 4 + 14 = 18 over 12: -3
    assert (d.wound_level, d.wound_penalty) == ("Medium", -4)
    assert (d.fatigue_level, d.fatigue_penalty) == ("Light", -2)
    assert d.load_penalty == -3 and d.total_penalty == -9
    s = d.style("Single weapon: Long sword")
    assert s.attack.total == 15 - 9
    assert s.damage.total == 21


def test_creature_with_more_boxes_per_category_fills_them_in_order() -> None:
    beast = classic(body_boxes=(2, 2, 1, 1, 1, 1), wounds=3)
    assert derive(beast).wound_level == "Light"
    assert derive(beast).body_track[:4] == ("Hurt", "Hurt", "Light", "Light")


def test_berserk_worked_example_value_before_dice() -> None:
    # RULES 1.9: Stamina 16, Will 6, Berserk 125%: 20 - 6 = 14
    c = classic(stamina=16, will=6, skills={"Berserk": 125}, advantages=("Berserker",))
    assert derive(c).berserk is not None
    assert derive(c).berserk.total == 14  # type: ignore[union-attr]
    assert derive(classic()).berserk is None


def test_berserk_roll_takes_wound_fatigue_and_load_penalties() -> None:
    c = classic(stamina=16, will=6, skills={"Berserk": 125}, advantages=("Berserker",),
                wounds=3, fatigue_short=2, other_load=20)
    # 14, Medium wounds -4, Light fatigue -2, load 20 over Strength 10: -5
    assert derive(c).berserk.total == 14 - 4 - 2 - 5  # type: ignore[union-attr]


def test_bow_uses_perception_to_hit_and_cannot_defend() -> None:
    d = derive(classic(perception=14, agility=12, strength=11, skills={"Bow": 100},
                       weapons=(BOW,)))
    s = d.style("Bow: Bow")
    assert (s.initiative.total, s.attack.total, s.damage.total) == (15, 26, 21)
    assert s.defence is None and s.ranges == (25, 50, 80, 120)


def test_invalid_strength_is_refused_naming_the_field() -> None:
    with pytest.raises(ValidationError) as e:
        classic(strength=-3)
    assert "attributes.strength" in str(e.value)


def test_wounds_beyond_track_refused() -> None:
    with pytest.raises(ValidationError, match="wounds"):
        classic(wounds=7)


def test_to_json_lists_every_style_with_how() -> None:
    d = derive(classic(strength=12, skills={"Single weapon": 100}, weapons=(LONG_SWORD,)))
    j = d.to_json()
    labels = [s["label"] for s in j["styles"]]
    assert labels == ["Brawling", "Single weapon: Long sword"]
    assert j["styles"][1]["how"]["attack"]["parts"][0] == ["Dexterity 10 × Single weapon 100%", 10]


def test_beast_natural_weapon_wounds_in_brawling() -> None:
    bite = classic_weapon("Bite", 3, 2, 0, 4, None, 0, "brawling", "natural")
    d = derive(classic(agility=15, skills={"Brawling": 100}, weapons=(bite,)))
    assert d.style("Brawling: Bite").damage_kind == "wounds"
    assert d.style("Brawling").damage_kind == "fatigue"


def test_weak_archer_loses_two_per_point_on_init_attack_and_damage() -> None:
    d = derive(classic(perception=14, agility=12, strength=8, skills={"Bow": 100},
                       weapons=(BOW,)))
    s = d.style("Bow: Bow")
    # Bow needs Strength 10: two short, -4 to initiative, attack and damage (RULES 1.2)
    assert (s.initiative.total, s.attack.total, s.damage.total) == (15 - 4, 26 - 4, 18 - 4)
    assert "Bow: Strength 8 below 10" in s.attack.explain()
