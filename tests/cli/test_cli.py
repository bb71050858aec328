"""The command-line interface, as a GM or a script would use it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from yags_desk.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "sample_library"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_roll_json_shape_and_seed_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "2d10!+5", "--seed", "7", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"expression", "total", "dice", "fumble"}
    assert data["total"] == sum(data["dice"]) + 5
    assert run(capsys, "roll", "2d10!+5", "--seed", "7", "--json")[1] == out


def test_roll_typed_dice_fumble(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "2d10!", "--dice", "1,2", "--json")
    assert code == 0 and json.loads(out) == {"expression": "2d10!", "total": 3,
                                             "dice": [1, 2], "fumble": True}


def test_roll_rejects_absurd_expression(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "roll", "99999d6")
    assert code == 1 and out == "" and "expression:" in err


def test_odds_classic_outcomes_sum_to_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--edition", "classic", "--attack", "15",
                       "--defence", "12", "--damage", "20", "--soak", "14", "--json")
    assert code == 0
    data = json.loads(out)
    outcomes = data["outcomes"]
    assert list(outcomes) == ["miss", "no_damage", "stunned", "1", "2", "3", "4", "5", "6",
                              "7+"]
    assert sum(outcomes.values()) == pytest.approx(1, abs=1e-9)
    assert data["hit"] == pytest.approx(1 - outcomes["miss"], abs=1e-9)


def test_odds_08_passive_has_no_stunned(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--edition", "0.8", "--attack", "10", "--passive",
                       "--damage", "15", "--soak", "12", "--json")
    data = json.loads(out)
    assert code == 0 and "stunned" not in data["outcomes"]
    # d20 >= 5 without a natural 1: 16 faces of 20 (RULES 2)
    assert data["hit"] == pytest.approx(0.80)


def test_odds_needs_damage_and_soak_together(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "odds", "--edition", "0.8", "--attack", "10", "--passive",
                       "--damage", "15")
    assert code == 1 and "--soak" in err


def test_sheet_shows_derived_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sheet", str(SAMPLE / "characters" / "aldric.json"))
    assert code == 0
    assert "Aldric of Thornbury" in out
    assert "Weapon and shield: Long sword + Round shield" in out
    assert "Soak 23" in out


def test_sheet_json_has_every_style(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sheet", str(SAMPLE / "characters" / "brenna.json"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["derived"]["move"] == 5 + 4 + 3 + 1  # Size + Strength + Agility + 1
    assert data["derived"]["max_defences"] == 3
    assert any(s["label"].startswith("Weapon and shield") for s in data["derived"]["styles"])


def test_sheet_refuses_broken_file_and_leaves_it(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    text = (SAMPLE / "characters" / "aldric.json").read_text("utf-8")[:300]
    bad.write_text(text, "utf-8")
    code, out, err = run(capsys, "sheet", str(bad))
    assert code == 1 and out == "" and "bad.json" in err
    assert bad.read_text("utf-8") == text


def test_validate_good_and_bad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = SAMPLE / "characters" / "wolf.json"
    assert run(capsys, "validate", str(good))[0] == 0
    doc = json.loads(good.read_text("utf-8"))
    doc["data"]["attributes"]["strength"] = "strong"
    doc["data"]["colour"] = "grey"
    bad = tmp_path / "wolf.json"
    bad.write_text(json.dumps(doc), "utf-8")
    code, out, _ = run(capsys, "validate", str(bad), "--json")
    data = json.loads(out)
    assert code == 1 and not data["valid"]
    joined = "\n".join(data["errors"])
    assert "attributes.strength" in joined and "colour" in joined


def test_validate_wrong_edition_weapon(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads((SAMPLE / "characters" / "aldric.json").read_text("utf-8"))
    doc["data"]["edition"] = "0.8"
    bad = tmp_path / "x.json"
    bad.write_text(json.dumps(doc), "utf-8")
    code, _, err = run(capsys, "validate", str(bad))
    assert code == 1 and "edition" in err


def test_quick_combat_seeded_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(SAMPLE / "battles" / "spearmen-vs-swordsmen.json")
    code, out, _ = run(capsys, "quick-combat", f, "--seed", "3", "--json")
    assert code == 0
    again = run(capsys, "quick-combat", f, "--seed", "3", "--json")[1]
    assert again == out
    text_code, text, _ = run(capsys, "quick-combat", f, "--seed", "3")
    assert text_code == 0 and "Turn 1" in text


def test_library_first_run_copies_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("YAGS_DESK_HOME", str(tmp_path / "home"))
    code, out, _ = run(capsys, "library", "--json")
    data = json.loads(out)
    assert code == 0
    names = {c["name"] for c in data["characters"]}
    assert {"Aldric of Thornbury", "Wolf", "Kestrel"} <= names
    assert not data["errors"]


def test_library_reports_corrupt_file_and_lists_the_rest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("YAGS_DESK_HOME", str(home))
    run(capsys, "library")
    victim = next((home / "characters").glob("*.json"))
    victim.write_text("{ not json", "utf-8")
    code, out, _ = run(capsys, "library", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["characters"]) == 16 and data["errors"]
    assert victim.read_text("utf-8") == "{ not json"


def test_module_and_console_entry_points() -> None:
    out = subprocess.run([sys.executable, "-m", "yags_desk", "--version"], capture_output=True,
                         text=True, check=True)
    assert "YAGS Desk" in out.stdout
    exe = shutil.which("yags-desk", path=str(Path(sys.executable).parent))
    assert exe is not None
    out = subprocess.run([exe, "roll", "d20", "--seed", "1", "--json"], capture_output=True,
                         text=True, check=True)
    assert 1 <= json.loads(out.stdout)["total"] <= 20


HOSTILE = {
    "truncated": lambda: (SAMPLE / "characters" / "aldric.json").read_bytes()[:200],
    "not json": lambda: b"\x00\x01garbage",
    "deep nesting": lambda: b"[" * 100_000 + b"]" * 100_000,
    "huge number": lambda: (b'{"schema_version": 1, "kind": "character", "data": {"x": '
                            + b"9" * 5000 + b"}}"),
    "wrong type": lambda: b'{"schema_version": "one", "kind": "character", "data": {}}',
    "newer version": lambda: b'{"schema_version": 99, "kind": "character", "data": {}}',
    "unknown field": lambda: (SAMPLE / "characters" / "wolf.json").read_bytes().replace(
        b'"notes"', b'"mood": "hungry", "notes"'),
}


@pytest.mark.parametrize("command", ["sheet", "validate", "quick-combat"])
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_files_get_a_message_and_stay_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, case: str) -> None:
    f = tmp_path / "hostile.json"
    content = HOSTILE[case]()
    f.write_bytes(content)
    before = f.stat().st_mtime_ns
    code, out, err = run(capsys, command, str(f))
    assert code == 1
    assert "hostile.json" in err and "Traceback" not in err
    assert f.read_bytes() == content and f.stat().st_mtime_ns == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hostile.json"]


def test_100_mb_file_refused_without_reading(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(100 * 2**20)
    code, _, err = run(capsys, "sheet", str(big))
    assert code == 1 and "20 MB" in err


def test_missing_file_is_a_message_not_a_traceback(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    for command in ("sheet", "validate", "quick-combat"):
        code, _, err = run(capsys, command, str(tmp_path / "nope.json"))
        assert code == 1 and "nope.json" in err


def test_sheet_08_old_penalties_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads((SAMPLE / "characters" / "kestrel.json").read_text("utf-8"))
    doc["data"]["wounds"] = 2
    f = tmp_path / "k.json"
    f.write_text(json.dumps(doc), "utf-8")
    assert "Wounds: Light (-3)" in run(capsys, "sheet", str(f))[1]
    assert "Wounds: Light (-5)" in run(capsys, "sheet", str(f), "--old-penalties")[1]


def test_library_columns_line_up_with_cjk_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import unicodedata

    home = tmp_path / "home"
    monkeypatch.setenv("YAGS_DESK_HOME", str(home))
    run(capsys, "library")
    for stem, name in (("ryu", "龍之介"), ("kana", "ｶﾅ Ｆｕｌｌ")):
        doc = json.loads((home / "characters" / "aldric.json").read_text("utf-8"))
        doc["data"].update(name=name, id=stem)
        (home / "characters" / f"{stem}.json").write_text(json.dumps(doc), "utf-8")
    code, out, _ = run(capsys, "library")
    assert code == 0

    def column_of_kind(line: str) -> int:
        # Terminal columns before the kind ("pc", "npc", "template") on the line.
        before = line[:line.index(" pc ") if " pc " in line else line.index(" npc ")]
        return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in before)

    rows = [line for line in out.splitlines() if " classic " in line or " 0.8 " in line]
    assert any("龍之介" in r for r in rows) and any("ｶﾅ" in r for r in rows)
    assert len({column_of_kind(r) for r in rows}) == 1


def test_refusals_cite_the_rules_reference_as_the_window_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal printed the code's "RULES 1.5"; a GM finds "Rules reference §1.5"
    (Help ▸ Rules reference), as in the window."""
    doc = json.loads((SAMPLE / "encounters" / "sparring.json").read_text(encoding="utf-8"))
    doc["data"]["events"] = [
        {"type": "set_condition", "id": "kestrel", "condition": "surprised", "rounds": 1},
        {"type": "declare", "id": "kestrel", "action": "attack", "target": "brenna"}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run(capsys, "apply-results", str(bad))
    assert code != 0 and "surprised" in err
    assert "Rules reference §1.5" in err and "RULES" not in err
