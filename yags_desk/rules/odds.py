"""Exact odds of YAGS rolls and attacks, by convolution and cumulative sums.

Nothing here samples, except :func:`monte_carlo_attack`, which the tests use to
cross-check the exact numbers with the dice of :mod:`yags_desk.rules.dice`.

Open-ended dice (RULES 1.1) have no highest total. The chain of extra dice
after a 10 is cut where its probability falls below ``CUTOFF`` (1e-12): an
open d10 follows at most 12 tens in a row, the 13th (probability 1e-13) is not
rolled again, and the kept masses are renormalised, so every distribution sums
to 1 within 1e-12 (in practice to rounding). The totals this ignores (above 139
on one base die, above 278 on 2d10!) have probability below 1e-12.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from operator import add
from typing import Any

from yags_desk.rules import odds_table
from yags_desk.rules.dice import roll_2d10x, roll_d20
from yags_desk.rules.editions import EDITIONS, Edition, edition_rules
from yags_desk.rules.errors import RulesError

__all__ = [
    "CUTOFF",
    "PASSIVE_DEFENCE",
    "AttackOdds",
    "attack_odds",
    "clear_caches",
    "d20_distribution",
    "damage_bucket",
    "monte_carlo_attack",
    "open_2d10_distribution",
    "open_2d10_total_distribution",
    "outcome_keys",
]

# An explosion chain is no longer followed once its probability is below this.
CUTOFF = 1e-12
# Passive defence, also the lowest defence and the value of a fumbled defence:
# classic RULES 1.1 and 1.5; 0.8 RULES 2 (reference/yags-0.8/combat.md,
# "Making an attack": passive defence is normally 15).
PASSIVE_DEFENCE = 15
# The highest fumble chance that matters: 2d10 and d20 never show more than 20.
_MAX_FUMBLE = 20
# The highest fumble chance whose fumbles all come from two dice below 10.
_LOW_FUMBLES = 10


@dataclass(frozen=True)
class _Dist:
    """Masses of consecutive integers ``lo``, ``lo + 1``, ...; ``cum`` is cumulative."""

    lo: int
    probs: tuple[float, ...]
    cum: tuple[float, ...]

    @staticmethod
    def of(lo: int, probs: list[float]) -> _Dist:
        """Masses from ``lo`` on, without the zero masses at either end."""
        start = next((i for i, p in enumerate(probs) if p != 0.0), len(probs))
        end = len(probs)
        while end > start and probs[end - 1] == 0.0:
            end -= 1
        if start == end:  # nothing left, e.g. a certain fumble
            return _Dist(lo, (0.0,), (0.0,))
        kept = tuple(probs[start:end])
        # Running sums added left to right, as a loop would, but in C.
        return _Dist(lo + start, kept, tuple(accumulate(kept)))

    @property
    def mass(self) -> float:
        return self.cum[-1]

    def at_most(self, x: int) -> float:
        """P(value <= x)."""
        i = x - self.lo
        if i < 0:
            return 0.0
        if i >= len(self.cum):
            return self.cum[-1]
        return self.cum[i]

    def at_least(self, x: int) -> float:
        """P(value >= x)."""
        return self.mass - self.at_most(x - 1)

    def as_dict(self) -> dict[int, float]:
        return {self.lo + i: p for i, p in enumerate(self.probs) if p > 0.0}


def _clamp_fumble(fumble_chance: int) -> int:
    """Fumble chances below 0 never fumble and above 20 always do: same numbers."""
    return max(0, min(_MAX_FUMBLE, fumble_chance))


# ---------------------------------------------------------------------------
# Distributions


@lru_cache(maxsize=1)
def _open_d10() -> tuple[float, ...]:
    """Masses of one open-ended d10 (RULES 1.1), index = total (index 0 unused).

    Each chain of k tens (probability 10**-k) ends on 1-9 with 10**-(k+1) each;
    chains are followed while 10**-k >= CUTOFF, then renormalised.
    """
    masses = [0.0]
    tens = 0  # 10.0 ** -tens: probability that the chain has reached this point
    while 10.0 ** -tens >= CUTOFF:
        masses.extend([10.0 ** -(tens + 1)] * 9)
        masses.append(0.0)  # a total of 10k is impossible: a 10 explodes
        tens += 1
    kept = 1.0 - 10.0 ** -tens
    return tuple(m / kept for m in masses[:-1])


@lru_cache(maxsize=1)
def _tail_pair() -> tuple[float, ...]:
    """Masses of (10 + open d10) + (10 + open d10), index = total: both base dice 10
    (:func:`tail_pair_masses`). [decision] For the shipped ``CUTOFF`` they are read
    from ``odds_table`` (written by ``packaging/make_odds_table.py``; a test checks
    they are exactly these): working them out was two thirds of the first odds
    query of a session (1.3 of 1.9 ms; issue 18, a cold query within 1 ms)."""
    if CUTOFF == odds_table.CUTOFF:
        return odds_table.TAIL_PAIR
    return tail_pair_masses()


def tail_pair_masses() -> tuple[float, ...]:
    """The masses of :func:`_tail_pair`, worked out.

    Each total sums its products in the order of the first die's total, as a
    plain double loop would (so the masses do not depend on how fast this is);
    a row of products is added in one go, and the nine equal masses of a chain
    of tens share one row (a zero mass adds a zero, which changes nothing).
    """
    tail = _open_d10()
    size = len(tail)
    out = [0.0] * (2 * size + 20)
    rows: dict[float, list[float]] = {}
    for i, p in enumerate(tail):
        if p == 0.0:
            continue
        row = rows.get(p)
        if row is None:
            row = rows[p] = [p * q for q in tail]
        start = 20 + i
        out[start:start + size] = map(add, out[start:start + size], row)
    return tuple(out)


@lru_cache(maxsize=_MAX_FUMBLE + 1)
def _open_2d10(fumble_chance: int) -> tuple[float, _Dist]:
    """(P(fumble), masses of non-fumbled 2d10! totals), RULES 1.1.

    A fumble is decided by the two base dice only: their sum <= fumble chance.
    """
    fumble = 0.0
    for a in range(1, 11):
        for b in range(1, 11):
            if a + b <= fumble_chance:
                fumble += 0.01
    if fumble_chance <= _LOW_FUMBLES:
        # Fumbles here only take away totals of two unexploded dice (2 to 10), which
        # nothing else reaches: the masses of no fumble, without those totals.
        out = list(_open_2d10_masses(0))
        out[:fumble_chance + 1] = [0.0] * (fumble_chance + 1)
    else:
        out = list(_open_2d10_masses(fumble_chance))
    return fumble, _Dist.of(0, out)


@lru_cache(maxsize=_MAX_FUMBLE + 1)
def _open_2d10_masses(fumble_chance: int) -> tuple[float, ...]:
    """Masses of the non-fumbled 2d10! totals, index = total (see :func:`_open_2d10`).

    Masses are added in the order of the base dice (a plain double loop's), so a
    total's mass does not depend on how this is computed; the masses of an
    exploded die are added as one row.
    """
    tail = [0.01 * p for p in _open_d10()]
    pair = [0.01 * p for p in _tail_pair()]
    size = len(tail)
    out = [0.0] * len(pair)
    for a in range(1, 11):
        for b in range(1, 11):
            if a + b <= fumble_chance:
                continue
            if a < 10 and b < 10:
                out[a + b] += 0.01
            elif a == 10 and b == 10:
                out = list(map(add, out, pair))
            else:
                start = 10 + (a if b == 10 else b)  # the die that did not explode
                out[start:start + size] = map(add, out[start:start + size], tail)
    return tuple(out)


@lru_cache(maxsize=_MAX_FUMBLE + 1)
def _d20(fumble_chance: int) -> tuple[float, _Dist]:
    """(P(fumble), masses of non-fumbled d20 rolls), RULES 2."""
    return fumble_chance / 20.0, _Dist.of(1, [0.0 if n <= fumble_chance else 0.05
                                              for n in range(1, 21)])


def _roll(edition: Edition, fumble_chance: int) -> tuple[float, _Dist]:
    if edition == "classic":
        return _open_2d10(_clamp_fumble(fumble_chance))
    return _d20(_clamp_fumble(fumble_chance))


def d20_distribution() -> dict[int, float]:
    """Each face of a d20, 1-20, has probability 0.05 (RULES 2)."""
    return _d20(0)[1].as_dict()


def open_2d10_distribution(fumble_chance: int) -> tuple[float, dict[int, float]]:
    """(P(fumble), totals of the non-fumbled 2d10! rolls), RULES 1.1.

    The masses of the totals sum to 1 - P(fumble).
    """
    fumble, dist = _open_2d10(_clamp_fumble(fumble_chance))
    return fumble, dist.as_dict()


def open_2d10_total_distribution() -> dict[int, float]:
    """Totals of 2d10! regardless of fumbles (damage rolls never fumble, RULES 1.1)."""
    return _open_2d10(0)[1].as_dict()


def clear_caches() -> None:
    """Forget the cached distributions (for benchmarks of a cold start)."""
    for cached in (_open_d10, _tail_pair, _open_2d10_masses, _open_2d10, _d20):
        cached.cache_clear()


# ---------------------------------------------------------------------------
# Attacks


def outcome_keys(edition: Edition, with_damage: bool = True) -> tuple[str, ...]:
    """Keys of :attr:`AttackOdds.outcomes`, in their fixed order."""
    if not with_damage:
        return ("miss", "hit")
    levels = ("1", "2", "3", "4", "5", "6", "7+")
    if edition == "classic":
        return ("miss", "no_damage", "stunned", *levels)
    return ("miss", "no_damage", *levels)


def damage_bucket(edition: Edition, net: int) -> str:
    """The outcome key of a hit whose damage roll minus soak is ``net``.

    Classic (RULES 1.6): below 0 no damage; 0 stunned; 1-5 one body level,
    6-10 two, ... 26-30 six; 31+ is "7+" (beyond fatal).
    0.8 (RULES 2): below 0 no damage; else 1 + net // 5 levels, 7 or more "7+".
    """
    if net < 0:
        return "no_damage"
    if edition == "classic":
        if net == 0:
            return "stunned"
        levels = (net + 4) // 5
    else:
        levels = 1 + net // 5
    return str(levels) if levels <= 6 else "7+"


@dataclass(frozen=True)
class AttackOdds:
    """Exact chances of one attack; ``outcomes`` sum to 1 (see :func:`outcome_keys`)."""

    hit: float
    attack_fumble: float
    outcomes: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "hit": self.hit,
            "attack_fumble": self.attack_fumble,
            "outcomes": dict(self.outcomes),
        }


def _check_int(name: str, value: object, optional: bool) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number, not {value!r}")


def _hit_probability(attack: int, attack_roll: _Dist, defence: int | None,
                     defence_fumble: float, defence_roll: _Dist) -> float:
    """P(attack + roll >= defence) over non-fumbled attack rolls.

    The defence is ``max(15, defence + roll)``, or 15 when fumbled or passive.
    """
    if defence is None:
        return attack_roll.at_least(PASSIVE_DEFENCE - attack)
    hit = 0.0
    first = max(0, PASSIVE_DEFENCE - attack - attack_roll.lo)
    cum = defence_roll.cum
    last = len(cum) - 1
    # P(defence <= x) = P(fumble) + P(defence + roll <= x) for x >= 15, else 0.
    j = attack_roll.lo + first + attack - defence - defence_roll.lo
    for p in attack_roll.probs[first:]:
        if p != 0.0:
            rolled = 0.0 if j < 0 else cum[j] if j <= last else cum[last]
            hit += p * (defence_fumble + rolled)
        j += 1
    return hit


def attack_odds(
    edition: Edition,
    attack: int,
    defence: int | None,
    *,
    damage: int | None = None,
    soak: int | None = None,
    fumble_chance: int | None = None,
    defence_fumble_chance: int | None = None,
) -> AttackOdds:
    """Exact odds of an attack; all values are before dice, ``defence=None`` is passive.

    Classic (RULES 1.1, 1.5, 1.6): attack + 2d10!, a fumble (base dice <= fumble
    chance, default 3) misses; defence + 2d10!, at least 15, a fumbled defence
    counts as 15; passive defence 15; attack >= defence hits; damage + 2d10!
    (never fumbles) - soak gives the body levels of :func:`damage_bucket`.

    0.8 (RULES 2): the same with d20 and natural <= fumble chance (default 1)
    fumbling. reference/yags-0.8/combat.md ("Making an attack") gives passive
    defence 15 and is silent on a lowest active defence: like classic, an
    active defence counts at least 15 [decision]. A fumbled defence is not an
    automatic failure there; failing it down to the base difficulty is one
    fumble result the attacker may choose (combat/combat-melee.yags, "Fumbling
    a defence"). The odds assume that result: a fumbled defence counts as 15,
    as in classic [decision]. Damage + d20 - soak gives 1 + net // 5 levels.
    """
    if edition not in EDITIONS:
        raise RulesError(f"unknown edition {edition!r}: use one of {', '.join(EDITIONS)}")
    _check_int("attack", attack, optional=False)
    for name, value in (("defence", defence), ("damage", damage), ("soak", soak),
                        ("fumble chance", fumble_chance),
                        ("defence fumble chance", defence_fumble_chance)):
        _check_int(name, value, optional=True)
    default_fumble = edition_rules(edition).fumble_chance
    attack_fumble, attack_roll = _roll(
        edition, default_fumble if fumble_chance is None else fumble_chance)
    defence_fumble, defence_roll = _roll(
        edition, default_fumble if defence_fumble_chance is None else defence_fumble_chance)
    hit = _hit_probability(attack, attack_roll, defence, defence_fumble, defence_roll)
    hit = min(1.0, max(0.0, hit))
    if damage is None or soak is None:
        outcomes = {"miss": 1.0 - hit, "hit": hit}
    else:
        outcomes = dict.fromkeys(outcome_keys(edition), 0.0)
        outcomes["miss"] = 1.0 - hit
        damage_roll = _roll(edition, 0)[1]  # damage rolls never fumble
        net = damage - soak + damage_roll.lo
        for p in damage_roll.probs:
            if p != 0.0:
                outcomes[damage_bucket(edition, net)] += hit * p
            net += 1
    return AttackOdds(hit=hit, attack_fumble=attack_fumble, outcomes=outcomes)


def monte_carlo_attack(
    edition: Edition,
    attack: int,
    defence: int | None,
    *,
    damage: int | None = None,
    soak: int | None = None,
    fumble_chance: int | None = None,
    defence_fumble_chance: int | None = None,
    rng: random.Random,
    n: int,
) -> dict[str, float]:
    """Frequencies of ``n`` simulated attacks, rolled with :mod:`yags_desk.rules.dice`.

    Returns the keys of :attr:`AttackOdds.outcomes` plus ``"attack_fumble"``;
    the rules are those of :func:`attack_odds`.
    """
    if n < 1:
        raise RulesError("simulate at least one attack")
    default_fumble = edition_rules(edition).fumble_chance
    fumble = default_fumble if fumble_chance is None else fumble_chance
    defence_fumble = (default_fumble if defence_fumble_chance is None
                      else defence_fumble_chance)
    with_damage = damage is not None and soak is not None
    counts = dict.fromkeys(outcome_keys(edition, with_damage), 0)
    fumbles = 0

    def one_roll(chance: int) -> tuple[int, bool]:
        if edition == "classic":
            open_roll = roll_2d10x(rng)
            return open_roll.total, open_roll.is_fumble(chance)
        natural = roll_d20(rng)
        return natural, natural <= chance

    for _ in range(n):
        attack_total, attack_fumbled = one_roll(fumble)
        if defence is None:
            target = PASSIVE_DEFENCE
        else:
            defence_total, defence_fumbled = one_roll(defence_fumble)
            target = (PASSIVE_DEFENCE if defence_fumbled
                      else max(PASSIVE_DEFENCE, defence + defence_total))
        fumbles += attack_fumbled
        if attack_fumbled or attack + attack_total < target:
            counts["miss"] += 1
        elif damage is None or soak is None:
            counts["hit"] += 1
        else:
            damage_total = one_roll(0)[0]
            counts[damage_bucket(edition, damage + damage_total - soak)] += 1
    result = {key: count / n for key, count in counts.items()}
    result["attack_fumble"] = fumbles / n
    return result
