"""The 2d10! odds are the very numbers of the plain double loops (RULES 1.1).

``yags_desk.rules.odds`` builds its distributions in rows, to answer the first
query fast (issue 18); these tests rebuild them with the straightforward loops
and ask for equal floats, not approximately equal ones, so a faster build can
never move a shown percentage by a rounding.
"""

from __future__ import annotations

import pytest

from yags_desk.rules import odds
from yags_desk.rules.odds import CUTOFF, open_2d10_distribution, open_2d10_total_distribution


def _open_d10() -> list[float]:
    masses = [0.0]
    tens = 0
    while 10.0 ** -tens >= CUTOFF:
        masses.extend([10.0 ** -(tens + 1)] * 9)
        masses.append(0.0)
        tens += 1
    kept = 1.0 - 10.0 ** -tens
    return [m / kept for m in masses[:-1]]


def _reference_2d10(fumble_chance: int) -> tuple[float, list[float]]:
    """(P(fumble), masses by total) added one product at a time."""
    tail = _open_d10()
    pair = [0.0] * (2 * len(tail) + 20)
    for i, p in enumerate(tail):
        for j, q in enumerate(tail):
            if p != 0.0 and q != 0.0:
                pair[20 + i + j] += p * q
    out = [0.0] * len(pair)
    fumble = 0.0
    for a in range(1, 11):
        for b in range(1, 11):
            if a + b <= fumble_chance:
                fumble += 0.01
            elif a < 10 and b < 10:
                out[a + b] += 0.01
            elif a == 10 and b == 10:
                for total, p in enumerate(pair):
                    out[total] += 0.01 * p
            else:
                low = a if b == 10 else b
                for total, p in enumerate(tail):
                    out[10 + low + total] += 0.01 * p
    return fumble, out


@pytest.mark.parametrize("fumble_chance", range(-1, 22))
def test_each_total_of_2d10_is_the_loops_float_exactly(fumble_chance: int) -> None:
    odds.clear_caches()
    fumble, totals = open_2d10_distribution(fumble_chance)
    expected_fumble, masses = _reference_2d10(max(0, min(20, fumble_chance)))
    assert fumble == expected_fumble
    assert totals == {t: p for t, p in enumerate(masses) if p > 0.0}


def test_running_sums_are_added_left_to_right() -> None:
    odds.clear_caches()
    _, masses = _reference_2d10(3)
    first = next(t for t, p in enumerate(masses) if p > 0.0)
    running, cum = 0.0, []
    for p in masses[first:]:
        running += p
        cum.append(running)
    dist = odds._open_2d10(3)[1]
    assert (dist.lo, list(dist.cum)) == (first, cum[:len(dist.cum)])
    assert open_2d10_total_distribution() == {
        t: p for t, p in enumerate(_reference_2d10(0)[1]) if p > 0.0}
