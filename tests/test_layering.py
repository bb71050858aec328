"""The layers of DESIGN.md, held by import-linter's contracts in pyproject.toml
(rules < storage < help < printing < qt < cli; no Qt below qt; views independent; no
room imports the shell). README's test command runs ``lint-imports``; these
tests run it too and prove that each contract fails on a deliberate bad import.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import yags_desk

ROOT = Path(__file__).resolve().parents[1]
PKG = Path(yags_desk.__file__).parent
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(LINT), "--config", str(root / "pyproject.toml"),
                           "--no-cache"], cwd=root, capture_output=True, text=True,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})


def test_the_contracts_hold() -> None:
    run = _lint(ROOT)
    assert run.returncode == 0, run.stdout[-3000:]
    assert "4 kept, 0 broken" in run.stdout


@pytest.mark.parametrize(("module", "bad_import", "contract"), [
    ("rules/dice.py", "import PySide6.QtCore", "never import Qt"),
    ("storage/paths.py", "import yags_desk.printing", "Layers"),
    ("qt/dice/dock.py", "import yags_desk.qt.battle.board", "Views do not import each other"),
    ("qt/battle/log_view.py", "import yags_desk.qt.shell.main_window", "No room imports the shell"),
])
def test_each_contract_fails_on_a_bad_import(tmp_path: Path, module: str, bad_import: str,
                                             contract: str) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copytree(PKG, tmp_path / "yags_desk",
                    ignore=shutil.ignore_patterns("__pycache__", "_resources"))
    target = tmp_path / "yags_desk" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{bad_import}\n", encoding="utf-8")
    run = _lint(tmp_path)
    assert run.returncode != 0
    broken = [line for line in run.stdout.splitlines() if line.rstrip().endswith("BROKEN")]
    assert any(contract in line for line in broken) or contract in run.stdout.split(
        "Broken contracts")[-1], run.stdout[-3000:]


def test_the_command_line_imports_no_qt_until_the_window_or_paper_is_asked_for() -> None:
    # Lazy imports are outside what the contracts see: start-up of `yags-desk sheet`
    # and friends must not pay for Qt.
    code = (
        "import json, sys, yags_desk.cli\n"
        "print(json.dumps(sorted(k for k in sys.modules "
        "if k.split('.')[0] in ('PySide6', 'shiboken6'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout) == []
