"""Every menu action and every dialog, opened for real in a separate process
(issue 12 item 1): no stand-in for ``exec()``, so a crash inside Qt fails here.

File ▸ Print preview once freed its printer while the preview painted on it: a
segmentation fault that took the GM's unsaved work with it, hidden from the
tests because they replaced ``exec()``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every dialog the program has; each must have opened (and closed) for real.
DIALOGS = {
    "QInputDialog",  # New character (edition)
    "NewEncounterDialog",
    "QFileDialog",  # Open, Import, Export, Export PDF
    "PrintOptionsDialog",
    "QPrintDialog",
    "PreviewDialog",
    "ShortcutsDialog",
    "AboutDialog",
    "ItemDialog",
    "AddCombatantsDialog",
    "DeclareDialog",
    "AssistDialog",
    "ReactionDialog",
    "InitiativeDialog",
    "AttackDialog",
    "CheckDialog",
    "FirstAidDialog",
    "OverrideDialog",
    "ConditionDialog",
    "RulesOptionsDialog",  # the board's Rules options… (issue 14)
    "StartingAdvantageDialog",  # the board's Starting advantage… (RULES 3.2)
    "RecoveryDialog",
    "ResultsDialog",  # Board ▸ Apply results to characters
    "ForecastDialog",  # Board ▸ Forecast… (issue 17)
    "AddObjectDialog",  # Board ▸ Add an object… (issue 15, RULES 3.3)
    "HelpWindow",  # Help ▸ Manual, Rules reference (non-modal windows)
    "Tour",  # the start page's 2-minute tour
    "PlayersWindow",  # View ▸ Players' screen (issue 17)
}


def test_every_action_and_dialog_opens_and_closes_without_a_crash(tmp_path: Path) -> None:
    env = dict(os.environ, YAGS_DESK_HOME=str(tmp_path / "home"), QT_QPA_PLATFORM="offscreen")
    run = subprocess.run([sys.executable, "-m", "tests.qt.every_action"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    out = run.stdout
    assert run.returncode == 0, f"exit {run.returncode}\n{out[-3000:]}\n{run.stderr[-3000:]}"
    assert out.rstrip().endswith("done"), out[-2000:]
    assert "Traceback" not in run.stderr, run.stderr[-3000:]
    opened = {line.split(": ")[1] for line in out.splitlines()
              if line.startswith(("dialog: ", "window: "))}
    assert DIALOGS <= opened, f"never opened: {sorted(DIALOGS - opened)}\n{out[-6000:]}"
    actions = [line for line in out.splitlines() if line.startswith("action: ")]
    for context in ("start", "character", "catalogue", "board", "card menu", "library"):
        assert any(line.startswith(f"action: {context}: ") for line in actions), context
    assert "action: character: Print pre&view… (on)" in actions
