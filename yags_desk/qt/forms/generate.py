"""Regenerate ``yags_desk/qt/forms/ui_*.py`` from ``ui/*.ui`` with ``pyside6-uic``.

    python -m yags_desk.qt.forms.generate          # write the modules
    python -m yags_desk.qt.forms.generate --check  # exit 1 if any is out of date

Run from a checkout (the forms live in its top-level ``ui/`` folder). The line
naming the compiler's version is left out, so the modules do not change with
the PySide6 that made them.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["FORMS_DIR", "OUT_DIR", "generate", "main"]

OUT_DIR = Path(__file__).resolve().parent
FORMS_DIR = OUT_DIR.parents[2] / "ui"
_VERSION_LINE = "## Created by: Qt User Interface Compiler version"
_SETUP = re.compile(r"^(    def (?:setupUi|retranslateUi)\(self, \w+)\):", re.MULTILINE)


def _uic() -> str:
    beside = Path(sys.executable).with_name("pyside6-uic")
    found = str(beside) if beside.exists() else shutil.which("pyside6-uic")
    if not found:
        raise SystemExit("pyside6-uic not found: install PySide6 (pip install -e .)")
    return found


def generate(form: Path) -> str:
    """The Python module ``pyside6-uic`` makes of ``form``, version line removed."""
    out = subprocess.run([_uic(), "--no-autoconnection", str(form)], capture_output=True,
                         text=True, check=True).stdout
    lines = [line for line in out.splitlines() if not line.startswith(_VERSION_LINE)]
    text = "\n".join(lines).replace(f"'{form}'", f"'{form.name}'") + "\n"
    # Annotated, so that typed views may call them (mypy's no-untyped-call).
    return _SETUP.sub(r"\1) -> None:", text)


def main(argv: list[str] | None = None) -> int:
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    stale: list[str] = []
    for form in sorted(FORMS_DIR.glob("*.ui")):
        target = OUT_DIR / f"ui_{form.stem}.py"
        text = generate(form)
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != text:
            stale.append(target.name)
            if not check:
                target.write_text(text, encoding="utf-8")
    if check and stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
