"""Instructions (callgrind) for issue 18's millisecond goals, which do not swing
with this shared machine's day as its clock does.

Run: ``python -m benchmarks.instructions [WHAT ...]`` from the repository root,
with valgrind installed (Debian ``valgrind``); some three minutes for all of
them. Not part of ``benchmarks.run``: under valgrind each piece runs some 50
times slower.

Each piece runs twice in a fresh process under ``valgrind --tool=callgrind``:
once only setting up (imports, the fight or the encounter made, a first small
printout), once setting up and then doing the work. The difference is the
work's instructions, printed in millions:

- ``classic``, ``0.8``: three automatic rounds of 200 fighters, one after the
  other from the same start as ``bench_rounds`` (seeds 3, 4, 5), each event
  applied (the third round is the one where classic fighters roll for fatigue);
- ``replay``: a log of 5,000 events replayed (``bench_replay``'s log);
- ``summary``: the 50-combatant summary after 10 rounds to a PDF
  (``bench_printing``'s encounter);
- ``startup``: whole processes this time, not a difference: a bare PySide6
  window to its first paint, YAGS Desk to the sample library listed and the
  plain PySide6 listing of the same files (``bench_startup``'s children, ended
  at the line they print, on a library indexed by an earlier start, bytecode
  cached), and the ratios of each to the bare window: issue 18's "listed" goal
  without the clock's swing, which moved that ratio between 1.47 and 1.83 in
  one day's runs.

The children run with ``PYTHONHASHSEED=0``: with a random hash seed the same
code's counts moved by up to 1.5 %; with it fixed, two runs gave the same
millions.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

__all__ = ["PIECES", "main"]

PIECES = ("classic", "0.8", "replay", "summary", "startup")
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def _piece(what: str, work: bool) -> None:
    """Set up ``what`` and, when ``work``, do it (the child's part)."""
    if what in ("classic", "0.8"):
        from benchmarks.bench_rounds import _round, _start
        from yags_desk.rules.combat.reducer import apply

        state = _start(what, 200)
        if work:
            for seed in (3, 4, 5):
                for event in _round(what, state, random.Random(seed)):
                    state = apply(state, event)
    elif what == "replay":
        from benchmarks.bench_combat import long_log
        from yags_desk.rules.combat.log import CombatLog

        events = list(long_log(5_000).events)
        if work:
            CombatLog("classic", events)
    elif what == "summary":
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from benchmarks.bench_printing import big_encounter
        from yags_desk.printing import encounter_after
        from yags_desk.qt.printing.render import ensure_gui_app, render_pdf

        ensure_gui_app()
        encounter = big_encounter()
        with tempfile.TemporaryDirectory() as folder:
            # A small printout first: fonts and Qt's printing code loaded in both runs.
            render_pdf(encounter_after(big_encounter(5, 1)),
                       os.path.join(folder, "first.pdf"), "a4")
            if work:
                render_pdf(encounter_after(encounter), os.path.join(folder, "summary.pdf"),
                           "a4")
    else:
        raise SystemExit(f"{what}: not a piece (known: {', '.join(PIECES)})")


def _callgrind(what: str, args: list[str], env: dict[str, str]) -> int:
    """The instructions of ``python args`` run under callgrind with ``env``."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out",
             sys.executable, *args], capture_output=True, text=True, check=True, env=env)
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise RuntimeError(f"{what}: callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def _instructions(what: str, work: bool) -> int:
    return _callgrind(what, ["-m", "benchmarks.instructions", "--child", what,
                             "1" if work else "0"],
                      dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONHASHSEED="0"))


def _startup() -> None:
    """Print the ``startup`` piece's counts and ratios (see the module)."""
    from benchmarks.bench_startup import BARE, PLAIN, YAGS_LISTED, index_library

    ended = "\nimport os\nos._exit(0)  # at the line printed: no teardown counted\n"
    children = {"bare window painted": BARE + ended, "YAGS Desk listed": YAGS_LISTED + ended,
                "plain PySide6 listed": PLAIN + ended}
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as pycache:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YAGS_DESK_HOME=home,
                   PYTHONPYCACHEPREFIX=pycache, PYTHONHASHSEED="0")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([sys.executable, "-c", "from yags_desk.storage.library import "
                        "Library; Library.open()"], env=env, check=True)
        index_library(env)
        counts: dict[str, int] = {}
        for name, code in children.items():
            subprocess.run([sys.executable, "-c", code], env=env, check=True,
                           capture_output=True)  # its bytecode written first
            counts[name] = _callgrind(name, ["-c", code], env)
    bare = counts["bare window painted"]
    for name, count in counts.items():
        print(f"startup, {name}: {count / 1e6:,.0f} M instructions "
              f"({count / bare:.2f}x the bare window)", flush=True)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--child"]:
        _piece(args[1], args[2] == "1")
        return 0
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (Debian package valgrind)")
        return 1
    for what in args or PIECES:
        if what not in PIECES:
            print(f"{what}: not a piece (known: {', '.join(PIECES)})", file=sys.stderr)
            return 2
        if what == "startup":
            _startup()
            continue
        setup = _instructions(what, False)
        total = _instructions(what, True)
        print(f"{what}: {(total - setup) / 1e6:,.0f} M instructions", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
