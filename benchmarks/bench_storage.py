"""How long the library takes to save and load 2,000 characters.

Run: ``.venv/bin/python benchmarks/bench_storage.py``. Uses a temporary
``YAGS_DESK_HOME``; the real library is never touched.
"""

from __future__ import annotations

import os
import tempfile
import time

from yags_desk.rules.character import Character, Skill, WornArmour, default_attributes
from yags_desk.rules.items import Armour, Weapon
from yags_desk.storage import paths
from yags_desk.storage.library import Library

__all__ = ["bench"]

COUNT = 2_000

SWORD = Weapon(id="sword", name="Sword", edition="classic", kind="melee", skill="single",
               attack=2, defence=1, damage=4, strength=8, load=1.5)
MAIL = Armour(id="mail", name="Mail", edition="classic", half_protection=3, half_load=2,
              full_protection=6, full_load=5)


def _characters(count: int) -> list[Character]:
    skills = tuple(Skill(name=f"Skill {n}", value=10 + n) for n in range(12))
    return [
        Character(name=f"Fighter {n}", kind="npc", edition="classic",
                  attributes=default_attributes("classic"), skills=skills,
                  weapons=(SWORD,), armour=(WornArmour(item=MAIL, coverage="half"),),
                  notes="A guard of the north gate. " * 4)
        for n in range(count)
    ]


def bench() -> list[tuple[str, float, str]]:
    """Rows of (what, value, unit)."""
    characters = _characters(COUNT)
    old_home = os.environ.get(paths.ENV_HOME)
    with tempfile.TemporaryDirectory(prefix="yags-bench-") as home:
        os.environ[paths.ENV_HOME] = home
        try:
            library = Library.open()
            start = time.perf_counter()
            for character in characters:
                library.save_character(character)
            saved = time.perf_counter() - start

            start = time.perf_counter()
            report = library.load_characters()
            loaded = time.perf_counter() - start

            again = time.perf_counter()
            for path, character in report.items[:200]:
                library.save_character(character, path)
            resaved = (time.perf_counter() - again) * COUNT / 200
        finally:
            if old_home is None:
                os.environ.pop(paths.ENV_HOME, None)
            else:
                os.environ[paths.ENV_HOME] = old_home
    if len(report.items) < COUNT or report.errors:
        raise RuntimeError(f"library load found {len(report.items)} characters and "
                           f"{len(report.errors)} broken files")
    return [
        (f"library save of {COUNT:,} new characters", saved, "s"),
        (f"library load of {COUNT:,} characters", loaded, "s"),
        (f"library re-save of {COUNT:,} characters, existing file checked and kept as .bak "
         "(estimated from 200)", resaved, "s"),
    ]


if __name__ == "__main__":
    for what, seconds, unit in bench():
        print(f"{what}: {seconds:.3f} {unit}")
