"""Random sequences of classic declarations with special attacks, missiles, mounts
and their rolls never break the invariants of issue 3: refused events leave the
log unchanged, tracks never overflow, undo returns to the start and a replay of
the log gives the same state."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from tests.rules.builders import classic
from tests.rules.combat.machine import LogMachine
from tests.rules.combat.specials_helpers import BOW_T, KNIFE_T, SHIELD, SWORD, aldric, bandit
from yags_desk.rules.combat.attack_classic import resolve_attack, roll_dice
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.events import (
    SPECIAL_ATTACKS,
    AddCombatant,
    Check,
    Declare,
    EndRound,
    SetCondition,
)
from yags_desk.rules.combat.mounted_classic import fall_check, riding_check
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.specials_classic import berserk_check, break_check, disarm_check
from yags_desk.rules.combat.state import CHECK_RULES
from yags_desk.rules.dice import roll_2d10x
from yags_desk.rules.errors import RulesError

IDS = ("ragnar", "bandit", "archer")
STYLES = {
    "ragnar": ("Single weapon: Long sword", "Brawling"),
    "bandit": ("Single weapon: Short sword", "Brawling"),
    "archer": ("Bow: Bow", "Brawling: Knife", "Brawling"),
}


def roster() -> list[AddCombatant]:
    ragnar = classic("Ragnar", strength=13, stamina=16, will=6, advantages=("Berserker",),
                     skills={"Berserk": 125, "Single weapon": 100, "Riding": 50,
                             "Athletics": 50}, weapons=(SWORD,), shield=SHIELD)
    archer = classic("Archer", perception=12, skills={"Bow": 100, "Brawling": 50},
                     weapons=(BOW_T, KNIFE_T))
    return [AddCombatant(id=fid, name=c.name, side=fid, character=c)
            for fid, c in (("ragnar", ragnar), ("bandit", bandit()), ("archer", archer),
                           ("aldric", aldric()))]


class SpecialsMachine(LogMachine):
    def __init__(self) -> None:
        super().__init__("classic", roster())

    def _made(self, build: object) -> None:
        """Push what a procedure builds; a refusal leaves the log unchanged."""
        before = (self.log.events, self.log.state)
        try:
            event = build()  # type: ignore[operator]
        except RulesError:
            assert (self.log.events, self.log.state) == before
            return
        self._try(event)

    @rule(fid=st.sampled_from(IDS), foe=st.sampled_from((*IDS, "aldric")),
          special=st.sampled_from((None, *SPECIAL_ATTACKS)), subdue=st.booleans(),
          style=st.integers(0, 2), range_m=st.integers(0, 130))
    def declare(self, fid: str, foe: str, special: str | None, subdue: bool, style: int,
                range_m: int) -> None:
        label = STYLES[fid][style % len(STYLES[fid])]
        missile = label.startswith("Bow")
        self._try(Declare(id=fid, target=foe, style=label, special=special,  # type: ignore[arg-type]
                          subdue=subdue, action="missile" if missile else "attack",
                          range_m=range_m if missile else None))

    @rule(fid=st.sampled_from(IDS), foe=st.sampled_from((*IDS, "aldric")),
          seed=st.integers(0, 10**6), defending=st.booleans(), crowd=st.booleans(),
          as_declared=st.booleans())
    def attack(self, fid: str, foe: str, seed: int, defending: bool, crowd: bool,
               as_declared: bool) -> None:
        f = self.log.state.fighter(fid)
        if as_declared and f.declaration is not None and f.declaration.target:
            foe = f.declaration.target
        style = f.declaration.style if f.declaration and f.declaration.style else "Brawling"
        close = tuple(i for i in IDS if i not in (fid, foe))[:1] if crowd else ()
        rng = random.Random(seed)
        if f.declaration is not None and f.declaration.target == foe:
            try:
                declared_attack_odds(self.log.state, fid, close=close)
            except RulesError:
                pass
        self._made(lambda: resolve_attack(self.log.state, fid, foe, style,
                                          roll_dice(rng, defending, len(close)), close=close))

    @rule(fid=st.sampled_from(IDS), foe=st.sampled_from((*IDS, "aldric")),
          special=st.sampled_from((None, *SPECIAL_ATTACKS)), subdue=st.booleans(),
          seed=st.integers(0, 10**6))
    def declare_and_attack(self, fid: str, foe: str, special: str | None, subdue: bool,
                           seed: int) -> None:
        """A melee declaration followed at once by its attack, so specials are struck."""
        n = len(self.log.events)
        self.declare(fid, foe, special, subdue, 0, 10)
        if len(self.log.events) > n:
            self.attack(fid, foe, seed, True, False, True)

    @rule(fid=st.sampled_from(IDS), seed=st.integers(0, 10**6),
          kind=st.sampled_from(["disarm", "break_weapon", "berserk", "riding", "fall"]))
    def roll_check(self, fid: str, seed: int, kind: str) -> None:
        rng = random.Random(seed)
        a, b = roll_2d10x(rng), roll_2d10x(rng)
        state = self.log.state
        build = {
            "disarm": lambda: disarm_check(state, fid, a, b),
            "break_weapon": lambda: break_check(state, fid, a),
            "berserk": lambda: berserk_check(state, fid, a),
            "riding": lambda: riding_check(state, fid, a),
            "fall": lambda: fall_check(state, fid, a, b),
        }[kind]
        self._made(build)

    @precondition(lambda self: not self.log.state.fighter("ragnar").has("mounted"))
    @rule()
    def mount(self) -> None:
        self._try(SetCondition(id="ragnar", condition="mounted"))

    @rule()
    def waive_and_end_round(self) -> None:
        for p in (*self.log.state.pending, *end_of_round_due(self.log.state)):
            self._try(Check(id=p.id, kind=p.kind, outcome="waived by the GM: test"))  # type: ignore[arg-type]
        self._try(EndRound())

    @invariant()
    def tracks_and_pending_are_sound(self) -> None:
        state = self.log.state
        for f in state.fighters.values():
            assert 0 <= f.wounds <= f.body_capacity()
            assert 0 <= f.fatigue_short + f.fatigue_long <= f.fatigue_capacity()
            assert all(s in ("damaged", "broken", "dropped") for _, s in f.weapons_state)
        for p in state.pending:
            assert p.kind in CHECK_RULES and not state.fighter(p.id).dead



TestSpecialsMachine = SpecialsMachine.TestCase
TestSpecialsMachine.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
