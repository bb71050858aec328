"""Printed documents as HTML, built without Qt (issue 6).

Each builder returns a complete HTML document for Qt's rich-text engine;
:mod:`yags_desk.qt.printing.render` lays it out on pages, prints it or saves it as
a PDF. Kinds: full character sheets, NPC stat blocks, the encounter summary
before and after the fight, the party after a fight, the quick-combat report
and the healing record.
"""

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
