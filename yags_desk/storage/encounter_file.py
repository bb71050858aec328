"""The encounter file: edition, options, a starting roster and the events.

An encounter is its starting roster (combatants, each carrying a full copy of
its character) and the events of the fight so far; the combat engine computes
the current state from them (:func:`encounter_log`). Version 2 gives events
their schema (``yags_desk.rules.combat.events``) and options their model
(``RulesOptions``); version 1 files are upgraded on reading.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from yags_desk.rules.character import Character, new_id
from yags_desk.rules.combat.events import AddCombatant, Event, SizeClass
from yags_desk.rules.combat.things import Thing
from yags_desk.rules.editions import Edition
from yags_desk.rules.options import OPTIONAL_RULES, RulesOptions

if TYPE_CHECKING:  # the engine loads when a fight is replayed, not to list the library
    from yags_desk.rules.combat.log import CombatLog

__all__ = [
    "MAX_COMBATANTS",
    "MAX_EVENTS",
    "Combatant",
    "Encounter",
    "PlayersScreen",
    "ShownName",
    "encounter_log",
    "migrate_v1",
    "new_encounter",
    "now_iso",
    "with_log",
]

MAX_EVENTS = 100_000
MAX_COMBATANTS = 1_000
MAX_OPTIONS = 200

_ID_PATTERN = r"^[A-Za-z0-9_-]+$"


def now_iso() -> str:
    """The current time as an ISO 8601 timestamp with offset, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _check_timestamp(value: str) -> str:
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value[:40]!r} is not an ISO 8601 date and time, like "
                         "2025-03-01T19:30:00+00:00") from None
    return value


class Combatant(BaseModel):
    """One fighter on the board: its character, side and row (0 = front)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(default_factory=new_id, min_length=1, max_length=64, pattern=_ID_PATTERN)
    name: str = Field(min_length=1, max_length=100)
    side: str = Field(min_length=1, max_length=60)
    row: int = Field(default=0, ge=0, le=99)
    character: Character
    minor: bool = False  # an unimportant NPC (RULES 1.6 GM option)
    size_class: SizeClass = "medium"  # RULES 3.3 size class (counts while the option is on)
    surprised: bool = False  # RULES 3.2 surprised in the first round (while the option is on)
    thing: Thing | None = None  # RULES 3.3 breaking things: an object (a door)

    def as_event(self) -> AddCombatant:
        return AddCombatant(id=self.id, name=self.name, side=self.side, row=self.row,
                            character=self.character, minor=self.minor,
                            size_class=self.size_class, surprised=self.surprised,
                            thing=self.thing)


class ShownName(BaseModel):
    """The name the players' screen gives a fighter instead of its own ("Bandit", "?")."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(min_length=1, max_length=64, pattern=_ID_PATTERN)
    name: str = Field(min_length=1, max_length=100)


class PlayersScreen(BaseModel):
    """What the GM lets the players' screen show (issue 17 item 1): the NPCs revealed
    by hand, whether an NPC shows itself when it first acts, and names kept secret.
    Player characters are always shown."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    revealed: tuple[str, ...] = Field(default=(), max_length=MAX_COMBATANTS)
    reveal_on_act: bool = False
    names: tuple[ShownName, ...] = Field(default=(), max_length=MAX_COMBATANTS)

    def shown_name(self, fid: str) -> str | None:
        """The name the GM chose for ``fid`` on the players' screen (None: its own)."""
        return next((n.name for n in self.names if n.id == fid), None)

    def with_revealed(self, fid: str, on: bool) -> PlayersScreen:
        rest = tuple(x for x in self.revealed if x != fid)
        return self.model_copy(update={"revealed": (*rest, fid) if on else rest})

    def with_name(self, fid: str, name: str | None) -> PlayersScreen:
        rest = tuple(n for n in self.names if n.id != fid)
        names = (*rest, ShownName(id=fid, name=name)) if name else rest
        return self.model_copy(update={"names": names})


class Encounter(BaseModel):
    """The ``data`` of an ``encounter`` file."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(default_factory=new_id, min_length=1, max_length=64, pattern=_ID_PATTERN)
    name: str = Field(min_length=1, max_length=200)
    edition: Edition
    options: RulesOptions = Field(default_factory=RulesOptions)
    combatants: tuple[Combatant, ...] = Field(default=(), max_length=MAX_COMBATANTS)
    events: tuple[Event, ...] = Field(default=(), max_length=MAX_EVENTS)
    notes: str = Field(default="", max_length=20_000)
    # [decision] A new field with a default, not a new schema version: files written
    # before it load unchanged (nothing revealed, as before).
    players: PlayersScreen = Field(default_factory=PlayersScreen)
    # How many events each undo step of the board held, in order, so a reopened
    # encounter lists its history as it was made (issue 17 item 3). Steps that no
    # longer fit the events are ignored; events past them are grouped by kind.
    steps: tuple[Annotated[int, Field(ge=1, le=MAX_EVENTS)], ...] = Field(
        default=(), max_length=MAX_EVENTS)
    created: str = Field(default_factory=now_iso, max_length=64)
    modified: str = Field(default_factory=now_iso, max_length=64)

    @field_validator("created", "modified")
    @classmethod
    def _timestamps(cls, value: str) -> str:
        return _check_timestamp(value)

    @model_validator(mode="after")
    def _consistent(self) -> Encounter:
        seen: set[str] = set()
        for number, combatant in enumerate(self.combatants):
            if combatant.id in seen:
                raise ValueError(f"combatants.{number}.id: {combatant.id!r} is used by two "
                                 "combatants")
            seen.add(combatant.id)
            edition = combatant.character.edition
            if edition != self.edition:
                raise ValueError(
                    f"combatants.{number}.character.edition: {combatant.name!r} is a "
                    f"{edition} character; this encounter is {self.edition}")
        return self


def new_encounter(name: str, edition: Edition, combatants: tuple[Combatant, ...] = (),
                  options: RulesOptions | None = None) -> Encounter:
    """An encounter with no events yet, created and modified now."""
    stamp = now_iso()
    return Encounter(name=name, edition=edition, combatants=combatants,
                     options=options or RulesOptions(), created=stamp, modified=stamp)


def encounter_log(encounter: Encounter) -> CombatLog:
    """The fight so far: the roster, then every event replayed through the rules.

    Raises RulesError naming the first event the rules refuse
    ("events.12: Bandit 1 is dead and cannot attack (RULES 1.6)").
    """
    from yags_desk.rules.combat.log import CombatLog

    return CombatLog(encounter.edition, encounter.events, encounter.options,
                     roster=[c.as_event() for c in encounter.combatants])


def with_log(encounter: Encounter, log: CombatLog, steps: tuple[int, ...] = ()) -> Encounter:
    """The encounter holding ``log``'s events (grouped in undo ``steps``), modified
    now (for saving)."""
    return encounter.model_copy(update={"events": log.events, "steps": steps,
                                        "modified": now_iso()})


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: options become RulesOptions (the switched-on optional rules);
    events keep their content and must now match the event schema."""
    data = dict(data)
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise ValueError("options: expected an object of switches")
    unknown = [k for k, on in options.items() if on and k not in OPTIONAL_RULES]
    if unknown:
        raise ValueError(f"options: unknown optional rule {unknown[0]!r}")
    data["options"] = {"optional": sorted(k for k, on in options.items() if on)}
    return data


def _register() -> None:
    from yags_desk.storage import documents

    documents.MIGRATIONS.setdefault(("encounter", 1), migrate_v1)


_register()
