"""Benchmark: the battle board (issue 5).

Opening a 200-combatant encounter until the board is shown, and advancing a
round with every NPC auto-resolved (Auto-resolve, with the board refreshed and
autosaved at the end). Offscreen; run with ``python -m benchmarks.bench_battle_board``
or through ``benchmarks.run``.
"""

from __future__ import annotations

import os
import random
import tempfile

from benchmarks.timing import best_ms

__all__ = ["bench"]


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
        import yags_desk.qt  # noqa: F401  (the None guard first)
        from yags_desk.qt.printing.render import ensure_gui_app

        app = ensure_gui_app()
        from benchmarks.bench_combat import big_fight
        from yags_desk.qt.battle.board import BattleBoard
        from yags_desk.qt.battle.dialogs import QtBattleDialogs
        from yags_desk.storage.encounter_file import Combatant, new_encounter
        from yags_desk.storage.library import Library

        library = Library.open()
        adds = big_fight(100)
        encounter = new_encounter("Benchmark", "classic", tuple(
            Combatant(id=a.id, name=a.name, side=a.side, row=a.row,
                      character=a.character.model_copy(update={"kind": "npc"}))
            for a in adds))
        boards: list[BattleBoard] = []

        # Every combatant is an NPC, so auto-resolve never asks the dialogs.
        def open_board() -> None:
            board = BattleBoard(encounter, None, library, QtBattleDialogs(), random.Random(1))
            board.resize(1366, 700)
            board.show()
            app.processEvents()
            boards.append(board)

        open_ms = best_ms(open_board, 3)

        def advance() -> None:
            board = boards.pop()
            board.auto_resolve()
            app.processEvents()

        events = []
        round_ms = float("inf")
        for _ in range(3):
            open_board()
            board = boards[-1]
            round_ms = min(round_ms, best_ms(advance, 1))
            events.append(len(board.log.events))
            board.close()
            board.deleteLater()
        for board in boards:
            board.close()
        app.processEvents()
    return [
        ("battle board: open a 200-combatant encounter (to shown board)", open_ms, "ms"),
        (f"battle board: auto-resolve a round, 200 NPCs ({events[-1]} events)", round_ms, "ms"),
    ]


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name:<66} {value:10.2f} {unit}")
