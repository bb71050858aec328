"""Several combatants made from one character file (issue 16, audit item 2): never
written one after another with the last silently winning."""

from __future__ import annotations

import pytest

from tests.rules.builders import classic
from yags_desk.rules.combat.events import SetCondition, Wound
from yags_desk.storage.encounter_file import Combatant, Encounter, new_encounter
from yags_desk.storage.library import Library
from yags_desk.storage.results import apply_results, plan_results


def bandits(library: Library, minor: bool = False) -> Encounter:
    """Aldric against Bandit 1, 2 and 3, all made from bandit.json: Bandit 1 killed
    (6 levels), Bandit 2 two levels, Bandit 3 one."""
    aldric = classic("Aldric")
    bandit = classic("Ford bandit").model_copy(update={"kind": "npc"})
    library.save_character(aldric)
    library.save_character(bandit)
    enc = new_encounter("Ford ambush", "classic", (
        Combatant(id="a", name="Aldric", side="pcs", character=aldric),
        *(Combatant(id=f"b{i}", name=f"Bandit {i}", side="bad", character=bandit, minor=minor)
          for i in (1, 2, 3))))
    return enc.model_copy(update={"events": (
        Wound(id="a", levels=1), Wound(id="b1", levels=6), SetCondition(id="b1", condition="dead"),
        Wound(id="b2", levels=2), Wound(id="b3", levels=1))})


def files(library: Library) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p, _ in library.load_characters().items}


def file_of(library: Library, name: str) -> str:
    return next(p.name for p, c in library.load_characters().items if c.name == name)


def test_rows_made_from_one_file_are_marked_with_everyone_made_from_it() -> None:
    library = Library.open()
    plan = plan_results(bandits(library), library)
    bandit = file_of(library, "Ford bandit")
    assert [(r.name, r.path.name) for r in plan.changes] == [
        ("Aldric", file_of(library, "Aldric")), ("Bandit 1", bandit),
        ("Bandit 2", bandit), ("Bandit 3", bandit)]
    aldric, *rows = plan.changes
    assert aldric.shared == ()
    for row in rows:
        assert row.shared == ("Bandit 1", "Bandit 2", "Bandit 3")
    assert [line for row in rows for line in row.lines if line.startswith("Wounds")] == [
        "Wounds: Unhurt \u2192 Fatal (-15), 6 levels", "Wounds: Unhurt \u2192 Light (-2), 2 levels",
        "Wounds: Unhurt \u2192 Hurt, 1 level"]


def test_writing_two_results_for_one_file_is_refused_before_anything_is_written() -> None:
    library = Library.open()
    plan = plan_results(bandits(library), library)
    before = files(library)
    with pytest.raises(ValueError, match=f"Bandit 1 and Bandit 2 are both made from "
                                         f"{file_of(library, 'Ford bandit')}"):
        apply_results(plan.changes[:3], library)  # Aldric first: not written either
    assert files(library) == before
    # One of them is fine: Bandit 1's death reaches the file.
    apply_results([plan.changes[1]], library)
    bandit = {c.name: c for _, c in library.load_characters().items}["Ford bandit"]
    assert bandit.dead and bandit.wounds == 6


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from yags_desk.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_refuses_several_rows_for_one_file_and_names_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    library = Library.open()
    saved = str(library.save_encounter(bandits(library)))
    before = files(library)
    code, out, err = run(capsys, "apply-results", saved)
    assert code == 1 and out == ""
    assert ("apply-results: Bandit 1, Bandit 2 and Bandit 3 are all made from "
            f"{file_of(library, 'Ford bandit')}" in err)
    assert '--pick "Bandit 1"' in err and "nothing written" in err
    assert files(library) == before  # Aldric's file untouched too
    code, _, err = run(capsys, "apply-results", saved, "--dry-run")
    assert code == 1 and file_of(library, "Ford bandit") in err


def test_cli_pick_names_the_one_the_file_keeps(capsys: pytest.CaptureFixture[str]) -> None:
    library = Library.open()
    saved = str(library.save_encounter(bandits(library)))
    code, out, _ = run(capsys, "apply-results", saved, "--pick", "Bandit 2")
    assert code == 0
    bandit = file_of(library, "Ford bandit")
    assert f"skipped: Bandit 1: {bandit} keeps Bandit 2's results (--pick)" in out
    assert f"skipped: Bandit 3: {bandit} keeps Bandit 2's results (--pick)" in out
    assert "Wrote 2 character files." in out
    now = {c.name: c for _, c in library.load_characters().items}
    bandit_now = now["Ford bandit"]
    assert (now["Aldric"].wounds, bandit_now.wounds, bandit_now.dead) == (1, 2, False)


def test_cli_pick_of_no_row_or_of_two_rows_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    library = Library.open()
    saved = str(library.save_encounter(bandits(library)))
    before = files(library)
    code, _, err = run(capsys, "apply-results", saved, "--pick", "Bandit 9")
    assert code == 1 and "--pick Bandit 9: no combatant of that name" in err
    code, _, err = run(capsys, "apply-results", saved, "--pick", "Bandit 1",
                       "--pick", "Bandit 3")
    assert code == 1 and "--pick names more than one of them" in err
    assert files(library) == before


def test_cli_minor_rows_left_out_name_the_flag_and_do_not_clash(
        capsys: pytest.CaptureFixture[str]) -> None:
    library = Library.open()
    saved = str(library.save_encounter(bandits(library, minor=True)))
    code, out, _ = run(capsys, "apply-results", saved)
    assert code == 0
    assert "skipped: Bandit 1: a minor NPC, left out (--include-minor writes it too)" in out
    assert "tick" not in out
    assert "Wrote 1 character file." in out
    code, _, err = run(capsys, "apply-results", saved, "--include-minor")
    bandit = file_of(library, "Ford bandit")
    assert code == 1 and f"Bandit 1, Bandit 2 and Bandit 3 are all made from {bandit}" in err
