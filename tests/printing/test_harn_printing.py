"""The printed summary after a fight says when the RULES 3.3 darkness level changed."""

from __future__ import annotations

from tests.printing.samples import play, sample_encounter
from tests.printing.test_builders import text_of
from yags_desk.printing import encounter_after
from yags_desk.rules.combat.events import SetDarkness
from yags_desk.rules.options import RulesOptions
from yags_desk.storage.encounter_file import encounter_log


def test_a_darker_night_is_printed_with_its_round() -> None:
    enc = sample_encounter(rounds=1, options=RulesOptions(optional=("darkness",)))
    log = encounter_log(enc)
    log.push(SetDarkness(level="cloudy_new", reason="the moon sets"))
    enc = play(enc.model_copy(update={"events": log.events}), 1)
    text = text_of(encounter_after(enc))
    options = text[text.index("Options in use"):text.index("Combat log")]
    assert ("From round 2: cloudy sky, new moon, -10 to fight (was clear sky, full moon) "
            "(the moon sets).") in options
