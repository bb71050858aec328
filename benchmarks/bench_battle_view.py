"""Benchmark: a large battle fought to the end in the battle view against the same
battle on the command line's path (``run_battle`` with its per-turn progress).

Both roll the same dice (same seed); the ratio says what the view adds (undo
steps, the progress dialog, one refresh at the end). Processor time
(``time.process_time``, best of several), so other jobs on a shared machine do
not count. Offscreen; run with
``python -m benchmarks.bench_battle_view`` or through ``benchmarks.run``.
"""

from __future__ import annotations

import os
import random
import tempfile

from benchmarks.timing import best_cpu_ms

__all__ = ["bench"]


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
        import yags_desk.qt  # noqa: F401  (the None guard first)
        from yags_desk.qt.printing.render import ensure_gui_app

        app = ensure_gui_app()
        from yags_desk.qt.mass.view import BattleView
        from yags_desk.rules.quick_combat import (
            Battle,
            BattleState,
            Group,
            Side,
            TurnResult,
            resolve_turn,
            run_battle,
        )
        from yags_desk.storage.library import Library

        def group(name: str, count: int, attack: int) -> Group:
            return Group(name=name, count=count, initiative=15, attack=attack, defence=15,
                         damage=15, soak=15)

        # 200,000 figures, about ten turns: the size the CLI shows progress for.
        battle = Battle(name="Benchmark", edition="classic", max_turns=50, sides=(
            Side(name="Red", groups=[group(f"Red {i}", 10_000, 15) for i in range(10)]),
            Side(name="Blue", groups=[group(f"Blue {i}", 10_000, 14) for i in range(10)])))
        library = Library.open()
        turns: list[int] = []

        def cli() -> None:
            def progress(turn: TurnResult) -> None:
                print(end="")  # the CLI writes a line per turn to stderr
            turns.append(len(run_battle(battle, random.Random(5), on_turn=progress).turns))

        views: list[BattleView] = []

        def open_view() -> None:
            widget = BattleView(battle, None, library, random.Random(5))
            widget.resize(1366, 700)
            widget.show()
            app.processEvents()
            views.append(widget)

        def view() -> None:  # the fight only: the view is open, as when the GM clicks
            widget = views.pop()
            turns.append(widget.fight_to_end())
            app.processEvents()

        cli_ms = best_cpu_ms(cli, 3)
        view_ms = float("inf")
        for _ in range(3):
            open_view()
            view_ms = min(view_ms, best_cpu_ms(view, 1))
        assert len(set(turns)) == 1, turns  # the same battle both ways

        # One turn (Next turn) against resolve_turn, the rules' one turn.
        state = BattleState.start(battle)
        turn_cli_ms = best_cpu_ms(lambda: resolve_turn(state, random.Random(5)), 3)
        open_view()
        widget = views.pop()

        def next_turn() -> None:
            widget.rng = random.Random(5)
            widget.play_turn()
            app.processEvents()
            widget.undo_stack.undo()

        turn_view_ms = best_cpu_ms(next_turn, 3)
        return [("battle view: one turn of 200,000 figures, rules alone (CPU)", turn_cli_ms, "ms"),
                ("battle view: one turn of 200,000 figures, Next turn (CPU)", turn_view_ms, "ms"),
                ("battle view: Next turn / rules", turn_view_ms / turn_cli_ms, "x"),
                ("battle view: 200,000 figures to the end, CLI path (CPU)", cli_ms, "ms"),
                ("battle view: 200,000 figures to the end, in the view (CPU)", view_ms, "ms"),
                ("battle view: view / CLI", view_ms / cli_ms, "x")]


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
