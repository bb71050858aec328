"""Printed counts agree with their number: "1 wound beyond Fatal", "2 wounds beyond Fatal"."""

from __future__ import annotations

import pytest

from tests.rules.builders import v08
from yags_desk.printing.parts import tracks_table


@pytest.mark.parametrize(("wounds", "words"), [(7, "(1 wound beyond Fatal)"),
                                               (8, "(2 wounds beyond Fatal)")])
def test_a_printed_08_sheet_counts_the_wounds_beyond_fatal(wounds: int, words: str) -> None:
    assert words in tracks_table(v08("Brenna", wounds=wounds))
