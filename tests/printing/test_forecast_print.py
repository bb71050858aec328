"""The forecast in the printed summary before the fight (issue 17 item 2)."""

from __future__ import annotations

from tests.rules.combat.test_forecast import sample, standoff, start
from yags_desk.printing.encounter import encounter_before
from yags_desk.printing.kinds import build
from yags_desk.rules.combat.forecast import forecast


def test_summary_prints_the_chances_with_their_intervals() -> None:
    encounter = sample("ford-ambush")
    result = forecast(start("ford-ambush"), encounter.name, 30, 2)
    html = build("encounter-before", [encounter], forecast=result)
    assert html == encounter_before(encounter, result)
    assert "<h2>Forecast</h2>" in html and "30 automatic fights" in html
    for side in result.sides:
        low, high = result.win(side).interval
        assert f"{low:.0%}\u2013{high:.0%}" in html
    for _fid, name, _side in result.pcs:
        assert name in html.split("<h2>Forecast</h2>")[1].split("<h2>")[0]
    assert "Forecast" not in build("encounter-before", [encounter])


def test_summary_says_when_no_side_can_end_the_fight() -> None:
    from yags_desk.storage.encounter_file import new_encounter

    result = forecast(standoff().state, "Standoff", 5, 1, round_limit=3)
    html = encounter_before(new_encounter("Standoff", "0.8"), result)
    assert "no side can end this fight" in html
