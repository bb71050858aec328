"""Write ``yags_desk/rules/odds_table.py``: the masses the exact odds start from.

Two open-ended d10s that both rolled 10 (RULES 1.1) have a fixed distribution for
the odds' ``CUTOFF``; the first odds query of a session spent most of its time
working it out, so it ships worked out (issue 18). ``tests/rules/test_odds.py``
checks the file holds exactly what ``odds.tail_pair_masses()`` gives.

    python packaging/make_odds_table.py          # write the file
    python packaging/make_odds_table.py --check  # exit 1 if it differs
"""

from __future__ import annotations

import sys
from pathlib import Path

from generated import write_or_check  # packaging/generated.py, beside this script

from yags_desk.rules import odds

TARGET = Path(__file__).resolve().parents[1] / "yags_desk" / "rules" / "odds_table.py"


def table_text() -> str:
    masses = odds.tail_pair_masses()
    rows = "".join(f"    {m!r},\n" for m in masses)
    return (
        '"""The masses of (10 + open d10) + (10 + open d10) for the odds\' CUTOFF, index =\n'
        'total (RULES 1.1), as ``odds.tail_pair_masses()`` works them out. Written by\n'
        '``packaging/make_odds_table.py``; never edited by hand."""\n\n'
        f"CUTOFF = {odds.CUTOFF!r}\n\n"
        f"TAIL_PAIR: tuple[float, ...] = (\n{rows})\n"
    )


if __name__ == "__main__":
    sys.exit(write_or_check({TARGET: table_text()}, sys.argv, "odds table"))
