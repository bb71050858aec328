"""The encounter forecast (issue 17 item 2): many automatic fights, counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.rules.builders import v08
from yags_desk.cli import main
from yags_desk.rules.combat.events import AddCombatant, SetCondition
from yags_desk.rules.combat.forecast import (
    Chance,
    ForecastRun,
    forecast,
    run_rng,
    wilson,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.storage.documents import read_document, write_document
from yags_desk.storage.encounter_file import (
    Combatant,
    Encounter,
    encounter_log,
    new_encounter,
)

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "resources" / "sample_library" / "encounters"


def sample(name: str) -> Encounter:
    model = read_document(FOLDER / f"{name}.json", "encounter").model
    assert isinstance(model, Encounter)
    return model


def start(name: str) -> CombatState:
    return encounter_log(sample(name)).state


def standoff() -> CombatLog:
    """Two 0.8 fighters caught unawares for good: nobody ever acts."""
    log = CombatLog("0.8", roster=[
        AddCombatant(id="a", name="Ana", side="North", character=v08("Ana")),
        AddCombatant(id="b", name="Bo", side="South", character=v08("Bo", kind="npc"))])
    for fid in ("a", "b"):
        log.push(SetCondition(id=fid, condition="surprised"))
    return log


def test_wilson_interval_known_values() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)
    assert Chance(81, 100).text() == "81% (72%\u201387%)"


@pytest.mark.parametrize("name", ["ford-ambush", "sparring"])
def test_forecast_matches_a_direct_loop_over_the_engine(name: str) -> None:
    state0 = start(name)
    runs, seed, limit = 12, 7, 30
    wins: dict[str, int] = {}
    rounds = 0
    fates: dict[str, dict[str, int]] = {}
    pcs = [f for f in state0.fighters.values() if f.character.kind == "pc"]
    for i in range(runs):
        rng = run_rng(seed, i)
        state, played = state0, 0
        while len({f.side for f in state.active() if f.can_act}) > 1 and played < limit:
            if state.edition == "classic":
                state = auto_round(state, rng)[1]
            else:
                for event in auto_round_v08(state, rng):
                    state = apply(state, event)
            played += 1
        rounds += played
        standing = {f.side for f in state.active() if f.can_act}
        if len(standing) == 1:
            side = standing.pop()
            wins[side] = wins.get(side, 0) + 1
        for pc in pcs:
            end = state.fighters[pc.id]
            fate = ("dead" if end.dead else "out" if not end.can_act else
                    "wounded" if end.wounds + end.levels_beyond > pc.wounds + pc.levels_beyond
                    else "unhurt")
            counts = fates.setdefault(pc.id, {})
            counts[fate] = counts.get(fate, 0) + 1
    result = forecast(state0, name, runs, seed, limit)
    assert result.runs == runs
    assert result.wins == wins and sum(wins.values()) > 0
    assert result.rounds_total == rounds
    assert {k: {f: n for f, n in v.items() if n} for k, v in result.fates.items()} == fates
    assert [pc for pc, _, _ in result.pcs] == [pc.id for pc in pcs]


def test_same_seed_same_forecast_and_chunks_change_nothing() -> None:
    state = start("sparring")
    one = forecast(state, "s", 40, 3).to_json()
    assert forecast(state, "s", 40, 3, chunk=7).to_json() == one
    assert forecast(state, "s", 40, 4).to_json() != one
    job = ForecastRun(state, "s", 40, 3)
    steps = 0
    while not job.step(6):
        steps += 1
    assert steps == 6 and job.result.to_json() == one
    # The first runs of a longer forecast are the runs of a shorter one.
    longer = ForecastRun(state, "s", 80, 3)
    longer.step(40)
    assert longer.result.wins == forecast(state, "s", 40, 3).wins


def test_larger_run_lies_within_the_intervals_of_a_smaller_one() -> None:
    state = start("sparring")
    small = forecast(state, "s", 100, 11)
    large = forecast(state, "s", 800, 12)
    for side in small.sides:
        low, high = small.win(side).interval
        assert low <= large.win(side).chance <= high, side
        big_low, big_high = large.win(side).interval
        assert big_low < high and low < big_high  # the two intervals overlap
        assert big_high - big_low < high - low  # and more runs make it narrower
    for fid, _, _ in small.pcs:
        for fate in ("unhurt", "wounded", "out", "dead"):
            low, high = small.fate(fid, fate).interval
            assert low <= large.fate(fid, fate).chance <= high, (fid, fate)
    _mean, low, high = small.expected_rounds()
    assert low <= large.expected_rounds()[0] <= high


def test_a_fight_nobody_can_end_stops_at_the_round_limit_and_says_so() -> None:
    result = forecast(standoff().state, "Standoff", 20, 1, round_limit=8)
    assert result.runs == 20 and result.limit == 20
    assert result.wins == {} and result.nobody == 0
    assert result.expected_rounds()[0] == 8
    assert ("Every run reached the limit of 8 rounds with no side beaten: no side can end "
            "this fight.") in result.messages()
    assert result.fate("a", "unhurt").count == 20
    assert any("no side can end this fight" in line for line in result.lines())


def test_no_fight_to_forecast_is_refused_in_words() -> None:
    lonely = CombatLog("0.8", roster=[
        AddCombatant(id="a", name="Ana", side="North", character=v08("Ana"))])
    with pytest.raises(RulesError, match="two sides"):
        forecast(lonely.state)
    with pytest.raises(RulesError, match="runs: 0 is out of range"):
        forecast(start("sparring"), runs=0)
    with pytest.raises(RulesError, match="round limit"):
        forecast(start("sparring"), round_limit=0)


def test_cli_forecast_json_is_repeatable(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FOLDER / "sparring.json")
    assert main(["forecast", path, "--runs", "30", "--seed", "5", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["forecast", path, "--runs", "30", "--seed", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["runs"] == 30 and first["seed"] == 5
    assert {s["side"] for s in first["sides"]} == {"Brenna", "Kestrel"}
    assert sum(s["count"] for s in first["sides"]) + first["nobody_wins"]["count"] \
        + first["round_limit_reached"]["count"] == 30
    assert {p["name"] for p in first["pcs"]} == {"Brenna Ash", "Kestrel"}
    assert set(first["pcs"][0]) >= {"unhurt", "wounded", "out", "dead"}
    assert first == forecast(start("sparring"), "Sparring in the yard", 30, 5).to_json()
    # Without a seed one is drawn and printed, so the forecast can be made again.
    assert main(["forecast", path, "--runs", "5"]) == 0
    assert "seed " in capsys.readouterr().out


def test_cli_forecast_of_a_fight_nobody_can_end(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = standoff()
    roster = tuple(Combatant(id=f.id, name=f.name, side=f.side, character=f.character)
                   for f in log.start.fighters.values())
    encounter = new_encounter("Standoff", "0.8", roster).model_copy(
        update={"events": log.events})
    path = tmp_path / "standoff.json"
    write_document(path, "encounter", encounter)
    assert main(["forecast", str(path), "--runs", "10", "--seed", "1",
                 "--round-limit", "5"]) == 0
    out = capsys.readouterr().out
    assert "Every run reached the limit of 5 rounds" in out
    assert main(["forecast", str(path), "--runs", "0"]) == 1
    assert "--runs: 0 is out of range" in capsys.readouterr().err
