"""Build the sample healing record shipped in ``resources/sample_library/healing``.

After the ambush at the ford (the sample encounter), Aldric lies with a
Serious wound (4 body levels) and Elin looks after him: first aid, the
recovery rolls and the Light check, rolled with fixed dice as ``yags-desk heal``
would, until he is healed on the morning of day 6. The record ends where the
sample library's Aldric is, unhurt, so a GM opening both sees the same man
(healing leftovers item 6; tests/storage/test_sample_healing.py pins it).

    python packaging/make_sample_healing.py          # write the files
    python packaging/make_sample_healing.py --check  # exit 1 if they differ
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from generated import write_or_check  # packaging/generated.py, beside this script

from yags_desk.rules.character import Character
from yags_desk.rules.healing import GameTime
from yags_desk.rules.healing.advance import Helpers, advance
from yags_desk.storage.documents import current_version
from yags_desk.storage.healing_file import (
    HealingFile,
    new_healing_file,
    patient_records,
    with_records,
)

ROOT = Path(__file__).resolve().parents[1]
CHARACTERS = ROOT / "resources" / "sample_library" / "characters"
OUT = ROOT / "resources" / "sample_library" / "healing"
STAMP = "2026-11-21T18:00:00+00:00"
SEED = 7
DAYS = 6  # long enough for him to heal (the record stops when nothing is due)


def _char(name: str) -> Character:
    doc = json.loads((CHARACTERS / f"{name}.json").read_text("utf-8"))
    return Character.model_validate(doc["data"])


def build() -> list[HealingFile]:
    aldric = _char("aldric").model_copy(update={"wounds": 4})  # Serious (RULES 1.6)
    elin = _char("elin")
    start = GameTime(day=1)
    record = new_healing_file("After the ford: Aldric", [(Path("aldric.json"), aldric)],
                              start, [(Path("elin.json"), elin)])
    [healing] = patient_records(record)
    advance(healing, start.plus(days=DAYS), random.Random(SEED),  # noqa: S311 (dice)
            Helpers(healer=elin, carer=elin))
    left, on_file = healing.state, _char("aldric")
    if (left.wounds, left.fatigue_short, left.fatigue_long) != (
            on_file.wounds, on_file.fatigue_short, on_file.fatigue_long):
        raise SystemExit(f"the sample record leaves Aldric at {left.wounds} wounds; it must "
                         f"end where aldric.json is ({on_file.wounds})")
    record = with_records(record, [healing])
    return [record.model_copy(update={
        "id": "sample-after-the-ford", "created": STAMP, "modified": STAMP,
        "notes": "Elin tends Aldric at the mill after the ambush, until he is healed "
                 "on the morning of day 6; his character file shows him so."})]


def render(r: HealingFile) -> str:
    doc = {"schema_version": current_version("healing"), "kind": "healing",
           "data": r.model_dump(mode="json")}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def file_name(r: HealingFile) -> str:
    return r.id.removeprefix("sample-") + ".json"


def main(argv: list[str]) -> int:
    files = {OUT / file_name(r): render(r) for r in build()}
    return write_or_check(files, argv, "healing records")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
