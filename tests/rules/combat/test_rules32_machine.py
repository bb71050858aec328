"""Random fights with the RULES 3.2 rules of this session on (surprise, advantage,
flee / charge / defend / assess), in both editions: refusals change nothing, undo
returns to the start and replaying the log gives the same state (machine.LogMachine);
advantage never goes below 0 and a fighter just wounded has none left."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

from tests.rules.combat import v08_setup
from tests.rules.combat.machine import LogMachine
from tests.rules.combat.test_surprised import classic_pair
from yags_desk.rules.combat.attack_classic import AttackDice
from yags_desk.rules.combat.attack_v08 import AttackDiceV08
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    Event,
    SetOption,
    StartingAdvantage,
)
from yags_desk.rules.combat.optional.actions32 import assess_check
from yags_desk.rules.combat.optional.actions32_attack import resolve_free_attack
from yags_desk.rules.combat.optional.advantage import STARTING
from yags_desk.rules.combat.steps import auto_events, next_step
from yags_desk.rules.dice import D20Roll, roll_2d10x, roll_d20
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError

RULES32 = ("surprise", "advantage", "flee_charge_defend")


class Rules32Machine(LogMachine):
    edition_name: Edition = "classic"

    def __init__(self) -> None:
        if self.edition_name == "classic":
            adds: list[Event] = [
                AddCombatant(id=f.id, name=f.name, side=f.side, character=f.character)
                for f in classic_pair().start.fighters.values()]
            setup = [*adds, *[SetOption(option=o, value=True) for o in RULES32]]
        else:
            setup = [*v08_setup.fight().events,
                     *[SetOption(option=o, value=True) for o in RULES32]]
        super().__init__(self.edition_name, setup)

    def _ids(self) -> list[str]:
        return list(self.log.state.fighters)

    @rule(who=st.integers(0, 9), foe=st.integers(0, 9),
          manoeuvre=st.sampled_from((None, "charge", "defend", "flee", "assess")))
    def declare(self, who: int, foe: int, manoeuvre: str | None) -> None:
        ids = self._ids()
        fid, target = ids[who % len(ids)], ids[foe % len(ids)]
        f = self.log.state.fighter(fid)
        styles = [s.label for s in f.derived(self.log.state.options).styles
                  if s.usable and s.style != "missile"]
        action = {"defend": "other", "assess": "other", "flee": "move"}.get(
            manoeuvre or "", "attack")
        data: dict[str, object] = {"id": fid, "action": action, "manoeuvre": manoeuvre}
        if action == "attack":
            data.update(target=target, style=styles[0] if styles else "")
        if self.edition_name == "0.8":
            data["defences"] = 1
        self._try(Declare.model_validate(data))

    @rule(side=st.integers(0, 3), lines=st.lists(st.sampled_from(list(STARTING)),
                                                 max_size=3, unique=True))
    def starting(self, side: int, lines: list[str]) -> None:
        sides = sorted({f.side for f in self.log.state.fighters.values()})
        self._try(StartingAdvantage(side=sides[side % len(sides)],
                                    circumstances=tuple(lines)))

    @rule(who=st.integers(0, 9), foe=st.integers(0, 9), seed=st.integers(0, 10**6))
    def free_attack(self, who: int, foe: int, seed: int) -> None:
        ids = self._ids()
        rng = random.Random(seed)
        dice: AttackDice | AttackDiceV08 = (
            AttackDice(roll_2d10x(rng), roll_2d10x(rng), roll_2d10x(rng))
            if self.edition_name == "classic"
            else AttackDiceV08(D20Roll(roll_d20(rng)), D20Roll(roll_d20(rng)),
                            D20Roll(roll_d20(rng))))
        before = (self.log.events, self.log.state)
        try:
            e = resolve_free_attack(self.log.state, ids[who % len(ids)], ids[foe % len(ids)],
                                    dice)
        except RulesError:
            assert (self.log.events, self.log.state) == before
            return
        self._try(e)

    @rule(who=st.integers(0, 9), seed=st.integers(0, 10**6))
    def assess(self, who: int, seed: int) -> None:
        ids = self._ids()
        rng = random.Random(seed)
        try:
            e = assess_check(self.log.state, ids[who % len(ids)],
                             roll_2d10x(rng) if self.edition_name == "classic"
                             else D20Roll(roll_d20(rng)))
        except RulesError:
            return
        self._try(e)

    @rule(seed=st.integers(0, 10**6))
    def step(self, seed: int) -> None:
        before = (self.log.events, self.log.state)
        try:
            events = auto_events(self.log.state, next_step(self.log.state),
                                 random.Random(seed))
        except RulesError:
            assert (self.log.events, self.log.state) == before
            return
        for e in events:
            self._try(e)

    @invariant()
    def advantage_is_never_negative_and_a_wound_takes_it_all(self) -> None:
        state = self.log.state
        assert all(f.advantage >= 0 for f in state.fighters.values())
        n = len(self.log.events)
        if n == 0 or not state.options.uses("advantage"):
            return
        before = self.log.state_before(n - 1)
        for f in state.fighters.values():
            old = before.fighters.get(f.id)
            if old is not None and (f.wounds, f.levels_beyond) > (old.wounds,
                                                                   old.levels_beyond):
                assert f.advantage == 0


class Rules32MachineV08(Rules32Machine):
    edition_name: Edition = "0.8"


TestRules32Machine = Rules32Machine.TestCase
TestRules32Machine.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)
TestRules32MachineV08 = Rules32MachineV08.TestCase
TestRules32MachineV08.settings = settings(max_examples=25, stateful_step_count=30,
                                          deadline=None)
