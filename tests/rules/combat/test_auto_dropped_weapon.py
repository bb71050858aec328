"""0.8 automatic play after a fighter lost its weapon (RULES 1.9 disarm, 3.2 Oops!,
3.3 limb injuries): the automatic declaration picks a style it can still use
(the Orc's bare-handed Brawl), instead of its best style with the dropped
weapon, which the rules refuse; before, Auto-resolve stopped with that error."""

from __future__ import annotations

import random

from tests.rules.combat import v08_setup
from yags_desk.rules.combat.events import Declare, EndRound
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.state import CombatState, replace
from yags_desk.rules.combat.steps import auto_declaration


def _orc_without_dagger() -> CombatState:
    state = v08_setup.fight().state
    orc = state.fighter("orc")
    return state._with(replace(orc, weapons_state=(("Dagger", "dropped"),)))


def test_the_automatic_declaration_uses_a_style_still_in_hand() -> None:
    decl = auto_declaration(_orc_without_dagger(), "orc")
    assert decl is not None and decl.style == "Brawl"  # not "Brawl: Dagger"


def test_the_automatic_round_runs_when_a_weapon_was_dropped() -> None:
    events = auto_round_v08(_orc_without_dagger(), random.Random(1))
    [orc] = [e for e in events if isinstance(e, Declare) and e.id == "orc"]
    assert orc.style == "Brawl"
    assert isinstance(events[-1], EndRound)
