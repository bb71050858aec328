"""Random fights with every RULES 3.3 rule of this session on (angry strike, feint,
darkness, size class, dodging and strike recovery, disarm / sweep / tackle), in
both editions: refusals change nothing, undo returns to the start and replaying
the log gives the same state (machine.LogMachine), and the odds of a declared
non-lethal attack never promise damage."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

from tests.rules.builders import classic, classic_weapon
from tests.rules.combat import v08_setup
from tests.rules.combat.machine import LogMachine
from tests.rules.combat.test_surprised import classic_pair
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    Event,
    SetDarkness,
    SetOption,
)
from yags_desk.rules.combat.odds_classic import declared_attack_odds
from yags_desk.rules.combat.odds_v08 import declared_attack_odds_v08
from yags_desk.rules.combat.optional.harn_state import DARKNESS
from yags_desk.rules.combat.steps import auto_events, next_step
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError

HARN = ("angry_strike", "feint", "darkness", "size_class", "dodging", "nonlethal")
RULES_3_2 = ("hit_locations", "oops", "aimed_attack", "limb_injuries")  # these too
STAFF = classic_weapon("Quarterstaff", 9, 5, 9, 6, 18, 2, "great", "two-handed")


def _options() -> list[Event]:
    return [SetOption(option=o, value=True) for o in HARN + RULES_3_2]


def _classic_setup() -> list[Event]:
    """Ann (tiny) and Bo (medium) of test_surprised, and Cy (large) with a staff."""
    pair = classic_pair().start.fighters
    adds: list[Event] = [AddCombatant(id=f.id, name=f.name, side=f.side, size_class=size,
                                      character=f.character)
                         for f, size in zip(pair.values(), ("tiny", "medium"), strict=True)]
    adds.append(AddCombatant(id="cy", name="Cy", side="b", size_class="large",
                             character=classic("Cy", strength=18,
                                               skills={"Great weapon": 100, "Brawling": 80},
                                               weapons=(STAFF,))))
    return [*adds, *_options()]


def _v08_setup() -> list[Event]:
    log = v08_setup.fight()
    return [*log.events, *_options()]


class HarnMachine(LogMachine):
    edition_name: Edition = "classic"

    def __init__(self) -> None:
        classic_ed = self.edition_name == "classic"
        super().__init__(self.edition_name, _classic_setup() if classic_ed else _v08_setup())

    def _styles(self, fid: str) -> list[str]:
        f = self.log.state.fighter(fid)
        return [s.label for s in f.derived(self.log.state.options).styles
                if s.usable and s.style != "missile"]

    @rule(who=st.integers(0, 9), foe=st.integers(0, 9), style=st.integers(0, 3),
          angry=st.integers(0, 5), feint=st.integers(0, 8),
          nonlethal=st.sampled_from((None, "disarm", "sweep", "tackle")))
    def declare(self, who: int, foe: int, style: int, angry: int, feint: int,
                nonlethal: str | None) -> None:
        ids = list(self.log.state.fighters)
        fid, target = ids[who % len(ids)], ids[foe % len(ids)]
        styles = self._styles(fid)
        data: dict[str, object] = {
            "id": fid, "action": "attack", "target": target,
            "style": styles[style % len(styles)], "angry_strike": angry, "feint": feint,
            "nonlethal": nonlethal}
        if self.edition_name == "0.8":
            data["defences"] = 1
        self._try(Declare.model_validate(data))

    @rule(level=st.sampled_from(list(DARKNESS)))
    def darkness(self, level: str) -> None:
        self._try(SetDarkness.model_validate({"level": level}))

    @rule(seed=st.integers(0, 10**6))
    def step(self, seed: int) -> None:
        """The next step the rules ask for, resolved as the automatic rounds do."""
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
    def nonlethal_odds_promise_no_damage(self) -> None:
        state = self.log.state
        if not state.options.uses("nonlethal"):
            return
        for f in state.active():
            d = f.declaration
            if d is None or not d.nonlethal or f.attacked or not f.can_act:
                continue
            try:
                odds = (declared_attack_odds(state, f.id) if state.edition == "classic"
                        else declared_attack_odds_v08(state, f.id))
            except RulesError:
                continue
            assert set(odds.outcomes) == {"miss", "hit"}


class HarnMachineV08(HarnMachine):
    edition_name: Edition = "0.8"


TestHarnMachine = HarnMachine.TestCase
TestHarnMachine.settings = settings(max_examples=30, stateful_step_count=30, deadline=None)
TestHarnMachineV08 = HarnMachineV08.TestCase
TestHarnMachineV08.settings = settings(max_examples=30, stateful_step_count=30, deadline=None)
