"""The board's compact fit measures heights without placing every card (issue 12
item 14: a board of 1,000 combatants re-laid out on every step); the measured
height must be the one the placement reaches, or cards would overflow or shrink."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QSize

from yags_desk.qt.battle.canvas import BoardCanvas


@settings(max_examples=200, deadline=None)
@given(counts=st.lists(st.integers(0, 400), min_size=1, max_size=6),
       card_w=st.integers(40, 300), card_h=st.integers(20, 120),
       label_w=st.integers(0, 120), gap=st.integers(0, 12), width=st.integers(0, 3000))
def test_measured_height_is_the_placed_height(counts: list[int], card_w: int, card_h: int,
                                              label_w: int, gap: int, width: int) -> None:
    rows = {row: [SimpleNamespace(id=f"{row}-{i}") for i in range(n)]
            for row, n in enumerate(counts)}
    size = QSize(card_w, card_h)
    placed = BoardCanvas._place(None, size, label_w, gap, width, rows)  # type: ignore[arg-type]
    assert BoardCanvas._height(size, label_w, gap, width, counts) == placed[2]
