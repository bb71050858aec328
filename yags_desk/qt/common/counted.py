"""A spin box whose unit agrees with its number: "1 round", "2 rounds"."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from yags_desk.rules.words import noun

__all__ = ["count_suffix"]


def count_suffix(spin: QSpinBox, unit: str) -> None:
    """Show ``unit`` after the number, singular for 1 and plural (an added "s")
    otherwise, following each change of value."""
    def follow(value: int) -> None:
        spin.setSuffix(f" {noun(value, unit)}")

    spin.valueChanged.connect(follow)
    follow(spin.value())
