"""Benchmark: the players' screen (issue 17 item 1) costs the board nothing.

Auto-resolve of one round of a 200-NPC fight on the battle board, with the
players' screen closed and open (every NPC revealed, "reveal when it first
acts" on, so the projection does all its work and paints every row). The
screen follows the board's redraws, so the ratio should stay near 1.
Offscreen; ``python -m benchmarks.bench_players`` or ``benchmarks.run``.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

from benchmarks.timing import best_ms

__all__ = ["bench"]

REPEATS = 3


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
        import yags_desk.qt  # noqa: F401  (the None guard first)
        from yags_desk.qt.printing.render import ensure_gui_app

        app = ensure_gui_app()
        from benchmarks.bench_battle_board import discard, npc_encounter
        from yags_desk.qt.battle.board import BattleBoard
        from yags_desk.qt.battle.dialogs import QtBattleDialogs
        from yags_desk.qt.common.settings import Settings
        from yags_desk.qt.players.feed import PlayersFeed
        from yags_desk.qt.players.window import PlayersWindow
        from yags_desk.storage.encounter_file import PlayersScreen
        from yags_desk.storage.library import Library

        library = Library.open()
        encounter = npc_encounter()
        encounter = encounter.model_copy(update={"players": PlayersScreen(
            revealed=tuple(c.id for c in encounter.combatants), reveal_on_act=True)})

        def one_round(screen_open: bool) -> tuple[float, int]:
            board = BattleBoard(encounter, None, library, QtBattleDialogs(), random.Random(1))
            board.resize(1366, 700)
            board.show()
            feed = PlayersFeed()
            window = PlayersWindow(feed, Settings(Path(home)))
            if screen_open:
                feed.follow(board)
                window.resize(1920, 1080)
                window.show()
            app.processEvents()
            ms = best_ms(lambda: (board.auto_resolve(), app.processEvents()), 1)
            updates = feed.updates
            feed.follow(None)
            for w in (window, board):
                discard(w)  # deleted now: no work of theirs in the next round
            app.processEvents()
            return ms, updates

        closed = min(one_round(False)[0] for _ in range(REPEATS))
        runs = [one_round(True) for _ in range(REPEATS)]
        opened = min(ms for ms, _ in runs)
        updates = runs[-1][1]
    return [
        ("players' screen: auto-resolve a round, 200 NPCs, screen closed", closed, "ms"),
        (f"players' screen: the same with the screen open ({updates} updates)", opened, "ms"),
        ("players' screen: open / closed", opened / closed, "x"),
    ]


if __name__ == "__main__":
    for name, value, unit in bench():
        print(f"{name:<66} {value:10.2f} {unit}")
