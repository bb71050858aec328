"""Problems in a GM's words: "Initiative must be a whole number", not pydantic's text.

Validation and file errors are built as ``field.path: message`` lines (see
:func:`yags_desk.storage.documents.format_validation_error`): exact, and what
the command line and the tests read. Everything the window shows goes through
:func:`gm_line` first, which turns the path into the label a GM knows
(:data:`FIELD_LABELS`) and pydantic's standard messages into plain phrases
(:data:`PHRASES`, one per pydantic error type). Messages the models write
themselves are already in words and are kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache

__all__ = ["FIELD_LABELS", "PHRASES", "field_label", "gm_line", "gm_lines", "gm_text",
           "plain_phrase"]

# Field names (the last part of a path) and the label a GM reads on the sheet,
# the dialogs and the printouts.
FIELD_LABELS: dict[str, str] = {
    # characters
    "name": "Name", "player": "Player", "kind": "Kind", "edition": "Edition",
    "notes": "Notes", "id": "Id (the file's own reference)",
    "strength": "Strength", "stamina": "Stamina", "agility": "Agility",
    "dexterity": "Dexterity", "perception": "Perception", "intelligence": "Intelligence",
    "empathy": "Empathy", "will": "Will", "size": "Size", "health": "Health",
    "wounds": "Wounds", "stuns": "Stuns", "fatigue_short": "Short-term fatigue",
    "fatigue_long": "Long-term fatigue", "base_soak": "Base soak",
    "other_load": "Other load", "value": "Value", "advantages": "Advantages",
    "skills": "Skills", "weapons": "Weapons", "armour": "Armour", "shield": "Shield",
    "coverage": "Coverage", "attributes": "Attributes",
    # weapons, shields and armour
    "init": "Initiative", "attack": "Attack", "defence": "Defence", "damage": "Damage",
    "toughness": "Toughness", "load": "Load", "skill": "Skill", "classes": "Classes",
    "properties": "Properties", "damage_type": "Damage type", "reach": "Reach",
    "bash": "Bash", "ranges": "Ranges", "increment": "Distance increment",
    "source": "Source", "half_protection": "Half protection", "half_load": "Half load",
    "full_protection": "Full protection", "full_load": "Full load",
    "protection": "Protection", "covers": "Covers", "builtin": "Built-in",
    # encounters and files
    "combatants": "Combatants", "side": "Side", "sides": "Sides", "count": "Figures",
    "options": "Options", "log": "Fight log", "round": "Round", "items": "Items",
    "schema_version": "File version", "data": "Contents", "document": "The file",
}

# Lists whose entries a path names by number (``skills.2``) or by name
# (``skills.Brawling``): the singular a GM reads before the entry's number.
_ENTRIES = {"skills": "Skill", "weapons": "Weapon", "armour": "Armour",
            "items": "Item", "combatants": "Combatant", "sides": "Side", "groups": "Group",
            "advantages": "Advantage", "log": "Log entry", "ranges": "Range band",
            "classes": "Class", "properties": "Property", "covers": "Body part"}

# pydantic error type -> (its message, as a pattern; the plain phrase). The
# phrase follows the field's label; ``{n}``/``{choices}`` come from the message.
# Order matters where one message starts like another.
PHRASES: dict[str, tuple[str, str]] = {
    "int_parsing": (r"Input should be a valid integer, unable to parse string as an "
                    r"integer", "must be a whole number"),
    "int_from_float": (r"Input should be a valid integer, got a number with a fractional "
                       r"part", "must be a whole number"),
    "int_type": (r"Input should be a valid integer", "must be a whole number"),
    "float_parsing": (r"Input should be a valid number, unable to parse string as a number",
                      "must be a number"),
    "float_type": (r"Input should be a valid number", "must be a number"),
    "finite_number": (r"Input should be a finite number", "must be an ordinary number"),
    "greater_than_equal": (r"Input should be greater than or equal to (?P<n>\S+)",
                           "must be at least {n}"),
    "less_than_equal": (r"Input should be less than or equal to (?P<n>\S+)",
                        "must be at most {n}"),
    "greater_than": (r"Input should be greater than (?P<n>\S+)", "must be more than {n}"),
    "less_than": (r"Input should be less than (?P<n>\S+)", "must be less than {n}"),
    "bool_parsing": (r"Input should be a valid boolean.*", "must be yes or no"),
    "bool_type": (r"Input should be a valid boolean", "must be yes or no"),
    "string_type": (r"Input should be a valid string", "must be text"),
    "dict_type": (r"Input should be a valid dictionary.*", "must be a group of named values"),
    "model_type": (r"Input should be a valid dictionary or instance of .*",
                   "must be a group of named values"),
    "list_type": (r"Input should be a valid (list|array)", "must be a list"),
    "tuple_type": (r"Input should be a valid tuple", "must be a list"),
    "string_too_short": (r"String should have at least 1 character", "must not be empty"),
    "string_too_short_n": (r"String should have at least (?P<n>\d+) characters",
                           "must be at least {n} characters long"),
    "string_too_long": (r"String should have at most (?P<n>\d+) characters?",
                        "must be at most {n} characters long"),
    "string_pattern_mismatch": (r"String should match pattern .*",
                                "may only hold lower-case letters, digits, '-', '_' and '.'"),
    "too_short": (r"(List|Tuple) should have at least (?P<n>\d+) items? after validation, "
                  r"not (?P<got>\d+)", "needs at least {n} values, not {got}"),
    "too_long": (r"(List|Tuple) should have at most (?P<n>\d+) items? after validation, "
                 r"not (?P<got>\d+)", "takes at most {n} values, not {got}"),
    "missing": (r"Field required", "is missing"),
    "extra_forbidden": (r"Extra inputs are not permitted",
                        "is not something YAGS Desk knows (misspelt, or from a newer "
                        "version?)"),
    "literal_error": (r"Input should be (?P<choices>.+)", "must be {choices}"),
    "enum": (r"Input should be (?P<choices>.+)", "must be {choices}"),
}


@cache
def _compiled() -> tuple[tuple[re.Pattern[str], str], ...]:
    """:data:`PHRASES` compiled, at the first message (not while the window starts)."""
    return tuple((re.compile(f"^{pattern}$", re.DOTALL), phrase)
                 for pattern, phrase in PHRASES.values())


# A phrase that reads on from the label ("Initiative must ..."); others get a colon.
_READS_ON = re.compile(r"^(must|is|are|may|needs|takes|has|have|cannot|should)\b")
_ROW = re.compile(r"^(?P<row>row \d+), (?P<rest>.*)$", re.DOTALL)
_LINE = re.compile(r"^(?P<where>[A-Za-z_][^:\n]*?): (?P<message>.*)$", re.DOTALL)


def plain_phrase(message: str) -> str:
    """pydantic's message in plain words; anything else as it is."""
    for pattern, phrase in _compiled():
        match = pattern.match(message)
        if match:
            return phrase.format(**match.groupdict())
    return message


def _label(part: str) -> str:
    return FIELD_LABELS.get(part, part.replace("_", " ").capitalize())


def field_label(path: str, labels: Mapping[str, str] | None = None) -> str:
    """``data.weapons.0.init`` -> ``Weapon 1: Initiative``; ``attributes.will`` -> ``Will``.

    ``labels`` (field name -> label) overrides :data:`FIELD_LABELS`, for a
    form whose own labels differ (classic calls wounds "Body levels taken").
    """
    parts = [p for p in path.split(".") if p]
    if parts[:1] == ["data"] and len(parts) > 1:
        parts = parts[1:]
    if parts[:1] == ["attributes"] and len(parts) > 1:
        parts = parts[1:]
    own = dict(labels or {})
    words: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        entry = _ENTRIES.get(part)
        if entry is not None and i + 1 < len(parts):
            which = parts[i + 1]
            named = f"{entry} {int(which) + 1}" if which.isdigit() else which
            if parts[i + 2:] == ["value"]:  # a skill's value is the skill itself
                words.append(named if which.isdigit() else f"{which} ({entry.lower()})")
                break
            words.append(named)
            i += 2
            continue
        words.append(own.get(part) or _label(part))
        i += 1
    if not words:
        return "The file"
    return ": ".join(words)


def _sentence(label: str, phrase: str) -> str:
    phrase = phrase.strip()
    if _READS_ON.match(phrase):
        return f"{label} {phrase}"
    return f"{label}: {phrase}"


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def gm_line(line: str, labels: Mapping[str, str] | None = None) -> str:
    """A ``field.path: message`` line as a GM reads it.

    ``"init: Input should be a valid integer, unable to parse string as an
    integer"`` becomes ``"Initiative must be a whole number"``; a line without
    a field path (a whole-file problem) only has its message put in words.
    """
    row = _ROW.match(line)
    if row is not None:  # a CSV import's "row 3, attack: ..."
        return f"{_first_upper(row.group('row'))}: {gm_line(row.group('rest'), labels)}"
    match = _LINE.match(line)
    if match is None or " " in match.group("where").split(".")[0].strip():
        return _first_upper(plain_phrase(line))
    where, message = match.group("where"), match.group("message")
    if where in ("document", "value"):
        return _first_upper(plain_phrase(message))
    return _sentence(field_label(where, labels), plain_phrase(message))


def gm_lines(lines: Iterable[str], labels: Mapping[str, str] | None = None) -> list[str]:
    return [gm_line(line, labels) for line in lines]


def gm_text(error: BaseException | str, labels: Mapping[str, str] | None = None) -> str:
    """Any problem (a pydantic ValidationError, a DocumentError, a message) in GM words,
    one line per problem."""
    from pydantic import ValidationError

    if isinstance(error, ValidationError):
        from yags_desk.storage.documents import format_validation_error

        lines = format_validation_error(error)
    else:
        lines = str(error).splitlines()
    return "\n".join(gm_lines(lines, labels))
