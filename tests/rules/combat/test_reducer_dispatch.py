"""What the reducer's shortcuts rest on (issue 18): events are told apart by their own
class, and the events the dying clock skips never start or stop one (RULES 1.6, 2)."""

from __future__ import annotations

import pytest

from tests.rules.combat.test_golden_fights import _rounds
from yags_desk.rules.combat import reducer
from yags_desk.rules.combat.events import Event, _Event
from yags_desk.rules.editions import Edition


def test_no_event_class_has_subclasses() -> None:
    """The reducer looks events up by ``type(event)``: a subclass of, say, Attack
    would not be found among the events about the whole fight."""
    kinds = _Event.__subclasses__()
    assert len(kinds) >= 20
    assert all(not kind.__subclasses__() for kind in kinds), [
        (kind.__name__, [s.__name__ for s in kind.__subclasses__()]) for kind in kinds
        if kind.__subclasses__()]
    assert reducer._NEVER_DYING <= set(kinds)
    assert reducer._NOT_ONE_FIGHTER <= set(kinds)


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
