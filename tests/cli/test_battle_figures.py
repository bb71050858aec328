"""A battle file with a group of no figures (or fewer) is refused by validate and
quick-combat, naming the group and the field, as the battle view's Figures field
does; never fought as "win after 0 turns" (issue 16, audit item 10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yags_desk.cli import main


def battle_file(folder: Path, count: int) -> Path:
    """The sample spearmen-against-swordsmen battle, an older file holding ``count``."""
    groups = [{"name": "Spearmen", "count": count, "initiative": 20, "attack": 15,
               "defence": 22, "damage": 18, "soak": 12}]
    swords = [{"name": "Swordsmen", "count": 25, "initiative": 18, "attack": 20,
               "defence": 25, "damage": 20, "soak": 12}]
    doc = {"schema_version": 1, "kind": "battle", "data": {
        "name": "Spearmen against swordsmen", "edition": "classic",
        "sides": [{"name": "Town militia", "groups": groups},
                  {"name": "Mercenaries", "groups": swords}]}}
    path = folder / f"battle{count}.json"
    path.write_text(json.dumps(doc), "utf-8")
    return path


@pytest.mark.parametrize("count", [0, -3])
@pytest.mark.parametrize("command", ["validate", "quick-combat"])
def test_no_figures_are_refused_naming_group_and_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, count: int) -> None:
    path = battle_file(tmp_path, count)
    assert main([command, str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"{path}: data.sides.0.groups.0.count: Spearmen needs at least 1 figure, "
                   f"not {count}\n")


def test_one_figure_is_a_battle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(battle_file(tmp_path, 1))]) == 0
    assert main(["quick-combat", str(battle_file(tmp_path, 1)), "--seed", "1"]) == 0
    assert "after 0 turns" not in capsys.readouterr().out
