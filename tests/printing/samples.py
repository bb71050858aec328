"""Sample inputs for the printing tests: the sample party, a played encounter, long logs.

The encounter is built from the sample library's characters and played with
the classic automatic round and a fixed seed, so its log is the same every run.
"""

from __future__ import annotations

import random
from pathlib import Path

from yags_desk.rules.character import Character
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Combatant, Encounter, encounter_log, new_encounter

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "sample_library"
PARTY = ("aldric", "elin", "mira", "torvald")  # the classic player characters


def sample(name: str) -> Character:
    model = read_document(SAMPLE / "characters" / f"{name}.json", "character").model
    assert isinstance(model, Character)
    return model


def sample_party() -> list[Character]:
    return [sample(n) for n in PARTY]


def roster(party: list[Character], foes: dict[str, int]) -> tuple[Combatant, ...]:
    """The party on side "Party" in row 0, ``foes`` (sample name -> copies) on
    side "Raiders" in row 1, copies numbered."""
    out = [Combatant(id=f"pc-{i}", name=c.name, side="Party", row=0, character=c)
           for i, c in enumerate(party)]
    for name, count in foes.items():
        c = sample(name)
        for n in range(1, count + 1):
            label = c.name if count == 1 else f"{c.name} {n}"
            out.append(Combatant(id=f"{name}-{n}", name=label, side="Raiders", row=1,
                                 character=c, minor=name == "bandit"))
    return tuple(out)


def sample_encounter(rounds: int = 0, seed: int = 6,
                     options: RulesOptions | None = None,
                     foes: dict[str, int] | None = None) -> Encounter:
    """The party against bandits and a wolf, ``rounds`` automatic rounds played."""
    enc = new_encounter("Ambush at the ford", "classic",
                        roster(sample_party(), foes or {"bandit": 3, "wolf": 1}),
                        options or RulesOptions(optional=("hit_locations", "surprise")))
    return play(enc, rounds, seed)


def play(enc: Encounter, rounds: int, seed: int = 6, max_events: int | None = None) -> Encounter:
    """``rounds`` more automatic rounds (stopping early at ``max_events`` events)."""
    log: CombatLog = encounter_log(enc)
    rng = random.Random(seed)
    for _ in range(rounds):
        events, _ = auto_round(log.state, rng)
        for e in events:
            log.push(e)
        if max_events is not None and len(log.events) >= max_events:
            break
    return enc.model_copy(update={"events": log.events})
