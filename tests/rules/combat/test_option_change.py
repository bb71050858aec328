"""Options switched during a fight (issue 14 item 2): an event, logged, undone, replayed."""

from __future__ import annotations

import pytest

from tests.rules.combat.test_checks_classic import fight
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.events import EndRound, SetOption, Wound, event_adapter
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.errors import RulesError


def last_sentence(log: CombatLog) -> str:
    n = len(log.events) - 1
    return describe(log.events[n], log.state_before(n), log.state)


def test_switching_minor_npcs_drop_mid_fight_changes_what_critical_does() -> None:
    log = fight(minor=True)
    log.push(EndRound())
    log.push(SetOption(option="minor_npcs_drop_at_critical", value=True,
                       reason="the players asked"))
    assert log.state.options.minor_npcs_drop_at_critical
    assert not log.options.minor_npcs_drop_at_critical  # the starting value stays
    assert last_sentence(log) == ("From round 2: unimportant NPCs drop at Critical on "
                                  "(the players asked).")
    log.push(Wound(id="bandit", levels=5))
    # RULES 1.6 GM option now in force: no roll, the bandit drops.
    assert log.state.pending == () and log.state.fighter("bandit").has("unconscious")
    log.undo()
    log.undo()
    assert not log.state.options.minor_npcs_drop_at_critical
    log.push(Wound(id="bandit", levels=5))
    assert [p.kind for p in log.state.pending] == ["critical"]


def test_fumble_chance_changed_mid_fight_sets_the_next_rolls_chance() -> None:
    log = fight()
    log.push(EndRound())
    log.push(EndRound())
    log.push(SetOption(option="classic_fumble_chance", value=5))
    assert last_sentence(log) == "From round 3: fumble chance 5 (was 3)."
    # RULES 1.7: the fatigue roll at the end of round 3 takes the fumble chance in force.
    assert {p.fumble_chance for p in end_of_round_due(log.state) if p.kind == "fatigue"} == {5}
    log.undo()
    assert {p.fumble_chance for p in end_of_round_due(log.state) if p.kind == "fatigue"} == {3}


def test_optional_rule_switched_on_and_off_and_replayed() -> None:
    log = fight()
    log.push(SetOption(option="hit_locations", value=True))
    log.push(EndRound())
    log.push(SetOption(option="hit_locations", value=False, note="too slow"))
    assert last_sentence(log) == ("From round 2: hit locations off. (too slow)")
    assert not log.state.options.uses("hit_locations")
    assert log.state_before(4).options.uses("hit_locations")
    # Saved and read back as JSON, the events replay to the same states.
    saved = [event_adapter.validate_json(event_adapter.dump_json(e)) for e in log.events]
    again = CombatLog("classic", saved)
    assert [again.state_before(n).options for n in range(len(saved))] == \
        [log.state_before(n).options for n in range(len(saved))]
    assert again.state == log.state


@pytest.mark.parametrize(("option", "value", "message"), [
    ("hit_location", True, "option: unknown option 'hit_location'"),
    ("v08_old_wound_penalties", True, "option: unknown option 'v08_old_wound_penalties' "
                                      "for a classic fight"),
    ("classic_fumble_chance", 21, "value: classic_fumble_chance 21: .*less than or equal "
                                  "to 20"),
    ("classic_fumble_chance", True, "value: Fumble chance .* is a number"),
    ("hit_locations", 1, r"value: Hit locations \(RULES 3.2\) is on or off"),
    ("hit_locations", False, "value: Hit locations .* is already off"),
])
def test_bad_option_changes_are_refused_and_change_nothing(option: str, value: bool | int,
                                                          message: str) -> None:
    log = fight()
    before = log.state
    with pytest.raises(RulesError, match=message):
        log.push(SetOption(option=option, value=value))
    assert log.state is before and len(log.events) == 2
