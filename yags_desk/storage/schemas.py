"""The JSON Schema of each file kind, for tools that write YAGS Desk files
(issue 13 item 4): ``yags-desk schema KIND`` prints it, and the committed copies
in ``resources/schemas/`` are what README links to.

A file is an envelope ``{"schema_version", "kind", "data"}`` (see
:mod:`yags_desk.storage.documents`); the schema describes the envelope at the
version this program writes, with ``data`` the kind's pydantic model.
"""

from __future__ import annotations

import json
from typing import Any

from yags_desk import APP_NAME, __version__
from yags_desk.storage.documents import KINDS, current_version, model_type

__all__ = ["KINDS", "schema_for", "schema_text"]

_TITLES = {
    "character": "character (player character, NPC or template)",
    "catalogue": "catalogue of custom weapons and armour for one edition",
    "encounter": "encounter (roster, rules options and the fight's events)",
    "battle": "quick-combat battle (mass combat groups)",
    "healing": "healing record (patients, carers and every healing roll in game time)",
}


def schema_for(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a ``kind`` file as this version writes it."""
    if kind not in KINDS:
        raise ValueError(f"kind: unknown kind {kind!r} (expected one of {', '.join(KINDS)})")
    data = model_type(kind).model_json_schema(mode="validation")
    defs = data.pop("$defs", None)
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{APP_NAME} {_TITLES[kind]}",
        "description": f"Written by {APP_NAME} {__version__}. Older schema versions are "
                       "upgraded when read; newer ones are refused.",
        "type": "object",
        "additionalProperties": False,
        "required": ["schema_version", "kind", "data"],
        "properties": {
            "schema_version": {"const": current_version(kind)},
            "kind": {"const": kind},
            "data": data,
        },
    }
    if defs:
        schema["$defs"] = defs
    return schema


def schema_text(kind: str) -> str:
    return json.dumps(schema_for(kind), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
