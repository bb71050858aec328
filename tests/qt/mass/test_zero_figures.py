"""The battle view refuses a file with a group of no figures at opening, naming
the group and the field as its Figures field does (issue 16, audit item 10)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from tests.cli.test_battle_figures import battle_file
from tests.qt.shell.app_helpers import sample_window


def test_a_battle_file_with_no_figures_is_not_opened(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    shown: list[str] = []
    window = sample_window(qtbot, monkeypatch)
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _p, _t, text, *a, **k: shown.append(text))
    tabs = window.tabs.count()
    assert window.open_battle(battle_file(tmp_path, 0)) is None
    assert shown == ["battle0.json: Side 1: Group 1: Figures: Spearmen needs at least "
                     "1 figure, not 0"]
    assert window.tabs.count() == tabs
