"""Putting fighters on the board: numbered copies of an NPC (RULES 3.1 rows).

Several copies of one NPC are named "Bandit 1", "Bandit 2"... continuing after
the numbers already on the board, each with its own id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import AddCombatant
from yags_desk.rules.errors import RulesError

__all__ = ["MAX_COPIES", "numbered_copies", "unique_id"]

MAX_COPIES = 200


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return slug[:40] or "fighter"


def unique_id(name: str, taken: set[str]) -> str:
    base = _slug(name)
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def numbered_copies(character: Character, count: int, side: str, row: int = 0, *,
                    existing: Iterable[AddCombatant] = (), minor: bool = False,
                    base_name: str | None = None) -> list[AddCombatant]:
    """``count`` copies of ``character`` numbered after those already present."""
    if not 1 <= count <= MAX_COPIES:
        raise RulesError(f"count: between 1 and {MAX_COPIES} copies, not {count}")
    name = (base_name or character.name).strip()
    existing = list(existing)
    pattern = re.compile(rf"^{re.escape(name)} (\d+)$")
    numbers = [int(m.group(1)) for e in existing if (m := pattern.match(e.name))]
    start = max(numbers, default=0) + 1
    taken = {e.id for e in existing}
    out: list[AddCombatant] = []
    for i in range(start, start + count):
        label = f"{name} {i}"
        fid = unique_id(label, taken)
        taken.add(fid)
        out.append(AddCombatant(id=fid, name=label, side=side, row=row, minor=minor,
                                character=character))
    return out
