"""How dangerous is this fight? Play it many times and count (issue 17 item 2).

:func:`forecast` plays an encounter from its current state ``runs`` times with
the engine's automatic rounds (``procedure_classic.auto_round``,
``procedure_v08.auto_round_v08``: every fighter attacks the nearest standing
enemy with its best style), each run with its own dice, and counts who is left
standing. Each run's dice come from :func:`run_rng` (the forecast's seed and the
run's number), so a forecast is the same for the same seed, and the first 100
runs of a 500-run forecast are the 100 runs of a 100-run one.

A run ends when fewer than two sides have a fighter able to act, or at the
round limit; runs that reach the limit count for nobody, and the result says
how many did (an encounter where no side can hurt the other never ends).

Chances come with a 95% Wilson score interval; the mean number of rounds with
a normal-approximation 95% interval.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.combat.steps import fight_over, waiting_for_opponents
from yags_desk.rules.errors import RulesError
from yags_desk.rules.words import counted

__all__ = ["DEFAULT_ROUND_LIMIT", "DEFAULT_RUNS", "FATES", "Chance", "Fate", "Forecast",
           "ForecastRun", "RunResult", "fate_of", "forecast", "play_once", "run_rng", "wilson"]

DEFAULT_RUNS = 500
# [decision] Fights between ordinary fighters end within a dozen rounds; 30 leaves
# room for long ones while a fight nobody can end still stops in seconds.
DEFAULT_ROUND_LIMIT = 30
MAX_RUNS = 100_000
MAX_ROUND_LIMIT = 1_000
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

Fate = Literal["unhurt", "wounded", "out", "dead"]
FATES: tuple[Fate, ...] = ("unhurt", "wounded", "out", "dead")


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Chance:
    """``count`` of ``runs``, as a chance with its 95% interval."""

    count: int
    runs: int

    @property
    def chance(self) -> float:
        return self.count / self.runs if self.runs else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.runs)

    def text(self) -> str:
        """As "62% (58–66%)"."""
        low, high = self.interval
        return f"{self.chance:.0%} ({low:.0%}\u2013{high:.0%})"

    def to_json(self) -> dict[str, float | int]:
        low, high = self.interval
        return {"count": self.count, "chance": round(self.chance, 4), "low": round(low, 4),
                "high": round(high, 4)}


def run_rng(seed: int, run: int) -> random.Random:
    """The dice of run ``run`` (0-based) of a forecast with ``seed``: seeded from both
    as text, so each run's dice do not depend on how many runs are made."""
    return random.Random(f"yags-forecast:{seed}:{run}")  # noqa: S311 (dice, not secrets)


def fate_of(start: FighterState, end: FighterState) -> Fate:
    """How a fighter ends the fight: dead; out (unconscious, or gone from the
    fight); wounded (more wounds than it started with); else unhurt [decision:
    stuns and fatigue alone leave a fighter unhurt]."""
    if end.dead:
        return "dead"
    if not end.can_act:
        return "out"
    if end.wounds + end.levels_beyond > start.wounds + start.levels_beyond:
        return "wounded"
    return "unhurt"


@dataclass(frozen=True)
class RunResult:
    """One run: the winning side (None when nobody is left standing or the round
    limit came first), the rounds played, whether the limit stopped it, and
    each fighter's fate."""

    winner: str | None
    rounds: int
    limit: bool
    fates: dict[str, Fate]


def _round(state: CombatState, rng: random.Random) -> CombatState:
    if state.edition == "classic":
        return auto_round(state, rng)[1]
    for event in auto_round_v08(state, rng):
        state = apply(state, event)
    return state


def play_once(start: CombatState, rng: random.Random,
              round_limit: int = DEFAULT_ROUND_LIMIT) -> RunResult:
    """Play ``start`` with automatic rounds until the fight is over or ``round_limit``
    rounds have been played."""
    state, rounds = start, 0
    while not fight_over(state) and rounds < round_limit:
        state = _round(state, rng)
        rounds += 1
    over = fight_over(state)
    standing = {f.side for f in state.active() if f.can_act}
    winner = next(iter(standing)) if over and len(standing) == 1 else None
    fates = {fid: fate_of(f, state.fighters[fid]) for fid, f in start.fighters.items()
             if not f.removed}
    return RunResult(winner, rounds, not over, fates)


@dataclass
class Forecast:
    """What the runs so far say. ``runs`` is how many were played (fewer than
    ``wanted`` when the GM stopped the forecast)."""

    encounter: str
    seed: int
    wanted: int
    round_limit: int
    sides: list[str]
    pcs: list[tuple[str, str, str]]  # (id, name, side) of each player character
    runs: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    nobody: int = 0  # runs where every side fell
    limit: int = 0  # runs stopped by the round limit
    rounds_total: int = 0
    rounds_squares: int = 0
    fates: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, result: RunResult) -> None:
        self.runs += 1
        if result.winner is not None:
            self.wins[result.winner] = self.wins.get(result.winner, 0) + 1
        elif result.limit:
            self.limit += 1
        else:
            self.nobody += 1
        self.rounds_total += result.rounds
        self.rounds_squares += result.rounds * result.rounds
        for fid, _, _ in self.pcs:
            counts = self.fates.setdefault(fid, dict.fromkeys(FATES, 0))
            counts[result.fates[fid]] += 1

    @property
    def finished(self) -> bool:
        return self.runs >= self.wanted

    def win(self, side: str) -> Chance:
        return Chance(self.wins.get(side, 0), self.runs)

    def fate(self, fid: str, fate: Fate) -> Chance:
        return Chance(self.fates.get(fid, {}).get(fate, 0), self.runs)

    def expected_rounds(self) -> tuple[float, float, float]:
        """The mean number of rounds and its 95% interval."""
        n = self.runs
        if n == 0:
            return 0.0, 0.0, 0.0
        mean = self.rounds_total / n
        var = max(0.0, self.rounds_squares / n - mean * mean) * (n / (n - 1) if n > 1 else 0)
        half = Z95 * math.sqrt(var / n)
        return mean, max(0.0, mean - half), mean + half

    def messages(self) -> list[str]:
        """What the GM should know besides the numbers."""
        out = []
        if self.runs < self.wanted:
            out.append(f"Stopped after {self.runs} of {counted(self.wanted, 'run')}.")
        if self.limit:
            every = "Every run" if self.limit == self.runs else f"{self.limit} of {self.runs} runs"
            out.append(f"{every} reached the limit of {counted(self.round_limit, 'round')} with no "
                       "side beaten" + (": no side can end this fight." if self.limit == self.runs
                                   else "; they count as a win for nobody."))
        if self.nobody:
            out.append(f"In {counted(self.nobody, 'run')} every side "
                       "fell.")
        return out

    def lines(self) -> list[str]:
        """The forecast as plain text."""
        mean, low, high = self.expected_rounds()
        out = [f"Forecast of \u201c{self.encounter}\u201d: {counted(self.runs, 'run')}, seed "
               f"{self.seed}, at most {counted(self.round_limit, 'round')} each (95% intervals in "
               "brackets)"]
        for side in self.sides:
            out.append(f"  Win for {side}: {self.win(side).text()}")
        out.append(f"  Rounds: {mean:.1f} on average ({low:.1f}\u2013{high:.1f})")
        for fid, name, _side in self.pcs:
            parts = ", ".join(f"{fate} {self.fate(fid, fate).text()}" for fate in FATES)
            out.append(f"  {name}: {parts}")
        out += [f"  {m}" for m in self.messages()]
        return out

    def to_json(self) -> dict[str, object]:
        mean, low, high = self.expected_rounds()
        return {
            "encounter": self.encounter, "seed": self.seed, "runs": self.runs,
            "runs_wanted": self.wanted, "round_limit": self.round_limit,
            "sides": [{"side": s, **self.win(s).to_json()} for s in self.sides],
            "nobody_wins": Chance(self.nobody, self.runs).to_json(),
            "round_limit_reached": Chance(self.limit, self.runs).to_json(),
            "rounds": {"mean": round(mean, 3), "low": round(low, 3), "high": round(high, 3)},
            "pcs": [{"id": fid, "name": name, "side": side,
                     **{fate: self.fate(fid, fate).to_json() for fate in FATES}}
                    for fid, name, side in self.pcs],
            "messages": self.messages(),
        }


class ForecastRun:
    """A forecast played a few runs at a time (the window runs it in chunks
    between paints, so it can show progress and be stopped)."""

    def __init__(self, start: CombatState, encounter: str = "", runs: int = DEFAULT_RUNS,
                 seed: int = 0, round_limit: int = DEFAULT_ROUND_LIMIT) -> None:
        if not 1 <= runs <= MAX_RUNS:
            raise RulesError(f"runs: {runs:,} is out of range; use 1 to {MAX_RUNS:,}")
        if not 1 <= round_limit <= MAX_ROUND_LIMIT:
            raise RulesError(f"round limit: {round_limit:,} is out of range; use 1 to "
                             f"{MAX_ROUND_LIMIT:,}")
        if waiting_for_opponents(start):
            raise RulesError("the encounter needs fighters on two sides to forecast a fight")
        if fight_over(start):
            raise RulesError("the fight is already over: only one side can still act")
        active = start.active()
        sides = list(dict.fromkeys(f.side for f in active))
        pcs = [(f.id, f.name, f.side) for f in active if f.character.kind == "pc"]
        self.start = start
        self.result = Forecast(encounter, seed, runs, round_limit, sides, pcs)

    def step(self, count: int = 1) -> bool:
        """Play up to ``count`` more runs; True when all are done."""
        r = self.result
        for _ in range(min(count, r.wanted - r.runs)):
            r.add(play_once(self.start, run_rng(r.seed, r.runs), r.round_limit))
        return r.finished


def forecast(start: CombatState, encounter: str = "", runs: int = DEFAULT_RUNS, seed: int = 0,
             round_limit: int = DEFAULT_ROUND_LIMIT,
             progress: Callable[[int], object] | None = None,
             chunk: int = 25) -> Forecast:
    """Play ``start`` ``runs`` times; ``progress`` hears the runs done after each chunk.
    Raises RulesError when there is no fight to forecast."""
    job = ForecastRun(start, encounter, runs, seed, round_limit)
    while not job.step(chunk):
        if progress is not None:
            progress(job.result.runs)
    if progress is not None:
        progress(job.result.runs)
    return job.result

