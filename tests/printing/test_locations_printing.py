"""The printed summary shows RULES 3.2 hit locations: in the log's sentences and,
per fighter, where its wounds were taken."""

from __future__ import annotations

from tests.printing.samples import play, sample_encounter
from tests.printing.test_builders import text_of
from yags_desk.printing import encounter_after
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.encounter_file import encounter_log


def test_hit_locations_are_printed_in_the_log_and_the_outcome() -> None:
    enc = sample_encounter(rounds=3, options=RulesOptions(optional=("hit_locations",)))
    state = encounter_log(enc).state
    hurt = [f for f in state.fighters.values() if f.location_levels]
    assert hurt
    text = text_of(encounter_after(enc))
    assert "Hit location: " in text[text.index("Combat log"):]
    f = hurt[0]
    place, levels = f.location_levels[0]
    assert f"; {place.replace('_', ' ')} {levels}" in text[:text.index("Combat log")]


def test_without_the_option_no_location_is_printed() -> None:
    enc = sample_encounter(rounds=3, options=RulesOptions(optional=()))
    text = text_of(encounter_after(enc))
    assert "Hit location" not in text


def test_an_oops_result_is_printed_in_the_log() -> None:
    enc = sample_encounter(rounds=0, options=RulesOptions(optional=("oops",)))
    # Seeds until an automatic fight fumbles (the Oops! d100 is rolled with it).
    for seed in range(40):
        done = play(enc, 3, seed)
        log = encounter_log(done)
        fumbles = [e for e in log.events if getattr(e, "attack_fumble", False)]
        if fumbles:
            break
    else:  # pragma: no cover
        raise AssertionError("no fumble in 40 seeded fights")
    e = fumbles[0]
    text = text_of(encounter_after(done))
    assert e.oops_roll is not None
    assert f"Oops! (d100 {e.oops_roll}):" in text[text.index("Combat log"):]
