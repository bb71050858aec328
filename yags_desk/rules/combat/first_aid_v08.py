"""0.8 first aid during a fight (RULES 2; ``reference/yags-0.8/combat/combat-wounds.yags``,
"First aid"), as a :class:`Check` on the board.

The roll is the healing record's own (:func:`healing.v08_rolls.v08_first_aid`)
on a patient made from the fighter as it stands, so the same die gives the
same total, target and result in a fight and in the healing record: Intelligence
× First aid + the healer's wound and stun penalties + d20 against 10 (wounds)
or 0 (stuns) plus half the patient's penalties, rounded up. On the wounds a
success stabilises them (the dying rolls stop) and a good success heals one;
on the stuns each level of success heals one. Each is tended once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from yags_desk.rules.combat.events import Check, Effect
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.dice import D20Roll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing.clock import GameTime
from yags_desk.rules.healing.patient import HealingStart, V08Patient, start_state
from yags_desk.rules.healing.v08_rolls import v08_first_aid

__all__ = ["STUNS_AIDED", "first_aid_patient", "first_aid_v08"]

# The condition that remembers a successful first aid on the stuns (tended once).
STUNS_AIDED = "stuns_aided"
_AT = GameTime(day=1)  # a fight has no calendar; the roll does not depend on it


def first_aid_patient(state: CombatState, patient_id: str) -> V08Patient:
    """The fighter as the healing record would see it now."""
    f = state.fighter(patient_id)
    p = start_state(HealingStart(
        patient=f.current_character(), at=_AT, tended=f.tended,
        status="awake" if f.can_act else "unconscious",
        old_wound_penalties=state.options.v08_old_wound_penalties))
    assert isinstance(p, V08Patient)
    return replace(p, stuns_aided=True) if f.has(STUNS_AIDED) else p


def first_aid_v08(state: CombatState, healer_id: str, patient_id: str, roll: D20Roll,
                  treats: Literal["wounds", "stuns"] = "wounds") -> Check:
    """The Check event of ``healer_id`` giving first aid to ``patient_id`` (RULES 2)."""
    if state.edition != "0.8":
        raise RulesError("this is the 0.8 first aid; the encounter is classic")
    h, pf = state.fighter(healer_id), state.fighter(patient_id)
    if not h.can_act:
        raise RulesError(f"{h.name} is {h.why_not} and cannot give first aid")
    if pf.dead or pf.removed:
        raise RulesError(f"{pf.name} is {'dead' if pf.dead else 'gone'}; first aid cannot help")
    patient = first_aid_patient(state, patient_id)
    healer = None if h.id == pf.id else h.current_character()
    r = v08_first_aid(patient, _AT, roll.natural, treats, healer=healer)
    effects: list[Effect] = []
    if r.success and treats == "wounds":
        effects.append(Effect(target=pf.id, kind="first_aid"))
    elif r.success:
        effects.append(Effect(target=pf.id, kind="condition", name=STUNS_AIDED))
    if r.healed:
        effects.append(Effect(target=pf.id, kind="heal", name=treats, amount=r.healed))
    what = "wounds" if treats == "wounds" else "stuns"
    if not r.success:
        outcome = f"fails to help {pf.name}'s {what}"
    elif treats == "wounds":
        outcome = (f"stabilises {pf.name}'s wounds"
                   + (" and heals one (good success)" if r.healed else ""))
    else:
        outcome = f"heals {r.healed} of {pf.name}'s stuns"
    return Check(id=h.id, kind="first_aid", against=pf.id, dice=(roll.natural,), total=r.total,
                 target=r.target, fumble_chance=r.fumble_chance, fumble=r.fumble,
                 passed=r.success, outcome=outcome, effects=tuple(effects))
