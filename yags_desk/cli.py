"""Command-line interface: the same rules core and storage as the application.

Every command prints readable text, or JSON with ``--json``. Errors go to
standard error as ``field: message`` lines; exit status 0 means success,
1 a refused file or value, 2 a usage error, 130 stopped by Ctrl+C. With no command, ``yags-desk``
opens the desktop window (Qt is imported only then, so commands stay fast);
``yags-desk FILE...`` opens those files in it, which is how the desktop opens a
``.yags`` file, and ``--quit-after MS`` closes the window again (smoke tests,
start-up timing).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yags_desk import APP_NAME, CREDIT, __version__
from yags_desk.rules.words import counted

if TYPE_CHECKING:  # the rules load with the command that needs them (a fast start)
    from yags_desk.rules.quick_combat import Battle, TurnResult
    from yags_desk.storage.results import CharacterResult

__all__ = ["main", "quick_combat_progress"]

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130  # the shell's code for a command ended by Ctrl+C (128 + SIGINT)


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    if getattr(args, "json", False):
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(_readable(text))


def _readable(text: str) -> str:
    """The rules' citations as the GM finds them: "RULES 1.6" in the code reads
    "Rules reference §1.6" (Help ▸ Rules reference)."""
    from yags_desk.help.refs import for_screen

    return for_screen(text)


def _fail(lines: Sequence[str] | str) -> int:
    for line in [lines] if isinstance(lines, str) else lines:
        print(_readable(line), file=sys.stderr)
    return EXIT_REFUSED


# Ranges the rest of the program keeps: a rolled or modified total within
# +/-10,000 (the combat log's totals), a fumble chance 0-20 (the encounter's
# rules options and the New encounter dialog).
VALUE_LIMIT = 10_000
FUMBLE_RANGE = (0, 20)


def _out_of_range(options: Sequence[tuple[str, int | None, int, int]]) -> list[str]:
    """`--option: problem` lines for the values outside their ranges."""
    return [f"{name}: {value:,} is out of range; use a whole number from {lo:,} to {hi:,}"
            for name, value, lo, hi in options
            if value is not None and not lo <= value <= hi]


def _rng(seed: int | None) -> random.Random:
    # No seed: a generator seeded from the operating system's entropy.
    return random.Random(seed)


# --- roll ---------------------------------------------------------------
def cmd_roll(args: argparse.Namespace) -> int:
    from yags_desk.rules.dice import roll
    from yags_desk.rules.errors import DiceError

    typed: list[int] | None = None
    if args.dice is not None:
        try:
            typed = [int(x) for x in args.dice.replace(",", " ").split()]
        except ValueError:
            return _fail(f"--dice: '{args.dice}' is not a list of whole numbers")
    problems = _out_of_range([("--fumble-chance", args.fumble_chance, *FUMBLE_RANGE)])
    if problems:
        return _fail(problems)
    try:
        result = (roll(args.expression, typed=typed, fumble_chance=args.fumble_chance)
                  if typed is not None else
                  roll(args.expression, rng=_rng(args.seed), fumble_chance=args.fumble_chance))
    except DiceError as e:
        return _fail(f"expression: {e}")
    data = result.to_json()
    dice = " ".join(str(d) for d in data["dice"]) or "no dice"
    text = f"{data['expression']} = {data['total']}  (dice: {dice})"
    if data["fumble"]:
        text += "  FUMBLE"
    _emit(args, data, text)
    return EXIT_OK


# --- odds ---------------------------------------------------------------
def cmd_odds(args: argparse.Namespace) -> int:
    from yags_desk.rules.errors import RulesError
    from yags_desk.rules.odds import attack_odds

    if (args.damage is None) != (args.soak is None):
        return _fail("--damage and --soak: give both to see the spread of damage, or neither")
    problems = _out_of_range(
        [(f"--{name}", getattr(args, name), -VALUE_LIMIT, VALUE_LIMIT)
         for name in ("attack", "defence", "damage", "soak")]
        + [("--fumble-chance", args.fumble_chance, *FUMBLE_RANGE)])
    if problems:
        return _fail(problems)
    try:
        odds = attack_odds(args.edition, args.attack, None if args.passive else args.defence,
                           damage=args.damage, soak=args.soak, fumble_chance=args.fumble_chance)
    except RulesError as e:
        return _fail(str(e))
    data = odds.to_json()
    lines = [f"Chance to hit: {data['hit']:.2%} (attack fumbles {data['attack_fumble']:.2%})"]
    lines += [f"  {k:>9}: {p:8.3%}" for k, p in data["outcomes"].items()]
    _emit(args, data, "\n".join(lines))
    return EXIT_OK


# --- text columns ---------------------------------------------------------
def display_width(text: str) -> int:
    """Terminal columns of ``text``: wide and full-width letters (CJK) take two,
    combining marks none."""
    import unicodedata

    return sum(0 if unicodedata.combining(ch) else
               2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` terminal columns."""
    return text + " " * max(0, width - display_width(text))


# --- sheet --------------------------------------------------------------
class _Refused(Exception):
    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


def _read(path: str, kind: str) -> Any:
    """The validated model of a file, or _Refused with `file: problem` lines."""
    from yags_desk.storage.documents import DocumentError, read_document

    try:
        return read_document(Path(path), expected_kind=kind).model
    except DocumentError as e:
        raise _Refused([f"{path}: {x}" for x in e.errors] or [f"{path}: {e}"]) from e
    except FileNotFoundError as e:
        raise _Refused([f"{path}: no such file"]) from e
    except OSError as e:
        raise _Refused([f"{path}: cannot be read ({e.strerror or e})"]) from e


def sheet_text(character: Any, derived: Any) -> str:
    c, d = character, derived
    lines = [f"{c.name}  ({c.kind}, {c.edition} edition)" + (f"  player: {c.player}"
                                                             if c.player else "")]
    lines.append("  " + "  ".join(f"{k.capitalize()} {v}" for k, v in c.attributes.items()))
    unit = "%" if c.edition == "classic" else ""
    if c.skills:
        lines.append("  Skills: " + ", ".join(f"{s.name} {s.value}{unit}" for s in c.skills))
    if c.advantages:
        lines.append("  Advantages: " + ", ".join(c.advantages))
    if c.edition == "classic":
        lines.append(f"  Soak {d.soak.total}   Load {d.load:g} / {d.load_allowance:g}"
                     f" ({d.load_level}, {d.load_penalty:+d} to physical rolls)")
    else:
        lines.append(f"  Soak {d.soak.total}   Load {d.load:g} (Strength {d.load_allowance:g}:"
                     f" {d.load_level}, Agility {d.agility_penalty:+d},"
                     f" fatigue rolls {d.load_penalty:+d})")
    if c.edition == "classic":
        lines.append(f"  Wounds: {d.wound_level} ({d.wound_penalty:+d})   "
                     f"Fatigue: {d.fatigue_level} ({d.fatigue_penalty:+d})   "
                     f"Total penalty {d.total_penalty:+d}")
    else:
        lines.append(f"  Initiative {d.initiative.total} + d20   Move {d.move.total}   "
                     f"Max defences {d.max_defences.total}")
        lines.append(f"  Wounds: {d.wound_level} ({d.wound_penalty:+d})   "
                     f"Stuns: {d.stun_level} ({d.stun_penalty:+d})")
    if d.berserk is not None:
        lines.append(f"  Berserk roll: {d.berserk.total} + 2d10! (15+ to go berserk)")
    lines.append("  Styles (before dice):")
    for s in d.styles:
        nums = []
        if s.initiative is not None:
            nums.append(f"Init {s.initiative.total}")
        nums.append(f"Attk {s.attack.total}")
        nums.append(f"Defn {s.defence.total}" if s.defence is not None else "Defn —")
        nums.append(f"Dmg {s.damage.total} ({s.damage_kind})")
        extra = ""
        if s.ranges:
            extra = "  ranges " + "/".join(str(r) for r in s.ranges) + " m"
        if not s.usable:
            extra += "  UNUSABLE"
        lines.append(f"    {pad(s.label, 48)} " + "  ".join(nums) + extra)
        for w in s.warnings:
            lines.append(f"      ! {w}")
    return "\n".join(lines)


def cmd_sheet(args: argparse.Namespace) -> int:
    from yags_desk.rules.derived import derive
    from yags_desk.rules.options import RulesOptions

    try:
        character = _read(args.file, "character")
    except _Refused as e:
        return _fail(e.lines)
    derived = derive(character, RulesOptions(v08_old_wound_penalties=args.old_penalties))
    data = {"character": character.model_dump(mode="json"), "derived": derived.to_json()}
    _emit(args, data, sheet_text(character, derived))
    return EXIT_OK


# --- validate -----------------------------------------------------------
def cmd_validate(args: argparse.Namespace) -> int:
    from yags_desk.storage.documents import validate_file

    errors = validate_file(Path(args.file))
    if args.json:
        print(json.dumps({"file": args.file, "valid": not errors, "errors": errors},
                         indent=2, ensure_ascii=False))
    elif errors:
        for line in errors:
            print(f"{args.file}: {line}", file=sys.stderr)
    else:
        print(f"{args.file}: valid")
    return EXIT_REFUSED if errors else EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    from yags_desk.storage.schemas import schema_text

    sys.stdout.write(schema_text(args.kind))
    return EXIT_OK


def cmd_migrate(args: argparse.Namespace) -> int:
    from yags_desk.storage.migrate import migrate_folder

    root = Path(args.folder)
    try:
        outcomes = migrate_folder(root, dry_run=args.dry_run)
    except OSError as e:
        return _fail(str(e))
    refused = [o for o in outcomes if o.status == "refused"]
    upgraded = sum(o.status == "upgraded" for o in outcomes)
    verb = "would be upgraded" if args.dry_run else "upgraded"
    summary = (f"{counted(len(outcomes), 'file')}: {upgraded} {verb}, "
               f"{sum(o.status == 'current' for o in outcomes)} already current, "
               f"{len(refused)} not readable")
    _emit(args, {"folder": str(root), "dry_run": args.dry_run,
                 "files": [{"file": str(o.path), "status": o.status, "detail": o.detail}
                           for o in outcomes]},
          "\n".join([*(o.line(root) for o in outcomes), summary]))
    return EXIT_REFUSED if refused else EXIT_OK


# --- quick combat -------------------------------------------------------
# [decision] Battles asking for at least this many figure-turns print each
# turn on standard error as it ends; smaller ones finish before anyone waits.
PROGRESS_FROM = 1_000_000


def quick_combat_progress(battle: Battle, done: list[int]) -> Callable[[TurnResult], None]:
    """What quick-combat does as each turn of ``battle`` ends: the turn in ``done[0]``
    and, for a battle of at least PROGRESS_FROM figure-turns, a line on standard
    error (the battle view's benchmark times the same)."""
    figures = sum(g.count for side in battle.sides for g in side.groups)

    def progress(turn: TurnResult) -> None:
        done[0] = turn.turn
        if figures * battle.max_turns < PROGRESS_FROM:
            return
        state = turn.state_after
        left = ", ".join(f"{side.name} {state.side_count(i):,}"
                         for i, side in enumerate(battle.sides))
        print(f"turn {turn.turn} of at most {battle.max_turns}: figures left {left}",
              file=sys.stderr, flush=True)

    return progress


def cmd_quick_combat(args: argparse.Namespace) -> int:
    from yags_desk.rules.quick_combat import run_battle

    try:
        battle = _read(args.file, "battle")
    except _Refused as e:
        return _fail(e.lines)
    done = [0]
    progress = quick_combat_progress(battle, done)
    try:
        result = run_battle(battle, _rng(args.seed), on_turn=progress)
    except KeyboardInterrupt:
        print(f"quick-combat: stopped (Ctrl+C) after {done[0]} of at most "
              f"{counted(battle.max_turns, 'turn')}; nothing was printed", file=sys.stderr)
        return EXIT_INTERRUPTED
    _emit(args, result.to_json(), "\n".join(result.describe()))
    return EXIT_OK


# --- print ---------------------------------------------------------------
PRINT_KINDS = ("sheet", "npc", "encounter-before", "encounter-after", "party", "battle",
               "healing")


def _print_html(args: argparse.Namespace, docs: list[tuple[str, str, Any]]) -> tuple[str, str]:
    """(kind, HTML) for the files read; raises _Refused with `file: problem` lines."""
    from yags_desk.printing.kinds import FILE_KIND, build, default_kind
    from yags_desk.rules.errors import RulesError

    first_path, first_kind, first_model = docs[0]
    for path, kind, _ in docs[1:]:
        if kind != first_kind:
            raise _Refused([f"{path}: a {kind} file cannot be printed with a {first_kind} "
                            "file"])
    kind = args.kind or default_kind(first_model)
    if FILE_KIND[kind] != first_kind:
        raise _Refused([f"{first_path}: a {first_kind} file; --kind {kind} prints a "
                        f"{FILE_KIND[kind]} file"])
    if first_kind != "character" and len(docs) > 1:
        raise _Refused([f"{docs[1][0]}: print one {first_kind} at a time"])
    if args.blank and kind not in ("sheet", "npc"):
        raise _Refused([f"--blank: only sheets and NPC blocks have numbers to leave blank, "
                        f"not --kind {kind}"])
    try:
        return kind, build(kind, [m for _, _, m in docs], blank=args.blank,
                           rng=_rng(args.seed), seed=args.seed)
    except (RulesError, ValueError) as e:
        raise _Refused([f"{first_path}: {e}"]) from e


def cmd_print(args: argparse.Namespace) -> int:
    """Print to PDF without a window (Qt runs offscreen when there is no display)."""
    from yags_desk.storage.documents import DocumentError, read_document

    out = Path(args.pdf)
    docs: list[tuple[str, str, Any]] = []
    try:
        for name in args.files:
            path = Path(name)
            if path.exists() and out.exists() and path.resolve() == out.resolve():
                raise _Refused([f"--pdf: {out} is one of the files to print; "
                                "choose another name"])
            try:
                doc = read_document(path)
            except DocumentError as e:
                raise _Refused([f"{name}: {x}" for x in e.errors] or [f"{name}: {e}"]) from e
            except FileNotFoundError as e:
                raise _Refused([f"{name}: no such file"]) from e
            except OSError as e:
                raise _Refused([f"{name}: cannot be read ({e.strerror or e})"]) from e
            if doc.kind == "catalogue":
                raise _Refused([f"{name}: a catalogue cannot be printed; give a character, "
                                "an encounter or a battle"])
            docs.append((name, doc.kind, doc.model))
        kind, html = _print_html(args, docs)
    except _Refused as e:
        return _fail(e.lines)

    from yags_desk.qt.printing.render import ensure_gui_app, render_pdf

    ensure_gui_app()
    try:
        pages = render_pdf(html, out, args.page)
    except OSError as e:
        return _fail(f"{out}: cannot be written ({e.strerror or e})")
    data = {"pdf": str(out), "kind": kind, "pages": pages}
    _emit(args, data, f"{out}: {counted(pages, 'page')} ({kind})")
    return EXIT_OK


# --- library -----------------------------------------------------------
def cmd_library(args: argparse.Namespace) -> int:
    from yags_desk.rules.derived import derive
    from yags_desk.storage.library import Library

    lib = Library.open(read_only_ok=True)
    if lib.read_only:
        print(f"{APP_NAME}: {lib.read_only}", file=sys.stderr)
    report = lib.load_characters()
    rows = []
    for path, c in report.items:
        d = derive(c)
        best = max((s for s in d.styles if s.usable), key=lambda s: s.attack.total)
        rows.append({"file": str(path), "name": c.name, "kind": c.kind, "edition": c.edition,
                     "soak": d.soak.total, "best_style": best.label,
                     "attack": best.attack.total})
    errors = [line for e in report.errors for line in str(e).splitlines()]
    lines = [f"{APP_NAME} {__version__} — library at {lib.root}"]
    # Names padded by the columns a terminal gives them (CJK letters take two).
    name_width = max([24, *(display_width(str(r["name"])) for r in rows)])
    lines += [f"  {pad(str(r['name']), name_width)} {r['kind']:<8} {r['edition']:<7} "
              f"soak {r['soak']:>2}  {r['best_style']} (attack {r['attack']})" for r in rows]
    lines += [f"  ! {e}" for e in errors]
    lines.append("Run 'yags-desk' with no command to open the window; "
                 "'yags-desk --help' lists the commands.")
    _emit(args, {"root": str(lib.root), "characters": rows, "errors": errors}, "\n".join(lines))
    return EXIT_OK


def _one_per_file(changes: list[CharacterResult], picks: Sequence[str]
                  ) -> tuple[list[CharacterResult], list[str]]:
    """Of results written to one character file (combatants made from it), the one
    ``--pick`` names; (those kept, a skipped line for each other). _Refused when
    a file still has several, or a pick names no result to write (issue 16)."""
    from yags_desk.storage.results import same_file, shared_reason

    wanted = {pick.strip().casefold() for pick in picks}
    named = {r.name.casefold() for r in changes} | {r.fid.casefold() for r in changes}
    problems = [f"--pick {pick}: no combatant of that name has results to write here"
                for pick in picks if pick.strip().casefold() not in named]
    kept, left = list(changes), list[str]()
    for path, names in same_file(changes):
        rows = [r for r in changes if r.path == path]
        chosen = [r for r in rows if {r.name.casefold(), r.fid.casefold()} & wanted]
        if len(chosen) != 1:
            problems.append(
                f"{shared_reason(names, path)} (writing each in turn would keep the "
                "last); "
                + ("--pick names more than one of them" if chosen else
                   f"name the one it should keep with --pick (e.g. --pick \"{names[0]}\")"))
            continue
        for r in rows:
            if r is not chosen[0]:
                kept.remove(r)
                left.append(f"{r.name}: {path.name} keeps {chosen[0].name}'s results (--pick)")
    if problems:
        raise _Refused([f"apply-results: {line}" for line in problems]
                       + ["apply-results: nothing written"])
    return kept, left


def cmd_apply_results(args: argparse.Namespace) -> int:
    """End of a fight -> the characters' files (issue 16): print, then write."""
    from yags_desk.rules.errors import RulesError
    from yags_desk.storage.library import Library
    from yags_desk.storage.results import apply_results, plan_results

    try:
        encounter = _read(args.encounter, "encounter")
    except _Refused as e:
        return _fail(e.lines)
    lib = Library.open(read_only_ok=True)
    try:
        plan = plan_results(encounter, lib, include_minor=args.include_minor,
                            minor_hint="--include-minor writes it too")
    except RulesError as e:
        return _fail(f"{args.encounter}: the fight cannot be replayed ({e})")
    changes = [r for r in plan.changes if args.overwrite_changed or not r.edited]
    skipped = [*plan.skipped, *(
        f"{r.name}: {r.path.name} was changed since the fight began "
        f"({', '.join(r.edited)}); --overwrite-changed writes over it"
        for r in plan.changes if r not in changes)]
    try:
        changes, left = _one_per_file(changes, args.pick or [])
    except _Refused as e:
        return _fail(e.lines)
    skipped += left
    data = {"encounter": plan.encounter, "written": not args.dry_run and bool(changes),
            "characters": [{"name": r.name, "file": str(r.path), "changes": list(r.lines)}
                           for r in changes],
            "skipped": skipped}
    lines = [f"Results of \u201c{plan.encounter}\u201d:"]
    for r in changes:
        lines.append(f"  {r.name} ({r.path.name})")
        lines += [f"    {line}" for line in r.lines]
    if not changes:
        lines.append("  no character file changes")
    lines += [f"  skipped: {line}" for line in skipped]
    if changes and not args.dry_run:
        if lib.read_only:
            return _fail(f"{APP_NAME}: {lib.read_only}; nothing written")
        try:
            apply_results(changes, lib)
        except (OSError, ValueError) as e:
            return _fail(f"{APP_NAME}: nothing written ({e})")
        lines.append(f"Wrote {counted(len(changes), 'character file')}.")
    elif changes:
        lines.append("Dry run: nothing written.")
    _emit(args, data, "\n".join(lines))
    return EXIT_OK


# --- forecast --------------------------------------------------------------
def cmd_forecast(args: argparse.Namespace) -> int:
    """Play an encounter many times with automatic rounds (issue 17 item 2)."""
    from yags_desk.rules.combat.forecast import MAX_ROUND_LIMIT, MAX_RUNS, forecast
    from yags_desk.rules.errors import RulesError
    from yags_desk.storage.encounter_file import encounter_log

    bad = _out_of_range([("--runs", args.runs, 1, MAX_RUNS),
                         ("--round-limit", args.round_limit, 1, MAX_ROUND_LIMIT)])
    if bad:
        return _fail(bad)
    try:
        encounter = _read(args.encounter, "encounter")
    except _Refused as e:
        return _fail(e.lines)
    # No seed: one is drawn and printed, so the same forecast can be made again.
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        state = encounter_log(encounter).state
        result = forecast(state, encounter.name, args.runs, seed, args.round_limit)
    except RulesError as e:
        return _fail(f"{args.encounter}: no forecast ({e})")
    _emit(args, result.to_json(), "\n".join(result.lines()))
    return EXIT_OK


# --- log -------------------------------------------------------------------
def cmd_log(args: argparse.Namespace) -> int:
    """A fight's log as Markdown, CSV or JSON (issue 17 item 4), printed or written."""
    from yags_desk.rules.errors import RulesError
    from yags_desk.storage.log_export import (
        ExportError,
        export_log,
        log_csv,
        log_json,
        log_markdown,
    )

    try:
        encounter = _read(args.encounter, "encounter")
    except _Refused as e:
        return _fail(e.lines)
    try:
        if args.output is None:
            build = {"md": log_markdown, "csv": log_csv, "json": log_json}[args.format]
            sys.stdout.write(build(encounter))
            return EXIT_OK
        export_log(encounter, Path(args.output), args.format)
    except RulesError as e:
        return _fail(f"{args.encounter}: the fight cannot be replayed ({e})")
    except ExportError as e:
        return _fail(f"--output: {e}")
    print(f"{args.output}: the log of \u201c{encounter.name}\u201d as {args.format}")
    return EXIT_OK


# --- heal ---------------------------------------------------------------
MAX_HEAL_DAYS = 3650


def cmd_heal(args: argparse.Namespace) -> int:
    """Advance a character's healing N days headless (issue 16): rolls what falls due,
    prints each entry, writes the character file and saves the healing record.

    [decision] When the library holds a healing record for this character (the one
    written last) whose patient still has something to heal, and that record was the
    last thing to write the character file (the file still holds the bytes it
    wrote: re-audit 16 item 3), the run continues it from where it stands (no new
    first aid, the running recovery kept) and writes that record. Otherwise (another
    fight, an edit, a record that never wrote the file), or with ``--new``, a new
    record starts from the file as it is, and the old record is left untouched. A
    note dated at the end of the run marks how far the record was followed, so the
    next run starts there.
    """
    from yags_desk.help.refs import cited_at_end
    from yags_desk.rules.errors import RulesError
    from yags_desk.rules.healing import GameTime, Note, condition, describe, due
    from yags_desk.rules.healing.advance import Helpers, advance, tending
    from yags_desk.rules.healing.by_hand import carer_problem
    from yags_desk.storage import paths
    from yags_desk.storage.documents import read_file_bytes, write_document
    from yags_desk.storage.healing_file import (
        HealingCarer,
        healed_character,
        new_healing_file,
        patient_records,
        with_records,
    )
    from yags_desk.storage.healing_write import last_record, last_to_write, with_written
    from yags_desk.storage.library import Library
    from yags_desk.storage.results import restore_files

    problems = _out_of_range([("--days", args.days, 1, MAX_HEAL_DAYS)])
    if problems:
        return _fail(problems)
    try:
        patient = _read(args.file, "character")
        carer = _read(args.carer, "character") if args.carer else None
    except _Refused as e:
        return _fail(e.lines)
    if carer is not None and carer.edition != patient.edition:
        return _fail(f"--carer: {carer.name} is a {carer.edition} character; {patient.name} "
                     f"is {patient.edition}")
    if carer is not None and carer.id == patient.id:
        return _fail(f"--carer: {carer.name} is the patient; give another character")
    if carer is not None and carer.dead:
        return _fail(f"--carer: {carer.name} is dead (so the character file says); give "
                     "someone alive")
    problem = carer_problem(carer) if carer is not None else ""
    if problem:  # a carer who adds nothing is refused, never silently ignored
        return _fail(f"--carer: {problem}; give someone who can help")
    if patient.dead:  # RULES 1.6, 1.10 / RULES 2: nothing heals the dead
        return _fail(f"{args.file}: {patient.name} is dead (so the character file says); "
                     "the dead do not heal")
    # A dry run only reads: the library is not set up for it.
    lib = Library(paths.data_dir()) if args.dry_run else Library.open(read_only_ok=True)
    found = None if args.new else last_record(lib, patient.id)
    record_path: Path | None = None
    fresh = ""  # why the last record is not continued, when there is one
    if found is not None:
        path, record, index = found
        records = patient_records(record)
        left = records[index].state
        if left.status != "dead" and (left.wounds or getattr(left, "stuns", 0)
                                      or left.fatigue_short or left.fatigue_long):
            unsaved = lib.autosave_path(f"healing:{record.id}")
            if unsaved.exists():  # open in the window with steps not saved yet
                fresh = (f"The healing record \u201c{record.name}\u201d ({path}) has changes "
                         f"not saved yet (its recovery copy {unsaved.name}: open in the "
                         "window, or left by a crash), so it is left as it is and a new "
                         "healing record starts from the file as it is; save or close "
                         "that record first to go on with it.")
            elif last_to_write(record.patients[index], Path(args.file)):
                record_path = path
            else:  # another fight, an edit, the window: this is a new injury
                fresh = (f"The healing record \u201c{record.name}\u201d ({path}) was not the "
                         f"last to write {args.file} (something else wrote it since, or "
                         "that record never did), so a new healing record starts from the "
                         "file as it is; that record is left as it was.")
    if record_path is None:
        if not (patient.wounds or patient.stuns or patient.fatigue_short
                or patient.fatigue_long):
            text = (f"{patient.name} is unhurt (no wounds, stuns or fatigue): nothing to "
                    "heal; no healing record written.")
            _emit(args, {"patient": patient.name, "file": args.file, "entries": [],
                         "written": False, "record": None, "continued": None,
                         "condition": "unhurt"}, text)
            return EXIT_OK
        record = new_healing_file(f"Healing of {patient.name}", [(Path(args.file), patient)],
                                  GameTime(day=1))
        records, index = patient_records(record), 0
    if carer is not None and all(c.character_id != carer.id for c in record.carers):
        record = record.model_copy(update={"carers": (*record.carers, HealingCarer(
            name=carer.name, character_id=carer.id, file=Path(args.carer).name))})
    healing = records[index]
    start = healing.state.now
    try:
        until = start.plus(days=args.days)
        healer = carer if carer is not None and carer.skill("First aid") > 0 else None
        first = len(healing.entries)
        entries = advance(healing, until, _rng(args.seed), Helpers(
            healer=healer, carer=carer, patients=tending(r.state for r in records)))
        if healing.state.status != "dead" and healing.state.now < until:
            healing.push(Note(at=until, text=f"Healing followed to {until} "
                                             "(yags-desk heal)."))
    except (RulesError, ValueError) as e:
        return _fail(f"{args.file}: {e}")
    state = healing.state
    after = healed_character(patient, state)
    texts = [describe(e, healing.state_before(first + i), healing.state_after(first + i))
             for i, e in enumerate(entries)]
    coming = [d for d in due(state, until)]
    continued = record_path
    if not args.dry_run:
        if lib.read_only:
            return _fail(f"{APP_NAME}: {lib.read_only}; nothing written")
        saved = with_records(record, records)
        previous: list[tuple[Path, bytes]] = []
        try:
            if after != patient:
                previous = [(Path(args.file), read_file_bytes(Path(args.file)))]
                write_document(Path(args.file), "character", after)
            if after != patient or record_path is None:
                # The record keeps what it wrote, or the file it started from when
                # it left it as it was (last_to_write, next run).
                saved = with_written(saved, {index: Path(args.file)})
            record_path = lib.save_healing_record(saved, record_path)
        except (OSError, ValueError) as e:
            restore_files(previous)  # all or nothing
            return _fail(f"{APP_NAME}: nothing written ({e})")
    written = not args.dry_run
    data = {"patient": patient.name, "file": args.file, "from": str(start), "to": str(until),
            "carer": carer.name if carer else None,
            "continued": str(continued) if continued else None,
            "not_continued": fresh or None,
            "entries": [{"text": text, **entry.model_dump(mode="json")}
                        for text, entry in zip(texts, entries, strict=True)],
            "condition": condition(state), "wounds": after.wounds, "stuns": after.stuns,
            "fatigue_short": after.fatigue_short, "fatigue_long": after.fatigue_long,
            "due": [{"when": str(d.when), "text": d.text} for d in coming],
            "written": written,
            "record": str(record_path) if written and record_path else None}
    lines = [fresh] if fresh else []
    if continued is not None:
        lines.append(f"Continuing the healing record \u201c{record.name}\u201d ({continued}), "
                     f"the last to write {args.file}; --new starts a new one.")
    lines.append(f"Healing {patient.name} from {start} to {until}"
                 + (f", cared for by {carer.name}:" if carer else ":"))
    lines += [f"  {text}" for text in texts] or ["  nothing falls due"]
    lines.append(f"Now: {condition(state)}.")
    lines += [f"Next: {cited_at_end(d.text)}" for d in coming]
    if written:
        lines.append(f"Wrote {args.file}; the healing record is {record_path}.")
    else:
        lines.append("Dry run: nothing written.")
    _emit(args, data, "\n".join(lines))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="yags-desk",
        usage="%(prog)s [-h] [--version] [--quit-after MS] [FILE ... | COMMAND ...]",
        description=f"{APP_NAME}: a game master's assistant for YAGS. With no command it "
                    f"opens the desktop window, with the FILEs given (characters, "
                    f"catalogues; .yags or library .json files) open in it. {CREDIT}")
    p.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    _add_quit_after(p)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.add_argument("--json", action="store_true", help="print JSON")
        return sp

    r = add("roll", "roll dice written in notation such as 2d10!+5, d20-3 or 3d6")
    r.add_argument("expression")
    r.add_argument("--seed", type=int, help="seed for repeatable rolls")
    r.add_argument("--dice", help="dice typed in instead of rolled, e.g. '10,4,7'")
    r.add_argument("--fumble-chance", type=int, default=None,
                   help="fumble chance (classic default 3, 0.8 default 1)")
    r.set_defaults(func=cmd_roll)

    o = add("odds", "exact odds of one attack (values before dice)")
    o.add_argument("--edition", choices=["classic", "0.8"], required=True)
    o.add_argument("--attack", type=int, required=True)
    g = o.add_mutually_exclusive_group(required=True)
    g.add_argument("--defence", type=int)
    g.add_argument("--passive", action="store_true", help="passive defence (15)")
    o.add_argument("--damage", type=int)
    o.add_argument("--soak", type=int)
    o.add_argument("--fumble-chance", type=int, default=None)
    o.set_defaults(func=cmd_odds)

    s = add("sheet", "every derived value of a character file")
    s.add_argument("file")
    s.add_argument("--old-penalties", action="store_true",
                   help="0.8: use the older wound and stun penalties (-5, -10, -15, -25)")
    s.set_defaults(func=cmd_sheet)

    v = add("validate", "check any YAGS Desk file; exit 0 if valid, 1 with the errors")
    v.add_argument("file")
    v.set_defaults(func=cmd_validate)

    sc = sub.add_parser("schema", help="print the JSON Schema of a file kind (for other "
                                       "tools that write YAGS Desk files)",
                        description="print the JSON Schema of a file kind (for other "
                                    "tools that write YAGS Desk files)")
    sc.add_argument("kind", choices=["character", "catalogue", "encounter", "battle", "healing"])
    sc.set_defaults(func=cmd_schema)

    mg = add("migrate", "upgrade every file of a folder written by an older YAGS Desk, in "
                        "place, keeping each old file as NAME.bak")
    mg.add_argument("folder")
    mg.add_argument("--dry-run", action="store_true",
                    help="only list what would be upgraded; write nothing")
    mg.set_defaults(func=cmd_migrate)

    q = add("quick-combat", "fight a mass battle described in a file, turn by turn")
    q.add_argument("file")
    q.add_argument("--seed", type=int)
    q.set_defaults(func=cmd_quick_combat)

    pr = add("print", "print character sheets, NPC stat blocks, an encounter summary, the "
                      "party after a fight, a quick-combat report or a healing record to a "
                      "PDF file (works without a display)")
    pr.add_argument("files", nargs="+", metavar="FILE",
                    help="a character (several for sheets or NPC blocks), an encounter, "
                         "a battle or a healing record")
    pr.add_argument("--pdf", required=True, metavar="OUT.pdf", help="the PDF to write")
    pr.add_argument("--kind", choices=PRINT_KINDS,
                    help="what to print (default: sheet for characters, encounter-after "
                         "for an encounter with events, encounter-before without, battle, "
                         "healing; party: each player character after the fight, one page)")
    pr.add_argument("--page", choices=["a4", "letter"],
                    help="paper size (default: Letter in the US and Canada, A4 elsewhere)")
    pr.add_argument("--blank", action="store_true",
                    help="sheets and NPC blocks: leave the derived numbers blank")
    pr.add_argument("--seed", type=int, help="battle: seed for repeatable dice")
    pr.set_defaults(func=cmd_print)

    lb = add("library", "list the characters of your library (made from the samples on "
                        "first run)")
    lb.set_defaults(func=cmd_library)

    ar = add("apply-results", "write the end of a fight into the library's character files "
                              "(wounds, stuns, fatigue; dead, unconscious and broken or "
                              "dropped weapons in the notes)")
    ar.add_argument("encounter", metavar="ENCOUNTER", help="the encounter file")
    ar.add_argument("--include-minor", action="store_true",
                    help="also write minor NPCs that have a character file")
    ar.add_argument("--dry-run", action="store_true", help="only list the changes")
    ar.add_argument("--overwrite-changed", action="store_true",
                    help="also write character files changed since the fight began "
                         "(their other changes are kept)")
    ar.add_argument("--pick", action="append", metavar="COMBATANT",
                    help="of several combatants made from one character file, the one "
                         "whose results that file keeps (repeat for each such file)")
    ar.set_defaults(func=cmd_apply_results)

    fc = add("forecast", "play an encounter many times with automatic rounds: each side's "
                         "chance of winning, the rounds it lasts, how each player character "
                         "ends (with 95%% intervals)")
    fc.add_argument("encounter", metavar="ENCOUNTER", help="the encounter file")
    fc.add_argument("--runs", type=int, default=500, help="how many fights (default 500)")
    fc.add_argument("--seed", type=int, help="seed for a repeatable forecast (default: "
                                             "drawn at random and printed)")
    fc.add_argument("--round-limit", type=int, default=30,
                    help="stop a fight no side has won after this many rounds (default 30)")
    fc.set_defaults(func=cmd_forecast)

    log_help = "write a fight's log as Markdown, CSV (one row per event) or JSON (the events)"
    lg = sub.add_parser("log", help=log_help, description=log_help)
    lg.add_argument("encounter", metavar="ENCOUNTER", help="the encounter file")
    lg.add_argument("--format", choices=["md", "csv", "json"], default="md",
                    help="md: the log sentences by round (default); csv: round, actor, "
                         "target, rolls and result of each event; json: the events, which "
                         "replay to the same fight")
    lg.add_argument("--output", metavar="FILE",
                    help="the file to write (default: print the log)")
    lg.set_defaults(func=cmd_log)
    he = add("heal", "advance a character's healing by days, rolling first aid and every "
                     "healing roll as it falls due; continues the character's last healing "
                     "record in the library (or starts one), writes the character file and "
                     "saves the record")
    he.add_argument("file", metavar="FILE", help="the patient's character file")
    he.add_argument("--days", type=int, required=True, metavar="N",
                    help="game days to advance (from where the last healing record stands, "
                         "or day 1, 00:00)")
    he.add_argument("--new", action="store_true",
                    help="start a new healing record instead of continuing the last one")
    he.add_argument("--carer", metavar="FILE",
                    help="a character looking after the patient (gives first aid too)")
    he.add_argument("--seed", type=int, help="seed for repeatable rolls")
    he.add_argument("--dry-run", action="store_true", help="only print; write nothing")
    he.set_defaults(func=cmd_heal)
    return p


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def _no_display() -> bool:
    """True on Linux/BSD when no display is reachable and Qt was not told another platform."""
    if sys.platform.startswith(("win", "darwin")):
        return False
    return not any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY",
                                                     "QT_QPA_PLATFORM"))


def _add_quit_after(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quit-after", type=_milliseconds, metavar="MS", default=None,
                        help="open the window, then close it after MS milliseconds "
                             "(smoke tests and start-up timing)")


def _milliseconds(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of "
                                         "milliseconds") from None
    if not 0 <= value <= 86_400_000:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 86400000 "
                                         "milliseconds")
    return value


def _window_parser() -> argparse.ArgumentParser:
    """``yags-desk [--quit-after MS] FILE...``: the window with files open in it."""
    p = argparse.ArgumentParser(prog="yags-desk")
    _add_quit_after(p)
    p.add_argument("files", nargs="+", metavar="FILE")
    return p


def _first_word(argv: Sequence[str]) -> str | None:
    """The first argument that is neither an option nor the value of --quit-after."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--quit-after":
            skip = True
        elif arg == "--":
            return None
        elif not arg.startswith("-"):
            return arg
    return None


def open_window(files: Sequence[str] = (), quit_after_ms: int | None = None) -> int:
    """Start the desktop application; a message, not a crash, if it cannot start.

    Qt's own options are read from the environment (``QT_QPA_PLATFORM``,
    ``QT_SCALE_FACTOR``...), so the command line stays the same as the commands'.
    ``files`` open in the window once it shows; ``quit_after_ms`` closes it again.
    """
    if _no_display():
        # [decision] Qt would abort the process without a display; say why instead.
        return _fail(f"{APP_NAME}: no display to open the window on (DISPLAY and "
                     "WAYLAND_DISPLAY are unset). The commands work without one: "
                     "see 'yags-desk --help'.")
    try:
        from yags_desk.qt.shell.app import run
    except ImportError as e:
        return _fail(f"{APP_NAME}: the desktop window cannot start ({e}). "
                     "The commands still work: see 'yags-desk --help'.")
    program = sys.argv[0] if sys.argv and sys.argv[0] else "yags-desk"
    if not files and quit_after_ms is None:
        return run([program])
    return run([program], files=[Path(f) for f in files], quit_after_ms=quit_after_ms)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    word = _first_word(argv)
    if word is not None and word not in _commands(parser):
        # [decision] A first word that is not a command is a file to open in the
        # window (the desktop runs `yags-desk FILE`); a file named like a command
        # opens as ./roll.
        wargs = _window_parser().parse_args(argv)
        return open_window(wargs.files, wargs.quit_after)
    args = parser.parse_args(argv)
    if args.command is None:
        return open_window((), args.quit_after)
    from yags_desk.storage.paths import LibraryError

    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        print(f"{args.command}: stopped (Ctrl+C)", file=sys.stderr)
        return EXIT_INTERRUPTED
    except LibraryError as e:
        return _fail(f"{APP_NAME}: {e}")
