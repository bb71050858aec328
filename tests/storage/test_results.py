"""End of a fight -> the characters' files (issue 16, item 1)."""

from __future__ import annotations

import pytest

from tests.rules.builders import classic, v08
from yags_desk.rules.combat.events import Check, Effect, Fatigue, SetCondition, Stuns, Wound
from yags_desk.storage.documents import read_document
from yags_desk.storage.encounter_file import Combatant, Encounter, new_encounter
from yags_desk.storage.library import Library
from yags_desk.storage.results import apply_results, plan_results, restore_files, wound_level


def fight(library: Library, edition: str = "classic") -> Encounter:
    make = classic if edition == "classic" else v08
    aldric = make("Aldric")
    bandit = make("Varn").model_copy(update={"kind": "npc"})
    mook = make("Mook").model_copy(update={"kind": "npc"})
    for c in (aldric, bandit, mook):
        library.save_character(c)
    stranger = make("Stranger")  # not in the library
    enc = new_encounter("Ambush at the ford", edition, (  # type: ignore[arg-type]
        Combatant(id="a", name="Aldric", side="pcs", character=aldric),
        Combatant(id="b", name="Varn", side="bad", character=bandit),
        Combatant(id="m", name="Mook", side="bad", character=mook, minor=True),
        Combatant(id="s", name="Stranger", side="pcs", character=stranger)))
    events = [Wound(id="a", levels=3), Fatigue(id="a", levels=1),
              Fatigue(id="a", levels=1, term="long"),
              Wound(id="b", levels=2), SetCondition(id="b", condition="unconscious"),
              Check(id="b", kind="other", effects=(
                  Effect(target="b", kind="weapon_broken", name="Long sword"),)),
              Wound(id="m", levels=1), Wound(id="s", levels=1)]
    if edition == "0.8":
        events.append(Stuns(id="a", levels=2))
    return enc.model_copy(update={"events": tuple(events)})


def edit_aldric(library: Library, **update: object) -> None:
    """Aldric's file changed after the fight began (as by the character editor)."""
    path, aldric = next((p, c) for p, c in library.load_characters().items
                        if c.name == "Aldric")
    library.save_character(aldric.model_copy(update=update), path)


def test_plan_lists_changes_per_named_character_and_leaves_minor_out() -> None:
    library = Library.open()
    plan = plan_results(fight(library), library)
    assert [r.name for r in plan.changes] == ["Aldric", "Varn"]
    aldric, bandit = plan.changes
    assert aldric.before.wounds == 0 and aldric.after.wounds == 3
    assert (aldric.after.fatigue_short, aldric.after.fatigue_long) == (1, 1)
    assert "Wounds: Unhurt \u2192 Medium (-4), 3 levels" in aldric.lines
    assert "Fatigue: 0 short, 0 long \u2192 1 short, 1 long" in aldric.lines
    assert bandit.after.notes.endswith(
        "After the fight \u201cAmbush at the ford\u201d: unconscious, Long sword broken.")
    assert any("Mook: a minor NPC" in s for s in plan.skipped)
    assert any("Stranger: no character file" in s for s in plan.skipped)
    with_minor = plan_results(fight(library), library, include_minor=True)
    assert [r.name for r in with_minor.changes] == ["Aldric", "Varn", "Mook"]


def test_08_stuns_and_wounds_reach_the_file() -> None:
    library = Library.open()
    plan = plan_results(fight(library, "0.8"), library)
    aldric = plan.changes[0]
    assert (aldric.after.wounds, aldric.after.stuns) == (3, 2)
    assert any(line.startswith("Stuns: Okay \u2192") for line in aldric.lines)
    assert wound_level(aldric.after).endswith("3 wounds")


def test_apply_writes_the_files_and_restore_puts_them_back() -> None:
    library = Library.open()
    encounter = fight(library)
    plan = plan_results(encounter, library)
    before = {r.path: r.path.read_bytes() for r in plan.changes}
    previous = apply_results(plan.changes, library)
    on_disk = read_document(plan.changes[0].path, "character").model
    assert on_disk.wounds == 3  # type: ignore[attr-defined]
    again = plan_results(encounter, library)
    assert [r.name for r in again.changes] == []  # nothing left to change
    restore_files(previous)
    assert {p: p.read_bytes() for p in before} == before


def test_a_failed_write_puts_back_what_was_written(monkeypatch: pytest.MonkeyPatch) -> None:
    library = Library.open()
    plan = plan_results(fight(library), library)
    before = {r.path: r.path.read_bytes() for r in plan.changes}
    real = library.save_character
    calls = []

    def failing(character, path=None):  # type: ignore[no-untyped-def]
        calls.append(character.name)
        if len(calls) == 2:
            raise OSError("disk full")
        return real(character, path)

    monkeypatch.setattr(library, "save_character", failing)
    with pytest.raises(OSError):
        apply_results(plan.changes, library)
    assert {p: p.read_bytes() for p in before} == before


def save_fight(library: Library, edition: str = "classic") -> str:
    return str(library.save_encounter(fight(library, edition)))


def test_cli_prints_and_writes(capsys: pytest.CaptureFixture[str]) -> None:
    from yags_desk.cli import main

    library = Library.open()
    path = save_fight(library)
    assert main(["apply-results", path]) == 0
    out = capsys.readouterr().out
    assert "Aldric" in out and "Wounds: Unhurt \u2192 Medium (-4), 3 levels" in out
    assert "skipped: Mook: a minor NPC" in out and "skipped: Stranger" in out
    assert "Wrote 2 character files." in out
    wounds = {c.name: c.wounds for _, c in library.load_characters().items}
    assert (wounds["Aldric"], wounds["Varn"], wounds["Mook"]) == (3, 2, 0)


def test_cli_dry_run_writes_nothing_and_minor_is_included_when_asked(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from yags_desk.cli import main

    library = Library.open()
    path = save_fight(library)
    assert main(["apply-results", path, "--dry-run", "--include-minor", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in data["characters"]] == ["Aldric", "Varn", "Mook"]
    assert data["written"] is False
    assert all(c.wounds == 0 for _, c in library.load_characters().items
               if c.name in ("Aldric", "Varn", "Mook"))
    assert main(["apply-results", path, "--include-minor"]) == 0
    assert {c.name: c.wounds for _, c in library.load_characters().items}["Mook"] == 1


def test_cli_refuses_an_unreadable_encounter(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from yags_desk.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["apply-results", str(bad)]) == 1
    assert "bad.json" in capsys.readouterr().err
    assert main(["apply-results", str(tmp_path / "missing.json")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_a_file_changed_since_the_fight_began_is_flagged_and_the_cli_asks_first(
        capsys: pytest.CaptureFixture[str]) -> None:
    from yags_desk.cli import main

    library = Library.open()
    encounter = fight(library)
    edit_aldric(library, player="Ann")
    plan = plan_results(encounter, library)
    flagged = {r.name: r.edited for r in plan.changes}
    assert flagged == {"Aldric": ("player",), "Varn": ()}
    assert "was changed since the fight began (player)" in plan.changes[0].lines[0]
    saved = str(library.save_encounter(encounter))
    assert main(["apply-results", saved]) == 0
    out = capsys.readouterr().out
    assert "skipped: Aldric: " in out and "--overwrite-changed" in out
    now = {c.name: c for _, c in library.load_characters().items}
    assert (now["Aldric"].wounds, now["Varn"].wounds) == (0, 2)
    assert main(["apply-results", saved, "--overwrite-changed"]) == 0
    now = {c.name: c for _, c in library.load_characters().items}
    assert (now["Aldric"].wounds, now["Aldric"].player) == (3, "Ann")


def test_a_file_changed_after_the_plan_is_not_written_over() -> None:
    """The race of issue 16 (layout item 4): the results are worked out, then healing
    or the character editor saves Aldric's file, then they are written."""
    from yags_desk.storage.results import FilesChanged, changed_since_planned, on_file_now

    library = Library.open()
    plan = plan_results(fight(library), library)
    assert changed_since_planned(plan.changes) == []
    edit_aldric(library, notes="Healed by Sister Elin.", wounds=1)
    aldric, varn = plan.changes
    assert changed_since_planned(plan.changes) == [aldric]
    before = {r.path: r.path.read_bytes() for r in plan.changes}
    with pytest.raises(FilesChanged, match=aldric.path.name) as refused:
        apply_results(plan.changes, library)
    assert refused.value.results == (aldric,)
    assert {p: p.read_bytes() for p in before} == before  # neither file written
    # Worked out again on the file as it is now: the note kept, the fight's 3 levels
    # of wounds (Medium) written over the 1 the edit left.
    again = on_file_now(aldric)
    assert again.before.notes == "Healed by Sister Elin." and again.before.wounds == 1
    assert again.after.notes == "Healed by Sister Elin." and again.after.wounds == 3
    assert (again.after.fatigue_short, again.after.fatigue_long) == (1, 1)
    assert "Wounds: Hurt, 1 level \u2192 Medium (-4), 3 levels" in again.lines
    apply_results([again, varn], library)
    now = {c.name: c for _, c in library.load_characters().items}
    assert (now["Aldric"].wounds, now["Aldric"].notes) == (3, "Healed by Sister Elin.")
    assert now["Varn"].wounds == 2
    # Gone meanwhile: said, naming the file.
    aldric.path.unlink()
    with pytest.raises(ValueError, match=f"{aldric.path.name} is no longer there"):
        on_file_now(aldric)


def test_the_cli_does_not_write_over_a_file_changed_after_it_worked_out_the_results(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from yags_desk import cli
    from yags_desk.storage import results

    library = Library.open()
    path = save_fight(library)
    real_plan = results.plan_results

    def plan_then_edit(*args: object, **kwargs: object) -> results.ResultsPlan:
        plan = real_plan(*args, **kwargs)  # type: ignore[arg-type]
        edit_aldric(library, notes="Healed by Sister Elin.")  # between plan and write
        return plan

    monkeypatch.setattr(results, "plan_results", plan_then_edit)
    before = {p: p.read_bytes() for p in library.characters_dir.glob("*.json")}
    assert cli.main(["apply-results", path]) == 1
    err = capsys.readouterr().err
    assert "nothing written" in err and "changed since the fight's results were worked out" in err
    aldric = next(p for p in before if p.read_bytes() != before[p])  # the edit alone
    assert {p: p.read_bytes() for p in before if p != aldric} == {
        p: b for p, b in before.items() if p != aldric}
    assert next(c for _, c in library.load_characters().items
                if c.name == "Aldric").wounds == 0
