"""RULES 3.3 breaking things: doors on the battle board, in both editions.

Classic: Ann (Short sword, edged) attack 14, damage 17; a Club of the same
figures is blunt. A plain wood door soaks 15 blunt / 13 edge and has 2d6 damage
points per inch; iron bound 16 / 16 and 3d6. 0.8: Brenna attack 21, damage 15
(Broad sword, edged).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tests.rules.builders import classic, classic_weapon
from tests.rules.combat import v08_setup
from tests.rules.combat.test_surprised import SWORD, classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import AddCombatant, Attack, Declare, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional.objects import door, object_combatant, object_line
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.steps import fight_over
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

CLUB = classic_weapon("Club", 7, 4, 3, 7, 9, 2, "single")


def _with_door(log: CombatLog, kind: str = "plain_wood", dice: tuple[int, ...] = (4, 5),
               edition: str = "classic") -> None:
    log.push(SetOption(option="breaking_things", value=True))
    log.push(object_combatant("door", "Cellar door", "doors", edition,  # type: ignore[arg-type]
                              door(kind, 1, dice)))


def test_classic_door_takes_damage_points_past_its_edge_soak_until_broken_through() -> None:
    log = classic_pair()
    _with_door(log)  # plain wood, 2d6 typed 4 + 5 = 9 damage points
    log.push(Declare(id="ann", action="attack", target="door", style=SWORD))
    # Attack 14 + 3 + 4 = 21 against the door's passive 15 (it never defends):
    # damage 17 + 1 + 2 = 20 - edge soak 13 = 7 damage points, not body levels.
    e = resolve_attack(log.state, "ann", "door", SWORD,
                       AttackDice(typed((3, 4)), typed((9, 9)), typed((1, 2))))
    assert (e.hit, e.defence_total, e.defence_dice, e.soak, e.levels) == (True, 15, (), 13, 0)
    before = log.state
    log.push(e)
    d = log.state.fighter("door")
    assert (d.damage_points, d.wounds, d.has("broken")) == (7, 0, False)
    assert object_line(d) == ("Plain wood door: 7 of 9 damage points "
                              "(soak 15 blunt / 13 edge)")
    assert describe(e, before, log.state) == (
        "Ann hits Cellar door: 21 against 15 (an object, no defence); RULES 3.3 breaking "
        "things: damage 20 against Cellar door's edge soak 13: 7 damage points "
        "(7 of 9 damage points).")
    assert describe(log.events[1], log.state_before(1), log.state_before(2)) == (
        "Cellar door (plain wood door, 1 inch, 9 damage points, soak 15 blunt / 13 edge) is "
        "put on side doors in row 0 (RULES 3.3 breaking things).")
    # Next round: 17 + 2 + 3 = 22 - 13 = 9 more; 16 is past 9: broken through.
    from yags_desk.rules.combat.events import EndRound
    log.push(EndRound())
    log.push(Declare(id="ann", action="attack", target="door", style=SWORD))
    e2 = resolve_attack(log.state, "ann", "door", SWORD,
                        AttackDice(typed((3, 4)), None, typed((2, 3))))
    log.push(e2)
    d = log.state.fighter("door")
    assert (d.damage_points, d.has("broken")) == (16, True)
    assert "broken through" in object_line(d)
    with pytest.raises(RulesError, match="already broken through"):
        log.push(Declare(id="bo", action="attack", target="door", style=SWORD))


def test_classic_blunt_weapon_meets_the_blunt_soak() -> None:
    ann = classic("Ann", skills={"Single weapon": 100}, weapons=(CLUB,))
    log = CombatLog("classic", roster=[AddCombatant(id="ann", name="Ann", side="a",
                                                    character=ann)])
    _with_door(log, "iron_bound", (6, 6, 6))  # 18 damage points, soak 16 / 16
    _ = log
    style = "Single weapon: Club"
    e = resolve_attack(log.state, "ann", "door", style,
                       AttackDice(typed((3, 4)), None, typed((5, 5))))
    # Damage 17 + 10 = 27 - blunt soak 16 = 11 damage points.
    assert (e.soak, e.effects[0].amount) == (16, 11)

    plain = classic_pair()
    _with_door(plain)
    pe = resolve_attack(plain.state, "ann", "door", SWORD,
                        AttackDice(typed((3, 4)), None, typed((5, 5))))
    assert (pe.soak, pe.effects[0].amount) == (13, 14)  # the sword meets the edge soak


def test_an_object_is_refused_while_the_option_is_off_and_dice_are_checked() -> None:
    log = classic_pair()
    with pytest.raises(RulesError, match=r"Breaking things \(RULES 3.3\) is off"):
        log.push(object_combatant("door", "Door", "doors", "classic",
                                  door("plain_wood", 1, (3, 3))))
    assert "door" not in log.state.fighters
    with pytest.raises(RulesError, match="rolls 6d6; 2 dice given"):
        door("iron_bound", 2, (3, 3))
    with pytest.raises(RulesError, match="7 is not a d6 face"):
        door("plain_wood", 1, (3, 7))
    assert door("iron_bound", 2, (1,) * 6).damage_points == 6


def test_v08_door_takes_damage_points_and_never_counter_strikes() -> None:
    log = v08_setup.fight()
    _with_door(log, "iron_bound", (6, 6, 6), edition="0.8")  # 18 points, soak 16
    v08_setup.declare(log, "brenna", "door", v08_setup.SWORD, defences=0)
    e = resolve_attack_v08(log.state, "brenna", "door", v08_setup.dice(5, None, 10))
    # 21 + 5 = 26 against the passive 15; damage 15 + 10 = 25 - 16 = 9 damage points.
    assert (e.hit, e.defence_total, e.soak, e.levels) == (True, 15, 16, 0)
    log.push(e)
    d = log.state.fighter("door")
    assert (d.damage_points, d.wounds, d.stuns) == (9, 0, 0)
    assert not d.counter_due


def _attacks(events: Sequence[object]) -> list[Attack]:
    return [e for e in events if isinstance(e, Attack)]


def test_automatic_rounds_leave_an_undeclared_door_alone_and_it_ends_no_fight() -> None:
    log = classic_pair()
    _with_door(log)
    assert not fight_over(log.state)
    for seed in range(5):
        events, _ = auto_round(log.state, random.Random(seed))
        assert all(a.defender != "door" for a in _attacks(events))
    # Declared, the door is struck.
    log.push(Declare(id="ann", action="attack", target="door", style=SWORD))
    events, _ = auto_round(log.state, random.Random(1))
    assert any(a.defender == "door" for a in _attacks(events))
    # Bo down: Ann's side alone stands; the door keeps no fight going.
    from yags_desk.rules.combat.events import SetCondition
    log.push(SetCondition(id="bo", condition="dead"))
    assert fight_over(log.state)

    v = v08_setup.fight()
    _with_door(v, edition="0.8")
    for seed in range(5):
        assert all(a.defender != "door" for a in _attacks(auto_round_v08(v.state,
                                                                        random.Random(seed))))


def test_the_printed_encounter_gives_the_doors_damage_points() -> None:
    from yags_desk.printing.encounter_after import encounter_after
    from yags_desk.rules.options import RulesOptions
    from yags_desk.storage.encounter_file import Combatant, Encounter, encounter_log

    pair = classic_pair()
    ann, bo = (pair.state.fighter(x) for x in ("ann", "bo"))
    door_add = object_combatant("door", "Cellar door", "doors", "classic",
                                door("plain_wood", 1, (4, 5)))
    enc = Encounter(name="Cellar", edition="classic",
                    options=RulesOptions(optional=("breaking_things",)),
                    combatants=tuple(Combatant(id=f.id, name=f.name, side=f.side,
                                               character=f.character) for f in (ann, bo))
                    + (Combatant(id="door", name="Cellar door", side="doors",
                                 character=door_add.character, thing=door_add.thing),))
    log = encounter_log(enc)
    log.push(Declare(id="ann", action="attack", target="door", style=SWORD))
    log.push(resolve_attack(log.state, "ann", "door", SWORD,
                            AttackDice(typed((3, 4)), None, typed((1, 2)))))
    text = encounter_after(enc.model_copy(update={"events": log.events}))
    sides = text[text.index("<h3>doors</h3>"):text.index("Options in use")]
    assert "7 of 9 damage points" in sides and "an object" in sides  # not "Unhurt"
    assert "Unhurt" not in sides
