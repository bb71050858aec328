"""Printed documents as HTML, built without Qt (issue 6).

Each builder returns a complete HTML document for Qt's rich-text engine;
:mod:`yags_desk.qt.printing.render` lays it out on pages, prints it or saves it as
a PDF. Kinds: full character sheets, NPC stat blocks, the encounter summary
before and after the fight, the party after a fight, the quick-combat report
and the healing record.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from yags_desk.printing.encounter import encounter_before
    from yags_desk.printing.encounter_after import encounter_after
    from yags_desk.printing.healing import healing_record, party_after
    from yags_desk.printing.kinds import KINDS, build, default_kind
    from yags_desk.printing.npc import npc_blocks
    from yags_desk.printing.quick_report import battle_report
    from yags_desk.printing.sheet import character_sheets

__all__ = ["KINDS", "battle_report", "build", "character_sheets", "default_kind",
           "encounter_after", "encounter_before", "healing_record", "npc_blocks",
           "party_after"]

# [decision] Each name is imported from its module when first asked for: printing
# character sheets loaded the encounter summary's forecast and with it the combat
# engine, some 150 ms of `yags-desk print`'s start (issue 18, 30 sheets in 1.5 s).
_HOME = {"KINDS": "kinds", "build": "kinds", "default_kind": "kinds",
         "battle_report": "quick_report", "character_sheets": "sheet",
         "encounter_after": "encounter_after", "encounter_before": "encounter",
         "healing_record": "healing", "party_after": "healing", "npc_blocks": "npc"}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
