"""Options changed during a fight (issue 14): the state's options are the ones in
force, and a :class:`SetOption` event changes them from that point on.

The encounter keeps its starting options; replaying the log re-applies every
change, so undo and replay give the options in force at each event.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import ValidationError

from yags_desk.rules.combat.events import SetOption
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES, RulesOptions

__all__ = ["GM_SETTINGS", "option_label", "option_sentence", "option_value", "set_option"]

# The GM's numbers and switches each edition has (what the New encounter dialog
# shows for it): RULES 1.1 and 1.6 for classic, RULES 2 for 0.8.
GM_SETTINGS: dict[Edition, dict[str, str]] = {
    "classic": {
        "classic_fumble_chance": "Fumble chance (RULES 1.1)",
        "classic_survival_penalties": "Penalties on the Critical, Fatal and dying rolls "
                                      "(RULES 1.6)",
        "minor_npcs_drop_at_critical": "Unimportant NPCs drop at Critical (RULES 1.6)",
        "board_metres_per_row": "Metres per board row (RULES 3.1)",
        "board_rows_per_move": "Rows per move action (RULES 3.1)",
    },
    "0.8": {
        "v08_old_wound_penalties": "Older wound and stun penalties (RULES 2)",
        "board_metres_per_row": "Metres per board row (RULES 3.1)",
    },
}


def option_label(option: str, edition: Edition) -> str:
    return OPTIONAL_RULES.get(option) or GM_SETTINGS[edition].get(option, option)


def option_value(options: RulesOptions, option: str) -> bool | int:
    """The value of ``option`` in ``options`` (a switch is on when listed)."""
    if option in OPTIONAL_RULES:
        return options.uses(option)
    value: bool | int = getattr(options, option)
    return value


def _changed(options: RulesOptions, option: str, value: bool | int) -> RulesOptions:
    if option in OPTIONAL_RULES:
        rest = tuple(name for name in options.optional if name != option)
        return options.model_copy(update={"optional": (*rest, option) if value else rest})
    try:
        return RulesOptions.model_validate({**options.model_dump(), option: value})
    except ValidationError as e:
        problem = e.errors()[0]["msg"]
        raise RulesError(f"value: {option} {value}: {problem}") from None


def set_option(state: CombatState, e: SetOption) -> CombatState:
    """The state with ``e``'s option changed; refuses unknown names, values of the
    wrong kind or out of range, the other edition's settings, and no-op changes."""
    settings = GM_SETTINGS[state.edition]
    if e.option not in OPTIONAL_RULES and e.option not in settings:
        known = ", ".join((*OPTIONAL_RULES, *settings))
        raise RulesError(f"option: unknown option {e.option!r} for a {state.edition} "
                         f"fight; known: {known}")
    switch = isinstance(option_value(state.options, e.option), bool)
    if switch != isinstance(e.value, bool):
        kind = "on or off (true/false)" if switch else "a number"
        raise RulesError(f"value: {option_label(e.option, state.edition)} is {kind}, "
                         f"not {e.value!r}")
    if option_value(state.options, e.option) == e.value:
        raise RulesError(f"value: {option_label(e.option, state.edition)} is already "
                         f"{_value_text(e.value)}")
    options = _changed(state.options, e.option, e.value)
    return replace(state, options=RulesOptions.model_validate(options.model_dump()))


def _value_text(value: bool | int) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def option_sentence(e: SetOption, before: CombatState) -> str:
    """"From round 3: hit locations on (the players asked)"."""
    label = option_label(e.option, before.edition).split(" (RULES")[0]
    label = label[:1].lower() + label[1:]
    was = option_value(before.options, e.option)
    change = (_value_text(e.value) if isinstance(e.value, bool)
              else f"{e.value} (was {was})")
    why = f" ({e.reason})" if e.reason else ""
    return f"From round {before.round}: {label} {change}{why}."
