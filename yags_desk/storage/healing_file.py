"""The healing record file: one or more patients healing side by side (issue 16).

A ``healing`` file holds, per patient, the character file it belongs to (by
character id, with the file name as a hint) and that patient's
:class:`~yags_desk.rules.healing.HealingData`: the condition when healing
began (a full copy of the character then) and every entry as it was made,
dated in game time. The carers are named with their character ids so a
record can find them again. The rules replay every patient's entries when
the file is read (RULES 1.10 classic, RULES 2 for 0.8), so a hand-edited
file with an impossible roll is refused with the entry named.

:func:`~yags_desk.storage.healing_write.write_characters` puts each
patient's current wounds, stuns and fatigue into its character file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from yags_desk.rules.character import Character, new_id
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import GameTime, HealingData, HealingRecord, HealingStart, Patient
from yags_desk.storage.encounter_file import now_iso

__all__ = [
    "MAX_CARERS",
    "MAX_PATIENTS",
    "HealingCarer",
    "HealingFile",
    "HealingPatient",
    "healed_character",
    "migrate_v1",
    "new_healing_file",
    "patient_records",
    "refuse_dead",
    "with_records",
]

MAX_PATIENTS = 50  # the carer's bonus is shared by at most 50 patients (rules)
MAX_CARERS = 20
_ID_PATTERN = r"^[A-Za-z0-9_-]+$"


class HealingPatient(BaseModel):
    """One patient: its character file (a name in the library's characters folder)
    and its healing so far.

    ``wrote`` is the SHA-256 of the character file's bytes as this record last
    wrote them (or as they were when the patient was added from the file as it
    was: healing_write.in_step_from_start), then "@" and the file's modification
    time in nanoseconds ("" when neither): the file still matching both means
    nothing else wrote it since (even a fight leaving the same numbers rewrites the
    file), so ``yags-desk heal`` may go on with this record (re-audit 16 item 3;
    storage/written.py keeps bytes the same way).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    file: str = Field(default="", max_length=255)
    healing: HealingData
    wrote: str = Field(default="", max_length=100, pattern=r"^([0-9a-f]{64}@[0-9]+)?$")

    @property
    def character_id(self) -> str:
        return self.healing.start.patient.id

    @property
    def name(self) -> str:
        return self.healing.start.patient.name


class HealingCarer(BaseModel):
    """Someone looking after the patients: a character of the library."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=100)
    character_id: str = Field(min_length=1, max_length=64, pattern=_ID_PATTERN)
    file: str = Field(default="", max_length=255)


class HealingFile(BaseModel):
    """The ``data`` of a ``healing`` file."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(default_factory=new_id, min_length=1, max_length=64, pattern=_ID_PATTERN)
    name: str = Field(min_length=1, max_length=200)
    edition: Edition
    patients: tuple[HealingPatient, ...] = Field(min_length=1, max_length=MAX_PATIENTS)
    carers: tuple[HealingCarer, ...] = Field(default=(), max_length=MAX_CARERS)
    notes: str = Field(default="", max_length=20_000)
    created: str = Field(default_factory=now_iso, max_length=64)
    modified: str = Field(default_factory=now_iso, max_length=64)

    @model_validator(mode="after")
    def _consistent(self) -> HealingFile:
        seen: set[str] = set()
        for number, patient in enumerate(self.patients):
            where = f"patients.{number}"
            character = patient.healing.start.patient
            if character.edition != self.edition:
                raise ValueError(f"{where}.healing.start.patient.edition: {character.name!r} "
                                 f"is a {character.edition} character; this record is "
                                 f"{self.edition}")
            if character.id in seen:
                raise ValueError(f"{where}.healing.start.patient.id: {character.name!r} is "
                                 "in the record twice")
            seen.add(character.id)
            try:  # the rules replay every entry: an impossible roll is named
                HealingRecord.from_data(patient.healing)
            except RulesError as exc:
                raise ValueError(f"{where}.healing.{exc}") from None
        carers: set[str] = set()
        for number, carer in enumerate(self.carers):
            if carer.character_id in carers:
                raise ValueError(f"carers.{number}.character_id: {carer.name!r} is listed "
                                 "twice")
            carers.add(carer.character_id)
        return self


def new_healing_file(name: str,
                     patients: Sequence[tuple[Path | None, Character | HealingStart]],
                     at: GameTime | None = None, carers: Sequence[tuple[Path | None,
                                                                       Character]] = (),
                     tended: bool = False) -> HealingFile:
    """A record starting now in game time (day 1, 00:00 unless ``at``) for ``patients``.

    A patient given as a character starts as its file is (wounds, stuns,
    fatigue; ``tended`` for all of them); one given as a
    :class:`~yags_desk.rules.healing.HealingStart` starts there (a fight's end:
    unconscious, first-aided, the encounter's 0.8 penalty table). ValueError (a
    pydantic ValidationError) names the field when they do not fit.
    """
    if not patients:
        raise ValueError("patients: a healing record needs at least one patient")
    when = at or GameTime(day=1)
    starts = [(path, p if isinstance(p, HealingStart)
               else HealingStart(patient=p, at=when, tended=tended)) for path, p in patients]
    refuse_dead(s.patient for _, s in starts)
    edition = starts[0][1].patient.edition
    stamp = now_iso()
    return HealingFile(
        name=name, edition=edition,
        patients=tuple(HealingPatient(file=path.name if path else "",
                                      healing=HealingData(start=start))
                       for path, start in starts),
        carers=tuple(HealingCarer(name=c.name, character_id=c.id,
                                  file=path.name if path else "") for path, c in carers),
        created=stamp, modified=stamp)


def refuse_dead(patients: Iterable[Character]) -> None:
    """ValueError naming the patients whose files say they are dead: they do not heal."""
    dead = [c.name for c in patients if c.dead]
    if dead:
        raise ValueError(f"patients: {', '.join(dead)} "
                         f"{'is' if len(dead) == 1 else 'are'} dead (so the character file "
                         "says); the dead do not heal")


def patient_records(record: HealingFile) -> list[HealingRecord]:
    """Each patient's healing as a record to push entries on (same order as the file)."""
    return [HealingRecord.from_data(p.healing) for p in record.patients]


def with_records(record: HealingFile, records: Sequence[HealingRecord]) -> HealingFile:
    """``record`` holding the entries of ``records`` now, modified now (for saving)."""
    if len(records) != len(record.patients):
        raise ValueError(f"patients: {len(records)} records for {len(record.patients)} "
                         "patients")
    patients = tuple(p.model_copy(update={"healing": r.data()})
                     for p, r in zip(record.patients, records, strict=True))
    return record.model_copy(update={"patients": patients, "modified": now_iso()})


def healed_character(before: Character, state: Patient) -> Character:
    """``before`` with the patient's wounds, stuns and fatigue now.

    Only the numbers change, and a death marks the file dead (with a dated line
    in the notes saying when).
    """
    update: dict[str, object] = {"wounds": min(state.wounds, sum(before.body_boxes))
                                 if before.edition == "classic" else state.wounds,
                                 "fatigue_short": state.fatigue_short,
                                 "fatigue_long": state.fatigue_long}
    if before.edition == "0.8":
        update["stuns"] = getattr(state, "stuns", before.stuns)
    if state.status == "dead":
        update["dead"] = True
        line = f"Died while healing ({state.now})."
        if line not in before.notes:
            update["notes"] = f"{before.notes.rstrip()}\n{line}".lstrip()
    else:
        if before.dead:  # alive again: the roll that killed was undone
            update["dead"] = False
        if _DEATH_LINE.search(before.notes):  # and the line saying so goes with it
            update["notes"] = _DEATH_LINE.sub("", before.notes).strip("\n")
    return Character.model_validate(before.model_dump() | update)


# The line healed_character writes for a death, on a line of its own.
_DEATH_LINE = re.compile(r"^Died while healing \([^()\n]*\)\.\n?", re.MULTILINE)


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2 (healing leftovers item 4). Version 2 added the ``come_round``
    entry (an unconscious patient coming round, rules/healing/waking.py) and each
    patient's ``wrote`` (optional: "" when the record never wrote the file). A version
    1 record has neither, so its data reads as it is; the build that introduced them
    still wrote version 1, and those files read unchanged too. The entries are
    replayed by the rules on reading, as for any record."""
    if not isinstance(data.get("patients"), list):
        raise ValueError("patients: expected a list of patients")
    return dict(data)


def _register() -> None:
    from yags_desk.storage import documents

    documents.MIGRATIONS.setdefault(("healing", 1), migrate_v1)


_register()
