"""Large inputs a GM may really have (issue 12 item 14).

A character with 100 and 1,000 weapons (derived values and the printed text
of ``yags-desk sheet``), a catalogue of 10,000 items (loading and one filter
keystroke) and a board of 1,000 combatants (opening it). Offscreen; run with
``python -m benchmarks.bench_large`` or through ``benchmarks.run``.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from typing import TYPE_CHECKING

from benchmarks.timing import best_ms

if TYPE_CHECKING:
    from yags_desk.rules.character import Character

__all__ = ["bench"]


def _arsenal(n: int) -> Character:
    from yags_desk.rules.character import Character, Skill, default_attributes
    from yags_desk.rules.items import Weapon

    rng = random.Random(n)
    weapons = tuple(Weapon(id=f"w-{i}", name=f"Blade {i}", edition="classic", kind="melee",
                           init=rng.randint(0, 9), attack=rng.randint(0, 8),
                           defence=rng.randint(0, 8), damage=rng.randint(2, 12),
                           strength=rng.randint(4, 14), skill="single")
                    for i in range(n))
    return Character(name=f"Collector {n}", edition="classic",
                     attributes=default_attributes("classic"), weapons=weapons,
                     skills=(Skill(name="Two weapons", value=60),
                             Skill(name="Single weapon", value=80)))


def _characters() -> list[tuple[str, float, str]]:
    from yags_desk.cli import sheet_text
    from yags_desk.rules.derived import derive

    out: list[tuple[str, float, str]] = []
    for n in (100, 1000):
        c = _arsenal(n)
        out.append((f"derive a character with {n:,} weapons",
                    best_ms(lambda c=c: derive(c), 3), "ms"))  # type: ignore[misc]
        out.append((f"sheet text of a character with {n:,} weapons",
                    best_ms(lambda c=c: sheet_text(c, derive(c)), 1), "ms"))  # type: ignore[misc]
        styles = derive(c).styles
        out.append((f"two-weapon styles offered with {n:,} weapons",
                    float(sum(s.style == "two_weapons" for s in styles)), "styles"))
    return out


def _catalogue(app: object) -> list[tuple[str, float, str]]:
    from benchmarks import bench_catalogue_filter as cf
    from yags_desk.qt.catalogue.view import CatalogueView
    from yags_desk.qt.common.catalogue_store import CatalogueStore
    from yags_desk.rules.catalogue import Catalogue

    cf.COUNT = 10_000
    store = CatalogueStore("classic")
    view = CatalogueView(store)
    view.resize(1366, 768)
    view.show()
    app.processEvents()  # type: ignore[attr-defined]
    items = cf._items(random.Random(10_000))
    t = time.perf_counter()
    store.set_catalogue(Catalogue("classic", store.catalogue.builtin_items(), items))  # type: ignore[arg-type]
    app.processEvents()  # type: ignore[attr-defined]
    load = (time.perf_counter() - t) * 1000

    def key() -> None:
        view.filter_edit.setText("long sword" if view.filter_edit.text() != "long sword"
                                 else "long swor")
        app.processEvents()  # type: ignore[attr-defined]

    keystroke = best_ms(key, 5)
    view.close()
    return [("catalogue of 10,000 items into the view", load, "ms"),
            ("catalogue of 10,000 items: one filter keystroke (best of 5)", keystroke, "ms")]


def _editor(app: object) -> list[tuple[str, float, str]]:
    from yags_desk.qt.character.editor import CharacterEditor
    from yags_desk.qt.common.catalogue_store import CatalogueStore
    from yags_desk.storage.library import Library

    library = Library.open()
    store = CatalogueStore("classic", library.root)
    out = []
    for n in (100, 1000):
        c = _arsenal(n)

        def open_editor(c: Character = c) -> None:
            editor = CharacterEditor(c, None, library, lambda _e: store)
            editor.resize(1366, 700)
            editor.show()
            app.processEvents()  # type: ignore[attr-defined]
            editor.close()

        out.append((f"open the editor on a character with {n:,} weapons",
                    best_ms(open_editor, 1), "ms"))
    return out


def _board(app: object) -> list[tuple[str, float, str]]:
    from benchmarks.bench_combat import big_fight
    from yags_desk.qt.battle.board import BattleBoard
    from yags_desk.qt.battle.dialogs import QtBattleDialogs
    from yags_desk.storage.encounter_file import Combatant, new_encounter
    from yags_desk.storage.library import Library

    adds = big_fight(500)
    encounter = new_encounter("Benchmark", "classic", tuple(
        Combatant(id=a.id, name=a.name, side=a.side, row=a.row,
                  character=a.character.model_copy(update={"kind": "npc"})) for a in adds))
    library = Library.open()

    boards: list[BattleBoard] = []

    def open_board() -> None:
        board = BattleBoard(encounter, None, library, QtBattleDialogs(), random.Random(1))
        board.resize(1366, 700)
        board.show()
        app.processEvents()  # type: ignore[attr-defined]
        boards.append(board)

    def one_round() -> None:
        boards[-1].auto_resolve()  # every combatant is an NPC: no dialog asks
        app.processEvents()  # type: ignore[attr-defined]

    opened = best_ms(open_board, 1)
    played = best_ms(one_round, 1)
    boards[-1].close()
    return [(f"open a board of {len(adds):,} combatants", opened, "ms"),
            (f"auto-resolve one round of {len(adds):,} NPCs", played, "ms")]


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    out = _characters()
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
        import yags_desk.qt  # noqa: F401  (the None guard first)
        from yags_desk.qt.printing.render import ensure_gui_app

        app = ensure_gui_app()
        out += _editor(app)
        out += _catalogue(app)
        out += _board(app)
    return out


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name}: {value:.2f} {unit}", flush=True)
