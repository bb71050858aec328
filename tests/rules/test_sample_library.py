"""The sample library that ships with the program: complete, valid, up to date."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from yags_desk.rules.character import Character
from yags_desk.rules.derived import derive

ROOT = Path(__file__).resolve().parents[2]
CHARS = ROOT / "resources" / "sample_library" / "characters"


def _load() -> list[Character]:
    out = []
    for f in sorted(CHARS.glob("*.json")):
        doc = json.loads(f.read_text("utf-8"))
        assert doc["schema_version"] == 1 and doc["kind"] == "character", f.name
        out.append(Character.model_validate(doc["data"]))
    return out


def test_party_npcs_and_08_characters_present() -> None:
    chars = _load()
    classic_pcs = [c for c in chars if c.edition == "classic" and c.kind == "pc"]
    npcs = {c.name for c in chars if c.kind == "npc"}
    assert len(classic_pcs) == 4
    assert {"Town guard", "Bandit", "Archer", "Northern berserker", "Knight", "Wolf"} <= npcs
    v08 = [c for c in chars if c.edition == "0.8"]
    assert len([c for c in v08 if c.kind == "pc"]) == 2
    assert {c.name for c in v08 if c.kind == "npc"} == {
        "Bandit (0.8)", "Bandit chief (0.8)", "Town guard (0.8)", "Archer (0.8)", "Wolf (0.8)"}


def test_every_sample_character_derives_and_has_a_usable_style() -> None:
    for c in _load():
        d = derive(c)
        armed = [s for s in d.styles
                 if s.usable and s.weapons and s.weapons[0] not in ("Fist/kick", "Unarmed")]
        assert armed, f"{c.name} has no usable weapon"


def test_sample_berserker_pc_matches_the_worked_example() -> None:
    torvald = next(c for c in _load() if c.name == "Torvald Ironhand")
    assert derive(torvald).berserk is not None
    assert derive(torvald).berserk.total == 14  # type: ignore[union-attr]


def test_sample_files_match_their_generator() -> None:
    # PYTHONPATH: the generator imports this checkout's package, not an installed one.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, str(ROOT / "packaging" / "make_sample_library.py"),
                        "--check"], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
