"""Benchmark: a large battle fought in the battle view against the same battle on
the command line.

The CLI side is what ``yags-desk quick-combat FILE --seed 5`` does (``cli.main``:
read the file, fight with a progress line per turn on standard error, print the
result), its output sent to a throwaway ``io.StringIO``; one CLI turn is
``resolve_turn`` and the same progress line (``cli.quick_combat_progress``).
The "rules alone" rows time ``resolve_turn`` and ``run_battle`` with no output.
Both roll the same dice (same seed); the ratios say what the view adds (undo
steps, the progress dialog, the refresh of tables, chart and turns). "Before
drawing" times a Next turn up to where Qt would draw it (the CLI's line is drawn
by the terminal, another process). A GM looks at a turn before clicking Next
turn, and the view works the next turn out meanwhile (``BattleView._work_ahead``):
the turn rows let the view have that moment, and "clicked at once" rows do not.
Processor
time (``time.process_time``, best of several), so other jobs on a shared machine
do not count. Offscreen; run with ``python -m benchmarks.bench_battle_view`` or
through ``benchmarks.run``.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import tempfile
from pathlib import Path

from benchmarks.timing import best_cpu_ms

__all__ = ["bench"]

REPEATS = 5  # best of: the machine is shared


def bench() -> list[tuple[str, float, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        os.environ["YAGS_DESK_HOME"] = home
        import yags_desk.qt  # noqa: F401  (the None guard first)
        from yags_desk.qt.printing.render import ensure_gui_app

        app = ensure_gui_app()
        from yags_desk.cli import main as cli_main
        from yags_desk.cli import quick_combat_progress
        from yags_desk.qt.mass.view import BattleView
        from yags_desk.rules.quick_combat import (
            Battle,
            Group,
            Side,
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
        file = str(library.save_battle(battle, Path(home) / "benchmark.yags"))
        turns: list[int] = []

        def cli() -> None:  # yags-desk quick-combat FILE --seed 5, output thrown away
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = cli_main(["quick-combat", file, "--seed", "5"])
            assert code == 0, err.getvalue()
            turns.append(err.getvalue().count("\n"))  # a progress line per turn

        def rules() -> None:
            run_battle(battle, random.Random(5))

        views: list[BattleView] = []

        def open_view() -> None:
            widget = BattleView(battle, None, library, random.Random(5))
            widget.resize(1366, 700)
            widget.show()
            app.processEvents()
            views.append(widget)

        def view() -> None:  # the fight only: the view is open, as when the GM clicks
            widget = views.pop()
            widget.to_end.setFocus()  # where the GM's click leaves it
            turns.append(widget.fight_to_end())
            app.processEvents()

        cli_ms = best_cpu_ms(cli, REPEATS)
        rules_ms = best_cpu_ms(rules, REPEATS)
        view_ms = float("inf")
        for _ in range(REPEATS):
            open_view()
            view_ms = min(view_ms, best_cpu_ms(view, 1))
        assert len(set(turns)) == 1, turns  # the same battle both ways

        # One turn (Next turn) against the CLI's turn and the rules' one turn, each
        # timed from the click to the repaint (the undo between runs is not): the
        # first turn (it fixes the set-up: those fields repaint greyed), turn 3
        # and turn 4 (its shorter plan of pairings moves the layout: the whole
        # view is laid out and repainted), and a late turn of a long battle.
        def turn_rows(before: int, fought: Battle = battle,
                      size: str = "200,000 figures") -> list[tuple[str, float, str]]:
            widget = BattleView(fought, None, library, random.Random(7))
            widget.resize(1366, 700)
            widget.show()
            app.processEvents()
            widget.fight_to_end()  # the same dice as turn after turn, quicker
            while len(widget.turns) > before:
                widget.undo_stack.undo()
            widget.next_turn.setFocus()  # where the GM's click leaves it
            app.processEvents()
            state = widget.state()
            rules_ms = best_cpu_ms(lambda: resolve_turn(state, random.Random(5)), REPEATS)
            progress = quick_combat_progress(fought, [0])

            def cli_turn() -> None:
                with contextlib.redirect_stderr(io.StringIO()):
                    progress(resolve_turn(state, random.Random(5)))

            cli_ms = best_cpu_ms(cli_turn, REPEATS)

            def next_turn() -> None:
                widget.play_turn()
                app.processEvents()

            view_ms = own_ms = at_once_ms = float("inf")
            for _ in range(REPEATS):
                # The GM looks at the turn shown before clicking: the view works the
                # next turn out meanwhile (BattleView._work_ahead), with these dice.
                widget.rng = random.Random(5)
                app.processEvents()
                view_ms = min(view_ms, best_cpu_ms(next_turn, 1))
                widget.undo_stack.undo()
                app.processEvents()
                # The view's own work for the turn, its drawing left to Qt's next
                # frame (as the CLI's line is drawn by the terminal, another process).
                widget.rng = random.Random(5)
                app.processEvents()
                own_ms = min(own_ms, best_cpu_ms(widget.play_turn, 1))
                app.processEvents()
                widget.undo_stack.undo()
                app.processEvents()
                # Clicked again before the view had a moment: the turn rolled then.
                widget.rng = random.Random(5)
                at_once_ms = min(at_once_ms, best_cpu_ms(widget.play_turn, 1))
                app.processEvents()
                widget.undo_stack.undo()
                app.processEvents()
            which = f"turn {before + 1} of {size}"
            return [(f"battle view: {which}, rules alone (CPU)", rules_ms, "ms"),
                    (f"battle view: {which}, CLI (CPU)", cli_ms, "ms"),
                    (f"battle view: {which}, Next turn (CPU)", view_ms, "ms"),
                    (f"battle view: {which}, Next turn before drawing (CPU)", own_ms, "ms"),
                    (f"battle view: {which}, Next turn before drawing / CLI",
                     own_ms / cli_ms, "x"),
                    (f"battle view: {which}, clicked at once, before drawing (CPU)",
                     at_once_ms, "ms"),
                    (f"battle view: {which}, clicked at once, before drawing / CLI",
                     at_once_ms / cli_ms, "x"),
                    (f"battle view: {which}, Next turn / rules", view_ms / rules_ms, "x"),
                    (f"battle view: {which}, Next turn / CLI", view_ms / cli_ms, "x")]

        # A long battle: the turns list, the chart and the file grow with the turns
        # fought, so a late turn shows what grows (40,000 figures, turn 299 of 300).
        long = Battle(name="Long", edition="classic", max_turns=300, sides=tuple(
            Side(name=name, groups=[Group(name=f"{name} {i}", count=2000, initiative=15,
                                          attack=10, defence=30, damage=5, soak=30)
                                    for i in range(10)]) for name in ("Red", "Blue")))

        return [
            *turn_rows(0), *turn_rows(2), *turn_rows(3),
            *turn_rows(298, long, "40,000 figures"),
            ("battle view: 200,000 figures to the end, rules alone (CPU)", rules_ms, "ms"),
            ("battle view: 200,000 figures to the end, CLI (CPU)", cli_ms, "ms"),
            ("battle view: 200,000 figures to the end, in the view (CPU)", view_ms, "ms"),
            ("battle view: to the end, view / rules", view_ms / rules_ms, "x"),
            ("battle view: to the end, view / CLI", view_ms / cli_ms, "x")]


if __name__ == "__main__":
    for label, value, unit in bench():
        print(f"{label}: {value:.2f} {unit}")
