"""End of a fight -> the characters' files (issue 16, item 1).

:func:`plan_results` compares each combatant that has a character file in the
library (same character id) with that file: wounds (0.8: with those past
Fatal), stuns, short and long fatigue as the fighter leaves the fight
(:func:`~yags_desk.rules.combat.aftermath.survivor`), and what the file has no
field for (dying, unconscious; a weapon broken or dropped) as a dated line
added to the notes; a death also marks the file dead. Minor NPCs (RULES 1.6
GM option) are left out unless asked for. Several combatants made from one file
(three Bandits from bandit.json) each get a row marked ``shared``: only one of
them may be written (:func:`same_file` finds those chosen together).
:func:`apply_results` writes the chosen changes through
:meth:`Library.save_character`, and returns the files' previous bytes so one
undo (:func:`restore_files`) puts every file back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import ValidationError

from yags_desk.rules.character import Character
from yags_desk.rules.combat.aftermath import survivor
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.tracks import v08_stun_level
from yags_desk.rules.tracks import wound_level as _wound_level
from yags_desk.storage.documents import (
    atomic_write_bytes,
    format_validation_error,
    read_document,
    read_file_bytes,
)
from yags_desk.storage.encounter_file import Encounter, encounter_log
from yags_desk.storage.library import Library

__all__ = ["CharacterResult", "FilesChanged", "ResultsPlan", "and_list", "apply_results",
           "changed_since_planned", "on_file_now", "plan_results", "restore_files",
           "same_file", "shared_reason", "wound_level"]

# Conditions that outlast the fight and are worth writing down (RULES 1.6, RULES 2).
LASTING = ("dead", "dying", "unconscious")


def wound_level(character: Character) -> str:
    """The character's current wound level in words (see ``rules.tracks.wound_level``)."""
    return _wound_level(character.edition, character.body_boxes, character.wounds)


@dataclass(frozen=True)
class CharacterResult:
    """What one fight changes in one character file."""

    fid: str
    name: str
    path: Path
    before: Character
    after: Character
    minor: bool
    lines: tuple[str, ...]  # readable, one change a line
    # The file's fields that differ from the copy the fight started with: the GM
    # must agree before they are written over (issue 16, bad input).
    edited: tuple[str, ...] = ()
    # The names of every row this fight has for the same file (this one too), when
    # several combatants were made from it; only one of them may be written.
    shared: tuple[str, ...] = ()
    # The line the fight adds to the notes ("" when none, or the notes hold it).
    note: str = ""

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True)
class ResultsPlan:
    encounter: str  # its name
    changes: tuple[CharacterResult, ...]
    skipped: tuple[str, ...]  # why a combatant is left out, one line each


def _stuns(c: Character) -> str:
    return v08_stun_level(c.stuns)[0] + (f" ({c.stuns})" if c.stuns else "")


def _fatigue(c: Character) -> str:
    return f"{c.fatigue_short} short, {c.fatigue_long} long"


def _note(f: FighterState, encounter: str) -> str:
    lasting = ["dead"] if f.dead else [name for name, _ in f.conditions if name in LASTING]
    weapons = [f"{weapon} {how}" for weapon, how in f.weapons_state if how != "damaged"]
    weapons += [f"{weapon} damaged" for weapon, how in f.weapons_state if how == "damaged"]
    if not lasting and not weapons:
        return ""
    return f"After the fight \u201c{encounter}\u201d: {', '.join(lasting + weapons)}."


def _lines(before: Character, after: Character, note: str) -> tuple[str, ...]:
    lines = []
    if before.wounds != after.wounds:
        lines.append(f"Wounds: {wound_level(before)} \u2192 {wound_level(after)}")
    if before.edition == "0.8" and before.stuns != after.stuns:
        lines.append(f"Stuns: {_stuns(before)} \u2192 {_stuns(after)}")
    if (before.fatigue_short, before.fatigue_long) != (after.fatigue_short, after.fatigue_long):
        lines.append(f"Fatigue: {_fatigue(before)} \u2192 {_fatigue(after)}")
    if after.dead and not before.dead:
        lines.append("Dead: the file is marked dead (the dead do not heal)")
    if note:
        lines.append(f"Notes gain: {note}")
    return tuple(lines)


def _onto(before: Character, tracks: FighterState | Character, note: str,
          died: bool) -> tuple[Character, str]:
    """``before`` with the fight's wounds, stuns and fatigue (``tracks``), ``note``
    added to its notes unless they hold it, and marked dead if it ``died`` (RULES
    1.6 / RULES 2: killed); and the note the notes gain ("" when none). Raises
    ValidationError when the file's tracks no longer fit those numbers."""
    notes = before.notes
    if note and note not in notes:
        notes = f"{notes.rstrip()}\n{note}".lstrip() if notes.strip() else note
    update = {"wounds": tracks.wounds, "stuns": tracks.stuns,
              "fatigue_short": tracks.fatigue_short, "fatigue_long": tracks.fatigue_long,
              "notes": notes, "dead": before.dead or died}
    after = Character.model_validate(before.model_dump() | update)
    return after, (note if note not in before.notes else "")


def _result(state: CombatState, f: FighterState, path: Path, before: Character,
            encounter: str) -> CharacterResult:
    try:
        after, note = _onto(before, survivor(state, f.id), _note(f, encounter), f.dead)
    except ValidationError as exc:  # the file's tracks no longer fit the fight's numbers
        raise ValueError("; ".join(format_validation_error(exc))) from None
    return CharacterResult(f.id, f.name, path, before, after, f.minor,
                           _lines(before, after, note), note=note)


def _edited(start: Character, now: Character) -> tuple[str, ...]:
    """The fields of ``now`` (the file) that differ from ``start`` (the fight's copy)."""
    a, b = start.model_dump(), now.model_dump()
    return tuple(name.replace("_", " ") for name in b if a.get(name) != b[name])


def and_list(names: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def shared_reason(names: Sequence[str], path: Path) -> str:
    """Why rows made from one file cannot all be written."""
    return (f"{and_list(names)} are {'both' if len(names) == 2 else 'all'} made from "
            f"{path.name}: it can keep the results of only one of them")


def same_file(results: Iterable[CharacterResult]) -> list[tuple[Path, tuple[str, ...]]]:
    """Each file that two or more of ``results`` would write, with their names.

    Written one after another, the last would silently win (issue 16), so
    callers refuse these.
    """
    by_path: dict[Path, list[str]] = {}
    for result in results:
        by_path.setdefault(result.path, []).append(result.name)
    return [(path, tuple(names)) for path, names in by_path.items() if len(names) > 1]


def _mark_shared(changes: list[CharacterResult]) -> list[CharacterResult]:
    """Each row whose file another row also has, marked with all their names.

    [decision] Rows, not combatants: a combatant the fight did not change (or a
    minor NPC left out) writes nothing, so it cannot be overwritten."""
    shared = dict(same_file(changes))
    return [replace(r, shared=shared[r.path]) if r.path in shared else r for r in changes]


def plan_results(encounter: Encounter, library: Library, include_minor: bool = False,
                 minor_hint: str = "tick it to include it") -> ResultsPlan:
    """Per combatant with a character file, the changes the fight makes to it.

    ``minor_hint``: how the caller includes a minor NPC left out (the window
    ticks its row, the command line names a flag).

    Raises RulesError (from replaying the events) for an encounter the rules refuse.
    """
    state = encounter_log(encounter).state
    files = {c.id: (path, c) for path, c in library.load_characters().items}
    changes: list[CharacterResult] = []
    skipped: list[str] = []
    for combatant in encounter.combatants:
        f = state.fighter(combatant.id)
        if f.minor and not include_minor:
            skipped.append(f"{f.name}: a minor NPC, left out ({minor_hint})")
            continue
        if f.character.id not in files:
            skipped.append(f"{f.name}: no character file in the library has this "
                           "character; nothing to write")
            continue
        path, before = files[f.character.id]
        try:
            result = _result(state, f, path, before, encounter.name)
        except ValueError as exc:
            skipped.append(f"{f.name}: {path.name} cannot take the fight's results ({exc})")
            continue
        edited = _edited(combatant.character, before)
        if edited:
            result = replace(result, edited=edited, lines=(
                f"{path.name} was changed since the fight began ({', '.join(edited)}); "
                "writing keeps those changes and overwrites wounds, stuns and fatigue",
                *result.lines))
        if not result.changed:
            skipped.append(f"{f.name}: no change")
            continue
        changes.append(result)
    return ResultsPlan(encounter.name, tuple(_mark_shared(changes)), tuple(skipped))


def _reads_as(path: Path, character: Character) -> bool:
    """Whether ``path`` still holds ``character`` (a file removed or no longer
    readable does not)."""
    try:
        return read_document(path, "character").model == character
    except (OSError, ValueError):
        return False


def changed_since_planned(results: Iterable[CharacterResult]) -> list[CharacterResult]:
    """The results whose file no longer holds the character :func:`plan_results`
    read from it (changed by healing, the character editor or another fight since,
    removed, or no longer readable): writing ``after`` would lose those changes."""
    return [r for r in results if not _reads_as(r.path, r.before)]


class FilesChanged(ValueError):
    """:func:`apply_results` refused: files changed since the results were worked out."""

    def __init__(self, results: Sequence[CharacterResult]) -> None:
        self.results = tuple(results)
        super().__init__(
            f"{and_list([r.path.name for r in results])} changed since the fight's results "
            "were worked out from "
            f"{'it' if len(results) == 1 else 'them'} (healing, the character editor or "
            "another fight)")


def on_file_now(result: CharacterResult) -> CharacterResult:
    """``result`` worked out again on its file as it is now: the later changes kept,
    the fight's wounds, stuns and fatigue written over them, its note added and a
    death marked, as for a file changed since the fight began.

    Raises ValueError naming the file when it is gone, unreadable, or its tracks
    no longer take the fight's numbers."""
    name = result.path.name
    try:
        now = read_document(result.path, "character").model
    except FileNotFoundError:
        raise ValueError(f"{name} is no longer there") from None
    except (OSError, ValueError) as exc:
        raise ValueError(f"{name} cannot be read ({exc})") from None
    if not isinstance(now, Character):
        raise ValueError(f"{name} is no longer a character file")
    died = result.after.dead and not result.before.dead
    try:
        new, note = _onto(now, result.after, result.note, died)
    except ValidationError as exc:
        raise ValueError(f"{name} cannot take the fight's results now "
                         f"({'; '.join(format_validation_error(exc))})") from None
    return replace(result, before=now, after=new, lines=_lines(now, new, note), note=note)


def apply_results(results: Iterable[CharacterResult], library: Library, *,
                  over_changes: bool = False) -> list[tuple[Path, bytes]]:
    """Write each result's character; returns (file, its bytes before) for undo.

    If a write fails, the files already written are put back before the error
    propagates, so the step is all or nothing. Two results for one file are
    refused (ValueError) before anything is written: the last would win. So is
    a file that changed since the result was worked out (:class:`FilesChanged`),
    unless ``over_changes`` (the GM agreed to write over it): the check is made
    here, right before writing, not only when the results were listed (issue 16).
    """
    results = tuple(results)
    clashes = same_file(results)
    if clashes:
        raise ValueError("; ".join(shared_reason(names, path) for path, names in clashes))
    if not over_changes:
        changed = changed_since_planned(results)
        if changed:
            raise FilesChanged(changed)
    previous: list[tuple[Path, bytes]] = []
    try:
        for result in results:
            old = read_file_bytes(result.path)
            library.save_character(result.after, result.path)
            previous.append((result.path, old))
    except BaseException:
        restore_files(previous)
        raise
    return previous


def restore_files(previous: Sequence[tuple[Path, bytes]]) -> None:
    """Put files back as they were (the undo of :func:`apply_results`).

    All or nothing, so an undo that fails can say the files are as they were:
    if a write fails, the files already put back get the bytes they held again
    (one removed meanwhile is removed again) before the error propagates.
    """
    done: list[tuple[Path, bytes | None]] = []
    try:
        for path, data in reversed(previous):
            try:
                now: bytes | None = read_file_bytes(path)
            except FileNotFoundError:
                now = None
            atomic_write_bytes(path, data)
            done.append((path, now))
    except BaseException:
        for path, now in reversed(done):
            try:
                if now is None:
                    path.unlink(missing_ok=True)
                else:
                    atomic_write_bytes(path, now)
            except OSError:  # the first error is the one to report
                pass
        raise
