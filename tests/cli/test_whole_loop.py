"""The whole loop in both editions (issue 16 item 7): a fight with typed dice,
``yags-desk apply-results`` into the character files, ``yags-desk heal`` over
several days, and the character file at the end.

Every number is worked out here from RULES 1.6 and 1.10 (classic) or RULES 2
and reference/yags-0.8/combat/combat-wounds.yags (0.8); the seeded dice are
checked first so a change of dice is not mistaken for a change of rules.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic, v08
from tests.rules.combat.test_attack_classic import HEAVY_LEATHER
from tests.rules.combat.test_attack_classic import dice as classic_dice
from tests.rules.combat.v08_setup import BRENNA, DAGGER, ORC, SWORD
from tests.rules.combat.v08_setup import dice as v08_dice
from yags_desk.cli import main
from yags_desk.rules.character import Character, WornArmour
from yags_desk.rules.combat.attack_classic import resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import Declare, Initiative
from yags_desk.rules.dice import roll_2d10x, roll_d20
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Combatant, Encounter, encounter_log, new_encounter
from yags_desk.storage.library import Library


def _file(path: Path) -> Character:
    model = read_document(path, "character").model
    assert isinstance(model, Character)
    return model


def _play(encounter: Encounter, play) -> Encounter:  # type: ignore[no-untyped-def]
    """The encounter with the events ``play`` pushes onto its log (as the board does)."""
    log = encounter_log(encounter)
    start = len(log.events)
    play(log)
    return encounter.model_copy(update={"events": tuple(log.events[start:])})


def _apply(library: Library, encounter: Encounter,
           capsys: pytest.CaptureFixture[str]) -> str:
    saved = library.save_encounter(encounter)
    assert main(["apply-results", str(saved)]) == 0
    return capsys.readouterr().out


def test_classic_fight_results_and_healing_reach_the_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    library = Library.open()
    # Aldric: Stamina 10, soak 17 with half heavy leather (see test_attack_classic).
    aldric = classic("Aldric", strength=13, skills={"Single weapon": 100},
                     weapons=(LONG_SWORD,),
                     armour=(WornArmour(item=HEAVY_LEATHER, coverage="half"),))
    bandit = classic("Bandit", strength=11, dexterity=12,
                     skills={"Single weapon": 100}, weapons=(SHORT_SWORD,)
                     ).model_copy(update={"kind": "npc"})
    # Elin: Dexterity and Intelligence 10, First aid 50%, Chirurgery 40%.
    elin = classic("Elin", skills={"First aid": 50, "Chirurgery": 40})
    aldric_path = library.save_character(aldric)
    library.save_character(bandit)
    elin_path = library.save_character(elin)
    encounter = new_encounter("Ambush at the ford", "classic", (
        Combatant(id="aldric", name="Aldric", side="party", character=aldric),
        Combatant(id="bandit", name="Bandit", side="bandits", character=bandit)))

    def fight(log) -> None:  # type: ignore[no-untyped-def]
        # Short sword: 12 + 4 + (5+6) = 27 against 10 + 5 + (2+2) = 19, a hit;
        # damage 11 + 7 + (6+7) = 31 - soak 17 = 14: 11-15 is 3 levels (RULES 1.6).
        log.push(resolve_attack(log.state, "bandit", "aldric", "Single weapon: Short sword",
                                classic_dice((5, 6), (2, 2), (6, 7))))

    out = _apply(library, _play(encounter, fight), capsys)
    # Three levels fill Hurt, Light and Medium: Medium (-4).
    assert "Wounds: Unhurt \u2192 Medium (-4), 3 levels" in out
    assert _file(aldric_path).wounds == 3

    rng = random.Random(1)
    assert [roll_2d10x(rng).dice for _ in range(4)] == [(3, 10, 2), (5, 2), (8, 8), (8, 7)]
    assert main(["heal", str(aldric_path), "--days", "5", "--carer", str(elin_path),
                 "--seed", "1", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)["entries"]
    assert [e["kind"] for e in entries] == ["first_aid", "recovery_roll", "recovery_end",
                                            "light_check"]
    aid, medium, end, light = entries
    # RULES 1.10 first aid: Dexterity 10 x 50% = 5 + 3+10+2 = 20 against Medium 15.
    assert (aid["total"], aid["target"], aid["success"]) == (20, 15, True)
    # Carer on Medium needs Chirurgery: 10 x 40% = 4 + 5+2 = 11, half 5 to the
    # patient: Stamina 10 + 5 + 8+8 = 31, the Medium 30+ column: 1 day.
    assert (medium["carer"]["bonus"], medium["total"], medium["days"]) == (5, 31, 1)
    # Day 2: Medium drops one category to Light (2 levels).
    assert end["at"] == {"day": 2, "hour": 0}
    # Light after a night's rest: carer First aid 5 + 8+7 = 20, half 10;
    # Stamina 10 + 10 + 4+2 = 26 against 15: healed.
    assert (light["carer"]["bonus"], light["total"], light["success"]) == (10, 26, True)
    after = _file(aldric_path)
    assert (after.wounds, after.fatigue_short, after.fatigue_long) == (0, 0, 0)
    # Nothing but the tracks was touched by the loop.
    assert after.model_dump(exclude={"wounds"}) == aldric.model_dump(exclude={"wounds"})


def test_08_fight_results_and_healing_reach_the_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    library = Library.open()
    # Brenna: Health 3, soak 12, Broad sword defence 4 x 4 + 3 = 19 (v08_setup).
    brenna = BRENNA.character
    orc = ORC.character.model_copy(update={"kind": "npc"})
    # Elin: Intelligence 3, First aid 3.
    elin = v08("Elin", skills={"First aid": 3})
    brenna_path = library.save_character(brenna)
    library.save_character(orc)
    elin_path = library.save_character(elin)
    encounter = new_encounter("Orc at the gate", "0.8", (
        Combatant(id="brenna", name="Brenna", side="party", character=brenna),
        Combatant(id="orc", name="Orc", side="orcs", character=orc)))

    def fight(log) -> None:  # type: ignore[no-untyped-def]
        log.push(Initiative(id="brenna", dice=(14,), total=30))
        log.push(Initiative(id="orc", dice=(8,), total=20))
        log.push(Declare(id="orc", action="attack", target="brenna", style=DAGGER,
                         defences=1))
        log.push(Declare(id="brenna", action="attack", target="orc", style=SWORD,
                         defences=1))
        # Dagger: 3 x 3 + 2 + 20 = 31 against 19 + 1, counted as 15 (a natural 1
        # fumbles the defence); damage 4 + 4 + 20 = 28 - soak 12 = 16:
        # 1 + 16 // 5 = 4 levels of mixed damage, alternately stuns and wounds:
        # 2 stuns and 2 wounds (RULES 2).
        log.push(resolve_attack_v08(log.state, "orc", "brenna", v08_dice(20, 1, 20)))

    out = _apply(library, _play(encounter, fight), capsys)
    assert "Wounds: Okay \u2192 Light (-3), 2 wounds" in out
    assert "Stuns: Okay \u2192 Light (2)" in out
    assert (_file(brenna_path).wounds, _file(brenna_path).stuns) == (2, 2)

    rng = random.Random(3)
    assert [roll_d20(rng) for _ in range(3)] == [8, 19, 18]
    assert main(["heal", str(brenna_path), "--days", "10", "--carer", str(elin_path),
                 "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # First aid on the wounds: 3 x 3 = 9 + 8 = 17 against 10 + (3 + 3) / 2 = 13:
    # stabilised (short of 23, the good success that would heal one).
    assert lines[1].startswith("  Day 1, 00:00: Elin gives first aid to Brenna's wounds: "
                               "17 against 13")
    # First aid on the stuns: 9 + 19 = 28 against 0 + 3: success and two more
    # levels by 10s; the two stuns go.
    assert lines[2].startswith("  Day 1, 00:00: Elin gives first aid to Brenna's stuns: "
                               "28 against 3")
    assert "2 stuns healed" in lines[2]
    # A week later: Health 3 x 4 = 12 + 18 + carer's First aid 3 = 33 against
    # 10 + Light 3 / 2 rounded up = 12: one wound heals (Minor).
    assert lines[3].startswith("  Day 8, 00:00: Weekly healing for Brenna: 33 against 12")
    assert lines[4] == "Now: Minor (+0), stable."
    after = _file(brenna_path)
    assert (after.wounds, after.stuns) == (1, 0)
    assert after.model_dump(exclude={"wounds"}) == brenna.model_dump(exclude={"wounds"})
