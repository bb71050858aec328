"""The forecast's part of the before-the-fight summary (issue 17 item 2).

Each side's chance of winning, the rounds a fight lasts and how each player
character ends, each with its 95% interval, and what the runs say besides
(the round limit reached, every side fallen).
"""

from __future__ import annotations

from yags_desk.printing.style import esc, row, table
from yags_desk.rules.combat.forecast import FATES, Chance, Forecast
from yags_desk.rules.words import counted

__all__ = ["forecast_html"]


def _cells(c: Chance) -> list[str]:
    low, high = c.interval
    return [f"{c.chance:.0%}", f"{low:.0%}\u2013{high:.0%}"]


def forecast_html(f: Forecast) -> str:
    mean, low, high = f.expected_rounds()
    num = 'class="num"'
    out = ["<h2>Forecast</h2>",
           f'<p class="sub">{f.runs} automatic fights from the start (seed {f.seed}, at most '
           f"{counted(f.round_limit, 'round')} each); 95% intervals. A fight lasts "
           f"{mean:.1f} rounds "
           f"on average ({low:.1f}\u2013{high:.1f}).</p>"]
    sides = [row([esc(s), *_cells(f.win(s))], attrs=["", num, num]) for s in f.sides]
    out.append(table(sides, ["Side", "Wins", "Interval"], width="50%"))
    if f.pcs:
        header = ["Player character"] + [x for fate in FATES for x in (fate.capitalize(), "")]
        rows = [row([esc(name), *[x for fate in FATES for x in _cells(f.fate(fid, fate))]],
                    attrs=["", *[num] * (2 * len(FATES))])
                for fid, name, _side in f.pcs]
        out.append(table(rows, header))
    out += [f"<p>{esc(m)}</p>" for m in f.messages()]
    return "".join(out)
