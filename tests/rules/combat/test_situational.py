"""The GM's situational modifier (issue 12 item 4): refused out of range, recorded
with its reason, added to the attack by both editions' modifier functions."""

from __future__ import annotations

import pytest

from yags_desk.rules.combat.situational import situational, situational_part
from yags_desk.rules.errors import RulesError


def test_situational_labels_and_limits() -> None:
    assert situational(0, "anything") is None
    assert situational(5, "  up  hill ") == ("Situational (GM): up hill", 5)
    assert situational(-3) == ("Situational (GM)", -3)
    with pytest.raises(RulesError, match="situational modifier: between −50 and \\+50"):
        situational(51)
    assert situational_part((("attack: Situational (GM): uphill", 5),)) == (
        "situational +5: uphill")
    assert situational_part((("attack: Long range", -5),)) == ""
