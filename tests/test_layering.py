"""The rules core and storage never import Qt (DESIGN.md, layout)."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import yags_desk

PKG = Path(yags_desk.__file__).parent


def _modules(sub: str) -> list[str]:
    """Every module of ``yags_desk.<sub>``, subpackages included."""
    return [m.name for m in pkgutil.walk_packages([str(PKG / sub)], f"yags_desk.{sub}.")]


def test_rules_and_storage_have_modules() -> None:
    assert len(_modules("rules")) >= 8
    assert "yags_desk.rules.combat.state" in _modules("rules")
    assert len(_modules("storage")) >= 3


def test_rules_and_storage_import_no_qt() -> None:
    mods = ["yags_desk.rules", "yags_desk.storage", *_modules("rules"), *_modules("storage"),
            "yags_desk.cli"]
    code = (
        "import importlib, json, sys\n"
        f"for m in {mods!r}:\n"
        "    importlib.import_module(m)\n"
        "print(json.dumps(sorted(k for k in sys.modules "
        "if k.split('.')[0] in ('PySide6', 'shiboken6'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout) == []


def test_the_check_itself_sees_qt() -> None:
    # Guard against a check that cannot fail: importing Qt is visible the same way.
    code = ("import json, sys, PySide6.QtCore\n"
            "print(json.dumps(sorted(k for k in sys.modules if k.startswith('PySide6'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert "PySide6.QtCore" in json.loads(out.stdout)
