"""initiative_modifiers (what a classic fighter's initiative adds, issue 18) is the
initiative part of attack_modifiers, in the same order, for every special, berserk,
preparing, a mount and a missile style (RULES 1.9, 1.11)."""

from __future__ import annotations

import pytest

from tests.rules.builders import classic
from tests.rules.combat.specials_helpers import BOW_T, SWORD, bandit, board
from yags_desk.rules.combat.declare import declared_style
from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.modifiers_classic import attack_modifiers, initiative_modifiers
from yags_desk.rules.combat.state import replace

LS = "Single weapon: Long sword"
BOW = "Bow: Bow"


@pytest.mark.parametrize("special", [None, "all_out", "defensive", "piercing",
                                     "killing_blow", "disarm", "subdue"])
@pytest.mark.parametrize("conditions", [(), (("prepared", 1),), (("mounted", None),),
                                        (("prepared", 1), ("mounted", None))])
@pytest.mark.parametrize("berserk", [0, 24])
@pytest.mark.parametrize("missile", [False, True])
def test_initiative_part_of_the_attack_modifiers(special: str | None,
                                                 conditions: tuple[tuple[str, int | None], ...],
                                                 berserk: int, missile: bool) -> None:
    rider = classic("Rider", agility=14, strength=13,
                    skills={"Single weapon": 100, "Riding": 125, "Bow": 100},
                    weapons=(SWORD, BOW_T))
    log = board(("rider", rider), ("bandit", bandit()))
    if missile:
        decl = Declare(id="rider", action="missile", target="bandit", style=BOW, range_m=10,
                       special="aim" if special is None else None)
    else:
        decl = Declare(id="rider", target="bandit", style=LS, special=special)
    state = log.state
    f = replace(state.fighter("rider"), declaration=decl, conditions=conditions,
                berserk_total=berserk)
    state = state._with(f)
    s = declared_style(state, f, decl.style)
    assert initiative_modifiers(state, "rider", s) == attack_modifiers(
        state, "rider", style=s).initiative
