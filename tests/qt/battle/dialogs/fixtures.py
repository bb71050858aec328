"""States from the sample encounters (resources/sample_library/encounters) for the
dialog tests: the classic ford ambush and the 0.8 sparring match."""

from __future__ import annotations

from pathlib import Path

from yags_desk.rules.combat.checks_v08 import roll_initiative_v08
from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.dice import d20_from_typed
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Encounter, encounter_log

__all__ = ["BOW", "BRAWL", "BROAD", "SHORT", "SWORD_SHIELD", "ford", "sample_log", "sparring"]

FOLDER = Path(__file__).resolve().parents[4] / "resources" / "sample_library" / "encounters"
SWORD_SHIELD = "Weapon and shield: Long sword + Round shield"
BOW = "Bow: Bow"
BROAD = "Single weapon: Broad sword"
SHORT = "Single weapon: Short sword"
BRAWL = "Brawl"


def sample_log(name: str) -> CombatLog:
    encounter = read_document(FOLDER / f"{name}.json", "encounter").model
    assert isinstance(encounter, Encounter)
    return encounter_log(encounter)


def ford() -> CombatLog:
    """Aldric attacks Bandit 1 with sword and shield; Archer 1 shoots Aldric at 30 m."""
    log = sample_log("ford-ambush")
    log.push(Declare(id="aldric", action="attack", target="bandit-1", style=SWORD_SHIELD))
    log.push(Declare(id="bandit-1", action="attack", target="aldric",
                     style="Two weapons: Short sword + Dagger"))
    log.push(Declare(id="archer-1", action="missile", target="aldric", style=BOW, range_m=30))
    return log


def sparring() -> CombatLog:
    """Brenna (initiative 12 on the d20) and Kestrel (8) attack each other, one defence each."""
    log = sample_log("sparring")
    log.push(roll_initiative_v08(log.state, "brenna", d20_from_typed(12)))
    log.push(roll_initiative_v08(log.state, "kestrel", d20_from_typed(8)))
    log.push(Declare(id="brenna", action="attack", target="kestrel", style=BROAD, defences=1))
    log.push(Declare(id="kestrel", action="attack", target="brenna", style=SHORT, defences=1))
    return log
