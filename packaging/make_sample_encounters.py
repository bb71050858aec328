"""Build the sample encounters shipped in ``resources/sample_library/encounters``.

Fights set up and ready for their first round, from the sample characters:
the classic party against bandits at a ford, and a 0.8 sparring match.

    python packaging/make_sample_encounters.py          # write the files
    python packaging/make_sample_encounters.py --check  # exit 1 if they differ
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from generated import write_or_check  # packaging/generated.py, beside this script

from yags_desk.rules.character import Character
from yags_desk.rules.combat.roster import numbered_copies, unique_id
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.documents import current_version
from yags_desk.storage.encounter_file import Combatant, Encounter

ROOT = Path(__file__).resolve().parents[1]
CHARACTERS = ROOT / "resources" / "sample_library" / "characters"
OUT = ROOT / "resources" / "sample_library" / "encounters"
STAMP = "2026-11-21T18:00:00+00:00"


def _char(name: str) -> Character:
    doc = json.loads((CHARACTERS / f"{name}.json").read_text("utf-8"))
    return Character.model_validate(doc["data"])


def _combatant(c: Character, side: str, row: int, cid: str | None = None,
               name: str | None = None, minor: bool = False) -> Combatant:
    return Combatant(id=cid or unique_id(c.name.split()[0], set()), name=name or c.name,
                     side=side, row=row, character=c, minor=minor)


def build() -> list[Encounter]:
    party = [_combatant(_char(n), "Party", row) for n, row in
             (("aldric", 0), ("torvald", 0), ("mira", 1), ("elin", 1))]
    bandits = [_combatant(a.character, "Bandits", a.row, a.id, a.name, minor=True)
               for a in numbered_copies(_char("bandit"), 3, "Bandits", row=0)]
    archer = [_combatant(a.character, "Bandits", a.row, a.id, a.name, minor=True)
              for a in numbered_copies(_char("archer"), 1, "Bandits", row=2)]
    ford = Encounter(id="sample-ford-ambush", name="Ambush at the ford", edition="classic",
                     options=RulesOptions(minor_npcs_drop_at_critical=True),
                     combatants=(*party, *bandits, *archer),
                     notes="The bandits wait in the reeds; the archer stands on the far bank.",
                     created=STAMP, modified=STAMP)
    spar = Encounter(id="sample-sparring", name="Sparring in the yard", edition="0.8",
                     combatants=(_combatant(_char("brenna"), "Brenna", 0),
                                 _combatant(_char("kestrel"), "Kestrel", 0)),
                     notes="A practice bout; stop at the first Light wound.",
                     created=STAMP, modified=STAMP)
    return [ford, spar]


def render(e: Encounter) -> str:
    doc = {"schema_version": current_version("encounter"), "kind": "encounter",
           "data": e.model_dump(mode="json")}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def file_name(e: Encounter) -> str:
    return e.id.removeprefix("sample-") + ".json"


def main(argv: list[str]) -> int:
    files = {OUT / file_name(e): render(e) for e in build()}
    return write_or_check(files, argv, "encounters")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
