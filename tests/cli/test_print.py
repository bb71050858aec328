"""`yags-desk print`: PDFs from the command line, headless, with clear refusals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.printing.pdf import flat, need_poppler, page_count, page_size, pages_text
from tests.printing.samples import ROOT, SAMPLE, sample_encounter
from yags_desk.cli import main
from yags_desk.storage.documents import write_document

pytestmark = need_poppler

CHARS = SAMPLE / "characters"
BATTLE = SAMPLE / "battles" / "border-skirmish.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_sheets_of_several_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "party.pdf"
    code, text, err = run(capsys, "print", CHARS / "aldric.json", CHARS / "brenna.json",
                          "--pdf", out, "--page", "letter")
    assert (code, err) == (0, "")
    assert text.strip() == f"{out}: 2 pages (sheet)"
    assert page_count(out) == 2
    assert page_size(out) == pytest.approx((612, 792), abs=0.5)
    pages = pages_text(out)
    assert "Aldric of Thornbury" in pages[0] and "Brenna Ash" in pages[1]


def test_npc_blocks_blank(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "npc.pdf"
    code, text, _ = run(capsys, "print", CHARS / "bandit.json", CHARS / "wolf.json",
                        "--pdf", out, "--kind", "npc", "--blank", "--json")
    assert code == 0 and json.loads(text) == {"pdf": str(out), "kind": "npc", "pages": 1}
    page = flat(pages_text(out)[0])
    assert "Bandit" in page and "Wolf" in page
    assert "Soak 15" not in page and "Soak 9" not in page  # derived numbers left blank
    assert "Str 11" in page  # attributes are not derived
    run(capsys, "print", CHARS / "bandit.json", CHARS / "wolf.json", "--pdf", out, "--kind",
        "npc")
    page = flat(pages_text(out)[0])
    assert "Soak 15" in page and "Soak 9" in page


@pytest.mark.parametrize("kind", ["encounter-before", "encounter-after", None])
def test_encounter_kinds(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                         kind: str | None) -> None:
    enc_file = tmp_path / "ambush.json"
    write_document(enc_file, "encounter", sample_encounter(rounds=2))
    out = tmp_path / "ambush.pdf"
    code, text, _ = run(capsys, "print", enc_file, "--pdf", out,
                        *(["--kind", kind] if kind else []))
    assert code == 0
    # An encounter with events prints "after" by default [decision].
    assert text.strip().endswith(f"({kind or 'encounter-after'})")
    whole = flat(" ".join(pages_text(out)))
    if kind == "encounter-before":
        assert "Side: Party (4)" in whole and "The round (classic)" in whole
    else:
        assert "2 rounds fought" in whole and "Round 2 ends." in whole


def test_battle_report_with_a_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "battle.pdf"
    code, text, _ = run(capsys, "print", BATTLE, "--pdf", out, "--seed", "3")
    assert code == 0 and text.strip() == f"{out}: 1 page (battle)"
    whole = flat(pages_text(out)[0])
    assert "Losses per turn" in whole and "seed 3" in whole
    run(capsys, "print", BATTLE, "--pdf", out, "--seed", "3")
    assert flat(pages_text(out)[0]) == whole  # same seed, same battle


@pytest.mark.parametrize(("argv", "message"), [
    (["missing.json"], "missing.json: no such file"),
    ([str(CHARS / "aldric.json"), "--kind", "battle"],
     "aldric.json: a character file; --kind battle prints a battle file"),
    ([str(BATTLE), str(CHARS / "wolf.json")],
     "wolf.json: a character file cannot be printed with a battle file"),
    ([str(BATTLE), "--blank"], "--blank: only sheets and NPC blocks"),
    ([str(BATTLE), str(BATTLE)], "border-skirmish.json: print one battle at a time"),
])
def test_refusals_name_the_file_and_write_nothing(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  argv: list[str], message: str) -> None:
    out = tmp_path / "out.pdf"
    code, text, err = run(capsys, "print", *argv, "--pdf", out)
    assert code == 1 and text == ""
    assert message in err
    assert not out.exists()


def test_a_broken_file_is_refused_with_its_field(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": 1, "kind": "character", "data": {"name": ""}}')
    code, _, err = run(capsys, "print", bad, "--pdf", tmp_path / "out.pdf")
    assert code == 1 and err.startswith(f"{bad}: ")
    assert not (tmp_path / "out.pdf").exists()


def test_unwritable_output_and_printing_over_the_input(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "print", CHARS / "wolf.json", "--pdf",
                       tmp_path / "no" / "such" / "dir.pdf")
    assert code == 1 and "dir.pdf: cannot be written" in err
    copy = tmp_path / "wolf.json"
    copy.write_bytes((CHARS / "wolf.json").read_bytes())
    code, _, err = run(capsys, "print", copy, "--pdf", copy)
    assert code == 1 and "is one of the files to print" in err
    assert copy.read_bytes() == (CHARS / "wolf.json").read_bytes()


def test_usage_error_without_pdf(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["print", str(CHARS / "wolf.json")])
    assert exit_info.value.code == 2
    assert "--pdf" in capsys.readouterr().err


def test_headless_without_a_display(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["YAGS_DESK_HOME"] = str(tmp_path / "home")
    out = tmp_path / "wolf.pdf"
    done = subprocess.run([sys.executable, "-m", "yags_desk", "print",
                           str(CHARS / "wolf.json"), "--pdf", str(out)],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    assert "Wolf" in pages_text(out)[0]
