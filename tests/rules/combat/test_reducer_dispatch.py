"""What the reducer's shortcuts rest on (issue 18): events are told apart by their
class, and the events the dying clock skips never start or stop one (RULES 1.6, 2)."""

from __future__ import annotations

import pytest

from tests.rules.combat.test_golden_fights import _rounds
from tests.rules.combat.test_log import fight
from yags_desk.rules.combat import reducer
from yags_desk.rules.combat.events import EndRound, Event, Wound
from yags_desk.rules.editions import Edition


def test_an_event_of_a_class_made_from_another_is_applied_as_that_kind() -> None:
    """The reducer tells events apart by their class, asked once per class: one made
    from a kind of event (as test_log's sentences allow) is still that kind."""

    class SlowEndRound(EndRound):
        pass

    class QuietWound(Wound):
        pass

    made, plain = fight(), fight()
    for log, end, hurt in ((made, SlowEndRound(), QuietWound(id="aldric", levels=2)),
                           (plain, EndRound(), Wound(id="aldric", levels=2))):
        log.push(hurt)
        log.push(end)
    assert made.state.round == plain.state.round == 2
    assert made.state.fighter("aldric").wounds == plain.state.fighter("aldric").wounds == 2


@pytest.mark.parametrize("edition", ["classic", "0.8"])
def test_the_events_the_dying_clock_skips_change_no_clock(edition: Edition) -> None:
    """In long seeded fights with fighters dying, working the clock out after each
    declaration, initiative roll or lost action changes nothing."""
    log = _rounds(edition, 30, 7, 10)
    skipped = dying = 0
    events: list[Event] = list(log.events)
    for i, event in enumerate(events):
        before = log.state_before(i)
        dying += sum(1 for f in before.fighters.values() if f.dying)
        if type(event) not in reducer._NEVER_DYING:
            continue
        after = reducer._apply(before, event)
        assert reducer._dying_clock(before, after) is after, (i, event)
        skipped += 1
    assert skipped > 200 and dying > 0, (skipped, dying)  # the case is really tried
