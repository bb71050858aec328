"""0.8 rules the core used to leave out (issue 14 item 4), each in a scripted
fight with typed d20s; the numbers are worked out here from RULES 2 and
``reference/yags-0.8/combat/combat-melee.yags``.

Giant: Strength 4, Dexterity 3, Great weapon 3, Great sword (+8 / +4 / +16,
Strength 6, two-handed, heavy). Two hands make its Strength count as 4 + 2 = 6
and the Great weapon skill lowers the need to 4: no penalty.
Attack 3 x 3 + 8 = 17; damage twice Strength 2 x 4 + 16 = 24.
The Orc (soak 12, Agility 3, Brawl 3, dagger) declares no defence against it,
so it faces the passive 15.
"""

from __future__ import annotations

from tests.rules.builders import GREAT_SWORD, V08_DAGGER, v08, v08_weapon
from tests.rules.combat.v08_setup import dice, last_sentence
from yags_desk.rules.character import Character, WornArmour
from yags_desk.rules.combat.armour_v08 import armour_effect
from yags_desk.rules.combat.attack_v08 import attack_modifiers_v08, resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Declare, Initiative
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.phase_v08 import speed
from yags_desk.rules.derived import derive
from yags_desk.rules.items import Armour

GREAT = "Great weapon: Great sword"


def giant_fight(armour: tuple[Armour, ...] = (), attacker: Character | None = None,
                style: str = GREAT) -> CombatLog:
    log = CombatLog("0.8")
    log.push(AddCombatant(id="giant", name="Giant", side="party", row=1, character=(
        attacker or v08("Giant", strength=4, dexterity=3, skills={"Great weapon": 3},
                        weapons=(GREAT_SWORD,)))))
    log.push(AddCombatant(id="orc", name="Orc", side="orcs", row=2, character=v08(
        "Orc", skills={"Brawl": 3}, weapons=(V08_DAGGER,),
        armour=tuple(WornArmour(item=a) for a in armour))))
    log.push(Initiative(id="giant", dice=(10,), total=22))
    log.push(Initiative(id="orc", dice=(5,), total=17))
    log.push(Declare(id="orc", action="attack", target="giant", style="Brawl: Dagger",
                     defences=0))
    log.push(Declare(id="giant", action="attack", target="orc", style=style, defences=1))
    return log


def test_two_handed_weapon_adds_twice_strength_to_damage() -> None:
    log = giant_fight()
    style = log.state.fighter("giant").derived(log.state.options).style(GREAT)
    assert style.damage.total == 2 * 4 + 16
    # 17 + 10 = 27 against the passive 15; damage 24 + 5 = 29 - 12 = 17 -> 1 + 3 = 4
    e = resolve_attack_v08(log.state, "giant", "orc", dice(10, None, 5))
    assert (e.attack_total, e.defence_total, e.damage_total, e.soak, e.levels) == (
        27, 15, 29, 12, 4)
    log.push(e)
    assert log.state.fighter("orc").wounds == 4


def test_odds_of_a_two_handed_blow_count_twice_strength() -> None:
    odds = declared_attack_odds_v08(giant_fight().state, "giant")
    # Every face but the fumbling 1 hits (17 + 2 >= 15). Net damage 12 + d20:
    # 13-14 -> 3 levels, 15-19 -> 4, 20-24 -> 5, 25-29 -> 6, 30-32 -> 7+.
    hit = 19 / 20
    expected = {"3": 2, "4": 5, "5": 5, "6": 5, "7+": 3}
    for key, faces in expected.items():
        assert abs(odds.outcomes[key] - hit * faces / 20) < 1e-9, key
    assert odds.outcomes["2"] == 0


# --- armour against the kind of blow (combat-melee.yags, Properties of armour) ---
# The pieces as equipment/fantasy-armour.yags lists them.


def _armour(name: str, protection: int, covers: tuple[str, ...], *props: str) -> Armour:
    return Armour(id=name.lower().replace(" ", "-"), name=name, edition="0.8",
                  protection=protection, load=1, covers=covers, properties=props)


HAUBERK = _armour("Mail hauberk", 6, ("torso", "arms", "groin", "thighs"), "mail", "heavy")
MAIL_SHIRT = _armour("Mail shirt", 4, ("torso", "groin"), "mail", "heavy")
GAMBESON = _armour("Gambeson", 3, ("torso", "arms", "groin"), "light", "soft")
TROUSERS = _armour("Leather trousers", 1, ("groin", "legs"), "light")

SPEAR = v08_weapon("Spear", 3, 3, 10, 2, 2, "single", props=("impaling",))
MACE = v08_weapon("Mace", 3, 1, 10, 3, 2, "single", props=("crushing",))
KNIFE = v08_weapon("Knife", 1, 0, 3, 1, 0.5, "brawl", props=("light",))


def fighter(weapon_: object, skill: str) -> Character:
    """Strength 3, Dexterity 3, Agility 3, skill 3 with the one weapon."""
    return v08("Soldier", skills={skill: 3}, weapons=(weapon_,))  # type: ignore[arg-type]


def test_impaling_spear_halves_mail() -> None:
    # Attack 3 x 3 + 3 = 12; damage 3 + 10 = 13. Hauberk 6 halved: soak 12 + 3 = 15.
    log = giant_fight((HAUBERK,), fighter(SPEAR, "Single weapon"), "Single weapon: Spear")
    # 12 + 10 = 22 against 15; 13 + 12 = 25 - 15 = 10 -> 1 + 2 = 3 wounds (not 25 - 18 -> 2)
    e = resolve_attack_v08(log.state, "giant", "orc", dice(10, None, 12))
    assert (e.soak, e.levels, e.damage_kind) == (15, 3, "wounds")
    assert ("soak: Mail hauberk halved against impaling", -3) in e.modifiers


def test_heavy_weapon_halves_a_light_suit() -> None:
    # Gambeson 3 + trousers 1 = 4, a light suit: halved to 2, soak 14.
    log = giant_fight((GAMBESON, TROUSERS))
    # 24 + 5 = 29 - 14 = 15 -> 1 + 3 = 4 wounds (not 29 - 16 = 13 -> 3)
    e = resolve_attack_v08(log.state, "giant", "orc", dice(10, None, 5))
    assert (e.soak, e.levels) == (14, 4)
    log.push(e)
    assert log.state.fighter("orc").wounds == 4


def test_heavy_weapon_keeps_full_soak_against_a_heavy_suit() -> None:
    e = resolve_attack_v08(giant_fight((HAUBERK,)).state, "giant", "orc", dice(10, None, 5))
    assert (e.soak, e.levels) == (18, 3)  # 29 - 18 = 11 -> 3


def test_light_weapon_against_a_heavy_suit_does_mixed_instead_of_wounds() -> None:
    # Brawl: Agility 3 x 3 + 1 = 10; damage 3 + 3 = 6. Hauberk covers torso and arms:
    # heavy suit, soak 18. 10 + 10 = 20 >= 15; 6 + 20 = 26 - 18 = 8 -> 2 levels,
    # mixed: 1 stun then 1 wound.
    log = giant_fight((HAUBERK,), fighter(KNIFE, "Brawl"), "Brawl: Knife")
    e = resolve_attack_v08(log.state, "giant", "orc", dice(10, None, 20))
    assert (e.soak, e.levels, e.damage_kind) == (18, 2, "mixed")
    log.push(e)
    orc = log.state.fighter("orc")
    assert (orc.wounds, orc.stuns) == (1, 1)


def test_mail_shirt_alone_is_a_light_suit_so_the_knife_still_wounds() -> None:
    # Heavy only on torso and groin: neither arms nor legs, so the suit is light.
    # Soak 12 + 4 = 16; 6 + 20 = 26 - 16 = 10 -> 3 wounds.
    log = giant_fight((MAIL_SHIRT,), fighter(KNIFE, "Brawl"), "Brawl: Knife")
    e = resolve_attack_v08(log.state, "giant", "orc", dice(10, None, 20))
    assert (e.soak, e.levels, e.damage_kind) == (16, 3, "wounds")


def test_crushing_blow_within_5_of_soak_does_one_level_one_kind_worse() -> None:
    # Mace: attack 3 x 3 + 3 = 12, damage 13; hauberk soak 18 (mail is not halved by a
    # mace). d20 1: 14, four short of 18 -> 1 level, wounds made mixed: 1 stun.
    log = giant_fight((HAUBERK,), fighter(MACE, "Single weapon"), "Single weapon: Mace")
    e = resolve_attack_v08(log.state, "giant", "orc", dice(10, None, 1))
    assert (e.damage_total, e.soak, e.levels, e.damage_kind) == (14, 18, 1, "mixed")
    log.push(e)
    orc = log.state.fighter("orc")
    assert (orc.wounds, orc.stuns) == (0, 1)
    assert last_sentence(log).startswith(
        "Giant attacks Orc and hits: 22 against 15 (passive); damage 14 − soak 18 = -4 → "
        "1 level mixed: 1 stun + 0 wounds")


def test_odds_count_the_crushing_near_miss() -> None:
    log = giant_fight((HAUBERK,), fighter(MACE, "Single weapon"), "Single weapon: Mace")
    odds = declared_attack_odds_v08(log.state, "giant")
    # Hits on 3..20 (12 + 3 = 15): 18 faces. Damage 13 + d20 - 18 = d20 - 5:
    # faces 1-4 crushing near miss -> 1, 5-9 -> 1, 10-14 -> 2, 15-19 -> 3, 20 -> 4.
    hit = 18 / 20
    assert odds.outcomes["no_damage"] == 0
    for key, faces in {"1": 9, "2": 5, "3": 5, "4": 1}.items():
        assert abs(odds.outcomes[key] - hit * faces / 20) < 1e-9, key


def test_soft_armour_doubles_against_stuns_and_halves_against_impaling() -> None:
    fists_log = giant_fight((GAMBESON,), fighter(KNIFE, "Brawl"), "Brawl")
    assert attack_modifiers_v08(fists_log.state, "giant", "orc").soak == 12 + 6
    spear_log = giant_fight((GAMBESON,), fighter(SPEAR, "Single weapon"),
                            "Single weapon: Spear")
    assert attack_modifiers_v08(spear_log.state, "giant", "orc").soak == 12 + 1


def test_firearms_halve_armour_unless_bullet_proof() -> None:
    gun = v08_weapon("Pistol", 0, 0, 10, 1, 1, "thrown", props=("firearm",),
                     kind="missile")
    vest = _armour("Kevlar vest", 6, ("torso",), "bulletproof")
    worn = (WornArmour(item=MAIL_SHIRT), WornArmour(item=vest))
    assert armour_effect(worn, gun, "wounds", False).soak_change == -2


def test_thrusting_weapon_counts_as_impaling_only_with_both_hands() -> None:
    pike = v08_weapon("Pike", 2, 2, 12, 3, 4, "longshaft", props=("thrusting",))
    worn = (WornArmour(item=HAUBERK),)
    assert armour_effect(worn, pike, "wounds", True).soak_change == -3
    assert armour_effect(worn, pike, "wounds", False).soak_change == 0


def test_odds_equal_the_resolution_over_every_face_against_armour() -> None:
    cases = [((HAUBERK,), fighter(MACE, "Single weapon"), "Single weapon: Mace"),
             ((HAUBERK,), fighter(KNIFE, "Brawl"), "Brawl: Knife"),
             ((GAMBESON, TROUSERS), None, GREAT),
             ((HAUBERK,), fighter(SPEAR, "Single weapon"), "Single weapon: Spear")]
    for armour, attacker, style in cases:
        log = giant_fight(armour, attacker, style)
        odds = declared_attack_odds_v08(log.state, "giant")
        counted = dict.fromkeys(odds.outcomes, 0.0)
        for a in range(1, 21):
            for d in range(1, 21):
                e = resolve_attack_v08(log.state, "giant", "orc", dice(a, None, d))
                key = ("miss" if not e.hit else "no_damage" if not e.levels
                       else str(e.levels) if e.levels < 7 else "7+")
                counted[key] += 1 / 400
        for key, p in odds.outcomes.items():
            assert abs(p - counted[key]) < 1e-9, (style, key)


# --- load above Strength raises the fumble chance (combat.yags, Armour) ---------


def loaded_giant() -> Character:
    # Strength 4; hauberk load 7 + great sword 3 = 10: above 4, within 4 x 4 = 16:
    # light encumbrance (-0 Agility), fumble chance 1 + 1 = 2 [decision].
    return v08("Giant", strength=4, dexterity=3, skills={"Great weapon": 3},
               weapons=(GREAT_SWORD,), armour=(WornArmour(item=_HEAVY_HAUBERK),))


_HEAVY_HAUBERK = Armour(id="mail-hauberk", name="Mail hauberk", edition="0.8", protection=6,
                        load=7, covers=("torso", "arms"), properties=("mail", "heavy"))


def test_load_above_strength_makes_a_2_fumble() -> None:
    log = giant_fight(attacker=loaded_giant())
    # 17 + 2 = 19 would beat the passive 15, but 2 is within the fumble chance.
    e = resolve_attack_v08(log.state, "giant", "orc", dice(2, None, 10))
    assert e.attack_fumble and not e.hit
    odds = declared_attack_odds_v08(log.state, "giant")
    assert abs(odds.attack_fumble - 2 / 20) < 1e-9 and abs(odds.hit - 18 / 20) < 1e-9
    style = log.state.fighter("giant").derived(log.state.options).style(GREAT)
    assert style.fumble_chance == 2  # the printed sheet says "fumble 2" on the style


def test_load_within_strength_fumbles_on_1_only() -> None:
    e = resolve_attack_v08(giant_fight().state, "giant", "orc", dice(2, None, 10))
    assert e.hit and not e.attack_fumble


# --- the fatigue track (core.md Movement; combat-wounds.yags Fatigue) -----------


def test_fatigue_shortens_move_so_five_metres_make_the_attack_slow() -> None:
    # Size 5 + Strength 3 + Agility 3 + 1 = 12; two fatigue levels take 2 x 2 off: 8.
    # Half Move is 4 m, so a 5 m move before the attack leaves only a slow attack
    # (RULES 2 movement); fresh, half of 12 is 6 and the attack stays normal.
    for fatigue, move, phase in ((2, 8, "slow"), (0, 12, "normal")):
        log = CombatLog("0.8")
        log.push(AddCombatant(id="runner", name="Runner", side="party", row=1, character=v08(
            "Runner", skills={"Single weapon": 3}, weapons=(SPEAR,), fatigue_short=fatigue)))
        log.push(AddCombatant(id="orc", name="Orc", side="orcs", row=2,
                              character=v08("Orc", skills={"Brawl": 3})))
        log.push(Initiative(id="runner", dice=(10,), total=22))
        log.push(Initiative(id="orc", dice=(5,), total=17))
        log.push(Declare(id="runner", action="attack", target="orc",
                         style="Single weapon: Spear", defences=1, move_m=5))
        runner = log.state.fighter("runner")
        d = runner.derived(log.state.options)
        assert d.move is not None and d.move.total == move
        assert speed(log.state, runner) == phase


def test_fatigue_never_takes_move_below_1() -> None:
    d = derive(v08("Worn out", fatigue_short=3, fatigue_long=3))
    assert d.move is not None and d.move.total == 1
