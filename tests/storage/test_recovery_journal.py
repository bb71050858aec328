"""An encounter's recovery copy plus the events appended beside it (issue 12
item 2): what a restart after a crash reads back."""

from __future__ import annotations

from pathlib import Path

from yags_desk.rules.combat.events import EndRound, SetCondition
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.library import Library
from yags_desk.storage.recovery_journal import journal_path, read_with_journal

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample_library" / "encounters"


def _encounter() -> Encounter:
    from yags_desk.storage.documents import read_document

    model = read_document(SAMPLE / "ford-ambush.json", "encounter").model
    assert isinstance(model, Encounter)
    return model


EVENTS = [SetCondition(id="aldric", condition="prone"),
          SetCondition(id="torvald", condition="berserk"),
          EndRound()]


def test_appended_events_come_back_after_the_snapshot(home: Path) -> None:
    library = Library.open()
    base = _encounter()
    copy = library.autosave("fight", "encounter", base)
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS[:2])
    library.append_recovery_events("fight", 2, EVENTS[2:])
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter)
    assert model.events == tuple(EVENTS)
    assert model.combatants == base.combatants


def test_a_line_cut_short_by_a_crash_ends_the_journal(home: Path) -> None:
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS[:2])
    with open(journal_path(copy), "a", encoding="utf-8") as f:
        f.write('{"i":2,"event":{"type":"end_ro')  # the program died mid-write
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == tuple(EVENTS[:2])


def test_out_of_order_or_refused_events_are_not_taken(home: Path) -> None:
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS[:1])
    library.append_recovery_events("fight", 5, EVENTS[1:2])  # a gap: stop there
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == tuple(EVENTS[:1])
    journal_path(copy).write_text('{"i":0,"event":{"type":"no_such_event"}}\n',
                                  encoding="utf-8")
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == ()


def test_a_new_snapshot_replaces_the_journal_and_discard_removes_both(home: Path) -> None:
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS)
    assert journal_path(copy).exists()
    library.autosave("fight", "encounter", _encounter().model_copy(
        update={"events": tuple(EVENTS[:1])}))
    assert not journal_path(copy).exists()  # the snapshot holds all there is
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == tuple(EVENTS[:1])
    library.append_recovery_events("fight", 1, EVENTS[1:])
    library.discard_recovery(copy)
    assert not copy.exists() and not journal_path(copy).exists()
    assert library.pending_recoveries() == []


def test_a_journal_of_another_snapshot_is_never_added(home: Path) -> None:
    # A crash between writing a new snapshot (after an undo) and removing the old
    # journal, or a second board on the same encounter, must not bring back events.
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS)
    stale = journal_path(copy).read_bytes()
    library.autosave("fight", "encounter", _encounter().model_copy(
        update={"events": tuple(EVENTS[:1]), "notes": "after the undo"}))
    journal_path(copy).write_bytes(stale)  # the old journal survived the crash
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == tuple(EVENTS[:1])


def test_events_the_rules_refuse_on_replay_are_dropped_not_the_whole_fight(
        home: Path) -> None:
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS[:1])
    # Valid JSON and schema, but a condition on nobody: the rules refuse it.
    library.append_recovery_events("fight", 1, [SetCondition(id="nobody", condition="x")])
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == tuple(EVENTS[:1])


def test_appending_after_the_copy_was_discarded_asks_for_a_new_one(home: Path) -> None:
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS[:1])
    library.discard_recovery(copy)  # saved: the copy and its journal go
    try:
        library.append_recovery_events("fight", 1, EVENTS[1:2])
    except FileNotFoundError:
        pass
    else:
        raise AssertionError("an orphan journal was written")
    assert not journal_path(copy).exists()


def test_journal_lines_hold_the_events_json_values_and_a_nan_writes_nothing(
        home: Path) -> None:
    """Each line holds what json.dumps(model_dump(mode="json")) would (issue 18:
    pydantic writes them); an event JSON cannot hold is refused as json.dumps
    refuses it, before anything reaches the journal."""
    import json

    import pytest

    from yags_desk.rules.combat.events import AddCombatant

    library = Library.open()
    base = _encounter()
    copy = library.autosave("fight", "encounter", base)
    assert copy is not None
    first = base.combatants[0]
    broken = AddCombatant(id="ghost", name="Ghost", side="x", row=0,
                          character=first.character.model_copy(
                              update={"other_load": float("nan")}))
    with pytest.raises(ValueError):
        library.append_recovery_events("fight", 0, [broken])
    assert not journal_path(copy).exists()
    library.append_recovery_events("fight", 0, EVENTS)
    lines = journal_path(copy).read_text(encoding="utf-8").splitlines()[1:]
    assert [json.loads(line) for line in lines] == [
        {"i": n, "event": e.model_dump(mode="json")} for n, e in enumerate(EVENTS)]
    assert lines[0] == json.dumps({"i": 0, "event": EVENTS[0].model_dump(mode="json")},
                                  ensure_ascii=False, separators=(",", ":"))


def test_the_journal_kept_open_follows_a_new_snapshot_and_a_journal_removed_under_it(
        home: Path) -> None:
    """The library keeps a fight's journal open between appends (issue 18): a new
    snapshot, a discard or a journal removed behind its back must not leave it
    writing into a file that is no longer the journal."""
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS[:1])
    library.autosave("fight", "encounter", _encounter().model_copy(
        update={"events": tuple(EVENTS[:1])}))  # an undo, say: a new snapshot
    library.append_recovery_events("fight", 1, EVENTS[1:2])
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == tuple(EVENTS[:2])
    journal_path(copy).unlink()  # gone behind the library's back: made again
    library.append_recovery_events("fight", 1, EVENTS[1:])
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == tuple(EVENTS)
    library.close_recovery_journal("fight")
    library.append_recovery_events("fight", 3, [SetCondition(id="aldric", condition="x")])
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and len(model.events) == 4


def test_two_fights_keep_two_journals(home: Path) -> None:
    library = Library.open()
    one = library.autosave("one", "encounter", _encounter())
    two = library.autosave("two", "encounter", _encounter())
    assert one is not None and two is not None and one != two
    library.append_recovery_events("one", 0, EVENTS[:1])
    library.append_recovery_events("two", 0, EVENTS[1:2])
    library.append_recovery_events("one", 1, EVENTS[2:])
    first, second = read_with_journal(one).model, read_with_journal(two).model
    assert isinstance(first, Encounter) and isinstance(second, Encounter)
    assert first.events == (EVENTS[0], EVENTS[2]) and second.events == (EVENTS[1],)


def test_a_line_separator_inside_an_event_keeps_the_events_after_it(home: Path) -> None:
    # U+2028 (text pasted into a note) is kept raw in a journal line: it must not
    # end the line, or that event and every later one would be dropped as cut short.
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    pasted = "pasted\u2028line\u2029and\x85more"
    events = [SetCondition(id="aldric", condition="prone", note="before"),
              SetCondition(id="torvald", condition="berserk", note=pasted),
              EndRound(note="after")]
    library.append_recovery_events("fight", 0, events[:1])
    library.append_recovery_events("fight", 1, events[1:2])
    library.append_recovery_events("fight", 2, events[2:])
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter)
    assert model.events == tuple(events)
    assert model.events[1].note == pasted


def test_the_journal_keeps_the_undo_steps_a_crash_cut_included(home: Path) -> None:
    # A restored fight's history lists the steps as the GM made them, not as
    # grouping by kind would guess them (two conditions set in one step here).
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS[:2], steps=(2,))
    library.append_recovery_events("fight", 2, EVENTS[2:], steps=(1,))
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter)
    assert model.events == tuple(EVENTS) and model.steps == (2, 1)
    # The crash came in the middle of a step: the step keeps what was written.
    lines = journal_path(copy).read_text(encoding="utf-8").split("\n")
    journal_path(copy).write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter)
    assert model.events == tuple(EVENTS[:1]) and model.steps == (1,)


def test_a_journal_naming_no_steps_leaves_them_to_the_grouping_by_kind(home: Path) -> None:
    library = Library.open()
    copy = library.autosave("fight", "encounter", _encounter())
    assert copy is not None
    library.append_recovery_events("fight", 0, EVENTS[:2], steps=(2,))
    library.append_recovery_events("fight", 2, EVENTS[2:])  # as an older journal wrote
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter)
    assert model.events == tuple(EVENTS) and model.steps == ()


def test_events_without_floats_are_written_as_their_values_json() -> None:
    """Issue 18: an event whose schema holds no float is written by its pydantic
    serializer straight from the model; each line must still be, byte for byte,
    what json.dumps(model_dump(mode="json")) writes, for the events of real rounds
    and for notes of awkward text."""
    import json

    from benchmarks.bench_combat import long_log
    from yags_desk.rules.combat.events import AddCombatant, Attack, Declare, Wound
    from yags_desk.storage import recovery_journal

    def expected(event: object) -> bytes:
        values = event.model_dump(mode="json")  # type: ignore[attr-defined]
        return json.dumps(values, ensure_ascii=False, separators=(",", ":")).encode()

    events = list(long_log(1500, seed=4).events)
    odd = ['quote " and \\ backslash', "tab\tnew\nline\r\x01\x1f\x7f", "é ü — ½ 😀",
           "line\u2028separator\u2029paragraph\x85", "</script>&<>'"]
    events += [SetCondition(id="aldric", condition="prone", note=n) for n in odd]
    events += [Wound(id="aldric", levels=2, source=n, note=n) for n in odd]
    events += [Declare(id="aldric", target="torvald", style="Brawl", close=("a", "b"),
                       note=odd[2])]
    kinds = {type(e) for e in events}
    assert {Attack, Declare, SetCondition, Wound, EndRound} <= kinds
    for event in events:
        assert recovery_journal._event_json(event) == expected(event), event
    # The shortcut is taken for every kind but the one holding a character (whose
    # other_load is a float): its values' JSON, as before.
    assert AddCombatant in kinds and not recovery_journal._PLAIN[AddCombatant]
    assert all(recovery_journal._PLAIN[k] for k in kinds - {AddCombatant})


def test_a_prepared_snapshot_s_digest_heads_its_journal_while_the_file_is_that_one(
        home: Path, monkeypatch: object) -> None:
    """Issue 18: the digest of a copy written from a prepared document is worked out
    with its bytes, not by reading the copy back in the first step; the header must
    still name the file on disk, also when it changed behind the library's back."""
    import hashlib
    import json
    import os

    import pytest

    from yags_desk.storage import recovery_journal
    from yags_desk.storage.documents import prepare_document

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    library = Library.open()
    base = _encounter()
    prepared = prepare_document("encounter", base)
    assert prepared is not None
    copy = library.autosave("fight", "encounter", base, prepared=prepared)
    assert copy is not None

    def header() -> str:
        first = journal_path(copy).read_text(encoding="utf-8").split("\n")[0]
        return str(json.loads(first)["snapshot"])

    read: list[Path] = []
    real_read = Path.read_bytes

    def counted(path: Path) -> bytes:
        read.append(path)
        return real_read(path)

    monkeypatch.setattr(Path, "read_bytes", counted)
    library.append_recovery_events("fight", 0, EVENTS[:1])
    assert read == []  # the digest came with the prepared bytes
    assert header() == hashlib.sha256(copy.read_bytes()).hexdigest()
    model = read_with_journal(copy).model
    assert isinstance(model, Encounter) and model.events == tuple(EVENTS[:1])

    # The same bytes written again from the model (not prepared): read and hashed.
    library.autosave("fight", "encounter", base)
    library.append_recovery_events("fight", 0, EVENTS[:1])
    assert copy in read
    assert header() == hashlib.sha256(copy.read_bytes()).hexdigest()

    # A prepared copy changed behind the library's back, in place and as long: its
    # journal names the file as it is now, not the digest worked out before.
    library.autosave("fight", "encounter", base, prepared=prepared)
    data = bytearray(copy.read_bytes())
    at = data.index(b'"name": "') + len(b'"name": "')
    data[at] = ord("X") if data[at] != ord("X") else ord("Y")
    with open(copy, "r+b") as f:
        f.write(bytes(data))
    stat = os.stat(copy)
    os.utime(copy, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))
    read.clear()
    library.append_recovery_events("fight", 0, EVENTS[:1])
    assert read == [copy]
    assert header() == hashlib.sha256(bytes(data)).hexdigest() != prepared.digest
    assert recovery_journal.snapshot_signature(copy) is not None
