"""Log export (issue 17 item 4): Markdown, CSV and JSON of a fight, atomically."""

from __future__ import annotations

import csv
import io
import json
import os
import random
from pathlib import Path

import pytest

from yags_desk.cli import main
from yags_desk.rules.combat.events import Attack, Initiative
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.sentences import describe
from yags_desk.storage.documents import read_document, write_document
from yags_desk.storage.encounter_file import Encounter, encounter_log, with_log
from yags_desk.storage.log_export import (
    CSV_COLUMNS,
    ExportError,
    export_log,
    log_csv,
    log_json,
    log_markdown,
    replay,
)

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "resources" / "sample_library" / "encounters"


def fought(name: str = "ford-ambush", rounds: int = 2, seed: int = 4) -> Encounter:
    """A sample encounter after ``rounds`` automatic rounds."""
    encounter = read_document(FOLDER / f"{name}.json", "encounter").model
    assert isinstance(encounter, Encounter)
    log = encounter_log(encounter)
    rng = random.Random(seed)
    for _ in range(rounds):
        if encounter.edition == "classic":
            events, _ = auto_round(log.state, rng)
        else:
            events = auto_round_v08(log.state, rng)
        for e in events:
            log.push(e)
    return with_log(encounter, log)


@pytest.mark.parametrize("name", ["ford-ambush", "sparring"])
def test_json_export_replays_to_the_same_state(name: str) -> None:
    encounter = fought(name)
    log = replay(log_json(encounter))
    original = encounter_log(encounter)
    assert len(log.events) == len(original.events) > 10
    assert log.state == original.state
    assert log.state.round == 3
    # The file holds the events themselves, in order.
    data = json.loads(log_json(encounter))
    assert [e["type"] for e in data["events"]] == [e.type for e in encounter.events]


def test_replay_refuses_a_file_that_is_not_an_export() -> None:
    with pytest.raises(ValueError, match="format: not a combat log"):
        replay(json.dumps({"events": []}))


def test_csv_has_one_row_per_event_with_round_actor_target_rolls_result() -> None:
    encounter = fought()
    rows = list(csv.reader(io.StringIO(log_csv(encounter))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert {"round", "actor", "target", "rolls", "result"} <= set(rows[0])
    body = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert len(body) == len(encounter.events)
    log = encounter_log(encounter)
    names = {f.id: f.name for f in log.state.fighters.values()}
    for i, (row, event) in enumerate(zip(body, encounter.events, strict=True)):
        assert int(row["round"]) == log.state_before(i).round
        assert row["event"] == event.type
        if isinstance(event, Attack):
            assert row["actor"] == names[event.attacker]
            assert row["target"] == names[event.defender]
            dice = " ".join(map(str, event.attack_dice))
            assert row["rolls"].startswith(f"attack {dice} = {event.attack_total}")
            assert row["result"].startswith(("hit", "miss", "fumble"))
        if isinstance(event, Initiative):
            assert row["result"] == f"initiative {event.total}"
    assert body[-1]["event"] == "end_round" and body[-1]["round"] == "2"


def test_csv_guards_cells_a_spreadsheet_would_run() -> None:
    encounter = fought(rounds=1)
    first = encounter.combatants[0]
    renamed = first.model_copy(update={"name": "=HYPERLINK(1)"})
    encounter = encounter.model_copy(update={"combatants": (renamed, *encounter.combatants[1:])})
    text = log_csv(encounter)
    assert "'=HYPERLINK(1)" in text
    assert "\n=HYPERLINK" not in text and ",=HYPERLINK" not in text


def test_markdown_holds_the_log_sentences_under_round_headings() -> None:
    encounter = fought()
    text = log_markdown(encounter)
    log = encounter_log(encounter)
    assert text.startswith("# Ambush at the ford\n")
    assert "## Round 1" in text and "## Round 2" in text and "## Round 3" not in text
    special = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#|"})
    for i, event in enumerate(log.events):
        after = log.state_before(i + 1) if i + 1 < len(log.events) else log.state
        sentence = describe(event, log.state_before(i), after)
        assert f"- {sentence.translate(special)}\n" in text
    assert text.index("## Round 1") < text.index("Round 1 ends.") < text.index("## Round 2")


def test_export_picks_the_format_from_the_file_name(tmp_path: Path) -> None:
    encounter = fought(rounds=1)
    for suffix, start in ((".md", "# "), (".csv", "number,round"), (".json", "{")):
        path = export_log(encounter, tmp_path / f"log{suffix}")
        assert path.read_text(encoding="utf-8").startswith(start)


@pytest.mark.parametrize("where", ["missing", "file"])
def test_unwritable_folder_says_why_and_writes_nothing(tmp_path: Path, where: str) -> None:
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder")
    folder = tmp_path / "no-such-folder" if where == "missing" else blocker
    with pytest.raises(ExportError) as info:
        export_log(fought(rounds=1), folder / "log.csv", "csv")
    message = str(info.value)
    assert message.startswith("Nothing written to log.csv: ")
    assert ("does not exist" if where == "missing" else "is not a folder") in message
    assert str(folder) in message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_failed_write_leaves_no_partial_file(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(ExportError, match="you may not write in the folder"):
        export_log(fought(rounds=1), tmp_path / "log.md")
    assert list(tmp_path.iterdir()) == []


def test_cli_log_prints_and_writes_each_format(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    encounter = fought()
    source = tmp_path / "fight.json"
    write_document(source, "encounter", encounter)
    assert main(["log", str(source), "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.replace("\r\n", "\n") == log_csv(encounter).replace("\r\n", "\n")
    target = tmp_path / "out.json"
    assert main(["log", str(source), "--format", "json", "--output", str(target)]) == 0
    assert replay(target.read_text(encoding="utf-8")).state == encounter_log(encounter).state
    assert main(["log", str(source)]) == 0
    assert capsys.readouterr().out.count("## Round") >= 2


def test_cli_log_to_an_unwritable_folder(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "fight.json"
    write_document(source, "encounter", fought(rounds=1))
    missing = tmp_path / "gone" / "log.md"
    assert main(["log", str(source), "--output", str(missing)]) == 1
    err = capsys.readouterr().err
    assert "--output: Nothing written to log.md" in err and "does not exist" in err
    assert not missing.parent.exists()
