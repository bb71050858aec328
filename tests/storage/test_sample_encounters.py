"""The sample encounters: generated from the sample characters, ready to fight."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Encounter, encounter_log
from yags_desk.storage.library import Library

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "resources" / "sample_library" / "encounters"


def test_sample_encounters_match_their_generator() -> None:
    # PYTHONPATH: the generator imports this checkout's package, not an installed one.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, str(ROOT / "packaging" / "make_sample_encounters.py"),
                        "--check"], capture_output=True, text=True, cwd=ROOT, env=env)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("name", ["ford-ambush", "sparring"])
def test_sample_encounter_opens_and_plays_three_rounds(name: str) -> None:
    encounter = read_document(FOLDER / f"{name}.json", "encounter").model
    assert isinstance(encounter, Encounter)
    log: CombatLog = encounter_log(encounter)
    rng = random.Random(5)
    for _ in range(3):
        if encounter.edition == "classic":
            events, _ = auto_round(log.state, rng)
        else:
            events = auto_round_v08(log.state, rng)
        for e in events:
            log.push(e)
    assert log.state.round == 4


def test_first_run_library_lists_the_sample_encounters() -> None:
    report = Library.open().load_encounters()
    assert not report.errors
    assert {e.name for _, e in report.items} == {"Ambush at the ford", "Sparring in the yard"}
