"""Quick (mass) combat: one turn and a whole battle (RULES 1.12).

A battle is two sides of groups of like fighters. Groups are paired against
each other; every turn (three rounds of normal combat) each pairing rolls one
d10 for initiative, the initiative winner rolls a d10 per fighter for attack
and a d10 per attack success for damage, each damage success removing one
defender, and the defenders left standing strike back the same way. The
targets of those d10s are the quick values of :mod:`yags_desk.rules.quick_values`,
which also holds the battle models and state; this module re-exports them, so
``from yags_desk.rules.quick_combat import ...`` is the one import callers need.

Decisions where RULES 1.12 and the source are silent (each **[decision]**):

* **Unopposed leader.** A side whose leader qualifies (Battle 25%+) while the
  other side has no qualifying leader wins leadership without a roll: the
  source opposes the roll by "the other group's leader, if any", so with none
  there is nothing to beat. A tie of two rolls gives no bonus to anyone.
* **Leadership and the one initiative die.** Only the first group of a pairing
  rolls initiative. Its side's leadership bonus adds +1 to that die, and the
  opposing side's bonus subtracts 1 from it: with one die, -1 to one side is
  exactly +1 to the other (the chances are those of the other group rolling
  its own value with +1), so the bonus is not a new number to set.
* **Groups without an opponent** (unpaired from the start, or whose opponents
  have all fallen) join the fight each turn: first they pair in listing order
  with the other side's free groups; any still left over attack the living
  enemy group with the most figures (ties: listed first), joining its fight.
  Nobody sits out while an enemy stands, so a battle does not stall.
* **A group in several pairings** splits its figures among them in proportion
  to the opponents' figures (largest remainder, ties to the earlier pairing);
  each figure fights once a turn. A pairing where one group has no figures to
  spare is not fought that turn.
* **Large creatures.** RULES 1.12 takes no wounds in quick combat except for
  large creatures and says no more. A group marked large (``Group.wounds``, a
  number of wounds per figure typed by the GM; the template's body track is no
  guide, as a quick battle has no track of its own) takes each damage success
  as one wound instead of one figure. Wounds pile on one figure at a time: a
  figure is removed once its wounds are used up, and the wounds on the figure
  still standing carry over to the next turns (``BattleState.wounds``). Wounds
  past the figures a pairing committed are lost, as kills past them are. A
  group that is not large fights exactly as before, with the same dice.
* **End of the battle.** A side breaks when its figures fall to
  ``break_fraction`` of its starting figures or below (0: it fights until
  gone). The battle ends when a side is gone or broken (both: a draw) or after
  ``max_turns`` turns (a draw).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from yags_desk.rules.dice import roll_2d10x, roll_d10
from yags_desk.rules.quick_values import (
    LEADERSHIP_BONUS,
    LEADERSHIP_MIN_BATTLE,
    MAX_FIGURE_TURNS,
    Battle,
    BattleState,
    Group,
    Leader,
    Pairing,
    QuickValues,
    Side,
    SideStatus,
    quick_attack,
    quick_damage,
    quick_initiative,
    quick_value,
    quick_values,
)
from yags_desk.rules.words import counted, noun

_ROLL_D10 = roll_d10  # replaced in a test: then every die is rolled on its own

__all__ = [
    "LEADERSHIP_BONUS",
    "LEADERSHIP_MIN_BATTLE",
    "MAX_FIGURE_TURNS",
    "Battle",
    "BattleResult",
    "BattleState",
    "Group",
    "InitiativeRoll",
    "Leader",
    "LeaderRoll",
    "LeadershipResult",
    "Pairing",
    "PairingResult",
    "QuickValues",
    "Side",
    "SideStatus",
    "Strike",
    "TurnResult",
    "battle_result",
    "figure_shares",
    "quick_attack",
    "quick_damage",
    "quick_initiative",
    "quick_value",
    "quick_values",
    "resolve_leadership",
    "resolve_turn",
    "run_battle",
    "turn_pairings",
]

JsonDict = dict[str, Any]


# ---------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class LeaderRoll:
    """Intelligence x Battle% + 2d10! + the side's bonus (RULES 1.12)."""

    side: str
    leader: str
    base: int
    dice: tuple[int, ...]
    bonus: int

    @property
    def total(self) -> int:
        return self.base + sum(self.dice) + self.bonus

    def to_json(self) -> JsonDict:
        return {"side": self.side, "leader": self.leader, "base": self.base,
                "dice": list(self.dice), "bonus": self.bonus, "total": self.total}


@dataclass(frozen=True)
class LeadershipResult:
    """Who won leadership this turn; ``winner`` is a side index or None."""

    outcome: Literal["no leaders", "unopposed", "opposed", "tie"]
    winner: int | None
    rolls: tuple[LeaderRoll, ...] = ()
    leader: str = ""  # the winning leader's name

    def bonus(self, side: int) -> int:
        """+1 for the winning side's initiative and attack d10s, else 0."""
        return LEADERSHIP_BONUS if self.winner == side else 0

    def to_json(self) -> JsonDict:
        return {"outcome": self.outcome, "winner": self.winner, "leader": self.leader,
                "rolls": [r.to_json() for r in self.rolls]}


@dataclass(frozen=True)
class InitiativeRoll:
    """The pairing's one initiative d10, rolled by ``group`` (the one with higher initiative)."""

    group: str
    die: int
    modifier: int
    target: int
    winner: str

    @property
    def success(self) -> bool:
        return self.die + self.modifier >= self.target

    def to_json(self) -> JsonDict:
        return {"group": self.group, "die": self.die, "modifier": self.modifier,
                "target": self.target, "winner": self.winner}


@dataclass(frozen=True)
class Strike:
    """One group's attack: d10s per figure, damage d10s per success (RULES 1.12)."""

    attacker: str
    defender: str
    figures: int
    attack_value: int
    attack_bonus: int
    attack_successes: int
    damage_value: int
    damage_successes: int
    kills: int
    attack_dice: tuple[int, ...] = ()
    damage_dice: tuple[int, ...] = ()
    # A large defender (RULES 1.12): wounds per figure (0: not large) and the
    # wounds left on its wounded figure after this strike.
    large: int = 0
    hurt: int = 0

    def to_json(self) -> JsonDict:
        out: JsonDict = {
            "attacker": self.attacker, "defender": self.defender, "figures": self.figures,
            "attack_value": self.attack_value, "attack_bonus": self.attack_bonus,
            "attack_successes": self.attack_successes, "damage_value": self.damage_value,
            "damage_successes": self.damage_successes, "kills": self.kills,
        }
        if self.large:
            out["wounds_per_figure"] = self.large
            out["wounded_figure"] = self.hurt
        if self.attack_dice or self.damage_dice:
            out["attack_dice"] = list(self.attack_dice)
            out["damage_dice"] = list(self.damage_dice)
        return out


@dataclass(frozen=True)
class PairingResult:
    """One pairing's turn: figures committed, quick values, initiative, two strikes."""

    a: str
    b: str
    figures: tuple[int, int]
    values: tuple[QuickValues, QuickValues]
    initiative: InitiativeRoll | None
    strikes: tuple[Strike, ...]

    def to_json(self) -> JsonDict:
        return {
            "a": self.a, "b": self.b, "figures": list(self.figures),
            "values": [v.to_json() for v in self.values],
            "initiative": None if self.initiative is None else self.initiative.to_json(),
            "strikes": [s.to_json() for s in self.strikes],
        }

    def describe(self) -> str:
        if self.initiative is None:
            short = self.a if self.figures[0] == 0 else self.b
            other = self.b if short == self.a else self.a
            return f"{short} have no figures to spare against {other}"
        roll = self.initiative
        shown = f"d10 {roll.die}"
        if roll.modifier:
            shown += f"{roll.modifier:+d} = {roll.die + roll.modifier}"
        if roll.success:
            text = f"{roll.winner} win initiative ({shown} ≥ {roll.target})"
        else:
            owner = f"{roll.group}'" if roll.group.endswith("s") else f"{roll.group}'s"
            text = f"{roll.winner} win initiative ({owner} {shown} < {roll.target})"
        parts = []
        for strike in self.strikes:
            if strike.figures == 0:
                parts.append(f"{strike.attacker} have none left to strike back")
            elif strike.large:  # RULES 1.12 large creatures: wounds, then figures
                n = strike.damage_successes
                wounded = (f"{strike.attacker} wound {strike.defender} {n} "
                           f"{noun(n, 'time')}, killing {strike.kills}")
                if strike.hurt:
                    wounded += f" ({strike.hurt} of {strike.large} wounds on one left standing)"
                parts.append(wounded)
            else:
                parts.append(f"{strike.attacker} kill {strike.kills} {strike.defender}")
        return f"{text}; " + ", ".join(parts)


@dataclass(frozen=True)
class TurnResult:
    """Everything one quick-combat turn rolled and what it cost (RULES 1.12)."""

    turn: int
    leadership: LeadershipResult
    pairings: tuple[PairingResult, ...]
    losses: Mapping[str, int]
    remaining: Mapping[str, int]
    state_after: BattleState = field(repr=False, compare=False)

    def to_json(self) -> JsonDict:
        return {"turn": self.turn, "leadership": self.leadership.to_json(),
                "pairings": [p.to_json() for p in self.pairings],
                "losses": dict(self.losses), "remaining": dict(self.remaining)}

    def describe(self) -> str:
        """One plain English line for the turn."""
        parts: list[str] = []
        lead = self.leadership
        battle = self.state_after.battle
        if lead.outcome == "unopposed" and lead.winner is not None:
            parts.append(f"{lead.leader} leads {battle.sides[lead.winner].name} unopposed (+1)")
        elif lead.outcome == "opposed" and lead.winner is not None:
            win, lose = lead.rolls[lead.winner], lead.rolls[1 - lead.winner]
            parts.append(f"{win.leader} {win.total} out-leads {lose.leader} {lose.total} "
                         f"({win.side} +1)")
        elif lead.outcome == "tie":
            first, second = lead.rolls
            parts.append(f"{first.leader} and {second.leader} tie at {first.total} (no bonus)")
        parts.extend(p.describe() for p in self.pairings)
        if not self.pairings:
            parts.append("no fighting")
        return f"Turn {self.turn}: " + "; ".join(parts)


@dataclass(frozen=True)
class BattleResult:
    """A whole quick battle: every turn, the figures left and the winner (RULES 1.12)."""

    battle: Battle
    turns: tuple[TurnResult, ...]
    remaining: Mapping[str, int]
    statuses: tuple[SideStatus, SideStatus]
    winner_side: int | None
    # "stopped": the GM ended a battle played turn by turn before it was over.
    reason: Literal["gone", "broken", "turn limit", "stopped"]

    @property
    def winner(self) -> str:
        """The winning side's name, or ``"draw"``."""
        if self.winner_side is None:
            return "draw"
        return self.battle.sides[self.winner_side].name

    def losses(self) -> dict[str, int]:
        """Figures each group lost over the battle."""
        start = self.battle.start_counts()
        return {name: start[name] - left for name, left in self.remaining.items()}

    def to_json(self) -> JsonDict:
        return {
            "battle": self.battle.name, "winner": self.winner, "winner_side": self.winner_side,
            "reason": self.reason, "turns_fought": len(self.turns),
            "statuses": {side.name: status
                         for side, status in zip(self.battle.sides, self.statuses, strict=True)},
            "start": self.battle.start_counts(), "remaining": dict(self.remaining),
            "losses": self.losses(), "turns": [t.to_json() for t in self.turns],
        }

    def describe(self) -> list[str]:
        """One line per turn, then the outcome."""
        return [*(turn.describe() for turn in self.turns), self.outcome()]

    def outcome(self) -> str:
        """The last line of :meth:`describe`: who won, or why it ended, and the
        figures left of each group."""
        start = self.battle.start_counts()
        left = ", ".join(f"{name} {self.remaining[name]}/{start[name]}" for name in start)
        count = len(self.turns)
        after = f"after {counted(count, 'turn')}"
        sides = self.battle.sides
        if self.reason == "stopped":
            ending = f"Stopped {after}, no side broken yet"
        elif self.reason == "turn limit":
            ending = f"Draw: turn limit reached {after}"
        elif self.winner_side is None:
            ending = f"Draw: both sides {self.statuses[0]}/{self.statuses[1]} {after}"
        else:
            loser = 1 - self.winner_side
            ending = f"{sides[self.winner_side].name} win {after}: {sides[loser].name} " + (
                "are gone" if self.statuses[loser] == "gone" else "break")
        return f"{ending} ({left})"


# ---------------------------------------------------------------------------
# Resolution


def resolve_leadership(battle: Battle, rng: random.Random) -> LeadershipResult:
    """Leadership for one turn (RULES 1.12).

    Qualifying leaders (Battle 25%+) roll Intelligence x Battle% // 100 + 2d10!
    + their side's bonus, side 0 first; the higher wins, a tie gives nobody the
    bonus. A lone qualifying leader wins unopposed without rolling [decision].
    """
    leaders = [side.leader if side.leader is not None and side.leader.qualifies else None
               for side in battle.sides]
    first, second = leaders
    if first is None and second is None:
        return LeadershipResult("no leaders", None)
    if first is None or second is None:
        winner = 0 if first is not None else 1
        leader = first if first is not None else second
        assert leader is not None
        return LeadershipResult("unopposed", winner, leader=leader.name)
    rolls = tuple(
        LeaderRoll(side.name, leader.name, leader.base, roll_2d10x(rng).dice, side.bonus)
        for side, leader in ((battle.sides[0], first), (battle.sides[1], second))
    )
    if rolls[0].total == rolls[1].total:
        return LeadershipResult("tie", None, rolls)
    index = 0 if rolls[0].total > rolls[1].total else 1
    return LeadershipResult("opposed", index, rolls, (first, second)[index].name)


def turn_pairings(state: BattleState) -> list[tuple[str, str]]:
    """The pairings fought this turn, ``(first, second)`` by group name.

    Declared pairings (or, with none declared, the groups in listing order)
    whose groups both stand; then free groups pair in order with the other
    side's free groups; any left over join the fight against the enemy group
    with the most figures [decision, module docstring].
    """
    battle, counts = state.battle, state.counts
    alive = [[g.name for g in side.groups if counts[g.name] > 0] for side in battle.sides]
    pairs = [(p.a, p.b) for p in battle.pairings if counts[p.a] > 0 and counts[p.b] > 0]
    engaged = {name for pair in pairs for name in pair}
    free = [[name for name in names if name not in engaged] for names in alive]
    pairs.extend(zip(free[0], free[1], strict=False))
    matched = min(len(free[0]), len(free[1]))
    for side in (0, 1):
        enemies = alive[1 - side]
        if not enemies:
            continue
        strongest = max(enemies, key=lambda name: counts[name])  # first listed on ties
        pairs.extend((name, strongest) for name in free[side][matched:])
    return pairs


def figure_shares(state: BattleState, pairs: list[tuple[str, str]]) -> list[tuple[int, int]]:
    """Figures each group commits to each pairing [decision, module docstring].

    A group in one pairing commits all its figures; a group in several splits
    them in proportion to the opponents' figures (largest remainder, ties to
    the earlier pairing).
    """
    counts = state.counts
    places: dict[str, list[tuple[int, int]]] = {}
    for index, pair in enumerate(pairs):
        for slot in (0, 1):
            places.setdefault(pair[slot], []).append((index, slot))
    shares = [[0, 0] for _ in pairs]
    for name, spots in places.items():
        total = counts[name]
        weights = [counts[pairs[index][1 - slot]] for index, slot in spots]
        weight_sum = sum(weights)
        if weight_sum == 0:
            continue
        given = [total * w // weight_sum for w in weights]
        order = sorted(range(len(spots)), key=lambda k: (-(total * weights[k] % weight_sum), k))
        for k in order[: total - sum(given)]:
            given[k] += 1
        for (index, slot), amount in zip(spots, given, strict=True):
            shares[index][slot] = amount
    return [(a, b) for a, b in shares]


# A word of the generator whose top four bits are below 10 is a d10 roll (that
# value + 1); randint draws words until one is (random.Random's own method).
_D10_WORDS = 160  # top byte below this: the top four bits are 0-9


def _d10_successes(rng: random.Random, dice: int, need: int) -> int:
    """How many of ``dice`` d10s show ``need`` or more, rolled as ``rng.randint(1, 10)``
    rolls them one by one: the same generator words, read in bulk.

    Only for ``random.Random`` itself (whose randint draws 32-bit words and keeps
    the top four bits, drawing again above 9): each pass draws one word per die
    still to roll, so no word is drawn that the dice one by one would not draw.
    """
    low = 16 * min(max(need - 1, 0), 10)  # top byte of the lowest word that succeeds
    hits = 0
    left = dice
    while left:
        top = rng.getrandbits(32 * left).to_bytes(4 * left, "little")[3::4]
        rolled = left - top.translate(_OVER_NINE).count(1)
        hits += top.translate(_SUCCEEDS[low]).count(1)
        left -= rolled
    return hits


_OVER_NINE = bytes(1 if b >= _D10_WORDS else 0 for b in range(256))
_SUCCEEDS = {low: bytes(1 if low <= b < _D10_WORDS else 0 for b in range(256))
             for low in range(0, 161, 16)}
# Below this many dice, one by one is as quick.
_BULK_FROM = 64


def _successes(rng: random.Random, dice: int, need: int, keep: bool) -> tuple[int, tuple[int, ...]]:
    """Roll ``dice`` d10s, each on its own; count those showing ``need`` or more."""
    if not keep and dice >= _BULK_FROM and type(rng) is random.Random \
            and roll_d10 is _ROLL_D10:
        return _d10_successes(rng, dice, need), ()
    if keep:
        faces = tuple(roll_d10(rng) for _ in range(dice))
        return sum(1 for face in faces if face >= need), faces
    d10 = roll_d10
    hits = 0
    for _ in range(dice):
        if d10(rng) >= need:
            hits += 1
    return hits, ()


def _strike(rng: random.Random, attacker: str, defender: str, figures: int, defenders: int,
            values: QuickValues, bonus: int, keep: bool, large: int = 0,
            hurt: int = 0) -> Strike:
    """RULES 1.12: d10 + bonus ≥ quick attack hits; each hit's d10 ≥ quick damage kills,
    or against a large defender (``large`` wounds a figure, ``hurt`` already on its
    wounded figure) wounds [decision, module docstring]."""
    if figures <= 0:
        return Strike(attacker, defender, 0, values.attack, bonus, 0, values.damage, 0, 0,
                      large=large, hurt=hurt)
    hits, attack_dice = _successes(rng, figures, values.attack - bonus, keep)
    wounds, damage_dice = _successes(rng, hits, values.damage, keep)
    if not large:
        return Strike(attacker, defender, figures, values.attack, bonus, hits, values.damage,
                      wounds, min(wounds, defenders), attack_dice, damage_dice)
    kills, left = divmod(hurt + wounds, large)
    if kills >= defenders:
        kills, left = defenders, 0  # every figure committed is down; the rest is lost
    return Strike(attacker, defender, figures, values.attack, bonus, hits, values.damage,
                  wounds, kills, attack_dice, damage_dice, large, left)


def _fight(rng: random.Random, battle: Battle, pair: tuple[str, str], share: tuple[int, int],
           leadership: LeadershipResult, keep: bool,
           hurt: dict[str, int] | None = None) -> PairingResult:
    """One pairing's turn; ``hurt``: the wounds on each large group's wounded figure,
    updated as its figures are struck (RULES 1.12 large creatures)."""
    hurt = {} if hurt is None else hurt
    a, b = pair
    group_a, group_b = battle.group(a), battle.group(b)
    values = (quick_values(group_a, group_b), quick_values(group_b, group_a))
    if share[0] == 0 or share[1] == 0:
        return PairingResult(a, b, share, values, None, ())
    side_a = battle.side_index(a)
    bonus = (leadership.bonus(side_a), leadership.bonus(1 - side_a))
    # [decision] The group with the higher initiative rolls (group a on a tie), so the
    # result never depends on which group is listed first: the table's values are
    # not symmetric at its ends (1 against 10).
    roller = 0 if group_a.initiative >= group_b.initiative else 1
    modifier = bonus[roller] - bonus[1 - roller]  # [decision] the opponent's +1 is the roller's -1
    die = roll_d10(rng)
    first = roller if die + modifier >= values[roller].initiative else 1 - roller
    names = (a, b)
    initiative = InitiativeRoll(names[roller], die, modifier, values[roller].initiative,
                                names[first])
    second = 1 - first
    groups = (group_a, group_b)

    def strike(by: int, figures: int) -> Strike:
        target = groups[1 - by]
        s = _strike(rng, names[by], names[1 - by], figures, share[1 - by], values[by],
                    bonus[by], keep, target.wounds, hurt.get(target.name, 0))
        if target.large:
            hurt[target.name] = s.hurt
        return s

    opening = strike(first, share[first])
    reply = strike(second, share[second] - opening.kills)
    return PairingResult(a, b, share, values, initiative, (opening, reply))


def resolve_turn(state: BattleState, rng: random.Random, *, keep_dice: bool = False) -> TurnResult:
    """Fight one quick-combat turn (three rounds) from ``state`` (RULES 1.12).

    Leadership first, then each pairing in order: the first group's initiative
    d10, the winner's attack and damage d10s, the survivors' strike back.
    Each pairing fights with the figures committed at the start of the turn
    (:func:`figure_shares`); the turn's losses are summed per group at the
    end. The state is not changed: the result carries ``state_after``.
    ``keep_dice`` keeps every attack
    and damage d10 in the result (large for big groups); by default only the
    counts of successes are kept.
    """
    battle = state.battle
    leadership = resolve_leadership(battle, rng)
    pairs = turn_pairings(state)
    shares = figure_shares(state, pairs)
    hurt = dict(state.wounds)  # RULES 1.12 large creatures: wounds carry over
    results = tuple(_fight(rng, battle, pair, share, leadership, keep_dice, hurt)
                    for pair, share in zip(pairs, shares, strict=True))
    losses = dict.fromkeys(state.counts, 0)
    for result in results:
        for strike in result.strikes:
            losses[strike.defender] += strike.kills
    remaining = {name: max(0, count - losses[name]) for name, count in state.counts.items()}
    after = BattleState(battle, remaining, state.turn + 1,
                        {n: w for n, w in hurt.items() if remaining[n] > 0})
    return TurnResult(state.turn + 1, leadership, results, MappingProxyType(losses),
                      after.counts, after)


def run_battle(battle: Battle, rng: random.Random, *, keep_dice: bool = False,
               on_turn: Callable[[TurnResult], None] | None = None) -> BattleResult:
    """Fight turns until a side is gone or broken, or ``max_turns`` (RULES 1.12).

    ``on_turn`` is told each turn as it ends (progress for a long battle).
    """
    state = BattleState.start(battle)
    turns: list[TurnResult] = []
    while not state.is_over:
        turn = resolve_turn(state, rng, keep_dice=keep_dice)
        turns.append(turn)
        state = turn.state_after
        if on_turn is not None:
            on_turn(turn)
    return battle_result(battle, turns)


def battle_result(battle: Battle, turns: Sequence[TurnResult]) -> BattleResult:
    """The result of the turns fought so far, one after the other from the start
    (a battle played turn by turn); "stopped" when it is not over yet."""
    state = turns[-1].state_after if turns else BattleState.start(battle)
    statuses: tuple[SideStatus, SideStatus] = (state.side_status(0), state.side_status(1))
    reason: Literal["gone", "broken", "turn limit", "stopped"]
    if not state.is_over:
        winner, reason = None, "stopped"
    elif statuses == ("standing", "standing"):
        winner, reason = None, "turn limit"
    else:
        reason = "gone" if "gone" in statuses else "broken"
        if "standing" in statuses:
            winner = statuses.index("standing")
        else:
            winner = None
    return BattleResult(battle, tuple(turns), state.counts, statuses, winner, reason)
