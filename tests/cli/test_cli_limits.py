"""Big quick-combat files and absurd odds values (issue 12 item 15), run as a user would."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "yags_desk", *argv], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def _battle(path: Path, figures: int, max_turns: int = 50, *, dull: bool = False) -> str:
    # dull: nobody hits well and few hits kill, so the battle lasts many turns.
    values = ({"initiative": 0, "attack": -1000, "defence": -1000, "damage": -1000,
               "soak": 1000} if dull else
              {"initiative": 20, "attack": 15, "defence": 22, "damage": 18, "soak": 12})
    doc = {"schema_version": 1, "kind": "battle", "data": {
        "name": "Big", "edition": "classic", "max_turns": max_turns, "sides": [
            {"name": "Town", "groups": [{"name": "Spears", "count": figures, **values}]},
            {"name": "Raiders", "groups": [{"name": "Swords", "count": figures, **values}]}]}}
    path.write_text(json.dumps(doc), "utf-8")
    return str(path)


def test_a_battle_asking_too_much_is_refused_naming_the_fields(tmp_path: Path) -> None:
    r = _cli("quick-combat", _battle(tmp_path / "huge.json", 1_000_000))
    assert r.returncode == 1
    assert "sides: 2,000,000 figures fighting up to 50 turns (max_turns)" in r.stderr
    assert "at most 20,000,000" in r.stderr and "at most 400,000 figures" in r.stderr
    assert r.stdout == "" and "Traceback" not in r.stderr
    # validate says the same about the file
    v = _cli("validate", str(tmp_path / "huge.json"))
    assert v.returncode == 1 and "max_turns" in v.stderr


def test_a_big_battle_shows_each_turn_on_stderr(tmp_path: Path) -> None:
    r = _cli("quick-combat", _battle(tmp_path / "big.json", 100_000), "--seed", "1")
    assert r.returncode == 0
    lines = r.stderr.splitlines()
    assert lines and lines[0].startswith("turn 1 of at most 50: figures left Town ")
    assert "Raiders" in lines[0]
    assert "Turn 1" in r.stdout  # the result itself still goes to stdout


def test_a_small_battle_prints_no_progress(tmp_path: Path) -> None:
    r = _cli("quick-combat", _battle(tmp_path / "small.json", 100), "--seed", "1")
    assert r.returncode == 0 and r.stderr == ""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_ends_quick_combat_with_one_line_and_130(tmp_path: Path) -> None:
    path = _battle(tmp_path / "long.json", 200_000, dull=True)
    proc = subprocess.Popen([sys.executable, "-m", "yags_desk", "quick-combat", path],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the battle is under way
    assert first.startswith("turn 1 of at most 50")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert "Traceback" not in err
    stop = [line for line in err.splitlines() if not line.startswith("turn ")]
    assert len(stop) == 1 and stop[0].startswith("quick-combat: stopped (Ctrl+C) after ")
    assert out == ""


@pytest.mark.parametrize(("argv", "message"), [
    (["--attack", "1000000000", "--defence", "10"],
     "--attack: 1,000,000,000 is out of range; use a whole number from -10,000 to 10,000"),
    (["--attack", "10", "--defence", "10", "--fumble-chance", "-1000000000"],
     "--fumble-chance: -1,000,000,000 is out of range; use a whole number from 0 to 20"),
    (["--attack", "10", "--passive", "--damage", "10", "--soak", "99999"],
     "--soak: 99,999 is out of range"),
])
def test_odds_refuses_out_of_range_numbers(argv: list[str], message: str) -> None:
    r = _cli("odds", "--edition", "classic", *argv)
    assert r.returncode == 1
    assert message in r.stderr and r.stdout == ""


def test_odds_in_range_still_answers_and_roll_checks_its_fumble_chance() -> None:
    assert _cli("odds", "--edition", "0.8", "--attack", "10000", "--defence",
                "-10000", "--fumble-chance", "20").returncode == 0
    r = _cli("roll", "2d10!", "--seed", "1", "--fumble-chance", "21")
    assert r.returncode == 1 and "--fumble-chance: 21 is out of range" in r.stderr
