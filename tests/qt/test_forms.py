"""The Qt Designer forms in ui/ and the modules pyside6-uic makes of them (issue 13
item 2): the committed modules are exactly what the forms give, and every form
has its module and a view that uses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from yags_desk.qt.forms.generate import FORMS_DIR, OUT_DIR, generate

ROOT = Path(__file__).resolve().parents[2]
FORMS = sorted(FORMS_DIR.glob("*.ui"))


def test_the_forms_are_in_the_top_level_ui_folder() -> None:
    assert FORMS_DIR == ROOT / "ui"
    assert FORMS, "no forms in ui/"


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.name)
def test_the_committed_module_is_what_the_form_gives(form: Path) -> None:
    module = OUT_DIR / f"ui_{form.stem}.py"
    assert module.exists(), f"run: python -m yags_desk.qt.forms.generate ({module.name})"
    assert module.read_text(encoding="utf-8") == generate(form), (
        f"{module.name} is out of date: run python -m yags_desk.qt.forms.generate")


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.name)
def test_every_form_is_used_by_a_view(form: Path) -> None:
    users = [p for p in (ROOT / "yags_desk" / "qt").rglob("*.py")
             if f"forms.ui_{form.stem} import" in p.read_text(encoding="utf-8")]
    assert users, f"no view imports yags_desk.qt.forms.ui_{form.stem}"


def test_no_module_without_its_form() -> None:
    stems = {f.stem for f in FORMS}
    orphans = [p.name for p in OUT_DIR.glob("ui_*.py") if p.stem[3:] not in stems]
    assert orphans == []
