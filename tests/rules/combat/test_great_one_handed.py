"""RULES 1.2: a great weapon counts Strength x1.5 against its Str only when held in
both hands; used in one hand (beside a shield) it loses that (issue 14 item 4)."""

from __future__ import annotations

from tests.rules.builders import GREATSWORD, LONG_SWORD, ROUND_SHIELD, classic, classic_weapon
from yags_desk.rules.character import Character
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.events import AddCombatant, Declare
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.derived import derive
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.items import Weapon

# A great weapon the GM entered without the two-handed mark: Init +8, Attk +6,
# Defn +5, Dmg +11, Str 16.
HAND_AND_HALF = classic_weapon("Hand-and-a-half sword", 8, 6, 5, 11, 16, 5, "great", "heavy")
BOTH = "Great weapon: Hand-and-a-half sword"
ONE = "Weapon and shield: Hand-and-a-half sword + Round shield"


def hild(*weapons: Weapon) -> Character:
    return classic("Hild", strength=12, skills={"Great weapon": 100, "Weapon and shield": 100},
                   weapons=weapons or (HAND_AND_HALF,), shield=ROUND_SHIELD)


def test_both_hands_count_strength_x15_one_hand_does_not() -> None:
    d = derive(hild())
    both, one = d.style(BOTH), d.style(ONE)
    assert both.initiative and both.defence and one.initiative and one.defence
    # Both hands: Strength 12 x 1.5 = 18 >= Str 16, no penalty. Attack Dexterity 10
    # x 100% + 6 = 16; damage Strength 12 + 11 = 23; initiative Agility 10 + 8 = 18.
    assert (both.initiative.total, both.attack.total, both.defence.total,
            both.damage.total) == (18, 16, 15, 23)
    # One hand: plain Strength 12 is 4 below 16: -8 to everything (RULES 1.2).
    # Attack 10 + 6 + 2 (shield) - 8 = 10; defence 10 + 5 + 7 - 8 = 14;
    # damage 12 + 11 + 0 - 8 = 15; initiative 10 + 8 + 0 - 8 = 10.
    assert (one.initiative.total, one.attack.total, one.defence.total,
            one.damage.total) == (10, 10, 14, 15)
    assert "Strength 12 below 16" in one.attack.explain()


def test_a_two_handed_great_weapon_is_never_offered_beside_a_shield() -> None:
    d = derive(hild(GREATSWORD))
    assert [s.label for s in d.styles if s.style == "weapon_shield"] == []


def test_a_one_handed_blow_is_struck_with_plain_strength() -> None:
    # Bo: Strength 12 (soak 12, enough for the Long sword), defence 10 + 5 = 15.
    bo = classic("Bo", strength=12, skills={"Single weapon": 100}, weapons=(LONG_SWORD,))
    log = CombatLog("classic", roster=[
        AddCombatant(id="hild", name="Hild", side="a", character=hild()),
        AddCombatant(id="bo", name="Bo", side="b", character=bo)])
    log.push(Declare(id="hild", action="attack", target="bo", style=ONE))
    # Attack 10 + (5 + 6) = 21 against Bo's defence 15 + (1 + 5) = 21: a hit.
    # Damage 15 + (4 + 4) = 23 - soak 12 = 11 -> 3 body levels (RULES 1.6); held in
    # both hands the same dice would have done 23 + 8 - 12 = 19 -> 4.
    e = resolve_attack(log.state, "hild", "bo", ONE,
                       AttackDice(typed((5, 6)), typed((1, 5)), typed((4, 4))))
    assert (e.attack_total, e.defence_total, e.hit, e.damage_total, e.soak, e.levels) == (
        21, 21, True, 23, 12, 3)
