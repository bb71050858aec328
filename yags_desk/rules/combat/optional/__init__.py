"""What the optional rules of RULES 3 add to one attack, gathered in one place.

Each optional rule that changes an attack's numbers is a *provider*: a function
of the fight's state, the attacker, the defender and the kind of attack that
returns an :class:`OptionalMods` (or raises :class:`RulesError` naming the rule
when the option forbids the attack). Only providers whose option is on in
``state.options`` are asked. Both editions' attack procedures, the exact odds
and the attack dialog read the same result, so a modifier shown is a modifier
applied. Labels name their source, e.g. ``"RULES 3.1 back turned"``.

A provider lives in its own module of this package (``optional/<rule>.py``,
importing its shapes from :mod:`.base`) and is listed in :data:`PROVIDERS`
below (option name → provider). The attack procedures apply the result like this:

- ``attack``, ``damage`` and ``soak`` are added to the attacker's attack, the
  damage and the target's soak;
- ``defence`` is added to the target's defence *against this attack only*:
  to a rolled defence before the 15 floor, to a classic defence already
  standing for the round, and to a passive 15 only when positive (a defence
  never counts less than the 15 of not defending, RULES 1.5 and RULES 2).
"""

from __future__ import annotations

from yags_desk.rules.combat.optional import (
    actions32,
    advantage,
    assist,
    back,
    board,
    harn,
    locations_aim,
    oops,
    reactions,
)
from yags_desk.rules.combat.optional.base import NONE, AttackKind, Mod, OptionalMods, Provider
from yags_desk.rules.combat.state import CombatState

__all__ = ["PROVIDERS", "AttackKind", "Mod", "OptionalMods", "Provider", "optional_mods"]

PLAIN = AttackKind()

# Option name (a key of options.OPTIONAL_RULES) → its provider; one line per
# optional rule that changes an attack's numbers, in the order they apply.
PROVIDERS: dict[str, Provider] = {
    "angry_strike": harn.angry_strike,  # RULES 3.3
    "feint": harn.feint,  # RULES 3.3
    "darkness": harn.darkness,  # RULES 3.3
    "dodging": harn.dodging,  # RULES 3.3 dodging and strike recovery
    "nonlethal": harn.nonlethal,  # RULES 3.3 disarm, sweep, tackle
    board.OPTION: board.board_mods,  # RULES 3.1 reach and out-of-range strikes
    back.OPTION: back.back_mods,  # RULES 3.1 back turned: -10 defence
    assist.OPTION: assist.boost_mods,  # RULES 3.1 assist and hamper bonuses
    reactions.OPTION: reactions.reaction_mods,  # RULES 3.1 counterattacks, long spear
    "advantage": advantage.advantage,  # RULES 3.2
    "flee_charge_defend": actions32.actions32,  # RULES 3.2 flee, charge, defend
    "oops": oops.next_action,  # RULES 3.2 Oops! -2 on the next action
    "aimed_attack": locations_aim.aimed,  # RULES 3.3 aimed attacks
}


def optional_mods(state: CombatState, attacker_id: str, defender_id: str,
                  kind: AttackKind = PLAIN) -> OptionalMods:
    """Everything the optional rules in force add to this attack (RULES 3)."""
    out = NONE
    on = state.options.optional
    if not on:
        return out  # no optional rule in force (the usual fight): nothing to ask
    for option, provider in PROVIDERS.items():
        if option in on:  # state.options.uses(option)
            out = out + provider(state, attacker_id, defender_id, kind)
    return out
